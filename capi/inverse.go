package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

//export cute_right_inverse
func cute_right_inverse(l, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_right_inverse"
	defer guard(fn, &st)
	return unaryOp(fn, l, out, cute.RightInverse)
}

//export cute_left_inverse
func cute_left_inverse(l, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_left_inverse"
	defer guard(fn, &st)
	return unaryOp(fn, l, out, cute.LeftInverse)
}

//export cute_nullspace
func cute_nullspace(l, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_nullspace"
	defer guard(fn, &st)
	return unaryOp(fn, l, out, cute.Nullspace)
}
