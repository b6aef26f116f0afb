//go:build cuda

// Command example_fp8 runs an FP8 GEMM from Go and checks it: D = scale_a·scale_b·A·B with A
// and B quantized to e4m3 on the host (per-tensor scales: each tensor's largest magnitude maps
// to e4m3's largest, 448), A stored M-major (the FP8 wgmma reads K-major only, so gpu.Gemm
// transposes it into a workspace first, as the plan says), fp32 output; compared with a
// float64 product of the same quantized values.
//
//	example_fp8 build/kernels/cutego_copy.cubin build/kernels/cutego_gemm_fp8.cubin [more GEMM modules]
package main

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/gpu"
	"gorgonia.org/cu"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: example_fp8 cutego_copy.cubin cutego_gemm_fp8.cubin [more GEMM modules]")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2:]...); err != nil {
		fmt.Fprintln(os.Stderr, "example_fp8:", err)
		os.Exit(1)
	}
}

// quantize maps x to e4m3 with one scale for the tensor (amax -> 448); returns the codes and
// the scale that multiplies them back.
func quantize(x []float32) ([]uint8, float32) {
	amax := float32(0)
	for _, v := range x {
		amax = float32(math.Max(float64(amax), math.Abs(float64(v))))
	}
	scale := amax / 448
	q := make([]uint8, len(x))
	for i, v := range x {
		q[i] = gpu.ToE4M3(v / scale)
	}
	return q, scale
}

func run(copyCubin string, gemmCubins ...string) error {
	const M, N, K = 300, 520, 512
	c, err := gpu.Open(0, copyCubin)
	if err != nil {
		return err
	}
	defer c.Close()
	if err := c.LoadGemm(gemmCubins...); err != nil {
		return err
	}
	rng := rand.New(rand.NewSource(1))
	fa, fb := make([]float32, M*K), make([]float32, N*K)
	for i := range fa {
		fa[i] = float32(rng.NormFloat64())
	}
	for i := range fb {
		fb[i] = float32(rng.NormFloat64() * 0.01)
	}
	qa, sa := quantize(fa) // A (M,K):(1,M), M-major
	qb, sb := quantize(fb) // B (N,K):(K,1), K-major
	la := cute.MustLayout(cute.Ints(M, K), cute.Ints(1, M))
	lb := cute.MustLayout(cute.Ints(N, K), cute.Ints(K, 1))
	ld := cute.MustLayout(cute.Ints(M, N), cute.Ints(N, 1))

	var ptrs []cu.DevicePtr
	defer func() {
		for _, p := range ptrs {
			_ = cu.MemFree(p)
		}
	}()
	upload := func(n int64, src unsafe.Pointer) (cu.DevicePtr, error) {
		p, err := cu.MemAlloc(n)
		if err != nil {
			return 0, err
		}
		ptrs = append(ptrs, p)
		if src != nil {
			err = cu.MemcpyHtoD(p, src, n)
		}
		return p, err
	}
	scales := []float32{sa, sb}
	da, err := upload(M*K, unsafe.Pointer(&qa[0]))
	if err != nil {
		return err
	}
	db, err := upload(N*K, unsafe.Pointer(&qb[0]))
	if err != nil {
		return err
	}
	ds, err := upload(8, unsafe.Pointer(&scales[0]))
	if err != nil {
		return err
	}
	dd, err := upload(4*M*N, nil)
	if err != nil {
		return err
	}
	p, err := c.Gemm(gpu.GemmOperand{Ptr: dd, Layout: ld}, gpu.GemmOperand{Ptr: da, Layout: la},
		gpu.GemmOperand{Ptr: db, Layout: lb}, nil, gpu.E4M3, gpu.F32, 1, 0,
		&gpu.GemmOptions{ScaleA: ds, ScaleB: ds + 4})
	if err != nil {
		return err
	}
	if err := cu.Synchronize(); err != nil {
		return fmt.Errorf("%s: %w", p.Kernel, err)
	}
	d := make([]float32, M*N)
	if err := cu.MemcpyDtoH(unsafe.Pointer(&d[0]), dd, 4*M*N); err != nil {
		return err
	}
	var value [256]float64 // every e4m3 code's value
	for i := range value {
		value[i] = float64(gpu.FromE4M3(uint8(i)))
	}
	var e2, r2, q2 float64
	for m := 0; m < M; m++ {
		for n := 0; n < N; n++ {
			s, x := 0.0, 0.0
			for k := 0; k < K; k++ {
				s += value[qa[m+k*M]] * value[qb[n*K+k]]
				x += float64(fa[m+k*M]) * float64(fb[n*K+k])
			}
			r := float64(sa) * float64(sb) * s
			e2 += (float64(d[m*N+n]) - r) * (float64(d[m*N+n]) - r)
			q2 += (r - x) * (r - x)
			r2 += r * r
		}
	}
	rel, quant := math.Sqrt(e2/r2), math.Sqrt(q2/r2)
	// fast accumulation: the tensor cores keep about 14 bits of each partial sum (the bound of
	// csrc/gemm/test_gemm_fp8.cu for an fp32 output)
	tol := 1e-6 + 4*math.Ldexp(1, -14)*math.Sqrt((K+31)/32.0)
	fmt.Printf("gpu.Gemm %dx%dx%d e4m3 -> fp32, scales %.3g and %.3g: %s (%s)\n", M, N, K, sa, sb, p.Kernel, p.Reason)
	fmt.Printf("relative error %.2e against the same quantized inputs (bound %.2e); quantization itself: %.2e\n", rel, tol, quant)
	if rel > tol || math.IsNaN(rel) || !p.Packed {
		fmt.Println("WRONG")
		return fmt.Errorf("relative error %.2e (packed %v)", rel, p.Packed)
	}
	fmt.Println("OK")
	return nil
}
