// Command capi is libcutego: the C ABI over package cute, built with
// -buildmode=c-shared (libcutego.so) or -buildmode=c-archive (libcutego.a). Every
// exported function is declared in include/cutego.h; see its conventions.
//
// Layout of the package: one file per family of operations (layout.go, product.go,
// swizzle.go, …), each export a few lines over the helpers of status.go (status codes,
// panic recovery, the per-thread error message) and convert.go (C structs ↔ cute values).
// Adding a file with more //export functions needs nothing else: its preamble includes
// "capi.h" and its exports are declared in a public header under include/. The three
// forms of composition and of each divide and product (cute_X, cute_X_tiler, cute_X_str)
// are generated from one list by ./gentiler into tiler_exports_gen.go, with their lines in
// cutego.h and cutego.hpp.
package main

//go:generate go run ./gentiler

/*
#cgo CFLAGS: -I${SRCDIR}/../include -I${SRCDIR}
#include "capi.h"
*/
import "C"

func main() {}
