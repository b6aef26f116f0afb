/* encode.c — cutego_tma_desc_t -> CUtensorMap through cuTensorMapEncodeTiled. Plain C; the
 * caller passes the driver function (no link-time dependency on libcuda). */
#include "cutego_tma.h"

/* CUtensorMapDataType values (cuda.h): UINT8 0, UINT16 1, UINT32 2, UINT64 4. */
static int dtype_of(int bytes) {
  switch (bytes) {
    case 1: return 0;
    case 2: return 1;
    case 4: return 2;
    case 8: return 4;
  }
  return -1;
}

int cutego_tma_encode(void *tmap, const cutego_tma_desc_t *d, void *gaddr, cutego_encode_tiled_fn fn) {
  if (!tmap || !d || !fn || ((uintptr_t)tmap % 64)) return -1;
  if (cutego_tma_desc_check(d, (uintptr_t)gaddr, 0, 0) != 0) return -1;
  uint64_t dims[5], strides[5];
  uint32_t box[5], es[5];
  for (int i = 0; i < d->rank; ++i) {
    dims[i] = (uint64_t)d->dims[i];
    strides[i] = (uint64_t)(i + 1 < d->rank ? d->strides[i + 1] : 0);
    box[i] = (uint32_t)d->box[i];
    es[i] = (uint32_t)d->elem_strides[i];
  }
  /* CUtensorMapSwizzle: NONE 0, 32B 1, 64B 2, 128B 3 */
  int sw = d->swizzle_bytes == 128 ? 3 : d->swizzle_bytes == 64 ? 2 : d->swizzle_bytes == 32 ? 1 : 0;
  /* CUtensorMapL2promotion: NONE 0, 64B 1, 128B 2, 256B 3 */
  int l2 = d->l2_promotion == -1 ? 0 : d->l2_promotion == 64 ? 1 : d->l2_promotion == 128 ? 2 : 3;
  /* interleave NONE, OOB fill NONE */
  return fn(tmap, dtype_of(d->elem_bytes), (uint32_t)d->rank, gaddr, dims, strides, box, es, 0, sw, l2, 0);
}
