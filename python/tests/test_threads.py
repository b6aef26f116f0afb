"""Threads calling the binding at once: every thread gets the answers a single thread gets,
and each failing call reports its own error (libcutego keeps the message per thread)."""

import threading
import unittest

import cutego
from cutego import Layout

THREADS = 8
ROUNDS = 300


def work(i):
    """One round of mixed calls; returns printable results (errors included)."""
    A = Layout((8 + (i % 4) * 8, 4), (1, 8 + (i % 4) * 8))
    out = [
        cutego.composition(A, Layout((4, 2), (2, 16))).format(),
        cutego.logical_divide(A, (Layout(4, 2), Layout(2, 1))).format(),
        cutego.complement(Layout(4, 2), 64).format(),
        cutego.coalesce(A).format(),
        cutego.right_inverse(Layout((4, 8), (8, 1))).format(),
        str(A(3, 1)),
        str(cutego.idx2crd(i % 32, (4, 8))),
    ]
    for bad in (lambda: cutego.composition(Layout((4, 3), (3, 1)), Layout((2, 2), (3, 1))),
                lambda: cutego.Swizzle(-1 - (i % 5), 3, 2),
                lambda: cutego.coalesce(Layout(2 + i % 7, 1)).size() and
                cutego.shape_div(7 + 2 * (i % 3), 2)):
        try:
            bad()
            out.append("no error")
        except cutego.Error as e:
            out.append(str(e))
    return out


class Threads(unittest.TestCase):
    def test_concurrent_calls_agree_with_one_thread(self):
        want = {i: work(i) for i in range(THREADS * 4)}
        bad = []
        start = threading.Barrier(THREADS)

        def run(t):
            start.wait()
            for r in range(ROUNDS):
                i = (t * 7 + r) % (THREADS * 4)
                got = work(i)
                if got != want[i]:
                    bad.append((t, r, got, want[i]))
                    return

        ts = [threading.Thread(target=run, args=(t,)) for t in range(THREADS)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
        self.assertEqual([], bad[:3])

    def test_error_message_belongs_to_its_thread(self):
        # two threads fail differently at the same time; each sees its own message
        msgs = {}
        go = threading.Barrier(2)

        def fail(name, f):
            go.wait()
            for _ in range(500):
                try:
                    f()
                except cutego.Error as e:
                    msgs.setdefault(name, set()).add(str(e))

        fa = lambda: cutego.Swizzle(-5, 3, 2)  # noqa: E731
        fb = lambda: cutego.complement(Layout((2, 2), (1, 1)))  # noqa: E731
        want = {}
        for name, f in (("a", fa), ("b", fb)):
            with self.assertRaises(cutego.Error) as cm:
                f()
            want[name] = {str(cm.exception)}
        self.assertNotEqual(want["a"], want["b"])
        a = threading.Thread(target=fail, args=("a", fa))
        b = threading.Thread(target=fail, args=("b", fb))
        a.start(); b.start(); a.join(); b.join()
        self.assertEqual(want, msgs)


class Processes(unittest.TestCase):
    def test_forked_children_use_the_library(self):
        # Go's runtime is in the process before the fork; children must still compute
        import multiprocessing as mp
        with mp.get_context("fork").Pool(2) as p:
            got = p.map(_child, range(8))
        self.assertEqual([_child(i) for i in range(8)], got)


def _child(i):
    out = [cutego.coalesce(Layout((i + 1, 2), (2, i + 1))).format()]
    try:
        cutego.Swizzle(-1 - i, 2, 3)
    except cutego.Error as e:
        out.append(str(e))
    return out


if __name__ == "__main__":
    unittest.main()
