// Package cute is NVIDIA CuTe's layout algebra in pure Go: hierarchical integer tuples,
// shape:stride layouts and their algebra (coalesce, composition, complement, inverses,
// divides, products), swizzles, composed layouts and scaled-basis strides.
//
//	a := cute.MustParseLayout("(4,8):(8,1)")           // row-major 4×8
//	b, err := cute.LogicalDivide(a, cute.MustParseLayout("2:1").AsTiler())
//	if err != nil {
//		return err // a *cute.Error naming the operation and the reason
//	}
//	fmt.Println(b)                                     // (2,(2,8)):(8,(16,1))
//	offs, err := a.Offsets()                           // every (coordinate, offset)
//	if err != nil {
//		return err
//	}
//	for c, off := range offs {
//		fmt.Println(c, off)
//	}
//	render.PrintLayout(os.Stdout, a)                   // CuTe's print_layout table
//
// Pictures of layouts (CuTe's print_layout table, SVG, LaTeX, PNG) are in package
// github.com/cutego/cutego/cute/render; Hopper tensor maps derived from layouts are in
// cute/tma.
//
// CUTLASS's C++ CuTe, evaluated with every integer a compile-time constant, is the
// reference for every result; results print as it prints them, minus the `_` marks.
// Where CuTe refuses an input, the functions here return an *Error naming the operation
// and the reason (its Kind: ErrInvalid, ErrNotAdmissible, ErrOverflow, ErrParse); no
// function panics on a value built by this package or parsed from text. Layouts are
// immutable values: compare them with Equal, print them with String, and store them as
// text (they implement encoding.TextMarshaler and TextUnmarshaler).
//
// # Untrusted input
//
// Parse and the other parsers read text in time and memory linear in its length, refuse
// nesting deeper than MaxParseDepth and NUL bytes, and quote at most a short window of
// the input in their errors. Scanner, the lexer under them, lets a larger language (cutego
// eval's expressions) share the same rules and the same depth limit. The cost of a value
// never grows with a number written in a few digits: a scaled basis 1@1048576 stays a
// few words, and an arithmetic tuple (the value of a layout with scaled-basis strides)
// is built only up to a few thousand elements beyond its terms (ErrInvalid past that).
//
// # Limits
//
// The algebra (coalesce, composition, complement, the inverses, divides and products)
// works on layouts of at most 32 flat modes (leaves) at once, in fixed-size scratch
// space; a larger layout is refused with ErrInvalid ("more than 32 modes"). Integers are
// int64; an overflow is ErrOverflow, never a wrapped value.
package cute
