#!/usr/bin/env bash
# ci/setup.sh [all|core|cuda]
#   core  checks (and on Debian/Ubuntu installs, when it may) the tools `make test` needs —
#         gcc, g++, make, cmake, pkg-config, binutils, python3 with pip and its headers, git,
#         and Go as go.mod names it. Nothing is downloaded when they are there (`make
#         setup-core`, all that `make demo` needs).
#   cuda  installs the pinned third-party packages into .deps/ (git-ignored): CUTLASS's
#         headers (the cross-check) and CUDA 13.0's nvcc, cudart and headers (the kernels),
#         about 1 GB from PyPI (`make setup-cuda`).
#   all   both (the default; `make setup`, which `make test` runs).
# Re-running is a no-op when everything is there.
set -euo pipefail
mode=${1:-all}
case $mode in all|core|cuda) ;; *) echo "usage: ci/setup.sh [all|core|cuda]" >&2; exit 2;; esac
top=$(cd "$(dirname "$0")/.." && pwd)
deps="$top/.deps"
py="$deps/py"
stamp="$deps/.setup-v1"
CUDA_VER=13.0
pkgs=(
  "nvidia-cutlass==4.2.0.0"
)
cuda_pkgs=(
  "nvidia-cuda-runtime==13.0.96"
  "nvidia-cuda-cccl==13.0.85"
  "nvidia-cuda-nvcc==13.0.88"
  "nvidia-cuda-crt==13.0.88"
  "nvidia-nvvm==13.0.88"
)
# ---- the tools `make test` runs ------------------------------------------------------------
if [ "$mode" != cuda ]; then
# command → Debian/Ubuntu package. Missing ones are installed with apt-get when this runs as
# root (or with password-less sudo); otherwise the script names them and stops.
declare -A tools=(
  [gcc]=gcc [g++]=g++ [make]=make [cmake]=cmake [pkg-config]=pkg-config
  [nm]=binutils [readelf]=binutils [python3]=python3 [git]=git
)
missing=()
for t in "${!tools[@]}"; do command -v "$t" >/dev/null 2>&1 || missing+=("${tools[$t]}"); done
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
# the Python package's C extension (make wheel) compiles against the interpreter's headers
python3 -c 'import os, sysconfig; raise SystemExit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
  || missing+=(python3-dev)
if [ ${#missing[@]} -gt 0 ]; then
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
  sudo=""
  [ "$(id -u)" -eq 0 ] || { sudo -n true 2>/dev/null && sudo="sudo -n"; }
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; }; then
    echo "setup: installing ${missing[*]} with apt-get"
    $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
  else
    echo "setup: make test needs these packages: ${missing[*]}" >&2
    echo "setup: install them (Debian/Ubuntu: sudo apt-get install ${missing[*]}) and run make setup again" >&2
    exit 1
  fi
fi
# Go: the version go.mod names, from https://go.dev/dl (Debian's golang package is older).
gover=$(sed -n 's/^go \([0-9.]*\).*/\1/p' "$top/go.mod")
if ! command -v go >/dev/null 2>&1; then
  echo "setup: make test needs Go $gover or newer (https://go.dev/dl), on PATH" >&2; exit 1
fi
have=$(go env GOVERSION | sed 's/^go//')
if [ "$(printf '%s\n%s\n' "$gover" "$have" | sort -V | head -1)" != "$gover" ]; then
  echo "setup: Go $have is older than the $gover that go.mod needs (https://go.dev/dl)" >&2; exit 1
fi
# cmake >= 3.16 (CMakeLists.txt)
cm=$(cmake --version | sed -n 's/^cmake version \([0-9.]*\).*/\1/p')
if [ "$(printf '%s\n%s\n' 3.16 "$cm" | sort -V | head -1)" != 3.16 ]; then
  echo "setup: cmake $cm is older than 3.16" >&2; exit 1
fi
fi
[ "$mode" = core ] && exit 0

# OpenBLAS, optional: the CPU einsum's GEMMs run on a CBLAS found at run time
# (cute/einsum/cpu); with one, `make test` checks that path against gonum (TestCBLAS), without
# one that test skips and the einsum runs on gonum. Installed when apt-get may; never fatal.
if [ "$mode" = all ] && ! ldconfig -p 2>/dev/null | grep -q 'libopenblas\.so\.0'; then
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing libopenblas0-pthread (optional) with apt-get"
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q libopenblas0-pthread; } >/dev/null 2>&1 \
      || echo "setup: OpenBLAS not installed (optional: the CPU einsum runs on gonum)"
  fi
fi

# ---- the pinned third-party packages, into .deps -------------------------------------------
if [ -f "$stamp" ]; then touch "$stamp" 2>/dev/null || true; exit 0; fi
mkdir -p "$py"
python3 -m pip install -q --disable-pip-version-check --no-deps --target "$py" "${pkgs[@]}" "${cuda_pkgs[@]}"
touch "$stamp"
