package cute

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestAlgebraAgainstCpp checks every case of testdata/algebra_cpp.txt: inputs taken from
// CUTLASS's test/unit/cute/core/*.cpp and CuTe's layout-algebra docs (plus our own edge
// cases), expected values printed by C++ CuTe (CUTLASS 4.2 headers, every integer
// static, compiled with g++; "ERROR" = C++ does not compile the case). Lines marked
// "UNSOUND" are cases where C++ returns a layout that is not the true result: we must
// return an error and the test verifies by brute force that C++'s layout is wrong.
// Lines marked "REFUSED" are cases where C++ returns a layout with a non-positive shape
// (negative strides in left_inverse): we return an error.
func TestAlgebraAgainstCpp(t *testing.T) {
	f, err := os.Open("testdata/algebra_cpp.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		n++
		fs := strings.Split(line, "|")
		want := fs[len(fs)-1]
		unsound, refused := false, false
		if strings.HasPrefix(want, "UNSOUND ") {
			unsound = true
			want = strings.TrimPrefix(want, "UNSOUND ")
		}
		if strings.HasPrefix(want, "REFUSED ") {
			refused = true
			want = strings.TrimPrefix(want, "REFUSED ")
		}
		got, err := runAlgebraCase(fs[0], fs[1:len(fs)-1])
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
			checkCppUnsound(t, fs[0], fs[1:len(fs)-1], want)
		case err != nil:
			t.Errorf("%s: unexpected error %v", line, err)
		case got != want:
			t.Errorf("%s: got %s, C++ CuTe %s", line, got, want)
		}
	}
	if n < 100 {
		t.Fatalf("only %d cases read", n)
	}
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

// checkCppUnsound verifies that C++'s answer to a composition-based case is not the true
// function: some coordinate c of the rhs has cpp(c) != A(B(c)).
func checkCppUnsound(t *testing.T, op string, args []string, cpp string) {
	t.Helper()
	if op != "composition" {
		t.Errorf("%s: UNSOUND only checked for composition", op)
		return
	}
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
	for i := int64(0); i < b.Size(); i++ {
		bi, _ := b.Eval(i)
		want, _ := a.Eval(bi)
		got, _ := c.Eval(i)
		if want != got {
			return
		}
	}
	t.Errorf("composition(%s, %s): C++ result %s is the true composition, not unsound", args[0], args[1], cpp)
}
