package cute

// The values of package cute read and write CuTe's printed form (String and Parse) as
// encoding.TextMarshaler and encoding.TextUnmarshaler, so that they travel in JSON, flags
// and configuration files as the text a CuTe user reads.

// MustParseLayout is ParseLayout for literals known to be valid (tests, examples,
// package-level variables); it panics on an error.
func MustParseLayout(s string) Layout {
	l, err := ParseLayout(s)
	if err != nil {
		panic(err)
	}
	return l
}

// MarshalText is String as bytes; the zero Layout (no layout) is an error.
func (l Layout) MarshalText() ([]byte, error) {
	if l.IsZero() {
		return nil, errorf("layout", ErrInvalid, "the zero Layout has no text form")
	}
	return []byte(l.String()), nil
}

// UnmarshalText is ParseLayout into l.
func (l *Layout) UnmarshalText(b []byte) error {
	v, err := ParseLayout(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// MarshalText is String as bytes.
func (t IntTuple) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText is ParseIntTuple into t.
func (t *IntTuple) UnmarshalText(b []byte) error {
	v, err := ParseIntTuple(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// MarshalText is String as bytes (`Sw<3,4,3>`); an invalid Swizzle is an error.
func (s Swizzle) MarshalText() ([]byte, error) {
	if err := s.check("swizzle"); err != nil {
		return nil, err
	}
	return []byte(s.String()), nil
}

// UnmarshalText is ParseSwizzle into s.
func (s *Swizzle) UnmarshalText(b []byte) error {
	v, err := ParseSwizzle(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// MarshalText is String as bytes (`Sw<3,4,3> o 0 o (8,64):(64,1)`); an invalid one
// (see Validate) is an error.
func (c ComposedLayout) MarshalText() ([]byte, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return []byte(c.String()), nil
}

// UnmarshalText is ParseComposedLayout into c.
func (c *ComposedLayout) UnmarshalText(b []byte) error {
	v, err := ParseComposedLayout(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Equal reports whether c and d are the same composed layout: equal swizzles, offsets
// and inner layouts (Layout.Equal), not merely the same function.
func (c ComposedLayout) Equal(d ComposedLayout) bool {
	return c.Outer == d.Outer && c.Offset == d.Offset && c.Inner.Equal(d.Inner)
}
