#!/usr/bin/env bash
# The k-blocked decode stages tuned on the H200: k-blocks per stage (KB), stages (S) and stages of
# MMAs in flight (F) for the 64x64 and 64x32 tiles. Builds this tree's library once, then each
# variant's 64x64 / 64x32 units and the planner's table with kernels/gemm_k_blocks.h's typedefs
# (and kMmaStagesInFlight) edited, and times bench_gemm bf16 TN --graph of every variant, two
# rounds alternated: the automatic choice on decode shapes (64x64 tiles) and --config 7 (64x32).
# Variant "pre" is the tree before k-blocks (KB 1: 64x64 S13, 64x32 S16, F2).
# Measured before (2026-12-02-k-blocks): KB2/S6/F2 64x64 1.02-1.10 faster than pre, KB4/S4/F2 64x32
# 1.15 faster at K = 4096 but 0.84 at K = 14336. Predicted: F1 recovers the long-K loss of 64x32
# (its stages are held by two MMA groups of four k-blocks, leaving two of four for loads).
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
t0=$(date +%s); S=$OUT/summary.txt; G=/tmp/kbt; mkdir -p $G; el() { echo $(( $(date +%s)-t0 )); }
ROOT=$PWD
# name : 64x64 (KB S) : 64x32 (KB S) : F1 (1: one stage in flight on k-blocked tiles)
VARIANTS="pre:1,13:1,16:0 cur:2,6:4,4:0 f1:2,6:4,4:1 kb3:3,4:2,8:0 kb3f1:3,4:2,8:1"
for v in $VARIANTS; do
  IFS=: read name c64 c32 f1 <<< "$v"
  V=$G/$name; mkdir -p $V/src; (cd $ROOT && tar cf - --exclude=.devwork --exclude=.git . ) | tar xf - -C $V/src
  sed -i "s/typedef KBlocked<Gemm_64x64x64_S13, 2, 6> Gemm_64x64x128_S6;/typedef KBlocked<Gemm_64x64x64_S13, $c64> Gemm_64x64x128_S6;/; s/typedef KBlocked<Gemm_64x32x64_S16, 4, 4> Gemm_64x32x256_S4;/typedef KBlocked<Gemm_64x32x64_S16, $c32> Gemm_64x32x256_S4;/" $V/src/kernels/gemm_k_blocks.h
  [ "$f1" = 1 ] && sed -i 's/constexpr int kMmaStagesInFlight = Cfg::CONSUMER_WARPGROUPS == 1 ? 2 : 1;/constexpr int kMmaStagesInFlight = Cfg::CONSUMER_WARPGROUPS == 1 \&\& kKBlocks<Cfg> == 1 ? 2 : 1;/' $V/src/kernels/gemm_kernels.cuh
  grep -n "typedef KBlocked" $V/src/kernels/gemm_k_blocks.h >> $S; grep -c "kKBlocks<Cfg> == 1 ? 2" $V/src/kernels/gemm_kernels.cuh >> $S
done
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1 &
for v in $VARIANTS; do
  name=${v%%:*}; V=$G/$name; mkdir -p $V/o
  for u in $V/src/kernels/gemm_64x64_*.cu $V/src/kernels/gemm_64x32_*.cu; do echo "$V $u"; done
done | xargs -P 16 -L 1 sh -c "cd \$0/src && $NVCC $F -Xcompiler -fPIC -c \$1 -o \$0/o/\$(basename \$1 .cu).o || echo BUILD-FAIL \$1" > $G/var_build.log 2>&1
wait
grep -E "lib:|BUILD-FAIL" $G/lib.log $G/var_build.log >> $S
for v in $VARIANTS; do
  name=${v%%:*}; V=$G/$name
  ( cd $V/src && g++ -std=c++17 -O2 -fPIC -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $V/o/configs.o )
  mkdir -p $V/all && cp $ROOT/$D/o/*.o $V/all/ && cp $V/o/*.o $V/all/ && rm -f $V/lib.a && ar rcs $V/lib.a $V/all/*.o
  $NVCC $F -I$CUDA/include bench/bench_gemm.cu $V/lib.a $LK -o $V/bench_gemm > $G/link_$name.log 2>&1 &
done
wait
echo "built at $(el)s: $(ls $G/*/bench_gemm | tr '\n' ' ')" >> $S
SA=""; for m in 1 8 64; do for nk in 4096,4096 6144,4096 4096,14336; do SA="$SA --shape $m,$nk"; done; done; SA="$SA --shape 32,6144,4096 --shape 16,4096,11008"
S7=""; for m in 1 64; do for nk in 4096,4096 6144,4096 4096,14336; do S7="$S7 --shape $m,$nk"; done; done
for r in 1 2; do for v in $VARIANTS; do name=${v%%:*}
  timeout 60 $G/$name/bench_gemm $G/auto_${name}_$r.csv --graph --dtype bf16 $SA > /dev/null 2>&1 || echo "auto $name $r: exit $?" >> $S
  timeout 60 $G/$name/bench_gemm $G/c7_${name}_$r.csv --graph --dtype bf16 --config 7 $S7 > /dev/null 2>&1 || echo "c7 $name $r: exit $?" >> $S
done; echo "round $r at $(el)s" >> $S; done
python3 - "$G" >> $S <<'PY'
import csv, glob, sys, collections
G = sys.argv[1]
for kind in ("auto", "c7"):
    best = collections.defaultdict(dict); lt = collections.defaultdict(list)
    names = []
    for f in sorted(glob.glob(f"{G}/{kind}_*_*.csv")):
        name = f.split("/")[-1][len(kind) + 1:].rsplit("_", 1)[0]
        if name not in names: names.append(name)
        for r in csv.DictReader(open(f)):
            key = (int(r["m"]), int(r["n"]), int(r["k"]))
            t = min(float(r["ms_ours"]), float(r["ms_ours_again"])) * 1000
            best[key][name] = min(best[key].get(name, 1e9), t)
            lt[key].append(min(float(r["ms_cublaslt"]), float(r["ms_gemmex"])) * 1000)
    order = ["pre", "cur", "f1", "kb3", "kb3f1"]
    names = [n for n in order if n in names]
    print(f"\n{kind}: best us of two rounds per variant (cuBLAS: best of all runs)")
    print("| M x N x K | " + " | ".join(names) + " | cuBLAS |")
    for key in sorted(best):
        print(f"| {key[0]}x{key[1]}x{key[2]} | " + " | ".join(f"{best[key].get(n, 0):.2f}" for n in names) + f" | {min(lt[key]):.2f} |")
PY
tar czf $OUT/csv.tgz -C $G $(cd $G && ls *.csv) lib.log var_build.log
echo "done at $(el)s" >> $S; cat $S
