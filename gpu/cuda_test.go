//go:build cuda

package gpu

import (
	"os"
	"testing"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"gorgonia.org/cu"
)

// Needs a Hopper GPU and CUTEGO_CUBIN=path/to/cutego_copy.cubin; skipped otherwise.
func TestTransposeOnDevice(t *testing.T) {
	cubin := os.Getenv("CUTEGO_CUBIN")
	if cubin == "" {
		t.Skip("CUTEGO_CUBIN not set")
	}
	c, err := Open(0, cubin)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	const m, n = 300, 200
	src := cute.MustLayout(cute.Ints(m, n), cute.Ints(1, m))
	dst := cute.MustLayout(cute.Ints(m, n), cute.Ints(n, 1))
	h := make([]float32, m*n)
	for i := range h {
		h[i] = float32(i) * 0.25
	}
	bytes := int64(4 * m * n)
	s, _ := cu.MemAlloc(bytes)
	d, _ := cu.MemAlloc(bytes)
	defer cu.MemFree(s)
	defer cu.MemFree(d)
	if err := cu.MemcpyHtoD(s, unsafe.Pointer(&h[0]), bytes); err != nil {
		t.Fatal(err)
	}
	for _, force := range []Path{0, PathGeneric} {
		if err := cu.MemsetD8(d, 0xFF, bytes); err != nil {
			t.Fatal(err)
		}
		path, err := c.Copy(d, dst, s, src, 4, &Options{ForcePath: force})
		if err != nil {
			t.Fatal(err)
		}
		if force == 0 && path != PathTMAPermute {
			t.Errorf("path %v, want tma-permute", path)
		}
		if err := cu.Synchronize(); err != nil {
			t.Fatal(err)
		}
		got := make([]float32, m*n)
		if err := cu.MemcpyDtoH(unsafe.Pointer(&got[0]), d, bytes); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < m; i++ {
			for j := 0; j < n; j++ {
				if got[i*n+j] != h[i+j*m] {
					t.Fatalf("path %v: (%d,%d) = %v, want %v", path, i, j, got[i*n+j], h[i+j*m])
				}
			}
		}
	}
}

func TestToC(t *testing.T) {
	l, err := cute.ParseLayout("(2,(3,4)):(1,(2,6))")
	if err != nil {
		t.Fatal(err)
	}
	c, err := toC(l)
	if err != nil {
		t.Fatal(err)
	}
	if c.leaves != 3 || c.ntokens != 7 || c.shape[2] != 4 || c.stride[1] != 2 {
		t.Errorf("toC: %+v", c)
	}
	// A scaled-basis stride has no integer form: refused, as libcutego refuses it (1@1 is not 1).
	if c, err := toC(cute.MustParseLayout("(2,2):(1@0,1@1)")); err == nil {
		t.Errorf("toC of a scaled-basis layout = %+v", c)
	}
}
