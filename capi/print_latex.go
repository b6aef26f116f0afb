package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute/render"

//export cute_print_latex
func cute_print_latex(l *C.cute_layout_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_print_latex"
	defer guard(fn, &st)
	return layoutPicture(fn, l, render.Latex, buf, n, length)
}

//export cute_print_latex_composed
func cute_print_latex_composed(c *C.cute_composed_layout_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_print_latex_composed"
	defer guard(fn, &st)
	return composedPicture(fn, c, render.Latex, buf, n, length)
}

//export cute_print_latex_tv
func cute_print_latex_tv(tv *C.cute_layout_t, tile *C.cute_int_tuple_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_print_latex_tv"
	defer guard(fn, &st)
	return tvPicture(fn, tv, tile, render.LatexTV, buf, n, length)
}
