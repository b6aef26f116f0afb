#!/usr/bin/env bash
# Two things in one device call (one build of the tree with pf.patch applied):
# 1. Tensor-map prefetch (pf.patch): one thread of each CTA prefetches A's, B's (and D's) tensor
#    maps before the barriers are initialized, as CUTLASS's kernels do. The tree's units against
#    the same units without it (variant "pre"), alternated, CUDA graphs. Predicted: a fixed
#    0.3-0.8 us less per kernel: 256^3-1024^3 and M <= 128 decode shapes 3-10% faster, 4096^3 and
#    the long shapes unchanged (+-1%).
# 2. Where the warps wait: ncu's warp-state sampling per SASS instruction (source page) for ours
#    and cuBLAS's kernel on 512x4096x4096 (both 128x128 tiles, 128 CTAs; our tensor pipe 66% busy
#    against cuBLAS's 76%) and 128x6144x4096 (our 64x128 against cuBLAS's 64x96). Predicted:
#    our consumer warps sample mostly at the full barrier's try_wait (data late) rather than at
#    wgmma's wait (the tensor pipe the bound).
# 3. 2x1 clusters on row pitches off the 128-byte grid (K = 1000, 1800, 3000, 5000: each 128-byte
#    box row spans two L2 lines). The cluster fit's one gainer, 1000^3 (64x128 in clusters 1.15x),
#    is the fit's one such shape. Predicted: clusters gain >= 5% on these shapes with every tile
#    (multicast halves B's reads, which cost double there), and not on aligned shapes (1024^3).
# Usage (repo root, $OUT set): patch -p1 < bench/results/2026-12-03-pf-ncu/pf.patch && bash bench/results/2026-12-03-pf-ncu/run.sh
set -u
grep -q prefetch_tensormaps_and_init kernels/gemm_kernels.cuh || { echo "apply pf.patch first"; exit 2; }
G=/tmp/pf; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-pf-ncu
variant_prepare pre $R/pf.patch -R
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
variant_compile pre:gemm_128x128_kk pre:gemm_128x256_kk pre:gemm_64x128_kk pre:gemm_64x64_kk pre:gemm_64x32_kk pre:gemm_128x64_kk pre:gemm_128x192_kk
wait; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/variants.log >> $S
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_t.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_b.log 2>&1 &
variant_link pre &
wait
echo "built at $(el)s" >> $S
timeout 120 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -6 >> $S
SH=""; for s in 256,256,256 512,512,512 1000,1000,1000 1024,1024,1024 16,4096,4096 64,4096,4096 128,4096,4096 128,6144,4096 512,4096,4096 2048,2048,2048 4096,4096,4096; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 150 bash bench/gemm_ab.sh $G/ab 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "ab at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
# where the warps wait
for sh in 512,4096,4096 128,6144,4096; do
  for o in "ours:cutego_gemm" "cublas:nvjet|xmma|sm90_gemm"; do
    name=${o%%:*}; kre=${o#*:}
    timeout 100 $CUDA/bin/ncu --kernel-name "regex:$kre" --launch-skip 1 --launch-count 1 --section SpeedOfLight \
      --section WarpStateStats --section SourceCounters --section LaunchStats -f -o $G/${name}_$sh $D/bench_gemm $G/ncu.csv --dtype bf16 --reps 1 --shape $sh > $G/ncu_${name}_$sh.log 2>&1
    echo "ncu $name $sh rc=$? ($(el)s)" >> $S
    $CUDA/bin/ncu -i $G/${name}_$sh.ncu-rep --page details > $G/details_${name}_$sh.txt 2>&1
    $CUDA/bin/ncu -i $G/${name}_$sh.ncu-rep --page raw --csv > $G/raw_${name}_$sh.csv 2>&1
    $CUDA/bin/ncu -i $G/${name}_$sh.ncu-rep --page source --csv --print-source sass > $G/sass_${name}_$sh.csv 2>&1
    { echo "=== $name $sh"; grep -E "^  [a-zA-Z_].*\(|Duration|Warp Cycles Per Issued|Issued Warp Per|No Eligible|Active Warps Per|Eligible Warps|Registers Per|Compute \(SM\) Throughput|Memory Throughput" $G/details_${name}_$sh.txt | head -20;
      python3 $R/sass_top.py $G/sass_${name}_$sh.csv 30; } >> $OUT/where.txt 2>&1
  done
done
echo "ncu at $(el)s" >> $S
python3 - $G >> $OUT/stalls.txt 2>&1 <<'EOF'
# the warp-state samples by reason, from each report's raw page (smsp__pcsamp_warps_issue_stalled_*)
import csv, glob, os, sys
for f in sorted(glob.glob(os.path.join(sys.argv[1], "raw_*.csv"))):
    rows = [r for r in csv.reader(open(f)) if r]
    h = next((i for i, r in enumerate(rows) if "Kernel Name" in r), None)
    if h is None: print(f, "no header"); continue
    head, vals = rows[h], rows[h + 2] if len(rows) > h + 2 else []
    st = [(float(v.replace(",", "")), c) for c, v in zip(head, vals) if c.startswith("smsp__pcsamp_warps_issue_stalled_") and not c.endswith("_not_issued") and v.replace(",", "").replace(".", "").isdigit()]
    tot = sum(v for v, _ in st) or 1
    print("==", os.path.basename(f), vals[head.index("Kernel Name")][:60] if "Kernel Name" in head else "")
    for v, c in sorted(st, reverse=True)[:10]:
        print(f"  {100 * v / tot:5.1f}%  {c[len('smsp__pcsamp_warps_issue_stalled_'):]}")
EOF
cat $OUT/stalls.txt >> $S
OFF=""; for s in 1000,1000,1000 2000,3000,1000 3000,5000,1000 1800,1800,1800 3000,3000,3000 1000,4096,3000 512,4096,5000 4096,4096,1000 1024,1024,1024; do OFF="$OFF --shape $s"; done
for o in auto: c64x128:"--config 8 --split-k 1" c128:"--config 2 --split-k 1" c256:"--config 1 --split-k 1"; do
  name=${o%%:*}; opts=${o#*:}
  timeout 90 $D/bench_gemm $G/cl_$name.csv --graph --dtype bf16 --reps 5 --cluster 2 --ab-cluster $opts $OFF > $G/cl_$name.log 2>&1 || echo "cl $name rc=$?" >> $S
  { echo "== clusters, $name"; grep -E "ours|clusters" $G/cl_$name.log | sed 's/  */ /g' | cut -c1-150; } >> $OUT/clusters.txt
done
echo "clusters at $(el)s" >> $S; grep -E "==|clusters" $OUT/clusters.txt | grep -o "==.*\|clusters [0-9.]*x" | tr '\n' ' ' >> $S; echo >> $S
tar czf $OUT/ncu.tgz -C $G $(cd $G && ls sass_*.csv details_*.txt raw_*.csv ncu_*.log)
tar czf $OUT/logs.tgz -C $G ab $(cd $G && ls *.log cl_*.csv)
echo "done at $(el)s" >> $S
cat $S
