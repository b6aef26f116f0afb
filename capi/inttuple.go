package main

/*
#include "capi.h"
*/
import "C"

import (
	"github.com/cutego/cutego/cute"
)

//export cute_make_int_tuple
func cute_make_int_tuple(values *C.int64_t, leaves C.int32_t, nest *C.int8_t, ntokens C.int32_t, out *C.cute_int_tuple_t) (st C.cutego_status_t) {
	const fn = "cute_make_int_tuple"
	defer guard(fn, &st)
	var v C.cute_int_tuple_t
	if err := fillNest(fn, values, nil, leaves, nest, ntokens, &v.value, nil, &v.leaves, &v.ntokens, &v.nest); err != nil {
		return fail(fn, err)
	}
	t, err := toIntTuple(fn, "the int tuple", &v)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	return result(fn, putIntTuple(fn, t, out))
}

//export cute_int_tuple_parse
func cute_int_tuple_parse(text *C.char, out *C.cute_int_tuple_t) (st C.cutego_status_t) {
	const fn = "cute_int_tuple_parse"
	defer guard(fn, &st)
	return parseExport(fn, text, out, cute.ParseIntTuple, putIntTuple)
}

//export cute_int_tuple_format
func cute_int_tuple_format(t *C.cute_int_tuple_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_int_tuple_format"
	defer guard(fn, &st)
	return formatExport(fn, "t", t, toIntTuple, buf, n, length)
}

// fillNest copies leaf arrays and a nest (or the flat nest when nest is nil) given by a C
// caller into struct fields, checking capacities.
func fillNest(fn string, a, b *C.int64_t, leaves C.int32_t, nest *C.int8_t, ntokens C.int32_t,
	da, db *[maxLeaves]C.int64_t, dl, dn *C.int32_t, dnest *[maxTokens]C.int8_t) error {
	if leaves < 0 {
		return errf(C.CUTEGO_INVALID_ARGUMENT, "%s: negative leaves (%d)", fn, leaves)
	}
	if leaves > maxLeaves {
		return errf(C.CUTEGO_CAPACITY, "%s: leaves = %d exceeds CUTE_LAYOUT_MAX_LEAVES (%d)", fn, leaves, maxLeaves)
	}
	if leaves > 0 && a == nil {
		return errNull(fn, "the leaf values")
	}
	if leaves > 0 {
		copy(da[:], unsafeSlice(a, int(leaves)))
		if b != nil && db != nil {
			copy(db[:], unsafeSlice(b, int(leaves)))
		}
	}
	*dl = leaves
	if nest == nil {
		// the flat tuple ( L L ... L )
		if int(leaves)+2 > maxTokens {
			return errf(C.CUTEGO_CAPACITY, "%s: the flat nest of %d leaves exceeds CUTE_LAYOUT_MAX_TOKENS", fn, leaves)
		}
		dnest[0] = nestOpen
		for i := 1; i <= int(leaves); i++ {
			dnest[i] = nestLeaf
		}
		dnest[leaves+1] = nestClose
		*dn = leaves + 2
		return nil
	}
	if ntokens < 0 {
		return errf(C.CUTEGO_INVALID_ARGUMENT, "%s: negative ntokens (%d)", fn, ntokens)
	}
	if ntokens > maxTokens {
		return errf(C.CUTEGO_CAPACITY, "%s: ntokens = %d exceeds CUTE_LAYOUT_MAX_TOKENS (%d)", fn, ntokens, maxTokens)
	}
	if ntokens > 0 {
		copy(dnest[:], unsafeSliceI8(nest, int(ntokens)))
	}
	*dn = ntokens
	return nil
}
