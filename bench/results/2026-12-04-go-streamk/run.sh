#!/usr/bin/env bash
# Stream-K from Go: gpu.Copier.Gemm decides and launches stream-K through the C launcher's own rules
# (cutego_gemm_stream_k_choice, cutego_gemm_stream_k_replanned, cutego_gemm_stream_k_launch,
# cutego_gemm_plan_stream_k in csrc/gemm/waves.c), the 16-bit stream-K kernels now in
# cutego_gemm.cubin (kernels/gemm_module.cu) and the FP8 ones in cutego_gemm_fp8.cubin
# (gpu/gemm_fp8_module.cu); GemmOptions.Decomposition asks for one.
#
# Prediction:
# 1. gpu.test passes: TestGemmOnDevice's forced STREAM_K cases (1000x3000x1000 on 128x256, 300x1000x520
#    on 128x128 through a packed A, 256x1000x1000 with an M-major A and a pitch-packed B, 1100x4000x256
#    with 132 whole tiles and 156 stream-K) exact, and the automatic pick on 1024x14336x4096
#    cutego_gemm_128x256_kk_bf16_f32_streamk ("stream-K: 184 of 448 tiles on 132 CTAs in 8 groups,
#    89 k-tiles each"); TestGemmFP8OnDevice's three STREAM_K cases within their fp8Tol bounds.
# 2. BenchmarkGemmDecomposition (bf16 -> bf16, Go): 1024x14336x4096 and 1024x14336x11008 automatic =
#    stream-K on 128x256 tiles, 1.05-1.08x faster than DATA_PARALLEL (cutego_gemm_pick_config's
#    128x224 tiles: 512 of them, 3.9 waves); 512x11008x4096 identical both ways (128x168 tiles, no stream-K: the
#    control, 0.98-1.02x).
# 3. bench_gemm (C) on the same shapes, decomposition 0 against 1: the same ratios, and Go's
#    automatic within 2% of C's automatic on each shape (the same kernels and launch parameters).
# 4. test_gemm (gemm_run now calling the shared functions) passes as on main.
#
# Carry, built locally (no GPU) from the repo root before the call:
#   GOFLAGS=-a CARRY=.devwork/lead/carry bash bench/device/prep.sh
# (GOFLAGS=-a: gpu/gemm_planner.c and gpu/gemm_waves.c #include csrc/gemm/*.c, which Go's build cache
# does not track.) Then run(command="bash bench/results/2026-12-04-go-streamk/run.sh",
# carry=[".devwork/lead/carry"], timeout_s=600).
set -u
G=/tmp/gosk; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b; mkdir -p $D; K=$(cd $D && pwd); C=${CARRY:-.devwork/lead/carry}
( $NVCC $F -split-compile=0 -cubin kernels/gemm_module.cu -o $D/cutego_gemm.cubin > $G/cubin_gemm.log 2>&1
  echo "gemm cubin rc=$? at $(el)s" >> $S ) &
( $NVCC $F -split-compile=0 -cubin gpu/gemm_fp8_module.cu -o $D/cutego_gemm_fp8.cubin > $G/cubin_fp8.log 2>&1
  echo "fp8 cubin rc=$? at $(el)s" >> $S ) &
$NVCC $F -cubin kernels/module.cu -o $D/cutego_copy.cubin &
build_tree csrc/gemm/test_gemm bench/bench_gemm
wait
grep -m3 error $G/cubin_gemm.log $G/cubin_fp8.log >> $S
export LD_LIBRARY_PATH=$CUDA/targets/x86_64-linux/lib
GOENV="CUTEGO_CUBIN=$K/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$K/cutego_gemm.cubin:$K/cutego_gemm_fp8.cubin"
# 1. package gpu's device tests
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 150 ../$C/gpu.test -test.v -test.count=1 > $OUT/gpu_test.log 2>&1
  echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- FAIL|FAIL|ok|PASS)|--- PASS|_streamk" $OUT/gpu_test.log | head -40 >> $S
# 2. Go: automatic against DATA_PARALLEL
(cd gpu && env $GOENV timeout 120 ../$C/gpu.test -test.run '^$' -test.bench GemmDecomposition -test.benchtime 200x \
  -test.count 3 > $OUT/gobench.log 2>&1; echo "go bench rc=$? ($(el)s)" >> $S)
grep -E "^Benchmark|cutego_gemm_" $OUT/gobench.log >> $S
# 3. C: decomposition 0 (automatic) against 1 (data-parallel) on the same shapes
for dec in 0 1; do
  timeout 60 $D/bench_gemm $OUT/c_dec$dec.csv --dtype bf16 --decomposition $dec --reps 9 \
    --shape 1024,14336,4096 --shape 1024,14336,11008 --shape 512,11008,4096 > $G/c_dec$dec.log 2>&1
  echo "bench_gemm decomposition $dec rc=$? at $(el)s" >> $S; tail -6 $G/c_dec$dec.log >> $S
done
# 4. the C launcher's tests
run_test 100 test_gemm
echo "done at $(el)s" >> $S; cat $S
