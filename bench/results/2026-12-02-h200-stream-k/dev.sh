#!/usr/bin/env bash
# dev.sh — stream-K's device run (one `run` call): builds the kernels library of this tree ("new")
# and of the branch point ("base": its 16-bit units and launcher; the FP8 units are new's, the same
# source) with the device's nvcc, links test_gemm, test_gemm_graph and bench_gemm against each,
# runs the tests, compute-sanitizer on small stream-K cases, and times base, new (automatic) and
# new with stream-K forced on the same shapes in one call. Run from the tree's root with base/ beside
# kernels/ (git archive BASE kernels csrc include bench | tar x -C base); writes under $OUT.
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
export F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3" NVCC
L=$OUT/log.txt; G=/tmp/sklogs; mkdir -p $G b/new/o b/base/o; export G
say() { echo "$* ($SECONDS s)" | tee -a $L; }
cc1() {  # cc1 TREE UNIT: one translation unit of TREE (new: ., base: base/) into b/TREE/o
  local root=.; [ "$1" = base ] && root=base
  $NVCC $F -I$root/include -I$root/csrc/tma -I$root/kernels -Xptxas -v -Xcompiler -fPIC -c $root/$2 \
    -o b/$1/o/$(basename $2 .cu).o > $G/$1_$(basename $2 .cu).log 2>&1 || echo "BUILD-FAIL $1 $2"
}
export -f cc1
{ for u in kernels/gemm_128x256_[km][km].cu kernels/gemm_128x128_[km][km].cu; do echo "new $u"; done
  echo "new kernels/cutego_gemm.cu"; echo "base kernels/cutego_gemm.cu"
  for u in kernels/gemm_128x256_[km][km].cu kernels/gemm_128x128_[km][km].cu kernels/gemm_128x64_[km][km].cu; do echo "base $u"; done
  for u in kernels/gemm_128x64_[km][km].cu kernels/gemm_128x*_kk_e*.cu kernels/cutego_copy.cu; do echo "new $u"; done
} | xargs -P 16 -L 1 bash -c 'cc1 $0 $1' | tee -a $L
say "kernels built"
grep -l C7510 $G/new_*.log | tee -a $L
cat $G/new_gemm_128x*.log | awk '/Function properties for/ {f=$NF} /bytes spill/ && f ~ /^cutego_gemm_128x/ && !/ 0 bytes spill stores, 0 bytes spill loads/ {print "SPILL " f": "$0}' | tee -a $L
grep -A2 "Function properties for cutego_gemm_128x256_kk_bf16_bf16_streamk" $G/new_gemm_128x256_kk.log | tee -a $L
hostc() {  # hostc TREE: the planner and host C files
  local root=.; [ "$1" = base ] && root=base
  for c in csrc/tma/plan.c csrc/tma/encode.c csrc/gemm/plan.c csrc/gemm/waves.c; do
    gcc -std=c99 -O2 -fPIC -I$root/include -c $root/$c -o b/$1/o/$(echo $c | tr / _).o; done
  g++ -std=c++17 -O2 -fPIC -I$root/include -I$root/kernels -c $root/csrc/gemm/configs.cc -o b/$1/o/configs.o
}
hostc new; hostc base
for f in b/new/o/gemm_128x*_kk_e*.o b/new/o/cutego_copy.o; do cp $f b/base/o/; done
rm -f b/new/lib.a b/base/lib.a; ar rcs b/new/lib.a b/new/o/*.o; ar rcs b/base/lib.a b/base/o/*.o
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
for t in test_gemm test_gemm_graph; do $NVCC $F -Iinclude -Icsrc/tma -Ikernels -I$CUDA/include csrc/gemm/$t.cu b/new/lib.a $LK -o b/$t > $G/link_$t.log 2>&1 & done
$NVCC $F -Iinclude -Icsrc/tma -Ikernels -I$CUDA/include bench/bench_gemm.cu b/new/lib.a $LK -o b/bench_new > $G/link_bench_new.log 2>&1 &
$NVCC $F -Ibase/include -Ibase/csrc/tma -Ibase/kernels -I$CUDA/include base/bench/bench_gemm.cu b/base/lib.a $LK -o b/bench_base > $G/link_bench_base.log 2>&1 &
wait
say "linked: $(ls b | tr '\n' ' ')"
run() { local t=$1 name=$2; shift 2; say "=== $name"; timeout $t "$@" > $G/$name.log 2>&1; local r=$?; grep -E "^FAIL|failures|checks" $G/$name.log | tail -12 | tee -a $L; say "rc=$r"; }
run 40 test_gemm_graph b/test_gemm_graph
run 120 test_gemm b/test_gemm
SAN=$CUDA/bin/compute-sanitizer
run 60 memcheck $SAN --tool memcheck --error-exitcode 3 b/test_gemm --filter "stream-K N=1002"
grep -E "ERROR SUMMARY" $G/memcheck.log | tee -a $L
run 60 racecheck $SAN --tool racecheck --error-exitcode 3 b/test_gemm --filter "stream-K N=1002"
grep -E "RACECHECK SUMMARY|ERROR SUMMARY" $G/racecheck.log | tee -a $L
S=""; for s in ${SHAPES}; do S="$S --shape $s"; done
for r in 1 2; do
  timeout 60 b/bench_base $OUT/ab_before_$r.csv --dtype bf16 --reps ${REPS:-5} $S > $G/bench_base_$r.log 2>&1; say "bench base $r rc=$?"
  timeout 60 b/bench_new $OUT/ab_after_$r.csv --dtype bf16 --reps ${REPS:-5} $S > $G/bench_new_$r.log 2>&1; say "bench new $r rc=$?"
  timeout 60 b/bench_new $OUT/sk_forced_$r.csv --dtype bf16 --reps ${REPS:-5} --decomposition 3 $S > $G/bench_sk_$r.log 2>&1; say "bench new SK forced $r rc=$?"
done
python3 bench/ab_table.py $OUT/ab_before_*.csv -- $OUT/ab_after_*.csv > $OUT/ab_table.md 2>&1
python3 bench/ab_table.py $OUT/ab_before_*.csv -- $OUT/sk_forced_*.csv > $OUT/sk_forced_table.md 2>&1
grep -h "BUILD-FAIL\|error" $G/new_*.log $G/base_*.log | head -20 > $OUT/build_errors.txt
mkdir -p $OUT/logs; cp $G/test_gemm.log $G/test_gemm_graph.log $G/memcheck.log $G/racecheck.log $G/bench_new_1.log $OUT/logs/
say "done"
