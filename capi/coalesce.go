package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

//export cute_coalesce
func cute_coalesce(l, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_coalesce"
	defer guard(fn, &st)
	return unaryOp(fn, l, out, cute.Coalesce)
}

//export cute_coalesce_profile
func cute_coalesce_profile(l *C.cute_layout_t, profile *C.cute_int_tuple_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_coalesce_profile"
	defer guard(fn, &st)
	return withTuple(fn, l, "profile", profile, out, cute.CoalesceProfile)
}
