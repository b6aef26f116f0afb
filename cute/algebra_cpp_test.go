package cute

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// cppAlgebraCases checks the cases of testdata/algebra_cpp.txt for the given operations
// (each operation's test, beside its file, calls it for its own lines): inputs taken
// from CUTLASS's test/unit/cute/core/*.cpp and CuTe's layout-algebra docs (plus our own
// edge cases), expected values printed by C++ CuTe (CUTLASS 4.2 headers, every integer
// static, compiled with g++; "ERROR" = C++ does not compile the case). Lines marked
// "UNSOUND" are cases where C++ returns a layout that is not the true result: we must
// return an error and the test verifies by brute force that C++'s layout is wrong.
// Lines marked "REFUSED" are cases where C++ returns a layout with a non-positive shape
// (negative strides in left_inverse): we return an error. It returns the number of
// cases checked, and fails when there are none.
func cppAlgebraCases(t *testing.T, ops ...string) int {
	t.Helper()
	n := 0
	for _, c := range readAlgebraCpp(t) {
		for _, op := range ops {
			if c.op == op {
				checkAlgebraCpp(t, c)
				n++
			}
		}
	}
	if n == 0 {
		t.Fatalf("no C++ cases for %v", ops)
	}
	return n
}

type algebraCppCase struct {
	line, op string
	args     []string
	want     string
}

func readAlgebraCpp(t *testing.T) []algebraCppCase {
	t.Helper()
	f, err := os.Open("testdata/algebra_cpp.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []algebraCppCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "|")
		cs = append(cs, algebraCppCase{line: line, op: fs[0], args: fs[1 : len(fs)-1], want: fs[len(fs)-1]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cs
}

func checkAlgebraCpp(t *testing.T, c algebraCppCase) {
	t.Helper()
	line, want := c.line, c.want
	unsound, refused := false, false
	if strings.HasPrefix(want, "UNSOUND ") {
		unsound = true
		want = strings.TrimPrefix(want, "UNSOUND ")
	}
	if strings.HasPrefix(want, "REFUSED ") {
		refused = true
		want = strings.TrimPrefix(want, "REFUSED ")
	}
	got, err := runAlgebraCase(c.op, c.args)
	switch {
	case want == "ERROR":
		if err == nil {
			t.Errorf("%s: C++ refuses, we return %s", line, got)
		} else {
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("%s: error is not *cute.Error: %v", line, err)
			}
		}
	case refused:
		if err == nil {
			t.Errorf("%s: C++ result has a non-positive shape, we must refuse, got %s", line, got)
		}
		if _, perr := ParseLayout(want); perr == nil {
			t.Errorf("%s: C++ result %s is a valid layout, REFUSED is wrong", line, want)
		}
	case unsound:
		if err == nil {
			t.Errorf("%s: C++ result is unsound, we must refuse, got %s", line, got)
		}
		checkCppUnsound(t, c.op, c.args, want)
	case err != nil:
		t.Errorf("%s: unexpected error %v", line, err)
	case got != want:
		t.Errorf("%s: got %s, C++ CuTe %s", line, got, want)
	}
}

// TestAlgebraCppCovered: every operation of testdata/algebra_cpp.txt is checked by the
// test beside its file (cppAlgebraOps lists them; a new operation in the data needs its
// test), and the data holds at least 100 cases.
func TestAlgebraCppCovered(t *testing.T) {
	cs := readAlgebraCpp(t)
	if len(cs) < 100 {
		t.Fatalf("only %d cases read", len(cs))
	}
	for _, c := range cs {
		if !cppAlgebraOps[c.op] {
			t.Errorf("%s: operation %q has no test calling cppAlgebraCases", c.line, c.op)
		}
	}
}

// cppAlgebraOps are the operations whose tests call cppAlgebraCases.
var cppAlgebraOps = map[string]bool{}

// claimCpp registers op as checked by the test of its file (called from the init of the
// per-operation test files).
func claimCpp(ops ...string) bool {
	for _, op := range ops {
		cppAlgebraOps[op] = true
	}
	return true
}

func runAlgebraCase(op string, args []string) (string, error) {
	L := func(i int) Layout {
		l, err := ParseLayout(args[i])
		if err != nil {
			panic(err)
		}
		return l
	}
	T := func(i int) Tiler {
		t, err := ParseTiler(args[i])
		if err != nil {
			panic(err)
		}
		return t
	}
	I := func(i int) IntTuple {
		t, err := ParseIntTuple(args[i])
		if err != nil {
			panic(err)
		}
		return t
	}
	var r Layout
	var err error
	switch op {
	case "coalesce":
		r, err = Coalesce(L(0))
	case "coalesce_profile":
		r, err = CoalesceProfile(L(0), I(1))
	case "filter":
		r, err = Filter(L(0))
	case "filter_zeros":
		r, err = FilterZeros(L(0))
	case "composition":
		r, err = CompositionTiler(L(0), T(1))
	case "complement":
		r, err = Complement(L(0), I(1))
	case "complement_default":
		r, err = ComplementDefault(L(0))
	case "right_inverse":
		r, err = RightInverse(L(0))
	case "left_inverse":
		r, err = LeftInverse(L(0))
	case "logical_divide":
		r, err = LogicalDivide(L(0), T(1))
	case "zipped_divide":
		r, err = ZippedDivide(L(0), T(1))
	case "tiled_divide":
		r, err = TiledDivide(L(0), T(1))
	case "flat_divide":
		r, err = FlatDivide(L(0), T(1))
	case "logical_product":
		r, err = LogicalProduct(L(0), T(1))
	case "zipped_product":
		r, err = ZippedProduct(L(0), T(1))
	case "tiled_product":
		r, err = TiledProduct(L(0), T(1))
	case "flat_product":
		r, err = FlatProduct(L(0), T(1))
	case "blocked_product":
		r, err = BlockedProduct(L(0), L(1))
	case "raked_product":
		r, err = RakedProduct(L(0), L(1))
	case "max_common_vector":
		var n int64
		n, err = MaxCommonVector(L(0), L(1))
		return strconv.FormatInt(n, 10), err
	case "max_common_layout":
		r, err = MaxCommonLayout(L(0), L(1))
	case "nullspace":
		r, err = Nullspace(L(0))
	case "tile_to_shape":
		r, err = TileToShape(L(0), I(1))
	case "tile_to_shape_ordered":
		r, err = TileToShapeOrdered(L(0), I(1), I(2))
	default:
		panic("unknown op " + op)
	}
	if err != nil {
		return "", err
	}
	return r.String(), nil
}

// checkCppUnsound verifies that C++'s answer to a composition, logical_divide or
// logical_product case (layout rhs) is not the true function, by brute force: some
// coordinate where it differs from A(B(c)), A((B, complement(B, shape(coalesce(A)))(c))
// or complement(A, size(A)·cosize(B))(B(c)) respectively.
func checkCppUnsound(t *testing.T, op string, args []string, cpp string) {
	t.Helper()
	a, _ := ParseLayout(args[0])
	b, err := ParseLayout(args[1])
	if err != nil {
		t.Errorf("%s: UNSOUND needs a layout rhs", args[1])
		return
	}
	c, err := ParseLayout(cpp)
	if err != nil {
		t.Errorf("cannot parse C++ result %s", cpp)
		return
	}
	var f func(i int64) int64 // the true function at i
	switch op {
	case "composition":
		f = func(i int64) int64 { return ev(t, a, ev(t, b, i)) }
	case "logical_divide":
		ca, _ := Coalesce(a)
		comp, err := Complement(b, ca.Shape())
		if err != nil {
			t.Errorf("complement: %v", err)
			return
		}
		d := layoutPair(b, comp)
		f = func(i int64) int64 { return ev(t, a, ev(t, d, i)) }
	case "logical_product":
		cb, _ := b.Cosize()
		comp, err := Complement(a, Int(a.Size()*cb))
		if err != nil {
			t.Errorf("complement: %v", err)
			return
		}
		c, _ = c.Mode(1)
		f = func(i int64) int64 { return ev(t, comp, ev(t, b, i)) }
	default:
		t.Errorf("%s: UNSOUND not checked for this operation", op)
		return
	}
	for i := int64(0); i < c.Size(); i++ {
		if ev(t, c, i) != f(i) {
			return
		}
	}
	t.Errorf("%s(%s, %s): C++ result %s is the true function, not unsound", op, args[0], args[1], cpp)
}
