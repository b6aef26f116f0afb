# einsum.mk — tensors, generic algorithms and contractions folded onto one GEMM
# (cute/tensor*.go, cute/einsum, cute/einsum/cpu, capi/einsum.go, include/cutego_einsum.h).
#   make einsum-test        the Go tests of the einsum packages and of the tensors, and
#                           einsum-capi-test
#   make einsum-capi-test   (in `make test`; the Go tests run in go-test) the C planner test
#                           (csrc/einsum/test_einsum.c) under AddressSanitizer + UBSan;
#                           cutego_einsum.h compiles alone as C99 and C++
#   make einsum-bench       bench/einsum/run.sh: cutego (gonum BLAS and the reference loops)
#                           against numpy.einsum in one run (numpy into build/pydeps)
#   make print-tensor-expected   regenerate cute/testdata/print_tensor/print_tensor.out with
#                           CUTLASS's own print_tensor (needs .deps)
EINSUM_T := $(BUILD)/einsum-test

.PHONY: einsum-test einsum-capi-test einsum-bench print-tensor-expected
TEST_TARGETS += einsum-capi-test

einsum-test: einsum-capi-test
	$(GO) test -count=1 ./cute/einsum/...
	$(GO) test -count=1 -run 'Tensor|Copy|Fill|Axpby|Gemm|Example' ./cute

einsum-capi-test: $(CAPI_SO)
	@mkdir -p $(EINSUM_T)
	@echo "== einsum: cutego_einsum.h alone (C99, C++)"
	echo '#include "cutego_einsum.h"' > $(EINSUM_T)/alone.c
	gcc -std=c99 -Wall -Wextra -Werror -pedantic -fsyntax-only -Iinclude $(EINSUM_T)/alone.c
	g++ -x c++ -std=c++11 -Wall -Wextra -Werror -pedantic -fsyntax-only -Iinclude $(EINSUM_T)/alone.c
	@echo "== einsum: cutego_einsum_fold from C under AddressSanitizer + UBSan"
	gcc $(CAPI_CFLAGS) -fsanitize=address,undefined -fno-omit-frame-pointer csrc/einsum/test_einsum.c \
	  -o $(EINSUM_T)/test_einsum $(CAPI_LDLIB)
	$(CAPI_ASAN) $(EINSUM_T)/test_einsum

einsum-bench:
	bench/einsum/run.sh

print-tensor-expected:
	cute/testdata/print_tensor/gen.sh
