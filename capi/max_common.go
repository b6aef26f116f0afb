package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

//export cute_max_common_vector
func cute_max_common_vector(a, b *C.cute_layout_t, out *C.int64_t) (st C.cutego_status_t) {
	const fn = "cute_max_common_vector"
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
	v, err := cute.MaxCommonVector(x, y)
	if err != nil {
		return fail(fn, err)
	}
	*out = C.int64_t(v)
	return C.CUTEGO_OK
}

//export cute_max_common_layout
func cute_max_common_layout(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_max_common_layout"
	defer guard(fn, &st)
	return binaryOp(fn, a, b, out, cute.MaxCommonLayout)
}
