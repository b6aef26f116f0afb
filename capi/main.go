// Command capi is libcutego: the C ABI over package cute, built with
// -buildmode=c-shared (libcutego.so) or -buildmode=c-archive (libcutego.a). Every
// exported function is declared in include/cutego.h; see its conventions.
//
// Layout of the package: one file per family of operations (layout.go, composition.go,
// divide.go, …), each export a few lines over the helpers of status.go (status codes,
// panic recovery, the per-thread error message) and convert.go (C structs ↔ cute values).
// Adding a file with more //export functions needs nothing else: its preamble includes
// "capi.h" and its exports are declared in a public header under include/.
package main

/*
#cgo CFLAGS: -I${SRCDIR}/../include -I${SRCDIR}
#include "capi.h"
*/
import "C"

func main() {}
