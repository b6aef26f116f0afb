# kernels.mk — cutego's Hopper copy kernels (kernels/, csrc/tma/, bench/, include/cutego_*.h).
# `make test` compiles every kernel for sm_90a (so a kernel that does not build fails CI) and
# runs the CPU tests (device evaluator header as C and C++, copy planner). Nothing here needs
# a GPU; the device test and benchmark binaries are built by `make kernels-device`.
KBUILD := $(BUILD)/kernels
KNVCC_FLAGS := -gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels
KHOST_SRC := csrc/tma/plan.c csrc/tma/encode.c
KHDRS := include/cutego_types.h include/cutego_device.h include/cutego_tma.h include/cutego_kernels.h \
         kernels/copy_kernels.cuh csrc/tma/copy_harness.h
KLIBDIR := $(CUDA_ROOT)/lib

.PHONY: kernels-test kernels-cpu-test kernels-compile kernels-device kernels-demo
TEST_TARGETS += kernels-test
DEMO_TARGETS += kernels-demo

kernels-test: kernels-cpu-test kernels-compile

kernels-cpu-test: $(KHDRS) csrc/tma/test_device_eval.c csrc/tma/test_plan.c $(KHOST_SRC)
	@mkdir -p $(KBUILD)
	gcc -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude csrc/tma/test_device_eval.c -o $(KBUILD)/test_device_eval_c
	g++ -x c++ -std=c++17 -Wall -Wextra -Werror -Iinclude csrc/tma/test_device_eval.c -o $(KBUILD)/test_device_eval_cpp
	gcc -std=c99 -Wall -Wextra -Werror -Iinclude csrc/tma/test_plan.c $(KHOST_SRC) -o $(KBUILD)/test_plan
	$(KBUILD)/test_device_eval_c
	$(KBUILD)/test_device_eval_cpp
	$(KBUILD)/test_plan

# The cubin the Go launcher (gpu/) loads, and the C launcher library, both for sm_90a.
$(KBUILD)/cutego_copy.cubin: kernels/module.cu $(KHDRS) | setup
	@mkdir -p $(KBUILD)
	$(NVCC) $(KNVCC_FLAGS) -cubin kernels/module.cu -o $@

$(KBUILD)/libcutego_kernels.a: kernels/cutego_copy.cu $(KHOST_SRC) $(KHDRS) | setup
	@mkdir -p $(KBUILD)/obj
	$(NVCC) $(KNVCC_FLAGS) -Xcompiler -fPIC -c kernels/cutego_copy.cu -o $(KBUILD)/obj/cutego_copy.o
	gcc -std=c99 -O2 -fPIC -Wall -Iinclude -c csrc/tma/plan.c -o $(KBUILD)/obj/plan.o
	gcc -std=c99 -O2 -fPIC -Wall -Iinclude -c csrc/tma/encode.c -o $(KBUILD)/obj/encode.o
	ar rcs $@ $(KBUILD)/obj/cutego_copy.o $(KBUILD)/obj/plan.o $(KBUILD)/obj/encode.o

kernels-compile: $(KBUILD)/cutego_copy.cubin $(KBUILD)/libcutego_kernels.a

# Device binaries (run on the H200): C example, test, benchmark; cudart linked statically.
KLINK := -L$(KLIBDIR) -cudart static
$(KBUILD)/example_copy: csrc/tma/example_copy.c $(KBUILD)/libcutego_kernels.a
	gcc -std=c99 -O2 -Wall -Iinclude -I$(CUDA_ROOT)/include -c csrc/tma/example_copy.c -o $(KBUILD)/obj/example_copy.o
	$(NVCC) -gencode=arch=compute_90a,code=sm_90a $(KBUILD)/obj/example_copy.o $(KBUILD)/libcutego_kernels.a $(KLINK) -o $@
$(KBUILD)/test_copy: csrc/tma/test_copy.cu $(KBUILD)/libcutego_kernels.a
	$(NVCC) $(KNVCC_FLAGS) csrc/tma/test_copy.cu $(KBUILD)/libcutego_kernels.a $(KLINK) -o $@
$(KBUILD)/bench_copy: bench/bench_copy.cu $(KBUILD)/libcutego_kernels.a
	$(NVCC) $(KNVCC_FLAGS) bench/bench_copy.cu $(KBUILD)/libcutego_kernels.a $(KLINK) -o $@

kernels-device: $(KBUILD)/example_copy $(KBUILD)/test_copy $(KBUILD)/bench_copy $(KBUILD)/cutego_copy.cubin

kernels-demo: kernels-cpu-test kernels-compile
	@echo "kernels: sm_90a cubin and launcher library in $(KBUILD); device binaries: make kernels-device"

# Go with the `cuda` tag (package gpu, bench/gocopy): built against CUDA 13's cuda.h, the
# gorgonia.org/cu compatibility header and a link-time stub of libcuda.so.1. `make test`
# vets and links it (a tagged file that does not compile fails CI; nothing tagged runs:
# gorgonia.org/cu's init needs a driver); `make kernels-go` builds the Go
# device binaries that are carried to the H200.
KGO_ENV := CGO_CFLAGS="-I$(CURDIR)/gpu/cucompat -I$(CUDA_ROOT)/include -Wno-deprecated-declarations" \
           CGO_LDFLAGS="-L$(KBUILD)/cudastub"
.PHONY: kernels-go-vet kernels-go
TEST_TARGETS += kernels-go-vet

$(KBUILD)/cudastub/libcuda.so: ci/cuda_stub.sh gpu/cucompat/cuda.h | setup
	./ci/cuda_stub.sh $(CUDA_ROOT)/include/cuda.h $(KBUILD)/cudastub

kernels-go-vet: $(KBUILD)/cudastub/libcuda.so
	$(KGO_ENV) $(GO) vet -tags cuda ./gpu ./bench/gocopy
	$(KGO_ENV) $(GO) test -tags cuda -c -o $(KBUILD)/gpu.test ./gpu

kernels-go: $(KBUILD)/cudastub/libcuda.so $(KBUILD)/cutego_copy.cubin
	$(KGO_ENV) $(GO) build -tags cuda -o $(KBUILD)/gocopy ./bench/gocopy
	$(KGO_ENV) $(GO) test -c -tags cuda -o $(KBUILD)/gpu.test ./gpu
