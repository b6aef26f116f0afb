/* test_pack.c — the packers' rules (pack.h) that both GEMM launchers call: which sources each
 * packer reads, the row packer's jobs, source unit, index bits and share of the blocks, and the
 * column packer's tiles and grid. Expected values worked by hand from the layouts. */
#include <stdint.h>
#include <string.h>
#include "pack.h"

#include "../check.h"

/* A flat layout (s0, s1[, s2]) of shape (m, k[, l]): rank 3 where l > 0. */
static cute_layout_t flat(int64_t m, int64_t k, int64_t l, int64_t s0, int64_t s1, int64_t s2) {
  cute_layout_t L;
  memset(&L, 0, sizeof L);
  const int r = l > 0 ? 3 : 2;
  L.leaves = r;
  L.shape[0] = m, L.shape[1] = k, L.stride[0] = s0, L.stride[1] = s1;
  if (r == 3) L.shape[2] = l, L.stride[2] = s2;
  L.nest[0] = CUTE_NEST_OPEN;
  for (int i = 1; i <= r; ++i) L.nest[i] = CUTE_NEST_LEAF;
  L.nest[r + 1] = CUTE_NEST_CLOSE;
  L.ntokens = r + 2;
  return L;
}

/* The planner's packed layout of (mn, k, l), K padded to kp: (mn, k, l):(kp, 1, mn kp). */
static cute_layout_t packed(int64_t mn, int64_t k, int64_t l, int64_t kp) { return flat(mn, k, l, kp, 1, mn * kp); }

int main(void) {
  int64_t s = -1, s2 = -1;
  /* cutego_gemm_flat_unit */
  {
    cute_layout_t rows = flat(100, 4097, 0, 4097, 1, 0), cols = flat(583, 4094, 2, 1, 591, 591 * 4094);
    CHECK(cutego_gemm_flat_unit(&rows, 1, &s, &s2) && s == 4097 && s2 == 0, "K-major rows: row stride %lld, batch %lld",
          (long long)s, (long long)s2);
    CHECK(!cutego_gemm_flat_unit(&rows, 0, &s, &s2), "K-major rows: no unit MN stride");
    CHECK(cutego_gemm_flat_unit(&cols, 0, &s, &s2) && s == 591 && s2 == 591 * 4094, "MN-major: K stride %lld, batch %lld",
          (long long)s, (long long)s2);
    cute_layout_t one = flat(1, 64, 0, 7, 3, 0);
    CHECK(cutego_gemm_flat_unit(&one, 0, &s, &s2) && s == 3, "an MN extent of 1 counts as unit stride");
    cute_layout_t nested = rows;
    nested.leaves = 3, nested.shape[2] = 1, nested.stride[2] = 0, nested.ntokens = 7;
    nested.nest[0] = CUTE_NEST_OPEN, nested.nest[1] = CUTE_NEST_LEAF, nested.nest[2] = CUTE_NEST_OPEN;
    nested.nest[3] = CUTE_NEST_LEAF, nested.nest[4] = CUTE_NEST_LEAF, nested.nest[5] = CUTE_NEST_CLOSE;
    nested.nest[6] = CUTE_NEST_CLOSE;
    CHECK(!cutego_gemm_flat_unit(&nested, 1, &s, &s2), "a nested layout is no packer's source");
  }
  /* The row packer: bf16 A 100 x 4097 and B 4096 x 4097 (rows of 8,194 bytes) into kp = 4160 */
  {
    cutego_gemm_pack_rows_t r;
    memset(&r, 0, sizeof r);
    cute_layout_t la = flat(100, 4097, 1, 4097, 1, 100 * 4097), lb = flat(4096, 4097, 1, 4097, 1, 4096 * 4097);
    cute_layout_t pa = packed(100, 4097, 1, 4160), pb = packed(4096, 4097, 1, 4160);
    cute_layout_t mn = flat(100, 4097, 1, 1, 100, 100 * 4097);
    CHECK(cutego_gemm_pack_rows_add(&r, (void *)0x10000, &pa, (const void *)0x100000, &mn, 2) == 1 && r.n == 0,
          "an MN-major source is the column packer's");
    CHECK(cutego_gemm_pack_rows_add(&r, (void *)0x10008, &pa, (const void *)0x100000, &la, 2) == -1 && r.n == 0,
          "dst off the 16-byte grid");
    cute_layout_t odd = packed(100, 4097, 1, 4100);
    CHECK(cutego_gemm_pack_rows_add(&r, (void *)0x10000, &odd, (const void *)0x100000, &la, 2) == -1,
          "packed rows of 8,200 bytes: off the 16-byte grid");
    CHECK(cutego_gemm_pack_rows_add(&r, (void *)0x10000, &pa, (const void *)0x100000, &la, 2) == 0 &&
              cutego_gemm_pack_rows_add(&r, (void *)0x200000, &pb, (const void *)0x1000000, &lb, 2) == 0 && r.n == 2,
          "A's and B's jobs");
    const cutego_gemm_pack_row_job_t *a = &r.jobs.job[0], *b = &r.jobs.job[1];
    /* 4160 bf16 = 520 vectors a row; K and the row stride 8,194 bytes; one batch: no batch stride */
    CHECK(a->vpr == 520 && a->total == 100 * 520 && a->k_bytes == 8194 && a->s0_bytes == 8194 && a->s2_bytes == 0 &&
              b->total == 4096 * 520,
          "A's job: %lld vectors a row, %lld in all", (long long)a->vpr, (long long)a->total);
    CHECK(cutego_gemm_pack_rows_add(&r, (void *)0x300000, &pb, (const void *)0x1000000, &lb, 2) == -1, "a third job");
    int unit = 0, bits = 0;
    const unsigned blocks = cutego_gemm_pack_rows_grid(&r, 132, &unit, &bits);
    /* 8,194 = 2 x 4,097: 2-byte units; 132 SMs x 8 blocks of 256 threads = 1,056 blocks shared
     * 52,000 : 2,129,920 vectors (a job wants its vectors / 1,024): A 25 (1056 x 52000 / 2181920),
     * B 1,030 */
    CHECK(unit == 2 && bits == 32, "unit %d, index bits %d", unit, bits);
    CHECK(a->blocks == 25 && b->blocks == 1030 && blocks == 1055, "blocks: A %u, B %u, all %u", a->blocks, b->blocks, blocks);
  }
  /* the unit: the widest every address, stride and K in bytes allow; 64-bit indices past 2^32 */
  {
    const struct {
      int64_t k, s0;
      uintptr_t src;
      int unit;
    } u[] = {{1000, 1000, 0x100000, 16}, {4100, 4100, 0x100000, 8}, {4098, 4098, 0x100000, 4},
             {4096, 4096, 0x100002, 2}, {4096, 4104, 0x100000, 16}, {4095, 4104, 0x100000, 2}};
    for (size_t i = 0; i < sizeof u / sizeof u[0]; ++i) {
      cutego_gemm_pack_rows_t r;
      memset(&r, 0, sizeof r);
      cute_layout_t l = flat(64, u[i].k, 1, u[i].s0, 1, 64 * u[i].s0), p = packed(64, u[i].k, 1, (u[i].k + 63) / 64 * 64);
      int unit = 0, bits = 0;
      CHECK(cutego_gemm_pack_rows_add(&r, (void *)0x10000, &p, (const void *)u[i].src, &l, 2) == 0 &&
                cutego_gemm_pack_rows_grid(&r, 132, &unit, &bits) >= 1 && unit == u[i].unit,
            "K %lld, row stride %lld, source at +%d: unit %d, want %d", (long long)u[i].k, (long long)u[i].s0,
            (int)(u[i].src % 16), unit, u[i].unit);
    }
    cutego_gemm_pack_rows_t r;
    memset(&r, 0, sizeof r);
    /* 2^22 rows of 1,024 vectors (8,192 bf16): 2^32 vectors */
    cute_layout_t l = flat(INT64_C(1) << 22, 8192, 1, 8192, 1, 0), p = packed(INT64_C(1) << 22, 8192, 1, 8192);
    int unit = 0, bits = 0;
    CHECK(cutego_gemm_pack_rows_add(&r, (void *)0x10000, &p, (const void *)0x100000, &l, 2) == 0 &&
              cutego_gemm_pack_rows_grid(&r, 132, &unit, &bits) == 1056 && bits == 64,
          "2^32 vectors: 64-bit indices (%d)", bits);
    memset(&r, 0, sizeof r);
    CHECK(cutego_gemm_pack_rows_grid(&r, 132, &unit, &bits) == 0, "no jobs: no blocks");
  }
  /* The column packer: bf16 B (583, 4094, 2) of unit N stride, pitch 591, into kp = 4096 */
  {
    cutego_gemm_pack_cols_job_t jb;
    unsigned blocks = 0;
    cute_layout_t lb = flat(583, 4094, 2, 1, 591, 591 * 4094), pb = packed(583, 4094, 2, 4096);
    CHECK(cutego_gemm_pack_cols_job(&jb, &blocks, (void *)0x10000, &pb, (const void *)0x100000, &lb, 2, 132) == 0,
          "N-major B");
    /* tiles of 64 x 64: 10 along N, 64 along K, 2 batches = 1,280, on at most 1,056 blocks */
    CHECK(jb.mn == 583 && jb.k == 4094 && jb.l == 2 && jb.kp == 4096 && jb.s1 == 591 && jb.s2 == 591 * 4094 &&
              jb.tiles_mn == 10 && jb.tiles_k == 64 && blocks == 1056,
          "job: %lld x %lld tiles, %u blocks", (long long)jb.tiles_mn, (long long)jb.tiles_k, blocks);
    cute_layout_t one = flat(583, 4094, 1, 1, 591, 12345), p1 = packed(583, 4094, 1, 4096);
    CHECK(cutego_gemm_pack_cols_job(&jb, &blocks, (void *)0x10000, &p1, (const void *)0x100000, &one, 1, 132) == 0 &&
              jb.s2 == 0 && blocks == 640,
          "one batch: no batch stride; 640 tiles, as many blocks");
    cute_layout_t rows = flat(583, 4094, 1, 4094, 1, 0);
    CHECK(cutego_gemm_pack_cols_job(&jb, &blocks, (void *)0x10000, &p1, (const void *)0x100000, &rows, 2, 132) == 1,
          "a K-major source is the row packer's");
    CHECK(cutego_gemm_pack_cols_reads(&lb) && cutego_gemm_pack_cols_reads(&one) && !cutego_gemm_pack_cols_reads(&rows),
          "the column packer reads the MN-major sources only");
    CHECK(cutego_gemm_pack_cols_job(&jb, &blocks, (void *)0x10004, &p1, (const void *)0x100000, &one, 2, 132) == -1,
          "dst off the 16-byte grid");
    cute_layout_t p8 = packed(583, 4094, 1, 4100);
    CHECK(cutego_gemm_pack_cols_job(&jb, &blocks, (void *)0x10000, &p8, (const void *)0x100000, &one, 1, 132) == -1,
          "FP8 rows of 4,100 bytes: off the 16-byte grid");
  }
  printf("test_pack: %d checks, %d failures\n", checks, fails);
  return fails != 0;
}
