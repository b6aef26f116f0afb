# env.sh — what every device script of bench/results sets first (source it from the repo root on
# the device, $OUT set): the device's nvcc and its flags for the kernels (F), the link line of the
# benchmarks and tests (LK), the summary file ($S), a scratch folder ($G, named by the caller:
# G=/tmp/<name> before sourcing) and el, the seconds since the script started.
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
t0=$(date +%s); S=$OUT/summary.txt; G=${G:-/tmp/work}; mkdir -p $G
el() { echo $(( $(date +%s)-t0 )); }
