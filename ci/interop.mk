# Cross-check of cutego against CUTLASS's C++ CuTe (and PyCuTe): interop/README.md.
# INTEROP_CASES random cases plus ~550 curated ones (>= 20,000 in all),
# INTEROP_FAMILY_CASES of the operation families of interop/harness/gen.py (Families), and
# the atom family (interop/harness/atoms.py): one case per MMA atom of the table that eval
# spells, plus INTEROP_ATOM_CASES random TiledMMA / TiledCopy cases (0: no atom family).
# INTEROP_ENABLED=0 keeps `make test` from running it (the lead's switch while the algebra
# is incomplete); `make interop` always runs it.
INTEROP_ENABLED ?= 1
INTEROP_SEED ?= 1
INTEROP_CASES ?= 19500
INTEROP_FAMILY_CASES ?= 800
INTEROP_ATOM_CASES ?= 100
INTEROP_LONG_CASES ?= 100000
INTEROP_JOBS ?= 2
# cases per C++ program: each g++ run first loads the ~100 MB precompiled CuTe prelude
# (~0.9 s of CPU), so fewer, larger programs cost less (901 cases: 15 programs 121 CPU-s at
# 100, 11 programs 113 CPU-s at 200; the same table)
INTEROP_BATCH ?= 200
INTEROP_FLAGS ?=
ifeq ($(INTEROP_ENABLED),1)
TEST_TARGETS += interop
endif

.PHONY: interop interop-long interop-selftest

# interop builds its own cutego binary and runs the self-test in its recipe, so that it waits
# for setup alone: under `make test -j` GNU make does not come back to a target whose
# prerequisite was still running when it passed it, and interop, the longest target by far,
# started after all the others and ran alone at the end. Now it starts ~2 minutes in and the
# rest runs beside it; make test is CPU-bound either way (4,235 CPU-s in all, 2,632 of them
# interop's, in a clean-clone run of 2,180 s on a shared 2-core machine).
INTEROP_CUTEGO := $(BUILD)/interop/cutego
INTEROP_SELFTEST := python3 -m unittest discover -s interop/tests -t interop -q

interop: setup
	$(GO) build -o $(INTEROP_CUTEGO) ./cmd/cutego
	$(INTEROP_SELFTEST)
	python3 interop/run.py --seed $(INTEROP_SEED) --cases $(INTEROP_CASES) --jobs $(INTEROP_JOBS) \
	  --batch $(INTEROP_BATCH) --family-cases $(INTEROP_FAMILY_CASES) --atom-cases $(INTEROP_ATOM_CASES) \
	  --cutego $(INTEROP_CUTEGO) --out $(BUILD)/interop $(INTEROP_FLAGS)

interop-long: setup build interop-selftest
	python3 interop/run.py --seed $(INTEROP_SEED) --cases $(INTEROP_LONG_CASES) --jobs $(INTEROP_JOBS) \
	  --batch $(INTEROP_BATCH) --family-cases $(INTEROP_FAMILY_CASES) --atom-cases $(INTEROP_ATOM_CASES) \
	  --cutego $(BUILD)/cutego --out $(BUILD)/interop-long $(INTEROP_FLAGS)

interop-selftest:
	$(INTEROP_SELFTEST)
