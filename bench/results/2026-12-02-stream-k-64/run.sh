#!/usr/bin/env bash
# Stream-K on 64x64 tiles on the H200: builds this tree, runs test_gemm in full and memcheck on the
# small 64x64 stream-K cases, then bench_gemm bf16 TN --graph on decode shapes twice, alternated:
# the automatic choice, and 64x64 stream-K forced (--config 6 --decomposition 3); each run times
# cuBLAS in the same process.
# Predicted: where 64x64 tiles leave SMs idle (N = 6144: 96 tiles; N = 11008 / 14336 run on 86 / 112
# tiles of 128x128 whose second consumer is idle at M <= 64) stream-K streams B on all 132 SMs:
# 8x6144x4096 15.0 -> ~13 us, 8x11008x4096 25.7 -> ~23, 8x14336x4096 31.1 -> ~29.5; no gain where
# 64x64 already splits K in one wave (N = 4096).
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
t0=$(date +%s); S=$OUT/summary.txt; G=/tmp/sk64; mkdir -p $G; el() { echo $(( $(date +%s)-t0 )); }
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_test.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_bench.log 2>&1 &
wait
echo "built at $(el)s" >> $S; grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S; grep -c "C75[0-9][0-9]" $G/lib.log >> $S
timeout 150 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S
grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -12 >> $S
timeout 120 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm \
  --filter "stream-K 64x64 KK bf16->bf16,stream-K 64x64 KN f16->f32,stream-K 64x64 MK bf16->f16,stream-K 64x64 MN bf16->f32,stream-K 64x64 batched B broadcast,stream-K 64x64 K=8 (one k-tile),64x32 auto 16x4096x14336" \
  > $OUT/memcheck.log 2>&1; echo "memcheck rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $OUT/memcheck.log | tail -3 >> $S
SH=""; for m in 1 8 16 32 64; do for nk in 6144,4096 11008,4096 14336,4096 4096,4096 4096,14336; do SH="$SH --shape $m,$nk"; done; done
for r in 1 2; do
  timeout 100 $D/bench_gemm $G/auto_$r.csv --graph --dtype bf16 $SH > $G/auto_$r.log 2>&1 || echo "auto $r: exit $?" >> $S
  timeout 100 $D/bench_gemm $G/sk_$r.csv --graph --dtype bf16 --config 6 --decomposition 3 $SH > $G/sk_$r.log 2>&1 || echo "sk $r: exit $?" >> $S
  echo "round $r at $(el)s" >> $S
done
python3 - "$G" >> $S <<'PY'
import csv, glob, sys, collections
G = sys.argv[1]
best = collections.defaultdict(dict); lt = collections.defaultdict(list); how = {}
for kind in ("auto", "sk"):
    for f in sorted(glob.glob(f"{G}/{kind}_*.csv")):
        for r in csv.DictReader(open(f)):
            key = (int(r["m"]), int(r["n"]), int(r["k"]))
            t = min(float(r["ms_ours"]), float(r["ms_ours_again"])) * 1000
            best[key][kind] = min(best[key].get(kind, 1e9), t)
            lt[key].append(min(float(r["ms_cublaslt"]), float(r["ms_gemmex"])) * 1000)
            if kind == "auto": how[key] = f'cfg {r["config"]} split {r["split_k"]} dec {r["decomposition"]}'
print("| M x N x K | auto us | 64x64 stream-K us | auto/SK | cuBLAS us | auto ratio | SK ratio | auto plan |")
for key in sorted(best):
    a, s, c = best[key].get("auto", 0), best[key].get("sk", 0), min(lt[key])
    print(f"| {key[0]}x{key[1]}x{key[2]} | {a:.2f} | {s:.2f} | {a/s:.3f} | {c:.2f} | {c/a:.3f} | {c/s:.3f} | {how.get(key,'')} |")
PY
tar czf $OUT/logs.tgz -C /tmp sk64
echo "done at $(el)s" >> $S; cat $S
