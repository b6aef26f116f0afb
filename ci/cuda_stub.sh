#!/usr/bin/env bash
# Builds a link-time stub libcuda.so(.1) from the names cuda.h declares (and the older entry
# points gpu/cucompat/cuda.h uses), so that Go programs with the `cuda` tag link on machines
# without a driver. The stub is never run: its SONAME is libcuda.so.1, which the driver
# provides at run time.
set -euo pipefail
hdr=$1 out=$2
mkdir -p "$out"
{
  grep -oE '\bcu[A-Z][A-Za-z0-9_]*\(' "$hdr" | tr -d '('
  grep -oE '^#define cu[A-Za-z0-9_]+ +(__CUDA_API_PTSZ\()?(__CUDA_API_PTDS\()?cu[A-Za-z0-9_]+' "$hdr" | awk '{print $NF}' | sed -E 's/.*\(//'
  grep -oE 'CUresult CUDAAPI [A-Za-z0-9_]+\(' "$(dirname "$0")/../gpu/cucompat/cuda.h" | sed -E 's/CUresult CUDAAPI ([A-Za-z0-9_]+)\(/\1/'
} | sort -u | awk '{print "void " $1 "(void) {}"}' > "$out/cuda_stub.c"
gcc -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$out/libcuda.so.1" "$out/cuda_stub.c"
ln -sf libcuda.so.1 "$out/libcuda.so"
