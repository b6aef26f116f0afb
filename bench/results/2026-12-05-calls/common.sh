# common.sh — what the calls of this folder share (source it from the repo root on the device,
# after setting G): the tree with both prepared patches applied (../2026-12-05-dtrans/dtrans.patch,
# a column-major D through TMA stores; ../2026-12-05-bscl/bscl.patch, FP8 in 2x1 clusters), the
# device scripts' steps, and each patch's "before" variant: the tree with that patch alone reversed.
. bench/device/env.sh; . bench/device/steps.sh; . bench/device/variant.sh
. bench/results/2026-12-05-dtrans/steps.sh; . bench/results/2026-12-05-bscl/steps.sh
DT=bench/results/2026-12-05-dtrans/dtrans.patch BS=bench/results/2026-12-05-bscl/bscl.patch
for p in $DT $BS; do  # (a tree the device kept from a call before may have them already)
  if git apply --reverse --check $p 2> /dev/null; then echo "already applied: $p" >> $S; continue; fi
  git apply $p 2>> $S || patch -p1 -s < $p >> $S 2>&1 || echo "PATCH-FAIL $p" >> $S
done
export D=$PWD/.devwork/b; mkdir -p $D
# old_bs and old_dt: prepared and their units compiled (in the background of whatever follows:
# wait before linking), unless a call before did it
prepare_old() {
  [ -f $G/old_bs/o/gemm_128x128_kk.o ] && [ -f $G/old_dt/o/gemm_64x96_kk.o ] && return
  variant_prepare old_bs $BS -R
  variant_prepare old_dt $DT -R
  variant_compile $(for u in $BSCL_UNITS; do echo old_bs:$u; done) $(for u in $DTRANS_UNITS; do echo old_dt:$u; done)
}
