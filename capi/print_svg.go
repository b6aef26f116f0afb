package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute/render"

//export cute_print_svg
func cute_print_svg(l *C.cute_layout_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_print_svg"
	defer guard(fn, &st)
	return layoutPicture(fn, l, render.SVG, buf, n, length)
}

//export cute_print_svg_composed
func cute_print_svg_composed(c *C.cute_composed_layout_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_print_svg_composed"
	defer guard(fn, &st)
	return composedPicture(fn, c, render.SVG, buf, n, length)
}

//export cute_print_svg_tv
func cute_print_svg_tv(tv *C.cute_layout_t, tile *C.cute_int_tuple_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_print_svg_tv"
	defer guard(fn, &st)
	return tvPicture(fn, tv, tile, render.SVGTV, buf, n, length)
}
