package einsum

import (
	"errors"
	"testing"

	"github.com/cutego/cutego/cute"
)

// FuzzFold: any spec and layouts give a plan or a *cute.Error, never a panic; a plan's
// folded layouts are the operands' modes (every index in one class, sizes kept but for
// diagonals).
func FuzzFold(f *testing.F) {
	f.Add("stupr,qtru->stqp", "(2,3,4,5,6):(1,2,6,24,120)", "(7,3,6,4):(1,7,21,126)", "(2,3,7,5):(1,2,6,42)")
	f.Add("ij,jk", "(2,3):(1,2)", "(3,4):(4,1)", "(2,4):(1,2)")
	f.Add("i,i->", "4:1", "4:-1", "():()")
	f.Add("ii,i->i", "(2,2):(1,2)", "2:1", "2:1")
	f.Add("...,->", "1:0", "1:0", "1:0")
	f.Fuzz(func(t *testing.T, spec, sa, sb, sc string) {
		var ls [3]cute.Layout
		for i, s := range []string{sa, sb, sc} {
			l, err := cute.ParseLayout(s)
			if err != nil {
				return
			}
			ls[i] = l
		}
		p, err := Fold(spec, ls[0], ls[1], ls[2])
		if err != nil {
			var ce *cute.Error
			if !errors.As(err, &ce) || ce.Op == "" {
				t.Fatalf("untyped error %v", err)
			}
			return
		}
		uniq := func(x string) string {
			var seen [128]bool
			var u []byte
			for i := 0; i < len(x); i++ {
				if !seen[x[i]] {
					seen[x[i]] = true
					u = append(u, x[i])
				}
			}
			return string(u)
		}
		ua, ub := uniq(p.Spec.A), uniq(p.Spec.B)
		c := p.Classes
		if len(c.M)+len(c.K)+len(c.L) != len(ua) || len(c.N)+len(c.K)+len(c.L) != len(ub) || len(c.M)+len(c.N)+len(c.L) != len(p.Spec.C) {
			t.Fatalf("classes %+v do not account for %v", c, p.Spec)
		}
		// folding keeps every element (a diagonal keeps only its own)
		if ua == p.Spec.A && p.A.Size() != ls[0].Size() || ub == p.Spec.B && p.B.Size() != ls[1].Size() || p.C.Size() != ls[2].Size() {
			t.Fatalf("folding changed a size: %v %v %v from %v %v %v", p.A, p.B, p.C, ls[0], ls[1], ls[2])
		}
	})
}
