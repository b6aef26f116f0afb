// tma.go — libcutego's TMA exports over package cute/tma, declared in include/cutego.h;
// tested by csrc/tma/test_capi_tma.c and csrc/abi/tma_check_test.c in `make capi-test`.

package main

/*
#include "capi.h"
*/
import "C"

import (
	"errors"

	"github.com/cutego/cutego/cute/tma"
)

// The limits of cutego_types.h (CUTEGO_TMA_*) are cute/tma's, one set (a negative constant converted to
// uint does not compile, so each pair must be equal).
const _ = uint(C.CUTEGO_TMA_MAX_RANK-tma.MaxRank) + uint(tma.MaxRank-C.CUTEGO_TMA_MAX_RANK) +
	uint(C.CUTEGO_TMA_MAX_BOX-tma.MaxBox) + uint(tma.MaxBox-C.CUTEGO_TMA_MAX_BOX) +
	uint(C.CUTEGO_TMA_MAX_ELEM_STRIDE-tma.MaxElemStride) + uint(tma.MaxElemStride-C.CUTEGO_TMA_MAX_ELEM_STRIDE) +
	uint(C.CUTEGO_TMA_STRIDE_ALIGN-tma.StrideAlign) + uint(tma.StrideAlign-C.CUTEGO_TMA_STRIDE_ALIGN) +
	uint(C.CUTEGO_TMA_MAX_STRIDE-tma.MaxStride) + uint(tma.MaxStride-C.CUTEGO_TMA_MAX_STRIDE) +
	uint(C.CUTEGO_TMA_MAX_DIM-tma.MaxDim) + uint(tma.MaxDim-C.CUTEGO_TMA_MAX_DIM)

// tmaStatus maps a cute/tma refusal to a status: malformed layouts are invalid arguments,
// what the hardware cannot do (alignment, box, rank, swizzle, extent, contiguity) is not
// admissible.
func tmaStatus(fn string, err error) error {
	var te *tma.Error
	if errors.As(err, &te) {
		st := C.cutego_status_t(C.CUTEGO_NOT_ADMISSIBLE)
		if te.Kind == tma.ErrLayout {
			st = C.CUTEGO_INVALID_ARGUMENT
		}
		return errf(st, "%s: %s", fn, te.Error())
	}
	return err
}

//export cutego_tma_derive
func cutego_tma_derive(gmem *C.cute_layout_t, smem *C.cute_composed_layout_t, elemBytes C.int32_t, out *C.cutego_tma_desc_t) (st C.cutego_status_t) {
	const fn = "cutego_tma_derive"
	defer guard(fn, &st)
	g, err := toLayout(fn, "gmem", gmem)
	if err != nil {
		return fail(fn, err)
	}
	s, err := toComposed(fn, "smem", smem)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	d, err := tma.Derive(g, s, int(elemBytes))
	if err != nil {
		return fail(fn, tmaStatus(fn, err))
	}
	var v C.cutego_tma_desc_t
	v.rank = C.int32_t(d.Rank)
	v.elem_bytes = C.int32_t(d.ElemBytes)
	for k := 0; k < 5; k++ {
		v.dims[k] = C.int64_t(d.Dims[k])
		v.strides[k] = C.int64_t(d.Strides[k])
		v.box[k] = C.int32_t(d.Box[k])
		v.elem_strides[k] = C.int32_t(d.ElemStrides[k])
		if k >= d.Rank {
			v.dims[k], v.box[k], v.elem_strides[k] = 1, 1, 1
		}
	}
	v.swizzle_bytes = C.int32_t(d.SwizzleBytes)
	*out = v
	return C.CUTEGO_OK
}

//export cutego_tma_check
func cutego_tma_check(d *C.cutego_tma_desc_t) (st C.cutego_status_t) {
	const fn = "cutego_tma_check"
	defer guard(fn, &st)
	if d == nil {
		return fail(fn, errNull(fn, "d"))
	}
	g := tma.Desc{Rank: int(d.rank), ElemBytes: int(d.elem_bytes), SwizzleBytes: int(d.swizzle_bytes)}
	for k := 0; k < 5; k++ {
		g.Dims[k] = int64(d.dims[k])
		g.Strides[k] = int64(d.strides[k])
		g.Box[k] = int32(d.box[k])
		g.ElemStrides[k] = int32(d.elem_strides[k])
	}
	if err := g.Check(); err != nil {
		return fail(fn, tmaStatus(fn, err))
	}
	return C.CUTEGO_OK
}
