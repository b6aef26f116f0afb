// capi.h — what every cgo preamble of package capi includes: the public header (with
// CUTEGO_CONST empty, since cgo's generated declarations carry no const; the compiler then
// checks that every //export agrees with its declaration in cutego.h) and the internal
// helpers of errors.c.
#ifndef CUTEGO_CAPI_H
#define CUTEGO_CAPI_H
#define CUTEGO_CONST
#include <string.h>
#include "cutego.h"
char *capi_error_buffer(void);
void capi_error_commit(size_t n);
#endif
