//go:build cutego_testhooks

package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
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

// TestLayoutStructMessages: a malformed struct is refused with package cute's codec
// message, prefixed by the export and the argument (what cutego_last_error shows).
func TestLayoutStructMessages(t *testing.T) {
	base := hookBytes(cute.MustLayout(mustTuple("(2,(3,4)):(1,(2,6))")))
	nest := hookLayoutSize - hookMaxTokens
	for _, c := range []struct {
		at   int // byte offset from the nest's start (-4: ntokens, -8: leaves)
		v    byte
		want string
	}{
		{-4, 6, "test: l: make_layout: nest ends inside a tuple (1 left open)"},
		{-4, 8, "test: l: make_layout: nest has 1 tokens after the end of the tuple (token 7 on)"},
		{5, 0, "test: l: make_layout: nest holds more leaves than the 3 given (token 5)"},
		{-8, 4, "test: l: make_layout: nest holds 3 leaves but 4 are given"},
		{0, 2, "test: l: make_layout: unbalanced NestClose at token 0"},
		{1, 5, "test: l: make_layout: bad nest token 5 at 1"},
		{-8, 17, "test: l: leaves = 17 exceeds CUTE_LAYOUT_MAX_LEAVES (16)"},
		{-4, 65, "test: l: ntokens = 65 exceeds CUTE_LAYOUT_MAX_TOKENS (64)"},
		{-4, 0, "test: l: empty nest (ntokens = 0)"},
	} {
		b := append([]byte(nil), base...)
		b[nest+c.at] = c.v
		_, err := hookFromBytesErr(b)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("byte %d = %d: %v; want %q", c.at, c.v, err, c.want)
		}
	}
	// a non-positive shape
	b := append([]byte(nil), base...)
	b[8] = 0 // shape[1] = 0 (little endian int64)
	if _, err := hookFromBytesErr(b); err == nil || err.Error() != "test: l: make_layout: shape 0 (leaf 1) is not positive" || hookStatus(err) != hookInvalid {
		t.Errorf("shape 0: %v", err)
	}
}

// TestLayoutStructMutations: every single-byte change of the nest, leaves and ntokens
// of a few layouts' structs gives a layout that round-trips, or CUTEGO_INVALID_ARGUMENT /
// CUTEGO_CAPACITY with a message naming the export and the argument.
func TestLayoutStructMutations(t *testing.T) {
	for _, s := range []string{"(2,(3,4)):(1,(2,6))", "((),(1)):((),(0))", "((2,4),(3,(1,5))):((1,2),(8,(0,24)))"} {
		base := hookBytes(cute.MustLayout(mustTuple(s)))
		nest := hookLayoutSize - hookMaxTokens
		for i := 0; i < hookMaxTokens; i++ {
			for _, v := range []byte{0, 1, 2, 3, 0xff} {
				b := append([]byte(nil), base...)
				b[nest+i] = v
				for _, nt := range []byte{0, 1, 2, 5, 8, 9, 12, 64} {
					b[nest-4] = nt // ntokens (little endian)
					l, err := hookFromBytesErr(b)
					if err != nil {
						if st := hookStatus(err); (st != hookInvalid && st != hookCapacity) || !strings.HasPrefix(err.Error(), "test: l: ") {
							t.Fatalf("%s, nest[%d] = %d, ntokens %d: status %d, %v", s, i, v, nt, st, err)
						}
						continue
					}
					if r, st := hookRoundTrip(l); st != hookOK || !r.Equal(l) {
						t.Fatalf("%s, nest[%d] = %d, ntokens %d: %v round-trips to %v (%d)", s, i, v, nt, l, r, st)
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
