#!/usr/bin/env bash
# One device call: fp8_wide as landed, A's or B's rows off the 128-byte grid (waves_v15.o, in the
# folder v14), against the tree before it (v12), in turn, two rounds, on 32 fresh random TN shapes
# it moves (f8w.txt, seed 4420, 184 of 3,000): each binary's automatic plan beside cuBLASLt in its
# process (bench_gemm_fp8 --variants 0:0:0). Predicted from calls 12-13: 1.1-1.2x, none below
# 0.95x. Then test_gemm_fp8 on it.
set -u
G=/tmp/s44n; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s42d; Q=bench/results/2026-12-07-s44; K=build/carry/s44
export D=$G/v14; mkdir -p $D/x $G/v12/x
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/base.a || echo "CARRY-FAIL" >> $S
cp $K/waves_v12.o $G/v12/x/gemm_split_k.o && cp $K/plan_v10.o $G/v12/x/gemm_plan.o
cp $K/waves_v15.o $D/x/gemm_split_k.o && cp $K/plan_v10.o $D/x/gemm_plan.o
for v in v12 v14; do cp $G/base.a $G/$v/lib.a && ar r $G/$v/lib.a $G/$v/x/gemm_split_k.o $G/$v/x/gemm_plan.o; done
$NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $G/v12/lib.a $LK -o $G/v12/bench_gemm_fp8 > $G/link_v12.log 2>&1 || echo "LINK-FAIL v12" >> $S &
link_bins bench/bench_gemm_fp8 csrc/gemm/test_gemm_fp8
wait
SH=$(sed 's/^/--shape /' $Q/f8w.txt)
for r in 1 2; do for v in v12 v14; do
  timeout 120 $G/$v/bench_gemm_fp8 $G/${v}_$r.csv $SH --variants 0:0:0 > $G/${v}_$r.log 2>&1 || echo "$v $r: exit $?" >> $S
done; echo "round $r at $(el)s" >> $S; done
python3 - $G >> $S <<'PY'
import csv, math, sys, glob
def load(v):
    t = {}
    for f in glob.glob(f"{sys.argv[1]}/{v}_*.csv"):
        for r in csv.DictReader(open(f)):
            k = (int(r["m"]), int(r["n"]), int(r["k"]))
            t.setdefault(k, []).append((float(r["ms"]), float(r["ratio"]), r["reason"][:40]))
    return t
a, b = load("v12"), load("v14")
q = []
for k in sorted(a):
    if k not in b: continue
    g = min(x[0] for x in a[k]) / min(x[0] for x in b[k]); q.append(g)
    print(k, f"{g:.3f}", f"to cuBLASLt {max(x[1] for x in a[k]):.3f} -> {max(x[1] for x in b[k]):.3f}", b[k][0][2])
print(f"v12 -> v14: {len(q)} shapes, geomean {math.exp(sum(map(math.log, q)) / len(q)):.3f}, min {min(q):.3f}, max {max(q):.3f}, below 0.97: {sum(x < 0.97 for x in q)}")
PY
cp $G/v1*_1.csv $OUT/ 2>/dev/null
run_test 100 test_gemm_fp8
echo "all done at $(el)s" >> $S
