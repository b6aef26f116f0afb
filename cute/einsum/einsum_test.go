package einsum

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/einsum/internal/naive"
)

func TestContractRandomFamily(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 20))
	for iter := 0; iter < 600; iter++ {
		sa, sb, sc, ext := naive.RandomSpec(r, []int64{1, 2, 3, 4, 6})
		if iter%3 == 0 { // diagonals: an index repeated within A or B
			sa, sb = naive.WithDiagonal(r, sa), naive.WithDiagonal(r, sb)
		}
		spec := Spec{A: sa, B: sb, C: sc}
		a, b, c := naive.RandomOperand(r, spec.A, ext, true), naive.RandomOperand(r, spec.B, ext, true), naive.RandomOperand(r, spec.C, ext, true)
		want := append([]float64(nil), c.Data...)
		naive.Contract(spec.A, spec.B, spec.C, a, b, c, ext, want)
		ta := cute.MustTensor(a.Data, a.Off, a.Layout())
		tb := cute.MustTensor(b.Data, b.Off, b.Layout())
		tc := cute.MustTensor(c.Data, c.Off, c.Layout())
		if err := Contract(spec.String(), ta, tb, tc); err != nil {
			t.Fatalf("%v: %v", spec, err)
		}
		for i := range want {
			if want[i] != c.Data[i] {
				p, _ := Fold(spec.String(), ta.Layout(), tb.Layout(), tc.Layout())
				t.Fatalf("%v A %v B %v C %v folded A %v B %v C %v: element %d = %v want %v",
					spec, ta.Layout(), tb.Layout(), tc.Layout(), p.A, p.B, p.C, i, c.Data[i], want[i])
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
		{"ij,jk->ikk", l2, l32, l2, cute.ErrInvalid, "repeats in the output"},
		{"ii,i->i", cute.MustLayout(cute.Tuple(cute.Ints(2, 2), cute.Int(4)), cute.Tuple(cute.Ints(1, 4), cute.Int(2))), cute.MustLayout(cute.Int(4), cute.Int(1)), cute.MustLayout(cute.Int(4), cute.Int(1)), cute.ErrNotAdmissible, "diagonal"},
		{"ii,i->i", l2, l1, l1, cute.ErrInvalid, "extent"},
		{"ii,->", l22, cute.MustLayout(cute.Tuple(), cute.Tuple()), cute.MustLayout(cute.Tuple(), cute.Tuple()), cute.ErrNotAdmissible, "only in operand A"},
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

// A diagonal of modes of different shapes that coalesce to single strides: ((2,2),4) with
// strides ((1,2),8) has the diagonal 4:(1+8).
func TestFoldDiagonalOfDifferentShapes(t *testing.T) {
	a := cute.MustLayout(cute.Tuple(cute.Ints(2, 2), cute.Int(4)), cute.Tuple(cute.Ints(1, 2), cute.Int(8)))
	v := cute.MustLayout(cute.Int(4), cute.Int(1))
	p, err := Fold("ii,i->i", a, v, v)
	if err != nil {
		t.Fatal(err)
	}
	if p.A.String() != "(1,1,4):(0,0,9)" {
		t.Errorf("A folded %v", p.A)
	}
	data := make([]float64, 32)
	for i := range data {
		data[i] = float64(i)
	}
	c := cute.MustTensor(make([]float64, 4), 0, v)
	if err := Contract("ii,i->i", cute.MustTensor(data, 0, a), cute.MustTensor([]float64{1, 10, 100, 1000}, 0, v), c); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(c.Data()) != "[0 90 1800 27000]" { // A(i,i) = 9i times 10^i
		t.Errorf("got %v", c.Data())
	}
}
