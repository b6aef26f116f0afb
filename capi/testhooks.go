//go:build cutego_testhooks

// The test hooks are built only with the tag cutego_testhooks (make capi-go-test), never into
// the shipped library; the Go tests that use them carry the same tag.

package main

/*
#include "capi.h"
*/
import "C"

import (
	"runtime"
	"unsafe"

	"github.com/cutego/cutego/cute"
)

// Helpers for the Go tests of this package (test files cannot use cgo): they run the
// conversions of convert.go on Go values.

// hookRoundTrip writes l into a C struct and reads it back.
func hookRoundTrip(l cute.Layout) (cute.Layout, int) {
	var v C.cute_layout_t
	if err := putLayout("test", l, &v); err != nil {
		return cute.Layout{}, int(statusOf(err))
	}
	r, err := toLayout("test", "l", &v)
	if err != nil {
		return cute.Layout{}, int(statusOf(err))
	}
	return r, 0
}

// hookTupleRoundTrip writes t into a C int tuple and reads it back.
func hookTupleRoundTrip(t cute.IntTuple) (cute.IntTuple, int) {
	var v C.cute_int_tuple_t
	if err := putIntTuple("test", t, &v); err != nil {
		return cute.IntTuple{}, int(statusOf(err))
	}
	r, err := toIntTuple("test", "t", &v)
	if err != nil {
		return cute.IntTuple{}, int(statusOf(err))
	}
	return r, 0
}

// hookFromBytes reads arbitrary bytes as a cute_layout_t (zero-padded) and converts it.
func hookFromBytes(b []byte) (cute.Layout, int) {
	var v C.cute_layout_t
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&v)), unsafe.Sizeof(v)), b)
	l, err := toLayout("test", "l", &v)
	if err != nil {
		return cute.Layout{}, int(statusOf(err))
	}
	return l, 0
}

// hookFromBytesErr is hookFromBytes returning the error itself (its message).
func hookFromBytesErr(b []byte) (cute.Layout, error) {
	var v C.cute_layout_t
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&v)), unsafe.Sizeof(v)), b)
	return toLayout("test", "l", &v)
}

func hookStatus(err error) int { return int(statusOf(err)) }

const (
	hookOK         = int(C.CUTEGO_OK)
	hookInvalid    = int(C.CUTEGO_INVALID_ARGUMENT)
	hookNotAdm     = int(C.CUTEGO_NOT_ADMISSIBLE)
	hookOverflow   = int(C.CUTEGO_OVERFLOW)
	hookParse      = int(C.CUTEGO_PARSE)
	hookCapacity   = int(C.CUTEGO_CAPACITY)
	hookInternal   = int(C.CUTEGO_INTERNAL)
	hookLayoutSize = int(unsafe.Sizeof(C.cute_layout_t{}))
	hookMaxTokens  = int(maxTokens)
)

// hookBytes is the C struct of l as bytes (a fuzz seed).
func hookBytes(l cute.Layout) []byte {
	var v C.cute_layout_t
	if putLayout("test", l, &v) != nil {
		return nil
	}
	return append([]byte(nil), unsafe.Slice((*byte)(unsafe.Pointer(&v)), unsafe.Sizeof(v))...)
}

// hookLastError records msg as the calling thread's last error (as a failing export
// does) and reads it back with cutego_last_error into a buffer of n bytes: the text
// written and the length returned.
func hookLastError(msg string, n int) (string, int) {
	runtime.LockOSThread() // the message is the calling thread's
	defer runtime.UnlockOSThread()
	setError(msg)
	buf := make([]byte, n+1)
	var p *C.char
	if n > 0 {
		p = (*C.char)(unsafe.Pointer(&buf[0]))
	}
	l := C.cutego_last_error(p, C.size_t(n))
	if n == 0 {
		return "", int(l)
	}
	return C.GoString(p), int(l)
}

const hookMaxMessage = int(C.CUTEGO_LAST_ERROR_MAX)

// hookExports are exports called from Go on C structs held in Go memory (no cgo
// crossing): the ABI's own per-call cost (conversions, recovery, result writing), for
// the benchmarks and allocation pins of bench_test.go. Each runs the export n times and
// returns its last status.
var hookExports = map[string]func(ls []cute.Layout, n int) int{
	"coalesce": func(ls []cute.Layout, n int) int {
		var a, r C.cute_layout_t
		_ = putLayout("test", ls[0], &a)
		st := C.cutego_status_t(C.CUTEGO_OK)
		for i := 0; i < n; i++ {
			st = cute_coalesce(&a, &r)
		}
		return int(st)
	},
	"complement": func(ls []cute.Layout, n int) int { // the cotarget: ls[1]'s size
		var a, r C.cute_layout_t
		var t C.cute_int_tuple_t
		_ = putLayout("test", ls[0], &a)
		cot, _ := cute.Size(ls[1].Shape())
		_ = putIntTuple("test", cute.Int(cot), &t)
		st := C.cutego_status_t(C.CUTEGO_OK)
		for i := 0; i < n; i++ {
			st = cute_complement(&a, &t, &r)
		}
		return int(st)
	},
	"right_inverse": func(ls []cute.Layout, n int) int {
		var a, r C.cute_layout_t
		_ = putLayout("test", ls[0], &a)
		st := C.cutego_status_t(C.CUTEGO_OK)
		for i := 0; i < n; i++ {
			st = cute_right_inverse(&a, &r)
		}
		return int(st)
	},
	"composition": func(ls []cute.Layout, n int) int {
		var a, b, r C.cute_layout_t
		_ = putLayout("test", ls[0], &a)
		_ = putLayout("test", ls[1], &b)
		st := C.cutego_status_t(C.CUTEGO_OK)
		for i := 0; i < n; i++ {
			st = cute_composition(&a, &b, &r)
		}
		return int(st)
	},
	"logical_divide_tiler": func(ls []cute.Layout, n int) int {
		var a, r C.cute_layout_t
		t := make([]C.cute_layout_t, len(ls)-1)
		_ = putLayout("test", ls[0], &a)
		for i := range t {
			_ = putLayout("test", ls[i+1], &t[i])
		}
		st := C.cutego_status_t(C.CUTEGO_OK)
		for i := 0; i < n; i++ {
			st = cute_logical_divide_tiler(&a, &t[0], C.int32_t(len(t)), &r)
		}
		return int(st)
	},
	"crd2idx": func(ls []cute.Layout, n int) int { // the coordinate: ls[1]'s shape
		var a C.cute_layout_t
		var c C.cute_int_tuple_t
		var v C.int64_t
		_ = putLayout("test", ls[0], &a)
		_ = putIntTuple("test", ls[1].Shape(), &c)
		st := C.cutego_status_t(C.CUTEGO_OK)
		for i := 0; i < n; i++ {
			st = cute_crd2idx(&a, &c, &v)
		}
		return int(st)
	},
	"idx2crd": func(ls []cute.Layout, n int) int { // the index: ls[1]'s size
		var a C.cute_layout_t
		var c C.cute_int_tuple_t
		_ = putLayout("test", ls[0], &a)
		idx, _ := cute.Size(ls[1].Shape())
		st := C.cutego_status_t(C.CUTEGO_OK)
		for i := 0; i < n; i++ {
			st = cute_idx2crd(&a, C.int64_t(idx), &c)
		}
		return int(st)
	},
	"size": func(ls []cute.Layout, n int) int {
		var a C.cute_layout_t
		var v C.int64_t
		_ = putLayout("test", ls[0], &a)
		st := C.cutego_status_t(C.CUTEGO_OK)
		for i := 0; i < n; i++ {
			st = cute_size(&a, &v)
		}
		return int(st)
	},
}
