package cute

// The nest codec: a hierarchical tuple as a string of structure tokens and its leaf values
// in order, the form the C ABI's structs (cute_layout_t, cute_int_tuple_t of cutego.h)
// store. It is the one codec of the project: libcutego's conversions call it, and its
// error messages are the ones a C caller reads from cutego_last_error.

// Nest tokens describe the structure of a hierarchical tuple in pre-order: NestLeaf for an
// integer, NestOpen and NestClose around the elements of a tuple. "(2,(3,4))" is
// ( L ( L L ) ); "5" is L; "()" is ( ). cutego.h's CUTE_NEST_* constants are these (capi
// checks it at compile time).
const (
	NestLeaf  = 0
	NestOpen  = 1
	NestClose = 2
)

// nestMaxTokens bounds the nest the decoders read (the C ABI holds at most 64 tokens): a
// tuple then has fewer than 128 elements and the nesting is at most 64 deep.
const nestMaxTokens = 128

// MakeLayoutNest is MakeLayout for a layout given by the nest tokens of its shape's
// structure (exactly one node, every token used) and its leaf shapes and strides in order
// (len(shape) == len(stride) == the number of NestLeaf tokens), built with a single
// allocation. Shapes must be positive. An ErrInvalid error names what is wrong with the
// nest and where.
func MakeLayoutNest(nest []int8, shape, stride []int64) (Layout, error) {
	return MakeLayoutNestIn(nil, nest, shape, stride)
}

// MakeLayoutNestIn is MakeLayoutNest building the layout's tuples in the front of *back
// when it has room, and advancing *back past them (it allocates as MakeLayoutNest does
// when not): an arena for a caller that converts layouts on every call and drops them
// together (libcutego's exports). The layout, and any result of an operation on it, may
// share those elements: the caller must not reuse them while such a value is live. back
// may be nil; its elements' old contents do not matter.
func MakeLayoutNestIn(back *[]IntTuple, nest []int8, shape, stride []int64) (Layout, error) {
	const op = "make_layout"
	if len(shape) != len(stride) {
		return Layout{}, errorf(op, ErrInvalid, "%d leaf shapes but %d leaf strides", len(shape), len(stride))
	}
	var nb nestBuilder // set field by field: a composite literal is built aside and copied
	nb.nest, nb.a, nb.b = nest, shape, stride
	if err := nb.scan(op, true); err != nil {
		return Layout{}, err
	}
	if nb.total > 0 {
		nb.back = takeBack(back, 2*nb.total)
	}
	var l Layout
	nb.build(&l.shape, &l.stride)
	return l, nil
}

// MakeIntTupleNest is the IntTuple given by nest tokens and its leaf values in order
// (len(values) == the number of NestLeaf tokens; any values), built with a single
// allocation. The inverse of IntTuple.AppendNest.
func MakeIntTupleNest(nest []int8, values []int64) (IntTuple, error) {
	return MakeIntTupleNestIn(nil, nest, values)
}

// MakeIntTupleNestIn is MakeIntTupleNest building in the front of *back when it has room,
// as MakeLayoutNestIn does.
func MakeIntTupleNestIn(back *[]IntTuple, nest []int8, values []int64) (IntTuple, error) {
	if len(nest) == 1 && nest[0] == NestLeaf && len(values) == 1 {
		return Int(values[0]), nil // an integer: nothing to check or build
	}
	var nb nestBuilder
	nb.nest, nb.a = nest, values
	if err := nb.scan("make_int_tuple", false); err != nil {
		return IntTuple{}, err
	}
	if nb.total > 0 {
		nb.back = takeBack(back, nb.total)
	}
	var t IntTuple
	nb.build(&t, nil)
	return t, nil
}

// takeBack is n zero tuples: the front of *back (which then starts after them) when it
// holds n, a new array otherwise.
func takeBack(back *[]IntTuple, n int) []IntTuple {
	if back == nil || len(*back) < n {
		return make([]IntTuple, n)
	}
	e := (*back)[:n:n]
	*back = (*back)[n:]
	clear(e)
	return e
}

// nestBuilder decodes a nest in two passes: scan checks the tokens and counts the
// elements of each tuple (kids[p] for the NestOpen at p) and of all tuples together
// (total); build then builds the tuple(s), the elements of every tuple adjacent in one
// backing array.
type nestBuilder struct {
	nest  []int8
	a, b  []int64 // leaf values (a: shape or values; b: stride, or nil)
	kids  [nestMaxTokens]uint8
	total int
	back  []IntTuple
}

// scan is the first pass: every refusal of the codec, with its message.
func (nb *nestBuilder) scan(op string, positive bool) *Error {
	nest, n := nb.nest, len(nb.nest)
	if n == 0 {
		return errorf(op, ErrInvalid, "empty nest (no tokens)")
	}
	if n > nestMaxTokens {
		return errorf(op, ErrInvalid, "nest of %d tokens is longer than %d", n, nestMaxTokens)
	}
	var open [nestMaxTokens]uint8 // positions of the tuples still open
	sp, leaves := 0, 0
	for p := 0; p < n; p++ {
		if p > 0 && sp == 0 {
			return errorf(op, ErrInvalid, "nest has %d tokens after the end of the tuple (token %d on)", n-p, p)
		}
		if sp > 0 && nest[p] != NestClose {
			nb.kids[open[sp-1]]++
			nb.total++
		}
		switch nest[p] {
		case NestLeaf:
			if leaves >= len(nb.a) {
				return errorf(op, ErrInvalid, "nest holds more leaves than the %d given (token %d)", len(nb.a), p)
			}
			if positive && nb.a[leaves] < 1 {
				return errorf(op, ErrInvalid, "shape %d (leaf %d) is not positive", nb.a[leaves], leaves)
			}
			leaves++
		case NestOpen:
			nb.kids[p] = 0
			open[sp] = uint8(p)
			sp++
		case NestClose:
			if sp == 0 {
				return errorf(op, ErrInvalid, "unbalanced NestClose at token %d", p)
			}
			sp--
		default:
			return errorf(op, ErrInvalid, "bad nest token %d at %d (NestLeaf %d, NestOpen %d, NestClose %d)", nest[p], p, NestLeaf, NestOpen, NestClose)
		}
	}
	if sp != 0 {
		return errorf(op, ErrInvalid, "nest ends inside a tuple (%d left open)", sp)
	}
	if leaves != len(nb.a) {
		return errorf(op, ErrInvalid, "nest holds %d leaves but %d are given", leaves, len(nb.a))
	}
	return nil
}

// build is the second pass: the tokens in order, each node written where the innermost
// open tuple's next element goes (the root: *sh, *sd). A tuple takes the slots of its k
// elements from back as it opens: k shapes, then k strides (sd == nil: one tuple of
// values, k slots). The slots are zero, so a leaf sets its values alone.
func (nb *nestBuilder) build(sh, sd *IntTuple) {
	var next [nestMaxTokens / 2]uint16 // per open tuple: the slot of its next element
	var kids [nestMaxTokens / 2]uint8  // per open tuple: its number of elements
	sp, leaf, bp := 0, 0, 0
	for p, tok := range nb.nest {
		if tok == NestClose {
			sp--
			continue
		}
		dsh, dsd := sh, sd
		if sp > 0 {
			i := int(next[sp-1])
			next[sp-1]++
			dsh = &nb.back[i]
			if sd != nil {
				dsd = &nb.back[i+int(kids[sp-1])]
			}
		}
		if tok == NestLeaf {
			dsh.v = nb.a[leaf]
			if sd != nil {
				dsd.v = nb.b[leaf]
			}
			leaf++
			continue
		}
		k := int(nb.kids[p])
		es, ed := emptyElems, emptyElems
		if k > 0 {
			es = nb.back[bp : bp+k : bp+k]
			next[sp], kids[sp] = uint16(bp), uint8(k)
			bp += k
			if sd != nil {
				ed = nb.back[bp : bp+k : bp+k]
				bp += k
			}
		}
		dsh.elems = es
		if sd != nil {
			dsd.elems = ed
		}
		sp++
	}
}

// AppendNest appends the nest tokens of l's shape and its leaf shapes and strides, in
// order, to nest, shape and stride (the inverse of MakeLayoutNest). A scaled-basis stride
// has no such form: ErrInvalid.
func (l Layout) AppendNest(nest []int8, shape, stride []int64) ([]int8, []int64, []int64, error) {
	n, sh, sd, ok := appendNest(&l.shape, &l.stride, nest, shape, stride)
	if !ok {
		return nest, shape, stride, errorf("layout", ErrInvalid, "layout %v has a scaled-basis stride, which has no nest form", l)
	}
	return n, sh, sd, nil
}

// appendNest is AppendNest's walk, false at a scaled-basis stride. It takes the tuples
// by pointer (an IntTuple is seven words) and returns the slices (so that they leak only
// to its results: a caller's stack buffers stay on the stack).
func appendNest(s, d *IntTuple, nest []int8, shape, stride []int64) ([]int8, []int64, []int64, bool) {
	if s.elems == nil {
		return append(nest, NestLeaf), append(shape, s.v), append(stride, d.v), d.basis == nil
	}
	nest = append(nest, NestOpen)
	for i := range s.elems {
		ok := true
		if nest, shape, stride, ok = appendNest(&s.elems[i], &d.elems[i], nest, shape, stride); !ok {
			return nest, shape, stride, false
		}
	}
	return append(nest, NestClose), shape, stride, true
}

// AppendNest appends the nest tokens of t and its leaf values, in order, to nest and
// values (the inverse of MakeIntTupleNest). A scaled-basis leaf has no such form:
// ErrInvalid.
func (t IntTuple) AppendNest(nest []int8, values []int64) ([]int8, []int64, error) {
	n, v, ok := appendNest1(&t, nest, values)
	if !ok {
		return nest, values, errorf("int_tuple", ErrInvalid, "%v has a scaled-basis leaf, which has no nest form", t)
	}
	return n, v, nil
}

func appendNest1(t *IntTuple, nest []int8, values []int64) ([]int8, []int64, bool) {
	if t.elems == nil {
		return append(nest, NestLeaf), append(values, t.v), t.basis == nil
	}
	nest = append(nest, NestOpen)
	for i := range t.elems {
		ok := true
		if nest, values, ok = appendNest1(&t.elems[i], nest, values); !ok {
			return nest, values, false
		}
	}
	return append(nest, NestClose), values, true
}
