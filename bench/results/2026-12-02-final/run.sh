#!/usr/bin/env bash
# The session's tree on the H200 in one call: bench/device/check.sh (every device test: test_gemm,
# test_gemm_graph, test_gemm_fp8, test_copy, the examples, Go's gpu.test, torch_fp8), the sweep
# (bench_gemm --sweep --graph, bf16 and fp16), before/after against the session's start (95416dd,
# carried to .devwork/pre; this tree's bench_gemm.cu against both libraries, alternated twice), and
# a probe of plans the automatic choice does not take on the shapes the last sweep left below 0.95
# (2x1 clusters, raster groups of 16, 128x192 tiles, stream-K; split K 3 and 4 on the 64x64 decode
# tiles of N = 6144, whose 96 tiles leave SMs idle).
# Predicted: the decode shapes as in bench/results/2026-12-02-k-blocks-tune (N = 4096 1.03-1.10
# faster than the start, N = 6144 1.00-1.03, 1 / 64 x 4096 x 14336 on 64x32 ~1.05), the others
# unchanged (their cubins are byte-identical); in the probe, clusters pay on 4096x4096x14336 (B's
# reads from L2 halved); the split decode shapes lose (a second wave of slices and a reduction).
# Usage (repo root, $OUT set; carry .devwork/pre and .devwork/lead/carry).
set -u
G=/tmp/final; . bench/device/env.sh; mkdir -p $G/check $G/sweep $G/ab $G/probe
ROOT=$PWD
( cd .devwork/pre && D=$ROOT/.devwork/pre_b bash $ROOT/bench/device/lib.sh > $G/pre_lib.log 2>&1 &&
  $NVCC $F -I$CUDA/include $ROOT/bench/bench_gemm.cu $ROOT/.devwork/pre_b/lib.a $LK -o $ROOT/.devwork/pre_b/bench_gemm \
    > $G/pre_link.log 2>&1; echo "pre bench_gemm rc=$? at $(el)s" >> $S ) &
OUT=$G/check bash bench/device/check.sh > $G/check/check.out 2>&1
echo "check.sh done at $(el)s" >> $S
grep -E "rc=|checks|FAIL|ok  |PASS|ERROR|C75" $G/check/final.txt | head -40 >> $S
wait
B=.devwork/b/bench_gemm
for dt in bf16 f16; do
  timeout 120 $B $G/sweep/sweep_$dt.csv --sweep --graph --dtype $dt > $G/sweep/sweep_$dt.log 2>&1
  echo "sweep $dt (graph) rc=$? at $(el)s: $(tail -1 $G/sweep/sweep_$dt.log)" >> $S
done
SH=""
for s in 1,4096,4096 8,4096,4096 64,4096,4096 8,6144,4096 32,6144,4096 1,4096,14336 64,4096,14336 16,4096,11008 \
         128,6144,4096 256,11008,4096 512,6144,4096 1024,14336,4096 2048,2048,2048 4096,4096,4096 8192,8192,8192; do SH="$SH --shape $s"; done
if [ -x .devwork/pre_b/bench_gemm ]; then
  timeout 150 bash bench/gemm_ab.sh $G/ab 2 .devwork/pre_b/bench_gemm $B --graph --dtype bf16 $SH > $G/ab/ab.txt 2>&1
  echo "ab rc=$? at $(el)s" >> $S; cat $G/ab/ab.txt >> $S
fi
BIG=""; for s in 4096,4096,14336 1024,11008,4096 512,4096,4096 512,11008,4096 256,6144,4096 128,6144,4096 3000,5000,1000; do BIG="$BIG --shape $s"; done
DEC=""; for m in 1 8 32 64; do DEC="$DEC --shape $m,6144,4096"; done
pr() { local tag=$1; shift; timeout 60 $B $G/probe/$tag.csv --graph --dtype bf16 "$@" > $G/probe/$tag.log 2>&1 || echo "probe $tag: exit $?" >> $S; }
pr auto $BIG; pr cl2 --cluster 2 $BIG; pr g16 --group 16 $BIG; pr c192 --config 5 $BIG; pr sk --decomposition 3 $BIG
pr dauto $DEC; pr ds3 --config 6 --split-k 3 $DEC; pr ds4 --config 6 --split-k 4 $DEC
echo "probe done at $(el)s" >> $S
python3 - "$G/probe" >> $S <<'PY'
import csv, glob, sys, collections
G = sys.argv[1]
for group, kinds in (("big", ["auto", "cl2", "g16", "c192", "sk"]), ("decode", ["dauto", "ds3", "ds4"])):
    best = collections.defaultdict(dict); lt = collections.defaultdict(list); how = {}
    for kind in kinds:
        for f in glob.glob(f"{G}/{kind}.csv"):
            for r in csv.DictReader(open(f)):
                key = (int(r["m"]), int(r["n"]), int(r["k"]))
                best[key][kind] = min(float(r["ms_ours"]), float(r["ms_ours_again"])) * 1000
                lt[key].append(min(float(r["ms_cublaslt"]), float(r["ms_gemmex"])) * 1000)
                if kind in ("auto", "dauto"): how[key] = f'cfg {r["config"]} split {r["split_k"]} dec {r["decomposition"]} cl {r["cluster_m"]}'
    print(f"\nprobe {group}: us (cuBLAS: best of its runs in these processes)")
    print("| M x N x K | " + " | ".join(kinds) + " | cuBLAS | auto plan |")
    for key in sorted(best):
        print(f"| {key[0]}x{key[1]}x{key[2]} | " + " | ".join(f"{best[key].get(k, 0):.1f}" for k in kinds) + f" | {min(lt[key]):.1f} | {how.get(key, '')} |")
PY
cp $G/check/final.txt $OUT/check_final.txt 2>/dev/null
tar czf $OUT/all.tgz --exclude='*.o' --exclude='*.a' -C /tmp final
echo "done at $(el)s" >> $S
cat $S
