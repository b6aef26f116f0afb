#!/usr/bin/env bash
# gen.sh — regenerates the C++ programs (gen.py) and, compiled against CUTLASS's CuTe
# (host only, from the pinned .deps, or $CUTLASS_INC and $CUDA_INC), their printouts: the expected values
# of the Go tests of package atom (atoms.out, gmma.out, tiled.out, copies.out, print_latex.golden). Each program
# is compiled in parts (-DPART=k, $JOBS at a time) whose printouts are concatenated in order.
# Usage: gen.sh [atoms] [gmma] [tiled] [copies] [print_latex]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
inc=${CUTLASS_INC:-$root/.deps/py/cutlass_library/source/include}
cuda=${CUDA_INC:-$root/.deps/py/nvidia/cu13/include}
jobs=${JOBS:-2}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$here/gen.py"
for p in ${@:-atoms gmma tiled copies print_latex}; do
  n=$(sed -n 's|^// parts: \([0-9]*\)$|\1|p' "$here/$p.cpp")
  seq 0 $((n - 1)) | xargs -P "$jobs" -I{} sh -c \
    "g++ -std=c++17 -w -O0 -g0 -DPART={} -I'$inc' -I'$cuda' -I'$cuda/cccl' '$here/$p.cpp' -o '$tmp/$p.{}' && '$tmp/$p.{}' >'$tmp/$p.{}.out'"
  out=$p.out
  [ "$p" = print_latex ] && out=print_latex.golden
  for k in $(seq 0 $((n - 1))); do cat "$tmp/$p.$k.out"; done >"$here/$out"
  echo "wrote $here/$out"
done
