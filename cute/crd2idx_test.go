package cute

import (
	"fmt"
	"strings"
	"testing"
)

// basisModes returns the layout (1,…,1):(1@0,…,1@(n−1)) of n scaled-basis modes, and
// the identity layout of the shape (2,…,2,1) of n+1 modes, as text gives them.
func basisModes(n int) (unit, identity Layout) {
	ones := strings.TrimSuffix(strings.Repeat("1,", n), ",")
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "1@%d", i)
	}
	unit = MustParseLayout("(" + ones + "):(" + b.String() + ")")
	identity, err := MakeIdentityLayout(mustTuple("(" + strings.Repeat("2,", n) + "1)"))
	if err != nil {
		panic(err)
	}
	return unit, identity
}

// TestArithSumLinear: a sum whose terms each reach one more basis mode (1@0 + 1@1 + …,
// as evaluating (1,…,1):(1@0,…) at 0 or the coshape of an identity layout adds) allocates
// a constant per mode. Copying the tuple on every new mode allocated n²/2 elements: at
// 4,000 modes 463 MB, 116 KB a mode.
func TestArithSumLinear(t *testing.T) {
	const n = 2000
	unit, identity := basisModes(n)
	for name, f := range map[string]func(){
		"call":   func() { _, _ = unit.Call(Int(0)) },
		"cosize": func() { _, _ = identity.Cosize() },
		"sum": func() {
			var s arithSum
			for i := 0; i < n; i++ {
				s.add(E(1, i))
			}
		},
	} {
		if b := allocBytes(f); b/n > 1<<10 {
			t.Errorf("%s over %d modes allocates %d bytes, %d a mode: the sum is not linear", name, n, b, b/n)
		}
	}
	r, err := unit.Call(Int(0))
	if err != nil || r.Len() != n || r.At(n-1).String() != "0" {
		t.Fatalf("(1,…):(1@0,…)(0) over %d modes = %.40v…, %v; want %d zeros", n, r, err, n)
	}
	if _, err := identity.Cosize(); err == nil {
		t.Fatalf("cosize of the identity layout of %d modes of 2: no overflow error", n)
	}
	_, small := basisModes(3)
	if c, err := small.Cosize(); err != nil || c != 8 {
		t.Fatalf("cosize(make_identity_layout((2,2,2))) = %d, %v; want 8", c, err)
	}
}

// BenchmarkArithSumModes: the scaled-basis inputs of many modes, (1,…):(1@0,…)(0) and the
// cosize of make_identity_layout((2,…)), at 16k and 32k modes.
func BenchmarkArithSumModes(b *testing.B) {
	for _, n := range []int{16000, 32000} {
		unit, identity := basisModes(n)
		b.Run(fmt.Sprintf("call/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := unit.Call(Int(0)); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("cosize/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_, _ = identity.Cosize() // size 2^n overflows: refused after the sum
			}
		})
	}
}

func mustTuple(s string) IntTuple {
	t, err := ParseIntTuple(s)
	if err != nil {
		panic(err)
	}
	return t
}
