package main

// ops is the table of libcutego's algebra: one row per C function, in the order of
// cutego.h. A row names the C function as CuTe names the operation (cute_<Name>), its
// arguments (kind and C name, which is also the name its error messages give), its result,
// the package cute function that computes it and a one-line doc (cutego.h's comment).
//
// From it bindgen writes the cgo exports (capi/ops_gen.go), the prototypes of cutego.h,
// the functions of cutego.hpp, the signatures of python/cutego/_ffi.py and the fast-path
// entries of python/cutego/_cext.c. A new operation is its cute/ file, its test and a row.
var ops = []op{
	{Name: "coalesce", Args: args(layout("l")), Result: layoutOut, Go: "cute.Coalesce",
		Doc: "coalesce(L): the same function flattened, mergeable modes combined, size-1 modes dropped.", Py: "v_unary_profile"},
	{Name: "coalesce_profile", CppName: "coalesce", Args: args(layout("l"), tuple("profile")), Result: layoutOut, Go: "cute.CoalesceProfile",
		Doc: "coalesce(L, profile): coalesce each mode of the profile separately."},
	{Name: "filter", Args: args(layout("l")), Result: layoutOut, Go: "cute.Filter",
		Doc: "filter(L) = coalesce(filter_zeros(L)): no stride-0 or size-1 modes, the rest coalesced.", Py: "v_unary_profile"},
	{Name: "filter_zeros", Args: args(layout("l")), Result: layoutOut, Go: "cute.FilterZeros",
		Doc: "filter_zeros(L): every mode of stride 0 gets shape 1; structure and strides are kept.", Py: "v_unary"},

	{Name: "composition", Args: args(layout("a"), tiler("b")), Result: layoutOut, Go: "cute.CompositionTiler", GoLayout: "cute.Composition",
		Doc: "composition(A, B) = A o B: the layout c -> A(B(c)).", Py: "v_tiler"},
	{Name: "logical_divide", Args: args(layout("a"), tiler("b")), Result: layoutOut, Go: "cute.LogicalDivide",
		Doc: "logical_divide(A, B) = A o (B, complement(B, shape(coalesce(A)))): (tile, rest).", Py: "v_tiler"},
	{Name: "zipped_divide", Args: args(layout("a"), tiler("b")), Result: layoutOut, Go: "cute.ZippedDivide",
		Doc: "zipped_divide(A, B): logical_divide as ((T0,T1,...),(R0,R1,...)).", Py: "v_tiler"},
	{Name: "tiled_divide", Args: args(layout("a"), tiler("b")), Result: layoutOut, Go: "cute.TiledDivide",
		Doc: "tiled_divide(A, B): zipped_divide with the rest mode unpacked, ((T0,T1,...),R0,R1,...).", Py: "v_tiler"},
	{Name: "flat_divide", Args: args(layout("a"), tiler("b")), Result: layoutOut, Go: "cute.FlatDivide",
		Doc: "flat_divide(A, B): zipped_divide with both modes unpacked, (T0,T1,...,R0,R1,...).", Py: "v_tiler"},
	{Name: "logical_product", Args: args(layout("a"), tiler("b")), Result: layoutOut, Go: "cute.LogicalProduct",
		Doc: "logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B): A repeated as B says.", Py: "v_tiler"},
	{Name: "zipped_product", Args: args(layout("a"), tiler("b")), Result: layoutOut, Go: "cute.ZippedProduct",
		Doc: "zipped_product(A, B): logical_product as ((A0,A1,...),(P0,P1,...)).", Py: "v_tiler"},
	{Name: "tiled_product", Args: args(layout("a"), tiler("b")), Result: layoutOut, Go: "cute.TiledProduct",
		Doc: "tiled_product(A, B): zipped_product with the second mode unpacked, ((A0,A1,...),P0,P1,...).", Py: "v_tiler"},
	{Name: "flat_product", Args: args(layout("a"), tiler("b")), Result: layoutOut, Go: "cute.FlatProduct",
		Doc: "flat_product(A, B): zipped_product with both modes unpacked.", Py: "v_tiler"},

	{Name: "blocked_product", Args: args(layout("a"), layout("b")), Result: layoutOut, Go: "cute.BlockedProduct",
		Doc: "blocked_product(A, B): mode i is (A_i, P1_i) of P = logical_product(A, B): blocks contiguous.", Py: "v_binary"},
	{Name: "raked_product", Args: args(layout("a"), layout("b")), Result: layoutOut, Go: "cute.RakedProduct",
		Doc: "raked_product(A, B): mode i is (P1_i, A_i): as blocked_product, the blocks interleaved.", Py: "v_binary"},
	{Name: "complement", Args: args(layout("l"), optTuple("cotarget", "cute.ComplementDefault")), Result: layoutOut, Go: "cute.Complement",
		Doc: "complement(L, cotarget); cotarget == NULL means complement(L) (cotarget cosize(L)).", Py: "v_complement"},
	{Name: "right_inverse", Args: args(layout("l")), Result: layoutOut, Go: "cute.RightInverse",
		Doc: "right_inverse(L): the layout R with L(R(i)) = i for i < size(R), as large as CuTe finds it.", Py: "v_unary"},
	{Name: "left_inverse", Args: args(layout("l")), Result: layoutOut, Go: "cute.LeftInverse",
		Doc: "left_inverse(L): a layout R with R(L(i)) = i for every i < size(L) when L is injective.", Py: "v_unary"},
	{Name: "max_common_vector", Args: args(layout("a"), layout("b")), Result: int64Out, Go: "cute.MaxCommonVector",
		Doc: "max_common_vector(A, B): how many elements A and B map alike and contiguously (at least 1)."},
	{Name: "max_common_layout", Args: args(layout("a"), layout("b")), Result: layoutOut, Go: "cute.MaxCommonLayout",
		Doc: "max_common_layout(A, B): the layout R of the most elements with A(R(i)) = B(R(i)) = i."},
	{Name: "nullspace", Args: args(layout("l")), Result: layoutOut, Go: "cute.Nullspace",
		Doc: "nullspace(L): the flat stride-0 modes of L (1:0 if none): L(R(i)) = 0 for i < size(R).", Py: "v_unary"},
	{Name: "tile_to_shape", Args: args(layout("a"), tuple("shape"), optTuple("order", "")), Result: layoutOut, Go: "cute.TileToShapeOrdered", GoLayout: "cute.TileToShape",
		Doc: "tile_to_shape(A, shape[, order]): A repeated to cover shape (order may be NULL)."},
}
