# install.mk — docs/INSTALL.md, run as written.
#   make install-doc-test   (in `make test`) ci/install_doc_test.py runs every block of
#                           docs/INSTALL.md marked `<!-- test ... -->` in a scratch HOME and
#                           compares the outputs it shows: `make install` + pkg-config (rpath,
#                           and LD_LIBRARY_PATH from --variable=libdir) + CMake for C; `go get`
#                           (from a file:// module proxy of this checkout) and the local
#                           `replace` + `go mod tidy` recipe for Go; `pip install` of the
#                           checkout for Python. Offline.
.PHONY: install-doc-test
TEST_TARGETS += install-doc-test

# libcutego is built here first: the doc's `make install` and `pip install` then find it
# current instead of building it beside a parallel `make test`.
install-doc-test: setup-core $(CAPI_SO) $(CAPI_A)
	$(PYTHON) ci/install_doc_test.py
