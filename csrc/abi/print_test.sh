#!/usr/bin/env bash
# print_test.sh CUTEGO PRINT_TEST_C PRINT_TEST_CPP — the picture functions of the C ABI
# (cute_print_layout / _latex / _svg, their _composed and _tv forms, and the TiledMMA /
# TiledCopy pictures with their options) and of cutego.hpp are byte-identical to `cutego
# print` and `cutego render --format tex|svg [--tv] [--readers] [--thread t] [--tiler]`,
# which this script runs on the same layouts.
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
# TiledMMA: atom|atom layout|permutation, each with the options readers,thread
mmas=("SM80_16x8x16_F32F16F16F32_TN|(2,2,1):(1,2,0)|(32,_,16)" "SM80_16x8x8_F16F16F16F16_TN|(1,2):(0,1)|(_,(4,4):(4,1),_)")
mma_opts=("0 -1" "1 -1" "0 5" "1 63")
for x in "${mmas[@]}"; do
  IFS='|' read -r atom al perm <<<"$x"
  for o in "${mma_opts[@]}"; do
    read -r rd th <<<"$o"
    flags=(); [ "$rd" = 1 ] && flags+=(--readers); [ "$th" -ge 0 ] && flags+=(--thread "$th")
    "$cli" render --format svg "${flags[@]}" "make_tiled_mma(${atom}{},$al,$perm)" >"$tmp/ref"
    "$c" mma svg "$atom" "$al" "$perm" "$rd" "$th" >"$tmp/c";   same "cute_print_svg_tiled_mma_options $x $o" "$tmp/ref" "$tmp/c"
    "$cpp" mma svg "$atom" "$al" "$perm" "$rd" "$th" >"$tmp/cc"; same "cutego::print_svg_tiled_mma $x $o" "$tmp/ref" "$tmp/cc"
  done
done
# TiledCopy: op|value type|thread layout|value layout, each with readers,thread,tiler
copies=("UniversalCopy<uint128_t>|half_t|(32,8):(8,1)|(1,8):(0,1)" "UniversalCopy<uint64_t>|float|(4,8):(1,4)|(2,2):(2,1)")
copy_opts=("0 -1 0" "1 -1 0" "0 3 0" "0 -1 1" "1 7 1")
for x in "${copies[@]}"; do
  IFS='|' read -r op vt thr val <<<"$x"
  for o in "${copy_opts[@]}"; do
    read -r rd th tl <<<"$o"
    flags=(); [ "$rd" = 1 ] && flags+=(--readers); [ "$th" -ge 0 ] && flags+=(--thread "$th"); [ "$tl" = 1 ] && flags+=(--tiler)
    "$cli" render --format svg "${flags[@]}" "make_tiled_copy(Copy_Atom<$op,$vt>{},$thr,$val)" >"$tmp/ref"
    "$c" copy svg "$op" "$vt" "$thr" "$val" "$rd" "$th" "$tl" >"$tmp/c";   same "cute_print_svg_tiled_copy_options $x $o" "$tmp/ref" "$tmp/c"
    "$cpp" copy svg "$op" "$vt" "$thr" "$val" "$rd" "$th" "$tl" >"$tmp/cc"; same "cutego::print_svg_tiled_copy $x $o" "$tmp/ref" "$tmp/cc"
  done
done
[ $fail -eq 0 ] || { echo "print_test: FAILED"; exit 1; }
echo "print_test: $n pictures byte-identical to cutego print / render (C and C++)"
