package main

/*
#include "capi.h"
*/
import "C"

import (
	"math"

	"github.com/cutego/cutego/cute"
)

func toComposed(fn, arg string, p *C.cute_composed_layout_t) (cute.ComposedLayout, error) {
	if p == nil {
		return cute.ComposedLayout{}, errNull(fn, arg)
	}
	sw, err := toSwizzle(fn, arg+".swizzle", &p.swizzle)
	if err != nil {
		return cute.ComposedLayout{}, err
	}
	l, err := toLayout(fn, arg+".layout", &p.layout)
	if err != nil {
		return cute.ComposedLayout{}, err
	}
	return cute.MakeComposedLayout(sw, int64(p.offset), l), nil
}

func putComposed(fn string, c cute.ComposedLayout, out *C.cute_composed_layout_t) error {
	var v C.cute_composed_layout_t
	if err := putLayout(fn, c.Inner, &v.layout); err != nil {
		return err
	}
	v.swizzle = cSwizzle(c.Outer)
	v.offset = C.int64_t(c.Offset)
	*out = v
	return nil
}

//export cute_make_composed_layout
func cute_make_composed_layout(sw *C.cute_swizzle_t, offset C.int64_t, layout *C.cute_layout_t, out *C.cute_composed_layout_t) (st C.cutego_status_t) {
	const fn = "cute_make_composed_layout"
	defer guard(fn, &st)
	s, err := toSwizzle(fn, "sw", sw)
	if err != nil {
		return fail(fn, err)
	}
	l, err := toLayout(fn, "layout", layout)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	return result(fn, putComposed(fn, cute.MakeComposedLayout(s, int64(offset), l), out))
}

//export cute_composed_layout_parse
func cute_composed_layout_parse(text *C.char, out *C.cute_composed_layout_t) (st C.cutego_status_t) {
	const fn = "cute_composed_layout_parse"
	defer guard(fn, &st)
	return parseExport(fn, text, out, cute.ParseComposedLayout, putComposed)
}

//export cute_composed_layout_format
func cute_composed_layout_format(c *C.cute_composed_layout_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_composed_layout_format"
	defer guard(fn, &st)
	return formatExport(fn, "c", c, toComposed, buf, n, length)
}

//export cute_composed_layout_eval
func cute_composed_layout_eval(c *C.cute_composed_layout_t, i C.int64_t, out *C.int64_t) (st C.cutego_status_t) {
	const fn = "cute_composed_layout_eval"
	defer guard(fn, &st)
	x, err := toComposed(fn, "c", c)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	v, err := x.Apply(int64(i))
	if err != nil {
		return fail(fn, err)
	}
	*out = C.int64_t(v)
	return C.CUTEGO_OK
}

//export cute_composed_layout_crd2idx
func cute_composed_layout_crd2idx(c *C.cute_composed_layout_t, coord *C.cute_int_tuple_t, out *C.int64_t) (st C.cutego_status_t) {
	const fn = "cute_composed_layout_crd2idx"
	defer guard(fn, &st)
	x, err := toComposed(fn, "c", c)
	if err != nil {
		return fail(fn, err)
	}
	crd, err := toIntTuple(fn, "coord", coord)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	r, err := cute.Crd2Idx(crd, x.Inner.Shape(), x.Inner.Stride())
	if err != nil {
		return fail(fn, err)
	}
	v := r.Value()
	if (x.Offset > 0 && v > math.MaxInt64-x.Offset) || (x.Offset < 0 && v < math.MinInt64-x.Offset) {
		return fail(fn, errf(C.CUTEGO_OVERFLOW, "%s: %d + %d overflows int64", fn, x.Offset, v))
	}
	*out = C.int64_t(x.Outer.Apply(x.Offset + v))
	return C.CUTEGO_OK
}
