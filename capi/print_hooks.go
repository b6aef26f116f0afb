package main

/*
#include <stdlib.h>
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/cutego/cutego/cute"
)

// hookBufferTooSmall is CUTEGO_BUFFER_TOO_SMALL.
const hookBufferTooSmall = int(C.CUTEGO_BUFFER_TOO_SMALL)

// hookPictureTV calls the _tv export of the picture format name ("cute_print_svg" or
// "cute_print_latex") on Go values, for the tests and benchmarks of print_test.go (test
// files cannot use cgo), with a C buffer of n bytes (none for n == 0, a size query). It
// returns the status, the length reported, and (with read) the text written.
func hookPictureTV(name string, tv cute.Layout, tile cute.IntTuple, n int, read bool) (st int, length int, text string) {
	var l C.cute_layout_t
	var t C.cute_int_tuple_t
	if err := putLayout("test", tv, &l); err != nil {
		return int(statusOf(err)), 0, ""
	}
	if err := putIntTuple("test", tile, &t); err != nil {
		return int(statusOf(err)), 0, ""
	}
	var buf *C.char
	if n > 0 {
		buf = (*C.char)(C.malloc(C.size_t(n)))
		defer C.free(unsafe.Pointer(buf))
	}
	var ln C.size_t
	f := map[string]func(*C.cute_layout_t, *C.cute_int_tuple_t, *C.char, C.size_t, *C.size_t) C.cutego_status_t{
		"cute_print_svg":   cute_print_svg_tv,
		"cute_print_latex": cute_print_latex_tv,
	}[name]
	s := f(&l, &t, buf, C.size_t(n), &ln)
	if n > 0 && read {
		text = C.GoString(buf)
	}
	return int(s), int(ln), text
}
