// einsum.go — the contraction planner (package cute/einsum) for C: declared in
// include/cutego_einsum.h, tested by csrc/einsum/test_einsum.c (make einsum-capi-test).

package main

/*
#include "capi.h"
#include "cutego_einsum.h"
*/
import "C"

import (
	"unsafe"

	"github.com/cutego/cutego/cute/einsum"
)

//export cutego_einsum_fold
func cutego_einsum_fold(spec *C.char, a, b, c *C.cute_layout_t, out *C.cutego_einsum_plan_t) (st C.cutego_status_t) {
	const fn = "cutego_einsum_fold"
	defer guard(fn, &st)
	s, err := goText(fn, "spec", spec)
	if err != nil {
		return fail(fn, err)
	}
	la, err := toLayout(fn, "a", a)
	if err != nil {
		return fail(fn, err)
	}
	lb, err := toLayout(fn, "b", b)
	if err != nil {
		return fail(fn, err)
	}
	lc, err := toLayout(fn, "c", c)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	p, err := einsum.Fold(s, la, lb, lc)
	if err != nil {
		return fail(fn, err)
	}
	var v C.cutego_einsum_plan_t
	if err := putLayout(fn, p.A, &v.a); err != nil {
		return fail(fn, err)
	}
	if err := putLayout(fn, p.B, &v.b); err != nil {
		return fail(fn, err)
	}
	if err := putLayout(fn, p.C, &v.c); err != nil {
		return fail(fn, err)
	}
	m, n, k, l := p.Sizes()
	v.m, v.n, v.k, v.l = C.int64_t(m), C.int64_t(n), C.int64_t(k), C.int64_t(l)
	putIndices(&v.m_indices, p.Classes.M)
	putIndices(&v.n_indices, p.Classes.N)
	putIndices(&v.k_indices, p.Classes.K)
	putIndices(&v.l_indices, p.Classes.L)
	*out = v
	return C.CUTEGO_OK
}

// putIndices writes the letters (at most CUTEGO_EINSUM_MAX_INDICES: distinct ASCII letters)
// and a NUL.
func putIndices(dst *[C.CUTEGO_EINSUM_MAX_INDICES + 1]C.char, s string) {
	b := unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), len(dst))
	n := copy(b[:len(b)-1], s)
	b[n] = 0
}
