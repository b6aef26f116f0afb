package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

//export cute_tile_to_shape
func cute_tile_to_shape(a *C.cute_layout_t, shape, order *C.cute_int_tuple_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_tile_to_shape"
	defer guard(fn, &st)
	if order == nil {
		return withTuple(fn, a, "shape", shape, out, cute.TileToShape)
	}
	o, err := toIntTuple(fn, "order", order)
	if err != nil {
		return fail(fn, err)
	}
	return withTuple(fn, a, "shape", shape, out, func(l cute.Layout, s cute.IntTuple) (cute.Layout, error) {
		return cute.TileToShapeOrdered(l, s, o)
	})
}
