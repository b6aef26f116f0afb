package main

/*
#include "capi.h"
*/
import "C"

import "fmt"

// parseExport is the body of every cute_*_parse export: the caller's text, parsed by cute,
// written to *out (a typed error for a NULL or oversized text, a NULL out, or a parse error).
func parseExport[T any, O any](fn string, text *C.char, out *O, parse func(string) (T, error),
	put func(string, T, *O) error) C.cutego_status_t {
	s, err := goText(fn, "text", text)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	v, err := parse(s)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, put(fn, v, out))
}

// formatExport is the body of every cute_*_format export: the value's CuTe printed form into
// the caller's buffer with snprintf rules.
func formatExport[T fmt.Stringer, I any](fn, arg string, in *I, conv func(string, string, *I) (T, error),
	buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	x, err := conv(fn, arg, in)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, putText(fn, x.String(), buf, n, length))
}
