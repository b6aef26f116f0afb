/* cutego_tma.h — the copy planner and tensor-map encoder of libcutego_kernels (host side,
 * plain C: csrc/tma/plan.c, csrc/tma/encode.c), used by the Hopper copy kernels
 * (cutego_kernels.h). A kernel header: `make install` installs it only with its library.
 *
 * The descriptor type cutego_tma_desc_t and the tensor-map limits CUTEGO_TMA_* are plain
 * values of cutego_types.h, shared with libcutego's Go derivation (cutego.h:
 * cutego_tma_derive, cutego_tma_check).
 *
 * cutego_copy_plan() decides how dst[dst_layout(i)] = src[src_layout(i)] for all i runs on
 * Hopper: a TMA copy (load box, store the same box), a TMA permute (load a box whose inner
 * dimension is the source's contiguous mode, transpose it through a 128-byte-swizzled shared
 * tile, store a box whose inner dimension is the destination's contiguous mode), or the
 * generic kernel that evaluates both layouts per element. It needs no GPU.
 *
 * Errors: these functions return 0 or -1 with the reason in a buffer of the caller's
 * (plan->reason, why), not libcutego's status codes and cutego_last_error: libcutego_kernels
 * does not link libcutego.
 */
#ifndef CUTEGO_TMA_H
#define CUTEGO_TMA_H

#include <stddef.h>
#include <stdint.h>
#include "cutego_types.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  CUTEGO_COPY_PATH_NONE = 0,        /* nothing to copy (size 0) */
  CUTEGO_COPY_PATH_TMA_COPY = 1,    /* TMA load + TMA store of the same box */
  CUTEGO_COPY_PATH_TMA_PERMUTE = 2, /* TMA load, swizzled smem transpose, TMA store */
  CUTEGO_COPY_PATH_GENERIC = 3      /* per-element evaluation of both layouts */
};

/* Tile iteration of the TMA kernels (passed by value to them). */
typedef struct cutego_tile_grid_t {
  int32_t rank;        /* rank of the iteration space (== rank of the source map) */
  int32_t elem_bytes;  /* user element size, 1..16 */
  int32_t box[5];      /* tile extent per source-map dimension (elements of the map type) */
  int32_t tiles[5];    /* number of tiles per source-map dimension */
  int32_t perm[5];     /* destination-map dimension d takes source-map dimension perm[d] */
  int32_t stages;      /* shared-memory stages (TMA copy) */
  int32_t stage_bytes; /* bytes per stage */
  int32_t flags;       /* CUTEGO_TILE_GRID_* bits (below) */
  int64_t ntiles;      /* product of tiles[] */
  int64_t dims[5];     /* source-map extents (elements of the map type) */
  /* TMA permute with CUTEGO_TILE_GRID_GROUPED_STORE: the destination map's rank, and the
   * coordinate of its dimension d for output subtile s of the tile with per-dimension indices
   * ti: (perm[d] >= 0 ? ti[perm[d]] * store_mul[d] : 0) + s * store_step[d]; a subtile whose
   * stepped coordinate reaches dims[perm[d]] is not stored. */
  int32_t store_rank;
  int32_t store_mul[5];
  int32_t store_step[5];
} cutego_tile_grid_t;

/* cutego_tile_grid_t.flags. TMA copy: loads / stores with an L2 evict-first cache policy.
 * TMA permute: the destination map has rank + 1 and one box stores the whole output tile. */
#define CUTEGO_TILE_GRID_LOAD_EVICT_FIRST (1 << 0)
#define CUTEGO_TILE_GRID_STORE_EVICT_FIRST (1 << 1)
#define CUTEGO_TILE_GRID_WHOLE_TILE_STORE (1 << 2)
/* TMA permute whose contiguous modes are shorter than the tile (128 bytes of the source's, 128
 * elements of the destination's): the tile groups them with a second mode each (the source's
 * contiguous mode with the mode that continues it in memory, the destination's with another
 * mode), the output subtiles are written unswizzled and stored per subtile with the
 * store_* coordinates (rank store_rank, no swizzle). */
#define CUTEGO_TILE_GRID_GROUPED_STORE (1 << 3)

typedef struct cutego_copy_plan_t {
  int32_t path;            /* CUTEGO_COPY_PATH_* */
  int32_t elem_bytes;      /* user element size */
  int64_t size;            /* elements copied */
  cutego_tma_desc_t src;   /* TMA paths: the source tensor map */
  cutego_tma_desc_t dst;   /* TMA paths: the destination tensor map */
  cutego_tile_grid_t grid; /* TMA paths */
  /* TMA paths: a tensor store writes whole 16-byte chunks at the end of the destination's
   * contiguous dimension, so the TMA part covers that dimension rounded down to 16 bytes and
   * the last columns (fewer than 16 bytes' worth) go to the generic kernel as this tail. */
  int32_t has_tail;
  int32_t reserved;
  int64_t tail_src_offset; /* elements, added to src for the tail */
  int64_t tail_dst_offset; /* elements, added to dst for the tail */
  cute_layout_t tail_src, tail_dst;
  char reason[160];        /* why this path was taken (always set) */
} cutego_copy_plan_t;

/* Options: force a path (0 = automatic) and tune the TMA copy pipeline (0 = default). */
typedef struct cutego_copy_options_t {
  int32_t force_path;
  int32_t stages;
  int32_t stage_bytes;
  int32_t ctas_per_sm;
  int32_t cache_hints;  /* CUTEGO_COPY_* bits (below) */
  int32_t l2_promotion; /* tensor maps' L2 promotion: 0 = 256 B, -1 none, 64, 128, 256 */
} cutego_copy_options_t;

/* cutego_copy_options_t.cache_hints. TMA copy: loads / stores evict-first in L2 (they become
 * the grid's CUTEGO_TILE_GRID_LOAD/STORE_EVICT_FIRST). TMA permute: one store per 128-byte
 * block instead of one box for the whole tile (no CUTEGO_TILE_GRID_WHOLE_TILE_STORE). */
#define CUTEGO_COPY_LOAD_EVICT_FIRST CUTEGO_TILE_GRID_LOAD_EVICT_FIRST
#define CUTEGO_COPY_STORE_EVICT_FIRST CUTEGO_TILE_GRID_STORE_EVICT_FIRST
#define CUTEGO_COPY_BLOCK_STORES (1 << 2)
/* TMA permute: never group short contiguous modes (no CUTEGO_TILE_GRID_GROUPED_STORE): the
 * plan before grouping, for comparisons. */
#define CUTEGO_COPY_NO_GROUPING (1 << 3)

/* A kernel launch as the planners derive it (cutego_copy_launch, cutego_gemm_launch): the C and
 * Go launchers read it instead of repeating the rules. */
typedef struct cutego_launch_t {
  int64_t grid;       /* CTAs along x */
  int32_t block;      /* threads per CTA */
  int32_t smem_bytes; /* dynamic shared memory per CTA */
  int32_t cluster;    /* CTAs per cluster along x (1: no cluster launch) */
  int32_t bytewise;   /* generic copy: an address is off the element grid, so the byte-wise kernel */
  int32_t programmatic; /* launch with programmatic stream serialization (a programmatic dependent
                           launch): the kernel waits for the one before it (griddepcontrol.wait)
                           before it touches memory, and lets the one after it launch early */
  char kernel[64];    /* the kernel's extern "C" name */
} cutego_launch_t;

/* Plans the copy. dst_addr/src_addr are the base addresses (for the 16-byte alignment check).
 * Returns 0, or -1 with an explanation in plan->reason when the copy is invalid: a size
 * mismatch, an unsupported element size, a layout whose size or byte offsets overflow int64,
 * a destination that may write an element twice (a stride-0 leaf, two coordinates that meet,
 * or strides from which injectivity cannot be proven: csrc/planner.h), a forced path that
 * cannot be taken. Only the layouts' leaves are read (the nest is not). */
int cutego_copy_plan(const cute_layout_t *dst, const cute_layout_t *src, size_t elem_bytes,
                     uintptr_t dst_addr, uintptr_t src_addr, const cutego_copy_options_t *opt,
                     cutego_copy_plan_t *plan);

/* The launch of a plan's kernel on a device of `sms` multiprocessors whose blocks may opt into
 * smem_optin bytes of shared memory (TMA paths: one stage pipeline per CTA, as many CTAs per SM
 * as fit, at most 2 for the permute, opt->ctas_per_sm when set, at most one per tile; the
 * generic path: cutego_copy_generic_launch of the plan's size). dst and src are the addresses
 * of the copy. Returns 0, or -1 when the pipeline needs more shared memory than smem_optin
 * (launch->smem_bytes says how much). Nothing to launch (path none): grid 0. */
int cutego_copy_launch(const cutego_copy_plan_t *plan, const cutego_copy_options_t *opt, int32_t sms,
                       int32_t smem_optin, uintptr_t dst, uintptr_t src, cutego_launch_t *launch);

/* The generic copy kernel's launch for n elements of elem_bytes: 256 threads, a CTA per 256
 * elements up to 16 per SM, and the byte-wise kernel when dst or src is off the element grid.
 * (A TMA plan's tail is launched with it: n = the tail's size, the tail's addresses.) */
void cutego_copy_generic_launch(int64_t n, int32_t elem_bytes, uintptr_t dst, uintptr_t src, int32_t sms,
                                cutego_launch_t *launch);

/* The name of a CUTEGO_COPY_PATH_* ("none", "tma-copy", "tma-permute", "generic"). */
const char *cutego_copy_path_name(int path);

/* Checks a descriptor against the hardware rules (the limits above, elem_bytes 1, 2, 4 or 8,
 * strides[0] == elem_bytes, swizzle 0, 32, 64 or 128 bytes with an inner box no wider, an
 * inner box of a multiple of 16 bytes) and addr's 16-byte alignment; 0 or -1 with a message
 * in why. */
int cutego_tma_desc_check(const cutego_tma_desc_t *d, uintptr_t addr, char *why, size_t whylen);

/* Encodes a descriptor into a 128-byte CUtensorMap (tmap must be 64-byte aligned) with the
 * given cuTensorMapEncodeTiled function pointer (from the driver, or from
 * cudaGetDriverEntryPointByVersion). Returns the CUresult, or -1 on a descriptor error. */
typedef int (*cutego_encode_tiled_fn)(void *tmap, int dtype, uint32_t rank, void *gaddr,
                                      const uint64_t *dims, const uint64_t *strides,
                                      const uint32_t *box, const uint32_t *estrides,
                                      int interleave, int swizzle, int l2promo, int oobfill);
int cutego_tma_encode(void *tmap, const cutego_tma_desc_t *d, void *gaddr,
                      cutego_encode_tiled_fn fn);

#ifdef __cplusplus
}
#endif
#endif /* CUTEGO_TMA_H */
