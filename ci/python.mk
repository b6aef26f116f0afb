# python.mk — the `cutego` Python package (python/): PyCuTe's API over libcutego via ctypes.
#   make wheel          build/dist/cutego-VERSION-py3-none-PLATFORM.whl, libcutego.so bundled
#                       (python/tools/build_wheel.py: standard library only, no network)
#   make python-test    (in `make test`) a fresh venv under build/, the wheel installed into it
#                       with pip (no index), then python/tests/ run against the installed copy
#   make python-bench   the binding against PyCuTe in one process (python/bench/bench_pycute.py)
PYTHON ?= python3
PY_DIST := $(BUILD)/dist
PY_VENV := $(BUILD)/py-venv
PY_WHEEL_SRC := $(wildcard python/cutego/*.py) python/tools/build_wheel.py

.PHONY: wheel python-test python-bench
TEST_TARGETS += python-test

wheel: $(PY_DIST)/.stamp
$(PY_DIST)/.stamp: $(CAPI_SO) $(PY_WHEEL_SRC)
	$(PYTHON) python/tools/build_wheel.py --lib $(CAPI_SO) --out $(PY_DIST)
	@touch $@

python-test: setup build wheel
	rm -rf $(PY_VENV)
	@# pip >= 22.3 installs into a pip-less venv from outside (seconds); else the venv's own pip
	$(PYTHON) -m venv --without-pip $(PY_VENV) && \
	$(PYTHON) -m pip --python $(PY_VENV)/bin/python install -q --no-index --no-deps \
	  --disable-pip-version-check $(PY_DIST)/cutego-*.whl || \
	{ rm -rf $(PY_VENV) && $(PYTHON) -m venv $(PY_VENV) && \
	  $(PY_VENV)/bin/pip install -q --no-index --no-deps $(PY_DIST)/cutego-*.whl; }
	cd $(BUILD) && CUTEGO_REPO=$(CURDIR) CUTEGO_STRICT=1 $(PY_VENV)/bin/python \
	  $(CURDIR)/python/tests/run.py

python-bench: setup wheel
	CUTEGO_LIBRARY=$(CAPI_SO) PYTHONPATH=$(CURDIR)/python $(PYTHON) python/bench/bench_pycute.py
