package einsum

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// operand is a test operand described independently of package cute: per index, the
// sub-shapes and sub-strides of its mode (one pair for a plain mode, two for a mode split
// hierarchically), an offset and the data.
type operand struct {
	idx    string
	sub    [][]int64 // per index: sub-shapes, first fastest
	stride [][]int64
	off    int64
	data   []float64
}

// pos is the position of the element whose indices take the values in v, by plain
// arithmetic: each index's value split colexicographically over its sub-shapes.
func (o *operand) pos(v map[byte]int64) int64 {
	p := o.off
	for i := 0; i < len(o.idx); i++ {
		x := v[o.idx[i]]
		for j, s := range o.sub[i] {
			p += (x % s) * o.stride[i][j]
			x /= s
		}
	}
	return p
}

func (o *operand) layout() cute.Layout {
	var sh, st []cute.IntTuple
	for i := range o.sub {
		if len(o.sub[i]) == 1 {
			sh, st = append(sh, cute.Int(o.sub[i][0])), append(st, cute.Int(o.stride[i][0]))
		} else {
			sh, st = append(sh, cute.Ints(o.sub[i]...)), append(st, cute.Ints(o.stride[i]...))
		}
	}
	return cute.MustLayout(cute.Tuple(sh...), cute.Tuple(st...))
}

// randomOperand lays the indices out in a random order of their (sub-)modes, padded, some
// strides negative, modes of extent 4 or 6 sometimes split in two.
func randomOperand(r *rand.Rand, idx string, ext map[byte]int64) *operand {
	o := &operand{idx: idx, sub: make([][]int64, len(idx)), stride: make([][]int64, len(idx))}
	type leaf struct{ i, j int }
	var leaves []leaf
	for i := 0; i < len(idx); i++ {
		e := ext[idx[i]]
		if (e == 4 || e == 6) && r.IntN(2) == 0 {
			o.sub[i] = []int64{2, e / 2}
		} else {
			o.sub[i] = []int64{e}
		}
		o.stride[i] = make([]int64, len(o.sub[i]))
		for j := range o.sub[i] {
			leaves = append(leaves, leaf{i, j})
		}
	}
	r.Shuffle(len(leaves), func(a, b int) { leaves[a], leaves[b] = leaves[b], leaves[a] })
	cur := int64(1)
	for _, l := range leaves {
		s := o.sub[l.i][l.j]
		o.stride[l.i][l.j] = cur
		cur *= s + int64(r.IntN(2))
	}
	for _, l := range leaves {
		if r.IntN(5) == 0 {
			o.off += (o.sub[l.i][l.j] - 1) * o.stride[l.i][l.j]
			o.stride[l.i][l.j] = -o.stride[l.i][l.j]
		}
	}
	o.off += int64(r.IntN(3))
	o.data = make([]float64, o.off+cur+int64(r.IntN(3)))
	for i := range o.data {
		o.data[i] = float64(r.IntN(21) - 10)
	}
	return o
}

// naive evaluates C = A·B by nested loops over every assignment of the indices (a dict
// from letter to value), summing A·B into C at its position.
func naive(spec Spec, a, b, c *operand, ext map[byte]int64, out []float64) {
	var letters []byte
	seen := map[byte]bool{}
	for _, s := range []string{spec.A, spec.B, spec.C} {
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
		pc := c.pos(v)
		if !zeroed[pc] {
			out[pc] = 0
			zeroed[pc] = true
		}
		out[pc] += a.data[a.pos(v)] * b.data[b.pos(v)]
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

// randomSpec draws a contraction with operands of rank ≤ 6.
func randomSpec(r *rand.Rand) (Spec, map[byte]int64) {
	for {
		nm, nn, nk, nl := r.IntN(4), r.IntN(4), r.IntN(4), r.IntN(3)
		if nm+nk+nl > 6 || nn+nk+nl > 6 || nm+nn+nl > 6 {
			continue
		}
		pool := []byte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
		r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		take := func(n int) []byte { s := pool[:n]; pool = pool[n:]; return s }
		m, n, k, l := take(nm), take(nn), take(nk), take(nl)
		ext := map[byte]int64{}
		for _, g := range [][]byte{m, n, k, l} {
			for _, ch := range g {
				ext[ch] = []int64{1, 2, 3, 4, 6}[r.IntN(5)]
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
		return Spec{A: perm(m, k, l), B: perm(n, k, l), C: perm(m, n, l)}, ext
	}
}

func TestContractRandomFamily(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 20))
	for iter := 0; iter < 600; iter++ {
		spec, ext := randomSpec(r)
		a, b, c := randomOperand(r, spec.A, ext), randomOperand(r, spec.B, ext), randomOperand(r, spec.C, ext)
		want := append([]float64(nil), c.data...)
		naive(spec, a, b, c, ext, want)
		ta := cute.MustTensor(a.data, a.off, a.layout())
		tb := cute.MustTensor(b.data, b.off, b.layout())
		tc := cute.MustTensor(c.data, c.off, c.layout())
		if err := Contract(spec.String(), ta, tb, tc); err != nil {
			t.Fatalf("%v: %v", spec, err)
		}
		for i := range want {
			if want[i] != c.data[i] {
				p, _ := Fold(spec.String(), ta.Layout(), tb.Layout(), tc.Layout())
				t.Fatalf("%v A %v B %v C %v folded A %v B %v C %v: element %d = %v want %v",
					spec, ta.Layout(), tb.Layout(), tc.Layout(), p.A, p.B, p.C, i, c.data[i], want[i])
			}
		}
	}
}

// The paper's example (section 1.3): C_stqp = A_stupr B_qtru folds to
// C_(sp)(q)(t) = A_(sp)(ur)(t) B_(q)(ur)(t).
func TestFoldPaperExample(t *testing.T) {
	a := cute.MustLayout(cute.Ints(2, 3, 4, 5, 6), cute.Ints(1, 2, 6, 24, 120)) // s t u p r
	b := cute.MustLayout(cute.Ints(7, 3, 6, 4), cute.Ints(1, 7, 21, 126))       // q t r u
	c := cute.MustLayout(cute.Ints(2, 3, 7, 5), cute.Ints(1, 2, 6, 42))         // s t q p
	p, err := Fold("stupr,qtru->stqp", a, b, c)
	if err != nil {
		t.Fatal(err)
	}
	if p.Classes != (Classes{M: "sp", N: "q", K: "ur", L: "t"}) {
		t.Errorf("classes %+v", p.Classes)
	}
	for _, x := range []struct {
		got  cute.Layout
		want string
	}{
		{p.A, "((2,5),(4,6),3):((1,24),(6,120),2)"},
		{p.B, "(7,(4,6),3):(1,(126,21),7)"},
		{p.C, "((2,5),7,3):((1,42),6,2)"},
	} {
		if x.got.String() != x.want {
			t.Errorf("got %v want %s", x.got, x.want)
		}
	}
	if m, n, k, l := p.Sizes(); m != 10 || n != 7 || k != 24 || l != 3 {
		t.Errorf("sizes %d %d %d %d", m, n, k, l)
	}
}

func TestFoldErrors(t *testing.T) {
	l2 := cute.MustLayout(cute.Ints(2, 3), cute.Ints(1, 2))
	l32 := cute.MustLayout(cute.Ints(3, 2), cute.Ints(1, 3))
	l22 := cute.MustLayout(cute.Ints(2, 2), cute.Ints(1, 2))
	l1 := cute.MustLayout(cute.Int(2), cute.Int(1))
	for _, c := range []struct {
		spec    string
		a, b, c cute.Layout
		kind    cute.ErrorKind
		msg     string
	}{
		{"ij,jk", l2, l32, l22, cute.ErrParse, "2"}, // implicit output ik: fine shapes, see below
		{"ij->ij", l2, l2, l2, cute.ErrParse, "operands"},
		{"ij,jk,kl->il", l2, l2, l2, cute.ErrParse, "operands"},
		{"i1,jk->ik", l2, l2, l2, cute.ErrParse, "not an index"},
		{"...ij,jk->ik", l2, l2, l2, cute.ErrParse, "ellipsis"},
		{"ij,jk->ik->i", l2, l2, l2, cute.ErrParse, "->"},
		{"ij,jé->i", l2, l2, l2, cute.ErrParse, "not an index"},
		{"ii,ij->j", l22, l22, l1, cute.ErrNotAdmissible, "repeats"},
		{"ij,jk->ikk", l2, l32, l2, cute.ErrNotAdmissible, "repeats"},
		{"ij,k->ik", l2, l1, l22, cute.ErrNotAdmissible, "only in operand A"},
		{"i,jk->ik", l1, l22, l22, cute.ErrNotAdmissible, "only in operand B"},
		{"ij,jk->ikz", l2, l32, l2, cute.ErrInvalid, "neither operand"},
		{"ij,jk->ik", l2, l22, l22, cute.ErrInvalid, "extent"},
		{"ij,jk->ik", l2, l32, l32, cute.ErrInvalid, "extent"},
		{"ijk,jk->ik", l2, l32, l22, cute.ErrInvalid, "rank"},
		{"ij,jk->ik", l2, cute.Layout{}, l22, cute.ErrInvalid, "zero"},
		{"ij,jk->ik", l2, cute.MustLayout(cute.Ints(3, 2), cute.Tuple(cute.E(1, 0), cute.E(1, 1))), l22, cute.ErrInvalid, "scaled"},
		{strings.Repeat("a", 5000) + ",a->a", l1, l1, l1, cute.ErrParse, "longer"},
	} {
		_, err := Fold(c.spec, c.a, c.b, c.c)
		if c.spec == "ij,jk" {
			// numpy's implicit output "ik" folds as a matrix product
			if err != nil {
				t.Errorf("%s: %v", c.spec, err)
			}
			continue
		}
		var ce *cute.Error
		if !errors.As(err, &ce) || ce.Op != "einsum" || ce.Kind != c.kind || !strings.Contains(ce.Reason, c.msg) {
			t.Errorf("%.40s: got %v, want kind %v containing %q", c.spec, err, c.kind, c.msg)
		}
	}
}

func TestParseImplicitAndSpaces(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"ij,jk", "ij,jk->ik"},
		{"ba,cb", "ba,cb->ac"},
		{"bA,cb", "bA,cb->Ac"},
		{" ij , jk -> ki ", "ij,jk->ki"},
		{"i,i", "i,i->"},
		{"i,i->", "i,i->"},
		{",->", ",->"},
	} {
		s, err := Parse(c.in)
		if err != nil || s.String() != c.want {
			t.Errorf("Parse(%q) = %v, %v; want %s", c.in, s, err, c.want)
		}
	}
}

// Scalars and vectors: a dot product (only k̂), an outer product (m̂ and n̂ only), a
// scaling by a rank-0 operand.
func TestContractDegenerate(t *testing.T) {
	v := func(xs ...float64) cute.Tensor[float64] {
		return cute.MustTensor(xs, 0, cute.MustLayout(cute.Int(int64(len(xs))), cute.Int(1)))
	}
	scalar := func(x float64) cute.Tensor[float64] {
		return cute.MustTensor([]float64{x}, 0, cute.MustLayout(cute.Tuple(), cute.Tuple()))
	}
	out := scalar(0)
	if err := Contract("i,i->", v(1, 2, 3), v(4, 5, 6), out); err != nil || out.Data()[0] != 32 {
		t.Errorf("dot: %v %v", out.Data(), err)
	}
	o := cute.MustTensor(make([]float64, 6), 0, cute.MustLayout(cute.Ints(2, 3), cute.Ints(3, 1)))
	if err := Contract("i,j->ij", v(1, 2), v(1, 10, 100), o); err != nil || fmt.Sprint(o.Data()) != "[1 10 100 2 20 200]" {
		t.Errorf("outer: %v %v", o.Data(), err)
	}
	w := v(0, 0)
	if err := Contract("i,->i", v(1, 2), scalar(3), w); err != nil || fmt.Sprint(w.Data()) != "[3 6]" {
		t.Errorf("scale: %v %v", w.Data(), err)
	}
}
