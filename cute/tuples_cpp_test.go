package cute

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestTuplesAgainstCpp replays testdata/tuples_cpp.txt: random inputs for the tuples
// branch's operations with the result C++ CuTe printed for them (CUTLASS headers, every
// integer static; ERROR = C++ does not compile the case, and we must return an error).
// Regenerate with testdata/tuples_cpp_gen.py.
func TestTuplesAgainstCpp(t *testing.T) {
	f, err := os.Open("testdata/tuples_cpp.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, nerr := 0, 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "|")
		op, args, want := fs[0], fs[1:len(fs)-1], fs[len(fs)-1]
		n++
		got, err := runTuplesCase(t, op, args)
		switch {
		case want == "ERROR":
			nerr++
			if err == nil && !cppErrorTolerated(op) {
				t.Errorf("%s: C++ refuses, we return %s", line, got)
			}
		case err != nil:
			t.Errorf("%s: unexpected error %v", line, err)
		case got != unmark(want):
			t.Errorf("%s: got %s, C++ CuTe %s", line, got, unmark(want))
		}
	}
	if n < 250 {
		t.Fatalf("only %d cases read", n)
	}
	t.Logf("%d cases, %d refused by C++", n, nerr)
}

// cppErrorTolerated: ops where C++ fails to compile but the answer is still defined and
// we return it (a composed slice with no `_` or whose decay does not compose: we return
// the generic form, a correct function checked by FuzzComposedSlice).
func cppErrorTolerated(op string) bool { return op == "composed_slice" }

// composedString prints a composed layout as C++ CuTe prints the result of an operation:
// the identity swizzle with a zero offset decays to the plain layout.
func composedString(c ComposedLayout) string {
	if c.Outer.IsIdentity() && c.Offset == 0 {
		return c.Inner.String()
	}
	return c.String()
}

func runTuplesCase(t *testing.T, op string, a []string) (string, error) {
	it := func(i int) IntTuple { return tIT(t, a[i]) }
	ly := func(i int) Layout { return tLay(t, a[i]) }
	crd := func(i int) Coord { return tCrd(t, a[i]) }
	num := func(i int) int64 {
		v, err := strconv.ParseInt(a[i], 10, 64)
		if err != nil {
			t.Fatalf("bad integer %q", a[i])
		}
		return v
	}
	str := func(v fmt.Stringer, err error) (string, error) {
		if err != nil {
			return "", err
		}
		return v.String(), nil
	}
	at := func(l fmt.Stringer, off fmt.Stringer, err error) (string, error) {
		if err != nil {
			return "", err
		}
		return l.String() + " @ " + off.String(), nil
	}
	switch op {
	case "shape_div":
		return str(ShapeDiv(it(0), it(1)))
	case "ceil_div":
		return str(CeilDiv(it(0), it(1)))
	case "compact_major":
		return str(CompactMajor(it(0), a[1] == "R", 1))
	case "make_ordered_layout":
		return str(MakeOrderedLayout(it(0), it(1)))
	case "make_layout_like":
		return str(MakeLayoutLike(ly(0)))
	case "idx2crd":
		return str(Idx2CrdStride(it(0), it(1), it(2)))
	case "slice_and_offset":
		return at(SliceAndOffset(crd(0), ly(1)))
	case "dice":
		return str(Dice(crd(0), ly(1)))
	case "upcast":
		return str(Upcast(ly(0), num(1)))
	case "downcast":
		return str(Downcast(ly(0), num(1)))
	case "recast_layout":
		return str(RecastLayout(ly(0), num(1), num(2)))
	case "identity":
		l, err := MakeIdentityLayout(it(0))
		if err != nil {
			return "", err
		}
		v, err := l.Call(Int(num(1)))
		return at(l, v, err)
	case "local_tile":
		l, off, err := LocalTile(ly(0), tTiler(t, a[1]), crd(2))
		return at(l, off, err)
	case "local_partition":
		l, off, err := LocalPartition(ly(0), ly(1), num(2))
		return at(l, off, err)
	case "gmma_tile":
		k, err := ParseGMMALayoutKind(a[0])
		if err != nil {
			return "", err
		}
		atom, err := GMMALayoutAtom(k, num(1))
		if err != nil {
			return "", err
		}
		c, err := ComposedTileToShape(atom, it(2))
		if err != nil {
			return "", err
		}
		return composedString(c), nil
	case "composed_slice":
		sw, err := ParseSwizzle(a[0])
		if err != nil {
			return "", err
		}
		r, off, err := ComposedSliceAndOffset(crd(2), CompositionSwizzle(sw, ly(1)))
		if err != nil {
			return "", err
		}
		return composedString(r) + " @ " + strconv.FormatInt(off, 10), nil
	case "with_shape":
		return str(WithShape(ly(0), it(1)))
	}
	t.Fatalf("unknown op %q", op)
	return "", nil
}
