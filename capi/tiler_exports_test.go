package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestGeneratedCurrent: tiler_exports_gen.go and the generated lines of cutego.h and
// cutego.hpp are what ./gentiler writes from its list (go generate ./capi after a change).
func TestGeneratedCurrent(t *testing.T) {
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		gobin = "go"
	}
	out, err := exec.Command(gobin, "run", "./gentiler", "-check").CombinedOutput()
	if err != nil {
		t.Fatalf("gentiler -check: %v\n%s", err, out)
	}
}
