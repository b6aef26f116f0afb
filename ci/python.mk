# python.mk — the `cutego` Python package (python/): PyCuTe's API over libcutego via ctypes,
# with a CPython extension (python/cutego/_cext.c) as the fast path.
#   make wheel          build/dist/cutego-VERSION-cpXY-cpXY-PLATFORM.whl for $(PYTHON):
#                       libcutego.so and the extension (compiled here, gcc + the Python's
#                       headers) bundled (python/tools/build_wheel.py: standard library only,
#                       no network; nothing is compiled at install)
#   make python-test    (in `make test`) a fresh venv under build/, the wheel installed into it
#                       with pip (no index), then python/tests/ run against the installed copy
#                       twice: on the extension (must be the path taken) and on the ctypes
#                       fallback (CUTEGO_PURE=1)
#   make python-bench   the binding (the built wheel, unpacked) against PyCuTe in one process
#                       (python/bench/bench_pycute.py)
#   make wheels         build/dist/all: a cpXY-cpXY wheel for every CPython >= 3.9 found here
#                       (PATH, /usr/bin, pyenv's versions) and the py3-none wheel (ctypes only)
#                       for any other Python (python/tools/wheels.py)
#   make python-wheels-test   (in `make test`) make wheels, then each wheel installed into a
#                       venv of its Python and python/tests/ run there (extension or ctypes)
#   make wheel-gpu      build/dist/gpu/: the wheel with libcutego_kernels.so (make kernels-so,
#                       sm_90a) bundled, for cutego.gemm/copy/einsum; it loads the CUDA 13
#                       runtime that PyTorch or nvidia-cuda-runtime installs
#   make python-kernels-test  (in `make test`) python/tests/kernels_check.py: cutego.gpu with the
#                       real libcutego_kernels.so and CUDA runtime, no GPU (the planner answers
#                       through the ctypes mirrors; launches raise NoDeviceError)
#   pip install .       pyproject.toml: python/tools/cutego_build.py, a PEP 517 backend that
#                       runs `make libcutego` and build_wheel.py (tested by install-doc-test)
PYTHON ?= python3
PY_DIST := $(BUILD)/dist
PY_VENV := $(BUILD)/py-venv
PY_BENCH_SITE := $(BUILD)/py-bench
PY_WHEEL_SRC := $(wildcard python/cutego/*.py python/cutego/*.c include/*.h) python/tools/build_wheel.py

.PHONY: wheel wheel-gpu wheels python-test python-wheels-test python-bench python-kernels-test python-wheel-gpu-test
TEST_TARGETS += python-test python-wheels-test python-kernels-test python-wheel-gpu-test

wheel: $(PY_DIST)/.stamp
$(PY_DIST)/.stamp: $(CAPI_SO) $(PY_WHEEL_SRC)
	$(PYTHON) python/tools/build_wheel.py --lib $(CAPI_SO) --out $(PY_DIST)
	@touch $@

wheel-gpu: $(CAPI_SO) $(PY_WHEEL_SRC) $(BUILD)/kernels/libcutego_kernels.so
	rm -rf $(PY_DIST)/gpu
	$(PYTHON) python/tools/build_wheel.py --lib $(CAPI_SO) --out $(PY_DIST)/gpu --kernels $(BUILD)/kernels/libcutego_kernels.so

# The GPU wheel unpacked, checked as python-kernels-test checks the source tree, with no
# library named in the environment but the CUDA runtime: the package must find libcutego and
# libcutego_kernels.so inside itself.
python-wheel-gpu-test: wheel-gpu
	rm -rf $(BUILD)/py-wheel-gpu && mkdir -p $(BUILD)/py-wheel-gpu
	$(PYTHON) -m zipfile -e $(PY_DIST)/gpu/cutego-*.whl $(BUILD)/py-wheel-gpu
	cd $(BUILD) && env -u CUTEGO_LIBRARY -u CUTEGO_KERNELS_LIBRARY CUTEGO_CUDART=$(CUDA_ROOT)/lib/libcudart.so.13 \
	  CUTEGO_EXPECT_KERNELS_IN=$(BUILD)/py-wheel-gpu/cutego PYTHONPATH=$(BUILD)/py-wheel-gpu \
	  $(PYTHON) $(CURDIR)/python/tests/kernels_check.py

python-kernels-test: $(CAPI_SO) $(BUILD)/kernels/libcutego_kernels.so
	CUTEGO_REPO=$(CURDIR) CUTEGO_LIBRARY=$(CAPI_SO) CUTEGO_KERNELS_LIBRARY=$(BUILD)/kernels/libcutego_kernels.so \
	  CUTEGO_CUDART=$(CUDA_ROOT)/lib/libcudart.so.13 PYTHONPATH=$(CURDIR)/python $(PYTHON) python/tests/kernels_check.py

python-test: setup build wheel
	rm -rf $(PY_VENV)
	@# pip >= 22.3 installs into a pip-less venv from outside (seconds); else the venv's own pip
	$(PYTHON) -m venv --without-pip $(PY_VENV) && \
	$(PYTHON) -m pip --python $(PY_VENV)/bin/python install -q --no-index --no-deps \
	  --disable-pip-version-check $(PY_DIST)/cutego-*.whl || \
	{ rm -rf $(PY_VENV) && $(PYTHON) -m venv $(PY_VENV) && \
	  $(PY_VENV)/bin/pip install -q --no-index --no-deps $(PY_DIST)/cutego-*.whl; }
	cd $(BUILD) && CUTEGO_REPO=$(CURDIR) CUTEGO_STRICT=1 CUTEGO_EXPECT_PATH=extension \
	  $(PY_VENV)/bin/python $(CURDIR)/python/tests/run.py
	cd $(BUILD) && CUTEGO_REPO=$(CURDIR) CUTEGO_STRICT=1 CUTEGO_EXPECT_PATH=ctypes CUTEGO_PURE=1 \
	  $(PY_VENV)/bin/python $(CURDIR)/python/tests/run.py

wheels: $(CAPI_SO)
	$(PYTHON) python/tools/wheels.py --lib $(CAPI_SO) --out $(PY_DIST)/all

python-wheels-test: build $(CAPI_SO)
	$(PYTHON) python/tools/wheels.py --lib $(CAPI_SO) --out $(PY_DIST)/all --test

python-bench: setup wheel
	rm -rf $(PY_BENCH_SITE) && mkdir -p $(PY_BENCH_SITE)
	$(PYTHON) -m zipfile -e $(PY_DIST)/cutego-*.whl $(PY_BENCH_SITE)
	PYTHONPATH=$(PY_BENCH_SITE) $(PYTHON) python/bench/bench_pycute.py
