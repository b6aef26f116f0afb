// Command capi is libcutego: the C ABI over package cute, built with
// -buildmode=c-shared (libcutego.so) or -buildmode=c-archive (libcutego.a). Every
// exported function is declared in include/cutego.h; see its conventions.
//
// Layout of the package: one file per family of operations (layout.go, product.go,
// swizzle.go, …), each export a few lines over the helpers of status.go (status codes,
// panic recovery, the per-thread error message) and convert.go (C structs ↔ cute values).
// Adding a file with more //export functions needs nothing else: its preamble includes
// "capi.h" and its exports are declared in a public header under include/. The exports of
// the algebra (coalesce, composition and the divides and products, complement, the
// inverses, ...) are written by ./bindgen from one table (bindgen/ops.go) into ops_gen.go,
// with their prototypes in cutego.h, their C++ functions in cutego.hpp and their Python
// entries (python/cutego/_ffi.py, _cext.c).
package main

//go:generate go run ./bindgen

/*
#cgo CFLAGS: -I${SRCDIR}/../include -I${SRCDIR}
#include "capi.h"
*/
import "C"

func main() {}
