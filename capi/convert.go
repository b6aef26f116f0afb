package main

/*
#include "capi.h"
*/
import "C"

import (
	"sync"
	"unsafe"

	"github.com/cutego/cutego/cute"
)

// The nest tokens of cutego.h are package cute's (a negative constant converted to uint
// does not compile).
const _ = uint(nestLeaf-cute.NestLeaf) + uint(cute.NestLeaf-nestLeaf) +
	uint(nestOpen-cute.NestOpen) + uint(cute.NestOpen-nestOpen) +
	uint(nestClose-cute.NestClose) + uint(cute.NestClose-nestClose)

const (
	maxLeaves = C.CUTE_LAYOUT_MAX_LEAVES
	maxTokens = C.CUTE_LAYOUT_MAX_TOKENS
	nestLeaf  = C.CUTE_NEST_LEAF
	nestOpen  = C.CUTE_NEST_OPEN
	nestClose = C.CUTE_NEST_CLOSE
)

func checkCounts(fn, arg string, leaves, ntokens C.int32_t) error {
	if leaves < 0 || ntokens < 0 {
		return errf(C.CUTEGO_INVALID_ARGUMENT, "%s: %s: negative count (leaves %d, ntokens %d)", fn, arg, leaves, ntokens)
	}
	if leaves > maxLeaves {
		return errf(C.CUTEGO_CAPACITY, "%s: %s: leaves = %d exceeds CUTE_LAYOUT_MAX_LEAVES (%d)", fn, arg, leaves, maxLeaves)
	}
	if ntokens > maxTokens {
		return errf(C.CUTEGO_CAPACITY, "%s: %s: ntokens = %d exceeds CUTE_LAYOUT_MAX_TOKENS (%d)", fn, arg, ntokens, maxTokens)
	}
	if ntokens == 0 {
		return errf(C.CUTEGO_INVALID_ARGUMENT, "%s: %s: empty nest (ntokens = 0)", fn, arg)
	}
	return nil
}

// arena holds the tuples of the layouts and int tuples an export converts from C
// (cute.MakeLayoutNestIn), so that converting its arguments allocates nothing: an export
// takes one from a pool (newArena) and gives it back (release) once the result is in C
// memory and every Go value built from the arguments is dead. An arena that is full, or
// not given back (a panic), costs only an allocation.
type arena struct {
	buf  [arenaTuples]cute.IntTuple
	free []cute.IntTuple
}

// arenaTuples holds a few arguments of the ABI's capacity (a layout of n nest tokens
// needs fewer than 2n tuples).
const arenaTuples = 4 * maxTokens

var arenas = sync.Pool{New: func() any { return new(arena) }}

func newArena() *arena {
	a := arenas.Get().(*arena)
	a.free = a.buf[:]
	return a
}

func (a *arena) release() {
	a.free = nil
	arenas.Put(a)
}

// toLayout converts a C layout to a cute.Layout, validating it (package cute's nest
// codec does the work and words the message). It reads *p in place (C memory, or a Go
// value of the caller's).
func toLayout(fn, arg string, p *C.cute_layout_t) (cute.Layout, error) {
	return toLayoutIn(nil, fn, arg, p)
}

// toLayoutIn is toLayout building in the arena a (nil: allocating).
func toLayoutIn(a *arena, fn, arg string, p *C.cute_layout_t) (cute.Layout, error) {
	if p == nil {
		return cute.Layout{}, errNull(fn, arg)
	}
	leaves, ntokens := p.leaves, p.ntokens
	if err := checkCounts(fn, arg, leaves, ntokens); err != nil {
		return cute.Layout{}, err
	}
	var back *[]cute.IntTuple
	if a != nil {
		back = &a.free
	}
	l, err := cute.MakeLayoutNestIn(back, nestSlice(p.nest[:ntokens]), int64Slice(p.shape[:leaves]), int64Slice(p.stride[:leaves]))
	if err != nil {
		return cute.Layout{}, errf(statusOf(err), "%s: %s: %v", fn, arg, err)
	}
	return l, nil
}

// nestSlice and int64Slice view C arrays (read in place, for the duration of a call) as
// the Go types of package cute (same length and capacity): C.int8_t and C.int64_t are
// int8 and int64.
func nestSlice(s []C.int8_t) []int8 {
	return unsafe.Slice((*int8)(unsafe.Pointer(unsafe.SliceData(s))), cap(s))[:len(s)]
}

func int64Slice(s []C.int64_t) []int64 {
	return unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(s))), cap(s))[:len(s)]
}

// toIntTuple converts a C int tuple to a cute.IntTuple, validating it.
func toIntTuple(fn, arg string, p *C.cute_int_tuple_t) (cute.IntTuple, error) {
	return toIntTupleIn(nil, fn, arg, p)
}

// toIntTupleIn is toIntTuple building in the arena a (nil: allocating).
func toIntTupleIn(a *arena, fn, arg string, p *C.cute_int_tuple_t) (cute.IntTuple, error) {
	if p == nil {
		return cute.IntTuple{}, errNull(fn, arg)
	}
	leaves, ntokens := p.leaves, p.ntokens
	if err := checkCounts(fn, arg, leaves, ntokens); err != nil {
		return cute.IntTuple{}, err
	}
	var back *[]cute.IntTuple
	if a != nil {
		back = &a.free
	}
	t, err := cute.MakeIntTupleNestIn(back, nestSlice(p.nest[:ntokens]), int64Slice(p.value[:leaves]))
	if err != nil {
		return cute.IntTuple{}, errf(statusOf(err), "%s: %s: %v", fn, arg, err)
	}
	return t, nil
}

// errFit is the error of a result over the C structs' capacity.
func errFit(fn, what string, leaves, tokens int) error {
	return errf(C.CUTEGO_CAPACITY, "%s: the %s does not fit: %d leaves and %d nest tokens, CUTE_LAYOUT_MAX_LEAVES = %d, CUTE_LAYOUT_MAX_TOKENS = %d", fn, what, leaves, tokens, maxLeaves, maxTokens)
}

// putLayout writes l into *out (all of it, unused entries zero), or names what does not
// fit. Within capacity, the appends write into v itself (no allocation).
func putLayout(fn string, l cute.Layout, out *C.cute_layout_t) error {
	var v C.cute_layout_t
	nest, shape, _, err := l.AppendNest(nestSlice(v.nest[:0]), int64Slice(v.shape[:0]), int64Slice(v.stride[:0]))
	if err != nil {
		return errf(statusOf(err), "%s: the result: %v", fn, err)
	}
	if len(nest) > maxTokens || len(shape) > maxLeaves {
		return errFit(fn, "result layout", len(shape), len(nest))
	}
	v.leaves, v.ntokens = C.int32_t(len(shape)), C.int32_t(len(nest))
	*out = v
	return nil
}

// putIntTuple writes t into *out (all of it, unused entries zero).
func putIntTuple(fn string, t cute.IntTuple, out *C.cute_int_tuple_t) error {
	var v C.cute_int_tuple_t
	nest, values, err := t.AppendNest(nestSlice(v.nest[:0]), int64Slice(v.value[:0]))
	if err != nil {
		return errf(statusOf(err), "%s: the result: %v", fn, err)
	}
	if len(nest) > maxTokens || len(values) > maxLeaves {
		return errFit(fn, "result int tuple", len(values), len(nest))
	}
	v.leaves, v.ntokens = C.int32_t(len(values)), C.int32_t(len(nest))
	*out = v
	return nil
}

// maxText bounds the text the ABI reads from a C string (no layout of the ABI's capacity
// comes near it).
const maxText = 1 << 20

// goText copies a NUL-terminated C string.
func goText(fn, arg string, s *C.char) (string, error) {
	if s == nil {
		return "", errNull(fn, arg)
	}
	n := C.strnlen(s, maxText+1)
	if n > maxText {
		return "", errf(C.CUTEGO_CAPACITY, "%s: %s is longer than %d bytes", fn, arg, maxText)
	}
	return C.GoStringN(s, C.int(n)), nil
}

// putText writes s into buf with snprintf semantics (see cutego.h; cText).
func putText(fn, s string, buf *C.char, n C.size_t, length *C.size_t) error {
	w := newCText(buf, n)
	w.WriteString(s)
	return w.finish(fn, length)
}
