package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

//export cute_blocked_product
func cute_blocked_product(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_blocked_product"
	defer guard(fn, &st)
	return binaryOp(fn, a, b, out, cute.BlockedProduct)
}

//export cute_raked_product
func cute_raked_product(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_raked_product"
	defer guard(fn, &st)
	return binaryOp(fn, a, b, out, cute.RakedProduct)
}
