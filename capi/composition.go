package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

//export cute_composition
func cute_composition(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_composition"
	defer guard(fn, &st)
	return binaryOp(fn, a, b, out, cute.Composition)
}

//export cute_composition_tiler
func cute_composition_tiler(a, tiles *C.cute_layout_t, n C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_composition_tiler"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{tiles: tiles, n: n, kind: 'a'}, out, cute.CompositionTiler)
}

//export cute_composition_str
func cute_composition_str(a *C.cute_layout_t, text *C.char, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_composition_str"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{text: text, kind: 's'}, out, cute.CompositionTiler)
}
