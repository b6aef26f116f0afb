#!/usr/bin/env bash
# One device call (one build), uniform.patch (branch `ur`) against main ("pre": the patch reversed):
# 1. The warpgroup index through __shfl_sync (CUTLASS's canonical_warp_group_idx): warp-uniform to
#    the compiler, so the consumer loop's descriptors, stage and phase live in uniform registers
#    (UIADD3/UMOV beside each HGMMA, no R2UR: 4 per MMA before), on tiles of at most 128 columns
#    without promoted FP8 partial sums (128x256, 128x192 and those spilled with it: unchanged). Predicted: 128x128 one-wave shapes
#    (512x4096^2, 512x4096x14336) 0.96 -> 0.98-1.00 of cuBLAS, elsewhere +0-2%, nothing slower.
#    Measured by the in-process ratio to cuBLAS (the processes' clocks differ), three rounds.
# 2. Off-grid pitches the planner packs (1800^3, 3000^3, 4096x4096x1000, 3000x5000x1000): the
#    automatic plan against pitch_pack OFF, where B stays in place and cutego_gemm_auto_cluster shares
#    it in 2x1 clusters. Predicted: OFF within +-5% of the copies (the copies pay for A too).
# Usage (repo root, $OUT set): patch -p1 < bench/results/2026-12-03-uniform/uniform.patch && bash bench/results/2026-12-03-uniform/run.sh
set -u
grep -q "canonical_warp_group_idx" kernels/gemm_kernels.cuh || { echo "apply uniform.patch first"; exit 2; }
G=/tmp/un; . bench/device/env.sh; . bench/device/variant.sh
R=bench/results/2026-12-03-uniform
variant_prepare pre $R/uniform.patch -R
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
variant_compile pre:gemm_128x128_kk pre:gemm_128x256_kk pre:gemm_64x128_kk pre:gemm_64x64_kk pre:gemm_64x32_kk \
  pre:gemm_128x192_kk pre:gemm_128x256_kk_e4m3
wait; grep -E "lib:|BUILD-FAIL" $G/lib.log $G/variants.log >> $S
for t in csrc/gemm/test_gemm csrc/gemm/test_gemm_fp8 bench/bench_gemm bench/bench_gemm_fp8; do
  $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 &
done
variant_link pre &
wait
$NVCC $F -I$CUDA/include bench/bench_gemm_fp8.cu $G/pre/lib.a $LK -o $G/pre/bench_gemm_fp8 > $G/link_pre_fp8.log 2>&1
echo "built at $(el)s: $(ls $D/test_gemm $D/test_gemm_fp8 $D/bench_gemm $D/bench_gemm_fp8 $G/pre/bench_gemm $G/pre/bench_gemm_fp8 | wc -l) of 6 binaries" >> $S
timeout 150 $D/test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm.log | tail -6 >> $S
timeout 120 $D/test_gemm_fp8 > $OUT/test_gemm_fp8.log 2>&1; echo "test_gemm_fp8 rc=$? ($(el)s)" >> $S; grep -E "^FAIL|checks" $OUT/test_gemm_fp8.log | tail -6 >> $S
for tool in memcheck racecheck; do
  timeout 90 $CUDA/bin/compute-sanitizer --tool $tool --error-exitcode 3 $D/test_gemm --filter "auto cluster 900,3 tile rows,64x128 cluster KK,small M=50 cluster,stream-K M=1" > $G/$tool.log 2>&1
  echo "$tool test_gemm rc=$? ($(el)s)" >> $S; grep -E "ERROR SUMMARY|checks" $G/$tool.log | tail -2 >> $S
done
SH=""; for s in 512,4096,4096 512,4096,14336 256,6144,4096 1024,4096,14336 128,6144,4096 1024,1024,1024 1000,1000,1000 64,4096,4096 \
  512,6144,4096 2048,2048,2048 4096,4096,4096 8192,8192,8192 256,256,256 512,512,512 2000,3000,1000; do SH="$SH --shape $s"; done
mkdir -p $G/ab; timeout 300 bash bench/gemm_ab.sh $G/ab 3 $G/pre/bench_gemm $D/bench_gemm --graph --dtype bf16 $SH > $OUT/ab.txt 2>&1
echo "bf16 pre -> tree at $(el)s" >> $S; grep "^|" $OUT/ab.txt >> $S
SH=""; for s in 1800,1800,1800 3000,3000,3000 4096,4096,1000 3000,5000,1000 2048,4096,1000; do SH="$SH --shape $s"; done
for pp in 0 2; do
  timeout 90 $D/bench_gemm $G/pp$pp.csv --graph --dtype bf16 --pitch-pack $pp $SH > $G/pp$pp.log 2>&1
  { echo "== pitch_pack $pp"; grep -E "ours" $G/pp$pp.log | sed -E 's/ +/ /g' | cut -c1-240; } >> $OUT/pitch.txt
done
echo "pitch at $(el)s" >> $S; grep -E "==|ours" $OUT/pitch.txt | sed -E 's/(rel [0-9.e-]+).*(wgmma[^:]*:[^,]*).*/\1 \2/' | cut -c1-200 >> $S
SH=""; for s in 8192,8192,8192 4096,4096,4096; do SH="$SH --shape $s"; done
timeout 90 $D/bench_gemm_fp8 $G/fp8.csv --variants 1:0:1 --rounds 2 $SH > $G/fp8.log 2>&1; echo "fp8 tree rc=$? ($(el)s)" >> $S; grep -hE "==" $G/fp8.log >> $S
timeout 90 $G/pre/bench_gemm_fp8 $G/fp8_pre.csv --variants 1:0:1 --rounds 2 $SH > $G/fp8_pre.log 2>&1; echo "fp8 pre rc=$? ($(el)s)" >> $S; grep -hE "==" $G/fp8_pre.log >> $S
tar czf $OUT/logs.tgz -C $G ab pp0.csv pp2.csv fp8.log fp8_pre.log $(cd $G && ls *.log)
echo "done at $(el)s" >> $S; cat $S
