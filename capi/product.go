package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

//export cute_logical_product
func cute_logical_product(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_logical_product"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{b: b, kind: 'l'}, out, cute.LogicalProduct)
}

//export cute_logical_product_tiler
func cute_logical_product_tiler(a, tiles *C.cute_layout_t, n C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_logical_product_tiler"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{tiles: tiles, n: n, kind: 'a'}, out, cute.LogicalProduct)
}

//export cute_logical_product_str
func cute_logical_product_str(a *C.cute_layout_t, text *C.char, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_logical_product_str"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{text: text, kind: 's'}, out, cute.LogicalProduct)
}

//export cute_zipped_product
func cute_zipped_product(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_zipped_product"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{b: b, kind: 'l'}, out, cute.ZippedProduct)
}

//export cute_zipped_product_tiler
func cute_zipped_product_tiler(a, tiles *C.cute_layout_t, n C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_zipped_product_tiler"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{tiles: tiles, n: n, kind: 'a'}, out, cute.ZippedProduct)
}

//export cute_zipped_product_str
func cute_zipped_product_str(a *C.cute_layout_t, text *C.char, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_zipped_product_str"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{text: text, kind: 's'}, out, cute.ZippedProduct)
}

//export cute_tiled_product
func cute_tiled_product(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_tiled_product"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{b: b, kind: 'l'}, out, cute.TiledProduct)
}

//export cute_tiled_product_tiler
func cute_tiled_product_tiler(a, tiles *C.cute_layout_t, n C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_tiled_product_tiler"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{tiles: tiles, n: n, kind: 'a'}, out, cute.TiledProduct)
}

//export cute_tiled_product_str
func cute_tiled_product_str(a *C.cute_layout_t, text *C.char, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_tiled_product_str"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{text: text, kind: 's'}, out, cute.TiledProduct)
}

//export cute_flat_product
func cute_flat_product(a, b, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_flat_product"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{b: b, kind: 'l'}, out, cute.FlatProduct)
}

//export cute_flat_product_tiler
func cute_flat_product_tiler(a, tiles *C.cute_layout_t, n C.int32_t, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_flat_product_tiler"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{tiles: tiles, n: n, kind: 'a'}, out, cute.FlatProduct)
}

//export cute_flat_product_str
func cute_flat_product_str(a *C.cute_layout_t, text *C.char, out *C.cute_layout_t) (st C.cutego_status_t) {
	const fn = "cute_flat_product_str"
	defer guard(fn, &st)
	return tilerOp(fn, a, tilerArg{text: text, kind: 's'}, out, cute.FlatProduct)
}

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
