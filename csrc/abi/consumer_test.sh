#!/usr/bin/env bash
# consumer_test.sh MAKE CUTEGO_BIN — install libcutego into a temporary PREFIX, build a C and a
# C++ consumer (csrc/abi/consumer/) against the installed copy only, via pkg-config and via
# CMake (shared and static), run them, and compare their output with `cutego eval` on the
# same cases (where the CLI is built and answers) and with the values of C++ CuTe.
set -euo pipefail
make=${1:-make} cutego=${2:-build/cutego}
here=$(cd "$(dirname "$0")" && pwd)
src=$here/consumer
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
$make --no-print-directory capi-install PREFIX="$prefix" >/dev/null
echo "consumer: installed into a temporary prefix: $(cd "$prefix" && find . -type f -o -type l | sort | tr '\n' ' ')"

# Only headers whose library is installed: libcutego's and the header-only device header;
# every function they declare with CUTEGO_API is defined by the installed library.
have=$(cd "$prefix/include" && ls | tr '\n' ' ')
want="cutego.h cutego.hpp cutego_device.h cutego_einsum.h cutego_types.h "
if [ "$have" != "$want" ]; then
  echo "consumer: installed headers are '$have', want '$want'"; exit 1
fi
nm -D --defined-only "$prefix/lib/libcutego.so.0" | awk '{print $3}' | sed 's/@.*//' | sort -u >"$tmp/exported"
for h in "$prefix"/include/*.h; do
  gcc -E -P -I"$prefix/include" -DCUTEGO_API=__cutego_api__ -include "$prefix/include/cutego.h" "$h" \
    | tr '\n' ' ' | grep -o '__cutego_api__[^(;]*(' | grep -o '[A-Za-z_][A-Za-z0-9_]*[[:space:]]*($' | tr -d '( '
done | sort -u >"$tmp/declared"
if ! comm -23 "$tmp/declared" "$tmp/exported" | { ! grep .; }; then
  echo "consumer: installed headers declare functions the installed libcutego lacks (above)"; exit 1
fi
echo "consumer: installed headers: $have($(wc -l <"$tmp/declared") functions, all in the installed library)"

expected=$src/cases.expected
if [ -x "$cutego" ] && out=$("$cutego" eval <"$src/cases.eval" 2>/dev/null) && [ -n "$out" ]; then
  if [ "$out" = "$(cat "$expected")" ]; then
    echo "consumer: cutego eval agrees with the expected values"
    printf '%s\n' "$out" >"$tmp/expected"; expected=$tmp/expected
  else
    echo "consumer: cutego eval disagrees with C++ CuTe's values (not libcutego's concern here):"
    diff <(printf '%s\n' "$out") "$expected" || true
  fi
else
  echo "consumer: $cutego eval not available; comparing with C++ CuTe's values"
fi

fail=0
run() { # name binary
  if "$2" >"$tmp/$1.out" 2>&1 && diff -u "$expected" "$tmp/$1.out" >"$tmp/$1.diff"; then
    echo "consumer: $1 ok"
  else
    echo "consumer: $1 FAILED"; cat "$tmp/$1.diff" "$tmp/$1.out"; fail=1
  fi
}

# pkg-config (the .pc file is relocatable)
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
pc_libdir=$(cd "$(pkg-config --variable=libdir cutego)" && pwd -P)
gcc -std=c99 -Wall -Werror $(pkg-config --cflags cutego) "$src/consumer.c" -o "$tmp/c_pc" \
  $(pkg-config --libs cutego) -Wl,-rpath,"$pc_libdir"
g++ -std=c++17 -Wall -Werror $(pkg-config --cflags cutego) "$src/consumer.cpp" -o "$tmp/cpp_pc" \
  $(pkg-config --libs cutego) -Wl,-rpath,"$pc_libdir"
gcc -std=c99 -Wall -Werror $(pkg-config --cflags cutego) "$src/consumer.c" -o "$tmp/c_pc_static" \
  $(pkg-config --static --libs cutego | sed 's/-lcutego/-Wl,-Bstatic -lcutego -Wl,-Bdynamic/')
loaded=$(ldd "$tmp/c_pc" | awk '/libcutego.so/ {print $3}')
if [ "$(readlink -f "$loaded")" != "$(readlink -f "$prefix/lib/libcutego.so.0")" ]; then
  echo "consumer: c_pc loads $loaded, not the installed libcutego"; fail=1
fi
run "C (pkg-config)" "$tmp/c_pc"
run "C++ (pkg-config)" "$tmp/cpp_pc"
run "C static (pkg-config --static)" "$tmp/c_pc_static"

# CMake find_package(cutego)
cmake -S "$src" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >"$tmp/cmake.log" 2>&1 \
  && cmake --build "$tmp/cmake" -j 2 >>"$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log"; exit 1; }
run "C (CMake cutego::cutego)" "$tmp/cmake/consumer_c"
run "C++ (CMake cutego::cutego)" "$tmp/cmake/consumer_cpp"
run "C (CMake cutego::cutego_static)" "$tmp/cmake/consumer_static"
[ $fail -eq 0 ] && echo "consumer: all consumers agree"
exit $fail
