package main

/*
#include "capi.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/cutego/cutego/cute"
)

// capiError is an error raised by the ABI layer itself (null pointer, capacity, a
// buffer too small), with its status code.
type capiError struct {
	status C.cutego_status_t
	msg    string
}

func (e *capiError) Error() string { return e.msg }

func errf(st C.cutego_status_t, format string, args ...any) error {
	return &capiError{status: st, msg: fmt.Sprintf(format, args...)}
}

func errNull(fn, arg string) error {
	return errf(C.CUTEGO_NULL_POINTER, "%s: %s is NULL", fn, arg)
}

// statusOf maps an error to its status code: cute.ErrorKind one to one, capiError its own.
func statusOf(err error) C.cutego_status_t {
	var ce *capiError
	if errors.As(err, &ce) {
		return ce.status
	}
	var e *cute.Error
	if errors.As(err, &e) {
		switch e.Kind {
		case cute.ErrInvalid:
			return C.CUTEGO_INVALID_ARGUMENT
		case cute.ErrNotAdmissible:
			return C.CUTEGO_NOT_ADMISSIBLE
		case cute.ErrOverflow:
			return C.CUTEGO_OVERFLOW
		case cute.ErrParse:
			return C.CUTEGO_PARSE
		}
	}
	return C.CUTEGO_INTERNAL
}

// fail records err's message for the calling C thread and returns its status. A cute
// error is prefixed by the exported function's name: "cute_composition: composition: …".
func fail(fn string, err error) C.cutego_status_t {
	msg := err.Error()
	if _, ok := err.(*capiError); !ok {
		msg = fn + ": " + msg
	}
	setError(msg)
	return statusOf(err)
}

// result turns an error (or nil) into the status an export returns.
func result(fn string, err error) C.cutego_status_t {
	if err == nil {
		return C.CUTEGO_OK
	}
	return fail(fn, err)
}

// maxMessage is the longest message kept (cutego.h's CUTEGO_LAST_ERROR_MAX, less the NUL).
const maxMessage = C.CUTEGO_LAST_ERROR_MAX - 1

// clipMessage makes msg what cutego.h promises: valid UTF-8 (a byte that is not becomes
// U+FFFD) and at most maxMessage bytes, a longer one cut at a character boundary and
// ending in "…".
func clipMessage(msg string) string {
	msg = strings.ToValidUTF8(msg, "\uFFFD")
	if len(msg) <= maxMessage {
		return msg
	}
	const more = "…"
	cut := maxMessage - len(more)
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return msg[:cut] + more
}

// setError records msg as the calling thread's last error: Go copies it into the thread's
// C buffer (the C side never reads Go memory).
func setError(msg string) {
	msg = clipMessage(msg)
	buf := unsafe.Slice((*byte)(unsafe.Pointer(C.capi_error_buffer())), C.CUTEGO_LAST_ERROR_MAX)
	n := copy(buf[:maxMessage], msg)
	C.capi_error_commit(C.size_t(n))
}

// guard is deferred by every export: a panic that escaped the cute package's own
// recovery (a bug) becomes CUTEGO_INTERNAL with its message, never a crash of the caller.
func guard(fn string, st *C.cutego_status_t) {
	if r := recover(); r != nil {
		*st = fail(fn, errf(C.CUTEGO_INTERNAL, "%s: internal error: %v", fn, r))
	}
}
