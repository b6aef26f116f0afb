package cute

import (
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// TestAlgebraAllocs pins the allocations of the benchmarked operations (the speed
// tricks of composition_scratch.go and work_layout.go: pooled scratch, one-allocation
// builders). The bar is at most 4 allocations per operation; each case pins
// today's count so that a change that loses a trick shows here, not only in a benchmark.
func TestAlgebraAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under coverage or the race detector")
	}
	a := mustL("(64,128):(128,1)")
	co := mustL("((2,4),(3,(1,5))):((1,2),(8,(0,24)))")
	b := mustL("((2,4),(8,4)):((1,16),(2,64))")
	docA, docT := mustL("(12,(4,8)):(59,(13,1))"), mustT("(3:4,8:2)")
	cl := mustL("(4,(2,4)):(2,(1,16))")
	dt := mustL("(4,8):(1,64)").AsTiler()
	ta, tt := mustL("((8,8),128):((1,512),8)"), mustT("(16,32)")
	ri := mustL("((4,8),(2,4)):((2,16),(1,128))")
	id := mustL("((2,2),8):((1@0,2@0),1@1)") // scaled-basis strides: their paths take one allocation
	for _, c := range []struct {
		name string
		max  float64
		op   func() (Layout, error)
	}{
		{"coalesce", 0, func() (Layout, error) { return Coalesce(co) }},
		{"coalesce basis", 2, func() (Layout, error) { return Coalesce(id) }},
		{"composition basis", 1, func() (Layout, error) { return Composition(id, ri) }},
		{"composition", 1, func() (Layout, error) { return Composition(a, b) }},
		{"composition tiler", 2, func() (Layout, error) { return CompositionTiler(docA, docT) }},
		{"complement", 1, func() (Layout, error) { return Complement(cl, Int(256)) }},
		{"logical_divide", 1, func() (Layout, error) { return LogicalDivide(a, dt) }},
		{"logical_divide tuple", 3, func() (Layout, error) { return LogicalDivide(ta, tt) }},
		{"right_inverse", 1, func() (Layout, error) { return RightInverse(ri) }},
	} {
		if _, err := c.op(); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := allocsPerRun(200, func() { _, _ = c.op() })
		if got > c.max {
			t.Errorf("%s: %.0f allocations per run, want at most %.0f", c.name, got, c.max)
		}
	}
}

// allocsPerRun is testing.AllocsPerRun with the garbage collector off: composition and
// logical_divide take their scratch from sync.Pools, which a collection empties, so a
// collection during the measurement would count the pools' refills as allocations of
// the operation. Disabling it waits for a collection in progress; the forced one after
// starts every measurement from the same state (the pools refill in AllocsPerRun's
// warm-up call). The old setting is restored after.
func allocsPerRun(runs int, f func()) float64 {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.GC()
	return testing.AllocsPerRun(runs, f)
}

// TestInlining checks that the small helpers the algebra's hot loops rely on are
// inlined (as net/netip pins its own): a change that makes them too big to inline
// costs every operation.
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the compiler")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(gobin, "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	got := map[string]bool{}
	re := regexp.MustCompile(`can inline (\S+)`)
	for _, line := range strings.Split(string(out), "\n") {
		if m := re.FindStringSubmatch(line); m != nil {
			got[m[1]] = true
		}
	}
	for _, fn := range []string{"(*flatL).set", "(*flatL).move", "(*flatL).stride", "(*flatL).isZero", "(*bases).basis", "(*bases).setBasis", "mulI", "absI", "signI", "minI", "isZero", "pathEqual"} {
		if !got[fn] {
			t.Errorf("%s is not inlined any more", fn)
		}
	}
}

// mulI agrees with mulChecked on the edges of its fast path and past them.
func TestMulI(t *testing.T) {
	edges := []int64{0, 1, -1, 2, 1<<31 - 1, -1 << 31, 1 << 31, -1<<31 - 1, 1 << 32, 3037000499, 3037000500, -3037000500, 1<<62 + 7, -1 << 63, 1<<63 - 1}
	for _, a := range edges {
		for _, b := range edges {
			want, werr := func() (v int64, err error) { defer catch("", &err); return mulChecked(a, b), nil }()
			got, gerr := func() (v int64, err error) { defer catch("", &err); return mulI(a, b), nil }()
			if want != got || (werr == nil) != (gerr == nil) {
				t.Fatalf("mulI(%d, %d) = %d, %v; mulChecked: %d, %v", a, b, got, gerr, want, werr)
			}
		}
	}
}
