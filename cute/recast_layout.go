package cute

// RecastLayout is CuTe's recast_layout<OldType,NewType>(L) with the types given by their
// sizes in bits: with new/old reduced to num/den, the identity when both are 1,
// downcast<den> when num is 1, upcast<num> when den is 1, else downcast<den>(upcast<num>(L)).
// recast_layout<uint16,uint32>((4,8):(1,4)) = (2,8):(1,2).
func RecastLayout(l Layout, oldBits, newBits int64) (r Layout, err error) {
	num, den, err := recastRatio(oldBits, newBits)
	if err != nil {
		return Layout{}, err
	}
	r = l
	if num != 1 {
		if r, err = Upcast(r, num); err != nil {
			return Layout{}, opErr(err, "recast_layout")
		}
	}
	if den != 1 {
		if r, err = Downcast(r, den); err != nil {
			return Layout{}, opErr(err, "recast_layout")
		}
	}
	return r, nil
}

// RecastSwizzle is CuTe's recast_layout<OldType,NewType>(Swizzle): the swizzle re-expressed
// in units of newBits (upcast / downcast by the reduced ratio, which must be powers of two).
// recast_layout<uint8_t,half_t>(Sw<3,4,3>) = Sw<3,3,3>.
func RecastSwizzle(s Swizzle, oldBits, newBits int64) (r Swizzle, err error) {
	if err := s.check("recast_layout"); err != nil {
		return Swizzle{}, err
	}
	num, den, err := recastRatio(oldBits, newBits)
	if err != nil {
		return Swizzle{}, err
	}
	r = s
	if num != 1 {
		if r, err = UpcastSwizzle(r, num); err != nil {
			return Swizzle{}, opErr(err, "recast_layout")
		}
	}
	if den != 1 {
		if r, err = DowncastSwizzle(r, den); err != nil {
			return Swizzle{}, opErr(err, "recast_layout")
		}
	}
	return r, nil
}

// ComposedRecastLayout is CuTe's recast_layout<OldType,NewType>(A o O o B): the composed
// upcast and/or downcast by the reduced bit ratio.
func ComposedRecastLayout(c ComposedLayout, oldBits, newBits int64) (r ComposedLayout, err error) {
	num, den, err := recastRatio(oldBits, newBits)
	if err != nil {
		return ComposedLayout{}, err
	}
	r = c
	if num != 1 {
		if r, err = ComposedUpcast(r, num); err != nil {
			return ComposedLayout{}, opErr(err, "recast_layout")
		}
	}
	if den != 1 {
		if r, err = ComposedDowncast(r, den); err != nil {
			return ComposedLayout{}, opErr(err, "recast_layout")
		}
	}
	return r, nil
}

func recastRatio(oldBits, newBits int64) (num, den int64, err error) {
	if oldBits < 1 || newBits < 1 {
		return 0, 0, errorf("recast_layout", ErrInvalid, "bit sizes %d and %d must be positive", oldBits, newBits)
	}
	g := gcdI(oldBits, newBits)
	return newBits / g, oldBits / g, nil
}
