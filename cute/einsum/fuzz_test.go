package einsum

import (
	"errors"
	"testing"

	"github.com/cutego/cutego/cute"
)

// FuzzFold: any spec and layouts give a plan or a *cute.Error, never a panic; a plan's
// folded layouts are the operands' modes (same size, every index accounted for).
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
		if p.A.Size() != ls[0].Size() || p.B.Size() != ls[1].Size() || p.C.Size() != ls[2].Size() {
			t.Fatalf("folding changed a size: %v %v %v from %v %v %v", p.A, p.B, p.C, ls[0], ls[1], ls[2])
		}
		n := len(p.Classes.M) + len(p.Classes.N) + len(p.Classes.K) + len(p.Classes.L)
		if n != len(p.Spec.A)+len(p.Spec.B)+len(p.Spec.C)-2*len(p.Classes.L)-len(p.Classes.M)-len(p.Classes.N)-len(p.Classes.K) {
			t.Fatalf("classes %+v do not account for %v", p.Classes, p.Spec)
		}
	})
}
