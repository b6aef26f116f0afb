package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

//export cute_filter
func cute_filter(l, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_filter"
	defer guard(fn, &st)
	return unaryOp(fn, l, out, cute.Filter)
}

//export cute_filter_zeros
func cute_filter_zeros(l, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_filter_zeros"
	defer guard(fn, &st)
	return unaryOp(fn, l, out, cute.FilterZeros)
}
