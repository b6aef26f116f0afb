package tma

import (
	"math/rand/v2"
	"testing"

	"github.com/cutego/cutego/cute"
)

// rightInverse is a right inverse: S(R(k)) == k for every k of a compact layout.
func TestRightInverseProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for it := 0; it < 500; it++ {
		n := 1 + rng.IntN(4)
		shape := make([]int64, n)
		for i := range shape {
			shape[i] = int64(1 + rng.IntN(6))
		}
		// strides: a random order of the column-major strides (a compact layout)
		order := rng.Perm(n)
		stride := make([]int64, n)
		s := int64(1)
		for _, k := range order {
			stride[k] = s
			s *= shape[k]
		}
		m := make([]mode, n)
		for i := range m {
			m[i] = mode{shape[i], stride[i]}
		}
		r := rightInverse(m)
		size := s
		for k := int64(0); k < size; k++ {
			// R(k): colexicographic over r, then S of that index
			idx, rem := int64(0), k
			for j, x := range r {
				c := rem % x.n
				if j == len(r)-1 {
					c = rem
				}
				idx += c * x.d
				rem /= x.n
			}
			got, rem2 := int64(0), idx
			for i := range m {
				c := rem2 % m[i].n
				if i == n-1 {
					c = rem2
				}
				got += c * m[i].d
				rem2 /= m[i].n
			}
			if got != k {
				t.Fatalf("S=%v: S(R(%d)) = %d", m, k, got)
			}
		}
	}
}

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
