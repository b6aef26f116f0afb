# variant.sh — variants of the tree built beside it in one device call (source it after env.sh,
# from the repo root, with $D the tree's build folder of bench/device/lib.sh and $G the scratch
# folder). A variant is the tree with a patch applied (or reversed), of which only the units that
# the patch changes and the timing needs are compiled; everything else links from $D's objects.
#   variant_prepare NAME PATCH [-R]   copy the tree to $G/NAME/src and apply PATCH there
#   variant_compile NAME:UNIT ...     compile each kernels/UNIT.cu of NAME (in parallel; run it
#                                     beside lib.sh, then wait)
#   variant_link NAME [configs|planner] [BENCH]
#                                     after lib.sh: NAME's objects over $D's into $G/NAME/lib.a
#                                     (configs: csrc/gemm/configs.cc recompiled from NAME's tree
#                                     too; planner: csrc/gemm/plan.c and waves.c as well), then
#                                     $G/NAME/BENCH (bench/BENCH.cu; default bench_gemm)
variant_prepare() {
  local v=$G/$1 root=$PWD; mkdir -p $v/src $v/o
  tar cf - --exclude=.devwork --exclude=.git . | tar xf - -C $v/src
  (cd $v/src && patch -p1 -s ${3:-} < "$root/$2") || echo "PATCH-FAIL $1" >> $S
}
variant_compile() {
  for x in "$@"; do echo "${x%%:*} ${x#*:}"; done |
    xargs -P 8 -L 1 sh -c "cd $G/\$0/src && $NVCC $F -Xcompiler -fPIC -c kernels/\$1.cu -o $G/\$0/o/\$1.o || echo BUILD-FAIL \$0 \$1" >> $G/variants.log 2>&1
}
variant_link() {
  local v=$G/$1 b=${3:-bench_gemm}
  case "${2:-}" in
    planner) (cd $v/src && gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/plan.c -o $v/o/csrc_gemm_plan.c.o &&
                gcc -std=c99 -O2 -fPIC -Iinclude -c csrc/gemm/waves.c -o $v/o/csrc_gemm_waves.c.o) ;&
    configs) (cd $v/src && g++ -std=c++17 -O2 -fPIC -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $v/o/configs.o) ;;
  esac
  mkdir -p $v/all && cp $D/o/*.o $v/all/ && cp $v/o/*.o $v/all/ && rm -f $v/lib.a && ar rcs $v/lib.a $v/all/*.o
  $NVCC $F -I$CUDA/include bench/$b.cu $v/lib.a $LK -o $v/$b > $G/link_$1.log 2>&1 || echo "LINK-FAIL $1 $(grep -m2 error $G/link_$1.log)" >> $S
}
