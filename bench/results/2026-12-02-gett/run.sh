#!/usr/bin/env bash
# The device check of the grouped TMA permute (CUTEGO_TILE_GRID_GROUPED_STORE) and of the GETT
# stupr,qtru->stqp against torch.einsum, on the H200, in one call (<= 150 s cold). Run from the
# folder that holds this tree (the device tool's $OUT set); prep.sh (here, before the call) puts
# libcutego.so, which needs Go, under carry/lib.
#   1. test_copy (cutego_copy.cu and the copy planner only) built and run while the kernels
#      library builds: every copy case, the grouped ones new (GETT A pack and D out at full size;
#      every element size's short-mode cases), each also run without grouping
#   2. the kernels library (bench/device/lib.sh) and libcutego_kernels.so from it
#   3. gett_copy: cutego_gemm on the GETT's fold (packs grouped), the GEMM alone, the two copies
#      grouped and not, and a device-to-device copy, interleaved in one process
#   4. gett_torch.py: cutego.einsum vs torch.einsum (GETT, gett_like, bgemm) in one process
# Output ($OUT, 8 files): summary.txt, test_copy.log, gett_copy.log, gett_copy.csv, gett_torch.log,
# gett_torch.md, lib.log, build.tgz (the link logs).
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static"
t0=$(date +%s); S=$OUT/summary.txt; el() { echo $(( $(date +%s)-t0 )); }
export D=${D:-build/gett}; mkdir -p $D/o $D/logs
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader >> $S 2>&1
# 1. test_copy on its own objects, beside the library's build
( $NVCC $F -Xcompiler -fPIC -c kernels/cutego_copy.cu -o $D/copy.o &&
  gcc -std=c99 -O2 -Iinclude -c csrc/tma/plan.c -o $D/tma_plan.o && gcc -std=c99 -O2 -Iinclude -c csrc/tma/encode.c -o $D/tma_encode.o &&
  $NVCC $F -I$CUDA/include csrc/tma/test_copy.cu $D/copy.o $D/tma_plan.o $D/tma_encode.o $LK -o $D/test_copy ) > $D/logs/test_copy_build.log 2>&1 &&
  { timeout 60 $D/test_copy > $OUT/test_copy.log 2>&1; echo "test_copy rc=$? ($(el)s)" > $D/test_copy.rc; } &
TC=$!
# 2. the library, then the shared one for Python
bash bench/device/lib.sh > $OUT/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" $OUT/lib.log >> $S
g++ -shared -o $D/libcutego_kernels.so -Wl,-soname,libcutego_kernels.so -Wl,--whole-archive $D/lib.a -Wl,--no-whole-archive \
  -L$CUDA/targets/x86_64-linux/lib -l:libcudart.so.13 -Wl,--no-undefined > $D/logs/so.log 2>&1 &
$NVCC $F -I$CUDA/include bench/results/2026-12-02-gett/gett_copy.cu $D/lib.a $LK -o $D/gett_copy > $D/logs/gett_copy_build.log 2>&1 &
wait $!
echo "library, gett_copy at $(el)s: $(ls $D | tr '\n' ' ')" >> $S
# 3. the GETT's pieces
timeout 30 $D/gett_copy $OUT/gett_copy.csv > $OUT/gett_copy.log 2>&1; echo "gett_copy rc=$? ($(el)s)" >> $S
grep -E "^ok|^FAIL|plan|^time|PASSED|FAILED" $OUT/gett_copy.log >> $S
# 4. against torch.einsum
wait
export CUTEGO_LIBRARY=$(ls $PWD/carry/lib/libcutego.so.*.*.* 2>/dev/null | head -1)
export CUTEGO_KERNELS_LIBRARY=$PWD/$D/libcutego_kernels.so PYTHONPATH=$PWD/python PYTHONUNBUFFERED=1
timeout 60 python3 bench/results/2026-12-02-gett/gett_torch.py $OUT > $OUT/gett_torch.log 2>&1
echo "gett_torch rc=$? ($(el)s)" >> $S
grep -E "^\||failures" $OUT/gett_torch.log >> $S
cat $D/test_copy.rc >> $S 2>/dev/null || echo "test_copy: not built (see build.tgz)" >> $S
grep -E "grouped|^FAIL|paths taken|PASSED|FAILED" $OUT/test_copy.log | head -40 >> $S
tar czf $OUT/build.tgz $D/logs 2>/dev/null
echo "done at $(el)s" >> $S
cat $S
