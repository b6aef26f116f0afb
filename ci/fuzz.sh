#!/usr/bin/env bash
# Runs every Fuzz target in the module for a short time each (default 3s).
# The instrumented test binary of a package is built once (`go test -c -fuzz`, with the build
# tag of its tagged files where they have one) and runs each of the package's targets in turn,
# in the package's folder and with the corpus cache `go test -fuzz` uses, as `go test -fuzz`
# would run it: one go command and one link per package, not per target.
set -euo pipefail
t=${1:-3s}
cd "$(dirname "$0")/.."
log=$(mktemp)
bins=$(mktemp -d)
trap 'rm -rf "$log" "$bins"' EXIT
fuzzcache="$(go env GOCACHE)/fuzz"
for pkg in $(go list ./...); do
  dir=$(go list -f '{{.Dir}}' "$pkg")
  targets=$(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed "s/^func //" | sort -u || true)
  [ -n "$targets" ] || continue
  # a target in a file built only with a tag (//go:build cutego_testhooks) is run with it;
  # one binary per tag set of the package
  declare -A bytag=()
  for f in $targets; do
    tags=$(grep -l "^func $f(" "$dir"/*_test.go | head -1 | xargs sed -n '1s/^\/\/go:build \([A-Za-z0-9_]*\)$/\1/p')
    bytag[${tags:--}]+="$f "
  done
  for key in "${!bytag[@]}"; do
    tags=${key#-}
    bin="$bins/$(echo "$pkg${tags:+-$tags}" | tr '/.' '__').test"
    go test -c ${tags:+-tags "$tags"} -fuzz . -o "$bin" "$pkg"
    for f in ${bytag[$key]}; do
      echo "fuzz $pkg $f ($t${tags:+, -tags $tags})"
      run() {
        (cd "$dir" && "$bin" -test.run '^$' -test.fuzz "^$f\$" -test.fuzztime "$t" \
          -test.fuzzcachedir "$fuzzcache/$pkg" -test.paniconexit0 -test.timeout 10m) >"$log" 2>&1
      }
      if ! run; then
        # Go's fuzzing engine sometimes stops with "context deadline exceeded" on a loaded
        # machine without any failing input (no crasher is written): run that target once more.
        # A real failure writes its input under testdata/fuzz and is never retried.
        if grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
          echo "fuzz $pkg $f: engine deadline without a failing input; running it once more"
          run || { cat "$log"; exit 1; }
        else
          cat "$log"; exit 1
        fi
      fi
    done
  done
  unset bytag
done
