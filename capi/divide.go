package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

//export cute_logical_divide
func cute_logical_divide(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_logical_divide"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{b: b, kind: 'l'}, out, cute.LogicalDivide)
}

//export cute_logical_divide_tiler
func cute_logical_divide_tiler(a, tiles *C.cute_layout_t, n C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_logical_divide_tiler"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{tiles: tiles, n: n, kind: 'a'}, out, cute.LogicalDivide)
}

//export cute_logical_divide_str
func cute_logical_divide_str(a *C.cute_layout_t, text *C.char, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_logical_divide_str"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{text: text, kind: 's'}, out, cute.LogicalDivide)
}

//export cute_zipped_divide
func cute_zipped_divide(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_zipped_divide"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{b: b, kind: 'l'}, out, cute.ZippedDivide)
}

//export cute_zipped_divide_tiler
func cute_zipped_divide_tiler(a, tiles *C.cute_layout_t, n C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_zipped_divide_tiler"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{tiles: tiles, n: n, kind: 'a'}, out, cute.ZippedDivide)
}

//export cute_zipped_divide_str
func cute_zipped_divide_str(a *C.cute_layout_t, text *C.char, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_zipped_divide_str"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{text: text, kind: 's'}, out, cute.ZippedDivide)
}

//export cute_tiled_divide
func cute_tiled_divide(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_tiled_divide"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{b: b, kind: 'l'}, out, cute.TiledDivide)
}

//export cute_tiled_divide_tiler
func cute_tiled_divide_tiler(a, tiles *C.cute_layout_t, n C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_tiled_divide_tiler"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{tiles: tiles, n: n, kind: 'a'}, out, cute.TiledDivide)
}

//export cute_tiled_divide_str
func cute_tiled_divide_str(a *C.cute_layout_t, text *C.char, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_tiled_divide_str"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{text: text, kind: 's'}, out, cute.TiledDivide)
}

//export cute_flat_divide
func cute_flat_divide(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_flat_divide"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{b: b, kind: 'l'}, out, cute.FlatDivide)
}

//export cute_flat_divide_tiler
func cute_flat_divide_tiler(a, tiles *C.cute_layout_t, n C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_flat_divide_tiler"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{tiles: tiles, n: n, kind: 'a'}, out, cute.FlatDivide)
}

//export cute_flat_divide_str
func cute_flat_divide_str(a *C.cute_layout_t, text *C.char, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_flat_divide_str"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{text: text, kind: 's'}, out, cute.FlatDivide)
}
