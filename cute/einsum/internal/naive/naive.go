// Package naive is the test oracle of the einsum packages: operands described without
// package cute (per index, sub-shapes and sub-strides), random contractions, and the
// contraction evaluated by nested loops over every assignment of the indices.
package naive

import (
	"math/rand/v2"
	"strings"

	"github.com/cutego/cutego/cute"
)

// Operand is a test operand described independently of package cute: per index, the
// sub-shapes and sub-strides of its mode (one pair for a plain mode, two for a mode split
// hierarchically), an offset and the data.
type Operand struct {
	Idx    string
	Sub    [][]int64 // per index: sub-shapes, first fastest
	Stride [][]int64
	Off    int64
	Data   []float64
}

// Pos is the position of the element whose indices take the values in v, by plain
// arithmetic: each index's value split colexicographically over its sub-shapes.
func (o *Operand) Pos(v map[byte]int64) int64 {
	p := o.Off
	for i := 0; i < len(o.Idx); i++ {
		x := v[o.Idx[i]]
		for j, s := range o.Sub[i] {
			p += (x % s) * o.Stride[i][j]
			x /= s
		}
	}
	return p
}

func (o *Operand) Layout() cute.Layout {
	var sh, st []cute.IntTuple
	for i := range o.Sub {
		if len(o.Sub[i]) == 1 {
			sh, st = append(sh, cute.Int(o.Sub[i][0])), append(st, cute.Int(o.Stride[i][0]))
		} else {
			sh, st = append(sh, cute.Ints(o.Sub[i]...)), append(st, cute.Ints(o.Stride[i]...))
		}
	}
	return cute.MustLayout(cute.Tuple(sh...), cute.Tuple(st...))
}

// RandomOperand lays the indices out in a random order of their (sub-)modes; wild ones are
// padded, have some strides negative and some even modes of extent ≥ 4 (of an index that
// does not repeat) split in two.
func RandomOperand(r *rand.Rand, idx string, ext map[byte]int64, wild bool) *Operand {
	o := &Operand{Idx: idx, Sub: make([][]int64, len(idx)), Stride: make([][]int64, len(idx))}
	type leaf struct{ i, j int }
	var leaves []leaf
	for i := 0; i < len(idx); i++ {
		e := ext[idx[i]]
		if wild && e >= 4 && e%2 == 0 && strings.Count(idx, idx[i:i+1]) == 1 && r.IntN(2) == 0 {
			o.Sub[i] = []int64{2, e / 2}
		} else {
			o.Sub[i] = []int64{e}
		}
		o.Stride[i] = make([]int64, len(o.Sub[i]))
		for j := range o.Sub[i] {
			leaves = append(leaves, leaf{i, j})
		}
	}
	r.Shuffle(len(leaves), func(a, b int) { leaves[a], leaves[b] = leaves[b], leaves[a] })
	cur := int64(1)
	for _, l := range leaves {
		s := o.Sub[l.i][l.j]
		o.Stride[l.i][l.j] = cur
		pad := int64(r.IntN(2))
		if !wild {
			pad = 0
		}
		cur *= s + pad
	}
	for _, l := range leaves {
		if wild && r.IntN(5) == 0 {
			o.Off += (o.Sub[l.i][l.j] - 1) * o.Stride[l.i][l.j]
			o.Stride[l.i][l.j] = -o.Stride[l.i][l.j]
		}
	}
	o.Off += int64(r.IntN(3))
	o.Data = make([]float64, o.Off+cur+int64(r.IntN(3)))
	for i := range o.Data {
		o.Data[i] = float64(r.IntN(21) - 10)
	}
	return o
}

// Contract evaluates C = A·B by nested loops over every assignment of the indices (a dict
// from letter to value), summing A·B into C at its position.
func Contract(sa, sb, sc string, a, b, c *Operand, ext map[byte]int64, out []float64) {
	var letters []byte
	seen := map[byte]bool{}
	for _, s := range []string{sa, sb, sc} {
		for i := 0; i < len(s); i++ {
			if !seen[s[i]] {
				seen[s[i]] = true
				letters = append(letters, s[i])
			}
		}
	}
	v := map[byte]int64{}
	for _, l := range letters {
		v[l] = 0
	}
	zeroed := map[int64]bool{}
	for {
		pc := c.Pos(v)
		if !zeroed[pc] {
			out[pc] = 0
			zeroed[pc] = true
		}
		out[pc] += a.Data[a.Pos(v)] * b.Data[b.Pos(v)]
		k := 0
		for ; k < len(letters); k++ {
			v[letters[k]]++
			if v[letters[k]] < ext[letters[k]] {
				break
			}
			v[letters[k]] = 0
		}
		if k == len(letters) {
			return
		}
	}
}

// RandomSpec draws a contraction with operands of rank ≤ 6, each index of one of the
// extents.
func RandomSpec(r *rand.Rand, extents []int64) (a, b, c string, ext map[byte]int64) {
	for {
		nm, nn, nk, nl := r.IntN(4), r.IntN(4), r.IntN(4), r.IntN(3)
		if nm+nk+nl > 6 || nn+nk+nl > 6 || nm+nn+nl > 6 {
			continue
		}
		pool := []byte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		take := func(n int) []byte { s := pool[:n]; pool = pool[n:]; return s }
		m, n, k, l := take(nm), take(nn), take(nk), take(nl)
		ext = map[byte]int64{}
		for _, g := range [][]byte{m, n, k, l} {
			for _, ch := range g {
				ext[ch] = extents[r.IntN(len(extents))]
			}
		}
		perm := func(gs ...[]byte) string {
			var s []byte
			for _, g := range gs {
				s = append(s, g...)
			}
			r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
			return string(s)
		}
		return perm(m, k, l), perm(n, k, l), perm(m, n, l), ext
	}
}

// WithDiagonal repeats one index of idx at a random position (an einsum diagonal), when idx
// has one and fewer than 6 indices.
func WithDiagonal(r *rand.Rand, idx string) string {
	if len(idx) == 0 || len(idx) >= 6 {
		return idx
	}
	ch := idx[r.IntN(len(idx))]
	at := r.IntN(len(idx) + 1)
	return idx[:at] + string(ch) + idx[at:]
}
