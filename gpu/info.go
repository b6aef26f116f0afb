//go:build cuda

package gpu

import (
	"fmt"

	"github.com/NVIDIA/go-nvml/pkg/nvml"
)

// Info describes a GPU for benchmark reports.
type Info struct {
	Name          string
	Driver        string // driver version, e.g. "580.159.04"
	CUDADriver    int    // CUDA driver API version, e.g. 13000
	SMClockMHz    uint32 // current SM clock
	MaxSMClockMHz uint32
	MemClockMHz   uint32 // current memory clock
	MemTotalBytes uint64
}

func (i Info) String() string {
	return fmt.Sprintf("%s, driver %s (CUDA %d.%d), SM clock %d/%d MHz, memory clock %d MHz, %.1f GiB",
		i.Name, i.Driver, i.CUDADriver/1000, (i.CUDADriver%1000)/10, i.SMClockMHz, i.MaxSMClockMHz, i.MemClockMHz,
		float64(i.MemTotalBytes)/(1<<30))
}

// QueryInfo reads device index's information through NVML. Without a driver (no
// libnvidia-ml.so.1) it returns an error.
func QueryInfo(index int) (info Info, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("gpu: nvml: %v", r)
		}
	}()
	if ret := nvml.Init(); ret != nvml.SUCCESS {
		return info, fmt.Errorf("gpu: nvml init: %v", nvml.ErrorString(ret))
	}
	defer nvml.Shutdown()
	if v, ret := nvml.SystemGetDriverVersion(); ret == nvml.SUCCESS {
		info.Driver = v
	}
	if v, ret := nvml.SystemGetCudaDriverVersion(); ret == nvml.SUCCESS {
		info.CUDADriver = v
	}
	dev, ret := nvml.DeviceGetHandleByIndex(index)
	if ret != nvml.SUCCESS {
		return info, fmt.Errorf("gpu: nvml device %d: %v", index, nvml.ErrorString(ret))
	}
	if v, ret := dev.GetName(); ret == nvml.SUCCESS {
		info.Name = v
	}
	if v, ret := dev.GetClockInfo(nvml.CLOCK_SM); ret == nvml.SUCCESS {
		info.SMClockMHz = v
	}
	if v, ret := dev.GetMaxClockInfo(nvml.CLOCK_SM); ret == nvml.SUCCESS {
		info.MaxSMClockMHz = v
	}
	if v, ret := dev.GetClockInfo(nvml.CLOCK_MEM); ret == nvml.SUCCESS {
		info.MemClockMHz = v
	}
	if m, ret := dev.GetMemoryInfo(); ret == nvml.SUCCESS {
		info.MemTotalBytes = m.Total
	}
	return info, nil
}
