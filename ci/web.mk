# The layout explorer in the browser. Included by the top Makefile (-include ci/*.mk).
#   make web-site   the static site in build/site: the page (cmd/cutego/site), Go's
#                   wasm_exec.js, and package cute + the eval language compiled to
#                   WebAssembly (cutego.wasm, and cutego-wasm.js holding it gzipped as
#                   base64 for pages opened from disk, where fetch is not allowed)
#   make demo       includes web-site; open build/site/index.html, or run
#                   build/cutego serve --site build/site
#   make web-test   drives the page in a real headless Chromium (ci/setup-web.sh
#                   installs it when missing; without it this target fails)
.PHONY: web-site web-setup web-test
DEMO_TARGETS += web-site
TEST_TARGETS += web-test

SITE := $(BUILD)/site
GOROOT_WASM := $(shell $(GO) env GOROOT)
WASM_EXEC := $(firstword $(wildcard $(GOROOT_WASM)/lib/wasm/wasm_exec.js $(GOROOT_WASM)/misc/wasm/wasm_exec.js))
WEB_GO := $(shell find cute internal cmd/wasm -name '*.go' -not -name '*_test.go' 2>/dev/null)

$(SITE)/cutego.wasm: $(WEB_GO) go.mod go.sum
	@mkdir -p $(SITE)
	GOOS=js GOARCH=wasm nice $(GO) build -trimpath -ldflags='-s -w' -o $@ ./cmd/wasm

$(SITE)/cutego-wasm.js: $(SITE)/cutego.wasm ci/web.mk
	@{ printf '// cutego.wasm gzip-compressed as base64, for the page opened from disk (make web-site)\nvar CUTEGO_WASM_SIZE = %d;\nvar CUTEGO_WASM_GZ_B64 = "' $$(stat -c %s $<); \
	   gzip -9 -n -c $< | base64 -w0; printf '";\n'; } > $@.tmp && mv $@.tmp $@

web-site: $(SITE)/cutego.wasm $(SITE)/cutego-wasm.js
	@test -n "$(WASM_EXEC)" || { echo "wasm_exec.js not found under $(GOROOT_WASM)/lib/wasm or misc/wasm"; exit 1; }
	cp $(WASM_EXEC) $(SITE)/wasm_exec.js
	cp cmd/cutego/site/index.html cmd/cutego/site/app.js cmd/cutego/site/style.css $(SITE)/
	@echo "web-site: $(SITE)/index.html works from disk; or: $(BUILD)/cutego serve --site $(SITE)"

web-setup:
	./ci/setup-web.sh

web-test: web-setup web-site
	CUTEGO_SITE=$(SITE) CUTEGO_SHOTS=$(BUILD) nice $(GO) test -count=1 -tags browser -run Browser -timeout 600s ./cmd/cutego
