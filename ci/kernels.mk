# kernels.mk — cutego's Hopper copy kernels (kernels/, csrc/tma/, bench/, include/cutego_*.h).
# `make test` compiles every kernel for sm_90a (so a kernel that does not build fails CI) and
# runs the CPU tests (device evaluator header as C and C++, copy planner). Nothing here needs
# a GPU; the device test and benchmark binaries are built by `make kernels-device`.
KNVCC_FLAGS := -gencode=arch=compute_90a,code=sm_90a -std=c++17 -O3 -Iinclude -Icsrc/tma -Ikernels
KHOST_SRC := csrc/tma/plan.c csrc/tma/encode.c
KHDRS := include/cutego_types.h include/cutego_device.h include/cutego_tma.h include/cutego_kernels.h csrc/planner.h \
         kernels/copy_kernels.cuh kernels/sm90_ptx.cuh kernels/launch.h csrc/tma/copy_harness.h
GEMM_HDRS := csrc/gemm/config_boxes.h kernels/gemm_k_blocks.h kernels/gemm_instances.cuh kernels/gemm_kernels.cuh kernels/gemm_stream_k.cuh kernels/gemm_blockscaled.cuh kernels/gemm_smem.h kernels/wgmma_ops.cuh kernels/generated/cutego_gemm_layouts.h csrc/gemm/waves.h
PACK_HDRS := kernels/gemm_pack.cuh csrc/gemm/pack.h
KLIBDIR := $(CUDA_ROOT)/lib

.PHONY: kernels-test kernels-cpu-test kernels-compile kernels-device kernels-demo
TEST_TARGETS += kernels-test
DEMO_TARGETS += kernels-demo

kernels-test: kernels-cpu-test kernels-compile kernels-gemm-cpu-test kernels-plan-sanitize kernels-gen-check \
              kernels-gemm-host-test

kernels-cpu-test: $(KHDRS) csrc/tma/test_device_eval.c csrc/tma/test_plan.c $(KHOST_SRC) bench/sass_diff.py
	@mkdir -p $(KBUILD)
	python3 bench/sass_diff.py --selftest
	gcc -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude csrc/tma/test_device_eval.c -o $(KBUILD)/test_device_eval_c
	g++ -x c++ -std=c++17 -Wall -Wextra -Werror -Iinclude csrc/tma/test_device_eval.c -o $(KBUILD)/test_device_eval_cpp
	gcc -std=c99 -Wall -Wextra -Werror -Iinclude csrc/tma/test_plan.c $(KHOST_SRC) -o $(KBUILD)/test_plan
	$(KBUILD)/test_device_eval_c
	$(KBUILD)/test_device_eval_cpp
	$(KBUILD)/test_plan

# The cubin the Go launcher (gpu/) loads, and the C launcher library, both for sm_90a.
$(KBUILD)/cutego_copy.cubin: kernels/module.cu $(KHDRS) $(PACK_HDRS) | setup
	@mkdir -p $(KBUILD)
	$(NVCC) $(KNVCC_FLAGS) -cubin kernels/module.cu -o $@

$(KBUILD)/obj/cutego_copy.o: kernels/cutego_copy.cu $(KHDRS) | setup
	@mkdir -p $(KBUILD)/obj
	$(NVCC) $(KNVCC_FLAGS) -Xcompiler -fPIC -c kernels/cutego_copy.cu -o $@

# The GEMM: one translation unit per tile configuration and pair of operand majors
# (kernels/gemm_<config>_<majors>.cu, six kernels each, and kernels/gemm_<config>_kk_<fp8 types>.cu;
# kernels/CMakeLists.txt globs the same files) so that `make -j` runs ptxas on them in parallel, and the launcher (with the generic kernels). Each -Xptxas -v report is kept; a wgmma
# pipeline serialized across a function boundary (ptxas C7510), by accumulator reads (C7514) or by a
# wait the compiler inserts in a divergent path (C7518), or a spill in a wgmma kernel fails
# the build (GPU-NOTES). (The generic kernels keep small coordinate arrays on the stack.)
GEMM_INSTANCES := $(sort $(patsubst kernels/gemm_%.cu,%,$(wildcard kernels/gemm_[0-9]*x[0-9]*_[km][km].cu kernels/gemm_[0-9]*x[0-9]*_kk_e*.cu)))
GEMM_OBJS := $(KBUILD)/obj/cutego_gemm.o $(GEMM_INSTANCES:%=$(KBUILD)/obj/gemm_%.o)
$(KBUILD)/obj/cutego_gemm.o: kernels/cutego_gemm.cu kernels/gemm_fns.h kernels/gemm_generic_instances.cuh kernels/gemm_split_k.cuh $(KHDRS) $(GEMM_HDRS) $(PACK_HDRS) | setup
	@mkdir -p $(KBUILD)/obj
	$(NVCC) $(KNVCC_FLAGS) -Xcompiler -fPIC -c kernels/cutego_gemm.cu -o $@

$(GEMM_INSTANCES:%=$(KBUILD)/obj/gemm_%.o): $(KBUILD)/obj/gemm_%.o: kernels/gemm_%.cu kernels/gemm_fns.h $(KHDRS) $(GEMM_HDRS) | setup
	@mkdir -p $(KBUILD)/obj
	$(NVCC) $(KNVCC_FLAGS) -Xptxas -v -Xcompiler -fPIC -c $< -o $@ 2> $(KBUILD)/gemm_$*_ptxas.log \
	  || { cat $(KBUILD)/gemm_$*_ptxas.log; exit 1; }
	@if grep -qE 'C751[048]' $(KBUILD)/gemm_$*_ptxas.log; then grep -E 'C751[048]' $(KBUILD)/gemm_$*_ptxas.log; rm -f $@; exit 1; fi
	@awk '/Function properties for/ {f=$$NF} /bytes spill/ && f ~ /^cutego_gemm_(128x|64x)/ && !/ 0 bytes spill stores, 0 bytes spill loads/ {print f": "$$0; bad=1} END {exit bad}' \
	  $(KBUILD)/gemm_$*_ptxas.log || { rm -f $@; exit 1; }

$(KBUILD)/libcutego_kernels.a: $(KBUILD)/obj/cutego_copy.o $(GEMM_OBJS) $(KHOST_SRC) csrc/gemm/plan.c csrc/gemm/waves.c csrc/gemm/configs.cc $(KHDRS) $(GEMM_HDRS)
	@mkdir -p $(KBUILD)/obj
	gcc -std=c99 -O2 -fPIC -Wall -Iinclude -c csrc/tma/plan.c -o $(KBUILD)/obj/plan.o
	gcc -std=c99 -O2 -fPIC -Wall -Iinclude -c csrc/tma/encode.c -o $(KBUILD)/obj/encode.o
	gcc -std=c99 -O2 -fPIC -Wall -Wextra -Werror -Iinclude -c csrc/gemm/plan.c -o $(KBUILD)/obj/gemm_plan.o
	gcc -std=c99 -O2 -fPIC -Wall -Wextra -Werror -Iinclude -c csrc/gemm/waves.c -o $(KBUILD)/obj/gemm_split_k.o
	g++ -std=c++17 -O2 -fPIC -Wall -Wextra -Werror -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $(KBUILD)/obj/gemm_configs.o
	rm -f $@
	ar rcs $@ $(KBUILD)/obj/cutego_copy.o $(GEMM_OBJS) $(KBUILD)/obj/plan.o $(KBUILD)/obj/encode.o \
	  $(KBUILD)/obj/gemm_plan.o $(KBUILD)/obj/gemm_split_k.o $(KBUILD)/obj/gemm_configs.o

# The GEMM planner, no GPU.
.PHONY: kernels-gemm-cpu-test kernels-gen-check
kernels-gemm-cpu-test: csrc/gemm/test_plan_gemm.c csrc/gemm/test_waves.c csrc/gemm/test_pack.c csrc/gemm/pack.h csrc/gemm/plan.c csrc/gemm/waves.c csrc/gemm/configs.cc $(KHOST_SRC) $(KHDRS) $(GEMM_HDRS)
	@mkdir -p $(KBUILD)/obj
	gcc -std=c99 -Wall -Wextra -Werror -Iinclude -c csrc/gemm/plan.c -o $(KBUILD)/obj/gemm_plan_t.o
	g++ -std=c++17 -Wall -Wextra -Werror -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $(KBUILD)/obj/gemm_configs_t.o
	gcc -std=c99 -Wall -Wextra -Werror -Iinclude csrc/gemm/test_plan_gemm.c csrc/gemm/waves.c $(KBUILD)/obj/gemm_plan_t.o \
	  $(KBUILD)/obj/gemm_configs_t.o $(KHOST_SRC) -o $(KBUILD)/test_plan_gemm
	$(KBUILD)/test_plan_gemm
	gcc -std=c99 -Wall -Wextra -Werror -Iinclude csrc/gemm/test_waves.c csrc/gemm/waves.c $(KBUILD)/obj/gemm_plan_t.o \
	  $(KBUILD)/obj/gemm_configs_t.o $(KHOST_SRC) -o $(KBUILD)/test_waves
	$(KBUILD)/test_waves
	gcc -std=c99 -Wall -Wextra -Werror -Iinclude csrc/gemm/test_pack.c -o $(KBUILD)/test_pack
	$(KBUILD)/test_pack

# The GEMM launcher's host side, no GPU: kernels/cutego_gemm.cu's object (the kernels never run)
# linked against a counting CUDA runtime (csrc/gemm/cudart_stub.cc); test_gemm_host counts the
# runtime and driver calls of a repeated cutego_gemm call and checks that nothing remembered
# between calls goes stale (addresses, alignment, stream, device, a reset context).
# `$(KBUILD)/test_gemm_host --bench` prints the launcher's host time per call too.
.PHONY: kernels-gemm-host-test
GEMM_HOST_SRC := csrc/gemm/test_gemm_host.cc csrc/gemm/gemm_standins.h csrc/gemm/cudart_stub.cc csrc/gemm/cudart_stub.h csrc/gemm/plan.c \
                 csrc/gemm/waves.c csrc/gemm/configs.cc $(KHOST_SRC)
$(KBUILD)/test_gemm_host: $(KBUILD)/obj/cutego_gemm.o $(KBUILD)/obj/cutego_copy.o $(GEMM_HOST_SRC) $(KHDRS) $(GEMM_HDRS)
	@mkdir -p $(KBUILD)/host
	g++ -std=c++17 -O2 -Wall -Wextra -Werror -Iinclude -Ikernels -I$(CUDA_ROOT)/include -c csrc/gemm/cudart_stub.cc -o $(KBUILD)/host/cudart_stub.o
	g++ -std=c++17 -O2 -Wall -Wextra -Werror -Wno-psabi -Iinclude -Ikernels -I$(CUDA_ROOT)/include -c csrc/gemm/test_gemm_host.cc -o $(KBUILD)/host/test_gemm_host.o
	gcc -std=c99 -O2 -Wall -Iinclude -c csrc/tma/plan.c -o $(KBUILD)/host/plan.o
	gcc -std=c99 -O2 -Wall -Iinclude -c csrc/tma/encode.c -o $(KBUILD)/host/encode.o
	gcc -std=c99 -O2 -Wall -Wextra -Werror -Iinclude -c csrc/gemm/plan.c -o $(KBUILD)/host/gemm_plan.o
	gcc -std=c99 -O2 -Wall -Wextra -Werror -Iinclude -c csrc/gemm/waves.c -o $(KBUILD)/host/waves.o
	g++ -std=c++17 -O2 -Wall -Wextra -Werror -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $(KBUILD)/host/configs.o
	g++ -o $@ $(KBUILD)/host/test_gemm_host.o $(KBUILD)/host/cudart_stub.o $(KBUILD)/obj/cutego_gemm.o \
	  $(KBUILD)/obj/cutego_copy.o $(KBUILD)/host/plan.o $(KBUILD)/host/encode.o $(KBUILD)/host/gemm_plan.o \
	  $(KBUILD)/host/waves.o $(KBUILD)/host/configs.o
kernels-gemm-host-test: $(KBUILD)/test_gemm_host
	$(KBUILD)/test_gemm_host

# Both planners' tests and the packers' rules' again under UndefinedBehaviorSanitizer and
# AddressSanitizer, stopping at the first report: a signed overflow or an out-of-bounds read in a
# planner fails `make test`.
KSAN := -fsanitize=undefined,address -fno-sanitize-recover=all -fno-omit-frame-pointer
.PHONY: kernels-plan-sanitize
kernels-plan-sanitize: csrc/tma/test_plan.c csrc/gemm/test_plan_gemm.c csrc/gemm/test_pack.c csrc/gemm/pack.h csrc/gemm/plan.c csrc/gemm/waves.c csrc/gemm/configs.cc $(KHOST_SRC) $(KHDRS) $(GEMM_HDRS)
	@mkdir -p $(KBUILD)/obj
	gcc -std=c99 -Wall -Wextra -Werror $(KSAN) -Iinclude csrc/tma/test_plan.c $(KHOST_SRC) -o $(KBUILD)/test_plan_san
	gcc -std=c99 -Wall -Wextra -Werror $(KSAN) -Iinclude -c csrc/gemm/plan.c -o $(KBUILD)/obj/gemm_plan_san.o
	g++ -std=c++17 -Wall -Wextra -Werror $(KSAN) -Iinclude -Ikernels -c csrc/gemm/configs.cc -o $(KBUILD)/obj/gemm_configs_san.o
	gcc -std=c99 -Wall -Wextra -Werror $(KSAN) -Iinclude csrc/gemm/test_plan_gemm.c csrc/gemm/waves.c $(KBUILD)/obj/gemm_plan_san.o \
	  $(KBUILD)/obj/gemm_configs_san.o $(KHOST_SRC) -o $(KBUILD)/test_plan_gemm_san
	gcc -std=c99 -Wall -Wextra -Werror $(KSAN) -Iinclude csrc/gemm/test_pack.c -o $(KBUILD)/test_pack_san
	$(KBUILD)/test_plan_san
	$(KBUILD)/test_plan_gemm_san
	$(KBUILD)/test_pack_san

# kernels/wgmma_ops.cuh is generated by kernels/tools/gen_wgmma.py: the committed file must be current.
kernels-gen-check:
	@mkdir -p $(KBUILD)
	python3 kernels/tools/gen_wgmma.py $(KBUILD)/wgmma_ops.cuh
	diff -u kernels/wgmma_ops.cuh $(KBUILD)/wgmma_ops.cuh

kernels-compile: $(KBUILD)/cutego_copy.cubin $(KBUILD)/libcutego_kernels.a $(KBUILD)/libcutego_kernels.so

# The launchers as a shared library, for Python (python/cutego/gpu.py loads it at the first
# call): the archive's objects linked to the CUDA runtime's shared library, libcudart.so.13,
# which the package loads first from PyTorch's or nvidia-cuda-runtime's copy (so that both
# share one runtime). On the device: make kernels-so NVCC=... CUDA_ROOT=... KLIBDIR=...
.PHONY: kernels-so
kernels-so: $(KBUILD)/libcutego_kernels.so
$(KBUILD)/libcutego_kernels.so: $(KBUILD)/libcutego_kernels.a
	g++ -shared -o $@ -Wl,-soname,libcutego_kernels.so -Wl,--whole-archive $< -Wl,--no-whole-archive \
	  -L$(KLIBDIR) -l:libcudart.so.13 -Wl,--no-undefined

# Device binaries (run on the H200): C example, test, benchmark; cudart linked statically.
KLINK := -L$(KLIBDIR) -cudart static
$(KBUILD)/example_copy: csrc/tma/example_copy.c $(KBUILD)/libcutego_kernels.a
	gcc -std=c99 -O2 -Wall -Iinclude -I$(CUDA_ROOT)/include -c csrc/tma/example_copy.c -o $(KBUILD)/obj/example_copy.o
	$(NVCC) -gencode=arch=compute_90a,code=sm_90a $(KBUILD)/obj/example_copy.o $(KBUILD)/libcutego_kernels.a $(KLINK) -o $@
$(KBUILD)/test_copy: csrc/tma/test_copy.cu $(KBUILD)/libcutego_kernels.a
	$(NVCC) $(KNVCC_FLAGS) csrc/tma/test_copy.cu $(KBUILD)/libcutego_kernels.a $(KLINK) -o $@
$(KBUILD)/bench_copy: bench/bench_copy.cu $(KBUILD)/libcutego_kernels.a
	$(NVCC) $(KNVCC_FLAGS) bench/bench_copy.cu $(KBUILD)/libcutego_kernels.a $(KLINK) -o $@

# GEMM device test and benchmark: they link cuBLAS (the reference and the competitor), whose
# headers come from the pinned nvidia-cublas package in .deps/cublas (device builds only).
CUBLAS_ROOT := $(DEPS)/cublas/nvidia/cu13
$(DEPS)/cublas/.stamp:
	python3 -m pip install -q --disable-pip-version-check --no-deps --target $(DEPS)/cublas "nvidia-cublas==13.1.0.3"
	cd $(CUBLAS_ROOT)/lib && ln -sf libcublas.so.13 libcublas.so && ln -sf libcublasLt.so.13 libcublasLt.so
	touch $@
GEMM_DEV_LINK := -L$(CUBLAS_ROOT)/lib $(KLINK) -lcublasLt -lcublas
$(KBUILD)/test_gemm: csrc/gemm/test_gemm.cu csrc/gemm/gemm_harness.h $(KBUILD)/libcutego_kernels.a $(DEPS)/cublas/.stamp
	$(NVCC) $(KNVCC_FLAGS) -I$(CUBLAS_ROOT)/include csrc/gemm/test_gemm.cu $(KBUILD)/libcutego_kernels.a $(GEMM_DEV_LINK) -o $@
$(KBUILD)/bench_gemm: bench/bench_gemm.cu csrc/gemm/gemm_harness.h $(KBUILD)/libcutego_kernels.a $(DEPS)/cublas/.stamp
	$(NVCC) $(KNVCC_FLAGS) -I$(CUBLAS_ROOT)/include bench/bench_gemm.cu $(KBUILD)/libcutego_kernels.a $(GEMM_DEV_LINK) -o $@
$(KBUILD)/test_gemm_fp8: csrc/gemm/test_gemm_fp8.cu csrc/gemm/gemm_harness.h $(KBUILD)/libcutego_kernels.a $(DEPS)/cublas/.stamp
	$(NVCC) $(KNVCC_FLAGS) -I$(CUBLAS_ROOT)/include csrc/gemm/test_gemm_fp8.cu $(KBUILD)/libcutego_kernels.a $(GEMM_DEV_LINK) -o $@
$(KBUILD)/bench_gemm_fp8: bench/bench_gemm_fp8.cu csrc/gemm/gemm_harness.h $(KBUILD)/libcutego_kernels.a $(DEPS)/cublas/.stamp
	$(NVCC) $(KNVCC_FLAGS) -I$(CUBLAS_ROOT)/include bench/bench_gemm_fp8.cu $(KBUILD)/libcutego_kernels.a $(GEMM_DEV_LINK) -o $@
$(KBUILD)/test_gemm_graph: csrc/gemm/test_gemm_graph.cu csrc/gemm/gemm_harness.h $(KBUILD)/libcutego_kernels.a $(DEPS)/cublas/.stamp
	$(NVCC) $(KNVCC_FLAGS) -I$(CUBLAS_ROOT)/include csrc/gemm/test_gemm_graph.cu $(KBUILD)/libcutego_kernels.a $(GEMM_DEV_LINK) -o $@
$(KBUILD)/example_gemm: csrc/gemm/example_gemm.c $(KBUILD)/libcutego_kernels.a
	gcc -std=c99 -O2 -Wall -Iinclude -I$(CUDA_ROOT)/include -c csrc/gemm/example_gemm.c -o $(KBUILD)/obj/example_gemm.o
	$(NVCC) -gencode=arch=compute_90a,code=sm_90a $(KBUILD)/obj/example_gemm.o $(KBUILD)/libcutego_kernels.a $(KLINK) -o $@

$(KBUILD)/example_gemm_fp8: csrc/gemm/example_gemm_fp8.c $(KBUILD)/libcutego_kernels.a
	gcc -std=c99 -O2 -Wall -Iinclude -I$(CUDA_ROOT)/include -c csrc/gemm/example_gemm_fp8.c -o $(KBUILD)/obj/example_gemm_fp8.o
	$(NVCC) -gencode=arch=compute_90a,code=sm_90a $(KBUILD)/obj/example_gemm_fp8.o $(KBUILD)/libcutego_kernels.a $(KLINK) -o $@

kernels-device: $(KBUILD)/example_copy $(KBUILD)/test_copy $(KBUILD)/bench_copy $(KBUILD)/cutego_copy.cubin \
                $(KBUILD)/test_gemm $(KBUILD)/bench_gemm $(KBUILD)/example_gemm $(KBUILD)/example_gemm_fp8 \
                $(KBUILD)/test_gemm_fp8 $(KBUILD)/bench_gemm_fp8 $(KBUILD)/test_gemm_graph

kernels-demo: kernels-cpu-test kernels-compile
	@echo "kernels: sm_90a cubin and launcher library in $(KBUILD); device binaries: make kernels-device"

# Go with the `cuda` tag (package gpu, bench/gocopy): built against CUDA 13's cuda.h, the
# gorgonia.org/cu compatibility header and a link-time stub of libcuda.so.1. `make test`
# vets and links it (a tagged file that does not compile fails CI; nothing tagged runs:
# gorgonia.org/cu's init needs a driver); `make kernels-go` builds the Go
# device binaries that are carried to the H200.
KGO_ENV := CGO_CFLAGS="-I$(CURDIR)/gpu/cucompat -I$(CUDA_ROOT)/include -Wno-deprecated-declarations" \
           CGO_CXXFLAGS="-I$(CUDA_ROOT)/include" CGO_LDFLAGS="-L$(KBUILD)/cudastub"
.PHONY: kernels-go-vet kernels-go
TEST_TARGETS += kernels-go-vet

$(KBUILD)/cudastub/libcuda.so: ci/cuda_stub.sh gpu/cucompat/cuda.h | setup
	./ci/cuda_stub.sh $(CUDA_ROOT)/include/cuda.h $(KBUILD)/cudastub

kernels-go-vet: $(KBUILD)/cudastub/libcuda.so
	$(KGO_ENV) $(GO) vet -tags cuda ./gpu ./gpu/example_fp8 ./bench/gocopy ./bench/gogemm ./bench/goeinsum
	$(KGO_ENV) $(GO) test -tags cuda -c -o $(KBUILD)/gpu.test ./gpu

# Package gpu's tests that need no GPU (the planners' answers and refusals through Go, the
# options' mapping) run here against a no-driver libcuda.so.1: cuInit succeeds (gorgonia.org/cu's
# init calls it), every other entry point answers CUDA_ERROR_NO_DEVICE (100); the device tests
# skip (no CUTEGO_CUBIN).
.PHONY: kernels-go-plan-test
TEST_TARGETS += kernels-go-plan-test
kernels-go-plan-test: kernels-go-vet
	@mkdir -p $(KBUILD)/nodriver
	sed -E 's/^void (cu[A-Za-z0-9_]+)\(void\) \{\}$$/int \1(void) { return 100; }/; s/^int cuInit\(void\) \{ return 100; \}$$/int cuInit(void) { return 0; }/' \
	  $(KBUILD)/cudastub/cuda_stub.c > $(KBUILD)/nodriver/cuda_nodriver.c
	gcc -shared -fPIC -Wl,-soname,libcuda.so.1 -o $(KBUILD)/nodriver/libcuda.so.1 $(KBUILD)/nodriver/cuda_nodriver.c
	cd gpu && env -u CUTEGO_CUBIN -u CUTEGO_GEMM_CUBINS LD_LIBRARY_PATH=$(KBUILD)/nodriver $(KBUILD)/gpu.test

# The GEMM kernels as a module for gpu.Gemm (device builds only: a second sm_90a build of them).
$(KBUILD)/cutego_gemm.cubin: kernels/gemm_module.cu kernels/gemm_instances.cuh kernels/gemm_split_k.cuh $(KHDRS) $(GEMM_HDRS) | setup
	@mkdir -p $(KBUILD)
	$(NVCC) $(KNVCC_FLAGS) -cubin kernels/gemm_module.cu -o $@

# The FP8 kernels as a second module for gpu.Gemm (LoadGemm loads both).
$(KBUILD)/cutego_gemm_fp8.cubin: gpu/gemm_fp8_module.cu $(KHDRS) $(GEMM_HDRS) | setup
	@mkdir -p $(KBUILD)
	$(NVCC) $(KNVCC_FLAGS) -cubin gpu/gemm_fp8_module.cu -o $@

kernels-go: $(KBUILD)/cudastub/libcuda.so $(KBUILD)/cutego_copy.cubin $(KBUILD)/cutego_gemm.cubin $(KBUILD)/cutego_gemm_fp8.cubin
	$(KGO_ENV) $(GO) build -tags cuda -o $(KBUILD)/gocopy ./bench/gocopy
	$(KGO_ENV) $(GO) build -tags cuda -o $(KBUILD)/gogemm ./bench/gogemm
	$(KGO_ENV) $(GO) build -tags cuda -o $(KBUILD)/example_fp8 ./gpu/example_fp8
	$(KGO_ENV) $(GO) build -tags cuda -o $(KBUILD)/goeinsum ./bench/goeinsum
	$(KGO_ENV) $(GO) test -c -tags cuda -o $(KBUILD)/gpu.test ./gpu
