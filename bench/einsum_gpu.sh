#!/usr/bin/env bash
# einsum_gpu.sh — tensor contractions (einsum) folded by cute/einsum onto cutego's GEMM,
# against torch.einsum on the same device in the same run.
#
# Run on the device from a folder holding: goeinsum (make kernels-go), cutego_copy.cubin,
# cutego_gemm.cubin, torch_einsum.py and this script. OUT (default ./out) receives:
#   einsum_cases.csv    the large instances (goeinsum -list), the input of torch_einsum.py
#   einsum_cutego.csv   per case: path (wgmma|generic), planner reason, ms, TFLOP/s, verified
#   einsum_torch.csv    torch.einsum bf16: ms, TFLOP/s
#   einsum_summary.txt  the joined table printed at the end
#   *.log               each step's output
# goeinsum first verifies a small instance of each contraction (bf16 in, fp32 and bf16 out)
# against a float64 host evaluation by nested loops over the index letters, then times the
# large instance (bf16 in, bf16 out, CUDA events, median of 10) and checks 256 sampled outputs
# of it the same way. Expected: ~1-2 minutes. The table at the end is the result.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$HERE/out}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
cd "$HERE"
chmod +x goeinsum 2>/dev/null
t0=$(date +%s)
echo "### einsum_gpu.sh in $HERE, output in $OUT, $(date -u)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.limit --format=csv 2>&1 || true

# goeinsum needs only the driver's libcuda.so.1; torch keeps its own CUDA libraries.
GOENV="LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

echo "### 1/3 goeinsum: verify small instances, time large ones"
env "$GOENV" ./goeinsum -list "$OUT/einsum_cases.csv"
rc_list=$?
env "$GOENV" timeout 150 ./goeinsum cutego_copy.cubin cutego_gemm.cubin "$OUT/einsum_cutego.csv" 2>&1 | tee "$OUT/einsum_cutego.log"
rc_go=${PIPESTATUS[0]}
echo "### goeinsum exit status $rc_go (list: $rc_list)"

echo "### 2/3 torch.einsum"
if [ -s "$OUT/einsum_cases.csv" ]; then
  timeout 120 python3 torch_einsum.py "$OUT/einsum_cases.csv" "$OUT/einsum_torch.csv" 2>&1 | tee "$OUT/einsum_torch.log"
  rc_torch=${PIPESTATUS[0]}
else
  echo "no case list (goeinsum -list failed): torch skipped"
  rc_torch=99
fi
echo "### torch exit status $rc_torch"

echo "### 3/3 summary ($(( $(date +%s) - t0 )) s so far)"
python3 - "$OUT/einsum_cutego.csv" "$OUT/einsum_torch.csv" "$rc_go" "$rc_torch" <<'EOF' 2>&1 | tee "$OUT/einsum_summary.txt"
import csv, math, os, sys

def load(path):
    if not os.path.exists(path):
        return {}
    with open(path, newline="") as f:
        return {r["case"]: r for r in csv.DictReader(f)}

ours, torch = load(sys.argv[1]), load(sys.argv[2])
cases = list(ours) + [c for c in torch if c not in ours]
for case, o in ours.items():
    print(f"{case}: {o.get('reason')}")
    if o.get("fold"):
        print(f"    fold {o['fold']}")
for case, t in torch.items():
    if t.get("error"):
        print(f"{case}: torch error: {t['error']}")
rows, ratios = [], []
for case in cases:
    o, t = ours.get(case, {}), torch.get(case, {})
    of, tf = o.get("tflops", ""), t.get("tflops", "")
    ratio = ""
    if of and tf and float(tf) > 0:
        r = float(of) / float(tf)
        ratio = f"{r:.2f}"
        if o.get("path") == "wgmma":
            ratios.append(r)
    rows.append((case, o.get("spec") or t.get("spec", ""), o.get("sizes") or t.get("sizes", ""), o.get("path", "n/a"),
                 o.get("verified", "n/a"), o.get("ms", ""), of, t.get("ms", ""), tf, ratio))
print("\nMarkdown (for the README):\n")
print("| contraction | sizes | path | cutego TFLOP/s | torch.einsum TFLOP/s | ratio |")
print("|---|---|---|---:|---:|---:|")
for r in rows:
    print(f"| `{r[1]}` ({r[0]}) | {r[2]} | {r[3]} | {r[6]} | {r[8]} | {r[9]} |")
print(f"\ngoeinsum exit {sys.argv[3]}, torch exit {sys.argv[4]}")
print("cutego (bf16 in, bf16 out, fp32 accumulate) vs torch.einsum (bf16); TFLOP/s = 2*prod(extents)/t, median of 10")
hdr = f"{'case':20s} {'spec':18s} {'path':8s} {'verified':8s} {'ours ms':>9s} {'ours TF/s':>9s} {'torch ms':>9s} {'torch TF/s':>10s} {'ratio':>6s}"
print(hdr)
print("-" * len(hdr))
for r in rows:
    print(f"{r[0]:20s} {r[1]:18s} {r[3]:8s} {r[4]:8s} {r[5]:>9s} {r[6]:>9s} {r[7]:>9s} {r[8]:>10s} {r[9]:>6s}")
if ratios:
    g = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(f"geomean ratio ours/torch over the {len(ratios)} wgmma-path cases: {g:.3f}")
bad = [c for c, o in ours.items() if o.get("verified") != "yes"]
print("verification (small instances in full, large by 256 sampled outputs):", "all verified" if ours and not bad else f"NOT verified: {bad or 'no results'}")
EOF
echo "### done in $(( $(date +%s) - t0 )) s"
