package cute

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Exported functions return errors, or panic with an *Error where they are
// documented to (like a slice index), never with a runtime error on user data.

func requireKind(t *testing.T, err error, kind ErrorKind) {
	t.Helper()
	var e *Error
	require.True(t, errors.As(err, &e), "%T %v", err, err)
	assert.Equal(t, kind, e.Kind, "%v", err)
}

// panicsWithError runs f and returns the *Error it panics with (nil when none).
func panicsWithError(f func()) (e *Error) {
	defer func() { e, _ = recover().(*Error) }()
	f()
	return nil
}

func TestSwizzleInvalid(t *testing.T) {
	bad := Swizzle{B: -5, M: 3, S: 2} // cute.Swizzle{B:-5,M:3,S:2}.Apply(7) was a runtime panic
	requireKind(t, bad.Validate(), ErrInvalid)
	e := panicsWithError(func() { bad.Apply(7) })
	require.NotNil(t, e, "Apply of an invalid swizzle panics with an *Error")
	assert.Equal(t, ErrInvalid, e.Kind)
	_, err := NewComposedLayout(bad, 0, MustParseLayout("8:1"))
	requireKind(t, err, ErrInvalid)
	c := MakeComposedLayout(bad, 0, MustParseLayout("8:1"))
	requireKind(t, c.Validate(), ErrInvalid)
	_, err = c.Eval(3)
	requireKind(t, err, ErrInvalid)
	_, err = c.MarshalText()
	requireKind(t, err, ErrInvalid)
	for _, s := range []Swizzle{bad, {B: 1, M: 70, S: 1}, {B: 3, M: 0, S: 1}, {B: 0, M: 0, S: 100}, {B: 1, M: -1, S: 1}} {
		requireKind(t, s.Validate(), ErrInvalid)
		_, err = UpcastSwizzle(s, 2)
		requireKind(t, err, ErrInvalid)
		_, err = DowncastSwizzle(s, 2)
		requireKind(t, err, ErrInvalid)
		_, err = RecastSwizzle(s, 8, 16)
		requireKind(t, err, ErrInvalid)
		_, err = ComposeSwizzles(s, Swizzle{})
		requireKind(t, err, ErrInvalid)
		_, err = ComposedMaxCommonVector(MakeComposedLayout(s, 0, MustParseLayout("8:1")), MustParseLayout("8:1"))
		requireKind(t, err, ErrInvalid)
		_, err = ComposedMaxCommonLayout(MakeComposedLayout(s, 0, MustParseLayout("8:1")), MustParseLayout("8:1"))
		requireKind(t, err, ErrInvalid)
	}
	require.NoError(t, Swizzle{}.Validate(), "the zero Swizzle is Sw<0,0,0>, the identity")
	require.NoError(t, Swizzle{B: 3, M: 4, S: 3}.Validate())
}

func TestIntTupleAtOutOfRange(t *testing.T) {
	// Ints(4,4).At(5) was a runtime index panic.
	for _, f := range []func(){
		func() { Ints(4, 4).At(5) },
		func() { Ints(4, 4).At(-1) },
		func() { Int(4).At(1) },
	} {
		e := panicsWithError(f)
		require.NotNil(t, e)
		assert.Equal(t, ErrInvalid, e.Kind)
	}
	_, err := GetTuple(Ints(4, 4), 5)
	requireKind(t, err, ErrInvalid)
	assert.Equal(t, "4", Ints(3, 4).At(1).String())
}

func TestIdx2CrdZeroShape(t *testing.T) {
	// idx2crd(5,(0,0)) answered "runtime error: integer divide by zero".
	_, err := Idx2Crd(5, Ints(0, 0))
	requireKind(t, err, ErrInvalid)
	_, err = Crd2Idx(Int(5), Ints(0, 0), Ints(1, 1))
	requireKind(t, err, ErrInvalid)
	c, err := Idx2Crd(5, Ints(2, 0)) // only the last mode may be 0 (it takes the rest)
	require.NoError(t, err)
	assert.Equal(t, "(1,2)", c.String())
}

// The Go API as Go users expect it: domains, errors, iteration, text.

func TestEvalDomain(t *testing.T) {
	l := MustParseLayout("(2,3):(3,1)")
	for _, i := range []int64{-1, 6, 1 << 40} {
		_, err := l.Eval(i)
		requireKind(t, err, ErrInvalid)
	}
	v, err := l.Eval(5)
	require.NoError(t, err)
	assert.Equal(t, int64(1*3+2*1), v)
	r, err := l.Call(Int(6)) // CuTe's function past the domain: the last mode takes the rest
	require.NoError(t, err)
	assert.Equal(t, "3", r.String())
	c := CompositionSwizzle(Swizzle{B: 1, M: 0, S: 1}, l)
	_, err = c.Eval(6)
	requireKind(t, err, ErrInvalid)
}

func TestSizeOverflow(t *testing.T) {
	l := MustParseLayout("(4294967296,4294967296):(1,0)")
	_, err := l.CheckedSize()
	requireKind(t, err, ErrOverflow)
	assert.Equal(t, int64(-1), l.Size())
	n, err := MustParseLayout("(4,8):(1,4)").CheckedSize()
	require.NoError(t, err)
	assert.Equal(t, int64(32), n)
	_, err = Layout{}.CheckedSize()
	requireKind(t, err, ErrInvalid)
}

func TestMustParseLayout(t *testing.T) {
	assert.Equal(t, "(2,(3,4)):(1,(2,6))", MustParseLayout("(2,(3,4))").String())
	e := panicsWithError(func() { MustParseLayout("(2,") })
	require.NotNil(t, e)
	assert.Equal(t, ErrParse, e.Kind)
}

func TestLayoutAll(t *testing.T) {
	// CuTe 01_layout.md: (3,(2,3)):(3,(12,1)) maps 1-D index 16 to coordinate (1,(1,2))
	// and offset 17; All visits every index in order.
	l := MustParseLayout("(3,(2,3)):(3,(12,1))")
	var coords []string
	var offs []int64
	for c, o := range l.All() {
		coords = append(coords, c.String())
		offs = append(offs, o)
	}
	require.Len(t, offs, 18)
	assert.Equal(t, "(1,(1,2))", coords[16])
	assert.Equal(t, int64(17), offs[16])
	for i, o := range offs { // brute force: the offset is the inner product with the stride
		c, err := ParseIntTuple(coords[i])
		require.NoError(t, err)
		want, err := InnerProduct(c, l.Stride())
		require.NoError(t, err)
		assert.Equal(t, want.Value(), o)
	}
	n := 0
	for range l.All() {
		n++
		if n == 3 {
			break
		}
	}
	assert.Equal(t, 3, n, "All stops when the loop breaks")
	for range MustParseLayout("(4,5):(1@0,1@1)").All() {
		t.Fatal("All yields nothing for scaled-basis strides")
	}
}

// Offsets is All with its error: the layouts All yields nothing for are errors, reported
// before any iteration; the others give All's sequence.
func TestLayoutOffsets(t *testing.T) {
	for s, kind := range map[string]ErrorKind{"(4,5):(1@0,1@1)": ErrInvalid, "(3,2):(4611686018427387904,1)": ErrOverflow, "": ErrInvalid} {
		var l Layout
		if s != "" {
			l = MustParseLayout(s)
		}
		seq, err := l.Offsets()
		requireKind(t, err, kind)
		assert.Nil(t, seq, s)
	}
	l := MustParseLayout("(3,(2,3)):(3,(12,1))")
	seq, err := l.Offsets()
	require.NoError(t, err)
	i := int64(0)
	for c, o := range seq {
		want, err := l.Eval(i)
		require.NoError(t, err)
		assert.Equal(t, want, o)
		ip, err := InnerProduct(c, l.Stride())
		require.NoError(t, err)
		assert.Equal(t, ip.Value(), o)
		i++
	}
	assert.Equal(t, l.Size(), i)
}

func TestTextMarshaling(t *testing.T) {
	type cfg struct {
		L  Layout
		T  IntTuple
		S  Swizzle
		C  ComposedLayout
		LP *Layout
	}
	in := cfg{
		L:  MustParseLayout("(4,(2,2)):(2,(1,8))"),
		T:  Tuple(Int(2), Ints(3, 4)),
		S:  Swizzle{B: 3, M: 4, S: 3},
		C:  CompositionSwizzle(Swizzle{B: 3, M: 3, S: 3}, MustParseLayout("(8,64):(64,1)")),
		LP: &Layout{},
	}
	*in.LP = MustParseLayout("8:2")
	b, err := json.Marshal(in)
	require.NoError(t, err)
	assert.Equal(t, `{"L":"(4,(2,2)):(2,(1,8))","T":"(2,(3,4))","S":"Sw\u003c3,4,3\u003e","C":"Sw\u003c3,3,3\u003e o 0 o (8,64):(64,1)","LP":"8:2"}`, string(b))
	var out cfg
	require.NoError(t, json.Unmarshal(b, &out))
	assert.True(t, in.L.Equal(out.L))
	assert.True(t, in.T.Equal(out.T))
	assert.Equal(t, in.S, out.S)
	assert.True(t, in.C.Equal(out.C))
	assert.True(t, in.LP.Equal(*out.LP))
	err = json.Unmarshal([]byte(`{"L":"(4,"}`), &out)
	requireKind(t, err, ErrParse)
	err = json.Unmarshal([]byte(`{"S":"Sw<3,4,2>"}`), &out)
	require.Error(t, err)
	// The zero Layout is "" both ways (as netip.Addr), so an unset layout round-trips.
	type unset struct{ L Layout }
	zb, err := json.Marshal(unset{})
	require.NoError(t, err)
	assert.Equal(t, `{"L":""}`, string(zb))
	zout := unset{L: MustParseLayout("4:1")}
	require.NoError(t, json.Unmarshal(zb, &zout))
	assert.True(t, zout.L.IsZero())
	txt, err := MustParseLayout("(2,3):(3,1)").AppendText([]byte("L="))
	require.NoError(t, err)
	assert.Equal(t, "L=(2,3):(3,1)", string(txt))
	assert.False(t, in.C.Equal(CompositionSwizzle(Swizzle{B: 3, M: 3, S: 3}, MustParseLayout("(8,64):(1,8)"))))
	assert.True(t, strings.HasPrefix(in.C.String(), "Sw<3,3,3>"))
}

// E refuses what Parse refuses (E(1,-1) would print 1@-1, which Parse rejects), and what it returns prints as text that parses back to itself.
func TestBasisRoundTrip(t *testing.T) {
	for _, f := range []func(){
		func() { E(1, -1) },
		func() { E(1, 0, 1<<21) },
		func() { E(1, make([]int, MaxParseDepth+1)...) },
	} {
		e := panicsWithError(f)
		require.NotNil(t, e)
		assert.Equal(t, ErrInvalid, e.Kind)
	}
	for _, b := range []IntTuple{E(1), E(-3, 0), E(7, 2, 0, 1), E(1, 1<<20), E(2, make([]int, MaxParseDepth)...)} {
		v, err := ParseIntTuple(b.String())
		require.NoError(t, err, b.String())
		assert.True(t, v.Equal(b), "%v -> %v", b, v)
	}
	assert.Equal(t, "7@1@0@2", E(7, 2, 0, 1).String())
}

// The Go API on values a caller can build. A rank of 1<<31 died of an
// out-of-memory error recover cannot catch; a shape nested 300 deep panicked; the zero
// Tiler and `_` panicked with a raw index error; a negative shape was accepted.
func TestAppendNRankLimit(t *testing.T) {
	l := MustParseLayout("(4,2):(1,4)")
	x := MustParseLayout("1:0")
	for _, n := range []int{1 << 31, MaxAppendRank + 1} {
		_, err := AppendN(l, n, x)
		requireKind(t, err, ErrInvalid)
		_, err = PrependN(l, n, x)
		requireKind(t, err, ErrInvalid)
		_, err = ComposedAppendN(CompositionSwizzle(Swizzle{B: 1, M: 0, S: 1}, l), n, x)
		requireKind(t, err, ErrInvalid)
	}
	r, err := AppendN(l, 4, x) // CuTe's append<4>((4,2):(1,4)) pads with 1:0
	require.NoError(t, err)
	assert.Equal(t, "(4,2,1,1):(1,4,0,0)", r.String())
	r, err = PrependN(l, 3, x)
	require.NoError(t, err)
	assert.Equal(t, "(1,4,2):(0,1,4)", r.String())
	r, err = AppendN(l, MaxAppendRank, x)
	require.NoError(t, err)
	assert.Equal(t, MaxAppendRank, r.Rank())
}

func TestBasisLikeDeep(t *testing.T) {
	deep := Int(2)
	for i := 0; i < 300; i++ {
		deep = Tuple(deep)
	}
	var err error
	require.Nil(t, panicsWithError(func() { _, err = MakeBasisLike(deep) }))
	requireKind(t, err, ErrInvalid)
	require.Nil(t, panicsWithError(func() { _, err = MakeIdentityLayout(deep) }))
	requireKind(t, err, ErrInvalid)
	// The deepest shape whose leaf paths E still accepts.
	ok := Int(2)
	for i := 0; i < MaxParseDepth; i++ {
		ok = Tuple(ok)
	}
	b, err := MakeBasisLike(ok)
	require.NoError(t, err)
	v, err := ParseIntTuple(b.String())
	require.NoError(t, err)
	assert.True(t, v.Equal(b))
	_, err = MakeIdentityLayout(ok)
	require.NoError(t, err)
}

func TestTilerElem(t *testing.T) {
	var got Tiler
	require.Nil(t, panicsWithError(func() { got = Tiler{}.Elem(0) }))
	assert.True(t, got.layout.IsZero(), "the zero Tiler is its own mode 0")
	require.Nil(t, panicsWithError(func() { got = Underscore().Elem(0) }))
	assert.True(t, got.IsUnderscore())
	lt := MustParseLayout("(4,(2,3)):(2,(1,8))").AsTiler()
	assert.Equal(t, "(2,3):(1,8)", lt.Elem(1).String(), "mode 1 of a layout tiler")
	tt := mustT("(2:1,_,(4,8))")
	assert.Equal(t, "(4,8)", tt.Elem(2).String())
	assert.True(t, tt.Elem(1).IsUnderscore())
	for _, f := range []func(){
		func() { Tiler{}.Elem(1) },
		func() { Underscore().Elem(-1) },
		func() { Underscore().Elem(1) },
		func() { lt.Elem(2) },
		func() { tt.Elem(3) },
		func() { TupleTiler().Elem(0) },
	} {
		e := panicsWithError(f)
		require.NotNil(t, e, "an index out of range panics with an *Error, as IntTuple.At does")
		assert.Equal(t, ErrInvalid, e.Kind)
	}
}

func TestIdx2CrdNegativeShape(t *testing.T) {
	for _, s := range []IntTuple{Ints(-1, 5), Ints(5, -1), Int(-3), Tuple(Int(2), Ints(3, -2)), Tuple(E(2, 0), Int(3))} {
		_, err := Idx2Crd(math.MinInt64, s)
		requireKind(t, err, ErrInvalid)
		_, err = Idx2Crd(7, s)
		requireKind(t, err, ErrInvalid)
	}
	c, err := Idx2Crd(7, Ints(2, 5)) // 7 = 1 + 2·3
	require.NoError(t, err)
	assert.Equal(t, "(1,3)", c.String())
}

// Value is sealed: cute's value types qualify, a Stringer does not, and a struct of
// another package qualifies by embedding ValueMarker.
func TestValueSealed(t *testing.T) {
	for _, v := range []any{Int(1), MustParseLayout("4:1"), Tiler{}, Swizzle{}, ComposedLayout{}, Coord{}, Tensor[int]{}} {
		if _, ok := v.(Value); !ok {
			t.Errorf("%T is not a Value", v)
		}
	}
	type marked struct {
		ValueMarker
		fmt.Stringer
	}
	for _, v := range []any{time.Second, ErrInvalid, marked{}} {
		if _, ok := v.(Value); ok != (v == marked{}) {
			t.Errorf("%T: Value is %v", v, ok)
		}
	}
}
