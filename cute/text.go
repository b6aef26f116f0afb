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

// AppendText appends String to b (encoding.TextAppender). The zero Layout (no layout)
// appends nothing: its text is "", as netip.Addr writes its zero value, so that a struct
// with an unset layout round-trips through JSON.
func (l Layout) AppendText(b []byte) ([]byte, error) {
	if l.IsZero() {
		return b, nil
	}
	return append(b, l.String()...), nil
}

// MarshalText is String as bytes; the zero Layout is "" (see AppendText).
func (l Layout) MarshalText() ([]byte, error) { return l.AppendText(nil) }

// UnmarshalText is ParseLayout into l; "" is the zero Layout (what MarshalText writes
// for it).
func (l *Layout) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*l = Layout{}
		return nil
	}
	v, err := ParseLayout(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// AppendText appends String to b (encoding.TextAppender).
func (t IntTuple) AppendText(b []byte) ([]byte, error) { return append(b, t.String()...), nil }

// MarshalText is String as bytes.
func (t IntTuple) MarshalText() ([]byte, error) { return t.AppendText(nil) }

// UnmarshalText is ParseIntTuple into t.
func (t *IntTuple) UnmarshalText(b []byte) error {
	v, err := ParseIntTuple(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// AppendText appends String to b (`Sw<3,4,3>`, encoding.TextAppender); an invalid
// Swizzle is an error.
func (s Swizzle) AppendText(b []byte) ([]byte, error) {
	if err := s.check("swizzle"); err != nil {
		return b, err
	}
	return append(b, s.String()...), nil
}

// MarshalText is String as bytes (see AppendText).
func (s Swizzle) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// UnmarshalText is ParseSwizzle into s.
func (s *Swizzle) UnmarshalText(b []byte) error {
	v, err := ParseSwizzle(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// AppendText appends String to b (`Sw<3,4,3> o 0 o (8,64):(64,1)`,
// encoding.TextAppender); an invalid one (see Validate) is an error.
func (c ComposedLayout) AppendText(b []byte) ([]byte, error) {
	if err := c.Validate(); err != nil {
		return b, err
	}
	return append(b, c.String()...), nil
}

// MarshalText is String as bytes (see AppendText).
func (c ComposedLayout) MarshalText() ([]byte, error) { return c.AppendText(nil) }

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
