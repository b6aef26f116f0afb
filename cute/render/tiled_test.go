package render

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
)

// pictureMMAs are TiledMMAs with non-trivial atom layouts and permutations.
var pictureMMAs = [][3]string{
	{"SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "(_,_,_)"},
	{"SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(2,1,0)", "(32,(8,2,2):(1,16,8),16)"},
	{"SM70_8x8x4_F32F16F16F32_NT", "(2,2):(2,1)", "((4,4,2):(1,8,4),32,4)"},
	{"SM80_16x8x8_F32TF32TF32F32_TN", "(1,4,1):(0,1,0)", "(16,64,8)"},
	{"SM90_64x16x8_F32TF32TF32_SS_TN<>", "(2,1,1):(1,0,0)", "(_,_,_)"},
}

// inverse is the brute-force inverse of a TV layout over a rows×cols tile, computed
// through its composition with the tile's identity layout ((t, v) → (m, n) coordinates,
// not column-major indices): for each cell, every (t, v) reaching it in thread-major order.
func inverse(t *testing.T, tv cute.Layout, rows, cols int64) map[[2]int64][][2]int64 {
	t.Helper()
	id, err := cute.MakeIdentityLayout(cute.Ints(rows, cols))
	if err != nil {
		t.Fatal(err)
	}
	c, err := cute.Composition(id, tv)
	if err != nil {
		t.Fatal(err)
	}
	out := map[[2]int64][][2]int64{}
	nt, nv := modeSize(tv, 0), modeSize(tv, 1)
	for th := int64(0); th < nt; th++ {
		for v := int64(0); v < nv; v++ {
			r, err := c.Call(cute.Ints(th, v))
			if err != nil {
				t.Fatal(err)
			}
			m, n, err := position(r, cute.Ints(rows, cols), rows)
			if err != nil {
				t.Fatal(err)
			}
			out[[2]int64{m, n}] = append(out[[2]int64{m, n}], [2]int64{th, v})
		}
	}
	return out
}

// checkPanel: every cell's (thread, value) is the first pair of the inverse, its readers
// the distinct threads of the inverse, and an empty cell has no pair.
func checkPanel(t *testing.T, what string, p Panel, tv cute.Layout, rows, cols int64, transpose bool) {
	t.Helper()
	inv := inverse(t, tv, rows, cols)
	for m := int64(0); m < p.M; m++ {
		for n := int64(0); n < p.N; n++ {
			r, c := m, n
			if transpose {
				r, c = n, m
			}
			pairs, cell := inv[[2]int64{r, c}], p.At(m, n)
			if len(pairs) == 0 {
				if cell.Thread >= 0 {
					t.Fatalf("%s (%d,%d): T%dV%d, but no (t,v) reaches it", what, m, n, cell.Thread, cell.Value)
				}
				continue
			}
			if cell.Thread != pairs[0][0] || cell.Value != pairs[0][1] {
				t.Fatalf("%s (%d,%d): T%dV%d, the inverse's first is T%dV%d", what, m, n, cell.Thread, cell.Value, pairs[0][0], pairs[0][1])
			}
			var readers []int64
			for _, pr := range pairs {
				if len(readers) == 0 || readers[len(readers)-1] != pr[0] {
					readers = append(readers, pr[0])
				}
			}
			if fmt.Sprint(readers) != fmt.Sprint(cell.Readers) {
				t.Fatalf("%s (%d,%d): readers %v, the inverse's %v", what, m, n, cell.Readers, readers)
			}
		}
	}
}

// marked checks that the framed cells of a panel are those a thread's partition of a
// tile-sized column-major tensor reaches (its values are the cells' column-major indices).
func checkMarked(t *testing.T, what string, p Panel, part cute.Layout, off cute.IntTuple, rows int64, transpose bool) {
	t.Helper()
	want := map[[2]int64]bool{}
	for i := int64(0); i < part.Size(); i++ {
		x, err := part.Call(cute.Int(i))
		if err != nil {
			t.Fatal(err)
		}
		k := x.Value() + off.Value()
		m, n := k%rows, k/rows
		if transpose {
			m, n = n, m
		}
		want[[2]int64{m, n}] = true
	}
	got := 0
	for m := int64(0); m < p.M; m++ {
		for n := int64(0); n < p.N; n++ {
			if p.At(m, n).Marked != want[[2]int64{m, n}] {
				t.Fatalf("%s (%d,%d): marked %v, in the partition %v", what, m, n, p.At(m, n).Marked, want[[2]int64{m, n}])
			}
			if p.At(m, n).Marked {
				got++
			}
		}
	}
	if got == 0 {
		t.Fatalf("%s: nothing marked", what)
	}
}

// TestTiledMMAPicture: the panels of a TiledMMA's picture against the brute-force
// inverse of its TV layouts (first pair and every reader), and the framed cells of a
// thread against its partition_A/B/C of tile-sized tensors.
func TestTiledMMAPicture(t *testing.T) {
	for _, c := range pictureMMAs {
		tm := tiledMMAOf(t, c[0], c[1], c[2])
		M, N, K := tm.TileSizeMNK(0), tm.TileSizeMNK(1), tm.TileSizeMNK(2)
		for _, th := range []int64{0, 5, tm.Size() - 1} {
			pic, err := NewTiledMMAPicture(tm, TiledOptions{Readers: true, Thread: th, HighlightThread: true})
			if err != nil {
				t.Fatal(err)
			}
			s, err := tm.Slice(th)
			if err != nil {
				t.Fatal(err)
			}
			for i, x := range []struct {
				tv   func() (cute.Layout, error)
				part func(cute.Layout) (cute.Layout, cute.IntTuple, error)
				r, c int64
				tr   bool
			}{{tm.LayoutC_TV, s.PartitionC, M, N, false}, {tm.LayoutA_TV, s.PartitionA, M, K, false}, {tm.LayoutB_TV, s.PartitionB, N, K, true}} {
				what := fmt.Sprintf("%v %s thread %d", c, pic.Panels[i].Title, th)
				tv, err := x.tv()
				if err != nil {
					t.Fatal(err)
				}
				checkPanel(t, what, pic.Panels[i], tv, x.r, x.c, x.tr)
				ref, _ := cute.MakeLayoutLeft(cute.Ints(x.r, x.c))
				part, off, err := x.part(ref)
				if err != nil {
					t.Fatal(err)
				}
				checkMarked(t, what, pic.Panels[i], part, off, x.r, x.tr)
			}
		}
	}
}

var latexNode = regexp.MustCompile(`\\node\[fill=[^\]]*\] at \((-?\d+),(-?\d+)\) \{\\shortstack\{T(\d+) \\\\ V(\d+)\}\};`)

// TestTiledPictureMatchesCpp: every labelled cell of C++ CuTe's print_latex
// (../atom/testdata/print_latex.golden) is the cell of the picture at the same place, with
// the same thread and value, and the picture labels no other cell.
func TestTiledPictureMatchesCpp(t *testing.T) {
	n := 0
	for _, c := range latexCases(t) {
		var pic *TiledPicture
		var err error
		if c.mma != nil {
			pic, err = NewTiledMMAPicture(*c.mma, TiledOptions{})
		} else {
			pic, err = NewTiledCopyPicture(*c.copy, TiledOptions{})
		}
		if err != nil {
			t.Fatal(err)
		}
		at := map[[2]int64]TiledCell{}
		for _, p := range pic.Panels {
			for m := int64(0); m < p.M; m++ {
				for k := int64(0); k < p.N; k++ {
					if cell := p.At(m, k); cell.Thread >= 0 {
						at[[2]int64{p.Row + m, p.Col + k}] = cell
					}
				}
			}
		}
		nodes := latexNode.FindAllStringSubmatch(c.want, -1)
		for _, x := range nodes {
			v := make([]int64, 4)
			for i := range v {
				v[i], _ = strconv.ParseInt(x[i+1], 10, 64)
			}
			cell, ok := at[[2]int64{v[0], v[1]}]
			if !ok || cell.Thread != v[2] || cell.Value != v[3] {
				t.Fatalf("%v: C++ labels (%d,%d) T%dV%d; the picture: %+v (present %v)", c.head, v[0], v[1], v[2], v[3], cell, ok)
			}
			n++
		}
		if len(nodes) != len(at) || len(nodes) == 0 {
			t.Errorf("%v: C++ labels %d cells, the picture %d", c.head, len(nodes), len(at))
		}
	}
	if n < 1000 {
		t.Errorf("only %d cells compared", n)
	}
}

// TestTiledCopyPicture: the S and D panels against the brute-force inverse of the TV
// layouts print_latex draws, the framed cells against partition_S / partition_D, and the
// tiler: each TiledLayout_TV cell (m', n') (the tiler's domain) is the S cell at the
// tensor coordinate (tiler_0(m'), tiler_1(n')), for atoms whose source is their reference.
func TestTiledCopyPicture(t *testing.T) {
	mma := tiledMMAOf(t, "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(2,1,0)", "(32,(8,2,2):(1,16,8),16)")
	mk := func(op, vt string, f func(atom.CopyAtom, atom.TiledMMA) (atom.TiledCopy, error)) atom.TiledCopy {
		a, err := atom.MakeCopyAtom(op, vt)
		if err != nil {
			t.Fatal(err)
		}
		tc, err := f(a, mma)
		if err != nil {
			t.Fatal(err)
		}
		return tc
	}
	// a tiler that permutes both modes (make_tiled_copy_impl, as make_cotiled_copy makes)
	ua, err := atom.MakeCopyAtom("UniversalCopy<uint32_t>", "half_t")
	if err != nil {
		t.Fatal(err)
	}
	tiler, err := cute.ParseTiler("((2,8):(8,1),(2,4):(4,1))")
	if err != nil {
		t.Fatal(err)
	}
	permuted, err := atom.MakeTiledCopyImpl(ua, cute.MustParseLayout("((4,8),(2,2)):((32,1),(16,8))"), tiler)
	if err != nil {
		t.Fatal(err)
	}
	copies := []atom.TiledCopy{
		permuted,
		mk("UniversalCopy<uint32_t>", "half_t", atom.MakeTiledCopyB),
		mk("DefaultCopy", "half_t", atom.MakeTiledCopyC),
		mk("SM75_U32x4_LDSM_N", "half_t", atom.MakeTiledCopyA),
	}
	for _, tc := range copies {
		tile, _ := tc.TileShape()
		M, N := tile.At(0).Value(), tile.At(1).Value()
		ref, _ := cute.MakeLayoutLeft(tile)
		th := tc.Size() / 2
		pic, err := NewTiledCopyPicture(tc, TiledOptions{Readers: true, Thread: th, HighlightThread: true, Tiler: true})
		if err != nil {
			t.Fatal(err)
		}
		s, _ := tc.Slice(th)
		for i, f := range []func(cute.Layout) (cute.Layout, error){tc.TidfrgS, tc.TidfrgD} {
			g, err := f(ref)
			if err != nil {
				t.Fatal(err)
			}
			tv, err := cute.Slice(cute.CoordTuple(cute.CoordUnderscore(), cute.CoordUnderscore(), cute.CoordInt(0)), g)
			if err != nil {
				t.Fatal(err)
			}
			what := copyName(tc) + " " + pic.Panels[i].Title
			checkPanel(t, what, pic.Panels[i], tv, M, N, false)
			part, off, err := []func(cute.Layout) (cute.Layout, cute.IntTuple, error){s.PartitionS, s.PartitionD}[i](ref)
			if err != nil {
				t.Fatal(err)
			}
			checkMarked(t, what, pic.Panels[i], part, off, M, false)
		}
		last := pic.Panels[len(pic.Panels)-1]
		checkPanel(t, copyName(tc)+" TiledLayout_TV", last, tc.LayoutTV, M, N, false)
		if tc.Atom.Op == "SM75_U32x4_LDSM_N" { // its source is not its reference
			continue
		}
		strips := pic.Panels[2 : len(pic.Panels)-1]
		if len(strips) != 2 {
			t.Fatalf("%d tiler strips", len(strips))
		}
		moved := 0
		for m := int64(0); m < M; m++ {
			for n := int64(0); n < N; n++ {
				want := last.At(m, n)
				if strips[0].At(0, m).Index != m || strips[1].At(0, n).Index != n {
					moved++
				}
				got := pic.Panels[0].At(strips[0].At(0, m).Index, strips[1].At(0, n).Index)
				if got.Thread != want.Thread || got.Value != want.Value {
					t.Fatalf("%s: tiler domain (%d,%d) T%dV%d, tensor cell T%dV%d", copyName(tc), m, n, want.Thread, want.Value, got.Thread, got.Value)
				}
			}
		}
		if tc.TilerMN.String() == tiler.String() && moved == 0 {
			t.Errorf("%s: the tiler %v moves no cell", copyName(tc), tiler)
		}
	}
}

// TestTiledPictureFormats: the SVG is well-formed XML with one rect per panel cell and the
// PNG decodes to a non-empty image; both agree with String() on what is drawn.
func TestTiledPictureFormats(t *testing.T) {
	tm := tiledMMAOf(t, "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "(_,_,_)")
	pic, err := NewTiledMMAPicture(tm, TiledOptions{Readers: true, Thread: 3, HighlightThread: true})
	if err != nil {
		t.Fatal(err)
	}
	var svg, img bytes.Buffer
	if err := pic.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	d := xml.NewDecoder(bytes.NewReader(svg.Bytes()))
	rects, red := 0, 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("svg: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "rect" {
			rects++
			for _, a := range se.Attr {
				if a.Name.Local == "stroke" && strings.Contains(a.Value, "220") {
					red++
				}
			}
		}
	}
	cells, marked := int64(0), 0
	for _, p := range pic.Panels {
		cells += p.M * p.N
		for _, c := range p.Cells {
			if c.Marked {
				marked++
			}
		}
	}
	if int64(rects) != cells || red != marked || marked != strings.Count(pic.String(), "*") {
		t.Errorf("svg: %d rects (%d red) for %d cells (%d marked)", rects, red, cells, marked)
	}
	if err := pic.WritePNG(&img, PNGOptions{}); err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(&img)
	if err != nil || im.Bounds().Dx() < 100 || im.Bounds().Dy() < 100 {
		t.Fatalf("png: %v %v", err, im)
	}
}

// TestTiledPictureRefusals: a thread outside the TiledMMA, zero values, and pictures past
// the size bound are refused with typed errors.
func TestTiledPictureRefusals(t *testing.T) {
	tm := tiledMMAOf(t, "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "(_,_,_)")
	for _, th := range []int64{-1, 128} {
		_, err := NewTiledMMAPicture(tm, TiledOptions{Thread: th, HighlightThread: true})
		if _, ok := err.(*cute.Error); !ok {
			t.Errorf("thread %d: %v", th, err)
		}
	}
	if _, err := NewTiledMMAPicture(atom.TiledMMA{}, TiledOptions{}); err == nil {
		t.Error("zero TiledMMA drawn")
	}
	if _, err := NewTiledCopyPicture(atom.TiledCopy{}, TiledOptions{}); err == nil {
		t.Error("zero TiledCopy drawn")
	}
	big := tiledMMAOf(t, "SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "(2048,1024,16)")
	if _, err := NewTiledMMAPicture(big, TiledOptions{}); err == nil {
		t.Error("a 2048x1024 picture drawn")
	}
}

// FuzzTiledPicture: TiledMMAs and TiledCopys of any atom layout, permutation, thread and
// options are drawn or refused with an error, never a panic; a drawn picture's cells pass
// the brute-force checks of TestTiledMMAPicture.
func FuzzTiledPicture(f *testing.F) {
	f.Add(uint8(2), uint8(2), uint8(1), uint8(0), int64(3), true, "(_,_,_)")
	f.Add(uint8(1), uint8(4), uint8(1), uint8(1), int64(-1), false, "(16,(8,2,2):(1,16,8),8)")
	f.Add(uint8(4), uint8(1), uint8(2), uint8(2), int64(127), true, "(64,8,_)")
	f.Fuzz(func(t *testing.T, m, n, k, which uint8, thread int64, readers bool, perm string) {
		names := []string{"SM80_16x8x8_F16F16F16F16_TN", "SM70_8x8x4_F32F16F16F32_NT", "SM80_8x8x4_F64F64F64F64_TN"}
		a, err := atom.MakeMMAAtom(names[int(which)%len(names)])
		if err != nil {
			t.Fatal(err)
		}
		s := [3]int64{int64(m%4) + 1, int64(n%4) + 1, int64(k%2) + 1}
		al := cute.MustLayout(cute.Ints(s[0], s[1], s[2]), cute.Ints(1, s[0], s[0]*s[1]))
		p, err := cute.ParseTiler(perm)
		if err != nil {
			return
		}
		tm, err := atom.MakeTiledMMA(a, al, p)
		if err != nil {
			return
		}
		o := TiledOptions{Readers: true, Thread: thread, HighlightThread: thread >= 0}
		pic, err := NewTiledMMAPicture(tm, o)
		if err != nil {
			return
		}
		c, _ := tm.LayoutC_TV()
		checkPanel(t, "C", pic.Panels[0], c, tm.TileSizeMNK(0), tm.TileSizeMNK(1), false)
		ca, err := atom.MakeCopyAtom("UniversalCopy<uint32_t>", "half_t")
		if err != nil {
			t.Fatal(err)
		}
		if tc, err := atom.MakeTiledCopyC(ca, tm); err == nil {
			_, _ = NewTiledCopyPicture(tc, TiledOptions{Readers: readers, Thread: thread, HighlightThread: thread >= 0, Tiler: true})
		}
	})
}
