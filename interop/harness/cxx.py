"""Evaluates cases with CUTLASS's C++ CuTe: generated translation units of many cases each,
compiled with g++ (host only, every integer static), in parallel; a batch that fails to
compile is reduced until the rejected cases are isolated.

Isolation: each case is a function on its own source line, so g++'s diagnostics name the line
("bN.cpp:LINE: required from here"). Those cases are taken out and the rest recompiled, until
it compiles. When a failure names no case line, the batch is split in halves (bisection).
A case that aborts at run time is marked and the program re-run from the next case.

Results are cached by the C++ text of the case (and the prelude), so re-runs only compile
new cases."""

import hashlib
import json
import os
import re
import subprocess
import threading
import time
from concurrent.futures import ThreadPoolExecutor

PRELUDES = {
    "core": """#pragma once
#include <cstdio>
#include <cstdint>
#include <type_traits>
#include <cute/layout.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/layout_composed.hpp>
""",
    "tensor": """#pragma once
#include <cstdio>
#include <cstdint>
#include <type_traits>
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
""",
    "mma": """#pragma once
#include <cstdio>
#include <cstdint>
#include <type_traits>
#include <cute/tensor.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
""",
    # CuTe's atoms, TiledMMA and TiledCopy (the GMMA atoms of every N included)
    "atom": """#pragma once
#define CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED
#include <cstdio>
#include <cstdint>
#include <type_traits>
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
""",
}

PRINTERS = """
using namespace cute;
namespace interop {
// CuTe prints a static bool as _1/_0 (print(C<b>) prints "_" then the value as an int);
// the eval contract prints booleans as true/false, so booleans are printed by type here.
template <class T> inline void out(T const& t) { cute::print(t); }
template <bool B> inline void out(cute::C<B>) { std::printf(B ? "true" : "false"); }
template <bool B> inline void out(std::integral_constant<bool, B>) { std::printf(B ? "true" : "false"); }
inline void out(bool b) { std::printf(b ? "true" : "false"); }
inline void begin(int i) { std::printf("%d\\t", i); }
inline void end() { std::printf("\\n"); std::fflush(stdout); }
}
"""


# How a case is evaluated. The result type of a case with static inputs is (nearly always) an
# empty type whose value is its type, so it is printed from a default-constructed value and the
# algebra is instantiated only for type deduction: no code is generated for it (g++ time per
# case less than half; same output). Static_asserts still fire: return type deduction
# instantiates the bodies. A result with any run-time component is computed as usual.
# A static result is printed by CuTe's print after Dyn turns every static integer C<v> (bool
# aside) of its tuples and layouts into the run-time integer v: CuTe prints C<v> as `_v` and v
# as `v`, the same text once the marks are stripped (run.strip_marks, which every reader of
# the output applies), and results of one structure share one instantiation of print (print
# was a fifth of a translation unit's g++ time, mostly overload resolution over print's
# overloads for every distinct nested type; Dyn saves a third of that). Other types (bools,
# swizzles, composed layouts, bases, atoms) print as they are. Not part of the cache key: it changes how, not what, C++ computes.
EMIT = """
namespace interop {
template <class T> struct Dyn { using type = T; static constexpr T get() { return T{}; } };
template <auto v> struct Dyn<cute::C<v>> {
  static constexpr bool keep = std::is_same_v<decltype(v), bool>;
  using type = std::conditional_t<keep, cute::C<v>, decltype(v)>;
  static constexpr type get() { if constexpr (keep) return type{}; else return type(v); }
};
template <class... Ts> struct Dyn<cute::tuple<Ts...>> {
  using type = cute::tuple<typename Dyn<Ts>::type...>;
  static constexpr type get() { return type(Dyn<Ts>::get()...); }
};
template <class S, class D> struct Dyn<cute::Layout<S, D>> {
  using type = cute::Layout<typename Dyn<S>::type, typename Dyn<D>::type>;
  static constexpr type get() { return type(Dyn<S>::get(), Dyn<D>::get()); }
};
template <class F> inline void emit(F f) {
  using R = decltype(f());
  if constexpr (cute::is_static<R>::value) out(Dyn<R>::get()); else out(f());
}
}
"""


# cases per translation unit of those predicted to be rejected: a failed compile names its
# rejected cases (their lines in g++'s diagnostics) and the rest compile again, so such a batch
# costs two compiles whatever its size, and each compile first loads the precompiled prelude
# (~0.8 CPU-s): 32 rather than 8 saves about 150 compiles of the ~850 predicted rejections.
RISKY_BATCH = 32


def include_dirs(deps):
    """CuTe's include directories under .deps/py (deps): CUTLASS's headers and the CUDA
    headers they include."""
    return [os.path.join(deps, "cutlass_library", "source", "include"),
            os.path.join(deps, "nvidia", "cu13", "include"),
            os.path.join(deps, "nvidia", "cu13", "include", "cccl")]


def _sha(s):
    return hashlib.sha1(s.encode()).hexdigest()[:20]


class CxxRunner:
    def __init__(self, inc_dirs, workdir, jobs=2, batch=200, cache_path=None, log=print,
                 cxx="g++", timeout=300):
        self.inc = inc_dirs
        self.work = workdir
        self.jobs = jobs
        self.batch = batch
        self.cache_path = cache_path
        self.log = log
        self.cxx = cxx
        self.timeout = timeout
        self.cache = {}
        self.lock = threading.Lock()
        self.stats = {"compiles": 0, "compile_s": 0.0, "bisections": 0, "attributed": 0,
                      "runtime_rejects": 0}
        os.makedirs(workdir, exist_ok=True)
        if cache_path and os.path.exists(cache_path):
            try:
                with open(cache_path) as f:
                    self.cache = json.load(f)
            except (OSError, ValueError):
                self.cache = {}
        self.flags = ["-std=c++17", "-w", "-O0", "-g0", "-fmax-errors=0",
                      # fewer garbage collections: about 2x faster on CuTe, ~2 GB per job
                      "--param", "ggc-min-expand=400", "--param", "ggc-min-heapsize=2000000"]
        for d in inc_dirs:
            self.flags += ["-I", d]
        self._pch = {}
        self._saved = time.time()

    def key(self, group, expr):
        return _sha(group + "\0" + PRELUDES[group] + PRINTERS + "\0" + expr)

    def save(self):
        if self.cache_path:
            tmp = self.cache_path + ".tmp"
            with open(tmp, "w") as f:
                json.dump(self.cache, f)
            os.replace(tmp, self.cache_path)

    # -------------------------------------------------------------- precompiled prelude
    def prelude(self, group):
        with self.lock:
            if group in self._pch:
                return self._pch[group]
            h = os.path.join(self.work, "prelude_%s.hpp" % group)
            text = PRELUDES[group] + PRINTERS + EMIT
            sig = _sha(text + " ".join(self.flags))
            stamp = h + ".sig"
            if not (os.path.exists(h + ".gch") and os.path.exists(stamp)
                    and open(stamp).read() == sig):
                with open(h, "w") as f:
                    f.write(text)
                r = subprocess.run([self.cxx] + self.flags + ["-x", "c++-header", h, "-o", h + ".gch"],
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    raise RuntimeError("prelude %s does not compile:\n%s" % (group, r.stderr[-3000:]))
                with open(stamp, "w") as f:
                    f.write(sig)
            self._pch[group] = h
            return h

    # -------------------------------------------------------------- one batch
    def _source(self, group, items):
        """items: list of (idx, expr). Returns (text, line->idx)."""
        lines = ['#include "prelude_%s.hpp"' % group]
        where = {}
        for idx, expr in items:
            where[len(lines) + 1] = idx
            lines.append("void c%d(){ interop::begin(%d); interop::emit([]{ return %s; }); interop::end(); }"
                         % (idx, idx, expr))
        lines.append("using fn = void (*)();")
        lines.append("static fn cases[] = {" + ",".join("c%d" % i for i, _ in items) + "};")
        lines.append("int main(int argc, char** argv){ int from = argc > 1 ? std::atoi(argv[1]) : 0;"
                     " for (int i = from; i < (int)(sizeof(cases)/sizeof(cases[0])); ++i) cases[i](); }")
        return "\n".join(lines) + "\n", where

    def _compile(self, name, group, items):
        self.prelude(group)
        src = os.path.join(self.work, name + ".cpp")
        exe = os.path.join(self.work, name)
        text, where = self._source(group, items)
        with open(src, "w") as f:
            f.write(text)
        t0 = time.time()
        r = subprocess.run([self.cxx] + self.flags + [src, "-o", exe],
                           capture_output=True, text=True, cwd=self.work)
        dt = time.time() - t0
        with self.lock:
            self.stats["compiles"] += 1
            self.stats["compile_s"] += dt
        if os.environ.get("INTEROP_VERBOSE"):
            self.log("  g++ %s: %d cases, rc %d, %.1fs" % (name, len(items), r.returncode, dt))
        return r, src, exe, where

    def _attribute(self, stderr, name, where):
        """Map compiler errors to case indices: idx -> first error message."""
        pat = re.compile(re.escape(name) + r"\.cpp:(\d+):")
        last = None
        found = {}
        for line in stderr.splitlines():
            m = pat.search(line)
            if m:
                ln = int(m.group(1))
                if ln in where:
                    last = where[ln]
            if "error:" in line and last is not None:
                msg = line.split("error:", 1)[1].strip()
                found.setdefault(last, msg[:300])
                if m is None or int(m.group(1)) not in where:
                    pass
        return found

    def _run(self, exe, items):
        """Runs the compiled batch; returns idx -> (status, text)."""
        res = {}
        pos = 0
        n = len(items)
        while pos < n:
            try:
                r = subprocess.run([exe, str(pos)], capture_output=True, text=True,
                                   timeout=self.timeout)
                out, rc, err = r.stdout, r.returncode, r.stderr
            except subprocess.TimeoutExpired as e:
                out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
                rc, err = -9, "timeout"
            lines = out.split("\n")
            complete = lines[:-1]
            partial = lines[-1]
            for ln in complete:
                i, _, text = ln.partition("\t")
                res[int(i)] = ("ok", text)
            pos += len(complete)
            if rc == 0 and pos >= n:
                break
            if rc == 0:
                raise RuntimeError("batch %s stopped early without error" % exe)
            # the case at pos aborted (its index may be printed without a newline)
            idx = items[pos][0]
            res[idx] = ("reject", "runtime: exit %d %s" % (rc, err.strip().splitlines()[-1][:200]
                                                           if err.strip() else ""))
            with self.lock:
                self.stats["runtime_rejects"] += 1
            pos += 1
        return res

    def _batch(self, name, group, items):
        """Evaluate items (list of (idx, expr)); returns idx -> (status, text)."""
        res = {}
        todo = list(items)
        round_ = 0
        while todo:
            r, src, exe, where = self._compile("%s_%d" % (name, round_), group, todo)
            round_ += 1
            if r.returncode == 0:
                res.update(self._run(exe, todo))
                for p in (src, exe):
                    try:
                        os.remove(p)
                    except OSError:
                        pass
                return res
            found = self._attribute(r.stderr, os.path.basename(src)[:-4], where)
            try:
                os.remove(src)
            except OSError:
                pass
            if len(todo) == 1:
                idx = todo[0][0]
                msg = found.get(idx) or _first_error(r.stderr)
                res[idx] = ("reject", msg)
                return res
            if found:
                with self.lock:
                    self.stats["attributed"] += len(found)
                for idx, msg in found.items():
                    res[idx] = ("reject", msg)
                todo = [it for it in todo if it[0] not in found]
                continue
            # nothing attributable: bisect
            with self.lock:
                self.stats["bisections"] += 1
            h = len(todo) // 2
            res.update(self._batch(name + "a", group, todo[:h]))
            res.update(self._batch(name + "b", group, todo[h:]))
            return res
        return res

    # -------------------------------------------------------------- all cases
    def evaluate(self, cases, likely_reject=frozenset(), progress=None):
        """cases: list of (group, expr). Returns list of (status, text) in order.
        likely_reject: indices predicted to be rejected; they go in small batches."""
        out = [None] * len(cases)
        pending = {}
        for i, (group, expr) in enumerate(cases):
            k = self.key(group, expr)
            if k in self.cache:
                out[i] = tuple(self.cache[k])
            else:
                pending.setdefault((group, expr), []).append(i)
        uniq = list(pending.keys())
        batches = []
        for group in sorted({g for g, _ in uniq}):
            normal = [(j, e) for j, (g, e) in enumerate(uniq) if g == group
                      and not any(i in likely_reject for i in pending[(g, e)])]
            risky = [(j, e) for j, (g, e) in enumerate(uniq) if g == group
                     and any(i in likely_reject for i in pending[(g, e)])]
            for k in range(0, len(risky), RISKY_BATCH):
                batches.append((group, risky[k:k + RISKY_BATCH]))
            bs = self.batch if group != "mma" else max(10, self.batch // 4)
            for k in range(0, len(normal), bs):
                batches.append((group, normal[k:k + bs]))
        total = sum(len(b) for _, b in batches)
        done = [0]
        t0 = time.time()
        if progress:
            progress(0, total, 0.0, len(cases) - sum(len(v) for v in pending.values()))

        def work(bi):
            group, items = batches[bi]
            res = self._batch("b%d" % bi, group, items)
            with self.lock:
                for j, r in res.items():
                    g, e = uniq[j]
                    self.cache[self.key(g, e)] = list(r)
                    for i in pending[(g, e)]:
                        out[i] = r
                done[0] += len(items)
                if time.time() - self._saved > 60:  # keep partial work of long runs
                    self._saved = time.time()
                    self.save()
                if progress:
                    progress(done[0], total, time.time() - t0, None)
            return bi

        if batches:
            for g in {g for g, _ in batches}:
                self.prelude(g)
            with ThreadPoolExecutor(self.jobs) as ex:
                for _ in ex.map(work, range(len(batches))):
                    pass
        self.save()
        for i, r in enumerate(out):
            if r is None:
                raise RuntimeError("case %d got no C++ result" % i)
        return out


def _first_error(stderr):
    for line in stderr.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()[:300]
    return stderr.strip().splitlines()[-1][:300] if stderr.strip() else "compile error"
