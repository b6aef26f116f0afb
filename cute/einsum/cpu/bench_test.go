package cpu

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/einsum"
)

type benchCase struct {
	name, spec string
	ext        map[byte]int64
}

func readBenchCases(tb testing.TB) []benchCase {
	f, err := os.Open("testdata/bench_cases.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var cs []benchCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		c := benchCase{name: fs[0], spec: fs[1], ext: map[byte]int64{}}
		for _, kv := range strings.Split(fs[2], ",") {
			k, v, _ := strings.Cut(kv, "=")
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				tb.Fatal(err)
			}
			c.ext[k[0]] = n
		}
		cs = append(cs, c)
	}
	return cs
}

// rowMajor is a C-order tensor over the indices idx, filled with a pattern.
func rowMajor[T float32 | float64](idx string, ext map[byte]int64) cute.Tensor[T] {
	sh := make([]int64, len(idx))
	for i := range sh {
		sh[i] = ext[idx[i]]
	}
	l, err := cute.MakeLayoutRight(cute.Ints(sh...))
	if err != nil {
		panic(err)
	}
	d := make([]T, l.Size())
	for i := range d {
		d[i] = T(i%7) + 1 // no zeros: gonum skips multiplications by 0
	}
	return cute.MustTensor(d, 0, l)
}

func benchOperands[T float32 | float64](c benchCase) (a, b, cc cute.Tensor[T]) {
	s, err := einsum.Parse(c.spec)
	if err != nil {
		panic(err)
	}
	return rowMajor[T](s.A, c.ext), rowMajor[T](s.B, c.ext), rowMajor[T](s.C, c.ext)
}

// BenchmarkContract runs the contractions of testdata/bench_cases.txt on the BLAS path
// (float32 and float64) and through the reference loops (float64). bench/einsum/run.sh
// runs it beside numpy.einsum on the same cases.
func BenchmarkContract(b *testing.B) {
	for _, c := range readBenchCases(b) {
		b.Run(c.name+"/blas/f64", func(b *testing.B) {
			x, y, z := benchOperands[float64](c)
			p, err := Contract(c.spec, x, y, z)
			if err != nil || !p.BLAS {
				b.Fatalf("%v %v", p, err)
			}
			cpuLoop(b, func() { _, _ = Contract(c.spec, x, y, z) })
		})
		b.Run(c.name+"/blas/f32", func(b *testing.B) {
			x, y, z := benchOperands[float32](c)
			cpuLoop(b, func() { _, _ = Contract(c.spec, x, y, z) })
		})
		b.Run(c.name+"/ref/f64", func(b *testing.B) {
			x, y, z := benchOperands[float64](c)
			cpuLoop(b, func() { _ = einsum.Contract(c.spec, x, y, z) })
		})
	}
}

// cpuLoop runs f as the benchmark loop and reports, beside ns/op (wall time), the CPU time
// of the process per op (cpu-ns/op): on a shared machine the wall time includes the time
// other processes held the core. It reports the memory allocated per op as well (the
// packed copies' buffers are reused from call to call).
func cpuLoop(b *testing.B, f func()) {
	b.ReportAllocs()
	t0 := cpuTime()
	n := 0
	for b.Loop() {
		f()
		n++
	}
	b.ReportMetric(float64(cpuTime()-t0)/float64(n), "cpu-ns/op")
}

func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// The bench cases agree between the two paths (and so measure the same computation).
func TestBenchCasesAgree(t *testing.T) {
	for _, c := range readBenchCases(t) {
		if c.name == "network" || c.name == "gemm" || c.name == "gemm_tn" {
			continue // the largest: their paths are covered by the smaller ones
		}
		x, y, z := benchOperands[float64](c)
		if _, err := Contract(c.spec, x, y, z); err != nil {
			t.Fatal(err)
		}
		got := append([]float64(nil), z.Data()...)
		if err := einsum.Contract(c.spec, x, y, z); err != nil {
			t.Fatal(err)
		}
		for i, v := range z.Data() {
			if got[i] != v {
				t.Fatalf("%s: element %d: BLAS %v reference %v", c.name, i, got[i], v)
			}
		}
	}
}
