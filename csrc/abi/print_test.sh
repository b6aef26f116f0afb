#!/usr/bin/env bash
# print_test.sh CUTEGO PRINT_TEST_C PRINT_TEST_CPP — the picture functions of the C ABI
# (cute_print_layout / _latex / _svg, their _composed and _tv forms) and of cutego.hpp are
# byte-identical to `cutego print` and `cutego render --format tex|svg [--tv]`, which this
# script runs on the same layouts.
set -euo pipefail
cli=$1 c=$2 cpp=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 fail=0
same() { # name, then the reference command's output file, then the ABI's
  if ! cmp -s "$2" "$3"; then
    echo "print_test: $1 differs from the cutego command:"; diff "$2" "$3" | head -10; fail=1
  fi
  n=$((n + 1))
}
layouts=("8:1" "(4,8):(8,1)" "(4,(2,2)):(2,(1,8))" "((2,2),(2,4)):((1,4),(2,8))" "(3,5):(-5,1)"
         "(2,(3,4)):(12,(1,3))" "(16,16):(1,100000)")
composed=("Sw<2,0,2> o 0 o (4,4):(4,1)" "Sw<3,4,3> o 0 o (8,64):(64,1)" "Sw<1,1,2> o 3 o (8,2):(2,1)")
tv=("((2,4),(2,2)):((8,1),(4,16))|(4,8)" "((4,8),4):((128,1),8)|(16,32)" "(32,4):(1,32)|(32,4)")
for l in "${layouts[@]}"; do
  "$cli" print "$l" >"$tmp/ref"
  "$c" layout layout "$l" >"$tmp/c";   same "cute_print_layout $l" "$tmp/ref" "$tmp/c"
  "$cpp" layout layout "$l" >"$tmp/cc"; same "cutego::print_layout $l" "$tmp/ref" "$tmp/cc"
  for f in latex svg; do
    fmt=$f; [ $f = latex ] && fmt=tex
    "$cli" render --format $fmt "$l" >"$tmp/ref"
    "$c" layout $f "$l" >"$tmp/c";   same "cute_print_$f $l" "$tmp/ref" "$tmp/c"
    "$cpp" layout $f "$l" >"$tmp/cc"; same "cutego::print_$f $l" "$tmp/ref" "$tmp/cc"
  done
done
for l in "${composed[@]}"; do
  "$cli" print "$l" >"$tmp/ref"
  "$c" composed layout "$l" >"$tmp/c";   same "cute_print_layout_composed $l" "$tmp/ref" "$tmp/c"
  "$cpp" composed layout "$l" >"$tmp/cc"; same "cutego::print_layout $l" "$tmp/ref" "$tmp/cc"
  for f in latex svg; do
    fmt=$f; [ $f = latex ] && fmt=tex
    "$cli" render --format $fmt "$l" >"$tmp/ref"
    "$c" composed $f "$l" >"$tmp/c";   same "cute_print_${f}_composed $l" "$tmp/ref" "$tmp/c"
    "$cpp" composed $f "$l" >"$tmp/cc"; same "cutego::print_$f $l" "$tmp/ref" "$tmp/cc"
  done
done
for x in "${tv[@]}"; do
  l=${x%|*} tile=${x#*|}
  for f in latex svg; do
    fmt=$f; [ $f = latex ] && fmt=tex
    "$cli" render --format $fmt --tv "$tile" "$l" >"$tmp/ref"
    "$c" tv $f "$l" "$tile" >"$tmp/c";   same "cute_print_${f}_tv $l $tile" "$tmp/ref" "$tmp/c"
    "$cpp" tv $f "$l" "$tile" >"$tmp/cc"; same "cutego::print_$f $l $tile" "$tmp/ref" "$tmp/cc"
  done
done
[ $fail -eq 0 ] || { echo "print_test: FAILED"; exit 1; }
echo "print_test: $n pictures byte-identical to cutego print / render (C and C++)"
