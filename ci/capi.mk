# capi.mk — libcutego: the C ABI (capi/), its headers (include/), packaging and C/C++ tests.
#   make libcutego             build/lib/libcutego.so.X.Y.Z (+ .so.X, .so links) and libcutego.a
#   make install PREFIX=/opt   libcutego (.so, .a), its headers, pkg-config file and CMake package
#   make capi-test             (in `make test`) ABI test under ASan+LSan, threaded test, header/
#                              symbol agreement, version, C++ wrapper (+ CUTLASS interop),
#                              pictures (cute_print_* and cutego::print_* against `cutego
#                              print`/`render`), device header, benchmark, consumer builds of
#                              an installed copy
#   make capi-valgrind         the ABI test under valgrind, Go frames suppressed. Not a gate:
#                              memcheck cannot follow Go's stacks, so values Go writes into C
#                              memory look uninitialised to it; ASan+LSan is the gate.
#   make capi-cmake            the top-level CMakeLists.txt: build and ctest (also in capi-test),
#                              the kernels taken from kernels-compile's library, not compiled again
#   make capi-demo             (in `make demo`) a C program computing layouts through the ABI
#   make capi-gen              rewrite what capi/bindgen writes from its table of operations
#                              (capi/ops_gen.go, internal/eval/ops_gen.go and the marked blocks
#                              of cutego.h, cutego.hpp, python/cutego/_ffi.py and _cext.c);
#                              `make test` fails when the checked-in copy is stale (capi's
#                              TestGeneratedCurrent)
#   make capi-go-test          (in `make test`) capi's Go tests that use the test hooks
#                              (capi/testhooks.go, built only with -tags cutego_testhooks);
#                              FuzzLayoutStruct is fuzzed under that tag by go-fuzz (ci/fuzz.sh)
# The version comes from include/cutego.h (CUTEGO_VERSION_MAJOR/MINOR/PATCH).
CAPI_HDR := include/cutego.h
CAPI_MAJOR := $(shell sed -n 's/^\#define CUTEGO_VERSION_MAJOR \([0-9]*\).*/\1/p' $(CAPI_HDR))
CAPI_MINOR := $(shell sed -n 's/^\#define CUTEGO_VERSION_MINOR \([0-9]*\).*/\1/p' $(CAPI_HDR))
CAPI_PATCH := $(shell sed -n 's/^\#define CUTEGO_VERSION_PATCH \([0-9]*\).*/\1/p' $(CAPI_HDR))
CAPI_VERSION := $(CAPI_MAJOR).$(CAPI_MINOR).$(CAPI_PATCH)
CAPI_LIB := $(BUILD)/lib
CAPI_SO := $(CAPI_LIB)/libcutego.so.$(CAPI_VERSION)
CAPI_SONAME := libcutego.so.$(CAPI_MAJOR)
CAPI_A := $(CAPI_LIB)/libcutego.a
CAPI_GEN := $(BUILD)/capi
CAPI_SRC := $(wildcard capi/*.go capi/*.c capi/*.h cute/*.go cute/*/*.go internal/cabi/*.go include/*.h) capi/libcutego.map go.mod
CAPI_GOFLAGS ?= -trimpath
CAPI_TAGS ?=
CAPI_T := $(BUILD)/capi-test
CAPI_CFLAGS := -std=c99 -Wall -Wextra -Werror -Iinclude -g
CAPI_CXXFLAGS := -std=c++17 -Wall -Wextra -Werror -Iinclude -g
CAPI_LDLIB := -L$(CAPI_LIB) -lcutego -Wl,-rpath,$(CAPI_LIB)
CAPI_CUTE_INC := -I$(CUTLASS_INC) -I$(CUDA_ROOT)/include -I$(CUDA_ROOT)/include/cccl
# The headers `make install` installs: libcutego's (cutego.h, its C++ wrapper, the value
# types) and the header-only device evaluator. The kernel headers (cutego_tma.h,
# cutego_kernels.h) declare libcutego_kernels, which is not installed, so they stay out.
CAPI_HEADERS := include/cutego.h include/cutego.hpp include/cutego_types.h include/cutego_device.h include/cutego_einsum.h
PREFIX ?= /usr/local
CAPI_DEST := $(DESTDIR)$(PREFIX)

.PHONY: libcutego install capi-install capi-test capi-valgrind capi-demo capi-bench capi-consumer-test capi-cmake capi-gen capi-go-test
TEST_TARGETS += capi-test capi-go-test
DEMO_TARGETS += capi-demo

libcutego: $(CAPI_SO) $(CAPI_A)

$(CAPI_SO): $(CAPI_SRC)
	@mkdir -p $(CAPI_LIB) $(CAPI_GEN)
	$(GO) build $(CAPI_GOFLAGS) -tags '$(CAPI_TAGS)' -buildmode=c-shared \
	  -ldflags "-extldflags '-Wl,-soname,$(CAPI_SONAME) -Wl,--version-script=$(CURDIR)/capi/libcutego.map'" \
	  -o $@ ./capi
	mv -f $(basename $@).h $(CAPI_GEN)/libcutego_cgo.h
	ln -sf libcutego.so.$(CAPI_VERSION) $(CAPI_LIB)/$(CAPI_SONAME)
	ln -sf $(CAPI_SONAME) $(CAPI_LIB)/libcutego.so

$(CAPI_A): $(CAPI_SRC)
	@mkdir -p $(CAPI_LIB) $(CAPI_GEN)
	$(GO) build $(CAPI_GOFLAGS) -tags '$(CAPI_TAGS)' -buildmode=c-archive -o $@ ./capi
	mv -f $(CAPI_LIB)/libcutego.h $(CAPI_GEN)/libcutego_archive.h

# ---- install --------------------------------------------------------------------------
install: capi-install
capi-install: libcutego
	install -d $(CAPI_DEST)/lib/pkgconfig $(CAPI_DEST)/lib/cmake/cutego $(CAPI_DEST)/include
	install -m 755 $(CAPI_SO) $(CAPI_DEST)/lib/
	ln -sf libcutego.so.$(CAPI_VERSION) $(CAPI_DEST)/lib/$(CAPI_SONAME)
	ln -sf $(CAPI_SONAME) $(CAPI_DEST)/lib/libcutego.so
	install -m 644 $(CAPI_A) $(CAPI_DEST)/lib/
	install -m 644 $(CAPI_HEADERS) $(CAPI_DEST)/include/
	sed -e 's|@VERSION@|$(CAPI_VERSION)|g' cmake/cutego.pc.in > $(CAPI_DEST)/lib/pkgconfig/cutego.pc
	sed -e 's|@VERSION@|$(CAPI_VERSION)|g' -e 's|@MAJOR@|$(CAPI_MAJOR)|g' \
	  cmake/cutegoConfig.cmake.in > $(CAPI_DEST)/lib/cmake/cutego/cutegoConfig.cmake
	sed -e 's|@VERSION@|$(CAPI_VERSION)|g' \
	  cmake/cutegoConfigVersion.cmake.in > $(CAPI_DEST)/lib/cmake/cutego/cutegoConfigVersion.cmake
	@echo "installed libcutego $(CAPI_VERSION) into $(CAPI_DEST)"

# ---- generated bindings ---------------------------------------------------------------
capi-gen:
	cd capi && $(GO) run ./bindgen

# ---- tests ----------------------------------------------------------------------------
# The hooks of capi/testhooks.go are not in the shipped library: their tests need the tag.
CAPI_TEST_TAGS := cutego_testhooks
capi-go-test:
	$(GO) test -count=1 -tags $(CAPI_TEST_TAGS) ./capi

$(CAPI_T)/%: csrc/abi/%.c $(CAPI_SO) $(wildcard include/*.h)
	@mkdir -p $(CAPI_T)
	gcc $(CAPI_CFLAGS) $< -o $@ $(CAPI_LDLIB) -lpthread

$(CAPI_T)/%-asan: csrc/abi/%.c $(CAPI_SO) $(wildcard include/*.h)
	@mkdir -p $(CAPI_T)
	gcc $(CAPI_CFLAGS) -fsanitize=address,undefined -fno-omit-frame-pointer $< -o $@ $(CAPI_LDLIB) -lpthread

# Go's runtime installs its own signal handlers; ASan must leave them alone.
CAPI_ASAN := ASAN_OPTIONS=detect_leaks=1:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:allow_user_segv_handler=1:abort_on_error=0:exitcode=23 \
  LSAN_OPTIONS=suppressions=$(CURDIR)/csrc/abi/lsan.supp:print_suppressions=0 UBSAN_OPTIONS=halt_on_error=1

capi-test: $(CAPI_SO) $(CAPI_A) $(CAPI_T)/abi_test-asan $(CAPI_T)/thread_test-asan $(CAPI_T)/print_test-asan $(CAPI_T)/bench \
           capi-consumer-test capi-cmake
	@echo "== capi: header/symbol agreement"
	csrc/abi/check_symbols.sh $(CAPI_SO) $(CAPI_GEN)/libcutego_cgo.h include
	@echo "== capi: soname and version"
	test "$$(readelf -d $(CAPI_SO) | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')" = "$(CAPI_SONAME)"
	@echo "== capi: ABI test under AddressSanitizer + LeakSanitizer + UBSan"
	$(CAPI_ASAN) $(CAPI_T)/abi_test-asan
	@echo "== capi: threaded test (8 threads) under AddressSanitizer"
	$(CAPI_ASAN) $(CAPI_T)/thread_test-asan 8 2
	@echo "== capi: pictures (C under ASan, and C++) byte-identical to cutego print / render"
	$(GO) build -o $(CAPI_T)/cutego ./cmd/cutego
	g++ $(CAPI_CXXFLAGS) csrc/abi/print_test.cpp -o $(CAPI_T)/print_test_cpp $(CAPI_LDLIB)
	$(CAPI_ASAN) csrc/abi/print_test.sh $(CAPI_T)/cutego $(CAPI_T)/print_test-asan $(CAPI_T)/print_test_cpp
	@echo "== capi: static archive"
	gcc $(CAPI_CFLAGS) csrc/abi/abi_test.c -o $(CAPI_T)/abi_test-static $(CAPI_A) -lpthread -lm
	$(CAPI_T)/abi_test-static >/dev/null
	@echo "== capi: C++ wrapper"
	g++ $(CAPI_CXXFLAGS) csrc/abi/cpp_test.cpp -o $(CAPI_T)/cpp_test $(CAPI_LDLIB)
	$(CAPI_T)/cpp_test
	@if [ -d $(CUTLASS_INC)/cute ]; then \
	  echo "== capi: C++ wrapper <-> cute::Layout (CUTLASS headers)"; \
	  g++ -std=c++17 -w -Iinclude $(CAPI_CUTE_INC) -DCUTEGO_WITH_CUTE csrc/abi/cpp_cute_test.cpp -o $(CAPI_T)/cpp_cute_test $(CAPI_LDLIB) && \
	  $(CAPI_T)/cpp_cute_test; \
	else echo "capi: CUTLASS headers absent, skipping the cute::Layout interop test"; fi
	@echo "== capi: include/cutego_device.h (C and C++) against cute_crd2idx"
	gcc $(CAPI_CFLAGS) csrc/abi/device_test.c -o $(CAPI_T)/device_test_c $(CAPI_LDLIB)
	g++ $(CAPI_CXXFLAGS) -x c++ csrc/abi/device_test.c -o $(CAPI_T)/device_test_cpp $(CAPI_LDLIB)
	$(CAPI_T)/device_test_c && $(CAPI_T)/device_test_cpp
	@echo "== capi: cutego_tma_derive (csrc/tma/test_capi_tma.c)"
	gcc $(CAPI_CFLAGS) -fsanitize=address,undefined csrc/tma/test_capi_tma.c -o $(CAPI_T)/test_capi_tma $(CAPI_LDLIB)
	$(CAPI_ASAN) $(CAPI_T)/test_capi_tma
	@echo "== capi: one set of TMA rules: cutego_tma_check (Go) and cutego_tma_desc_check (C) agree"
	gcc $(CAPI_CFLAGS) -fsanitize=address,undefined csrc/abi/tma_check_test.c csrc/tma/plan.c -o $(CAPI_T)/tma_check_test $(CAPI_LDLIB)
	$(CAPI_ASAN) $(CAPI_T)/tma_check_test
	@echo "== capi: benchmark"
	$(CAPI_T)/bench 200000
	@echo "capi-test: all green (with capi-consumer-test and capi-cmake)"

# The top-level CMakeLists.txt: builds libcutego with go and the C/C++ tests, runs them. The
# kernels are the library kernels-compile built (-DCUTEGO_KERNELS_LIBRARY): CMake checks that
# it holds every kernel translation unit and does not compile them a second time.
capi-cmake: $(KBUILD)/libcutego_kernels.a
	@mkdir -p $(BUILD)
	cmake -S . -B $(BUILD)/cmake -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCUTEGO_KERNELS_LIBRARY=$(KBUILD)/libcutego_kernels.a \
	  >$(BUILD)/cmake.log 2>&1 || { cat $(BUILD)/cmake.log; exit 1; }
	grep -F 'cutego: kernels from $(KBUILD)/libcutego_kernels.a' $(BUILD)/cmake.log
	cmake --build $(BUILD)/cmake -j 2 >>$(BUILD)/cmake.log 2>&1 || { tail -50 $(BUILD)/cmake.log; exit 1; }
	cd $(BUILD)/cmake && ctest --output-on-failure

# A C and a C++ consumer built only from an installed copy, via pkg-config and via CMake.
capi-consumer-test: libcutego build
	csrc/abi/consumer_test.sh "$(MAKE)" "$(BUILD)/cutego"

capi-valgrind: $(CAPI_T)/abi_test
	valgrind -q --error-exitcode=9 --leak-check=full --errors-for-leak-kinds=definite \
	  --suppressions=csrc/abi/valgrind.supp $(CAPI_T)/abi_test

capi-bench: $(CAPI_T)/bench
	$(CAPI_T)/bench 2000000

capi-demo: $(CAPI_T)/demo
	$(CAPI_T)/demo
