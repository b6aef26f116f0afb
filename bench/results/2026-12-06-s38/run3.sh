#!/usr/bin/env bash
# Session 38, device call 3 (carry build/carry/s38b: lib.a.gz, the tree's library, 1276c05's planner).
# The stream-K the model still takes at 1.6 per k-iteration, where call 2 split: bf16 2432 x 7168 x
# 32768 ran 1.027x faster data-parallel (the model's stream-K wrong), FP8 2432 x 3584 x 65536 1.056x
# faster in stream-K (right).
# 1. bf16: five shapes the model sends to stream-K (K = 32768 / 65536, a sliver of a last wave of
#    128x256 tiles), the automatic plan against --decomposition 1, in turn, two rounds.
#    Predicted: data-parallel 1.00-1.05x on all five (the 18 bf16 fits so far: 1.60-2.28 per k-iteration).
# 2. FP8 e4m3: five shapes the model sends to stream-K (K = 65536), bench_gemm_fp8 --variants
#    0:0:0 (automatic) and 0:0:0:1 (data-parallel). Predicted: stream-K 1.02-1.06x on at least 3 of 5.
# 3. FP8 1024 x 11008 x 4096: call 2 had the automatic plan 0.911 of cuBLASLt and the same plan asked
#    for (1:0:1:1) 0.949, the automatic one first in each round. The same variants, order reversed.
#    Predicted: the first variant is the slow one again (an order effect, not the plan).
set -u
G=$PWD/.devwork/s38d; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/t; mkdir -p $D
gunzip -c build/carry/s38b/lib.a.gz > $D/lib.a || echo "CARRY-FAIL" >> $S
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader >> $S
link_bins bench/bench_gemm bench/bench_gemm_fp8
SH="--shape 2432,7168,32768 --shape 2432,7168,65536 --shape 1280,13568,32768 --shape 3584,4864,32768 --shape 1792,9728,65536"
declare -A V=([dp]="--decomposition 1") B=()
in_turn 2 auto auto dp
timeout 150 $D/bench_gemm_fp8 $G/fp8sk.csv --shape 2432,3584,65536 --shape 2304,3840,65536 --shape 1152,7680,65536 \
  --shape 3456,2560,65536 --shape 640,13568,65536 --variants 0:0:0,0:0:0:1 --rounds 2 > $G/fp8sk.log 2>&1
echo "fp8 stream-K shapes rc=$? ($(el)s)" >> $S
grep -E "^ *(variant|[0-9]+ +[0-9]+ +[0-9]+ )" $G/fp8sk.log | cut -c1-150 >> $S
timeout 60 $D/bench_gemm_fp8 $G/fp8ord.csv --shape 1024,11008,4096 --variants 1:0:1:1,1:0:0,2:0:0,1:0:0 --rounds 2 > $G/fp8ord.log 2>&1
echo "fp8 order rc=$? ($(el)s)" >> $S
grep -E "^ *(variant|[0-9]+ +[0-9]+ +[0-9]+ )" $G/fp8ord.log | cut -c1-150 >> $S
cp -r $G/csv $G/fp8*.csv $G/fp8*.log $OUT/ 2>/dev/null
(cd $OUT && tar czf logs.tgz csv fp8* && rm -rf csv fp8*)
echo "all done at $(el)s" >> $S
cat $S
