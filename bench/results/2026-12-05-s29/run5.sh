#!/usr/bin/env bash
# 1. The Go launcher on the device: gpu.test (every device test of ./gpu, the D^T = B A^T swap's
#    included: TestSwapAB's row-major 333 x 14336 and the column-major cases) and the eight einsum
#    contractions against torch.einsum (goeinsum), from main's tree built here; carried in
#    .devwork/lead/ein (the cubins gzipped to fit the carry).
# 2. Meanwhile the kernels library is built; then our 2x1 (cluster_m 2) and 1x2 (cluster_n 2)
#    clusters against the automatic unclustered plan on the shapes where cuBLAS runs a cluster of
#    two on a tile like ours (run4.sh), and 128x128 / 128x256 tiles with and without 2x1 clusters
#    (128x168 and 128x224 have no multicast boxes: 84 and 112 rows of B per CTA), two rounds in turn.
# Predicted: every Go test passes; einsum geomean 1.3-1.4x torch.einsum, bhqd,bhkd->bhqk 0.95-1.0x;
# clusters 0.90-1.05x of unclustered (sessions 10-14), none above 1.05x.
set -u
G=$PWD/.devwork/s29g; . bench/device/env.sh; . bench/device/steps.sh
export D=$PWD/.devwork/b; mkdir -p $D
(build_tree bench/bench_gemm) &
E=$PWD/.devwork/lead/ein
(cd $E && for z in *.cubin.gz; do [ -f "$z" ] && gunzip -f "$z"; done)
export LD_LIBRARY_PATH=$CUDA/targets/x86_64-linux/lib
GOENV="CUTEGO_CUBIN=$E/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$E/cutego_gemm.cubin:$E/cutego_gemm_fp8.cubin"
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 200 $E/gpu.test -test.v -test.count=1 > $OUT/gpu_test.log 2>&1; echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- FAIL|FAIL|ok|PASS)|panic" $OUT/gpu_test.log | head -20 >> $S
grep -cE "^--- PASS" $OUT/gpu_test.log | sed 's/^/gpu.test passed: /' >> $S
grep -E "^--- SKIP" $OUT/gpu_test.log | head -5 >> $S
wait
cp bench/einsum_gpu.sh bench/torch_einsum.py $E/
(cd $E && OUT=$OUT/einsum timeout 200 bash einsum_gpu.sh > $G/einsum.log 2>&1)
echo "einsum rc=$? at $(el)s" >> $S
grep -E '^\| `|geomean' $OUT/einsum/einsum_summary.txt >> $S
SH=""; for s in 448,11008,4096 640,4096,4096 448,4096,4096 512,11008,4096 1024,11008,4096 256,6144,4096 \
  1000,1000,1000 1024,1024,1024 32,4096,4096 384,11008,4096; do SH="$SH --shape $s"; done
declare -A V=([auto]="" [c21]="--cluster 2" [c12]="--cluster-n 2" [t128c21]="--config 2 --cluster 2" [t256c21]="--config 1 --cluster 2" [t128]="--config 2" [t256]="--config 1")
mkdir -p $G/csv
for r in 1 2; do
  for v in auto c21 c12 t128 t128c21 t256 t256c21; do
    timeout 90 $D/bench_gemm $G/csv/${v}_$r.csv --graph --dtype bf16 $SH ${V[$v]} > $G/${v}_$r.log 2>&1 ||
      echo "$v $r: exit $? $(grep -m2 -iE 'error|refus|invalid' $G/${v}_$r.log | cut -c1-200)" >> $S
  done
  echo "round $r at $(el)s" >> $S
done
for p in auto:c21 auto:c12 t128:t128c21 t256:t256c21; do
  echo "## ${p%%:*} -> ${p#*:}" >> $S
  python3 bench/ab_table.py $G/csv/${p%%:*}_*.csv -- $G/csv/${p#*:}_*.csv >> $S 2>&1
done
(cd $G && tar czf $OUT/csv.tgz csv *.log)
echo "done at $(el)s" >> $S
cat $S
