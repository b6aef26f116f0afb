#!/usr/bin/env bash
# gen.sh — compiles print_tensor.cpp against CUTLASS's CuTe (host only, from the pinned
# .deps) and writes its output to print_tensor.out, the expected values of
# cute/print_tensor_test.go.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
py=$root/.deps/py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g++ -std=c++17 -w -O0 -I"$py/cutlass_library/source/include" -I"$py/nvidia/cu13/include" \
  -I"$py/nvidia/cu13/include/cccl" "$here/print_tensor.cpp" -o "$tmp/print_tensor"
"$tmp/print_tensor" >"$here/print_tensor.out"
echo "wrote $here/print_tensor.out"
