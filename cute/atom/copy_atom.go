package atom

import (
	"strconv"
	"strings"

	"github.com/cutego/cutego/cute"
)

// CopyAtom is CuTe's Copy_Atom<Copy_Traits<Op>, ValType>: a copy instruction as layouts.
// The traits hold ThrID and the (thread, value) → bit layouts of the source, the
// destination and the reference (BitLayoutSrc/Dst/Ref); the atom recasts them to ValType
// (recast_layout<uint1_t, ValType>), giving ValLayoutSrc/Dst/Ref: (thread, value) → element.
type CopyAtom struct {
	Op                                       string // the operation as named, e.g. SM75_U32x4_LDSM_N or UniversalCopy<uint128_t>
	ValType                                  string // e.g. half_t
	ValBits                                  int64
	ThrID                                    cute.Layout
	BitLayoutSrc, BitLayoutDst, BitLayoutRef cute.Layout
	ValLayoutSrc, ValLayoutDst, ValLayoutRef cute.Layout
}

// MakeCopyAtom is CuTe's Copy_Atom<Op, ValType>{}: op is the copy operation as CuTe names
// it (SM75_U32x4_LDSM_N, UniversalCopy<uint128_t>, SM80_CP_ASYNC_CACHEALWAYS<uint128_t>),
// valType the element type (half_t, float…). It refuses, naming the atom, what C++
// CuTe refuses: an op or type the table does not hold, a type parameter the op does not
// admit, and a ValType the bit layouts cannot be recast to with one value mode per thread
// (CuTe's "CopyOperation is not valid for Src of ValType.").
func MakeCopyAtom(op, valType string) (CopyAtom, error) {
	const opName = "Copy_Atom"
	t := theTable()
	opN, vt := normalizeName(op), normalizeName(valType)
	full := "Copy_Atom<" + opN + "," + vt + ">"
	base, params := opN, []string(nil)
	if i := strings.IndexByte(opN, '<'); i >= 0 {
		if !strings.HasSuffix(opN, ">") {
			return CopyAtom{}, errorf(opName, cute.ErrInvalid, "%s: malformed operation name", brief(full))
		}
		base = opN[:i]
		if inner := opN[i+1 : len(opN)-1]; inner != "" {
			params = strings.Split(inner, ",")
		}
	}
	r, ok := t.copy[base]
	if !ok {
		return CopyAtom{}, errorf(opName, cute.ErrInvalid, "%s: %s is not a copy operation of the table", brief(full), brief(base))
	}
	vbits, ok := t.types[vt]
	if !ok {
		return CopyAtom{}, errorf(opName, cute.ErrInvalid, "%s: %s is not a value type of the table", brief(full), brief(vt))
	}
	takes := strings.Contains(r.name, "{S}")
	if !takes && len(params) > 0 || takes && (len(params) < 1 || len(params) > 2) {
		return CopyAtom{}, errorf(opName, cute.ErrInvalid, "%s: %s takes %s", brief(full), base, map[bool]string{true: "one or two type parameters", false: "no type parameter"}[takes])
	}
	var bits []int64
	for _, p := range params {
		b, ok := t.types[p]
		if !ok {
			return CopyAtom{}, errorf(opName, cute.ErrInvalid, "%s: %s is not a value type of the table", brief(full), brief(p))
		}
		bits = append(bits, b)
	}
	rep := strings.NewReplacer()
	if takes {
		if len(bits) == 1 {
			bits = append(bits, bits[0])
		}
		if err := checkTypeRule(r.rule, base, bits); err != "" {
			return CopyAtom{}, errorf(opName, cute.ErrNotAdmissible, "%s: %s", brief(full), err)
		}
		rep = strings.NewReplacer("{S}", strconv.FormatInt(bits[0], 10), "{D}", strconv.FormatInt(bits[1], 10))
	}
	a := CopyAtom{Op: opN, ValType: vt, ValBits: vbits}
	var err error
	parse := func(s string) cute.Layout {
		l, e := cute.ParseLayout(rep.Replace(s))
		if e != nil && err == nil {
			err = e
		}
		return l
	}
	a.ThrID, a.BitLayoutSrc, a.BitLayoutDst = parse(r.thrID), parse(r.src), parse(r.dst)
	if err != nil {
		return CopyAtom{}, errorf(opName, cute.ErrInternal, "%s: bad table row: %v", full, err)
	}
	a.BitLayoutRef = a.BitLayoutSrc
	if r.ref == "dst" {
		a.BitLayoutRef = a.BitLayoutDst
	}
	nthr := a.ThrID.Size()
	for _, x := range []struct {
		what string
		bit  cute.Layout
		val  *cute.Layout
	}{{"Src", a.BitLayoutSrc, &a.ValLayoutSrc}, {"Dst", a.BitLayoutDst, &a.ValLayoutDst}, {"Ref", a.BitLayoutRef, &a.ValLayoutRef}} {
		v, err := cute.RecastLayout(x.bit, 1, vbits)
		if err != nil {
			return CopyAtom{}, wrap(opName, full, err)
		}
		m0, err := v.Mode(0)
		if err != nil || m0.Size() != nthr || v.Rank() != 2 {
			return CopyAtom{}, errorf(opName, cute.ErrNotAdmissible, "%s: CopyOperation is not valid for %s of ValType (%s recast to %d bits is %v)", full, x.what, x.bit, vbits, v)
		}
		*x.val = v
	}
	return a, nil
}

// checkTypeRule checks the op's type parameters against its row's rule, as the static
// assertions of CuTe's copy operations do.
func checkTypeRule(rule, base string, bits []int64) string {
	switch rule {
	case "-":
		return ""
	case "ge8":
		if bits[0] < 8 || bits[1] < 8 {
			return base + " needs types of at least 8 bits"
		}
		return ""
	}
	if strings.HasPrefix(base, "SM80_CP_ASYNC") && bits[0] != bits[1] {
		return "cp.async requires sizeof(src_value_type) == sizeof(dst_value_type)"
	}
	for _, w := range strings.Split(rule, ",") {
		if strconv.FormatInt(bits[0], 10) == w {
			return ""
		}
	}
	return "cp.async sizeof(TS) is not supported (" + strconv.FormatInt(bits[0], 10) + " bits; " + rule + " are)"
}

// NumValSrc is CuTe's Copy_Atom::NumValSrc: size<1>(ValLayoutSrc).
func (a CopyAtom) NumValSrc() int64 { m, _ := a.ValLayoutSrc.Mode(1); return m.Size() }

// NumValDst is CuTe's Copy_Atom::NumValDst: size<1>(ValLayoutDst).
func (a CopyAtom) NumValDst() int64 { m, _ := a.ValLayoutDst.Mode(1); return m.Size() }

// String prints the atom as CuTe's print(Copy_Atom) does (without the `_` marks).
func (a CopyAtom) String() string {
	return "Copy_Atom\n" +
		"  ThrID:        " + a.ThrID.String() + "\n" +
		"  ValLayoutSrc: " + a.ValLayoutSrc.String() + "\n" +
		"  ValLayoutDst: " + a.ValLayoutDst.String() + "\n" +
		"  ValLayoutRef: " + a.ValLayoutRef.String() + "\n" +
		"  ValueType:    " + strconv.FormatInt(a.ValBits, 10) + "b\n"
}
