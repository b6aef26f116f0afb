package tma

import (
	"math/rand/v2"
	"testing"

	"github.com/cutego/cutego/cute"
)

// Derive on random tensors and tiles: whenever it accepts, every box element (walked in
// shared-memory order through the descriptor) must be the global element the layouts put at
// that shared-memory offset; and it must accept the plainly feasible cases often enough.
func TestDeriveProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	accepted := 0
	for it := 0; it < 400; it++ {
		r := 2 + rng.IntN(2)
		es := []int{1, 2, 4, 8}[rng.IntN(4)]
		q := int64(16 / es)
		ext := make([]int64, r)
		tile := make([]int64, r)
		for i := range ext {
			tile[i] = int64([]int{1, 2, 4, 8, 16}[rng.IntN(5)])
			ext[i] = tile[i] * int64(1+rng.IntN(3))
		}
		// global: modes stored in a random order, the first stored mode padded to 16 bytes
		gorder := rng.Perm(r)
		gstride := make([]int64, r)
		s := int64(1)
		for j, k := range gorder {
			gstride[k] = s
			e := ext[k]
			if j == 0 {
				e = (e + q - 1) / q * q
			}
			s *= e
		}
		// smem: the tile compact, modes in a random order
		sorder := rng.Perm(r)
		sstride := make([]int64, r)
		s = 1
		for _, k := range sorder {
			sstride[k] = s
			s *= tile[k]
		}
		g := cute.MustLayout(cute.Ints(ext...), cute.Ints(gstride...))
		sm := cute.MustLayout(cute.Ints(tile...), cute.Ints(sstride...))
		d, err := Derive(g, sm, es)
		if err != nil {
			continue
		}
		accepted++
		// cross-check with the core algebra: (global restricted to the tile) o right_inverse(smem)
		// evaluated at smem offset o is the global element the descriptor reaches
		gtile := cute.MustLayout(cute.Ints(tile...), cute.Ints(gstride...))
		ri, err := cute.RightInverse(sm)
		if err != nil {
			t.Fatal(err)
		}
		comp, err := cute.Composition(gtile, ri)
		if err != nil {
			t.Fatalf("composition(%v, %v): %v", gtile, ri, err)
		}
		// smem offset o -> tile coordinate (inverse of sm) -> global byte offset
		size := sm.Size()
		inv := make([]int64, size)
		for i := int64(0); i < size; i++ {
			o, _ := sm.Eval(i)
			inv[o] = i
		}
		for o := int64(0); o < size; o++ {
			rem, viaMap := o, int64(0)
			for k := 0; k < d.Rank; k++ {
				c := rem % int64(d.Box[k])
				rem /= int64(d.Box[k])
				viaMap += c * d.Strides[k]
			}
			// tile coordinate index inv[o] -> per-mode coordinates -> global element offset
			i, want := inv[o], int64(0)
			for k := 0; k < r; k++ {
				want += (i % tile[k]) * gstride[k]
				i /= tile[k]
			}
			if c, err := comp.Eval(o); err != nil || c*int64(es) != viaMap {
				t.Fatalf("g=%v s=%v: composition gives %d (%v), descriptor byte %d", g, sm, c, err, viaMap)
			}
			if viaMap != want*int64(es) {
				t.Fatalf("g=%v s=%v es=%d: %v: smem offset %d -> byte %d, layouts say %d", g, sm, es, d, o, viaMap, want*int64(es))
			}
		}
	}
	if accepted < 50 {
		t.Errorf("only %d of 400 random cases accepted", accepted)
	}
	t.Logf("%d of 400 random cases accepted and checked", accepted)
}
