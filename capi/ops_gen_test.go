package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestGeneratedCurrent: ops_gen.go, internal/eval/ops_gen.go and the generated lines of
// cutego.h, cutego.hpp, python/cutego/_ffi.py and _cext.c are what ./bindgen writes from
// its table (go generate ./capi after a change).
func TestGeneratedCurrent(t *testing.T) {
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		gobin = "go"
	}
	out, err := exec.Command(gobin, "run", "./bindgen", "-check").CombinedOutput()
	if err != nil {
		t.Fatalf("bindgen -check: %v\n%s", err, out)
	}
}
