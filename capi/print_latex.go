package main

/*
#include "capi.h"
*/
import "C"

//export cute_print_latex
func cute_print_latex(l *C.cute_layout_t, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	return latexPicture.layout(l, buf, n, length)
}

//export cute_print_latex_composed
func cute_print_latex_composed(c *C.cute_composed_layout_t, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	return latexPicture.composed(c, buf, n, length)
}

//export cute_print_latex_tv
func cute_print_latex_tv(tv *C.cute_layout_t, tile *C.cute_int_tuple_t, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	return latexPicture.tv(tv, tile, buf, n, length)
}
