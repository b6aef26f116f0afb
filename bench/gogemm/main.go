//go:build cuda

// Command gogemm runs cutego's GEMM from Go (package gpu) and verifies each result against a
// float64 product on the host: D = alpha·A·B + beta·C with CuTe's operand convention, the
// layouts written as cutego layouts, bf16 or fp16 inputs.
//
//	gogemm build/kernels/cutego_copy.cubin build/kernels/cutego_gemm.cubin
package main

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"time"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/gpu"
	"gorgonia.org/cu"
)

// at is L(m,n,z) for a rank-3 layout of integers.
func at(l cute.Layout, m, n, z int64) int64 {
	r, err := l.Call(cute.Ints(m, n, z))
	if err != nil {
		panic(err) // the layouts are the program's own
	}
	return r.Value()
}

func bf16(f float32) uint16 {
	u := math.Float32bits(f)
	u += 0x7FFF + ((u >> 16) & 1)
	return uint16(u >> 16)
}
func fromBF16(h uint16) float64 { return float64(math.Float32frombits(uint32(h) << 16)) }

type gcase struct {
	m, n, k, l  int64
	aMajorM     bool // A (M,K) with unit stride along M (else K)
	bMajorN     bool
	alpha, beta float32
}

func run(c *gpu.Copier, tc gcase, rng *rand.Rand) error {
	M, N, K, L := tc.m, tc.n, tc.k, tc.l
	lay := func(e0, e1 int64, unit0 bool) cute.Layout {
		if unit0 {
			return cute.MustLayout(cute.Ints(e0, e1, L), cute.Ints(1, e0, e0*e1))
		}
		return cute.MustLayout(cute.Ints(e0, e1, L), cute.Ints(e1, 1, e0*e1))
	}
	la, lb := lay(M, K, tc.aMajorM), lay(N, K, tc.bMajorN)
	ld := cute.MustLayout(cute.Ints(M, N, L), cute.Ints(N, 1, M*N))
	ha := make([]uint16, M*K*L)
	hb := make([]uint16, N*K*L)
	hc := make([]float32, M*N*L)
	for i := range ha {
		ha[i] = bf16(float32(rng.NormFloat64()))
	}
	for i := range hb {
		hb[i] = bf16(float32(rng.NormFloat64()))
	}
	for i := range hc {
		hc[i] = float32(rng.NormFloat64())
	}
	alloc := func(n int64) (cu.DevicePtr, error) { return cu.MemAlloc(n) }
	da, err := alloc(2 * M * K * L)
	if err != nil {
		return err
	}
	defer cu.MemFree(da)
	db, err := alloc(2 * N * K * L)
	if err != nil {
		return err
	}
	defer cu.MemFree(db)
	dd, err := alloc(4 * M * N * L)
	if err != nil {
		return err
	}
	defer cu.MemFree(dd)
	if err := cu.MemcpyHtoD(da, unsafe.Pointer(&ha[0]), 2*M*K*L); err != nil {
		return err
	}
	if err := cu.MemcpyHtoD(db, unsafe.Pointer(&hb[0]), 2*N*K*L); err != nil {
		return err
	}
	if err := cu.MemcpyHtoD(dd, unsafe.Pointer(&hc[0]), 4*M*N*L); err != nil { // C = D's initial value
		return err
	}
	dOp := gpu.GemmOperand{Ptr: dd, Layout: ld}
	start := time.Now()
	p, err := c.Gemm(dOp, gpu.GemmOperand{Ptr: da, Layout: la}, gpu.GemmOperand{Ptr: db, Layout: lb}, &dOp,
		gpu.BF16, gpu.F32, tc.alpha, tc.beta, nil)
	if err != nil {
		return err
	}
	if err := cu.Synchronize(); err != nil {
		return err
	}
	el := time.Since(start)
	out := make([]float32, M*N*L)
	if err := cu.MemcpyDtoH(unsafe.Pointer(&out[0]), dd, 4*M*N*L); err != nil {
		return err
	}
	var e2, r2 float64
	for z := int64(0); z < L; z++ {
		for m := int64(0); m < M; m++ {
			for n := int64(0); n < N; n++ {
				s := 0.0
				for k := int64(0); k < K; k++ {
					s += fromBF16(ha[at(la, m, k, z)]) * fromBF16(hb[at(lb, n, k, z)])
				}
				i := at(ld, m, n, z)
				r := float64(tc.alpha)*s + float64(tc.beta)*float64(hc[i])
				e := float64(out[i]) - r
				if math.IsNaN(float64(out[i])) || math.IsInf(float64(out[i]), 0) {
					return fmt.Errorf("non-finite output at (%d,%d,%d)", m, n, z)
				}
				e2 += e * e
				r2 += r * r
			}
		}
	}
	rel := math.Sqrt(e2 / r2)
	status := "OK"
	if rel > 1e-5 {
		status = "WRONG"
	}
	fmt.Printf("%-5s %dx%dx%d L=%d A %s B %s alpha=%g beta=%g: %s (%s), rel err %.2e, %v\n", status, M, N, K, L,
		map[bool]string{false: "(M,K):(K,1)", true: "(M,K):(1,M)"}[tc.aMajorM],
		map[bool]string{false: "(N,K):(K,1)", true: "(N,K):(1,N)"}[tc.bMajorN], tc.alpha, tc.beta, p.Path, p.Reason, rel, el)
	if status != "OK" {
		return fmt.Errorf("relative error %.2e", rel)
	}
	return nil
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: gogemm cutego_copy.cubin cutego_gemm.cubin")
		os.Exit(2)
	}
	c, err := gpu.Open(0, os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer c.Close()
	if err := c.LoadGemm(os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	rng := rand.New(rand.NewSource(1))
	cases := []gcase{
		{256, 384, 192, 1, false, false, 1, 0},
		{300, 520, 136, 2, true, false, 1.5, 0.5},
		{128, 256, 64, 1, true, true, 1, 1},
		{100, 77, 33, 1, false, false, 1, 0}, // K stride 33: no tensor map, generic path
	}
	fail := 0
	for _, tc := range cases {
		if err := run(c, tc, rng); err != nil {
			fmt.Println("FAIL:", err)
			fail++
		}
	}
	if fail > 0 {
		os.Exit(1)
	}
	fmt.Println("gogemm: all results verified")
}
