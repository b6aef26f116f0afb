// The C side of libcutego's error reporting: the per-thread message of the last failure
// and the static status strings. The message lives in C thread-local storage: Go code that
// runs an exported function stays on the C caller's thread for the whole call, so
// capi_set_error, called from there, stores the message for exactly that thread.
#include <string.h>

#include "capi.h"

#define CAPI_ERR_CAP 1024

static __thread char capi_err[CAPI_ERR_CAP];
static __thread size_t capi_err_len;

void capi_set_error(const char *msg, size_t n) {
  if (n >= CAPI_ERR_CAP) n = CAPI_ERR_CAP - 1;
  if (n > 0) memcpy(capi_err, msg, n);
  capi_err[n] = 0;
  capi_err_len = n;
}

size_t cutego_last_error(char *buf, size_t n) {
  size_t len = capi_err_len;
  if (buf != NULL && n > 0) {
    size_t k = len < n - 1 ? len : n - 1;
    memcpy(buf, capi_err, k);
    buf[k] = 0;
  }
  return len;
}

const char *cutego_status_string(cutego_status_t status) {
  switch (status) {
    case CUTEGO_OK: return "ok";
    case CUTEGO_INVALID_ARGUMENT: return "invalid argument";
    case CUTEGO_NOT_ADMISSIBLE: return "not admissible";
    case CUTEGO_OVERFLOW: return "integer overflow";
    case CUTEGO_PARSE: return "parse error";
    case CUTEGO_CAPACITY: return "capacity exceeded";
    case CUTEGO_NULL_POINTER: return "null pointer";
    case CUTEGO_BUFFER_TOO_SMALL: return "buffer too small";
    case CUTEGO_INTERNAL: return "internal error";
  }
  return "unknown status";
}
