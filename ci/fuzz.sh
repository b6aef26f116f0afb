#!/usr/bin/env bash
# Runs every Fuzz target in the module for a short time each (default 3s).
set -euo pipefail
t=${1:-3s}
cd "$(dirname "$0")/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  for f in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
    # a target in a file built only with a tag (//go:build cutego_testhooks) is run with it
    tags=$(grep -l "^func $f(" "$dir"/*_test.go | head -1 | xargs sed -n '1s/^\/\/go:build \([A-Za-z0-9_]*\)$/\1/p')
    echo "fuzz $pkg $f ($t${tags:+, -tags $tags})"
    if ! go test ${tags:+-tags "$tags"} -run '^$' -fuzz "^$f\$" -fuzztime "$t" "$pkg" >"$log" 2>&1; then
      # Go's fuzzing engine sometimes stops with "context deadline exceeded" on a loaded
      # machine without any failing input (no crasher is written): run that target once more.
      # A real failure writes its input under testdata/fuzz and is never retried.
      if grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
        echo "fuzz $pkg $f: engine deadline without a failing input; running it once more"
        go test ${tags:+-tags "$tags"} -run '^$' -fuzz "^$f\$" -fuzztime "$t" "$pkg" >"$log" 2>&1 || { cat "$log"; exit 1; }
      else
        cat "$log"; exit 1
      fi
    fi
  done
done
