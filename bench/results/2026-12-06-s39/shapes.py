#!/usr/bin/env python3
# Random GEMM shapes no planner rule was fitted on (seeded, so the device scripts and the notes name
# the same ones): M log-uniform over 1-16384 (a fifth of them 1-64), N over 512-32768, K over
# 256-16384; about two in five of each extent off the 64 grid (any integer), the rest multiples of
# 64; at most 3e12 flops each. Usage: shapes.py SEED COUNT [fp8] -> "M,N,K" lines.
# fp8: K and N multiples of 16 (the FP8 path's 16-byte rows).
import math, random, sys
seed, count = int(sys.argv[1]), int(sys.argv[2])
fp8 = len(sys.argv) > 3 and sys.argv[3] == 'fp8'
r = random.Random(seed)
def ext(lo, hi, align):
    x = math.exp(r.uniform(math.log(lo), math.log(hi)))
    if r.random() < 0.4:
        v = max(lo, int(round(x)))
    else:
        v = max(64, int(round(x / 64)) * 64)
    if align > 1: v = max(align, (v + align - 1) // align * align)
    return v
out = 0
while out < count:
    m = ext(1, 64, 1) if r.random() < 0.2 else ext(64, 16384, 1)
    n = ext(512, 32768, 16 if fp8 else 1)
    k = ext(256, 16384, 16 if fp8 else 1)
    if 2 * m * n * k > 3e12: continue
    print(f"{m},{n},{k}"); out += 1
