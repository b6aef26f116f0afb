package cute

// GetSwizzle is CuTe's get_swizzle / get_swizzle_portion of a composed layout: its outer
// swizzle function.
func GetSwizzle(c ComposedLayout) Swizzle { return c.Outer }

// GetNonswizzlePortion is CuTe's get_nonswizzle_portion: the inner layout of a swizzled
// composed layout.
func GetNonswizzlePortion(c ComposedLayout) Layout { return c.Inner }
