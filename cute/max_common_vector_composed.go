package cute

// ComposedMaxCommonVector is CuTe's max_common_vector(Sw o O o B, L) (swizzle_layout.hpp):
// min(max_common_vector(B, L), 2^M) for Sw = Sw<B,M,S>: a swizzle keeps runs of 2^M
// contiguous elements together. C++ assumes the offset O leaves those runs aligned; we
// also bound the result by the largest power of two dividing O (1 when O is odd), so the
// vector is always a run of contiguous, aligned elements of both layouts (a smaller answer
// than C++'s where O is not aligned: interop/KNOWN_DISAGREEMENTS.md ruling 5).
// max_common_vector(L, Sw o O o B) is the same.
func ComposedMaxCommonVector(a ComposedLayout, b Layout) (int64, error) {
	if err := a.Outer.check("max_common_vector"); err != nil {
		return 0, err
	}
	v, err := MaxCommonVector(a.Inner, b)
	if err != nil {
		return 0, err
	}
	return minI(v, swizzleRun(a)), nil
}

// ComposedMaxCommonVectorBoth is CuTe's max_common_vector(Sw0 o O0 o B0, Sw1 o O1 o B1):
// max_common_vector(B0, B1), bounded by 2^M0 and 2^M1 unless the two swizzles are equal
// (and, as in ComposedMaxCommonVector, by the alignment of the offsets unless both
// composed layouts are the same function up to their inner layouts: equal swizzles and
// offsets).
func ComposedMaxCommonVectorBoth(a, b ComposedLayout) (int64, error) {
	for _, s := range []Swizzle{a.Outer, b.Outer} {
		if err := s.check("max_common_vector"); err != nil {
			return 0, err
		}
	}
	v, err := MaxCommonVector(a.Inner, b.Inner)
	if err != nil {
		return 0, err
	}
	if a.Outer == b.Outer && a.Offset == b.Offset {
		return v, nil
	}
	return minI(v, minI(swizzleRun(a), swizzleRun(b))), nil
}

// ComposedMaxCommonLayout is CuTe's max_common_layout(Sw o O o B, L):
// max_common_layout(B, L), truncated to its first 2^M elements when it is longer
// (C++'s common.compose(Int<2^M>), composition with 2^M:1); bounded by the offset's alignment as
// ComposedMaxCommonVector.
func ComposedMaxCommonLayout(a ComposedLayout, b Layout) (r Layout, err error) {
	defer catch("max_common_layout", &err)
	a.Outer.mustValid()
	common, err := MaxCommonLayout(a.Inner, b)
	if err != nil {
		return Layout{}, err
	}
	base := swizzleRun(a)
	if base < size(common.shape) {
		return Composition(common, Layout{shape: Int(base), stride: Int(1)})
	}
	return common, nil
}

// swizzleRun is 2^M (a swizzle's runs of untouched low bits), bounded by the alignment of
// the offset. C++ bounds by 2^M for every Sw<B,M,S>, the identity swizzle Sw<0,M,S> of
// make_composed_layout included (max_common_vector(Sw<0,1,-2> o 0 o 8:1, 8:1) = 2), and
// so do we: a smaller vector is still a correct one.
func swizzleRun(c ComposedLayout) int64 {
	run := int64(1) << c.Outer.M
	if o := absI(c.Offset); o != 0 {
		run = minI(run, o&-o)
	}
	return run
}
