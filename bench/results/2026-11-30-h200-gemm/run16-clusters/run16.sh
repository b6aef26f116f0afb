export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:$LD_LIBRARY_PATH
cd .devwork/dev
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,power.limit --format=csv > $OUT/gpu.txt 2>&1
timeout 60 ./test_gemm --filter cluster > $OUT/test_cluster.log 2>&1; rc=$?; echo "test_gemm cluster rc=$rc" >> $OUT/test_cluster.log
if [ $rc -ne 0 ]; then cut -c1-200 $OUT/test_cluster.log; exit 1; fi
for i in 1 2; do
timeout 60 ./bench_gemm_old /dev/null --quick > $OUT/q_old$i.log 2>&1
timeout 60 ./bench_gemm /dev/null --quick --cluster 1 > $OUT/q_nc$i.log 2>&1
timeout 60 ./bench_gemm /dev/null --quick --cluster 2 > $OUT/q_c$i.log 2>&1
done
timeout 200 ./test_gemm > $OUT/test_gemm.log 2>&1; echo "test_gemm rc=$?" >> $OUT/test_gemm.log
{ ./example_gemm; echo "example_gemm rc=$?"; ./gogemm cutego_copy.cubin cutego_gemm.cubin; echo "gogemm rc=$?"; } > $OUT/examples.log 2>&1
timeout 150 ./bench_gemm $OUT/bench_tn_c1.csv --cluster 1 > $OUT/bench_tn_c1.log 2>&1
timeout 150 ./bench_gemm $OUT/bench_tn_c2.csv --cluster 2 > $OUT/bench_tn_c2.log 2>&1
tail -1 $OUT/test_cluster.log; tail -2 $OUT/test_gemm.log; grep rc= $OUT/examples.log
for f in q_old1 q_nc1 q_c1 q_old2 q_nc2 q_c2; do echo "== $f"; cut -c1-105 $OUT/$f.log | grep square; done
grep "==" $OUT/bench_tn_c1.log $OUT/bench_tn_c2.log
