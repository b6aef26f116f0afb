#!/usr/bin/env bash
# Measures which C++ blocks of CuTe's docs `cutego eval` runs as pasted (docs/CPP-DOCS.md).
# The docs are not part of this repository: give a CUTLASS git checkout (or mirror), or a
# folder already holding the six .md files.
#   internal/eval/testdata/docs_blocks.sh /path/to/cutlass [out.md]
# Reads media/docs/cpp/cute/{01_layout,02_layout_algebra,03_tensor,0t_mma_atom,
# 0x_gemm_tutorial,0y_predication}.md at tag v4.2.0 (nvidia-cutlass 4.2), writes them to a
# temporary folder, and runs TestCppDocsMeasure over them; the table goes to out.md
# (default: stdout).
set -euo pipefail
src=${1:?usage: docs_blocks.sh CUTLASS_GIT_DIR_OR_DOCS_FOLDER [out.md]}
out=${2:-}
cd "$(dirname "$0")/../../.."
docs=$(mktemp -d)
trap 'rm -rf "$docs"' EXIT
for f in 01_layout 02_layout_algebra 03_tensor 0t_mma_atom 0x_gemm_tutorial 0y_predication; do
  if [ -f "$src/$f.md" ]; then
    cp "$src/$f.md" "$docs/$f.md"
  else
    git -C "$src" show "v4.2.0:media/docs/cpp/cute/$f.md" > "$docs/$f.md"
  fi
done
table=${out:-$docs/table.md}
CUTE_DOCS=$docs CUTE_DOCS_OUT=$(realpath -m "$table") go test ./internal/eval/ -run '^TestCppDocsMeasure$' -count=1 >/dev/null
[ -n "$out" ] || cat "$table"
