//go:build cuda

// Command goeinsum runs two-operand tensor contractions (einsum specs) on cutego's GEMM: each
// contraction is folded by package cute/einsum into the canonical batched GEMM (A (m̂,k̂,l̂),
// B (n̂,k̂,l̂), C (m̂,n̂,l̂), layouts over the operands' own data, no copy) and handed to
// gpu.Gemm, which takes the wgmma path when every folded mode coalesces to one stride and
// the generic per-element path otherwise.
//
// For each case it (a) verifies a small instance (bf16 in; fp32 out and bf16 out) against a
// float64 host evaluation of the einsum by nested loops over the index letters, independent
// of the folded layouts, and (b) times a large instance (bf16 in, bf16 out as torch.einsum
// gives, CUDA events, warm-up then the median of 10) and reports TFLOP/s = 2·∏extents / t.
//
// The operands are stored as torch stores them: contiguous, row-major in the written index
// order. In CuTe's colexicographic convention a row-major tensor is the layout with its modes
// reversed, so each contraction is folded both as written and with every index string
// reversed (the same contraction, the same data); the first orientation whose plan takes the
// wgmma path is used. The case marked nbatch also moves the row modes that do not coalesce
// into the batch mode, with stride 0 in B (B is broadcast over them).
//
//	goeinsum -list cases.csv                               the large instances, for torch_einsum.py
//	goeinsum cutego_copy.cubin cutego_gemm.cubin out.csv  verify and time
package main

import (
	"encoding/csv"
	"fmt"
	"math"
	"math/rand"
	"os"
	"sort"
	"strings"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/einsum"
	"github.com/cutego/cutego/gpu"
	"gorgonia.org/cu"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == "-list" {
		if err := writeList(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "goeinsum:", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: goeinsum cutego_copy.cubin cutego_gemm.cubin out.csv | goeinsum -list cases.csv")
		os.Exit(2)
	}
	c, err := gpu.Open(0, os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "goeinsum:", err)
		os.Exit(1)
	}
	defer c.Close()
	if err := c.LoadGemm(os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "goeinsum:", err)
		os.Exit(1)
	}
	f, err := os.Create(os.Args[3])
	if err != nil {
		fmt.Fprintln(os.Stderr, "goeinsum:", err)
		os.Exit(1)
	}
	w := csv.NewWriter(f)
	w.Write([]string{"case", "spec", "sizes", "path", "reason", "ms", "tflops", "verified",
		"fold", "kernel", "small_path", "small_rel_err_f32", "small_rel_err_bf16", "large_rel_err_bf16", "note"})
	rng := rand.New(rand.NewSource(1))
	bad := 0
	for _, tc := range cases {
		row := runCase(c, tc, rng)
		if row[7] != "yes" {
			bad++
		}
		w.Write(row)
		w.Flush()
	}
	w.Flush()
	if err := f.Close(); err != nil || w.Error() != nil {
		fmt.Fprintln(os.Stderr, "goeinsum: writing", os.Args[3], err, w.Error())
		os.Exit(1)
	}
	if bad > 0 {
		fmt.Printf("goeinsum: %d case(s) not verified\n", bad)
		os.Exit(1)
	}
	fmt.Println("goeinsum: all cases verified (small instances in full, large ones by 256 sampled outputs)")
}

func writeList(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"case", "spec", "sizes"})
	for _, tc := range cases {
		w.Write([]string{tc.name, tc.spec, tc.large})
	}
	w.Flush()
	if w.Error() != nil {
		f.Close()
		return w.Error()
	}
	return f.Close()
}

// runCase verifies the small instance and times the large one; it returns the CSV row.
func runCase(c *gpu.Copier, tc ccase, rng *rand.Rand) []string {
	fmt.Printf("== %s  %s\n", tc.name, tc.spec)
	if tc.note != "" {
		fmt.Printf("   note: %s\n", tc.note)
	}
	row := []string{tc.name, tc.spec, tc.large, "error", "", "", "", "NO", "", "", "", "", "", "", tc.note}
	spec, err := einsum.Parse(tc.spec)
	if err != nil {
		row[4] = err.Error()
		fmt.Println("   ERROR:", err)
		return row
	}
	// (a) the small instance, fp32 and bf16 output
	ok := true
	for _, out := range []gpu.DType{gpu.F32, gpu.BF16} {
		path, rel, err := verify(c, tc, spec, out, rng)
		col, tol, name := 11, 1e-4, "fp32"
		if out == gpu.BF16 {
			col, tol, name = 12, 1e-2, "bf16"
		}
		row[10] = path
		if err != nil {
			row[col] = "error: " + err.Error()
			fmt.Printf("   small %s out: ERROR %v\n", name, err)
			ok = false
			continue
		}
		row[col] = fmt.Sprintf("%.2e", rel)
		status := "OK"
		if !(rel <= tol) {
			status, ok = "WRONG", false
		}
		fmt.Printf("   small %s (%s out): %s, rel err %.2e (tolerance %.0e), path %s\n", tc.small, name, status, rel, tol, path)
	}
	// (b) the large instance, bf16 out
	res, err := timeLarge(c, tc, spec, rng)
	if err != nil {
		row[4] = err.Error()
		fmt.Println("   large: ERROR", err)
		return row
	}
	row[3], row[4], row[5], row[6], row[8], row[9] = res.path, res.reason, fmt.Sprintf("%.4f", res.ms),
		fmt.Sprintf("%.2f", res.tflops), res.fold, res.kernel
	row[13] = fmt.Sprintf("%.2e", res.rel)
	status := "OK"
	if !(res.rel <= 1e-2) {
		status, ok = "WRONG", false
	}
	fmt.Printf("   large %s: %s (%s), kernel %s, fold %s, %.4f ms, %.2f TFLOP/s; 256 sampled outputs %s, rel err %.2e (tolerance 1e-02)\n",
		tc.large, res.path, res.reason, res.kernel, res.fold, res.ms, res.tflops, status, res.rel)
	if ok {
		row[7] = "yes"
	}
	return row
}

// operands holds the device buffers of one instance: A, B as bf16, D as out.
type operands struct {
	a, b, d cu.DevicePtr
}

// plan folds the contraction over row-major operands in both orientations (as written, and
// with every index string reversed: the same tensors in CuTe's colexicographic order) and
// returns the first whose GEMM plan takes the wgmma path on the operands as they are, else
// the first that takes it through packed copies, else the first that plans.
func plan(tc ccase, spec einsum.Spec, ext map[byte]int64, ops operands, out gpu.DType) (a, b, d cute.Layout, gp *gpu.GemmPlan, fold string, err error) {
	var firstErr error
	type choice struct {
		a, b, d cute.Layout
		gp      *gpu.GemmPlan
		fold    string
	}
	var fallback *choice
	for _, rev := range []bool{false, true} {
		ia, ib, ic, name := spec.A, spec.B, spec.C, "as written"
		la, lb, lc := rowMajor(ia, ext), rowMajor(ib, ext), rowMajor(ic, ext)
		if rev {
			// the reversed index string over the same data: modes and strides reversed
			ia, ib, ic, name = reverse(ia), reverse(ib), reverse(ic), "reversed (colex)"
			la, lb, lc = reverseModes(la), reverseModes(lb), reverseModes(lc)
		}
		p, err := einsum.Fold(ia+","+ib+"->"+ic, la, lb, lc)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		fa, fb, fc := p.A, p.B, p.C
		if tc.nbatch {
			var moved bool
			if fa, fb, fc, moved, err = rowsToBatch(fa, fb, fc); err != nil {
				if firstErr == nil {
					firstErr = err
				}
				continue
			}
			if moved {
				name += ", row leaves moved to batch"
			}
		}
		g, err := gpu.PlanGemm(gpu.GemmOperand{Ptr: ops.d, Layout: fc}, gpu.GemmOperand{Ptr: ops.a, Layout: fa},
			gpu.GemmOperand{Ptr: ops.b, Layout: fb}, nil, gpu.BF16, out, 0, nil)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		ch := &choice{fa, fb, fc, g, name + ": A " + fa.String() + " B " + fb.String() + " C " + fc.String()}
		if g.Path == gpu.GemmWgmma && !g.Packed {
			return ch.a, ch.b, ch.d, ch.gp, ch.fold, nil
		}
		// Prefer, among the rest, the wgmma path through packed copies over the generic one.
		if fallback == nil || (fallback.gp.Path != gpu.GemmWgmma && g.Path == gpu.GemmWgmma) {
			fallback = ch
		}
	}
	if fallback != nil {
		return fallback.a, fallback.b, fallback.d, fallback.gp, fallback.fold, nil
	}
	return a, b, d, nil, "", firstErr
}

func allocOps(na, nb, nd, outBytes int64) (operands, func(), error) {
	var o operands
	var err error
	free := func() {
		for _, p := range []cu.DevicePtr{o.a, o.b, o.d} {
			if p != 0 {
				cu.MemFree(p)
			}
		}
	}
	if o.a, err = cu.MemAlloc(2 * na); err != nil {
		return o, free, err
	}
	if o.b, err = cu.MemAlloc(2 * nb); err != nil {
		free()
		return o, free, err
	}
	if o.d, err = cu.MemAlloc(outBytes * nd); err != nil {
		free()
		return o, free, err
	}
	return o, free, nil
}

// verify runs the small instance and compares with a float64 evaluation by nested loops over
// the index letters (row-major offsets from the written index strings, not the folds).
func verify(c *gpu.Copier, tc ccase, spec einsum.Spec, out gpu.DType, rng *rand.Rand) (path string, rel float64, err error) {
	ext, err := sizes(tc.small)
	if err != nil {
		return "", 0, err
	}
	na, nb, nd := numel(spec.A, ext), numel(spec.B, ext), numel(spec.C, ext)
	ha, hb := make([]uint16, na), make([]uint16, nb)
	for i := range ha {
		ha[i] = bf16(float32(rng.NormFloat64()))
	}
	for i := range hb {
		hb[i] = bf16(float32(rng.NormFloat64()))
	}
	ob := int64(4)
	if out == gpu.BF16 {
		ob = 2
	}
	ops, free, err := allocOps(na, nb, nd, ob)
	if err != nil {
		return "", 0, err
	}
	defer free()
	if err = cu.MemcpyHtoD(ops.a, unsafe.Pointer(&ha[0]), 2*na); err != nil {
		return "", 0, err
	}
	if err = cu.MemcpyHtoD(ops.b, unsafe.Pointer(&hb[0]), 2*nb); err != nil {
		return "", 0, err
	}
	if err = cu.MemsetD8(ops.d, 0xFF, ob*nd); err != nil { // NaN everywhere: an unwritten output shows
		return "", 0, err
	}
	la, lb, ld, _, _, err := plan(tc, spec, ext, ops, out)
	if err != nil {
		return "", 0, err
	}
	gp, err := c.Gemm(gpu.GemmOperand{Ptr: ops.d, Layout: ld}, gpu.GemmOperand{Ptr: ops.a, Layout: la},
		gpu.GemmOperand{Ptr: ops.b, Layout: lb}, nil, gpu.BF16, out, 1, 0, nil)
	if err != nil {
		return "", 0, err
	}
	path = gp.Path.String()
	if err = cu.Synchronize(); err != nil {
		return path, 0, err
	}
	got := make([]float64, nd)
	if out == gpu.BF16 {
		h := make([]uint16, nd)
		if err = cu.MemcpyDtoH(unsafe.Pointer(&h[0]), ops.d, 2*nd); err != nil {
			return path, 0, err
		}
		for i, v := range h {
			got[i] = fromBF16(v)
		}
	} else {
		h := make([]float32, nd)
		if err = cu.MemcpyDtoH(unsafe.Pointer(&h[0]), ops.d, 4*nd); err != nil {
			return path, 0, err
		}
		for i, v := range h {
			got[i] = float64(v)
		}
	}
	want := reference(spec, ext, ha, hb)
	var e2, r2 float64
	for i := range want {
		if math.IsNaN(got[i]) || math.IsInf(got[i], 0) {
			return path, math.Inf(1), fmt.Errorf("non-finite output at element %d", i)
		}
		e := got[i] - want[i]
		e2 += e * e
		r2 += want[i] * want[i]
	}
	return path, math.Sqrt(e2 / r2), nil
}

type timing struct {
	path, reason, kernel, fold string
	ms, tflops                 float64
	rel                        float64 // sampled relative error of the timed output
}

// fill writes n random bf16 values to p: element i is h[i mod len(h)], h a block of
// (1<<22)-3 values (odd, so the period aligns with no power-of-two extent) uploaded once
// and doubled by device copies. It returns h.
func fill(p cu.DevicePtr, n int64, rng *rand.Rand) ([]uint16, error) {
	m := min(n, 1<<22-3)
	h := make([]uint16, m)
	for i := range h {
		h[i] = bf16(float32(rng.NormFloat64()))
	}
	if err := cu.MemcpyHtoD(p, unsafe.Pointer(&h[0]), 2*m); err != nil {
		return nil, err
	}
	for done := m; done < n; {
		k := min(done, n-done)
		if err := cu.MemcpyDtoD(p+cu.DevicePtr(2*done), p, 2*k); err != nil {
			return nil, err
		}
		done += k
	}
	return h, nil
}

// checkSamples compares samples outputs of the large instance (bf16, at d) with float64
// sums over the contracted indices, computed on the host from the fill periods ha, hb by
// row-major offsets of the written index strings (not the folds).
func checkSamples(spec einsum.Spec, ext map[byte]int64, ha, hb []uint16, d cu.DevicePtr, samples int, rng *rand.Rand) (float64, error) {
	var red []byte // contracted letters: in A or B, not in C
	for _, ch := range []byte(letters(spec)) {
		if strings.IndexByte(spec.C, ch) < 0 {
			red = append(red, ch)
		}
	}
	off := func(idx string, val map[byte]int64) int64 {
		o, s := int64(0), int64(1)
		for i := len(idx) - 1; i >= 0; i-- {
			o += val[idx[i]] * s
			s *= ext[idx[i]]
		}
		return o
	}
	var e2, r2 float64
	val := map[byte]int64{}
	for n := 0; n < samples; n++ {
		for i := 0; i < len(spec.C); i++ {
			val[spec.C[i]] = rng.Int63n(ext[spec.C[i]])
		}
		for _, ch := range red {
			val[ch] = 0
		}
		sum := 0.0
		for {
			oa, ob := off(spec.A, val), off(spec.B, val)
			sum += fromBF16(ha[oa%int64(len(ha))]) * fromBF16(hb[ob%int64(len(hb))])
			i := len(red) - 1
			for ; i >= 0; i-- {
				if val[red[i]]++; val[red[i]] < ext[red[i]] {
					break
				}
				val[red[i]] = 0
			}
			if i < 0 {
				break
			}
		}
		var g uint16
		if err := cu.MemcpyDtoH(unsafe.Pointer(&g), d+cu.DevicePtr(2*off(spec.C, val)), 2); err != nil {
			return 0, err
		}
		got := fromBF16(g)
		if math.IsNaN(got) || math.IsInf(got, 0) {
			return math.Inf(1), nil
		}
		e2 += (got - sum) * (got - sum)
		r2 += sum * sum
	}
	return math.Sqrt(e2 / r2), nil
}

func timeLarge(c *gpu.Copier, tc ccase, spec einsum.Spec, rng *rand.Rand) (timing, error) {
	var t timing
	ext, err := sizes(tc.large)
	if err != nil {
		return t, err
	}
	na, nb, nd := numel(spec.A, ext), numel(spec.B, ext), numel(spec.C, ext)
	ops, free, err := allocOps(na, nb, nd, 2)
	if err != nil {
		return t, err
	}
	defer free()
	ha, err := fill(ops.a, na, rng)
	if err != nil {
		return t, err
	}
	hb, err := fill(ops.b, nb, rng)
	if err != nil {
		return t, err
	}
	if err = cu.MemsetD8(ops.d, 0xFF, 2*nd); err != nil { // NaN: an unwritten output shows
		return t, err
	}
	la, lb, ld, gp, fold, err := plan(tc, spec, ext, ops, gpu.BF16)
	if err != nil {
		return t, err
	}
	t.path, t.reason, t.kernel, t.fold = gp.Path.String(), gp.Reason, gp.Kernel, fold
	run := func() error {
		_, err := c.Gemm(gpu.GemmOperand{Ptr: ops.d, Layout: ld}, gpu.GemmOperand{Ptr: ops.a, Layout: la},
			gpu.GemmOperand{Ptr: ops.b, Layout: lb}, nil, gpu.BF16, gpu.BF16, 1, 0, nil)
		return err
	}
	start, err := cu.MakeEvent(cu.DefaultEvent)
	if err != nil {
		return t, err
	}
	defer cu.DestroyEvent(&start)
	end, err := cu.MakeEvent(cu.DefaultEvent)
	if err != nil {
		return t, err
	}
	defer cu.DestroyEvent(&end)
	once := func() (float64, error) {
		if err := start.Record(cu.Stream{}); err != nil {
			return 0, err
		}
		if err := run(); err != nil {
			return 0, err
		}
		if err := end.Record(cu.Stream{}); err != nil {
			return 0, err
		}
		if err := end.Synchronize(); err != nil {
			return 0, err
		}
		return start.Elapsed(end)
	}
	first, err := once() // warm-up; a slow (generic) case gets fewer repetitions
	if err != nil {
		return t, err
	}
	warm, reps := 3, 10
	if first > 200 {
		warm, reps = 0, 3
	}
	for i := 0; i < warm; i++ {
		if _, err := once(); err != nil {
			return t, err
		}
	}
	ts := make([]float64, 0, reps)
	for i := 0; i < reps; i++ {
		ms, err := once()
		if err != nil {
			return t, err
		}
		ts = append(ts, ms)
	}
	sort.Float64s(ts)
	t.ms = ts[len(ts)/2]
	flops := 2.0
	for _, ch := range []byte(letters(spec)) {
		flops *= float64(ext[ch])
	}
	t.tflops = flops / (t.ms * 1e-3) / 1e12
	t.rel, err = checkSamples(spec, ext, ha, hb, ops.d, 256, rng)
	return t, err
}
