#!/usr/bin/env bash
# The tree with D streaming as a rule (evict-first D stores, evict-last A and B loads where a
# 16-bit GEMM of K <= 128 and no source writes >= 2 GiB of D; csrc/gemm/plan.c's stream_output):
# 1. the automatic plan against normal stores (--d-store 2) and streaming forced (--d-store 1),
#    three rounds in turn, on shapes inside the rule (2 and 4 GiB of D) and outside it (1 and 1.5
#    GiB, K = 256);
# 2. test_gemm (its D-streaming cases: evict-first stores and evict-last loads over many tiles per
#    CTA, a batch, a source, stream-K) and test_gemm_graph; memcheck of the D-streaming cases;
# 3. the eight einsum contractions against torch.einsum (goeinsum and the cubins built here from
#    this tree, carried in .devwork/lead/ein).
# Predicted: inside the rule the automatic plan 1.04-1.08x of normal (the attention scores ~0.88
# of cuBLAS), outside it equal to normal; every test passes, memcheck clean; bhqd,bhkd->bhqk
# 0.90 -> ~0.95 of torch.einsum, the others unchanged.
set -u
G=/tmp/ds6; . bench/device/env.sh; . bench/device/steps.sh
export D=.devwork/b; mkdir -p $D
build_tree csrc/gemm/test_gemm csrc/gemm/test_gemm_graph bench/bench_gemm
run_test 100 test_gemm
grep "D streaming" $OUT/test_gemm.log | cut -c1-100 >> $S
run_test 100 test_gemm_graph
sanitize memcheck 120 test_gemm "D streaming"
SH=""; for s in 2048,2048,128,256 2048,2048,128,512 524288,2048,128 2048,2048,64,256 262144,4096,128 \
  2048,2048,128,128 2048,2048,128,192 131072,4096,128 262144,4096,256; do SH="$SH --shape $s"; done
declare -A V=([normal]="--d-store 2" [auto]="" [stream]="--d-store 1")
mkdir -p $G/csv
for r in 1 2 3; do
  for v in normal auto stream; do
    timeout 100 $D/bench_gemm $G/csv/${v}_$r.csv --graph --dtype bf16 $SH ${V[$v]} > $G/${v}_$r.log 2>&1 ||
      echo "$v round $r: exit $? $(tail -2 $G/${v}_$r.log)" >> $S
  done
  echo "round $r at $(el)s" >> $S
done
for v in auto stream; do
  echo "## normal -> $v" >> $S
  python3 bench/ab_table.py $G/csv/normal_*.csv -- $G/csv/${v}_*.csv >> $S
done
grep -h "WRONG" $G/*.log | head -3 >> $S
E=.devwork/lead/ein
if [ -x $E/goeinsum ]; then
  (cd $E && for z in *.cubin.gz; do [ -f "$z" ] && gunzip -f "$z"; done; OUT=$OUT/einsum timeout 240 bash einsum_gpu.sh > $G/einsum.log 2>&1)
  echo "einsum rc=$? at $(el)s" >> $S
  grep -E '^\| `|geomean' $OUT/einsum/einsum_summary.txt >> $S
fi
(cd $G && tar czf $OUT/csv.tgz csv *.log; cd $OUT && tar czf logs.tgz test_gemm.log test_gemm_graph.log && rm -f test_gemm.log test_gemm_graph.log)
echo "done at $(el)s" >> $S
cat $S
