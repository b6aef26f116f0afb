#!/usr/bin/env bash
# threads.sh — the thread-scaling run of 2026-12-02-cpu-einsum-threads.md: for each case of
# cute/einsum/cpu/testdata/bench_cases.txt, in 3 interleaved rounds, BenchmarkContract's BLAS
# path with 1 and 2 threads (GOMAXPROCS through -test.cpu, OPENBLAS_NUM_THREADS alike) for
# the branch (NEW, a test binary) and the commit before it (BASE: one goroutine, the BLAS
# threading each call), and numpy.einsum with 1 and 2 OpenBLAS threads; `uptime` before each
# case, and a probe of the parallelism the machine gives (the wall time of one busy loop, then
# of two at once: equal when two cores are free, double when one is). Usage: NEW=cpu.test BASE=base.test PYDEPS=dir threads.sh > log
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
spin() { local i; for ((i = 0; i < 100000; i++)); do :; done; }
probe() {
  local t0 t1 t2
  t0=$(date +%s%N); spin; t1=$(date +%s%N); spin & spin & wait; t2=$(date +%s%N)
  echo "probe one busy loop $(((t1 - t0) / 1000000)) ms, two at once $(((t2 - t1) / 1000000)) ms"
}
cases=$(awk '!/^#/ && NF {print $1}' cute/einsum/cpu/testdata/bench_cases.txt)
for round in 1 2 3; do
  for c in $cases; do
    echo "uptime $(uptime)"
    probe
    for t in 1 2; do
      export OPENBLAS_NUM_THREADS=$t OMP_NUM_THREADS=$t MKL_NUM_THREADS=$t
      for bin in NEW BASE; do
        (cd cute/einsum/cpu && "${!bin}" -test.run '^$' -test.bench "BenchmarkContract/^$c\$/blas" \
          -test.benchtime 1s -test.cpu "$t") | grep '^Benchmark' | sed "s/^/$bin $t /"
      done
      VARIANTS=einsum_opt PYTHONPATH=$PYDEPS python3 bench/einsum/numpy_einsum.py "$c" | sed "s/^/NUMPY $t /"
    done
  done
done
