package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

//export cute_complement
func cute_complement(l *C.cute_layout_t, cotarget *C.cute_int_tuple_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_complement"
	defer guard(fn, &st)
	if cotarget == nil {
		return unaryOp(fn, l, out, cute.ComplementDefault)
	}
	return withTuple(fn, l, "cotarget", cotarget, out, cute.Complement)
}
