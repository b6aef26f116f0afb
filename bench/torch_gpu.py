"""cutego.gemm / cutego.copy / cutego.einsum on PyTorch tensors, verified against and timed
beside torch.matmul / Tensor.copy_ / torch.einsum in one process (bench/python_gpu_device.sh).

    python3 bench/torch_gpu.py OUT_DIR

Verification: fresh random inputs, outputs poisoned with NaN first; GEMM and einsum against a
float64 evaluation (torch on upcast inputs): ||out - ref|| / ||ref|| under 1e-2 (bf16 and fp16
outputs) or 1e-3 (fp32 outputs); copies bit for bit against Tensor.copy_. Timing: CUDA events
on torch's current stream (cutego runs on it), calls interleaved (cutego, torch, cutego, ...),
3 warm-ups, the median of 10 each. Writes OUT_DIR/python_gpu.md (the tables) and .csv.
"""
import ctypes
import math
import statistics
import sys
import time

import torch

import cutego
from cutego import gpu

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction = False
dev = torch.device("cuda")
BF, F16, F32 = torch.bfloat16, torch.float16, torch.float32
failures = []


def rel(out, ref):
    out, ref = out.double(), ref.double()
    if not torch.isfinite(out).all():
        return math.inf
    return ((out - ref).norm() / ref.norm().clamp_min(1e-30)).item()


def check(name, out, ref, tol):
    r = rel(out, ref)
    ok = r <= tol
    print(f"verify {name:52s} rel {r:.2e} {'ok' if ok else 'FAILED'} ({gpu.last_plan().get('path')})", flush=True)
    if not ok:
        failures.append(name)
    return r


def rnd(*shape, dtype=BF):
    return torch.randn(*shape, device=dev, dtype=F32).to(dtype)


def poison(*shape, dtype=BF):
    return torch.full(shape, float("nan"), device=dev, dtype=dtype)


class CAI:
    """A tensor seen only through __cuda_array_interface__ (the protocol CuPy and Numba use)."""

    def __init__(self, t):
        self.t = t
        self.__cuda_array_interface__ = t.__cuda_array_interface__


def verify():
    torch.manual_seed(1)
    # GEMM: layouts from shapes and strides
    for m, n, k in ((256, 192, 128), (1000, 520, 264), (128, 4096, 64), (16, 256, 1024)):
        for ta in (False, True):
            for tb in (False, True):
                a = rnd(k, m).t() if ta else rnd(m, k)
                b = rnd(n, k).t() if tb else rnd(k, n)
                d = poison(m, n)
                cutego.gemm(d, a, b)
                check(f"gemm {m}x{n}x{k} a{'T' if ta else ''} b{'T' if tb else ''} bf16", d, a.double() @ b.double(), 1e-2)
    a, b = rnd(4, 300, 136), rnd(4, 136, 200)
    d = poison(4, 300, 200, dtype=F32)
    cutego.gemm(d, a, b)
    check("gemm batched 4x300x200x136 fp32 out", d, a.double() @ b.double(), 1e-3)
    a, b = rnd(3, 5, 128, 64), rnd(64, 96)
    d = poison(3, 5, 128, 96)
    cutego.gemm(d, a, b)
    check("gemm batch (3,5), b broadcast", d, a.double() @ b.double(), 1e-2)
    a, b, c = rnd(256, 128, dtype=F16), rnd(128, 512, dtype=F16), rnd(256, 512, dtype=F16)
    d = poison(256, 512, dtype=F16)
    cutego.gemm(d, a, b, alpha=0.5, beta=2.0, c=c)
    check("gemm fp16 alpha 0.5 beta 2 c", d, 0.5 * (a.double() @ b.double()) + 2 * c.double(), 1e-2)
    d = c.clone()
    cutego.gemm(d, a, b, beta=1.0)
    check("gemm fp16 d += a @ b (c is d)", d, a.double() @ b.double() + c.double(), 1e-2)
    a, b = rnd(300, 130)[:, 1:129], rnd(129, 200)[1:, :]  # unaligned views: packed or generic
    d = poison(300, 200)
    cutego.gemm(d, a, b)
    check("gemm unaligned views (offset 1)", d, a.double() @ b.double(), 1e-2)
    a, b = rnd(256, 128, dtype=F16), rnd(128, 64, dtype=F16)
    d = poison(256, 64, dtype=F16)
    cutego.gemm(CAI(d), CAI(a), CAI(b))
    check("gemm through __cuda_array_interface__ fp16", d, a.double() @ b.double(), 1e-2)
    a, b = rnd(128, 64), rnd(96, 64)  # CuTe's convention, B (N,K), given as layouts
    d = poison(128, 96)
    cutego.gemm((d, cutego.Layout((128, 96), (96, 1))), (a, "(128,64):(64,1)"), (b, "(96,64):(64,1)"))
    check("gemm (array, layout) operands", d, a.double() @ b.double().t(), 1e-2)
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        a, b = rnd(512, 256), rnd(256, 384)
        d = poison(512, 384)
        cutego.gemm(d, a, b)
    s.synchronize()
    check("gemm on a side stream (torch.cuda.stream)", d, a.double() @ b.double(), 1e-2)
    a, b = rnd(512, 256), rnd(256, 384)  # made on the default stream, run on another
    d = poison(512, 384)
    s2 = torch.cuda.Stream()
    cutego.gemm(d, a, b, stream=s2)
    s2.synchronize()
    check("gemm stream= a torch.cuda.Stream", d, a.double() @ b.double(), 1e-2)
    try:
        import cupy
    except ImportError:
        cupy = None
        print("verify cupy: not installed, skipped")
    if cupy is not None:
        ca = cupy.random.standard_normal((256, 128), dtype=cupy.float32).astype(cupy.float16)
        cb = cupy.random.standard_normal((128, 192), dtype=cupy.float32).astype(cupy.float16)
        cd = cupy.full((256, 192), cupy.nan, dtype=cupy.float16)
        cutego.gemm(cd, ca, cb.T.copy().T)
        ta, tb = torch.from_dlpack(ca), torch.from_dlpack(cb)
        check("gemm on CuPy arrays (DLPack) fp16", torch.from_dlpack(cd), ta.double() @ tb.double(), 1e-2)
        co = cutego.einsum("ik,kj->ij", ca, cb)
        check(f"einsum on CuPy arrays, output allocated by CuPy ({type(co).__module__})", torch.from_dlpack(co),
              ta.double() @ tb.double(), 1e-2)
    # copy
    for shape, f in (((4096, 2048), lambda x: x.t()), ((64, 128, 96), lambda x: x.permute(2, 0, 1)),
                     ((1000, 1000), lambda x: x), ((33, 17, 5), lambda x: x.transpose(0, 2))):
        x = f(rnd(*shape))
        dst = poison(*x.shape)
        cutego.copy(dst, x)
        ok = torch.equal(dst, x.contiguous())
        print(f"verify copy {str(tuple(x.shape)) + ' ' + str(x.stride()):46s} {'ok' if ok else 'FAILED'} ({gpu.last_plan().get('path')})")
        if not ok:
            failures.append(f"copy {shape}")
    x = rnd(64, 48, dtype=F32)
    dst = poison(128, 64, 48, dtype=F32)
    cutego.copy(dst, x)
    ok = torch.equal(dst, x.expand(128, 64, 48))
    print(f"verify copy broadcast {'ok' if ok else 'FAILED'} ({gpu.last_plan().get('path')})")
    if not ok:
        failures.append("copy broadcast")
    # refusals (typed errors, nothing launched)
    for name, fn, typ in (
            ("fp32 operands", lambda: cutego.gemm(poison(8, 8), rnd(8, 8, dtype=F32), rnd(8, 8, dtype=F32)), gpu.DTypeError),
            ("cpu tensor", lambda: cutego.gemm(poison(8, 8), torch.zeros(8, 8, dtype=BF), rnd(8, 8)), gpu.NotCudaArrayError),
            ("shape mismatch", lambda: cutego.gemm(poison(8, 8), rnd(8, 4), rnd(8, 8)), gpu.StrideError),
            ("d overlaps a", lambda: (lambda t: cutego.gemm(t, t, rnd(64, 64)))(rnd(64, 64)), gpu.StrideError),
            ("copy dtype", lambda: cutego.copy(poison(8, 8), rnd(8, 8, dtype=F16)), gpu.DTypeError),
            ("requires grad", lambda: cutego.gemm(poison(8, 8), rnd(8, 8).requires_grad_(), rnd(8, 8)), gpu.NotCudaArrayError)):
        try:
            fn()
        except typ as e:
            print(f"verify refusal {name:36s} ok: {type(e).__name__}: {e}")
        except Exception as e:  # noqa: BLE001
            print(f"verify refusal {name:36s} FAILED: {type(e).__name__}: {e}")
            failures.append("refusal " + name)
        else:
            print(f"verify refusal {name:36s} FAILED: no error")
            failures.append("refusal " + name)


EINSUM = [  # bench/goeinsum's cases (small: verified in full; large: timed, verified too)
    ("attn_scores", "bhqd,bhkd->bhqk", "b=2,h=3,q=136,k=72,d=64", "b=8,h=32,q=2048,k=2048,d=128"),
    ("attn_out", "bhqk,bhkd->bhqd", "b=2,h=3,q=136,k=72,d=64", "b=8,h=32,q=2048,k=2048,d=128"),
    ("conv1x1_nhwc", "nhwc,kc->nhwk", "n=2,h=10,w=10,c=64,k=48", "n=32,h=56,w=56,c=256,k=256"),
    ("conv1x1_nchw", "nchw,kc->nkhw", "n=2,c=64,h=12,w=12,k=48", "n=32,c=256,h=56,w=56,k=256"),
    ("gett_paper", "stupr,qtru->stqp", "s=6,t=3,u=8,p=5,r=8,q=24", "s=64,t=4,u=32,p=64,r=32,q=512"),
    ("gett_like", "tspur,tqur->tspq", "t=2,s=6,p=16,u=4,r=16,q=40", "t=4,s=64,p=64,u=32,r=32,q=2048"),
    ("bgemm", "bmk,bnk->bmn", "b=3,m=136,n=72,k=64", "b=16,m=4096,n=4096,k=4096"),
]


def sizes(text):
    return {kv.split("=")[0]: int(kv.split("=")[1]) for kv in text.split(",")}


def operands(spec, ext):
    ia, ib = spec.split("->")[0].split(",")
    return rnd(*[ext[x] for x in ia]), rnd(*[ext[x] for x in ib])


def time_pair(f_ours, f_ref, reps=10, warm=3, queue=10):
    """Medians in ms of one call (events around it: the host's launch cost shows when the
    GPU waits for it) and of one call of `queue` queued back to back (device time), cutego
    and torch interleaved."""
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)

    def once(f, n=1):
        start.record()
        for _ in range(n):
            f()
        end.record()
        end.synchronize()
        return start.elapsed_time(end) / n

    for _ in range(warm):
        once(f_ours)
        once(f_ref)
    ours, ref, oq, rq = [], [], [], []
    for _ in range(reps):
        ours.append(once(f_ours))
        ref.append(once(f_ref))
        oq.append(once(f_ours, queue))
        rq.append(once(f_ref, queue))
    return tuple(statistics.median(x) for x in (ours, ref, oq, rq))


def host_overhead(f, n=200):
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(n):
        f()
    dt = (time.perf_counter() - t) / n
    torch.cuda.synchronize()
    return dt * 1e6


def bench():
    rows = []
    torch.manual_seed(2)
    # GEMM vs torch.matmul (cuBLAS)
    for name, (m, n, k), ta, tb in (("gemm 4096^3 NN", (4096, 4096, 4096), False, False),
                                    ("gemm 4096^3 a^T", (4096, 4096, 4096), True, False),
                                    ("gemm 8192^3 NN", (8192, 8192, 8192), False, False),
                                    ("gemm 2048^3 b^T", (2048, 2048, 2048), False, True),
                                    ("gemm 4096x14336x4096", (4096, 14336, 4096), False, False)):
        a = rnd(k, m).t() if ta else rnd(m, k)
        b = rnd(n, k).t() if tb else rnd(k, n)
        d, r = poison(m, n), poison(m, n)
        cutego.gemm(d, a, b)
        path = gpu.last_plan().get("path")
        torch.matmul(a, b, out=r)
        err = rel(d, r)
        tm = time_pair(lambda: cutego.gemm(d, a, b), lambda: torch.matmul(a, b, out=r))
        rows.append((name, "bf16", path, 2.0 * m * n * k, tm, "TFLOP/s", err))
    a, b = rnd(16, 4096, 4096), rnd(16, 4096, 4096)
    d, r = poison(16, 4096, 4096), poison(16, 4096, 4096)
    cutego.gemm(d, a, b)
    path = gpu.last_plan().get("path")
    torch.matmul(a, b, out=r)
    tm = time_pair(lambda: cutego.gemm(d, a, b), lambda: torch.matmul(a, b, out=r))
    rows.append(("gemm batched 16x4096^3", "bf16", path, 2.0 * 16 * 4096 ** 3, tm, "TFLOP/s", rel(d, r)))
    del a, b, d, r
    # copies vs Tensor.copy_
    for name, shape, f in (("copy 16384^2 transpose", (16384, 16384), lambda x: x.t()),
                           ("copy 16384^2 contiguous", (16384, 16384), lambda x: x),
                           ("copy (256,256,256) permute(2,0,1)", (256, 256, 256), lambda x: x.permute(2, 0, 1))):
        x = f(rnd(*shape))
        dst, r = poison(*x.shape), poison(*x.shape)
        cutego.copy(dst, x)
        path = gpu.last_plan().get("path")
        r.copy_(x)
        tm = time_pair(lambda: cutego.copy(dst, x), lambda: r.copy_(x))
        by = 2.0 * x.numel() * x.element_size()
        rows.append((name, "bf16", path, by, tm, "TB/s", 0.0 if torch.equal(dst, r) else math.inf))
    del x, dst, r
    # einsum vs torch.einsum
    for case, spec, small, large in EINSUM:
        ext = sizes(small)
        a, b = operands(spec, ext)
        out = cutego.einsum(spec, a, b)
        check(f"einsum {case} small", out, torch.einsum(spec, a.double(), b.double()), 1e-2)
        ext = sizes(large)
        a, b = operands(spec, ext)
        out = cutego.einsum(spec, a, b)
        plan = gpu.last_plan()
        ref = torch.einsum(spec, a.float(), b.float())
        err = rel(out, ref)
        del ref
        tm = time_pair(lambda: cutego.einsum(spec, a, b, out=out), lambda: torch.einsum(spec, a, b))
        rows.append((f"einsum {case} `{spec}`", "bf16", f"{plan.get('path')}, {plan.get('orientation')}",
                     2.0 * math.prod(ext.values()), tm, "TFLOP/s", err))
        del a, b, out
        torch.cuda.empty_cache()
    # host cost of one call (launch-bound sizes)
    a, b, d = rnd(64, 64), rnd(64, 64), poison(64, 64)
    ours = host_overhead(lambda: cutego.gemm(d, a, b))
    ref = host_overhead(lambda: torch.matmul(a, b, out=d))
    # of which the C launcher itself (cutego_gemm through ctypes, layouts ready)
    gpu._cache.clear()
    cutego.gemm(d, a, b)
    lays = next(iter(gpu._cache.values()))
    kl, plan = gpu.K.kernels("gemm"), gpu.K.GemmPlan()
    s = torch.cuda.current_stream().cuda_stream
    raw = host_overhead(lambda: kl.cutego_gemm(d.data_ptr(), lays["d"], a.data_ptr(), lays["a"], b.data_ptr(),
                                               lays["b"], None, None, 2, 2, 1.0, 0.0, s, None, ctypes.byref(plan)))
    return rows, (ours, ref, raw)


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
    print(f"torch {torch.__version__} CUDA {torch.version.cuda} {torch.cuda.get_device_name(0)}; "
          f"cutego {cutego.__version__}; kernels {gpu.K.load().path}; cudart {gpu.K.load().cudart_path}", flush=True)
    verify()
    rows, (ho, hr, hraw) = bench()
    for r in rows:  # against torch's own bf16 result: both rounded, so 2e-2; copies exact
        if not r[6] <= (0 if r[5] == "TB/s" else 2e-2):
            failures.append(r[0])
    lines = ["| operation | cutego path | unit | cutego, 1 call | torch, 1 call | ratio | cutego, queued | torch, queued | "
             "ratio queued | rel. diff vs torch |",
             "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    r1, rq = [], []
    for name, dt, path, work, (o1, t1, oq, tq), unit, err in rows:
        # work / ms / 1e9: TFLOP/s for flops, TB/s for bytes
        v = [work / x / 1e9 for x in (o1, t1, oq, tq)]
        r1.append(v[0] / v[1])
        rq.append(v[2] / v[3])
        lines.append(f"| {name} ({dt}) | {path} | {unit} | {v[0]:.2f} | {v[1]:.2f} | {v[0] / v[1]:.2f} | {v[2]:.2f} | "
                     f"{v[3]:.2f} | {v[2] / v[3]:.2f} | {err:.1e} |")

    def gm(x):
        return math.exp(sum(map(math.log, x)) / len(x))
    lines.append("")
    lines.append(f"Geometric mean of the ratios: {gm(r1):.2f} (one call), {gm(rq):.2f} (queued). "
                 f"Host time of one 64x64x64 call (launch-bound): cutego.gemm {ho:.1f} us "
                 f"(of which cutego_gemm, the C launcher, {hraw:.1f} us), torch.matmul {hr:.1f} us.")
    text = "\n".join(lines)
    print(text)
    with open(f"{out_dir}/python_gpu.md", "w") as f:
        f.write(text + "\n")
    print("failures:", failures or "none")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
