// launch.h — what the C launchers of kernels/ share (cutego_copy.cu defines it): the calling
// thread's last error, device facts, the driver's tensor-map encoder, the shared-memory opt-in.
#pragma once
#include "cutego_tma.h"

namespace cutego_k {
struct DevInfo {
  int sms = 0, smem_optin = 0, major = 0;
};
// Formats the thread's last error (cutego_kernels_last_error) and returns code.
int fail(int code, const char *fmt, ...);
// The calling thread's last error message (what cutego_kernels_last_error copies out).
const char *last_error();
int dev_info(DevInfo *d);
cutego_encode_tiled_fn encode_fn(void);
int set_smem(const void *fn, int bytes);
}  // namespace cutego_k
