package cute

import (
	"bufio"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestPrintTensorMatchesCuTe prints the tensors of testdata/print_tensor/print_tensor.cpp
// and compares with what CuTe's print_tensor printed for them (print_tensor.out, made by
// gen.sh with CUTLASS's headers); the views (local_tile, local_partition, zipped_divide,
// slices of a tensor) must also have CuTe's layout and origin. The pointer in the first line is the address of the
// origin in each program's own memory: it is compared as a pattern.
func TestPrintTensorMatchesCuTe(t *testing.T) {
	f, err := os.ReadFile("testdata/print_tensor/print_tensor.out")
	if err != nil {
		t.Fatal(err)
	}
	i32, i64 := make([]int32, 256), make([]int64, 256)
	f32, f64 := make([]float32, 256), make([]float64, 256)
	for i := range 256 {
		i32[i] = int32((i*37)%101 - 50)
		i64[i] = int64(i)*1000003 - 100000
		f32[i] = float32(i)*0.375 - 7
		f64[i] = float64(i)*-1.0625 + 3
	}
	f32[3], f32[4], f32[5], f32[6] = 1.125, float32(math.Copysign(0, -1)), 1e-30, 3.4e38
	f32[7], f32[8], f32[9] = float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1))
	f32[10], f32[11], f32[12] = 0.125, 9.995, 99999.5
	f64[3], f64[4], f64[5], f64[6] = 2.0625, math.Copysign(0, -1), 1e-300, 1.7e308
	f64[7], f64[8], f64[9], f64[10], f64[11] = math.Copysign(math.NaN(), -1), math.Inf(1), 5e-324, 0.0005, 123456789.0

	ptr := regexp.MustCompile(`^ptr\[(\d+)b\]\(0x[0-9a-f]+\) o (.*):$`)
	type tcase struct {
		typ    string
		off    int64
		view   []string // a view: op, base layout[@offset], arguments
		header string
		body   []string
	}
	var cases []*tcase
	sc := bufio.NewScanner(strings.NewReader(string(f)))
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "== int32 view "); ok {
			what, at, _ := strings.Cut(rest, " at=")
			o, err := strconv.ParseInt(at, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, &tcase{typ: "int32", off: o, view: strings.Fields(what)})
			continue
		}
		if rest, ok := strings.CutPrefix(line, "== "); ok {
			typ, off, _ := strings.Cut(rest, " off=")
			o, err := strconv.ParseInt(off, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, &tcase{typ: typ, off: o})
			continue
		}
		c := cases[len(cases)-1]
		if c.header == "" {
			c.header = line
		} else {
			c.body = append(c.body, line)
		}
	}
	if len(cases) < 15 {
		t.Fatalf("only %d cases in print_tensor.out", len(cases))
	}
	for _, c := range cases {
		m := ptr.FindStringSubmatch(c.header)
		if m == nil {
			t.Fatalf("bad header %q", c.header)
		}
		l, err := ParseLayout(m[2])
		if err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		if c.view != nil {
			v := tensorView(t, i32, c.view)
			if !v.Layout().Equal(l) || v.Offset() != c.off {
				t.Errorf("%v: %v at %d, CuTe %v at %d", c.view, v.Layout(), v.Offset(), l, c.off)
				continue
			}
		}
		switch c.typ {
		case "int32":
			err = PrintTensor(&sb, MustTensor(i32, c.off, l))
			if c.view != nil {
				sb.Reset()
				err = PrintTensor(&sb, tensorView(t, i32, c.view))
			}
		case "int64":
			err = PrintTensor(&sb, MustTensor(i64, c.off, l))
		case "float32":
			err = PrintTensor(&sb, MustTensor(f32, c.off, l))
		case "float64":
			err = PrintTensor(&sb, MustTensor(f64, c.off, l))
		default:
			t.Fatalf("type %s", c.typ)
		}
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
		gm := ptr.FindStringSubmatch(got[0])
		if gm == nil || gm[1] != m[1] || gm[2] != strings.ReplaceAll(m[2], "_", "") {
			t.Errorf("%s %v: header %q, CuTe %q", c.typ, l, got[0], c.header)
		}
		if strings.Join(got[1:], "\n") != strings.Join(c.body, "\n") {
			t.Errorf("%s %v at %d:\n got:\n%s\nCuTe:\n%s", c.typ, l, c.off, strings.Join(got[1:], "\n"), strings.Join(c.body, "\n"))
		}
	}
}

// tensorView applies the view of a "view" case of print_tensor.cpp to a tensor over data.
func tensorView(t *testing.T, data []int32, v []string) Tensor[int32] {
	t.Helper()
	base, off, _ := strings.Cut(v[1], "@")
	o := int64(0)
	if off != "" {
		o, _ = strconv.ParseInt(off, 10, 64)
	}
	x := MustTensor(data, o, mustParse(t, base))
	var r Tensor[int32]
	var err error
	switch v[0] {
	case "local_tile":
		tl, e1 := ParseTiler(v[2])
		c, e2 := ParseCoord(v[3])
		if e1 != nil || e2 != nil {
			t.Fatal(e1, e2)
		}
		r, err = x.LocalTile(tl, c)
	case "local_partition":
		idx, _ := strconv.ParseInt(v[3], 10, 64)
		r, err = x.LocalPartition(mustParse(t, v[2]), idx)
	case "zipped_divide":
		tl, e1 := ParseTiler(v[2])
		if e1 != nil {
			t.Fatal(e1)
		}
		r, err = x.ZippedDivide(tl)
	case "slice":
		c, e1 := ParseCoord(v[2])
		if e1 != nil {
			t.Fatal(e1)
		}
		r, err = x.Slice(c)
	default:
		t.Fatalf("view %v", v)
	}
	if err != nil {
		t.Fatalf("%v: %v", v, err)
	}
	return r
}

func mustParse(t *testing.T, s string) Layout {
	t.Helper()
	l, err := ParseLayout(s)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestPrintTensorBodyAndErrors(t *testing.T) {
	var sb strings.Builder
	tt := MustTensor([]int{1, 2, 3, 4}, 0, MustLayout(Ints(2, 2), Ints(2, 1)))
	if err := PrintTensorBody(&sb, tt); err != nil {
		t.Fatal(err)
	}
	if want := "    1    2\n    3    4\n"; sb.String() != want {
		t.Errorf("got %q want %q", sb.String(), want)
	}
	if err := PrintTensor(&sb, Tensor[int]{}); err == nil {
		t.Error("the zero Tensor printed")
	}
}
