#!/usr/bin/env bash
# One device call. Carry build/carry/s40: lib.a.gz (16ff284's library), new/ (cutego_gemm.o of 967bb3f
# and waves.c's object of 6766b23: few_rows), fp8c/ (waves.c's object with FP8's 2x1 clusters where B
# is read in place off the 128-byte grid), go/ (this tree's gpu.test and the modules).
# 1. The tree's test_gemm (the plan-memo check now expects 64 x 64 x 32 on 64x32 tiles) and
#    test_gemm_fp8 (two cases must take 2x1 clusters automatically: 448 x 16816 x 496, 384 x 6144 x
#    496); package gpu's device tests (FP8 256 x 12288 x 208 likewise). Predicted: all pass.
# 2. The automatic plan (variant 0:0:0) of 6766b23 and of the tree in turn, two rounds each, on the
#    two unseen FP8 shapes the rule moves, the two test shapes, and three it leaves (B packed, on the
#    grid, A packed). Predicted: 448 x 16816 x 496 and 720 x 9984 x 3888 1.2-1.3x, the three the same.
set -u
G=$PWD/.devwork/s40b; . bench/device/env.sh; . bench/device/steps.sh
C=build/carry/s40; R=bench/results/2026-12-06-s39
export D=$G/t; mkdir -p $D $G/old
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
gunzip -c $C/lib.a.gz > $G/old/lib.a || echo "CARRY-FAIL" >> $S
ar r $G/old/lib.a $C/new/cutego_gemm.o $C/new/gemm_split_k.o
mkdir -p $G/fp8c && cp $C/fp8c/gemm_split_k.o $G/fp8c/ && cp $G/old/lib.a $D/lib.a && ar r $D/lib.a $G/fp8c/gemm_split_k.o
lk() { $NVCC $F -I$CUDA/include $2.cu $1/lib.a $LK -o $1/$(basename $2) > $1/link_$(basename $2).log 2>&1 || echo "LINK-FAIL $1 $2" >> $S; }
lk $D csrc/gemm/test_gemm & lk $D csrc/gemm/test_gemm_fp8 & lk $D bench/bench_gemm_fp8 & lk $G/old bench/bench_gemm_fp8 & wait
echo "linked at $(el)s" >> $S
run_test 120 test_gemm
grep -E "plan memo" $OUT/test_gemm.log | cut -c1-200 >> $S
run_test 60 test_gemm_fp8
grep -E "auto clusters" $OUT/test_gemm_fp8.log | cut -c1-200 >> $S
FS="448,16816,496 720,9984,3888 384,6144,496 256,12288,208 8768,1440,480 2688,30592,384 300,16640,3696"
for r in 1 2; do
  for v in old tree; do
    b=$D/bench_gemm_fp8; [ $v = old ] && b=$G/old/bench_gemm_fp8
    timeout 60 $b $G/fp8_${v}_$r.csv $(for s in $FS; do echo --shape $s; done) --variants 0:0:0 --rounds 1 > $G/fp8_${v}_$r.log 2>&1
    echo "fp8 $v round $r rc=$? ($(el)s)" >> $S
  done
done
python3 - $G >> $S <<'PY'
import csv, sys, glob, math, collections
g = sys.argv[1]; r = collections.defaultdict(lambda: collections.defaultdict(list)); why = {}
for v in ('old', 'tree'):
    for f in glob.glob(f'{g}/fp8_{v}_*.csv'):
        for x in csv.DictReader(open(f)):
            k = (int(x['m']), int(x['n']), int(x['k']))
            r[k][v].append((float(x['ms']), float(x['ratio']))); why[k, v] = x['reason'][:70]
print('| M x N x K | old us | tree us | old/tree | to cuBLASLt old | tree | tree plan |')
print('|---|---:|---:|---:|---:|---:|---|')
lo, lt = [], []
for k in sorted(r):
    o, t = r[k]['old'], r[k]['tree']
    if not o or not t: continue
    om, tm = min(a for a, _ in o), min(a for a, _ in t)
    orat, trat = max(b for _, b in o), max(b for _, b in t)
    lo.append(orat); lt.append(trat)
    print(f'| {k[0]} x {k[1]} x {k[2]} | {om*1e3:.1f} | {tm*1e3:.1f} | {om/tm:.3f} | {orat:.3f} | {trat:.3f} | {why[k, "tree"]} |')
gm = lambda l: math.exp(sum(map(math.log, l)) / len(l))
print(f'geomean to cuBLASLt: old {gm(lo):.3f}, tree {gm(lt):.3f} over {len(lo)} shapes')
PY
E=$C/go
(cd $E && for z in *.gz; do gunzip -f "$z"; done && chmod +x gpu.test)
GOENV="CUTEGO_CUBIN=$PWD/$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$PWD/$E/cutego_gemm.cubin:$PWD/$E/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 120 ../$E/gpu.test -test.v -test.count=1 -test.run 'GemmFP8OnDevice' > $G/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- |FAIL|ok|PASS)|panic|12288" $G/gpu_test.log | cut -c1-220 | head -30 >> $S
(cd $G && tar czf $OUT/fp8.tgz fp8_*.csv fp8_*.log gpu_test.log 2>/dev/null)
echo "all done at $(el)s" >> $S
cat $S
