#!/usr/bin/env bash
# Runs every Fuzz target in the module for a short time each (default 3s).
set -euo pipefail
t=${1:-3s}
cd "$(dirname "$0")/.."
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for f in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    echo "fuzz $pkg $f ($t)"
    go test -run '^$' -fuzz "^$f\$" -fuzztime "$t" "$pkg" >/tmp/cutego-fuzz.log 2>&1 || { cat /tmp/cutego-fuzz.log; exit 1; }
  done
done
