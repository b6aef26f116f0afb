#!/usr/bin/env bash
# Session 39, device call 1 (carry build/carry/s39: lib.a.gz, f058bd5's libcutego_kernels.a built here;
# nomc/: the six units of nomc.patch, compiled here from f058bd5 with the patch).
# 1. The tree's device cases on this card: test_gemm, test_gemm_fp8, test_gemm_graph.
#    Predicted: all pass (808 / 219 / 451 on the H100 in session 38).
# 2. Standing figures: sweeps bf16 / fp16 (graphs), FP8 per tensor, the block-scaled table.
#    Predicted on an H200: bf16 geomean 1.07-1.11 (H100 1.099); FP8 0.98-1.03.
# 3. Shapes no rule was fitted on (shapes.py, seeds 39-44): bf16 TN 100, NN / NT / TT 25 each, fp16 TN
#    25, FP8 e4m3 40; each against cuBLAS in the same process. Predicted: geomean >= 1.03 for bf16 TN,
#    at most 10% of the shapes below 0.95, none below 0.80.
# 4. Stream-K on this card: the 17 shapes of session 38 (data-parallel now) against --decomposition 3,
#    and the five bf16 shapes where the model still takes stream-K against --decomposition 1, in turn,
#    two rounds. Predicted (H100 data): data-parallel 1.03-1.15x faster on the 17; the five about even.
# 5. Why our clusters lose (nomc.patch, a diagnostic): the same cluster launches, tile order and
#    shapes, but every CTA loads each slice of the shared operand itself (no multicast) and releases
#    only its own stages (no remote arrivals): bench_gemm --ab-cluster (with / without clusters in one
#    process) of the tree and of the variant, in turn, two rounds, on the tiles where clusters lose.
#    Predicted: the variant's clusters within 2% of no clusters (the launch and the tile order cost
#    nothing) where the tree's lose 4-13%; then the loss is the coupling of the pair's stages.
set -u
G=$PWD/.devwork/s39a; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/t; mkdir -p $D
R=bench/results/2026-12-06-s39
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
C=$PWD/build/carry/s39
gunzip -c $C/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
link_bins csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 csrc/gemm/test_gemm_graph bench/bench_gemm bench/bench_gemm_fp8
mkdir -p $G/nomc && cp $D/lib.a $G/nomc/lib.a && ar r $G/nomc/lib.a $C/nomc/*.o &&
  $NVCC $F -I$CUDA/include bench/bench_gemm.cu $G/nomc/lib.a $LK -o $G/nomc/bench_gemm > $G/link_nomc.log 2>&1 ||
  echo "LINK-FAIL nomc $(grep -m2 error $G/link_nomc.log)" >> $S
echo "nomc linked at $(el)s" >> $S
run_test 200 test_gemm
run_test 150 test_gemm_fp8
run_test 100 test_gemm_graph
standing 150
timeout 150 $D/bench_gemm_fp8 $OUT/bs.csv --blockscaled > $OUT/bs.log 2>&1
echo "blockscaled rc=$? at $(el)s: $(grep -m2 '^== ' $OUT/bs.log | tr '\n' ' ')" >> $S
unseen() {  # NAME SEED COUNT DTYPE LAYOUT
  local SHP=$(python3 $R/shapes.py $2 $3 | sed 's/^/--shape /')
  timeout 200 $D/bench_gemm $OUT/unseen_$1.csv --graph --dtype $4 --layout $5 $SHP > $G/unseen_$1.log 2>&1
  echo "unseen $1 rc=$? at $(el)s" >> $S
}
unseen bf16_tn 39 100 bf16 TN
unseen bf16_nn 40 25 bf16 NN
unseen bf16_nt 41 25 bf16 NT
unseen bf16_tt 42 25 bf16 TT
unseen f16_tn 43 25 f16 TN
timeout 200 $D/bench_gemm_fp8 $OUT/unseen_fp8.csv $(python3 $R/shapes.py 44 40 fp8 | sed 's/^/--shape /') > $G/unseen_fp8.log 2>&1
echo "unseen fp8 rc=$? at $(el)s" >> $S
python3 $R/summarize.py $OUT/unseen_*.csv >> $S
mkdir -p $G/cl
for r in 1 2; do
  for c in "1024x1024x1024:--config 8 --cluster 2" "1000x1000x1000:--config 8 --cluster 2" "512x4096x4096:--config 2 --cluster 2" \
    "512x4096x14336:--config 2 --cluster 2" "256x6144x4096:--config 11 --cluster 2" "128x6144x4096:--config 10 --cluster 2" \
    "64x4096x4096:--config 7 --cluster-n 2" "128x11008x4096:--config 2 --cluster-n 2" "2048x2048x2048:--config 1 --cluster 2" \
    "4096x4096x4096:--config 1 --cluster 2"; do
    s=${c%%:*}; o=${c#*:}
    for v in tree nomc; do
      b=$D/bench_gemm; [ $v = nomc ] && b=$G/nomc/bench_gemm
      timeout 30 $b $G/cl/${v}_${s}_$r.csv --graph --dtype bf16 --ab-cluster --shape ${s//x/,} $o > $G/cl_${v}_$s.log 2>&1 ||
        echo "cl $v $s: exit $? $(tail -1 $G/cl_${v}_$s.log | cut -c1-120)" >> $S
    done
  done
  echo "clusters round $r at $(el)s" >> $S
done
python3 $R/cluster_table.py $G/cl >> $S
cp -r $G/cl $OUT/
if [ $(el) -lt 470 ]; then
SH=""
for s in 640,28672,11008 640,28672,14336 768,28672,11008 768,28672,14336 1280,14336,11008 1280,14336,14336 \
  1536,14336,11008 1536,14336,14336 2048,11008,14336 2560,5000,11008 2560,5000,14336 2560,7168,11008 \
  2560,7168,14336 3072,7168,11008 3072,7168,14336 4097,4097,11008 4097,4097,14336; do SH="$SH --shape $s"; done
declare -A V=([sk]="--decomposition 3" [dp]="--decomposition 1") B=()
in_turn 2 auto auto sk
mv $G/csv $G/csv17
SH="--shape 2432,7168,32768 --shape 2432,7168,65536 --shape 1280,13568,32768 --shape 3584,4864,32768 --shape 1792,9728,65536"
in_turn 2 auto auto dp
mv $G/csv $G/csv5
else echo "stream-K skipped at $(el)s" >> $S; fi
mkdir -p $G/csv17 $G/csv5
cp -r $G/csv17 $G/csv5 $G/unseen_*.log $OUT/
(cd $OUT && tar czf logs.tgz *.log csv17 csv5 && rm -rf *.log csv17 csv5)
echo "all done at $(el)s" >> $S
cat $S
