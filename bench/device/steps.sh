# steps.sh — the steps the device scripts of bench/results repeat (source it after env.sh, and
# after variant.sh where variants are built; $D is the tree's build folder):
#   build_tree BIN...                  the kernels library of the tree (bench/device/lib.sh) into
#                                      $D, then each BIN (a .cu path without .cu, e.g.
#                                      csrc/gemm/test_gemm, bench/bench_gemm) linked against it in
#                                      parallel into $D; LINK-FAIL lines and a count into $S
#   link_bins BIN...                   each BIN linked against $D/lib.a (a carried library) into $D,
#                                      in parallel; LINK-FAIL lines and the time into $S
#   run_test SECONDS BIN [ARGS...]     $D/BIN under a timeout, its log $OUT/BIN.log, its exit status
#                                      and last check lines into $S
#   sanitize TOOL SECONDS BIN FILTER   compute-sanitizer --tool TOOL of $D/BIN --filter FILTER,
#                                      its exit status and error summary into $S
#   ab NAME ROUNDS BEFORE AFTER OPT... bench/gemm_ab.sh in $G/NAME (BEFORE and AFTER alternated
#                                      ROUNDS times), its table into $OUT/NAME.txt and $S
#   sweep DTYPE...                     bench_gemm --sweep --graph per type into $G/sweep, the
#                                      geometric means into $S
#   standing SECONDS                   the standing figures of the tree: sweep bf16 f16 (their CSVs
#                                      into $OUT) and bench_gemm_fp8's per-tensor table (a timeout of
#                                      SECONDS), its geometric means into $S
#   bs_rounds ROUNDS NAME:BIN...       bench_gemm_fp8 --blockscaled of each BIN in turn, ROUNDS
#                                      times, into $G/NAME_<round>.csv and .log; each run's
#                                      block-scaled summary line into $S
#   sweep_pair BASE:BIN VARIANT:BIN    bench_gemm --sweep --graph (bf16) of each BIN into
#                                      $G/sweep_<name>.csv, their geometric means, and ab_table's
#                                      rows that moved more than 2% into $S
#   cluster_pair ROUNDS BASE:BIN VARIANT:BIN
#                                      bench_gemm --ab-cluster (clusters on and off in one process)
#                                      on session 39's ten cluster cases, each BIN in turn, ROUNDS
#                                      times, into $G/cl; bench/results/2026-12-06-s39/cluster_table.py's
#                                      table into $S
#   carried_lib NAME WAVES_O PLAN_O    $G/NAME/lib.a: the carried kernels library $C/lib.a.gz with
#                                      the planner objects WAVES_O (waves.c) and PLAN_O (plan.c)
#   in_turn ROUNDS BASE VARIANT...     bench_gemm once per variant, every variant a round at a time,
#                                      ROUNDS times, on the shapes $SH (--graph --dtype bf16) into
#                                      $G/csv/<variant>_<round>.csv: variant v's binary ${B[v]}
#                                      ($D/bench_gemm where unset), its options ${V[v]} (the
#                                      caller's associative arrays); then ab_table of each other
#                                      variant against BASE into $S
carried_lib() {  # NAME WAVES_O PLAN_O: $G/NAME/lib.a, the carried kernels library ($C/lib.a.gz)
  local v=$G/$1                 # with planner objects WAVES_O (waves.c) and PLAN_O (plan.c) in it
  mkdir -p $v/x && gunzip -c $C/lib.a.gz > $v/lib.a && cp $2 $v/x/gemm_split_k.o && cp $3 $v/x/gemm_plan.o &&
    ar r $v/lib.a $v/x/gemm_split_k.o $v/x/gemm_plan.o || echo "CARRY-FAIL $1" >> $S
}
build_tree() {
  bash bench/device/lib.sh > $G/lib.log 2>&1
  grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S
  link_bins "$@"
  local t
  echo "built at $(el)s: $(for t in "$@"; do ls $D/$(basename $t); done 2>/dev/null | wc -l) of $# binaries" >> $S
}
link_bins() {
  local t pids=""
  for t in "$@"; do
    $NVCC $F -I$CUDA/include $t.cu $D/lib.a $LK -o $D/$(basename $t) > $G/link_$(basename $t).log 2>&1 ||
      echo "LINK-FAIL $t: $(grep -m1 error $G/link_$(basename $t).log)" >> $S &
    pids="$pids $!"
  done
  wait $pids
  echo "linked at $(el)s" >> $S
}
run_test() {
  local secs=$1 bin=$2; shift 2
  timeout $secs $D/$bin "$@" > $OUT/$bin.log 2>&1
  echo "$bin rc=$? ($(el)s)" >> $S
  grep -E "^FAIL|checks|failures" $OUT/$bin.log | tail -6 >> $S
}
sanitize() {
  timeout $2 $CUDA/bin/compute-sanitizer --tool $1 --error-exitcode 3 $D/$3 --filter "$4" > $G/$1_$3.log 2>&1
  echo "$1 $3 rc=$? ($(el)s)" >> $S
  grep -E "ERROR SUMMARY|checks" $G/$1_$3.log | tail -2 >> $S
}
ab() {
  local name=$1 rounds=$2 before=$3 after=$4; shift 4
  mkdir -p $G/$name
  timeout 300 bash bench/gemm_ab.sh $G/$name $rounds $before $after "$@" > $OUT/$name.txt 2>&1
  echo "$name ($(basename $(dirname $before))/$(basename $before) -> $(basename $(dirname $after))/$(basename $after)) at $(el)s" >> $S
  grep "^|" $OUT/$name.txt >> $S
}
sweep() {
  mkdir -p $G/sweep
  local dt
  for dt in "$@"; do
    timeout 100 $D/bench_gemm $G/sweep/sweep_$dt.csv --sweep --graph --dtype $dt > $G/sweep/sweep_$dt.log 2>&1
    echo "sweep $dt (graph) rc=$? at $(el)s: $(tail -1 $G/sweep/sweep_$dt.log)" >> $S
  done
}
standing() {
  sweep bf16 f16
  cp $G/sweep/*.csv $OUT/ 2>/dev/null
  timeout $1 $D/bench_gemm_fp8 $OUT/fp8.csv > $OUT/fp8.log 2>&1
  echo "fp8 rc=$? at $(el)s: $(grep -i "geometric" $OUT/fp8.log | head -3 | tr '\n' ' ')" >> $S
}
bs_rounds() {
  local rounds=$1 r x n; shift
  for r in $(seq $rounds); do
    for x in "$@"; do
      n=${x%%:*}
      timeout 150 ${x#*:} $G/${n}_$r.csv --blockscaled --reps 9 > $G/${n}_$r.log 2>&1
      echo "$n $r rc=$? ($(el)s): $(grep -m1 '^== block-scaled' $G/${n}_$r.log)" >> $S
    done
  done
}
in_turn() {
  local rounds=$1 base=$2 r v; shift 2
  mkdir -p $G/csv
  for r in $(seq $rounds); do
    for v in "$@"; do
      timeout 120 ${B[$v]:-$D/bench_gemm} $G/csv/${v}_$r.csv --graph --dtype bf16 $SH ${V[$v]:-} > $G/${v}_$r.log 2>&1 ||
        echo "$v round $r: exit $? $(tail -2 $G/${v}_$r.log)" >> $S
    done
    echo "round $r at $(el)s" >> $S
  done
  for v in "$@"; do
    [ "$v" = "$base" ] && continue
    echo "## $base -> $v" >> $S
    python3 bench/ab_table.py $G/csv/${base}_*.csv -- $G/csv/${v}_*.csv >> $S
  done
}
sweep_pair() {
  local x
  for x in "$@"; do
    timeout 100 ${x#*:} $G/sweep_${x%%:*}.csv --sweep --graph --dtype bf16 > $G/sweep_${x%%:*}.log 2>&1
    echo "sweep ${x%%:*} at $(el)s: $(tail -1 $G/sweep_${x%%:*}.log)" >> $S
  done
  python3 bench/ab_table.py $G/sweep_${1%%:*}.csv -- $G/sweep_${2%%:*}.csv | awk -F'|' 'NR<=2 || $9+0 < 0.98 || $9+0 > 1.02' >> $S
}
cluster_pair() {
  local rounds=$1 r c s o x; shift
  mkdir -p $G/cl
  for r in $(seq $rounds); do
    for c in "1024x1024x1024:--config 8 --cluster 2" "1000x1000x1000:--config 8 --cluster 2" "512x4096x4096:--config 2 --cluster 2" \
      "512x4096x14336:--config 2 --cluster 2" "256x6144x4096:--config 11 --cluster 2" "128x6144x4096:--config 10 --cluster 2" \
      "64x4096x4096:--config 7 --cluster-n 2" "128x11008x4096:--config 2 --cluster-n 2" "2048x2048x2048:--config 1 --cluster 2" \
      "4096x4096x4096:--config 1 --cluster 2"; do
      s=${c%%:*}; o=${c#*:}
      for x in "$@"; do
        timeout 30 ${x#*:} $G/cl/${x%%:*}_${s}_$r.csv --graph --dtype bf16 --ab-cluster --shape ${s//x/,} $o > $G/cl_${x%%:*}_$s.log 2>&1 ||
          echo "cl ${x%%:*} $s: exit $? $(tail -1 $G/cl_${x%%:*}_$s.log | cut -c1-120)" >> $S
      done
    done
    echo "clusters round $r at $(el)s" >> $S
  done
  python3 bench/results/2026-12-06-s39/cluster_table.py $G/cl >> $S
}
