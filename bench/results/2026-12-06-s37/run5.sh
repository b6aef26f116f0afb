#!/usr/bin/env bash
# Session 37, device call 5 (the machine of calls 3-4, still warm, their build; given as one command
# line to the device, kept here as run): the automatic plan (stream-K on 128x256 tiles) against
# --decomposition 1 (the planner's data-parallel choice), in turn, three rounds, bf16, on the shape of
# the stream-K model's own example (1536 x 14336 x 4096) and two long-K ones.
G=$PWD/.devwork/s37c; D=$G/base; for r in 1 2 3; do for v in auto dp; do o=""; [ $v = dp ] && o="--decomposition 1"; timeout 25 $D/bench_gemm $OUT/${v}_$r.csv --graph --dtype bf16 --shape 1536,14336,4096 --shape 1536,14336,14336 --shape 2048,11008,11008 $o 2>&1 | grep -E '^shape' | sed "s/^/$v $r /" | cut -c1-175; done; done
