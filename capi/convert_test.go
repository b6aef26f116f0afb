package main

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/cutego/cutego/cute"
)

func TestVersionMatchesHeader(t *testing.T) {
	h, err := os.ReadFile("../include/cutego.h")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"MAJOR": versionMajor, "MINOR": versionMinor, "PATCH": versionPatch} {
		m := regexp.MustCompile(`#define CUTEGO_VERSION_` + name + ` (\d+)`).FindSubmatch(h)
		if m == nil {
			t.Fatalf("CUTEGO_VERSION_%s not in cutego.h", name)
		}
		if got, _ := strconv.Atoi(string(m[1])); got != want {
			t.Errorf("CUTEGO_VERSION_%s = %d in cutego.h, %d in version.go", name, got, want)
		}
	}
	if got, want := int(cutego_version()), versionMajor*10000+versionMinor*100+versionPatch; got != want {
		t.Errorf("cutego_version() = %d, want %d", got, want)
	}
}

func TestLayoutRoundTrip(t *testing.T) {
	for _, s := range []string{
		"8:1", "(8):(1)", "():()", "(4,5):(16,64)", "(2,(3,4)):(1,(2,6))", "((2,2),(2,3)):((4,1),(2,8))",
		"(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1):(0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0)",
		"(3,2):(-1,9223372036854775807)", "((((((((((((((((((((((((((((((8)))))))))))))))))))))))))))))):((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))",
	} {
		l, err := cute.ParseLayout(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		r, st := hookRoundTrip(l)
		if st != hookOK || !r.Equal(l) {
			t.Errorf("round trip of %s = %v (status %d)", s, r, st)
		}
	}
}

func TestLayoutCapacity(t *testing.T) {
	for _, s := range []string{
		"(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1):(0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0)",                                                                 // 17 leaves
		"(((((((((((((((((((((((((((((((((8))))))))))))))))))))))))))))))))):(((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))", // 67 tokens
	} {
		l, err := cute.ParseLayout(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if _, st := hookRoundTrip(l); st != hookCapacity {
			t.Errorf("%s: status %d, want CUTEGO_CAPACITY", s, st)
		}
	}
	// a scaled-basis stride has no C form
	l, err := cute.ParseLayout("(4,5):(1@0,1@1)")
	if err != nil {
		t.Fatal(err)
	}
	if _, st := hookRoundTrip(l); st != hookInvalid {
		t.Errorf("scaled basis: status %d, want CUTEGO_INVALID_ARGUMENT", st)
	}
}

func TestIntTupleRoundTrip(t *testing.T) {
	for _, s := range []string{"7", "()", "(8)", "(2,(3,4))", "((1,2),(3,(4,5)),6)"} {
		x, err := cute.ParseIntTuple(s)
		if err != nil {
			t.Fatal(err)
		}
		r, st := hookTupleRoundTrip(x)
		if st != hookOK || !r.Equal(x) || r.String() != s {
			t.Errorf("round trip of %s = %v (status %d)", s, r, st)
		}
	}
}

func TestStatusOf(t *testing.T) {
	for kind, want := range map[cute.ErrorKind]int{
		cute.ErrInvalid: hookInvalid, cute.ErrNotAdmissible: hookNotAdm, cute.ErrOverflow: hookOverflow,
		cute.ErrParse: hookParse, cute.ErrInternal: hookInternal,
	} {
		if got := hookStatus(&cute.Error{Op: "x", Kind: kind}); got != want {
			t.Errorf("status of %v = %d, want %d", kind, got, want)
		}
	}
	if got := hookStatus(os.ErrClosed); got != hookInternal {
		t.Errorf("status of a foreign error = %d", got)
	}
}

// FuzzLayoutStruct: any bytes read as a cute_layout_t either convert to a layout that
// round-trips exactly or give a status; never a panic.
func FuzzLayoutStruct(f *testing.F) {
	f.Add([]byte{})
	f.Add(make([]byte, hookLayoutSize))
	for _, s := range []string{"8:1", "(2,(3,4)):(1,(2,6))", "():()"} {
		f.Add(hookBytes(cute.MustLayout(mustTuple(s))))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		l, st := hookFromBytes(b)
		if st != hookOK {
			if st != hookInvalid && st != hookCapacity {
				t.Fatalf("status %d", st)
			}
			return
		}
		r, st := hookRoundTrip(l)
		if st != hookOK || !r.Equal(l) {
			t.Fatalf("round trip of %v = %v (%d)", l, r, st)
		}
	})
}

// FuzzLayoutFastPath: toLayout's fast path (cute.MakeLayoutNest) accepts exactly the
// structs that the token-by-token decoder accepts, with the same layout and, when it
// refuses one, the decoder's message.
func FuzzLayoutFastPath(f *testing.F) {
	for _, s := range []string{"8:1", "(2,(3,4)):(1,(2,6))", "():()", "((),(1)):((),(0))",
		"((2,4),(3,(1,5))):((1,2),(8,(0,24)))", "(2,4,8,2):(1,2,8,64)"} {
		f.Add(hookBytes(cute.MustLayout(mustTuple(s))))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fast, slow, fe, se, ok := hookDecodeBoth(b)
		if !ok {
			return
		}
		if (fe == nil) != (se == nil) || (fe != nil && fe.Error() != se.Error()) {
			t.Fatalf("fast path: %v, decoder: %v", fe, se)
		}
		if fe == nil && (!fast.Equal(slow) || fast.String() != slow.String()) {
			t.Fatalf("fast path %v, decoder %v", fast, slow)
		}
	})
}

// TestLayoutFastPathMutations: every single-byte change of the nest, leaves and ntokens
// of a few layouts' structs is decoded alike by both paths.
func TestLayoutFastPathMutations(t *testing.T) {
	for _, s := range []string{"(2,(3,4)):(1,(2,6))", "((),(1)):((),(0))", "((2,4),(3,(1,5))):((1,2),(8,(0,24)))"} {
		base := hookBytes(cute.MustLayout(mustTuple(s)))
		nest := hookLayoutSize - hookMaxTokens
		for i := 0; i < hookMaxTokens; i++ {
			for _, v := range []byte{0, 1, 2, 3, 0xff} {
				b := append([]byte(nil), base...)
				b[nest+i] = v
				for _, nt := range []byte{0, 1, 2, 5, 8, 9, 12, 64} {
					b[nest-4] = nt // ntokens (little endian)
					fast, slow, fe, se, ok := hookDecodeBoth(b)
					if !ok {
						continue
					}
					if (fe == nil) != (se == nil) || (fe != nil && fe.Error() != se.Error()) ||
						(fe == nil && (!fast.Equal(slow) || fast.String() != slow.String())) {
						t.Fatalf("%s, nest[%d] = %d, ntokens %d: fast %v (%v), decoder %v (%v)", s, i, v, nt, fast, fe, slow, se)
					}
				}
			}
		}
	}
}

func mustTuple(s string) (cute.IntTuple, cute.IntTuple) {
	l, err := cute.ParseLayout(s)
	if err != nil {
		panic(err)
	}
	return l.Shape(), l.Stride()
}
