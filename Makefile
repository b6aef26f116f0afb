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
FUZZTIME ?= 3s

TEST_TARGETS :=
DEMO_TARGETS :=

.PHONY: all setup build test demo go-test go-vet go-fuzz clean
all: build

setup: $(DEPS)/.setup-v1
$(DEPS)/.setup-v1: ci/setup.sh
	./ci/setup.sh

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

test: setup build go-vet go-test go-fuzz $(TEST_TARGETS)
	@echo "make test: all green"

demo: setup build $(DEMO_TARGETS)

clean:
	rm -rf $(BUILD)
