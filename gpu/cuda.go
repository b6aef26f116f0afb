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

func (p Path) String() string {
	switch p {
	case PathNone:
		return "none"
	case PathTMACopy:
		return "tma-copy"
	case PathTMAPermute:
		return "tma-permute"
	case PathGeneric:
		return "generic"
	}
	return fmt.Sprintf("path(%d)", int(p))
}

// Copier holds a CUDA context and the loaded copy kernels. Create it with Open and use it
// from the goroutine that opened it (Open locks that goroutine to its OS thread, where the
// context is current).
type Copier struct {
	dev       cu.Device
	ctx       cu.CUContext
	mod       cu.Module
	gemmMod   cu.Module    // LoadGemm
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
	if c.gemmMod != (cu.Module{}) {
		_ = c.gemmMod.Unload()
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

// ToC converts a layout to the C ABI's cute_layout_t (leaves and nesting tokens).
func ToC(l cute.Layout) (C.cute_layout_t, error) {
	var out C.cute_layout_t
	sh := l.Shape().LeafValues(nil)
	st := l.Stride().LeafValues(nil)
	if len(sh) > C.CUTE_LAYOUT_MAX_LEAVES {
		return out, fmt.Errorf("gpu: layout %v has %d leaves (at most %d)", l, len(sh), C.CUTE_LAYOUT_MAX_LEAVES)
	}
	for i := range sh {
		out.shape[i] = C.int64_t(sh[i])
		out.stride[i] = C.int64_t(st[i])
	}
	out.leaves = C.int32_t(len(sh))
	var tok []int8
	var walk func(t cute.IntTuple)
	walk = func(t cute.IntTuple) {
		if !t.IsTuple() {
			tok = append(tok, C.CUTE_NEST_LEAF)
			return
		}
		tok = append(tok, C.CUTE_NEST_OPEN)
		for _, e := range t.Elems() {
			walk(e)
		}
		tok = append(tok, C.CUTE_NEST_CLOSE)
	}
	walk(l.Shape())
	if len(tok) > C.CUTE_LAYOUT_MAX_TOKENS {
		return out, fmt.Errorf("gpu: layout %v nests too deeply for cute_layout_t", l)
	}
	for i, t := range tok {
		out.nest[i] = C.int8_t(t)
	}
	out.ntokens = C.int32_t(len(tok))
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

// PlanCopy decides how dst[dstL(i)] = src[srcL(i)] will run, without launching.
func (c *Copier) PlanCopy(dst cu.DevicePtr, dstL cute.Layout, src cu.DevicePtr, srcL cute.Layout, elemBytes int, opt *Options) (*Plan, error) {
	dl, err := ToC(dstL)
	if err != nil {
		return nil, err
	}
	sl, err := ToC(srcL)
	if err != nil {
		return nil, err
	}
	var o C.cutego_copy_options_t
	if opt != nil {
		o.force_path = C.int32_t(opt.ForcePath)
		o.stages = C.int32_t(opt.Stages)
		o.stage_bytes = C.int32_t(opt.StageBytes)
		o.ctas_per_sm = C.int32_t(opt.CTAsPerSM)
	}
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
		dl, _ := ToC(dstL)
		sl, _ := ToC(srcL)
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

func (c *Copier) generic(dst cu.DevicePtr, dl *C.cute_layout_t, src cu.DevicePtr, sl *C.cute_layout_t, n int64, es int) error {
	name := fmt.Sprintf("cutego_generic_copy_es%d", es)
	bytewise := (uintptr(dst)|uintptr(src))%uintptr(es) != 0
	if bytewise {
		name = "cutego_generic_copy_bytes"
	}
	f, err := c.fn(name)
	if err != nil {
		return err
	}
	blocks := (n + 255) / 256
	if cap := int64(c.sms) * 16; blocks > cap {
		blocks = cap
	}
	bw := C.int(0)
	if bytewise {
		bw = 1
	}
	return cuErr(name, C.cutego_shim_launch_generic(f, C.uint(blocks), 256, c.stream(), C.CUdeviceptr(dst), dl,
		C.CUdeviceptr(src), sl, C.int64_t(n), C.int32_t(es), bw))
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
	g := &pc.grid
	var name string
	var smem, threads int
	if p.Path == PathTMACopy {
		name, threads = "cutego_tma_copy_kernel", 32
		smem = 2048 + int(g.stages)*((int(g.stage_bytes)+1023)&^1023)
	} else {
		name, threads = fmt.Sprintf("cutego_tma_permute_es%d", es), 128
		smem = 2048 + (int(g.stages)+2)*16384
	}
	if smem > c.smemOptin {
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
	perSM := (c.smemOptin + 1024) / (smem + 1024)
	if p.Path == PathTMAPermute && perSM > 2 {
		perSM = 2
	}
	if opt != nil && opt.CTAsPerSM > 0 {
		perSM = opt.CTAsPerSM
	}
	blocks := int64(c.sms * max(perSM, 1))
	if blocks > int64(g.ntiles) {
		blocks = int64(g.ntiles)
	}
	rc := C.cutego_shim_launch_tma(f, C.uint(blocks), C.uint(threads), C.uint(smem), c.stream(), pc, C.CUdeviceptr(dst), C.CUdeviceptr(src))
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
