//go:build cuda

package gpu

import "testing"

// Runs everywhere: without a driver QueryInfo must return an error (not crash); with one it
// must name the device.
func TestQueryInfo(t *testing.T) {
	info, err := QueryInfo(0)
	if err != nil {
		t.Logf("no NVML here: %v", err)
		if info.Name != "" {
			t.Errorf("error %v but a name %q", err, info.Name)
		}
		return
	}
	if info.Name == "" || info.Driver == "" {
		t.Errorf("incomplete info: %+v", info)
	}
	t.Logf("%v", info)
}
