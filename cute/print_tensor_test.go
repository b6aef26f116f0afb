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
// gen.sh with CUTLASS's headers). The pointer in the first line is the address of the
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
		header string
		body   []string
	}
	var cases []*tcase
	sc := bufio.NewScanner(strings.NewReader(string(f)))
	for sc.Scan() {
		line := sc.Text()
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
		switch c.typ {
		case "int32":
			err = PrintTensor(&sb, MustTensor(i32, c.off, l))
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
		if gm == nil || gm[1] != m[1] || gm[2] != m[2] {
			t.Errorf("%s %v: header %q, CuTe %q", c.typ, l, got[0], c.header)
		}
		if strings.Join(got[1:], "\n") != strings.Join(c.body, "\n") {
			t.Errorf("%s %v at %d:\n got:\n%s\nCuTe:\n%s", c.typ, l, c.off, strings.Join(got[1:], "\n"), strings.Join(c.body, "\n"))
		}
	}
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
