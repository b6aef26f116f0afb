package cute

import (
	"fmt"
	"unsafe"
)

// Tensor is CuTe's Tensor<Engine, Layout>: a layout over an engine. Here the engine is a Go
// slice and an offset into it (CuTe's pointer): element c of the tensor is
// data[offset + L(c)]. A Tensor is a view: slicing, tiling, partitioning and folding make
// new views of the same slice and never copy.
//
// Every view is checked when it is made: offset + L(c) lies inside data for every
// coordinate c of L's domain (a tile that would reach past the data, which CuTe leaves to
// predication, is refused with an *Error). Strides may be negative or zero (a broadcast);
// scaled-basis strides are refused (they address no engine).
//
// The zero Tensor holds no data and is not a valid tensor.
type Tensor[T any] struct {
	data   []T
	offset int64
	layout Layout
}

// MakeTensor is CuTe's make_tensor(ptr, layout) over a slice: data[L(c)].
func MakeTensor[T any](data []T, l Layout) (Tensor[T], error) {
	return MakeTensorOffset(data, 0, l)
}

// MakeTensorOffset is CuTe's make_tensor(ptr + offset, layout): data[offset + L(c)].
func MakeTensorOffset[T any](data []T, offset int64, l Layout) (t Tensor[T], err error) {
	defer catch("make_tensor", &err)
	checkTensor("make_tensor", len(data), offset, l)
	return Tensor[T]{data: data, offset: offset, layout: l}, nil
}

// MustTensor is MakeTensorOffset for values known to be valid (tests, examples); it panics
// on an error.
func MustTensor[T any](data []T, offset int64, l Layout) Tensor[T] {
	t, err := MakeTensorOffset(data, offset, l)
	if err != nil {
		panic(err)
	}
	return t
}

// checkTensor throws unless offset + L(c) ∈ [0, n) for every c in L's domain.
func checkTensor(op string, n int, offset int64, l Layout) {
	if l.IsZero() {
		throw(op, ErrInvalid, "the zero Layout value is not a layout")
	}
	if l.stride.hasBasis() {
		throw(op, ErrInvalid, "layout %v has scaled-basis strides: a tensor over data needs integer strides", l)
	}
	lo, hi := layoutRange(l.shape, l.stride)
	lo, hi = addChecked(offset, lo), addChecked(offset, hi)
	if lo < 0 || hi >= int64(n) {
		throw(op, ErrInvalid, "layout %v at offset %d reaches indices [%d,%d], outside the %d elements of the data", l, offset, lo, hi, n)
	}
}

// layoutRange is the least and the greatest value of the layout over its domain: the sum
// over the leaves of (s-1)·d, split by the sign of d.
func layoutRange(shape, stride IntTuple) (lo, hi int64) {
	if shape.elems == nil {
		x := mulChecked(shape.v-1, stride.v)
		if x < 0 {
			return x, 0
		}
		return 0, x
	}
	for i := range shape.elems {
		a, b := layoutRange(shape.elems[i], stride.elems[i])
		lo, hi = addChecked(lo, a), addChecked(hi, b)
	}
	return lo, hi
}

// Layout is the tensor's layout (CuTe's tensor.layout()).
func (t Tensor[T]) Layout() Layout { return t.layout }

// Shape is CuTe's shape(tensor).
func (t Tensor[T]) Shape() IntTuple { return t.layout.shape }

// Stride is CuTe's stride(tensor).
func (t Tensor[T]) Stride() IntTuple { return t.layout.stride }

// Rank is CuTe's rank(tensor).
func (t Tensor[T]) Rank() int { return t.layout.Rank() }

// Size is CuTe's size(tensor).
func (t Tensor[T]) Size() int64 { return size(t.layout.shape) }

// Data is the engine: the whole slice the tensor views (not only its elements).
func (t Tensor[T]) Data() []T { return t.data }

// Offset is the position in Data of the tensor's origin (CuTe's tensor.data() - base).
func (t Tensor[T]) Offset() int64 { return t.offset }

// IsZero reports whether t is the zero Tensor value.
func (t Tensor[T]) IsZero() bool { return t.layout.IsZero() }

// Index is the position in Data of the element at coordinate c: offset + L(c). The
// coordinate may be an integer (CuTe's 1-D coordinate, split colexicographically), a tuple
// congruent to the shape, or any coarser tuple whose integers index whole modes
// ((3,1) for ((2,2),2)). Every integer must lie in the range of the mode it faces
// (0 ≤ c < size of that mode): a coordinate outside the tensor is an error, never an
// element of its neighbour.
func (t Tensor[T]) Index(c IntTuple) (idx int64, err error) {
	defer catch("tensor", &err)
	if err := t.valid("tensor"); err != nil {
		return 0, err
	}
	return addChecked(t.offset, crd2idxChecked(c, t.layout.shape, t.layout.stride)), nil
}

// valid refuses the zero Tensor value.
func (t Tensor[T]) valid(op string) error {
	if t.layout.IsZero() {
		return errorf(op, ErrInvalid, "the zero Tensor value has no elements")
	}
	return nil
}

// crd2idxChecked is crd2idx with every integer of c checked against the size of the mode
// it faces.
func crd2idxChecked(c, shape, stride IntTuple) int64 {
	if c.elems == nil {
		if c.basis != nil {
			throw("tensor", ErrInvalid, "a coordinate cannot be a scaled basis (%v)", c)
		}
		if n := size(shape); c.v < 0 || c.v >= n {
			throw("tensor", ErrInvalid, "coordinate %d is outside the mode %v (size %d)", c.v, shape, n)
		}
		return crd2idxInt(c.v, shape, stride)
	}
	if shape.elems == nil || len(c.elems) != len(shape.elems) {
		throw("tensor", ErrInvalid, "coordinate %v does not match the shape %v", c, shape)
	}
	r := int64(0)
	for i := range c.elems {
		r = addChecked(r, crd2idxChecked(c.elems[i], shape.elems[i], stride.elems[i]))
	}
	return r
}

// AtCoord is CuTe's tensor(c) for any coordinate form (see Index).
func (t Tensor[T]) AtCoord(c IntTuple) (v T, err error) {
	i, err := t.Index(c)
	if err != nil {
		return v, err
	}
	return t.data[i], nil
}

// SetCoord stores v at coordinate c (CuTe's tensor(c) = v).
func (t Tensor[T]) SetCoord(c IntTuple, v T) error {
	i, err := t.Index(c)
	if err != nil {
		return err
	}
	t.data[i] = v
	return nil
}

// At is CuTe's tensor(c0, c1, ...): one integer per mode, each a 1-D coordinate within its
// mode; a single integer is the 1-D coordinate of the whole tensor.
func (t Tensor[T]) At(c ...int64) (T, error) { return t.AtCoord(coordArgs(c)) }

// Set stores v at tensor(c0, c1, ...) (see At).
func (t Tensor[T]) Set(v T, c ...int64) error { return t.SetCoord(coordArgs(c), v) }

func coordArgs(c []int64) IntTuple {
	if len(c) == 1 {
		return Int(c[0])
	}
	return Ints(c...)
}

// Slice is CuTe's tensor(c) for a coordinate holding `_` (tensor(_,2), tensor(1,_)): the
// view of the modes where c holds `_`, its origin moved to the element c names with every
// `_` taken as 0.
func (t Tensor[T]) Slice(c Coord) (r Tensor[T], err error) {
	defer catch("slice", &err)
	if err := t.valid("slice"); err != nil {
		return r, err
	}
	if err := checkCoordRange(c, t.layout.shape); err != nil {
		return r, err
	}
	l, off, err := SliceAndOffset(c, t.layout)
	if err != nil {
		return r, err
	}
	return t.view("slice", l, off)
}

// checkCoordRange checks the integers of a coordinate holding `_` against their modes.
func checkCoordRange(c Coord, shape IntTuple) error {
	if c.under {
		return nil
	}
	if c.elems == nil {
		if n := size(shape); c.v < 0 || c.v >= n {
			return errorf("slice", ErrInvalid, "coordinate %d is outside the mode %v (size %d)", c.v, shape, n)
		}
		return nil
	}
	if shape.elems == nil || len(c.elems) != len(shape.elems) {
		return errorf("slice", ErrInvalid, "coordinate %v does not match the shape %v", c, shape)
	}
	for i := range c.elems {
		if err := checkCoordRange(c.elems[i], shape.elems[i]); err != nil {
			return err
		}
	}
	return nil
}

// WithLayout is the view of the same engine and origin through another layout (CuTe's
// make_tensor(tensor.data(), layout)); it is checked like MakeTensor.
func (t Tensor[T]) WithLayout(l Layout) (r Tensor[T], err error) {
	defer catch("make_tensor", &err)
	checkTensor("make_tensor", len(t.data), t.offset, l)
	return Tensor[T]{data: t.data, offset: t.offset, layout: l}, nil
}

// view is the tensor with layout l and its origin moved by off (an integer offset).
func (t Tensor[T]) view(op string, l Layout, off IntTuple) (Tensor[T], error) {
	if off.elems != nil || off.basis != nil {
		return Tensor[T]{}, errorf(op, ErrInternal, "offset %v is not an integer", off)
	}
	o := t.offset + off.v
	if err := catchTensor(op, len(t.data), o, l); err != nil {
		return Tensor[T]{}, err
	}
	return Tensor[T]{data: t.data, offset: o, layout: l}, nil
}

func catchTensor(op string, n int, off int64, l Layout) (err error) {
	defer catch(op, &err)
	checkTensor(op, n, off, l)
	return nil
}

// String is CuTe's print(tensor): the engine's pointer (the address of the tensor's origin
// and the element width in bits, as CuTe prints a raw pointer) and the layout,
// `ptr[32b](0xc000012340) o (4,5):(1,4)`.
func (t Tensor[T]) String() string {
	if t.layout.IsZero() || len(t.data) == 0 {
		return "Tensor{}"
	}
	var zero T
	return fmt.Sprintf("ptr[%db](%p) o %v", unsafe.Sizeof(zero)*8, &t.data[t.offset], t.layout)
}
