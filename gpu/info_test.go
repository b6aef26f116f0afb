//go:build cuda

package gpu

import (
	"os"
	"testing"
)

// TestInfoString: the CUDA driver version is CUDA's 1000·major + 10·minor encoding
// (cuDriverGetVersion: 13000 is 13.0, 12040 is 12.4), memory in GiB of 2^30 bytes.
func TestInfoString(t *testing.T) {
	cases := []struct {
		in   Info
		want string
	}{
		{Info{Name: "NVIDIA H200", Driver: "580.159.04", CUDADriver: 13000, SMClockMHz: 1980,
			MaxSMClockMHz: 1980, MemClockMHz: 3201, MemTotalBytes: 143771 << 20},
			"NVIDIA H200, driver 580.159.04 (CUDA 13.0), SM clock 1980/1980 MHz, memory clock 3201 MHz, 140.4 GiB"},
		{Info{Name: "x", Driver: "1", CUDADriver: 12040, MemTotalBytes: 3 << 29},
			"x, driver 1 (CUDA 12.4), SM clock 0/0 MHz, memory clock 0 MHz, 1.5 GiB"},
	}
	for _, c := range cases {
		if got := c.in.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
}

// TestQueryInfoBadIndex: a device index no machine has is an error, with a driver or
// without one (no NVML), never a crash or a half-filled device.
func TestQueryInfoBadIndex(t *testing.T) {
	for _, i := range []int{-1, 1 << 20} {
		info, err := QueryInfo(i)
		if err == nil {
			t.Errorf("QueryInfo(%d) = %+v, want an error", i, info)
		}
		if info.Name != "" || info.MemTotalBytes != 0 {
			t.Errorf("QueryInfo(%d): error %v but device fields %+v", i, err, info)
		}
	}
}

// TestQueryInfo: with NVML, device 0 has a name, a driver and memory. Without NVML the
// query is an error; CUTEGO_EXPECT_GPU=1 (set on GPU machines) makes that a failure.
func TestQueryInfo(t *testing.T) {
	info, err := QueryInfo(0)
	if err != nil {
		if os.Getenv("CUTEGO_EXPECT_GPU") == "1" {
			t.Fatalf("CUTEGO_EXPECT_GPU=1 but QueryInfo(0): %v", err)
		}
		t.Skipf("no NVML here: %v", err)
	}
	if info.Name == "" || info.Driver == "" || info.MemTotalBytes == 0 || info.CUDADriver < 1000 {
		t.Errorf("incomplete info: %+v", info)
	}
	t.Logf("%v", info)
}
