# cutego — top-level build. Fragments in ci/*.mk add their own targets and append to
# TEST_TARGETS (run by `make test`) and DEMO_TARGETS (run by `make demo`).
SHELL := /bin/bash
GO ?= go
DEPS := $(CURDIR)/.deps
PYDEPS := $(DEPS)/py
CUTLASS_INC := $(PYDEPS)/cutlass_library/source/include
CUDA_ROOT := $(PYDEPS)/nvidia/cu13
NVCC := $(CUDA_ROOT)/bin/nvcc
BUILD := $(CURDIR)/build
# the sm_90a kernels (ci/kernels.mk); capi-cmake (ci/capi.mk) takes the library built there
KBUILD := $(BUILD)/kernels
FUZZTIME ?= 3s

TEST_TARGETS :=
DEMO_TARGETS :=

# `make test` and the kernel builds run independent targets in parallel, one job per core
# (every target they reach is safe under -j), and print each target's output whole when it
# ends. A -j on the command line wins (make -j1 test runs one target at a time).
PARALLEL_GOALS := test kernels-test kernels-compile kernels-demo kernels-device
NPROC := $(shell nproc 2>/dev/null || echo 2)
ifneq ($(filter $(PARALLEL_GOALS),$(MAKECMDGOALS)),)
MAKEFLAGS += -j$(NPROC) --output-sync=target
endif

.PHONY: all setup setup-core setup-cuda build test demo go-test go-vet go-fuzz clean
all: build

# setup: the tools (setup-core) and the pinned CUTLASS + CUDA packages in .deps (setup-cuda).
# `make demo` needs only the tools; `make test` and the kernels need both.
setup: $(DEPS)/.setup-v1
setup-cuda: setup
$(DEPS)/.setup-v1: ci/setup.sh | setup-core
	./ci/setup.sh all
setup-core:
	@./ci/setup.sh core

build:
	$(GO) build ./...
	$(GO) build -o $(BUILD)/cutego ./cmd/cutego

go-vet:
	$(GO) vet ./...
	@unf=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$unf" ]; then echo "gofmt: $$unf"; exit 1; fi

go-test:
	$(GO) test -count=1 ./...

go-fuzz:
	./ci/fuzz.sh $(FUZZTIME)

-include ci/*.mk

# The CUTLASS cross-check (interop), the longest target, starts first: it is first in the list
# and waits for setup alone (ci/interop.mk). Under `make test` every target waits for setup
# (whose first run installs packages) before it starts.
TEST_PREREQS := $(filter interop,$(TEST_TARGETS)) build go-vet go-test go-fuzz $(filter-out interop,$(TEST_TARGETS))
ifneq ($(filter test,$(MAKECMDGOALS)),)
$(TEST_PREREQS) web-setup: | setup
endif
test: setup $(TEST_PREREQS)
	@echo "make test: all green"

# The demo: the algebra, pictures and explorer; no nvcc, no CUDA packages. The sm_90a kernels
# (kernels-demo, in DEMO_TARGETS for `make kernels-demo`) build on their own.
DEMO_KERNELS := kernels-demo
demo: setup-core build $(filter-out $(DEMO_KERNELS),$(DEMO_TARGETS))
	@echo
	@echo "make demo: done. The layout explorer: open $(BUILD)/site/index.html, or run"
	@echo "  $(BUILD)/cutego serve --site $(BUILD)/site"
	@echo "The Hopper (sm_90a) kernels are not part of the demo: 'make kernels-demo' installs"
	@echo "CUDA 13 into .deps and compiles them (about 700 CPU-seconds, in parallel on every core; no GPU needed);"
	@echo "'make test' builds and tests everything."

clean:
	rm -rf $(BUILD)
