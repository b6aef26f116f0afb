package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

func toSwizzle(fn, arg string, p *C.cute_swizzle_t) (cute.Swizzle, error) {
	if p == nil {
		return cute.Swizzle{}, errNull(fn, arg)
	}
	return cute.MakeSwizzle(int(p.b), int(p.m), int(p.s))
}

func cSwizzle(s cute.Swizzle) C.cute_swizzle_t {
	return C.cute_swizzle_t{b: C.int32_t(s.B), m: C.int32_t(s.M), s: C.int32_t(s.S)}
}

//export cute_make_swizzle
func cute_make_swizzle(b, m, s C.int32_t, out *C.cute_swizzle_t) (st C.cutego_status_t) {
	const fn = "cute_make_swizzle"
	defer guard(fn, &st)
	sw, err := cute.MakeSwizzle(int(b), int(m), int(s))
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	*out = cSwizzle(sw)
	return C.CUTEGO_OK
}

//export cute_swizzle_apply
func cute_swizzle_apply(sw *C.cute_swizzle_t, x C.int64_t, out *C.int64_t) (st C.cutego_status_t) {
	const fn = "cute_swizzle_apply"
	defer guard(fn, &st)
	s, err := toSwizzle(fn, "sw", sw)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	*out = C.int64_t(s.Apply(int64(x)))
	return C.CUTEGO_OK
}

//export cute_swizzle_parse
func cute_swizzle_parse(text *C.char, out *C.cute_swizzle_t) (st C.cutego_status_t) {
	const fn = "cute_swizzle_parse"
	defer guard(fn, &st)
	return parseExport(fn, text, out, cute.ParseSwizzle, func(_ string, sw cute.Swizzle, out *C.cute_swizzle_t) error {
		*out = cSwizzle(sw)
		return nil
	})
}

//export cute_swizzle_format
func cute_swizzle_format(sw *C.cute_swizzle_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_swizzle_format"
	defer guard(fn, &st)
	return formatExport(fn, "sw", sw, toSwizzle, buf, n, length)
}
