package eval

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// C++ spellings of CuTe values: the types whose value-initialisation T{} is a value
// (Int<8>{}, Shape<_8,_4>{}, Layout<Shape<_8,_4>,Stride<_4,_1>>{}, Swizzle<3,4,3>{}),
// the make_layout tags, and element types (recast_layout<uint16_t,uint32_t>).

// types maps a C++ type name to the value of T<targs>{}; targs is nil without '<…>'.
var types = map[string]func(targs []cute.Value) (cute.Value, error){
	"Int":         intType,
	"C":           intType,
	"Shape":       tupleType,
	"Stride":      tupleType,
	"Step":        tupleType,
	"Coord":       tupleType,
	"Tile":        tupleType,
	"tuple":       tupleType,
	"Layout":      layoutType,
	"Swizzle":     swizzleType,
	"Sw":          swizzleType,
	"LayoutLeft":  constType(tagLeft),
	"LayoutRight": constType(tagRight),
	"true":        constType(Bool(true)),
	"false":       constType(Bool(false)),
	"Underscore":  constType(cute.Underscore()),
	"X":           constType(cute.Underscore()),
	"is_static":   isStaticType,
}

// isStaticType is is_static<T>: true, every value of eval being static (docs/EVAL.md).
func isStaticType(targs []cute.Value) (cute.Value, error) {
	if len(targs) != 1 {
		return nil, fmt.Errorf("takes one template argument, got %d", len(targs))
	}
	return Bool(true), nil
}

func init() {
	for name, bits := range elementBits {
		types[name] = constType(Elem{Name: name, Bits: bits})
	}
}

func constType(v cute.Value) func([]cute.Value) (cute.Value, error) {
	return func(targs []cute.Value) (cute.Value, error) {
		if targs != nil {
			return nil, fmt.Errorf("takes no template arguments")
		}
		return v, nil
	}
}

// intType is Int<N> (C<N>): N.
func intType(targs []cute.Value) (cute.Value, error) {
	if len(targs) != 1 {
		return nil, fmt.Errorf("takes one template argument, got %d", len(targs))
	}
	if _, ok := asInt(targs[0]); !ok {
		return nil, fmt.Errorf("expected an integer, got %s", describe(targs[0]))
	}
	return targs[0], nil
}

// tupleType is Shape<…>, Stride<…>, Step<…>, Coord<…>, Tile<…>: the tuple of its
// arguments (CuTe's make_shape and friends).
func tupleType(targs []cute.Value) (cute.Value, error) {
	if targs == nil {
		return nil, fmt.Errorf("needs template arguments")
	}
	return tupleOf(targs)
}

// layoutType is Layout<Shape> (column-major) or Layout<Shape, Stride>.
func layoutType(targs []cute.Value) (cute.Value, error) {
	switch len(targs) {
	case 1, 2:
	default:
		return nil, fmt.Errorf("takes a shape and an optional stride, got %d template arguments", len(targs))
	}
	sh, ok := asIntTuple(targs[0])
	if !ok {
		return nil, fmt.Errorf("expected a shape, got %s", describe(targs[0]))
	}
	if len(targs) == 1 {
		return cute.MakeLayoutLeft(sh)
	}
	sd, ok := asIntTuple(targs[1])
	if !ok {
		return nil, fmt.Errorf("expected a stride, got %s", describe(targs[1]))
	}
	return cute.MakeLayout(sh, sd)
}

// swizzleType is Swizzle<B,M,S> (printed Sw<B,M,S>).
func swizzleType(targs []cute.Value) (cute.Value, error) {
	if len(targs) != 3 {
		return nil, fmt.Errorf("takes three template arguments B,M,S, got %d", len(targs))
	}
	var v [3]int
	for i, a := range targs {
		x, ok := asInt(a)
		if !ok || x < -64 || x > 64 {
			return nil, fmt.Errorf("template argument %d: expected a small integer, got %s", i+1, describe(a))
		}
		v[i] = int(x)
	}
	return cute.MakeSwizzle(v[0], v[1], v[2])
}

// Elem is a C++ element type given to recast_layout<Old,New> (and upcast/downcast by
// size): its width in bits, sizeof_bits_v<T> (testdata/cpp/elements.cpp checks the
// table against CUTLASS).
type Elem struct {
	cute.ValueMarker
	Name string
	Bits int64
}

func (e Elem) String() string { return e.Name }

// elementBits is cute::sizeof_bits_v of the element types CuTe code names.
var elementBits = map[string]int64{
	"bool": 1, "char": 8, "short": 16, "int": 32, "long": 64, "float": 32, "double": 64,
	"int8_t": 8, "uint8_t": 8, "int16_t": 16, "uint16_t": 16, "int32_t": 32, "uint32_t": 32,
	"int64_t": 64, "uint64_t": 64, "uint128_t": 128,
	"half_t": 16, "bfloat16_t": 16, "tfloat32_t": 32,
	"float_e4m3_t": 8, "float_e5m2_t": 8, "float_ue8m0_t": 8, "float_ue4m3_t": 8,
	"float_e2m3_t": 6, "float_e3m2_t": 6, "float_e2m1_t": 4,
	"int2b_t": 2, "uint2b_t": 2, "int4b_t": 4, "uint4b_t": 4, "uint1b_t": 1, "bin1_t": 1,
}
