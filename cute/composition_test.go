package cute

import (
	"errors"
	"math"
	"math/rand"
	"testing"
)

func TestCompositionErrors(t *testing.T) {
	for _, c := range []struct {
		a, b string
		kind ErrorKind
	}{
		{"(4,8):(1,10)", "4:6", ErrNotAdmissible},         // stride divisibility (C++ static_assert)
		{"(4,4):(1,10)", "6:1", ErrNotAdmissible},         // shape divisibility (C++ static_assert)
		{"(4,4):(1,10)", "8:3", ErrNotAdmissible},         // C++ returns the wrong (2,4):(3,10)
		{"(2,2):(1,10)", "(2,2):(1,1)", ErrNotAdmissible}, // C++ returns the wrong (2,2):(1,1)
		{"(4,8):(1,4)", "(2,2):(1@0,1)", ErrInvalid},      // mixed basis and integer strides
		{"(4,8):(1,4)", "2:1@2", ErrInvalid},              // basis outside A
	} {
		_, err := Composition(mustL(c.a), mustL(c.b))
		var e *Error
		if !errors.As(err, &e) || e.Kind != c.kind || e.Op != "composition" {
			t.Errorf("composition(%s, %s): got %v, want kind %v", c.a, c.b, err, c.kind)
		}
	}
}

func TestAlgebraOverflow(t *testing.T) {
	big := int64(math.MaxInt64 / 2)
	a := MustLayout(Ints(2, 3), Ints(1, big))
	b := MustLayout(Int(4), Int(big))
	if _, err := Composition(a, b); err == nil {
		t.Errorf("composition of huge strides should overflow or be refused")
	}
	if _, err := Complement(MustLayout(Int(2), Int(big)), Int(math.MaxInt64)); err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("complement: %v", err)
		}
	}
	if _, err := Complement(MustLayout(Ints(4, 4), Ints(1, 4)), Int(math.MaxInt64)); err != nil {
		t.Errorf("complement near MaxInt64: %v", err)
	}
	if _, err := LogicalProduct(MustLayout(Int(big), Int(1)), MustLayout(Int(4), Int(1)).AsTiler()); err == nil {
		t.Errorf("logical_product with an overflowing cotarget should fail")
	}
}

func TestAlgebraInvalidInputs(t *testing.T) {
	var zero Layout
	for name, f := range map[string]func() error{
		"coalesce":       func() error { _, err := Coalesce(zero); return err },
		"composition":    func() error { _, err := Composition(zero, zero); return err },
		"complement":     func() error { _, err := Complement(mustL("4:1"), Int(0)); return err },
		"complement_t":   func() error { _, err := Complement(mustL("4:1"), Tuple()); return err },
		"right_inverse":  func() error { _, err := RightInverse(zero); return err },
		"left_inverse":   func() error { _, err := LeftInverse(mustL("(4,8):(1@0,1@1)")); return err },
		"logical_divide": func() error { _, err := LogicalDivide(mustL("(4,8):(1,4)"), mustT("(2,2,2)")); return err },
		"tile_to_shape":  func() error { _, err := TileToShape(mustL("(2,2):(1,2)"), Ints(6, 3)); return err },
		"tile_rank":      func() error { _, err := TileToShape(mustL("(2,2,2):(1,2,4)"), Ints(8, 8)); return err },
		"zipped_divide":  func() error { _, err := ZippedDivide(mustL("(4,8):(1,4)"), mustT("(_,2)")); return err },
	} {
		err := f()
		var e *Error
		if !errors.As(err, &e) || e.Kind == ErrInternal {
			t.Errorf("%s: want a typed error, got %v", name, err)
		}
	}
}

func TestAlgebraTooManyModes(t *testing.T) {
	n := algMaxFlat + 1
	sh := make([]int64, n)
	st := make([]int64, n)
	for i := range sh {
		sh[i], st[i] = 2, int64(3)<<i
	}
	l := MustLayout(Ints(sh...), Ints(st...))
	for name, f := range map[string]func() error{
		"coalesce":       func() error { _, err := Coalesce(l); return err },
		"composition":    func() error { _, err := Composition(mustL("8:1"), l); return err },
		"complement":     func() error { _, err := Complement(l, Int(8)); return err },
		"logical_divide": func() error { _, err := LogicalDivide(l, mustT("2")); return err },
	} {
		var e *Error
		if err := f(); !errors.As(err, &e) || e.Kind != ErrInvalid {
			t.Errorf("%s of %d modes: want ErrInvalid, got %v", name, n, err)
		}
	}
}

var _ = claimCpp("composition")

// TestCompositionCpp: CuTe's composition(A, B) on the cases C++ CuTe printed
// (testdata/algebra_cpp.txt), refusals where C++'s result is not A∘B included.
func TestCompositionCpp(t *testing.T) { cppAlgebraCases(t, "composition") }

// TestCompositionProperties: R(c) = A(B(c)) on B's domain and R compatible with B
// (checkComposition), on random and on compact right operands.
func TestCompositionProperties(t *testing.T) {
	n, nc := 0, 0
	randomLayouts(17, 3000, func(_ *rand.Rand, _ int, a, b, c, _ Layout) {
		if checkComposition(t, a, b) {
			n++
		}
		if checkComposition(t, a, c) {
			nc++
		}
	})
	if n < 300 || nc < 300 {
		t.Fatalf("too few admissible compositions: %d random, %d compact", n, nc)
	}
}
