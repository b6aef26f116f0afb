#!/usr/bin/env bash
# One call, two things (tree = branch gosk; split-N objects carried):
# A. stream-K from Go (bench/results/2026-12-05-go-streamk/run.sh's checks): gpu.test, Go's
#    automatic against DATA_PARALLEL, bench_gemm decomposition 0 vs 1, test_gemm.
# B. split-N 64x128 (two consumer warpgroups of 64x64 each, 384 threads): test_gemm with the
#    64x128 units and launcher from the split-N tree (sn: 1 stage of MMAs in flight, sn2: 2), and
#    A/B against the tree: the shapes whose plan is 64x128, and 64x128 forced (--config 8).
set -u
G=/tmp/sn; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b; mkdir -p $D; K=$(cd $D && pwd); C=.devwork/lead/carry
for z in $C/*.cubin.gz; do [ -f "$z" ] && gunzip -f "$z"; done
if [ ! -s $C/cutego_gemm.cubin ]; then
  ( $NVCC $F -split-compile=0 -cubin kernels/gemm_module.cu -o $C/cutego_gemm.cubin > $G/cubin_gemm.log 2>&1; echo "gemm cubin rc=$? at $(el)s" >> $S ) &
fi
if [ ! -s $C/cutego_gemm_fp8.cubin ]; then
  ( $NVCC $F -split-compile=0 -cubin gpu/gemm_fp8_module.cu -o $C/cutego_gemm_fp8.cubin > $G/cubin_fp8.log 2>&1; echo "fp8 cubin rc=$? at $(el)s" >> $S ) &
fi
[ -s $C/cutego_copy.cubin ] || $NVCC $F -cubin kernels/module.cu -o $C/cutego_copy.cubin &
build_tree csrc/gemm/test_gemm bench/bench_gemm
for v in sn sn2; do
  mkdir -p $G/$v/all && cp $D/o/*.o $G/$v/all/ && cp $C/$v/*.o $G/$v/all/ && ar rcs $G/$v/lib.a $G/$v/all/*.o
  for t in bench/bench_gemm csrc/gemm/test_gemm_sn; do
    $NVCC $F -I$CUDA/include $t.cu $G/$v/lib.a $LK -o $G/$v/$(basename $t) > $G/link_${v}_$(basename $t).log 2>&1 || echo "LINK-FAIL $v $t" >> $S &
  done
done
wait
echo "all built at $(el)s" >> $S
export LD_LIBRARY_PATH=$CUDA/targets/x86_64-linux/lib
C2=$(cd $C && pwd)
GOENV="CUTEGO_CUBIN=$C2/cutego_copy.cubin CUTEGO_GEMM_CUBINS=$C2/cutego_gemm.cubin:$C2/cutego_gemm_fp8.cubin"
# tests first
run_test 100 test_gemm
for v in sn sn2; do
  flt=""; [ $v = sn2 ] && flt="--filter 64x128"
  timeout 100 $G/$v/test_gemm_sn $flt > $OUT/test_gemm_$v.log 2>&1; rc=$?; [ $rc = 0 ] && touch $G/$v.ok; echo "$v test_gemm rc=$rc $(grep -E 'checks' $OUT/test_gemm_$v.log | tail -1) ($(el)s)" >> $S
  grep -m5 "^FAIL" $OUT/test_gemm_$v.log >> $S
done
for tool in racecheck memcheck; do
  timeout 90 $CUDA/bin/compute-sanitizer --tool $tool --error-exitcode 3 $G/sn/test_gemm_sn --filter "64x128 N=" > $G/$tool.log 2>&1
  echo "$tool sn rc=$? ($(el)s) $(grep -E 'ERROR SUMMARY|checks' $G/$tool.log | tail -2 | tr '\n' ' ')" >> $S
done
(cd gpu && env CUTEGO_EXPECT_GPU=1 $GOENV timeout 150 ../$C/gpu.test -test.v -test.count=1 > $OUT/gpu_test.log 2>&1
  echo "gpu.test rc=$? ($(el)s)" >> $S)
grep -E "^(--- FAIL|FAIL|ok|PASS)|_streamk" $OUT/gpu_test.log | head -20 >> $S
# B. split-N timing
SH=""; for s in 1000,1000,1000 1024,1024,1024 256,4096,4096 256,4096,14336 256,4096,11008; do SH="$SH --shape $s"; done
[ -f $G/sn.ok ] && ab sn 2 $D/bench_gemm $G/sn/bench_gemm --graph --dtype bf16 $SH
[ -f $G/sn2.ok ] && ab sn2 2 $D/bench_gemm $G/sn2/bench_gemm --graph --dtype bf16 $SH
# A. Go and C stream-K timing
if [ $(el) -lt 420 ]; then
(cd gpu && env $GOENV timeout 60 ../$C/gpu.test -test.run '^$' -test.bench GemmDecomposition -test.benchtime 200x \
  -test.count 2 > $OUT/gobench.log 2>&1; echo "go bench rc=$? ($(el)s)" >> $S)
grep -E "^Benchmark|cutego_gemm_" $OUT/gobench.log >> $S
for dec in 0 1; do
  timeout 40 $D/bench_gemm $OUT/c_dec$dec.csv --dtype bf16 --decomposition $dec --reps 9 \
    --shape 1024,14336,4096 --shape 1024,14336,11008 --shape 512,11008,4096 > $G/c_dec$dec.log 2>&1
  echo "bench_gemm decomposition $dec rc=$? at $(el)s" >> $S; tail -4 $G/c_dec$dec.log >> $S
done
fi
if [ $(el) -lt 470 ]; then
FS=""; for s in 512,512,512 2048,2048,2048 64,4096,4096 128,6144,4096 256,6144,4096 100,4096,4100 512,4096,4096 1024,4096,4096; do FS="$FS --shape $s"; done
[ -f $G/sn.ok ] && ab forced 1 $D/bench_gemm $G/sn/bench_gemm --graph --dtype bf16 --config 8 $FS
[ -f $G/sn2.ok ] && ab forced2 1 $D/bench_gemm $G/sn2/bench_gemm --graph --dtype bf16 --config 8 $FS
timeout 60 $D/bench_gemm $OUT/auto_fs.csv --graph --dtype bf16 $FS > /dev/null 2>&1; echo "auto_fs rc=$? ($(el)s)" >> $S
fi
echo "done at $(el)s" >> $S
(cd $G && find sn sn2 forced forced2 -maxdepth 1 -name '*.csv' > list.txt; tar czf $OUT/csv.tgz -T list.txt)
(cd $OUT && tar czf logs.tgz $(ls | grep -v -e summary.txt -e csv.tgz) && ls | grep -v -e summary.txt -e csv.tgz -e logs.tgz | xargs rm -f)
cat $S
