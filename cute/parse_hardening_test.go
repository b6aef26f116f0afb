package cute

import (
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The parser's hardening: bounded depth, cost linear in the text, text that parses
// back; one reproducer per test.

const mb = 1 << 20

// requireParseErr checks that err is an ErrParse *Error whose message is short (a
// bounded window of the input, whatever the input's length).
func requireParseErr(t *testing.T, err error, contains string) {
	t.Helper()
	require.Error(t, err)
	var e *Error
	require.True(t, errors.As(err, &e), "%T %v", err, err)
	assert.Equal(t, ErrParse, e.Kind, "%v", err)
	assert.Less(t, len(err.Error()), 400, "error message too long")
	if contains != "" {
		assert.Contains(t, err.Error(), contains)
	}
}

func TestParseDepthLimit(t *testing.T) {
	// cute.Parse(strings.Repeat("(", 1e6)) was a fatal stack overflow.
	_, err := Parse(strings.Repeat("(", 1e6))
	requireParseErr(t, err, "MaxParseDepth")
	// Exactly MaxParseDepth levels parse; one more does not.
	ok := strings.Repeat("(", MaxParseDepth) + "1" + strings.Repeat(")", MaxParseDepth)
	v, err := Parse(ok)
	require.NoError(t, err)
	assert.Equal(t, MaxParseDepth, v.(IntTuple).Depth())
	_, err = Parse("(" + ok + ")")
	requireParseErr(t, err, "deeper than 256")
	// Every parsing entry point shares the limit.
	deep := strings.Repeat("(", 1e6)
	for name, f := range map[string]func(string) error{
		"ParseLayout":         func(s string) error { _, err := ParseLayout(s); return err },
		"ParseIntTuple":       func(s string) error { _, err := ParseIntTuple(s); return err },
		"ParseTiler":          func(s string) error { _, err := ParseTiler(s); return err },
		"ParseCoord":          func(s string) error { _, err := ParseCoord(s); return err },
		"ParseComposedLayout": func(s string) error { _, err := ParseComposedLayout("Sw<1,2,3> o 0 o " + s); return err },
		"ParsePrefix":         func(s string) error { _, _, err := ParsePrefix(s); return err },
		"Scanner.Value":       func(s string) error { _, err := NewScanner(s).Value(); return err },
		"layout stride":       func(s string) error { _, err := ParseLayout("4:" + s); return err },
	} {
		t.Run(name, func(t *testing.T) { requireParseErr(t, f(deep), "MaxParseDepth") })
	}
	_, err = ParseCoord("(" + strings.Repeat("(", MaxParseDepth) + "1" + strings.Repeat(")", MaxParseDepth+1))
	requireParseErr(t, err, "MaxParseDepth")
}

// A caller's own nesting (Enter) and the literal's parentheses count against one limit.
func TestScannerSharedDepth(t *testing.T) {
	sc := NewScanner(strings.Repeat("(", 10) + "1" + strings.Repeat(")", 10))
	for i := 0; i < MaxParseDepth-10; i++ {
		require.NoError(t, sc.Enter())
	}
	v, err := sc.Value()
	require.NoError(t, err)
	assert.Equal(t, "((((((((((1))))))))))", v.String())
	assert.Equal(t, MaxParseDepth-10, sc.Depth(), "Value leaves the depth as it found it")
	sc.Reset(0)
	require.NoError(t, sc.Enter())
	_, err = sc.Value()
	requireParseErr(t, err, "MaxParseDepth")
	requireParseErr(t, NewScanner("").enterN(MaxParseDepth+1), "MaxParseDepth")
}

func (s *Scanner) enterN(n int) error {
	for i := 0; i < n; i++ {
		if err := s.Enter(); err != nil {
			return err
		}
	}
	return nil
}

func TestParseNUL(t *testing.T) {
	// printf '4:1\0garbage(((' | cutego eval printed 4:1.
	_, err := Parse("4:1\x00garbage(((")
	requireParseErr(t, err, "NUL byte")
	_, err = Parse("(4,\x00)")
	requireParseErr(t, err, "NUL byte")
	_, err = ParseCoord("(1,\x00)")
	requireParseErr(t, err, "NUL byte")
	sc := NewScanner("4:1\x00")
	v, err := sc.Value()
	require.NoError(t, err)
	assert.Equal(t, "4:1", v.String())
	assert.Equal(t, byte(0), sc.Peek())
	assert.False(t, sc.AtEnd(), "a NUL byte is not the end of the input")
	assert.Equal(t, "a NUL byte", sc.Found())
}

func TestParseErrorWindow(t *testing.T) {
	// Parse errors quoted the entire input (a 2 MB message).
	long := "(" + strings.Repeat("1,", mb) + "x)"
	_, err := Parse(long)
	requireParseErr(t, err, `at byte 2097153 of …"1,1,1,1,1,1,1,1,1,1,1,1,x)"`)
	_, err = Parse("(4,5")
	requireParseErr(t, err, `found the end at byte 4 of "(4,5"`)
	_, err = Parse("(4,5):(1,2) x")
	requireParseErr(t, err, `unexpected 'x' after the value at byte 12`)
	_, err = Parse("(" + strings.Repeat("1,", mb) + "1):(" + strings.Repeat("1,", mb) + "(1,1))")
	requireParseErr(t, err, "not congruent")
	_, err = Parse("(" + strings.Repeat("1,", mb) + "1):(1,x" + strings.Repeat("1,", mb))
	requireParseErr(t, err, "unexpected 'x' at byte")
	_, err = ParseIntTuple("4:1" + strings.Repeat(" ", mb))
	requireParseErr(t, err, "is not an int tuple")
	assert.Equal(t, `…"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKL"…`,
		Excerpt("0123456789abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP", 34))
}

func TestParseBasisPath(t *testing.T) {
	// 1@0@0@0… copied its path at every @ (900 KB took 339 s): now a path longer than
	// MaxParseDepth is refused as soon as it is read.
	_, err := Parse("1" + strings.Repeat("@0", mb))
	requireParseErr(t, err, "MaxParseDepth")
	v, err := Parse("3" + strings.Repeat("@1", MaxParseDepth))
	require.NoError(t, err)
	assert.Len(t, v.(IntTuple).BasisPath(), MaxParseDepth)
	v, err = Parse("1@2@0")
	require.NoError(t, err)
	assert.Equal(t, []int{0, 2}, v.(IntTuple).BasisPath(), "the last mode written is the outermost")
}

// `(2,…200 times):(1@1048576,…)` at a coordinate must not cost time or memory in the
// size of a basis mode (a naive sum took 28 s and 354 MB): a sum of scaled bases does not
// materialize tuples of the size of a basis mode.
func TestBasisModeCost(t *testing.T) {
	strides := make([]string, 200)
	for i := range strides {
		strides[i] = "1@1048576"
		if i%2 == 1 {
			strides[i] = "1@0"
		}
	}
	l, err := ParseLayout("(" + strings.TrimSuffix(strings.Repeat("2,", 200), ",") + "):(" + strings.Join(strides, ",") + ")")
	require.NoError(t, err)
	n := allocBytes(func() {
		_, err = l.Call(Int(1<<40 + 5))
	})
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, ErrInvalid, e.Kind)
	assert.Contains(t, err.Error(), "arithmetic tuple")
	assert.Less(t, n, uint64(1<<20), "bytes allocated")
	// The reproducer as first written: every stride 1@1048576 (2.8 KB took 28 s, 354 MB).
	same, err := ParseLayout("(" + strings.TrimSuffix(strings.Repeat("2,", 200), ",") + "):(" +
		strings.TrimSuffix(strings.Repeat("1@1048576,", 200), ",") + ")")
	require.NoError(t, err)
	var r IntTuple
	n = allocBytes(func() { r, err = same.Call(Int(1<<62 - 1)) })
	require.NoError(t, err)
	assert.Equal(t, "62@1048576", r.String(), "popcount of 2^62-1 ones, each 1@1048576")
	assert.Less(t, n, uint64(1<<20), "bytes allocated")
	// All one basis: the sum stays a scaled basis (CuTe: E<i>·a + E<i>·b = E<i>·(a+b)).
	l2, err := ParseLayout("(2,2,2):(1@1048576,2@1048576,4@1048576)")
	require.NoError(t, err)
	r, err = l2.Call(Int(7))
	require.NoError(t, err)
	assert.Equal(t, "7@1048576", r.String())
	_, err = AsArithmeticTuple(E(1, 1<<20))
	require.ErrorAs(t, err, &e)
	// Small modes still give CuTe's arithmetic tuples (make_identity_layout's docs).
	r, err = MustLayout(Ints(4, 8), Tuple(E(1, 0), E(1, 1))).Call(Int(9))
	require.NoError(t, err)
	assert.Equal(t, "(1,2)", r.String())
}

// allocBytes returns the bytes f allocates.
func allocBytes(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// adversarial returns 1 MB lines of each class of costly input: deep parentheses, a
// long line of failed tuples, long @ paths, and long valid values.
func adversarial() map[string]string {
	return map[string]string{
		"deep parens":      strings.Repeat("(", mb),
		"deep then wide":   strings.Repeat("(", 200) + strings.Repeat("1,", mb/2),
		"failed tuples":    strings.Repeat("(1,2,x", mb/6),
		"long @ path":      "1" + strings.Repeat("@0", mb/2),
		"many @ paths":     "(" + strings.Repeat("1@0@1@2@3@4,", mb/12) + "1)",
		"wide tuple":       "(" + strings.Repeat("1,", mb/2) + "1)",
		"wide layout":      "(" + strings.Repeat("1,", mb/4) + "1):(" + strings.Repeat("0,", mb/4) + "0)",
		"wide tiler":       "(" + strings.Repeat("_,4:1,", mb/6) + "_)",
		"nested layouts":   strings.Repeat("(1:1,", 200) + strings.Repeat("2,", mb/2),
		"long integer":     strings.Repeat("9", mb),
		"spaces":           strings.Repeat(" ", mb) + "1",
		"NUL then garbage": "4:1\x00" + strings.Repeat("(", mb),
	}
}

// Parsing any 1 MB line costs a constant times its length: no quadratic copy of
// messages or paths (a 300 KB line of failed tuples took 37 s), no per-element blowup
// (a 1 MB line needed 376 MB). A parsed value keeps at most 64 bytes per byte of input
// alive (an IntTuple leaf is 56 bytes, written in 2); parsing allocates at most 320 (the
// tuple stacks double as they grow; a tiler element is 144 bytes).
func TestParseAdversarialMemory(t *testing.T) {
	for name, s := range adversarial() {
		n := allocBytes(func() { _, _ = Parse(s) })
		assert.Less(t, n, uint64(320*len(s)), "%s: Parse allocated %d bytes for %d bytes of input", name, n, len(s))
		live := liveBytes(func() any { v, _ := Parse(s); return v })
		assert.Less(t, live, uint64(64*len(s)), "%s: the value keeps %d bytes for %d bytes of input", name, live, len(s))
		n = allocBytes(func() { _, _ = ParseCoord(s) })
		assert.Less(t, n, uint64(160*len(s)), "%s: ParseCoord allocated %d bytes for %d bytes of input", name, n, len(s))
		// cutego eval tries a literal at a '(' and falls back when it fails: each attempt
		// costs what it reads, never the rest of the line.
		if i := strings.IndexByte(s, '('); i >= 0 {
			n = allocBytes(func() { _, _, _ = ParsePrefix(s[i:]) })
			assert.Less(t, n, uint64(320*len(s)), "%s: ParsePrefix", name)
		}
	}
	// The failed-tuple line: every attempt fails within its few bytes.
	s := strings.Repeat("(1,2,x", mb/6)
	n := allocBytes(func() {
		for i := 0; i < len(s); i += 6 {
			_, _, _ = ParsePrefix(s[i:])
		}
	})
	assert.Less(t, n, uint64(2048*len(s)/6), "%d bytes for %d failed attempts", n, len(s)/6)
}

func BenchmarkParseAdversarial(b *testing.B) {
	for name, s := range adversarial() {
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				_, _ = Parse(s)
			}
		})
	}
}

func BenchmarkParseLayout(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := ParseLayout("((2,4),(3,5)):((1,6),(2,24))"); err != nil {
			b.Fatal(err)
		}
	}
}

func FuzzParseDeep(f *testing.F) {
	f.Add(uint16(300), "(", ")", "1")
	f.Add(uint16(256), "(1,", ")", "2")
	f.Add(uint16(500), "((", "),_)", "4:1")
	f.Fuzz(func(t *testing.T, n uint16, open, close, mid string) {
		if len(open)*int(n)+len(close)*int(n) > 1<<20 {
			return
		}
		s := strings.Repeat(open, int(n)) + mid + strings.Repeat(close, int(n))
		checkParse(t, s)
	})
}

func FuzzParseLong(f *testing.F) {
	f.Add(uint32(100000), "1,", "(", ")")
	f.Add(uint32(50000), "(1,2,x", "", "")
	f.Add(uint32(10000), "2:1,", "(", "_)")
	f.Fuzz(func(t *testing.T, n uint32, unit, pre, post string) {
		if uint64(len(unit))*uint64(n) > 1<<20 {
			return
		}
		s := pre + strings.Repeat(unit, int(n)) + post
		checkParse(t, s)
		if n := allocBytes(func() { _, _ = Parse(s) }); len(s) > 4096 && n > uint64(320*len(s)) {
			t.Fatalf("%d bytes allocated parsing %d bytes", n, len(s))
		}
	})
}

func FuzzParseBasis(f *testing.F) {
	f.Add(int64(1), []byte{0, 1, 0}, uint16(3))
	f.Add(int64(-7), []byte{255, 255}, uint16(300))
	f.Fuzz(func(t *testing.T, v int64, modes []byte, rep uint16) {
		var b strings.Builder
		b.WriteString("(4,4):(")
		for k := 0; k < 2; k++ {
			if k > 0 {
				b.WriteByte(',')
			}
			b.WriteString(Int(v).String())
			for r := 0; r < int(rep)%600; r++ {
				for _, m := range modes {
					b.WriteByte('@')
					b.WriteString(Int(int64(m) * int64(m) * 16).String())
				}
			}
		}
		b.WriteByte(')')
		s := b.String()
		checkParse(t, s)
		if l, err := ParseLayout(s); err == nil {
			_, _ = l.Call(Int(5))
			_, _ = l.Cosize()
		}
	})
}

func FuzzParseZero(f *testing.F) {
	f.Add("(0,0)", int64(5))
	f.Add("(4,0):(0,0)", int64(0))
	f.Add("0@0", int64(-1))
	f.Fuzz(func(t *testing.T, s string, i int64) {
		checkParse(t, s)
		if tup, err := ParseIntTuple(s); err == nil {
			_, _ = Idx2Crd(i, tup)
			_, _ = Size(tup)
			_, _ = AsArithmeticTuple(tup)
		}
		if l, err := ParseLayout(s); err == nil {
			_, _ = l.Eval(i)
			_, _ = l.Call(Int(i))
			_, _ = l.Cosize()
		}
	})
}

// checkParse parses s with every entry point: no panic, errors are short *Errors, and a
// value prints as text that parses back to itself.
func checkParse(t *testing.T, s string) {
	t.Helper()
	v, err := Parse(s)
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || len(err.Error()) > 1000 {
			t.Fatalf("Parse(%.40q…): %T %.200v", s, err, err)
		}
	} else if len(s) < 1<<12 {
		if v2, err := Parse(v.String()); err != nil || v2.String() != v.String() {
			t.Fatalf("round trip %.80q -> %.80q: %v", s, v.String(), err)
		}
	}
	_, _ = ParseCoord(s)
	_, _, _ = ParsePrefix(s)
}

// liveBytes returns the heap f's result keeps alive.
func liveBytes(f func() any) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	v := f()
	runtime.GC()
	runtime.ReadMemStats(&b)
	runtime.KeepAlive(v)
	if b.HeapAlloc < a.HeapAlloc {
		return 0
	}
	return b.HeapAlloc - a.HeapAlloc
}

// BenchmarkBasisCall: a long scaled-basis input at a coordinate (28 s and 354 MB in a
// naive sum), and the mixed form whose sum is refused once it passes the budget.
func BenchmarkBasisCall(b *testing.B) {
	same := MustParseLayout("(" + strings.TrimSuffix(strings.Repeat("2,", 200), ",") + "):(" +
		strings.TrimSuffix(strings.Repeat("1@1048576,", 200), ",") + ")")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := same.Call(Int(1<<62 - 1)); err != nil {
			b.Fatal(err)
		}
	}
}
