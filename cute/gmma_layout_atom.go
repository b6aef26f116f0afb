package cute

import "strings"

// GMMALayoutKind names one of Hopper's GMMA shared-memory layout atoms (CUTLASS's
// GMMA::Layout_{K,MN}_{INTER,SW32,SW64,SW128}_Atom<T> in cute/atom/mma_traits_sm90_gmma.hpp).
type GMMALayoutKind int

// The eight atoms: K-major or MN-major, with no swizzle (INTER: 16-byte interleave) or
// the 32-, 64- or 128-byte swizzle.
const (
	GMMAKInter GMMALayoutKind = iota
	GMMAKSW32
	GMMAKSW64
	GMMAKSW128
	GMMAMNInter
	GMMAMNSW32
	GMMAMNSW64
	GMMAMNSW128
)

var gmmaKindNames = [...]string{"K_INTER", "K_SW32", "K_SW64", "K_SW128", "MN_INTER", "MN_SW32", "MN_SW64", "MN_SW128"}

// String is CUTLASS's name of the atom without Layout_/_Atom: "K_SW128".
func (k GMMALayoutKind) String() string {
	if k < 0 || int(k) >= len(gmmaKindNames) {
		return "GMMALayoutKind(?)"
	}
	return gmmaKindNames[k]
}

// ParseGMMALayoutKind reads "K_SW128", "MN_INTER", ... (case-insensitive, with or without
// CUTLASS's Layout_ prefix and _Atom suffix).
func ParseGMMALayoutKind(s string) (GMMALayoutKind, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	u = strings.TrimSuffix(strings.TrimPrefix(u, "LAYOUT_"), "_ATOM")
	for i, n := range gmmaKindNames {
		if u == n {
			return GMMALayoutKind(i), nil
		}
	}
	return 0, errorf("gmma_layout_atom", ErrInvalid, "unknown GMMA layout atom %q (want K|MN _ INTER|SW32|SW64|SW128)", s)
}

// GMMALayoutAtom is CUTLASS's GMMA::Layout_<kind>_Atom<T> for an element of elemBits bits
// (a power of two, 1..1024), in its position-independent form (CuTe's
// as_position_independent_swizzle_layout): the swizzle acts on element offsets, so the
// atom is the function c ↦ Sw(L(c)) on element indices. The byte-address atoms are
// Sw<0|1|2|3,4,3> o (8,W):(W,1) (K-major) or (W,8):(1,W) (MN-major) with W = 16, 32, 64,
// 128 bytes; here upcast to elements: K_SW128 for 16-bit T is Sw<3,3,3> o 0 o (8,64):(64,1).
// C++ prints the atom itself with the swizzle in bytes and `smem_ptr[16b](unset)` in
// place of the offset 0; INTER atoms have the identity swizzle Sw<0,…>, which C++'s
// position-independent form prints as the plain layout ((8,8):(8,1) for 16-bit T).
func GMMALayoutAtom(kind GMMALayoutKind, elemBits int64) (c ComposedLayout, err error) {
	defer catch("gmma_layout_atom", &err)
	if kind < 0 || int(kind) >= len(gmmaKindNames) {
		throw("gmma_layout_atom", ErrInvalid, "unknown GMMA layout kind %d", int(kind))
	}
	if elemBits < 1 || elemBits > 1024 || elemBits&(elemBits-1) != 0 {
		throw("gmma_layout_atom", ErrInvalid, "element size %d bits is not a power of two in [1,1024]", elemBits)
	}
	b := int(kind) % 4   // swizzle bits: INTER 0, SW32 1, SW64 2, SW128 3
	w := int64(128) << b // atom row width in bits: 128, 256, 512, 1024
	var bitsLayout Layout
	if kind < GMMAMNInter {
		bitsLayout = Layout{shape: Ints(8, w), stride: Ints(w, 1)}
	} else {
		bitsLayout = Layout{shape: Ints(w, 8), stride: Ints(1, w)}
	}
	sw, err := RecastSwizzle(Swizzle{B: b, M: 4, S: 3}, 8, elemBits)
	if err != nil {
		return ComposedLayout{}, err
	}
	inner, err := Upcast(bitsLayout, elemBits)
	if err != nil {
		return ComposedLayout{}, err
	}
	return ComposedLayout{Outer: sw, Offset: 0, Inner: inner}, nil
}
