# steps.sh — the column-major D's device steps, one home for run.sh, run2.sh and
# ../2026-12-05-calls (source it after bench/device/steps.sh; $D the build of the tree with
# dtrans.patch, $G the scratch folder, $S the summary).
#   dtrans_timing          bench_gemm on ten shapes, three rounds in turn: D row-major, --d-col (the
#                          transposed TMA epilogue), --d-col --direct-epilogue (the stores before it)
#                          and --swap-ab (the caller's D^T = B A^T); ab tables into $S
#   DTRANS_UNITS           the kernel units whose timing the before/after comparison reads
#   dtrans_before_after O  O/bench_gemm (the kernels before the patch) against $D/bench_gemm on
#                          row-major D, where the new code is not taken, alternated twice
DTRANS_UNITS="gemm_128x256_kk gemm_128x224_kk gemm_128x168_kk gemm_128x128_kk gemm_128x192_kk gemm_64x128_kk gemm_64x64_kk gemm_64x96_kk"
dtrans_timing() {
  local SH="" s
  for s in 4096,4096,4096 8192,8192,8192 2048,2048,128,64 3000,5000,1000 1000,1000,1000 333,14336,4096 \
    512,11008,4096 1024,14336,4096 100,4096,4100 16384,4096,11008; do SH="$SH --shape $s"; done
  declare -A B=() V=([row]="" [col]="--d-col" [coldirect]="--d-col --direct-epilogue" [swap]="--swap-ab")
  in_turn 3 row row col coldirect swap
  echo "## col-direct -> col" >> $S
  python3 bench/ab_table.py $G/csv/coldirect_*.csv -- $G/csv/col_*.csv >> $S
  grep -h "WRONG\|cutego_gemm:" $G/*.log | head -3 >> $S
}
dtrans_before_after() {
  ab rowd 2 $1/bench_gemm $D/bench_gemm --graph --dtype bf16 --shape 8192,8192,8192 --shape 4096,4096,4096 \
    --shape 2048,2048,2048 --shape 1024,14336,4096 --shape 512,11008,4096 --shape 1000,1000,1000 \
    --shape 2048,2048,128,64 --shape 16384,6144,4096 --shape 128,4096,4096
}
