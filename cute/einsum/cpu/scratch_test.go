package cpu

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestPackedScratchReused pins the reuse of the packed copies' buffers: a packed
// contraction repeated on the same operands allocates per call a small fraction of the
// bytes it copies (the buffers come back from scratch32/scratch64), where allocating them
// afresh would cost at least the operands' size on every call. The lists start empty (two
// collections free what earlier tests left there) and the garbage collector is off while it
// runs (a collection frees the buffers the lists hold only weakly).
func TestPackedScratchReused(t *testing.T) {
	runtime.GC()
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	for _, c := range readBenchCases(t) {
		if c.name != "paper" && c.name != "network" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			x, y, z := benchOperands[float64](c)
			p, err := Contract(c.spec, x, y, z)
			if err != nil || !p.Packed {
				t.Fatalf("want the packed path: %v %v", p, err)
			}
			operands := 8 * (x.Layout().Size() + y.Layout().Size())
			const calls = 20
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for range calls {
				if _, err := Contract(c.spec, x, y, z); err != nil {
					t.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			perCall := int64(after.TotalAlloc-before.TotalAlloc) / calls
			if perCall*16 > operands {
				t.Errorf("%d bytes allocated per call, want under 1/16 of the operands' %d bytes (%s)", perCall, operands, p)
			}
		})
	}
}
