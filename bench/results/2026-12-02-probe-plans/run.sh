#!/usr/bin/env bash
# A probe of plans the automatic choice does not take, on the shapes the last sweep left below 0.95
# of cuBLAS (bench/results/2026-12-03-final): bench_gemm bf16 TN --graph, each variant a process
# timing cuBLAS beside it, two rounds. Variants: the automatic choice; 2x1 clusters; raster groups
# of 4 and 16 tile rows; 128x128, 128x192, 128x256 tiles asked for; stream-K asked for; and on the
# decode shapes whose 64x64 tiles leave SMs idle (N = 6144: 96 tiles) split K 3 and 4 (2-3 waves).
# Predicted: clusters pay on the long-K squares (4096x4096x14336: B's reads from L2 halved); the
# split decode shapes lose (a second wave of slices, measured before to lose, with a reduction).
set -u
CUDA=/usr/local/cuda-13.0; NVCC=$CUDA/bin/nvcc
F="-gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels"
LK="-L$CUDA/targets/x86_64-linux/lib -cudart static -lcublasLt -lcublas"
t0=$(date +%s); S=$OUT/summary.txt; G=/tmp/probe; mkdir -p $G; el() { echo $(( $(date +%s)-t0 )); }
export D=.devwork/b; bash bench/device/lib.sh > $G/lib.log 2>&1
$NVCC $F -I$CUDA/include bench/bench_gemm.cu $D/lib.a $LK -o $D/bench_gemm > $G/link_bench.log 2>&1
echo "built at $(el)s" >> $S; grep -E "lib:|BUILD-FAIL" $G/lib.log >> $S
BIG=""; for s in 4096,4096,14336 1024,11008,4096 1024,14336,4096 512,4096,4096 512,11008,4096 256,6144,4096 256,11008,4096 128,6144,4096 128,11008,4096 3000,5000,1000 2048,2048,2048; do BIG="$BIG --shape $s"; done
DEC=""; for m in 1 8 32 64; do DEC="$DEC --shape $m,6144,4096"; done
run() { local tag=$1; shift; timeout 100 $D/bench_gemm $G/${tag}_$r.csv --graph --dtype bf16 "$@" > $G/${tag}_$r.log 2>&1 || echo "$tag $r: exit $?" >> $S; }
for r in 1 2; do
  run auto $BIG; run cl2 --cluster 2 $BIG; run g4 --group 4 $BIG; run g16 --group 16 $BIG
  run c128 --config 2 $BIG; run c192 --config 5 $BIG; run c256 --config 1 $BIG; run sk --decomposition 3 $BIG
  run dauto $DEC; run ds3 --config 6 --split-k 3 $DEC; run ds4 --config 6 --split-k 4 $DEC; run dc7 --config 7 $DEC
  echo "round $r at $(el)s" >> $S
done
python3 - "$G" >> $S <<'PY'
import csv, glob, sys, collections
G = sys.argv[1]
for group, kinds in (("big", ["auto", "cl2", "g4", "g16", "c128", "c192", "c256", "sk"]), ("decode", ["dauto", "ds3", "ds4", "dc7"])):
    best = collections.defaultdict(dict); lt = collections.defaultdict(list); how = {}
    for kind in kinds:
        for f in sorted(glob.glob(f"{G}/{kind}_*.csv")):
            for r in csv.DictReader(open(f)):
                key = (int(r["m"]), int(r["n"]), int(r["k"]))
                t = min(float(r["ms_ours"]), float(r["ms_ours_again"])) * 1000
                best[key][kind] = min(best[key].get(kind, 1e9), t)
                lt[key].append(min(float(r["ms_cublaslt"]), float(r["ms_gemmex"])) * 1000)
                if kind in ("auto", "dauto"): how[key] = f'cfg {r["config"]} split {r["split_k"]} dec {r["decomposition"]} cl {r["cluster_m"]}'
    print(f"\n{group}: best us of two rounds (cuBLAS: best of all its runs in these processes)")
    print("| M x N x K | " + " | ".join(kinds) + " | cuBLAS | auto plan |")
    for key in sorted(best):
        print(f"| {key[0]}x{key[1]}x{key[2]} | " + " | ".join(f"{best[key].get(k, 0):.1f}" for k in kinds) + f" | {min(lt[key]):.1f} | {how.get(key, '')} |")
PY
tar czf $OUT/logs.tgz -C /tmp probe
echo "done at $(el)s" >> $S; cat $S
