"""cutego.gemm's FP8 operands on PyTorch tensors, verified, and the host time of one call
beside torch.matmul's, in one process (bench/fp8_device.sh; the package from PYTHONPATH).

    python3 bench/torch_fp8.py OUT_DIR LABEL

Verification (where the package takes FP8): fresh random float32 inputs quantized to
float8_e4m3fn / float8_e5m2 with one scale per tensor (amax -> the format's largest finite),
outputs poisoned with NaN first, against a float64 product of the same quantized values (torch on
upcast tensors) within the bound of csrc/gemm/test_gemm_fp8.cu (the output's rounding plus the
tensor cores' FP8 accumulation); the bf16 case also beside torch._scaled_mm (cuBLASLt).

Host time: 200 calls back to back of a launch-bound 64x64x64 bf16 GEMM, per call, for
cutego.gemm, torch.matmul(out=) and the C launcher alone (cutego_gemm through ctypes, layouts
ready); 9 rounds interleaved, the median; then cProfile's view of cutego.gemm's Python part.
Writes OUT_DIR/torch_fp8_LABEL.txt.
"""
import cProfile
import ctypes
import inspect
import io
import math
import pstats
import statistics
import sys

import torch

import cutego
from cutego import gpu
from torch_gpu import host_overhead, rel  # bench/torch_gpu.py: the same measure and error

torch.backends.cuda.matmul.allow_tf32 = False
dev = torch.device("cuda")
failures = []
lines = []


def say(s):
    print(s, flush=True)
    lines.append(s)


def tol_of(out_dtype, k, interval):
    """csrc/gemm/test_gemm_fp8.cu's bound: the output's rounding plus 14-bit partial sums
    (interval: 0 fast accumulation, else k-tiles of 128 per promotion)."""
    out = {torch.float32: 1e-6, torch.float16: 2e-3, torch.bfloat16: 8e-3}[out_dtype]
    run = 128 * interval if interval and k > 128 * interval else k
    return out + 4.0 * 2.0 ** -14 * math.sqrt((run + 31) / 32)


def quantize(x, dtype):
    amax = x.abs().max().float()
    scale = (amax / torch.finfo(dtype).max).reshape(1)
    return (x / scale).to(dtype), scale


def verify():
    e4, e5 = torch.float8_e4m3fn, torch.float8_e5m2
    torch.manual_seed(5)
    cases = [  # name, M, N, K, batch, A type, B type, out, a transposed, promoted, alpha, beta
        ("e4m3 x e4m3 -> bf16, K-major", 512, 768, 1024, (), e4, e4, torch.bfloat16, False, False, 1.0, 0.0),
        ("e4m3 x e5m2 -> f32, a^T (transposed first), promoted", 384, 256, 4096, (), e4, e5, torch.float32, True, True, 1.0, 1.0),
        ("e5m2 x e4m3 -> f16, batch 4, b broadcast", 256, 384, 512, (4,), e5, e4, torch.float16, False, False, 0.5, 0.0),
        ("e5m2 x e5m2 -> f32, odd sizes, promoted every 2", 300, 136, 1040, (), e5, e5, torch.float32, False, 2, 1.0, 0.0),
    ]
    for name, m, n, k, batch, ta, tb, to, at, promoted, alpha, beta in cases:
        xa = torch.randn(*batch, m, k, device=dev)
        xb = torch.randn(n, k, device=dev)
        a, sa = quantize(xa, ta)
        if at:
            a = a.transpose(-1, -2).contiguous().transpose(-1, -2)  # an M-major view of the same values
        bt, sb = quantize(xb, tb)
        b = bt.t()  # (K, N) with K unit stride: B (N,K) K-major, as torch._scaled_mm wants it
        c = torch.randn(*batch, m, n, device=dev).to(to)
        d = c.clone() if beta else torch.full((*batch, m, n), float("nan"), device=dev, dtype=to)
        ref = alpha * (a.double() @ b.double()) * sa.double() * sb.double() + beta * c.double()
        acc = "promoted" if promoted else "fast"
        cutego.gemm(d, a, b, alpha=alpha, beta=beta, scale_a=sa, scale_b=sb, accumulation=acc,
                    promotion_interval=promoted if type(promoted) is int else 0)
        plan = gpu.last_plan()
        torch.cuda.synchronize()
        r, tol = rel(d, ref), tol_of(to, k, int(promoted))
        packed = bool(plan.get("flags", 0) & (8 | 16))
        ok = r <= tol and plan.get("path") == "wgmma" and packed == at
        extra = ""
        if not batch and to == torch.bfloat16:
            try:
                sm = torch._scaled_mm(a, b, scale_a=sa.reshape(()), scale_b=sb.reshape(()), out_dtype=to)
                extra = ", torch._scaled_mm: rel %.2e vs the reference, cutego vs it %.2e" % (rel(sm, ref), rel(d, sm))
            except Exception as e:  # noqa: BLE001
                extra = ", torch._scaled_mm failed: %s" % e
        # the same call again (the geometry is known: only the addresses are read) into a new d
        d2 = torch.full_like(d, float("nan")) if not beta else c.clone()
        cutego.gemm(d2, a, b, alpha=alpha, beta=beta, scale_a=sa, scale_b=sb, accumulation=acc,
                    promotion_interval=promoted if type(promoted) is int else 0)
        same = torch.equal(d, d2)
        ok = ok and same
        say("verify %-55s rel %.2e (bound %.2e) %s; %s%s; repeat bit-equal %s"
            % (name, r, tol, "ok" if ok else "FAILED", plan.get("reason"), extra, same))
        if not ok:
            failures.append(name)
    # refusals, each naming the operand
    a8 = torch.zeros(64, 64, device=dev, dtype=e4)
    for what, f in (("scale_a", lambda: cutego.gemm(torch.empty(64, 64, device=dev, dtype=torch.bfloat16),
                                                    a8.to(torch.bfloat16), a8.to(torch.bfloat16),
                                                    scale_a=torch.ones(1, device=dev))),
                    ("scale_b", lambda: cutego.gemm(torch.empty(64, 64, device=dev, dtype=torch.bfloat16), a8, a8.t(),
                                                    scale_b=torch.ones(2, device=dev))),
                    ("a is float32", lambda: cutego.gemm(torch.empty(64, 64, device=dev), a8.float(), a8.t()))):
        try:
            f()
            ok, msg = False, "no error"
        except gpu.GpuError as e:
            ok, msg = what in str(e), str(e)
        say("verify refusal naming %-40s %s (%s)" % (what, "ok" if ok else "FAILED", msg))
        if not ok:
            failures.append("refusal " + what)


def verify_blockscaled():
    """cutego.gemm_blockscaled (where the library has it) against a float64 product of the
    dequantized blocks: a quantized per 1x128 block, b per 128x128 block (amax -> 448)."""
    if getattr(gpu.K.kernels("gemm_blockscaled"), "cutego_gemm_blockscaled", None) is None:
        say("verify block-scaled: this libcutego_kernels has no cutego_gemm_blockscaled (not checked)")
        return
    e4, mx = torch.float8_e4m3fn, torch.finfo(torch.float8_e4m3fn).max
    torch.manual_seed(6)
    for m, n, k, sa_mn, to in ((256, 384, 1024, False, torch.bfloat16), (300, 200, 520, True, torch.float32)):
        kb, nb = -(-k // 128), -(-n // 128)
        xa = torch.randn(m, k, device=dev) * torch.rand(m, 1, device=dev) * 10
        xb = torch.randn(k, n, device=dev)
        pa = torch.nn.functional.pad(xa, (0, kb * 128 - k))
        sa = (pa.view(m, kb, 128).abs().amax(-1) / mx).clamp_min(1e-12)            # (M, KB)
        pb = torch.nn.functional.pad(xb, (0, nb * 128 - n, 0, kb * 128 - k))
        sb = (pb.view(kb, 128, nb, 128).abs().amax((1, 3)) / mx).clamp_min(1e-12)  # (KB, NB)
        sa_full = sa.repeat_interleave(128, 1)[:, :k]
        sb_full = sb.repeat_interleave(128, 0).repeat_interleave(128, 1)[:k, :n]
        a = (xa / sa_full).to(e4)
        b = (xb / sb_full).to(e4).t().contiguous().t()  # K-major B
        ref = (a.double() * sa_full.double()) @ (b.double() * sb_full.double())
        if sa_mn:
            sa = sa.t().contiguous().t()  # DeepGEMM's MN-major scales
        d = torch.full((m, n), float("nan"), device=dev, dtype=to)
        try:
            cutego.gemm_blockscaled(d, a, b, sa, sb)
            torch.cuda.synchronize()
            r, tol = rel(d, ref), tol_of(to, k, 1)
            ok, detail = r <= tol, "rel %.2e (bound %.2e); %s" % (r, tol, gpu.last_plan().get("reason"))
        except gpu.GpuError as e:
            ok, detail = False, str(e)
        say("verify block-scaled %dx%dx%d -> %s%s %s %s" % (m, n, k, str(to)[6:], ", MN-major scale_a" if sa_mn else "",
                                                          "ok" if ok else "FAILED", detail))
        if not ok:
            failures.append("block-scaled %dx%dx%d" % (m, n, k))


def host_time(fp8):
    a = torch.randn(64, 64, device=dev).to(torch.bfloat16)
    b = torch.randn(64, 64, device=dev).to(torch.bfloat16)
    d = torch.empty(64, 64, device=dev, dtype=torch.bfloat16)
    gpu._cache.clear()
    cutego.gemm(d, a, b)
    lays = next(iter(gpu._cache.values()))
    kl, plan = gpu.K.kernels("gemm"), gpu.K.GemmPlan()
    s = torch.cuda.current_stream().cuda_stream
    fns = {"cutego.gemm": lambda: cutego.gemm(d, a, b),
           "torch.matmul": lambda: torch.matmul(a, b, out=d),
           "cutego_gemm (C, ctypes)": lambda: kl.cutego_gemm(d.data_ptr(), lays["d"], a.data_ptr(), lays["a"],
                                                             b.data_ptr(), lays["b"], None, None, 2, 2, 1.0, 0.0, s,
                                                             None, ctypes.byref(plan))}
    if fp8:
        a8, b8 = a.to(torch.float8_e4m3fn), b.t().contiguous().to(torch.float8_e4m3fn).t()
        one = torch.ones(1, device=dev)
        one0 = torch.ones((), device=dev)
        fns["cutego.gemm e4m3, scales"] = lambda: cutego.gemm(d, a8, b8, scale_a=one, scale_b=one)
        fns["torch._scaled_mm e4m3"] = lambda: torch._scaled_mm(a8, b8, scale_a=one0, scale_b=one0, out_dtype=torch.bfloat16)
    for f in fns.values():
        host_overhead(f, 50)
    res = {k: [] for k in fns}
    for _ in range(9):
        for k, f in fns.items():
            res[k].append(host_overhead(f))
    for k, v in res.items():
        say("host %-28s %7.2f us per call (median of 9 rounds of 200; min %.2f, max %.2f)"
            % (k, statistics.median(v), min(v), max(v)))
    med = {k: statistics.median(v) for k, v in res.items()}
    say("host cutego.gemm / torch.matmul = %.2f; Python's part (cutego.gemm - C launcher) %.2f us"
        % (med["cutego.gemm"] / med["torch.matmul"], med["cutego.gemm"] - med["cutego_gemm (C, ctypes)"]))
    pr = cProfile.Profile()
    pr.enable()
    for _ in range(2000):
        cutego.gemm(d, a, b)
    pr.disable()
    torch.cuda.synchronize()
    buf = io.StringIO()
    pstats.Stats(pr, stream=buf).sort_stats("tottime").print_stats(14)
    say("cProfile of 2000 cutego.gemm calls (tottime):\n" + "\n".join(buf.getvalue().splitlines()[6:]))


def main():
    out, label = sys.argv[1], sys.argv[2]
    fp8 = "scale_a" in inspect.signature(cutego.gemm).parameters
    from cutego import _ffi
    say("torch %s, cutego from %s, FP8 %s, %s; extension %s; gemm's C path %s"
        % (torch.__version__, cutego.__file__, fp8, torch.cuda.get_device_name(), _ffi.CEXT_STATUS,
           "on" if getattr(gpu, "_cgemm", [None])[0] is not None else "off"))
    if fp8:
        verify()
    if hasattr(cutego, "gemm_blockscaled"):
        verify_blockscaled()
    host_time(fp8)
    say("failures: %d %s" % (len(failures), failures))
    with open("%s/torch_fp8_%s.txt" % (out, label), "w") as f:
        f.write("\n".join(lines) + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
