package main

/*
#include "capi.h"
*/
import "C"

//export cute_print_svg
func cute_print_svg(l *C.cute_layout_t, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	return svgPicture.layout(l, buf, n, length)
}

//export cute_print_svg_composed
func cute_print_svg_composed(c *C.cute_composed_layout_t, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	return svgPicture.composed(c, buf, n, length)
}

//export cute_print_svg_tv
func cute_print_svg_tv(tv *C.cute_layout_t, tile *C.cute_int_tuple_t, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	return svgPicture.tv(tv, tile, buf, n, length)
}
