#!/usr/bin/env bash
# Before the device call (here, no GPU): copies this tree to DEST (default
# /work/main/.devwork/gettcopy, what the device tool carries: the tracked and untracked files,
# not the ignored ones; its build/ is kept for a warm rerun) and builds libcutego.so (Go, which
# the device lacks) into DEST/carry/lib for gett_torch.py. Usage: bash prep.sh [DEST]
set -eu
cd "$(dirname "$0")/../../.."
DEST=${1:-/work/main/.devwork/gettcopy}
nice make -s libcutego >/dev/null
mkdir -p "$DEST"
find "$DEST" -mindepth 1 -maxdepth 1 ! -name carry ! -name build -exec rm -rf {} +
git ls-files -co --exclude-standard | tar -cf - -T - | tar -xf - -C "$DEST"
mkdir -p "$DEST/carry/lib" && rm -rf "$DEST/carry/lib"/* && cp -a build/lib/libcutego.so* "$DEST/carry/lib/"
ls -la "$DEST/carry/lib"
