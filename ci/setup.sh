#!/usr/bin/env bash
# Installs the pinned third-party packages this project needs into .deps/ (git-ignored).
# Re-running is a no-op when everything is there.
set -euo pipefail
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
if [ -f "$stamp" ]; then exit 0; fi
mkdir -p "$py"
python3 -m pip install -q --disable-pip-version-check --no-deps --target "$py" "${pkgs[@]}" "${cuda_pkgs[@]}"
touch "$stamp"
