#!/usr/bin/env bash
# check_symbols.sh LIB.so CGO_HEADER INCLUDE_DIR — the hand-written headers and the library's
# exported symbols agree:
#   1. every dynamic symbol the .so defines is cute_* / cutego_* (the version script works:
#      no Go runtime or cgo symbol leaks);
#   2. every function declared with CUTEGO_API in INCLUDE_DIR/*.h is exported, and every
#      exported symbol is declared in some header of INCLUDE_DIR;
#   3. a C file and a C++ file including both cutego.h and cgo's generated header compile:
#      the compiler checks each declaration against cgo's (csrc/abi/header_check.c);
#   4. the public headers compile alone, warning-free, as C99 and C++.
set -euo pipefail
so=$1 cgoh=$2 inc=$3
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

nm -D --defined-only "$so" | awk '$2 == "T" || $2 == "D" || $2 == "B" || $2 == "R" {print $3}' \
  | sed 's/@.*//' | sort -u >"$tmp/exported"
if grep -Ev '^(cute|cutego)_' "$tmp/exported" >"$tmp/leaked"; then
  echo "check_symbols: symbols other than cute_*/cutego_* exported:"; head -20 "$tmp/leaked"; fail=1
fi

: >"$tmp/api"; : >"$tmp/declared"
for h in "$inc"/*.h; do
  # with cutego.h first: a header may declare its libcutego exports only after it (cutego_tma.h)
  gcc -E -P -I"$inc" -DCUTEGO_API=__cutego_api__ -include "$inc/cutego.h" "$h" >"$tmp/pp.h" 2>/dev/null || continue
  tr '\n' ' ' <"$tmp/pp.h" | grep -o '__cutego_api__[^(;]*(' | grep -o '[A-Za-z_][A-Za-z0-9_]*[[:space:]]*($' \
    | tr -d '( ' >>"$tmp/api" || true
  grep -oE '\b(cute|cutego)_[A-Za-z0-9_]+[[:space:]]*\(' "$tmp/pp.h" | tr -d '( ' >>"$tmp/declared" || true
done
sort -u -o "$tmp/api" "$tmp/api"
sort -u "$tmp/declared" "$tmp/api" -o "$tmp/declared"
missing=$(comm -23 "$tmp/api" "$tmp/exported")
undeclared=$(comm -13 "$tmp/declared" "$tmp/exported")
if [ -n "$missing" ]; then echo "check_symbols: declared with CUTEGO_API but not exported:"; echo "$missing"; fail=1; fi
if [ -n "$undeclared" ]; then echo "check_symbols: exported but declared in no header:"; echo "$undeclared"; fail=1; fi

cflags="-Wall -Wextra -Werror -I$inc -I$here/../../capi -I$(dirname "$cgoh") -DCGO_HEADER=\"$(basename "$cgoh")\""
gcc -std=c99 -fsyntax-only $cflags "$here/header_check.c" || fail=1
g++ -std=c++17 -x c++ -fsyntax-only $cflags "$here/header_check.c" || fail=1
for h in "$inc"/cutego.h "$inc"/cutego.hpp; do
  [ -f "$h" ] || continue
  case $h in
    *.hpp) echo "#include \"$(basename "$h")\"" >"$tmp/alone.cpp"
           g++ -std=c++17 -Wall -Wextra -Werror -pedantic -fsyntax-only -I"$inc" "$tmp/alone.cpp" || fail=1 ;;
    *) echo "#include \"$(basename "$h")\"" >"$tmp/alone.c"
       gcc -std=c99 -Wall -Wextra -Werror -pedantic -fsyntax-only -I"$inc" "$tmp/alone.c" || fail=1
       g++ -x c++ -std=c++11 -Wall -Wextra -Werror -pedantic -fsyntax-only -I"$inc" "$tmp/alone.c" || fail=1 ;;
  esac
done
n_api=$(wc -l <"$tmp/api"); n_exp=$(wc -l <"$tmp/exported")
if [ $fail -ne 0 ]; then echo "check_symbols: FAILED"; exit 1; fi
echo "check_symbols: $n_exp exported symbols, $n_api CUTEGO_API declarations, all agree; headers compile with cgo's"
