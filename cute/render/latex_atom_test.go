package render

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
)

func tiledMMAOf(t *testing.T, name, lay, perm string) atom.TiledMMA {
	t.Helper()
	a, err := atom.MakeMMAAtom(name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := cute.ParseTiler(perm)
	if err != nil {
		t.Fatal(err)
	}
	m, err := atom.MakeTiledMMA(a, cute.MustParseLayout(lay), p)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// latexCase is a case of ../atom/testdata/print_latex.golden: its header, C++'s
// print_latex output, and the TiledMMA or TiledCopy it draws.
type latexCase struct {
	head []string
	want string
	mma  *atom.TiledMMA
	copy *atom.TiledCopy
}

// latexCases reads ../atom/testdata/print_latex.golden (printed by print_latex.cpp there).
// The copies made from a TiledMMA name it by its case in ../atom/testdata/tiled.out.
func latexCases(t *testing.T) []latexCase {
	t.Helper()
	data, err := os.ReadFile("../atom/testdata/print_latex.golden")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := os.ReadFile("../atom/testdata/tiled.out")
	if err != nil {
		t.Fatal(err)
	}
	mmas := map[string]atom.TiledMMA{}
	for _, line := range strings.Split(string(cases), "\n") {
		if f := strings.Split(line, "\t"); f[0] == "tmma_case" {
			mmas[f[1]] = tiledMMAOf(t, f[2], f[3], f[4])
		}
	}
	var out []latexCase
	for _, c := range strings.Split(string(data), "== ")[1:] {
		nl := strings.IndexByte(c, '\n')
		lc := latexCase{head: strings.Split(c[:nl], "\t"), want: c[nl+1:]}
		head := lc.head
		switch head[0] {
		case "mma":
			m := tiledMMAOf(t, head[1], head[2], head[3])
			lc.mma = &m
		case "copy":
			a, err := atom.MakeCopyAtom(head[2], head[3])
			if err != nil {
				t.Fatal(err)
			}
			var tc atom.TiledCopy
			switch head[1] {
			case "copy":
				tc, err = atom.MakeTiledCopy(a, cute.MustParseLayout(head[4]), cute.MustParseLayout(head[5]))
			case "copy_A":
				tc, err = atom.MakeTiledCopyA(a, mmas[head[4]])
			case "copy_B":
				tc, err = atom.MakeTiledCopyB(a, mmas[head[4]])
			default:
				tc, err = atom.MakeTiledCopyC(a, mmas[head[4]])
			}
			if err != nil {
				t.Fatal(err)
			}
			lc.copy = &tc
		}
		out = append(out, lc)
	}
	return out
}

// TestLatexTiledCpp compares LatexTiledMMA and LatexTiledCopy byte for byte with C++
// CuTe's print_latex(tiled_mma) and print_latex(tiled_copy)
// (../atom/testdata/print_latex.golden, printed by print_latex.cpp there): every line,
// the commented TV layouts with their `_` marks included.
func TestLatexTiledCpp(t *testing.T) {
	var nmma, ncopy int
	for _, c := range latexCases(t) {
		var got bytes.Buffer
		if c.mma != nil {
			nmma++
			if err := LatexTiledMMA(&got, *c.mma); err != nil {
				t.Fatal(err)
			}
		} else {
			ncopy++
			if err := LatexTiledCopy(&got, *c.copy); err != nil {
				t.Fatal(err)
			}
		}
		if got.String() != c.want {
			g, w := strings.Split(got.String(), "\n"), strings.Split(c.want, "\n")
			for i := range w {
				if i >= len(g) || g[i] != w[i] {
					gl := "(missing)"
					if i < len(g) {
						gl = g[i]
					}
					t.Errorf("%v: line %d differs:\n got %s\nwant %s", c.head, i+1, gl, w[i])
					break
				}
			}
		}
	}
	if nmma < 5 || ncopy < 4 {
		t.Errorf("too few cases: %d TiledMMA, %d TiledCopy", nmma, ncopy)
	}
}

// TestLatexTiledRefusals: zero values and pictures past the size bound are refused.
func TestLatexTiledRefusals(t *testing.T) {
	var b bytes.Buffer
	if err := LatexTiledMMA(&b, atom.TiledMMA{}); err == nil {
		t.Error("zero TiledMMA drawn")
	}
	if err := LatexTiledCopy(&b, atom.TiledCopy{}); err == nil {
		t.Error("zero TiledCopy drawn")
	}
	big := tiledMMAOf(t, "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "(2048,1024,16)")
	if err := LatexTiledMMA(&b, big); err == nil {
		t.Error("a 2048x1024 picture drawn")
	}
}
