#!/usr/bin/env bash
# dev.sh — the ping-pong kernel's device run (one `run` call): builds the kernels library of this
# tree ("new") and of the branch point ("base": its 16-bit units, launcher and planner; the FP8
# units and the copy kernel are new's, the same source) with the device's nvcc, links test_gemm,
# test_gemm_graph and bench_gemm against each (bench_gemm's source is new's for both: it takes
# batched shapes, M,N,K,L; the C API is the same), runs the tests, compute-sanitizer memcheck and
# racecheck on a small ping-pong case, and times base, new (automatic) and new with ping-pong
# forced, alternated, twice, on the same shapes in one call. Run from the tree's root with base/
# beside kernels/ (git archive BASE kernels csrc include bench | tar x -C base); writes under $OUT.
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
export F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3" NVCC
L=$OUT/log.txt; G=/tmp/pplogs; mkdir -p $G b/new/o b/base/o; export G
say() { echo "$* ($SECONDS s)" | tee -a $L; }
cc1() {  # cc1 TREE UNIT: one translation unit of TREE (new: ., base: base/) into b/TREE/o
  local root=.; [ "$1" = base ] && root=base
  timeout 200 $NVCC $F -I$root/include -I$root/csrc/tma -I$root/kernels -Xptxas -v -Xcompiler -fPIC -c $root/$2 \
    -o b/$1/o/$(basename $2 .cu).o > $G/$1_$(basename $2 .cu).log 2>&1 || echo "BUILD-FAIL $1 $2"
}
export -f cc1
{ for u in kernels/gemm_128x128_[km][km].cu kernels/gemm_128x256_[km][km].cu; do echo "new $u"; done
  for u in kernels/gemm_128x256_[km][km].cu kernels/gemm_128x128_[km][km].cu; do echo "base $u"; done
  for u in kernels/gemm_128x*_kk_e*.cu; do echo "new $u"; done
  for u in kernels/gemm_128x64_[km][km].cu; do echo "new $u"; echo "base $u"; done
  echo "new kernels/cutego_gemm.cu"; echo "base kernels/cutego_gemm.cu"; echo "new kernels/cutego_copy.cu"
} | xargs -P 16 -L 1 bash -c 'cc1 $0 $1' | tee -a $L
say "kernels built"
grep -l "C75[0-9][0-9]" $G/new_*.log | tee -a $L
cat $G/new_gemm_128x*.log | awk '/Function properties for/ {f=$NF} /bytes spill/ && f ~ /^cutego_gemm_128x/ && !/ 0 bytes spill stores, 0 bytes spill loads/ {print "SPILL " f": "$0}' | tee -a $L
grep -A2 "Function properties for cutego_gemm_128x128_kk_bf16_bf16_pingpong" $G/new_gemm_128x128_kk.log | tee -a $L
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
$NVCC $F -Iinclude -Icsrc/tma -Ikernels -I$CUDA/include bench/bench_gemm.cu b/base/lib.a $LK -o b/bench_base > $G/link_bench_base.log 2>&1 &
wait
say "linked: $(ls b | tr '\n' ' ')"
run() { local t=$1 name=$2; shift 2; say "=== $name"; timeout $t "$@" > $G/$name.log 2>&1; local r=$?; grep -E "^FAIL|failures|checks" $G/$name.log | tail -14 | tee -a $L; say "rc=$r"; }
run 40 test_gemm_graph b/test_gemm_graph
run 90 test_gemm b/test_gemm
grep -E "ping-pong" $G/test_gemm.log > $OUT/pingpong_cases.txt
SAN=$CUDA/bin/compute-sanitizer
run 40 memcheck $SAN --tool memcheck --error-exitcode 3 b/test_gemm --filter "ping-pong batched B broadcast"
grep -E "ERROR SUMMARY" $G/memcheck.log | tee -a $L
run 40 racecheck $SAN --tool racecheck --error-exitcode 3 b/test_gemm --filter "ping-pong M=40"
grep -E "RACECHECK SUMMARY|ERROR SUMMARY" $G/racecheck.log | tee -a $L
S=""; for s in ${SHAPES}; do S="$S --shape $s"; done
for r in 1 2; do
  timeout 45 b/bench_base $OUT/ab_before_$r.csv --dtype bf16 --reps ${REPS:-5} $S > $G/bench_base_$r.log 2>&1; say "bench base $r rc=$?"
  timeout 45 b/bench_new $OUT/ab_after_$r.csv --dtype bf16 --reps ${REPS:-5} $S > $G/bench_new_$r.log 2>&1; say "bench new $r rc=$?"
  timeout 45 b/bench_new $OUT/pp_forced_$r.csv --dtype bf16 --reps ${REPS:-5} --decomposition 4 $S > $G/bench_pp_$r.log 2>&1; say "bench new PP forced $r rc=$?"
done
python3 bench/ab_table.py $OUT/ab_before_*.csv -- $OUT/ab_after_*.csv > $OUT/ab_table.md 2>&1
python3 bench/ab_table.py $OUT/ab_before_*.csv -- $OUT/pp_forced_*.csv > $OUT/pp_forced_table.md 2>&1
tar czf $OUT/pp_forced.tgz -C $OUT pp_forced_1.csv pp_forced_2.csv && rm $OUT/pp_forced_?.csv
grep -h "BUILD-FAIL\|error" $G/new_*.log $G/base_*.log $G/link_*.log | head -20 > $OUT/build_errors.txt
# (one archive: a call returns a limited number of files, and the first run of this script lost
# its forced-ping-pong CSVs and logs to that limit)
tar czf $OUT/logs.tgz -C $G test_gemm.log test_gemm_graph.log memcheck.log racecheck.log bench_base_1.log bench_new_1.log bench_pp_1.log
say "done"
