//go:build cuda

package gpu

/*
#cgo CFLAGS: -I${SRCDIR}/../include -I${SRCDIR}/../csrc/tma -O2
#cgo LDFLAGS: -lcuda
#include <stdlib.h>
#include "shim.h"
*/
import "C"

import (
	"fmt"
	"os"
	"runtime"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/internal/cabi"
	"gorgonia.org/cu"
)

// Path is the kernel path a copy took.
type Path int

// The copy paths (cutego_tma.h's CUTEGO_COPY_PATH_*).
const (
	PathNone       Path = C.CUTEGO_COPY_PATH_NONE
	PathTMACopy    Path = C.CUTEGO_COPY_PATH_TMA_COPY
	PathTMAPermute Path = C.CUTEGO_COPY_PATH_TMA_PERMUTE
	PathGeneric    Path = C.CUTEGO_COPY_PATH_GENERIC
)

func (p Path) String() string { return C.GoString(C.cutego_copy_path_name(C.int(p))) }

// Copier holds a CUDA context and the loaded copy kernels. Create it with Open and use it
// from the goroutine that opened it (Open locks that goroutine to its OS thread, where the
// context is current).
type Copier struct {
	dev       cu.Device
	ctx       cu.CUContext
	mod       cu.Module
	gemmMods  []cu.Module  // LoadGemm (the 16-bit module, and the FP8 one when given)
	ws        cu.DevicePtr // GEMM workspace (packed operands), grown on demand
	wsBytes   int64
	fns       map[string]cu.Function
	smemSet   map[string]int
	sms       int
	smemOptin int
	Stream    cu.Stream // stream the copies go to (default stream when zero)
}

// Open creates a context on device ordinal and loads the cubin at cubinPath.
func Open(ordinal int, cubinPath string) (*Copier, error) {
	image, err := os.ReadFile(cubinPath)
	if err != nil {
		return nil, fmt.Errorf("gpu: %w", err)
	}
	if unsafe.Sizeof(cu.Function{}) != unsafe.Sizeof(uintptr(0)) {
		return nil, fmt.Errorf("gpu: gorgonia.org/cu's Function is not a single CUfunction handle")
	}
	runtime.LockOSThread()
	c := &Copier{fns: map[string]cu.Function{}, smemSet: map[string]int{}}
	if c.dev, err = cu.GetDevice(ordinal); err != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("gpu: device %d: %w", ordinal, err)
	}
	if c.ctx, err = c.dev.MakeContext(cu.SchedAuto); err != nil {
		runtime.UnlockOSThread()
		return nil, fmt.Errorf("gpu: context: %w", err)
	}
	if c.mod, err = cu.LoadData(string(image)); err != nil {
		c.Close()
		return nil, fmt.Errorf("gpu: loading %s: %w", cubinPath, err)
	}
	c.sms = int(C.cutego_shim_attr(C.CUdevice(c.dev), C.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT))
	c.smemOptin = int(C.cutego_shim_attr(C.CUdevice(c.dev), C.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN))
	major := int(C.cutego_shim_attr(C.CUdevice(c.dev), C.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR))
	if c.sms <= 0 || c.smemOptin <= 0 || major < 9 {
		c.Close()
		return nil, fmt.Errorf("gpu: device %d is not a Hopper GPU (compute capability %d)", ordinal, major)
	}
	return c, nil
}

// Close unloads the module and destroys the context.
func (c *Copier) Close() {
	if c == nil {
		return
	}
	if c.mod != (cu.Module{}) {
		_ = c.mod.Unload()
	}
	for _, m := range c.gemmMods {
		_ = m.Unload()
	}
	if c.ws != 0 {
		_ = cu.MemFree(c.ws)
	}
	_ = c.ctx.Destroy()
	runtime.UnlockOSThread()
}

// SMs is the device's multiprocessor count.
func (c *Copier) SMs() int { return c.sms }

func (c *Copier) fn(name string) (C.CUfunction, error) {
	f, ok := c.fns[name]
	if !ok {
		var err error
		if f, err = c.mod.Function(name); err != nil {
			return nil, fmt.Errorf("gpu: kernel %s: %w", name, err)
		}
		c.fns[name] = f
	}
	return *(*C.CUfunction)(unsafe.Pointer(&f)), nil
}

// cabi.Layout is cute_layout_t (size and field offsets): toC converts pointers.
const _ = uint(unsafe.Sizeof(C.cute_layout_t{})-unsafe.Sizeof(cabi.Layout{})) +
	uint(unsafe.Sizeof(cabi.Layout{})-unsafe.Sizeof(C.cute_layout_t{})) +
	uint(unsafe.Offsetof(C.cute_layout_t{}.leaves)-unsafe.Offsetof(cabi.Layout{}.Leaves)) +
	uint(unsafe.Offsetof(cabi.Layout{}.Leaves)-unsafe.Offsetof(C.cute_layout_t{}.leaves)) +
	uint(unsafe.Offsetof(C.cute_layout_t{}.nest)-unsafe.Offsetof(cabi.Layout{}.Nest)) +
	uint(unsafe.Offsetof(cabi.Layout{}.Nest)-unsafe.Offsetof(C.cute_layout_t{}.nest))

// toC converts a layout to the C ABI's cute_layout_t with cabi.Put, the conversion libcutego
// uses too: a scaled-basis stride, or more leaves or nest tokens than the struct holds, is an
// error.
func toC(l cute.Layout) (C.cute_layout_t, error) {
	var out C.cute_layout_t
	if err := cabi.Put(l, (*cabi.Layout)(unsafe.Pointer(&out))); err != nil {
		return out, fmt.Errorf("gpu: layout %v: %w", l, err)
	}
	return out, nil
}

// Options tune or force a path (zero values: automatic).
type Options struct {
	ForcePath  Path
	Stages     int
	StageBytes int
	CTAsPerSM  int
}

// Plan is the decision for one copy.
type Plan struct {
	Path   Path
	Reason string
	c      C.cutego_copy_plan_t
}

func copyOptions(opt *Options) C.cutego_copy_options_t {
	var o C.cutego_copy_options_t
	if opt != nil {
		o.force_path = C.int32_t(opt.ForcePath)
		o.stages = C.int32_t(opt.Stages)
		o.stage_bytes = C.int32_t(opt.StageBytes)
		o.ctas_per_sm = C.int32_t(opt.CTAsPerSM)
	}
	return o
}

// PlanCopy decides how dst[dstL(i)] = src[srcL(i)] will run, without launching.
func (c *Copier) PlanCopy(dst cu.DevicePtr, dstL cute.Layout, src cu.DevicePtr, srcL cute.Layout, elemBytes int, opt *Options) (*Plan, error) {
	dl, err := toC(dstL)
	if err != nil {
		return nil, err
	}
	sl, err := toC(srcL)
	if err != nil {
		return nil, err
	}
	o := copyOptions(opt)
	p := &Plan{}
	rc := C.cutego_copy_plan(&dl, &sl, C.size_t(elemBytes), C.uintptr_t(dst), C.uintptr_t(src), &o, &p.c)
	p.Path = Path(p.c.path)
	p.Reason = C.GoString(&p.c.reason[0])
	if rc != 0 {
		return nil, fmt.Errorf("gpu: copy %v -> %v: %s", srcL, dstL, p.Reason)
	}
	return p, nil
}

// Copy runs dst[dstL(i)] = src[srcL(i)] for every i (layouts in elements of elemBytes = 1,
// 2, 4, 8 or 16 bytes) on c.Stream and reports the path it took. Asynchronous.
func (c *Copier) Copy(dst cu.DevicePtr, dstL cute.Layout, src cu.DevicePtr, srcL cute.Layout, elemBytes int, opt *Options) (Path, error) {
	p, err := c.PlanCopy(dst, dstL, src, srcL, elemBytes, opt)
	if err != nil {
		return PathNone, err
	}
	if p.Path == PathGeneric {
		dl, _ := toC(dstL)
		sl, _ := toC(srcL)
		return p.Path, c.generic(dst, &dl, src, &sl, int64(p.c.size), elemBytes)
	}
	return p.Path, c.Run(p, dst, src, opt)
}

func cuErr(what string, rc C.int) error {
	if rc == 0 {
		return nil
	}
	return fmt.Errorf("gpu: %s: CUresult %d", what, int(rc))
}

func (c *Copier) stream() C.CUstream {
	return *(*C.CUstream)(unsafe.Pointer(&c.Stream))
}

// generic launches the generic copy kernel as cutego_copy_generic_launch says.
func (c *Copier) generic(dst cu.DevicePtr, dl *C.cute_layout_t, src cu.DevicePtr, sl *C.cute_layout_t, n int64, es int) error {
	var l C.cutego_launch_t
	C.cutego_copy_generic_launch(C.int64_t(n), C.int32_t(es), C.uintptr_t(dst), C.uintptr_t(src), C.int32_t(c.sms), &l)
	name := C.GoString(&l.kernel[0])
	f, err := c.fn(name)
	if err != nil {
		return err
	}
	return cuErr(name, C.cutego_shim_launch_generic(f, C.uint(l.grid), C.uint(l.block), c.stream(), C.CUdeviceptr(dst), dl,
		C.CUdeviceptr(src), sl, C.int64_t(n), C.int32_t(es), C.int(l.bytewise)))
}

// Run launches a plan made by PlanCopy for the same pointers.
func (c *Copier) Run(p *Plan, dst, src cu.DevicePtr, opt *Options) error {
	pc := &p.c
	es := int(pc.elem_bytes)
	switch p.Path {
	case PathNone:
		return nil
	case PathGeneric:
		return fmt.Errorf("gpu: the generic path needs the layouts: use Copy")
	}
	o := copyOptions(opt)
	var l C.cutego_launch_t
	lrc := C.cutego_copy_launch(pc, &o, C.int32_t(c.sms), C.int32_t(c.smemOptin), C.uintptr_t(dst), C.uintptr_t(src), &l)
	name, smem := C.GoString(&l.kernel[0]), int(l.smem_bytes)
	if lrc != 0 {
		return fmt.Errorf("gpu: %s needs %d bytes of shared memory, the device has %d", name, smem, c.smemOptin)
	}
	f, err := c.fn(name)
	if err != nil {
		return err
	}
	if c.smemSet[name] < smem {
		if err := cuErr("cuFuncSetAttribute", C.cutego_shim_set_smem(f, C.int(smem))); err != nil {
			return err
		}
		c.smemSet[name] = smem
	}
	rc := C.cutego_shim_launch_tma(f, C.uint(l.grid), C.uint(l.block), C.uint(smem), c.stream(), pc, C.CUdeviceptr(dst), C.CUdeviceptr(src))
	if rc == -1 {
		return fmt.Errorf("gpu: encoding the tensor maps failed (%s)", p.Reason)
	}
	if err := cuErr(name, rc); err != nil {
		return err
	}
	if pc.has_tail != 0 {
		n := int64(1)
		for k := 0; k < int(pc.tail_src.leaves); k++ {
			n *= int64(pc.tail_src.shape[k])
		}
		td := dst + cu.DevicePtr(int64(pc.tail_dst_offset)*int64(es))
		ts := src + cu.DevicePtr(int64(pc.tail_src_offset)*int64(es))
		return c.generic(td, &pc.tail_dst, ts, &pc.tail_src, n, es)
	}
	return nil
}
