package cute

// Flatten is CuTe's flatten(t) on an IntTuple: the tuple of t's leaves, in order (depth
// at most 1). An integer stays an integer; () stays ().
func Flatten(t IntTuple) IntTuple {
	if t.elems == nil {
		return t
	}
	return tupleOwn(t.Leaves(make([]IntTuple, 0, t.NumLeaves())))
}

// FlattenLayout is CuTe's flatten(layout): the layout with the flattened shape and stride;
// the same function, depth at most 1.
func FlattenLayout(l Layout) Layout {
	return Layout{shape: Flatten(l.shape), stride: Flatten(l.stride)}
}
