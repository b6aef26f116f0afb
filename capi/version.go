package main

/*
#include "capi.h"
*/
import "C"

// The library's version; version_test.go checks it against CUTEGO_VERSION_* in
// include/cutego.h, and ci/capi.mk takes the soname from the header.
const (
	versionMajor = 0
	versionMinor = 1
	versionPatch = 0
)

//export cutego_version
func cutego_version() C.int {
	return C.int(versionMajor*10000 + versionMinor*100 + versionPatch)
}
