#!/usr/bin/env bash
# Session 37, device call 4 (the machine of call 3, still warm; its build): the automatic plan
# against the same with --decomposition 1 (data-parallel) in turn, three rounds, on the shapes where
# the planner takes stream-K (2048 x 11008 x 4096, 4097^3) and neighbours of 2048 x 11008, bf16 and
# fp16. Call 3 measured 2048 x 11008 x 4096 bf16 at 265 us automatic (stream-K on 128x256) against
# 259 us data-parallel (the planner's data-parallel choice: 128x168, 8 waves).
set -u
G=$PWD/.devwork/s37c; . bench/device/env.sh; . bench/device/steps.sh
export D=$G/base
SH=""; for s in 2048,11008,4096 4097,4097,4097 2048,11008,14336 1536,11008,4096 2560,11008,4096 3072,11008,4096; do SH="$SH --shape $s"; done
for r in 1 2 3; do
  for v in auto dp; do o=""; [ $v = dp ] && o="--decomposition 1"
    timeout 40 $D/bench_gemm $OUT/${v}_$r.csv --graph --dtype both $SH $o > $G/$v.log 2>&1; echo "$v $r rc=$? ($(el)s)" >> $S
    grep -E "^shape" $G/$v.log | sed "s/^/$v $r /" | cut -c1-190 >> $G/t.txt
  done
done
cat $G/t.txt >> $S
(cd $OUT && tar czf csv.tgz *.csv && rm -f *.csv)
cat $S
