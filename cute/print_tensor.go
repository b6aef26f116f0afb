package cute

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// PrintTensor is CuTe's print_tensor(tensor): the tensor's description (String) and a colon
// on the first line, then its elements: rank 1 one element per line; rank 2 one row per
// line; rank 3 the rank-2 slices t(_,_,k) separated by a line of 5·size<1> dashes; rank 4
// the rank-3 slices t(_,_,_,p) separated by a line of 5·size<1> '='. Like CuTe, a tensor of
// rank 0 or above 4 prints only its description. Elements print as CuTe's pretty_print of
// the matching C++ type: int32/int64/int (and unsigned) "%5d", float32 "%10.2e", float64
// "%11.3e", bool as "%3d" of 0/1, other integers two spaces and the value; other types two
// spaces and fmt's %v.
func PrintTensor[T any](w io.Writer, t Tensor[T]) error {
	return printTensor(w, t, true)
}

// PrintTensorBody is CuTe's print_tensor(tensor, false): PrintTensor without the first line.
func PrintTensorBody[T any](w io.Writer, t Tensor[T]) error {
	return printTensor(w, t, false)
}

func printTensor[T any](w io.Writer, t Tensor[T], header bool) (err error) {
	defer catch("print_tensor", &err)
	if err := t.valid("print_tensor"); err != nil {
		return err
	}
	var b strings.Builder
	if header {
		b.WriteString(t.String())
		b.WriteString(":\n")
	}
	printTensorRanks(&b, t)
	_, err = io.WriteString(w, b.String())
	return err
}

func printTensorRanks[T any](b *strings.Builder, t Tensor[T]) {
	at := func(c IntTuple) T {
		return t.data[t.offset+crd2idxChecked(c, t.layout.shape, t.layout.stride)]
	}
	sub := func(c Coord) Tensor[T] {
		l, off := sliceLayout(c, t.layout), crd2idxT(c.IntTuple(), t.layout.shape, t.layout.stride)
		return Tensor[T]{data: t.data, offset: t.offset + off.v, layout: l}
	}
	switch r := t.Rank(); {
	case r == 1:
		for m := int64(0); m < t.Size(); m++ {
			prettyPrint(b, at(Int(m)))
			b.WriteByte('\n')
		}
	case r == 2:
		s0, s1 := size(t.layout.shape.elems[0]), size(t.layout.shape.elems[1])
		for m := int64(0); m < s0; m++ {
			for n := int64(0); n < s1; n++ {
				prettyPrint(b, at(Ints(m, n)))
			}
			b.WriteByte('\n')
		}
	case r == 3 || r == 4:
		last := size(t.layout.shape.elems[r-1])
		line := strings.Repeat(map[int]string{3: "-", 4: "="}[r], int(5*size(t.layout.shape.elems[1])))
		for k := int64(0); k < last; k++ {
			if k > 0 {
				b.WriteString(line)
				b.WriteByte('\n')
			}
			c := make([]Coord, r)
			for i := range c {
				c[i] = CoordUnderscore()
			}
			c[r-1] = CoordInt(k)
			printTensorRanks(b, sub(Coord{elems: c}))
		}
	}
}

// prettyPrint is CuTe's pretty_print(value) for the C++ type matching T.
func prettyPrint(b *strings.Builder, v any) {
	switch x := v.(type) {
	case int32, int64, int, uint32, uint64, uint:
		fmt.Fprintf(b, "%5d", x)
	case float32:
		b.WriteString(cFloat(float64(x), 10, 2))
	case float64:
		b.WriteString(cFloat(x, 11, 3))
	case bool:
		if x {
			b.WriteString("  1")
		} else {
			b.WriteString("  0")
		}
	default:
		fmt.Fprintf(b, "  %v", x)
	}
}

// cFloat is C's printf("%*.*e", width, prec, v), whose non-finite values read nan, -nan,
// inf and -inf.
func cFloat(v float64, width, prec int) string {
	var s string
	switch {
	case math.IsNaN(v):
		s = "nan"
		if math.Signbit(v) {
			s = "-nan"
		}
	case math.IsInf(v, 1):
		s = "inf"
	case math.IsInf(v, -1):
		s = "-inf"
	default:
		return fmt.Sprintf("%*.*e", width, prec, v)
	}
	return fmt.Sprintf("%*s", width, s)
}
