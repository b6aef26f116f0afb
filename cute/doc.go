// Package cute is NVIDIA CuTe's layout algebra in pure Go: hierarchical integer tuples,
// shape:stride layouts and their algebra (coalesce, composition, complement, inverses,
// divides, products), swizzles, composed layouts and scaled-basis strides.
//
// CUTLASS's C++ CuTe, evaluated with every integer a compile-time constant, is the
// reference for every result; results print as it prints them, minus the `_` marks.
// Where CuTe refuses an input, the functions here return an *Error naming the operation
// and the reason. Layouts are immutable values.
package cute
