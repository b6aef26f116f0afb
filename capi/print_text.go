package main

/*
#include "capi.h"
*/
import "C"

import (
	"io"
	"unsafe"
)

// cText writes a text into a caller's buffer buf of n bytes with the snprintf semantics
// of *_format (cutego.h), as it is produced: the first n-1 bytes are copied, the rest
// only counted, and finish ends it with a NUL. A picture is written this way straight
// into the caller's memory, never held whole in Go's, and a size query (n == 0) only
// counts.
type cText struct {
	buf *C.char
	n   uint64 // the buffer's size
	len uint64 // the bytes of text so far
}

var _ io.StringWriter = (*cText)(nil)

func newCText(buf *C.char, n C.size_t) *cText { return &cText{buf: buf, n: uint64(n)} }

func (w *cText) Write(p []byte) (int, error) {
	w.put(unsafe.Pointer(unsafe.SliceData(p)), len(p))
	return len(p), nil
}

func (w *cText) WriteString(s string) (int, error) {
	w.put(unsafe.Pointer(unsafe.StringData(s)), len(s))
	return len(s), nil
}

// put copies what fits of the k bytes at p (room is kept for the NUL) and counts them all.
func (w *cText) put(p unsafe.Pointer, k int) {
	if w.buf != nil && w.len+1 < w.n {
		c := min(uint64(k), w.n-1-w.len)
		dst := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(w.buf), uintptr(w.len))), c)
		copy(dst, unsafe.Slice((*byte)(p), c))
	}
	w.len += uint64(k)
}

// finish reports the text's length in *length (if not NULL) and ends the text in buf with
// a NUL: nothing more for a size query (n == 0), CUTEGO_NULL_POINTER for a NULL buf with
// n > 0, CUTEGO_BUFFER_TOO_SMALL when the text did not fit (it is cut to n-1 bytes).
func (w *cText) finish(fn string, length *C.size_t) error {
	if length != nil {
		*length = C.size_t(w.len)
	}
	if w.n == 0 {
		return nil
	}
	if w.buf == nil {
		return errNull(fn, "buf (with n > 0)")
	}
	*(*byte)(unsafe.Add(unsafe.Pointer(w.buf), uintptr(min(w.len, w.n-1)))) = 0
	if w.len >= w.n {
		return errf(C.CUTEGO_BUFFER_TOO_SMALL, "%s: the text needs %d bytes and a NUL, the buffer holds %d", fn, w.len, w.n)
	}
	return nil
}
