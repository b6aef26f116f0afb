// The C side of libcutego's error reporting: the per-thread message of the last failure
// and the static status strings. The message lives in C thread-local storage: Go code that
// runs an exported function stays on the C caller's thread for the whole call, so the
// buffer capi_error_buffer returns there is exactly that thread's.
#include <string.h>

#include "capi.h"

/* The message, NUL included, fits CUTEGO_LAST_ERROR_MAX bytes: status.go's setError clips
 * it (valid UTF-8, cut at a character boundary) before it writes it here. */
static __thread char capi_err[CUTEGO_LAST_ERROR_MAX];
static __thread size_t capi_err_len;

/* utf8_cut: the largest k <= n that does not split the UTF-8 character at s[k] (s[k] is
 * not a continuation byte 10xxxxxx), for a prefix s[0..k) of a longer text. */
static size_t utf8_cut(const char *s, size_t n) {
  while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) --n;
  return n;
}

/* Go writes a message straight into the calling thread's buffer (capi_error_buffer) and
 * then sets its length (capi_error_commit): C never reads Go memory, which memcheck cannot
 * follow. */
char *capi_error_buffer(void) { return capi_err; }

void capi_error_commit(size_t n) {
  if (n >= CUTEGO_LAST_ERROR_MAX) n = utf8_cut(capi_err, CUTEGO_LAST_ERROR_MAX - 1); /* never: Go clips */
  capi_err[n] = 0;
  capi_err_len = n;
}

size_t cutego_last_error(char *buf, size_t n) {
  size_t len = capi_err_len;
  if (buf != NULL && n > 0) {
    size_t k = len;
    if (k > n - 1) k = utf8_cut(capi_err, n - 1); /* capi_err[n-1] exists: n-1 < len */
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
