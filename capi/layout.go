package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/cutego/cutego/cute"
)

func unsafeSlice(p *C.int64_t, n int) []C.int64_t { return unsafe.Slice(p, n) }
func unsafeSliceI8(p *C.int8_t, n int) []C.int8_t { return unsafe.Slice(p, n) }
func boolInt(b bool) C.int32_t {
	if b {
		return 1
	}
	return 0
}

//export cute_make_layout
func cute_make_layout(shape, stride *C.int64_t, leaves C.int32_t, nest *C.int8_t, ntokens C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_make_layout"
	defer guard(fn, &st)
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	var v C.cute_layout_t
	if err := fillNest(fn, shape, stride, leaves, nest, ntokens, &v.shape, &v.stride, &v.leaves, &v.ntokens, &v.nest); err != nil {
		return fail(fn, err)
	}
	if stride == nil {
		// make_layout(shape): the column-major layout of the shape.
		v.stride = v.shape
		l, err := toLayout(fn, "shape", &v)
		if err != nil {
			return fail(fn, err)
		}
		ll, err := cute.MakeLayoutLeft(l.Shape())
		if err != nil {
			return fail(fn, err)
		}
		return result(fn, putLayout(fn, ll, out))
	}
	l, err := toLayout(fn, "the layout", &v)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, putLayout(fn, l, out))
}

func makeMajor(fn string, shape *C.cute_int_tuple_t, out *C.cute_layout_t, right bool) C.cutego_status_t {
	s, err := toIntTuple(fn, "shape", shape)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	var l cute.Layout
	if right {
		l, err = cute.MakeLayoutRight(s)
	} else {
		l, err = cute.MakeLayoutLeft(s)
	}
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, putLayout(fn, l, out))
}

//export cute_make_layout_left
func cute_make_layout_left(shape *C.cute_int_tuple_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_make_layout_left"
	defer guard(fn, &st)
	return makeMajor(fn, shape, out, false)
}

//export cute_make_layout_right
func cute_make_layout_right(shape *C.cute_int_tuple_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_make_layout_right"
	defer guard(fn, &st)
	return makeMajor(fn, shape, out, true)
}

//export cute_layout_parse
func cute_layout_parse(text *C.char, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_layout_parse"
	defer guard(fn, &st)
	return parseExport(fn, text, out, cute.ParseLayout, putLayout)
}

//export cute_layout_format
func cute_layout_format(l *C.cute_layout_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_layout_format"
	defer guard(fn, &st)
	return formatExport(fn, "l", l, toLayout, buf, n, length)
}

//export cute_layout_check
func cute_layout_check(l *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_layout_check"
	defer guard(fn, &st)
	_, err := toLayout(fn, "l", l)
	return result(fn, err)
}

//export cute_layout_equal
func cute_layout_equal(a, b *C.cute_layout_t, out *C.int32_t) (st C.cutego_status_t) {
	const fn = "cute_layout_equal"
	defer guard(fn, &st)
	x, err := toLayout(fn, "a", a)
	if err != nil {
		return fail(fn, err)
	}
	y, err := toLayout(fn, "b", b)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	*out = boolInt(x.Equal(y))
	return C.CUTEGO_OK
}

// layoutQuery is the body of the exports that read one property of a layout.
func layoutQuery[T any](fn string, l *C.cute_layout_t, out *T, f func(cute.Layout) (T, error)) C.cutego_status_t {
	a := newArena()
	st := layoutQueryIn(a, fn, l, out, f)
	a.release()
	return st
}

func layoutQueryIn[T any](a *arena, fn string, l *C.cute_layout_t, out *T, f func(cute.Layout) (T, error)) C.cutego_status_t {
	x, err := toLayoutIn(a, fn, "l", l)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	v, err := f(x)
	if err != nil {
		return fail(fn, err)
	}
	*out = v
	return C.CUTEGO_OK
}

//export cute_size
func cute_size(l *C.cute_layout_t, out *C.int64_t) (st C.cutego_status_t) {
	const fn = "cute_size"
	defer guard(fn, &st)
	return layoutQuery(fn, l, out, func(x cute.Layout) (C.int64_t, error) {
		n, err := cute.Size(x.Shape())
		return C.int64_t(n), err
	})
}

//export cute_cosize
func cute_cosize(l *C.cute_layout_t, out *C.int64_t) (st C.cutego_status_t) {
	const fn = "cute_cosize"
	defer guard(fn, &st)
	return layoutQuery(fn, l, out, func(x cute.Layout) (C.int64_t, error) {
		n, err := x.Cosize()
		return C.int64_t(n), err
	})
}

//export cute_rank
func cute_rank(l *C.cute_layout_t, out *C.int32_t) (st C.cutego_status_t) {
	const fn = "cute_rank"
	defer guard(fn, &st)
	return layoutQuery(fn, l, out, func(x cute.Layout) (C.int32_t, error) { return C.int32_t(x.Rank()), nil })
}

//export cute_depth
func cute_depth(l *C.cute_layout_t, out *C.int32_t) (st C.cutego_status_t) {
	const fn = "cute_depth"
	defer guard(fn, &st)
	return layoutQuery(fn, l, out, func(x cute.Layout) (C.int32_t, error) { return C.int32_t(x.Depth()), nil })
}

//export cute_shape
func cute_shape(l *C.cute_layout_t, out *C.cute_int_tuple_t) (st C.cutego_status_t) {
	const fn = "cute_shape"
	defer guard(fn, &st)
	x, err := toLayout(fn, "l", l)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	return result(fn, putIntTuple(fn, x.Shape(), out))
}

//export cute_stride
func cute_stride(l *C.cute_layout_t, out *C.cute_int_tuple_t) (st C.cutego_status_t) {
	const fn = "cute_stride"
	defer guard(fn, &st)
	x, err := toLayout(fn, "l", l)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	return result(fn, putIntTuple(fn, x.Stride(), out))
}

//export cute_layout_mode
func cute_layout_mode(l *C.cute_layout_t, i C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_layout_mode"
	defer guard(fn, &st)
	x, err := toLayout(fn, "l", l)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	m, err := x.Mode(int(i))
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, putLayout(fn, m, out))
}

//export cute_layout_eval
func cute_layout_eval(l *C.cute_layout_t, i C.int64_t, out *C.int64_t) (st C.cutego_status_t) {
	const fn = "cute_layout_eval"
	defer guard(fn, &st)
	return layoutQuery(fn, l, out, func(x cute.Layout) (C.int64_t, error) {
		v, err := x.Apply(int64(i))
		return C.int64_t(v), err
	})
}

//export cute_crd2idx
func cute_crd2idx(l *C.cute_layout_t, coord *C.cute_int_tuple_t, out *C.int64_t) (st C.cutego_status_t) {
	const fn = "cute_crd2idx"
	defer guard(fn, &st)
	a := newArena()
	c, err := toIntTupleIn(a, fn, "coord", coord)
	if err != nil {
		return fail(fn, err) // a is dropped (the error message is a copy)
	}
	st = layoutQueryIn(a, fn, l, out, func(x cute.Layout) (C.int64_t, error) {
		r, err := cute.Crd2Idx(c, x.Shape(), x.Stride())
		if err != nil {
			return 0, err
		}
		if !r.IsLeaf() || r.IsBasis() {
			return 0, errf(C.CUTEGO_INTERNAL, "%s: crd2idx gave %v, not an integer", fn, r)
		}
		return C.int64_t(r.Value()), nil
	})
	a.release()
	return st
}

//export cute_idx2crd
func cute_idx2crd(l *C.cute_layout_t, idx C.int64_t, out *C.cute_int_tuple_t) (st C.cutego_status_t) {
	const fn = "cute_idx2crd"
	defer guard(fn, &st)
	a := newArena()
	st = idx2crdIn(a, fn, l, idx, out)
	a.release()
	return st
}

func idx2crdIn(a *arena, fn string, l *C.cute_layout_t, idx C.int64_t, out *C.cute_int_tuple_t) C.cutego_status_t {
	x, err := toLayoutIn(a, fn, "l", l)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	c, err := cute.Idx2Crd(int64(idx), x.Shape())
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, putIntTuple(fn, c, out))
}
