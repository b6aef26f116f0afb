# gemmgen.mk — the GEMM kernels' generated layout header (kernels/generated/cutego_gemm_layouts.h,
# written by `cutego gen gemm` from cute/sm90) and its cross-check against CUTLASS.
#   make gemm-gen          regenerate the header (commit the result)
#   make gemm-gen-current  the committed header is what cutego generates now (part of `make test`)
#   make gemm-gen-check    CUTLASS derives the same layouts for the same configurations: ss_smem_selector
#                          + tile_to_shape, make_gmma_desc via partition_A/B, the MMA atoms' CLayout,
#                          make_tma_copy's tensor map (cuTensorMapEncodeTiled recorded by a link-time
#                          stub); host-only g++, no GPU (part of `make test`)
GEMMGEN_BUILD := $(BUILD)/gemmgen
GEMM_HEADER := kernels/generated/cutego_gemm_layouts.h
# fewer garbage collections in g++ (as interop/harness/cxx.py compiles CuTe): the same object,
# ~4-10 of the one compile's ~50 CPU-s less, ~1.75 GB of memory
GEMMGEN_CXXFLAGS := -std=c++17 -O0 -w --param ggc-min-expand=400 --param ggc-min-heapsize=2000000 -I$(CUTLASS_INC) -I$(CUDA_ROOT)/include -I$(CUDA_ROOT)/include/cccl

.PHONY: gemm-gen gemm-gen-current gemm-gen-check
TEST_TARGETS += gemm-gen-current gemm-gen-check

gemm-gen: build
	$(BUILD)/cutego gen gemm -o $(GEMM_HEADER)

gemm-gen-current: build
	@mkdir -p $(GEMMGEN_BUILD)
	$(BUILD)/cutego gen gemm -o $(GEMMGEN_BUILD)/cutego_gemm_layouts.h
	@diff -u $(GEMM_HEADER) $(GEMMGEN_BUILD)/cutego_gemm_layouts.h || \
	  { echo "gemm-gen-current: $(GEMM_HEADER) is stale; run 'make gemm-gen' and commit it"; exit 1; }
	echo '#include "$(GEMM_HEADER)"' | g++ -std=c++17 -Wall -Wextra -Werror -fsyntax-only -x c++ -

$(GEMMGEN_BUILD)/gemm_layouts: interop/gemm/gemm_layouts.cpp interop/gemm/tma_encode_stub.c | setup
	@mkdir -p $(GEMMGEN_BUILD)
	g++ $(GEMMGEN_CXXFLAGS) -c interop/gemm/gemm_layouts.cpp -o $(GEMMGEN_BUILD)/gemm_layouts.o
	gcc -std=c99 -O2 -Wall -Wextra -Werror -I$(CUDA_ROOT)/include -c interop/gemm/tma_encode_stub.c -o $(GEMMGEN_BUILD)/tma_encode_stub.o
	g++ $(GEMMGEN_BUILD)/gemm_layouts.o $(GEMMGEN_BUILD)/tma_encode_stub.o -o $@

gemm-gen-check: gemm-gen-current $(GEMMGEN_BUILD)/gemm_layouts
	$(GEMMGEN_BUILD)/gemm_layouts > $(GEMMGEN_BUILD)/cutlass.txt
	python3 interop/gemm/compare.py -q --header $(GEMMGEN_BUILD)/cutego_gemm_layouts.h --cxx $(GEMMGEN_BUILD)/cutlass.txt
	python3 interop/gemm/compare.py --selftest --header $(GEMMGEN_BUILD)/cutego_gemm_layouts.h --cxx $(GEMMGEN_BUILD)/cutlass.txt
