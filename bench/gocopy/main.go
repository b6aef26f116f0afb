//go:build cuda

// Command gocopy copies and transposes tensors described by cutego layouts on the GPU from
// Go (package gpu), checks every result against a host reference, and times the copies
// beside cudaMemcpy device-to-device (cuMemcpyDtoDAsync) of the same bytes in the same
// process (events, warm-up, median).
//
//	gocopy build/kernels/cutego_copy.cubin [results.csv]
package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/gpu"
	"gorgonia.org/cu"
)

func must[T any](v T, err error) T {
	if err != nil {
		fmt.Fprintln(os.Stderr, "gocopy:", err)
		os.Exit(2)
	}
	return v
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "gocopy:", err)
		os.Exit(2)
	}
}

type flat struct{ shape, stride []int64 }

func flatten(l cute.Layout) flat {
	return flat{l.Shape().LeafValues(nil), l.Stride().LeafValues(nil)}
}

// span returns the lowest and highest offsets of l.
func span(f flat) (lo, hi int64) {
	for k := range f.shape {
		d := (f.shape[k] - 1) * f.stride[k]
		if d > 0 {
			hi += d
		} else {
			lo += d
		}
	}
	return
}

// reference: dst[d(i)] = src[s(i)] with odometers over both layouts' leaves.
func reference(dst []byte, dl flat, src []byte, sl flat, es int64, dbase, sbase int64) {
	n := int64(1)
	for _, s := range sl.shape {
		n *= s
	}
	cs := make([]int64, len(sl.shape))
	cd := make([]int64, len(dl.shape))
	var os, od int64
	for i := int64(0); i < n; i++ {
		copy(dst[(dbase+od)*es:(dbase+od+1)*es], src[(sbase+os)*es:(sbase+os+1)*es])
		for k := range sl.shape {
			os += sl.stride[k]
			cs[k]++
			if cs[k] < sl.shape[k] || k == len(sl.shape)-1 {
				break
			}
			os -= cs[k] * sl.stride[k]
			cs[k] = 0
		}
		for k := range dl.shape {
			od += dl.stride[k]
			cd[k]++
			if cd[k] < dl.shape[k] || k == len(dl.shape)-1 {
				break
			}
			od -= cd[k] * dl.stride[k]
			cd[k] = 0
		}
	}
}

type buffers struct {
	s, d           cu.DevicePtr
	sbytes, dbytes int64
	sbase, dbase   int64 // element offsets of the layouts' origin inside the buffers
	host, ref, got []byte
}

func alloc(sl, dl flat, es int64, soff, doff int64, rng *rand.Rand) *buffers {
	slo, shi := span(sl)
	dlo, dhi := span(dl)
	b := &buffers{sbase: soff - slo, dbase: doff - dlo}
	b.sbytes = (shi - slo + 1 + soff) * es
	b.dbytes = (dhi - dlo + 1 + doff) * es
	b.s = must(cu.MemAlloc(b.sbytes))
	b.d = must(cu.MemAlloc(b.dbytes))
	b.host = make([]byte, b.sbytes)
	for i := range b.host {
		b.host[i] = byte(rng.Uint32())
	}
	check(cu.MemcpyHtoD(b.s, unsafe.Pointer(&b.host[0]), b.sbytes))
	return b
}

func (b *buffers) free() {
	cu.MemFree(b.s)
	cu.MemFree(b.d)
}

var fails, passes int

func verify(c *gpu.Copier, name, src, dst string, es int64, soff, doff int64, want gpu.Path, rng *rand.Rand) {
	sl := must(cute.ParseLayout(src))
	dl := must(cute.ParseLayout(dst))
	fs, fd := flatten(sl), flatten(dl)
	b := alloc(fs, fd, es, soff, doff, rng)
	defer b.free()
	b.ref = make([]byte, b.dbytes)
	for i := range b.ref {
		b.ref[i] = 0xA5
	}
	reference(b.ref, fd, b.host, fs, es, b.dbase, b.sbase)
	for pass := 0; pass < 2; pass++ {
		var opt *gpu.Options
		if pass == 1 {
			opt = &gpu.Options{ForcePath: gpu.PathGeneric}
		}
		check(cu.MemsetD8(b.d, 0xA5, b.dbytes))
		path, err := c.Copy(b.d+cu.DevicePtr(b.dbase*es), dl, b.s+cu.DevicePtr(b.sbase*es), sl, int(es), opt)
		if err != nil {
			fails++
			fmt.Printf("FAIL %-40s es=%2d: %v\n", name, es, err)
			return
		}
		check(cu.Synchronize())
		b.got = make([]byte, b.dbytes)
		check(cu.MemcpyDtoH(unsafe.Pointer(&b.got[0]), b.d, b.dbytes))
		bad := 0
		for i := range b.got {
			if b.got[i] != b.ref[i] {
				bad++
			}
		}
		if bad != 0 || (pass == 0 && want >= 0 && path != want) {
			fails++
			fmt.Printf("FAIL %-40s es=%2d path=%-11v %d bytes wrong (want path %v)\n", name, es, path, bad, want)
		} else {
			passes++
			if pass == 0 {
				fmt.Printf("ok   %-40s es=%2d path=%v\n", name, es, path)
			}
		}
		if path == gpu.PathGeneric {
			break
		}
	}
}

func colmajor(shape []int64, pad []int64) []int64 {
	st := make([]int64, len(shape))
	s := int64(1)
	for k := range shape {
		st[k] = s
		if pad != nil {
			s *= pad[k]
		} else {
			s *= shape[k]
		}
	}
	return st
}

func layoutString(shape, stride []int64) string {
	a := make([]string, len(shape))
	b := make([]string, len(shape))
	for i := range shape {
		a[i] = fmt.Sprint(shape[i])
		b[i] = fmt.Sprint(stride[i])
	}
	return "(" + strings.Join(a, ",") + "):(" + strings.Join(b, ",") + ")"
}

func permutations(n int) [][]int {
	if n == 1 {
		return [][]int{{0}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for pos := 0; pos <= len(p); pos++ {
			q := append(append(append([]int{}, p[:pos]...), n-1), p[pos:]...)
			out = append(out, q)
		}
	}
	return out
}

func median(v []float64) float64 {
	sort.Float64s(v)
	return v[len(v)/2]
}

func timeMs(f func(), warm, reps int) float64 {
	start := must(cu.MakeEvent(cu.DefaultEvent))
	end := must(cu.MakeEvent(cu.DefaultEvent))
	defer cu.DestroyEvent(&start)
	defer cu.DestroyEvent(&end)
	for i := 0; i < warm; i++ {
		f()
	}
	check(cu.Synchronize())
	var t []float64
	for i := 0; i < reps; i++ {
		check(start.Record(cu.Stream{}))
		f()
		check(end.Record(cu.Stream{}))
		check(end.Synchronize())
		t = append(t, must(start.Elapsed(end)))
	}
	return median(t)
}

func bench(c *gpu.Copier, csv *os.File, name, src, dst string, es int64, rng *rand.Rand) {
	sl := must(cute.ParseLayout(src))
	dl := must(cute.ParseLayout(dst))
	fs, fd := flatten(sl), flatten(dl)
	b := alloc(fs, fd, es, 0, 0, rng)
	defer b.free()
	bytes := sl.Size() * es
	r := must(cu.MemAlloc(bytes))
	defer cu.MemFree(r)
	dp, sp := b.d+cu.DevicePtr(b.dbase*es), b.s+cu.DevicePtr(b.sbase*es)
	// verify once, against the host reference
	b.ref = make([]byte, b.dbytes)
	check(cu.MemsetD8(b.d, 0x5A, b.dbytes))
	check(cu.MemcpyDtoH(unsafe.Pointer(&b.ref[0]), b.d, b.dbytes))
	reference(b.ref, fd, b.host, fs, es, b.dbase, b.sbase)
	path := must(c.Copy(dp, dl, sp, sl, int(es), nil))
	check(cu.Synchronize())
	b.got = make([]byte, b.dbytes)
	check(cu.MemcpyDtoH(unsafe.Pointer(&b.got[0]), b.d, b.dbytes))
	for i := range b.got {
		if b.got[i] != b.ref[i] {
			fails++
			fmt.Printf("FAIL bench %s: wrong result at byte %d\n", name, i)
			return
		}
	}
	d2d := func() { check(cu.MemcpyDtoDAsync(r, b.s, bytes, cu.Stream{})) }
	ours := func() { must(c.Copy(dp, dl, sp, sl, int(es), nil)) }
	t1 := timeMs(d2d, 3, 15)
	t := timeMs(ours, 3, 15)
	t2 := timeMs(d2d, 3, 15)
	tr := min(t1, t2)
	gbs := 2 * float64(bytes) / (t * 1e6)
	ref := 2 * float64(bytes) / (tr * 1e6)
	fmt.Printf("%-44s %-11v es=%2d %8.1f MB %7.3f ms %7.1f GB/s  d2d %7.1f GB/s  ratio %.3f (verified)\n",
		name, path, es, float64(bytes)/1e6, t, gbs, ref, gbs/ref)
	if csv != nil {
		fmt.Fprintf(csv, "\"%s\",%v,%d,%d,%.5f,%.1f,%.1f,%.4f\n", name, path, es, bytes, t, gbs, ref, gbs/ref)
	}
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: gocopy cutego_copy.cubin [results.csv]")
		os.Exit(2)
	}
	if info, err := gpu.QueryInfo(0); err == nil {
		fmt.Println("device:", info)
	} else {
		fmt.Println("device info unavailable:", err)
	}
	c := must(gpu.Open(0, os.Args[1]))
	defer c.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	// correctness: every path, element sizes, odd extents, offsets, permutations
	for _, es := range []int64{1, 2, 4, 8, 16} {
		q := 16 / es
		verify(c, "contiguous 3 elements", "3:1", "3:1", es, 0, 0, -1, rng)
		verify(c, "contiguous 100003", "100003:1", "100003:1", es, 0, 0, gpu.PathTMACopy, rng)
		pm := (1001 + q - 1) / q * q
		verify(c, "padded (1001,37) pitches", fmt.Sprintf("(1001,37):(1,%d)", pm+q), fmt.Sprintf("(1001,37):(1,%d)", pm), es, q, 2*q, gpu.PathTMACopy, rng)
		verify(c, "hierarchical ((4,8),(16,5))", "((4,8),(16,5)):((1,4),(32,512))", "((4,8),(16,5)):((1,4),(32,512))", es, 0, 0, gpu.PathTMACopy, rng)
		pn := (999 + q - 1) / q * q
		verify(c, "transpose (1000,999) padded", fmt.Sprintf("(1000,999):(1,%d)", (1000+q-1)/q*q), fmt.Sprintf("(1000,999):(%d,1)", pn), es, 0, 0, gpu.PathTMAPermute, rng)
		verify(c, "gather stride 3", "1000:3", "1000:1", es, 0, 0, gpu.PathGeneric, rng)
		if es < 16 {
			verify(c, "misaligned by one element", "4096:1", "4096:1", es, 1, 0, gpu.PathGeneric, rng)
		}
		for _, shape := range [][]int64{{37, 19, 23}, {19, 17, 18, 21}} {
			n := 0
			for _, perm := range permutations(len(shape)) {
				dst := make([]int64, len(shape))
				s := int64(1)
				for j, k := range perm {
					dst[k] = s
					if j == 0 {
						s *= (shape[k] + q - 1) / q * q
					} else {
						s *= shape[k]
					}
				}
				pad := append([]int64{}, shape...)
				pad[0] = (shape[0] + q - 1) / q * q
				want := gpu.PathTMAPermute
				if perm[0] == 0 {
					want = gpu.PathTMACopy
				}
				if shape[perm[0]]*es < 16 {
					want = gpu.PathGeneric
				}
				before := fails
				verify(c, fmt.Sprintf("rank-%d perm %v", len(shape), perm), layoutString(shape, colmajor(shape, pad)), layoutString(shape, dst), es, 0, 0, want, rng)
				if fails == before {
					n++
				}
			}
			fmt.Printf("ok   rank-%d: %d permutations verified, es=%d\n", len(shape), n, es)
		}
	}
	if _, err := c.Copy(0, must(cute.ParseLayout("10:1")), 0, must(cute.ParseLayout("11:1")), 4, nil); err == nil {
		fails++
		fmt.Println("FAIL size mismatch accepted")
	} else {
		passes++
		fmt.Println("ok   size mismatch rejected:", err)
	}
	fmt.Printf("correctness: %d passed, %d failed\n", passes, fails)
	var csv *os.File
	if len(os.Args) > 2 {
		csv = must(os.Create(os.Args[2]))
		fmt.Fprintln(csv, "case,path,elem_bytes,bytes,ms,GBps,d2d_GBps,ratio")
		defer csv.Close()
	}
	bench(c, csv, "Go copy contiguous fp32 1 GiB", "268435456:1", "268435456:1", 4, rng)
	bench(c, csv, "Go copy pitched 16384x16384 bf16", "(16384,16384):(1,16448)", "(16384,16384):(1,16512)", 2, rng)
	bench(c, csv, "Go transpose 16384^2 fp32", "(16384,16384):(1,16384)", "(16384,16384):(16384,1)", 4, rng)
	bench(c, csv, "Go transpose 16384^2 bf16", "(16384,16384):(1,16384)", "(16384,16384):(16384,1)", 2, rng)
	bench(c, csv, "Go permute (512,512,1024)->(2,0,1) fp32", "(512,512,1024):(1,512,262144)", "(512,512,1024):(524288,1024,1)", 4, rng)
	if fails > 0 {
		fmt.Printf("FAILED: %d failures\n", fails)
		os.Exit(1)
	}
	fmt.Println("gocopy: all verified")
}
