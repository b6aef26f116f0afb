package atom

import (
	"strings"

	"github.com/cutego/cutego/cute"
)

// MMAAtom is CuTe's MMA_Atom<MMA_Traits<Op>>: an MMA instruction as layouts. Shape_MNK is
// the (M,N,K) the instruction computes; ThrID maps the atom's logical thread ids to thread
// indices; LayoutA/B/C_TV (the traits' ALayout, BLayout, CLayout) map (thread id, value id)
// to the column-major index of the element in the atom's (M,K), (N,K) and (M,N) tiles.
type MMAAtom struct {
	Name       string // CuTe's name of the operation, e.g. SM80_16x8x16_F32F16F16F32_TN
	ShapeMNK   cute.IntTuple
	ThrID      cute.Layout
	LayoutA_TV cute.Layout
	LayoutB_TV cute.Layout
	LayoutC_TV cute.Layout
}

// MakeMMAAtom is CuTe's MMA_Atom<Op>{} for the operation Op named as CuTe names it:
// SM80_16x8x16_F32BF16BF16F32_TN, SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,
// GMMA::Major::K>, SM90_64x64x8_F32TF32TF32_SS_TN<> (the `<>` may be left out). An
// operation the table does not hold is refused (ErrInvalid), naming the closest names.
func MakeMMAAtom(name string) (MMAAtom, error) {
	n := normalizeName(name)
	t := theTable()
	r, ok := t.mma[n]
	if !ok {
		if r2, ok2 := t.mma[n+"<>"]; ok2 {
			r, ok = r2, true
		} else if r2, ok2 := t.mma[strings.TrimSuffix(n, "<>")]; ok2 {
			r, ok = r2, true
		}
	}
	if !ok {
		return MMAAtom{}, errorf("MMA_Atom", cute.ErrInvalid, "%s is not an MMA atom of the table%s", brief(name), unknownMMAHint(n))
	}
	a := MMAAtom{Name: r.name}
	var err error
	parse := func(s string) cute.Layout {
		l, e := cute.ParseLayout(s)
		if e != nil && err == nil {
			err = e
		}
		return l
	}
	a.ShapeMNK, err = cute.ParseIntTuple(r.shape)
	a.ThrID, a.LayoutA_TV, a.LayoutB_TV, a.LayoutC_TV = parse(r.thrID), parse(r.a), parse(r.b), parse(r.c)
	if err != nil {
		return MMAAtom{}, errorf("MMA_Atom", cute.ErrInternal, "%s: bad table row: %v", r.name, err)
	}
	return a, nil
}

// unknownMMAHint says why a name is not in the table where a rule of CuTe's explains it,
// or else names table entries sharing the name's prefix.
func unknownMMAHint(n string) string {
	if strings.Contains(n, "_RS<GMMA::Major::MN") {
		return " (Register source operand A must have K major layout.)"
	}
	// candidates: same architecture and types (the parts around the shape), else the
	// same architecture
	parts := strings.SplitN(n, "_", 3)
	var near []string
	for pass := 0; pass < 2 && len(near) == 0; pass++ {
		for _, m := range theTable().mmaNames {
			mp := strings.SplitN(m, "_", 3)
			if mp[0] != parts[0] || pass == 0 && (len(parts) < 3 || len(mp) < 3 || mp[2] != parts[2]) {
				continue
			}
			near = append(near, m)
			if len(near) == 3 {
				break
			}
		}
	}
	if len(near) == 0 {
		return ""
	}
	return "; did you mean " + strings.Join(near, ", ") + "?"
}

func brief(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// String prints the atom as CuTe's print(MMA_Atom) does (without the `_` marks).
func (a MMAAtom) String() string {
	return "MMA_Atom\n" +
		"  ThrID:      " + a.ThrID.String() + "\n" +
		"  Shape_MNK:  " + a.ShapeMNK.String() + "\n" +
		"  LayoutA_TV: " + a.LayoutA_TV.String() + "\n" +
		"  LayoutB_TV: " + a.LayoutB_TV.String() + "\n" +
		"  LayoutC_TV: " + a.LayoutC_TV.String() + "\n"
}
