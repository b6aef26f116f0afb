package cute

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestNestCodecErrors: every refusal of the codec is an ErrInvalid naming the fault and
// its position (the messages cutego_last_error shows a C caller).
func TestNestCodecErrors(t *testing.T) {
	const L, O, C = NestLeaf, NestOpen, NestClose
	for _, c := range []struct {
		nest          []int8
		shape, stride []int64
		want          string
	}{
		{nil, nil, nil, "empty nest"},
		{[]int8{L}, []int64{0}, []int64{1}, "shape 0 (leaf 0) is not positive"},
		{[]int8{O, L, L, C}, []int64{2, -3}, []int64{1, 2}, "shape -3 (leaf 1) is not positive"},
		{[]int8{L}, []int64{2}, nil, "1 leaf shapes but 0 leaf strides"},
		{[]int8{L, L}, []int64{2, 2}, []int64{1, 2}, "1 tokens after the end of the tuple (token 1 on)"},
		{[]int8{O, L}, []int64{2}, []int64{1}, "nest ends inside a tuple (1 left open)"},
		{[]int8{C}, nil, nil, "unbalanced NestClose at token 0"},
		{[]int8{O, L, C, C}, []int64{2}, []int64{1}, "1 tokens after the end of the tuple (token 3 on)"},
		{[]int8{O, L, C}, []int64{2, 3}, []int64{1, 2}, "nest holds 1 leaves but 2 are given"},
		{[]int8{O, L, L, C}, []int64{2}, []int64{1}, "nest holds more leaves than the 1 given (token 2)"},
		{[]int8{O, 3, C}, nil, nil, "bad nest token 3 at 1"},
		{[]int8{-1}, nil, nil, "bad nest token -1 at 0"},
		{make([]int8, 129), nil, nil, "nest of 129 tokens is longer than 128"},
	} {
		_, err := MakeLayoutNest(c.nest, c.shape, c.stride)
		var e *Error
		if !errors.As(err, &e) || e.Kind != ErrInvalid || e.Op != "make_layout" || !strings.Contains(e.Reason, c.want) {
			t.Errorf("MakeLayoutNest(%v, %v, %v) = %v; want ErrInvalid make_layout %q", c.nest, c.shape, c.stride, err, c.want)
		}
	}
	// The same faults in an int tuple; values need not be positive.
	if x, err := MakeIntTupleNest([]int8{O, L, L, C}, []int64{0, -3}); err != nil || x.String() != "(0,-3)" {
		t.Errorf("MakeIntTupleNest of (0,-3) = %v, %v", x, err)
	}
	for _, v := range []int64{24, 0, -3} { // an integer (the decoder's short path)
		if x, err := MakeIntTupleNest([]int8{L}, []int64{v}); err != nil || !x.IsLeaf() || x.IsBasis() || x.Value() != v {
			t.Errorf("MakeIntTupleNest of %d = %v, %v", v, x, err)
		}
	}
	for _, c := range []struct {
		nest   []int8
		values []int64
		want   string
	}{
		{nil, nil, "empty nest"},
		{[]int8{O, L}, []int64{2}, "nest ends inside a tuple"},
		{[]int8{L, O, C}, []int64{2}, "2 tokens after the end"},
		{[]int8{O, L, C}, nil, "more leaves than the 0 given"},
		{[]int8{O, C}, []int64{4}, "nest holds 0 leaves but 1 are given"},
		{[]int8{O, 7, C}, nil, "bad nest token 7 at 1"},
		{[]int8{L}, nil, "more leaves than the 0 given"},
		{[]int8{L}, []int64{2, 3}, "nest holds 1 leaves but 2 are given"},
		{[]int8{7}, []int64{2}, "bad nest token 7 at 0"},
	} {
		_, err := MakeIntTupleNest(c.nest, c.values)
		var e *Error
		if !errors.As(err, &e) || e.Kind != ErrInvalid || e.Op != "make_int_tuple" || !strings.Contains(e.Reason, c.want) {
			t.Errorf("MakeIntTupleNest(%v, %v) = %v; want %q", c.nest, c.values, err, c.want)
		}
	}
	if _, _, err := E(1, 0).AppendNest(nil, nil); err == nil {
		t.Errorf("IntTuple.AppendNest of a scaled basis: no error")
	}
	if _, _, _, err := MustLayout(Int(4), E(1, 0)).AppendNest(nil, nil, nil); err == nil {
		t.Errorf("Layout.AppendNest of a scaled-basis stride: no error")
	}
}

// TestNestCodecRoundTrip: the nest form written by AppendNest is read back by
// MakeLayoutNest / MakeIntTupleNest as the same value, for layouts written by hand
// (expected tokens independent of the codec) and for the parser's view of each.
func TestNestCodecRoundTrip(t *testing.T) {
	const L, O, C = NestLeaf, NestOpen, NestClose
	for _, c := range []struct {
		text string
		nest []int8
	}{
		{"8:1", []int8{L}},
		{"(8):(1)", []int8{O, L, C}},
		{"():()", []int8{O, C}},
		{"(2,(3,4)):(1,(2,6))", []int8{O, L, O, L, L, C, C}},
		{"((),(1)):((),(0))", []int8{O, O, C, O, L, C, C}},
		{"((2,4),(3,(1,5))):((1,2),(8,(0,24)))", []int8{O, O, L, L, C, O, L, O, L, L, C, C, C}},
		{"(3,2):(-1,9223372036854775807)", []int8{O, L, L, C}},
	} {
		l := mustL(c.text)
		nest, sh, sd, err := l.AppendNest(nil, nil, nil)
		if err != nil || fmt.Sprint(nest) != fmt.Sprint(c.nest) {
			t.Errorf("AppendNest(%s) = %v, %v; want %v", c.text, nest, err, c.nest)
			continue
		}
		r, err := MakeLayoutNest(nest, sh, sd)
		if err != nil || !r.Equal(l) || r.String() != l.String() {
			t.Errorf("MakeLayoutNest(AppendNest(%s)) = %v, %v", c.text, r, err)
		}
		tn, tv, err := l.Shape().AppendNest(nil, nil)
		if err != nil || fmt.Sprint(tn) != fmt.Sprint(c.nest) || fmt.Sprint(tv) != fmt.Sprint(sh) {
			t.Errorf("IntTuple.AppendNest(%v) = %v %v, %v", l.Shape(), tn, tv, err)
		}
		s, err := MakeIntTupleNest(tn, tv)
		if err != nil || !s.Equal(l.Shape()) {
			t.Errorf("MakeIntTupleNest(%v, %v) = %v, %v", tn, tv, s, err)
		}
	}
}

// FuzzNestCodec: any tokens and values either decode to a layout that AppendNest writes
// back token for token, or give an ErrInvalid; never a panic.
func FuzzNestCodec(f *testing.F) {
	f.Add([]byte{NestOpen, NestLeaf, NestOpen, NestLeaf, NestLeaf, NestClose, NestClose}, uint8(3))
	f.Add([]byte{NestLeaf}, uint8(1))
	f.Add([]byte{NestOpen, NestClose, NestClose}, uint8(0))
	f.Fuzz(func(t *testing.T, raw []byte, leaves uint8) {
		nest := make([]int8, len(raw))
		for i, b := range raw {
			nest[i] = int8(b)
		}
		sh, sd := make([]int64, int(leaves%20)), make([]int64, int(leaves%20))
		for i := range sh {
			sh[i], sd[i] = int64(i%3+1), int64(i)-2
		}
		l, err := MakeLayoutNest(nest, sh, sd)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Kind != ErrInvalid {
				t.Fatalf("error %v is not ErrInvalid", err)
			}
			return
		}
		n, s, d, err := l.AppendNest(nil, nil, nil)
		if err != nil || fmt.Sprint(n) != fmt.Sprint(nest) || fmt.Sprint(s) != fmt.Sprint(sh) || fmt.Sprint(d) != fmt.Sprint(sd) {
			t.Fatalf("AppendNest(MakeLayoutNest(%v)) = %v %v %v, %v", nest, n, s, d, err)
		}
	})
}

// BenchmarkMakeLayoutNest: the C ABI's per-argument decode (one allocation).
func BenchmarkMakeLayoutNest(b *testing.B) {
	l := mustL("((2,4),(3,(1,5))):((1,2),(8,(0,24)))")
	nest, sh, sd, _ := l.AppendNest(nil, nil, nil)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := MakeLayoutNest(nest, sh, sd); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMakeIntTupleNest: the decode of an integer, complement's usual cotarget (the
// short path of MakeIntTupleNestIn: about 25 ns less per cute_complement).
func BenchmarkMakeIntTupleNest(b *testing.B) {
	nest, v := []int8{NestLeaf}, []int64{24}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := MakeIntTupleNest(nest, v); err != nil {
			b.Fatal(err)
		}
	}
}

func TestMakeLayoutNestAllocs(t *testing.T) {
	l := mustL("((2,4),(3,(1,5))):((1,2),(8,(0,24)))")
	nest, sh, sd, _ := l.AppendNest(nil, nil, nil)
	if n := testing.AllocsPerRun(100, func() { _, _ = MakeLayoutNest(nest, sh, sd) }); n > 1 {
		t.Errorf("MakeLayoutNest allocates %v times, want 1", n)
	}
	leaf, v := []int8{NestLeaf}, []int64{24}
	if n := testing.AllocsPerRun(100, func() { _, _ = MakeIntTupleNest(leaf, v) }); n != 0 {
		t.Errorf("MakeIntTupleNest of an integer allocates %v times, want 0", n)
	}
}

// TestMakeNestIn: the arena forms build the same values as MakeLayoutNest and
// MakeIntTupleNest, in the front of the arena (advancing it, allocating nothing, whatever
// the arena held before), and allocate as those do when it is too short.
func TestMakeNestIn(t *testing.T) {
	l := mustL("((2,4),(3,(1,5))):((1,2),(8,(0,24)))")
	nest, sh, sd, _ := l.AppendNest(nil, nil, nil)
	tnest, tv, _ := l.Shape().AppendNest(nil, nil)
	buf := make([]IntTuple, 64)
	for i := range buf { // stale contents, as an arena reused holds
		buf[i] = mustL("(7,(8,9)):(1,(7,56))").Shape()
	}
	back := buf
	var got Layout
	var gt IntTuple
	if n := testing.AllocsPerRun(1, func() {
		back = buf
		got, _ = MakeLayoutNestIn(&back, nest, sh, sd)
		gt, _ = MakeIntTupleNestIn(&back, tnest, tv)
	}); n != 0 {
		t.Errorf("MakeLayoutNestIn + MakeIntTupleNestIn with room allocate %v times, want 0", n)
	}
	if !got.Equal(l) || got.String() != l.String() {
		t.Errorf("MakeLayoutNestIn = %v, want %v", got, l)
	}
	if !gt.Equal(l.Shape()) {
		t.Errorf("MakeIntTupleNestIn = %v, want %v", gt, l.Shape())
	}
	// ((2,4),(3,(1,5))) has 8 elements in its tuples: 16 tuples for the layout, 8 more
	if used := len(buf) - len(back); used != 24 {
		t.Errorf("the arena advanced by %d tuples, want 24", used)
	}
	short := buf[:3]
	got, err := MakeLayoutNestIn(&short, nest, sh, sd)
	if err != nil || !got.Equal(l) || len(short) != 3 {
		t.Errorf("with a short arena: %v, %v, arena left %d (want %v, nil, 3)", got, err, len(short), l)
	}
}
