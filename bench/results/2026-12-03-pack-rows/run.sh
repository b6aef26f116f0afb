#!/usr/bin/env bash
# Two things in one device call (one build of the tree):
# 1. The row-packing copy (cutego_gemm.cu's gemm_pack_k_rows) with a warp per row and 4 loads in
#    flight per lane (pack.patch), against the copy before it (a block per row, one load per
#    thread): correctness (test_gemm in full, memcheck on the packed cases), the copy kernel's time
#    by ncu on both, and the whole GEMM before/after on the shapes the planner packs.
#    Predicted: the copy from ~2.0-2.4 TB/s (read + written) to >= 3.5; 3000x5000x1000 68.1 ->
#    ~62 us (0.749 -> ~0.82 of cuBLAS), 100x4096x4100 43.6 -> ~35 us (0.666 -> ~0.83); unpacked
#    shapes unchanged.
# 2. The cluster fit: the automatic plan against each 16-bit tile unsplit in 2x1 clusters (with
#    --ab-cluster: the same tile without clusters in the same process) on the one-wave class, two
#    passes; variants.md by ../2026-12-02-one-wave/variants.py. Predicted: 128x128 in clusters beats
#    the automatic plan by 2-5% only at M = 512-1024 with K >= 8192; nowhere else by more than 2%.
# Usage (repo root, $OUT set, pack.patch applied): bash bench/results/2026-12-03-pack-rows/run.sh
set -u
grep -q kPackUnroll kernels/cutego_gemm.cu || { echo "apply pack.patch first"; exit 2; }
G=/tmp/pk; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-pack-rows
variant_prepare pre $R/pack.patch -R
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
variant_compile pre:cutego_gemm
wait; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/variants.log >> $S
$NVCC $F -I$CUDA/include csrc/gemm/test_gemm.cu $D/lib.a $LK -o $D/test_gemm > $G/link_t.log 2>&1 &
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_b.log 2>&1 &
variant_link pre &
wait
echo "built at $(el)s" >> $S
timeout 120 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -6 >> $S
timeout 90 $CUDA/bin/compute-sanitizer --tool memcheck --error-exitcode 3 $D/test_gemm --filter "packed rows,pitch" > $G/memcheck.log 2>&1
echo "memcheck packed rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $G/memcheck.log | tail -2 >> $S
# the copy kernel alone: ncu's duration and DRAM bytes, before and after
for b in pre:$G/pre/bench_gemm new:$D/bench_gemm; do
  for sh in 3000,5000,1000 100,4096,4100 4096,4096,4100; do
    timeout 60 $CUDA/bin/ncu --kernel-name regex:pack_k_rows --launch-count 4 --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum \
      ${b#*:} $G/ncu.csv --dtype bf16 --reps 1 --shape $sh > $G/ncu_${b%%:*}_$sh.log 2>&1
    echo "ncu ${b%%:*} $sh: $(grep -E "gpu__time_duration|dram__bytes" $G/ncu_${b%%:*}_$sh.log | awk '{print $1, $(NF-1), $NF}' | tr '\n' ' ')" >> $S
  done
done
echo "ncu at $(el)s" >> $S
SH=""; for s in 3000,5000,1000 100,4096,4100 4096,4096,4100 2000,3000,1000 1000,1000,1000 3000,5000,1024 4096,4096,4096; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 120 bash bench/gemm_ab.sh $G/ab 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
mkdir -p $G/abon; timeout 60 bash bench/gemm_ab.sh $G/abon 2 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 --pitch-pack 1 --shape 1000,1000,1000 --shape 2000,2000,1000 > $OUT/ab_on.txt 2>&1
echo "ab at $(el)s" >> $S; grep "^|" $OUT/ab.txt $OUT/ab_on.txt >> $S
# 3. ncu on the one-wave class: L2 and SM throughput of ours (automatic; 128x128 in 2x1 clusters)
#    beside cuBLAS's kernel on 512x4096x4096 and 256x6144x4096. The question: do the L2 reads bound
#    it (a 128x128 tile at the MMA peak asks ~15 TB/s of L2 on 512x4096^2; multicast saves a quarter)?
M="gpu__time_duration.sum,lts__t_bytes.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,dram__bytes_read.sum"
for sh in 512,4096,4096 256,6144,4096; do
  for o in "auto:cutego_gemm:" "cl128:cutego_gemm:--config 2 --split-k 1 --cluster 2" "cublas:nvjet|xmma|sm90_gemm:"; do
    IFS=: read -r name kre opts <<< "$o"
    timeout 90 $CUDA/bin/ncu --kernel-name "regex:$kre" --launch-count 2 --metrics $M $D/bench_gemm $G/ncu1.csv --dtype bf16 --reps 1 --shape $sh $opts > $G/ncu_l2_${name}_$sh.log 2>&1
    echo "ncu L2 $name $sh:" >> $S
    awk '/^  [a-zA-Z_].*\(/ {k=$1} /gpu__time|lts__t_bytes|lts__through|sm__through|hmma|dram__bytes/ {printf "  %-40.40s %s %s %s\n", k, $1, $(NF-1), $NF}' $G/ncu_l2_${name}_$sh.log | head -14 >> $S
  done
done
echo "ncu L2 at $(el)s" >> $S
# the cluster fit on this build
C=$G/csv; mkdir -p $C
W=""; for m in 128 256 512 1024; do for nk in 4096,4096 6144,4096 11008,4096 14336,4096 4096,14336 4096,11008 28672,8192; do W="$W --shape $m,$nk"; done; done
W="$W --shape 333,14336,4096 --shape 768,768,768 --shape 1000,1000,1000 --shape 1024,1024,1024 --shape 1536,1536,1536 --shape 2048,2048,2048"
B="--dtype bf16 --layout TN --reps 5 --graph"
v() { local name=$1 pass=$2; shift 2; timeout 90 $D/bench_gemm $C/${name}_$pass.csv $B "$@" $W > $G/${name}_$pass.log 2>&1 || echo "bench $name $pass rc=$?" >> $S; }
for pass in 1 2; do
  v auto $pass
  v cl256 $pass --config 1 --split-k 1 --cluster 2 --ab-cluster
  v cl128 $pass --config 2 --split-k 1 --cluster 2 --ab-cluster
  v cl192 $pass --config 5 --split-k 1 --cluster 2 --ab-cluster
  v cl64x128 $pass --config 8 --split-k 1 --cluster 2 --ab-cluster
  echo "fit pass $pass at $(el)s" >> $S
done
python3 bench/results/2026-12-02-one-wave/variants.py $C > $OUT/variants.md 2>&1
tar czf $OUT/logs.tgz -C $G csv ab abon $(cd $G && ls *.log)
echo "done at $(el)s" >> $S
cat $S
