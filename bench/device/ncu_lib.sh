# ncu_lib.sh — the shared part of bench/device/ncu_*.sh, sourced by them (run from the repo root
# on the device, $OUT set by the device tool). The caller sets, before sourcing:
#   NCU_SECTIONS  ncu's --section list
#   NCU_ROWS      the extended regex of the report rows copied into the summary
#   NCU_BUDGET_S  the elapsed seconds after which a profile is skipped (the device call's limit)
#   NCU_TIMEOUT_S the seconds one profile may take
# It builds $D/bench_gemm (bench/device/lib.sh, then the link) where it is not there yet, and
# defines prof (one profile: its headline rows appended to $S) and ncu_finish (ncu.tgz, the summary).
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
export D=${D:-.devwork/b}; mkdir -p $D /tmp/ncu; t0=$(date +%s); S=$OUT/summary.txt; el() { echo $(( $(date +%s)-t0 )); }
if [ ! -x $D/bench_gemm ]; then
  bash bench/device/lib.sh > /tmp/ncu/lib.log 2>&1; grep -E "lib:|BUILD-FAIL" /tmp/ncu/lib.log >> $S
  $NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a -L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas -o $D/bench_gemm
fi
echo "built at $(el)s" >> $S
N="$CUDA/bin/ncu --clock-control none $NCU_SECTIONS"
prof() {  # name, kernel-name regex, launch count, bench_gemm arguments...
  local name=$1 re=$2 n=$3; shift 3
  [ $(el) -gt $NCU_BUDGET_S ] && { echo "skip $name at $(el)s" >> $S; return; }
  timeout $NCU_TIMEOUT_S $N --kernel-name regex:"$re" --launch-count $n --log-file /tmp/ncu/$name.txt $D/bench_gemm /tmp/ncu/$name.csv --reps 1 --dtype bf16 "$@" > /tmp/ncu/$name.log 2>&1
  echo "== $name rc=$? ($(el)s): $*" >> $S
  grep -E "$NCU_ROWS" /tmp/ncu/$name.txt | head -40 >> $S
}
ncu_finish() {
  tar czf $OUT/ncu.tgz -C /tmp ncu
  echo "done at $(el)s" >> $S
  cat $S
}
