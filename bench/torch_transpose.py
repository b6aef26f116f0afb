"""PyTorch reference on the device: t().contiguous() of 16384^2 fp32/bf16 beside a D2D copy
(clone) of the same bytes, in one process (CUDA events, warm-up, median)."""
import torch

def med(f, reps=15):
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    for _ in range(3):
        f()
    torch.cuda.synchronize()
    t = []
    for _ in range(reps):
        s.record(); f(); e.record(); e.synchronize()
        t.append(s.elapsed_time(e))
    return sorted(t)[len(t) // 2]

for dt in (torch.float32, torch.bfloat16):
    x = torch.randn(16384, 16384, device="cuda").to(dt)
    out = torch.empty_like(x)
    nbytes = x.numel() * x.element_size()
    tt = med(lambda: x.t().contiguous())
    td = med(lambda: out.copy_(x))
    assert torch.equal(x.t().contiguous(), x.t())
    g, gd = 2 * nbytes / tt / 1e6, 2 * nbytes / td / 1e6
    print(f"torch t().contiguous() 16384^2 {str(dt):15s} {g:8.1f} GB/s  d2d {gd:8.1f} GB/s  ratio {g / gd:.3f}")
