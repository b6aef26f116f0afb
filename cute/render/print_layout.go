package render

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/cutego/cutego/cute"
)

// numDigits is CuTe's num_digits: the number of decimal digits of x (1 for x < 10,
// including negative x).
func numDigits(x int64) int {
	n := 1
	for p := int64(10); x >= p; p *= 10 {
		n++
		if p > (1<<62)/10 {
			break
		}
	}
	return n
}

const delim = "+-----------------------"

// PrintLayout writes CuTe's print_layout table of a rank-2 layout (a rank-1 layout is
// drawn as (L, 1:0)): the layout, then the column indices, then each row framed by
// `+---+` lines; every cell is num_digits(cosize)+2 wide, as CuTe prints it (minus the
// `_` marks in the header).
func PrintLayout(w io.Writer, v cute.Value) error {
	g, err := NewGrid(v)
	if err != nil {
		return err
	}
	return g.PrintLayout(w)
}

// PrintLayout writes the grid as CuTe's print_layout table.
func (g *Grid) PrintLayout(w io.Writer) error {
	b := bufio.NewWriter(w)
	width := numDigits(g.Cosize) + 2
	fmt.Fprintf(b, "%s\n", g.Header)
	b.WriteString("    ")
	for n := int64(0); n < g.N; n++ {
		fmt.Fprintf(b, "  %*d ", width-2, n)
	}
	b.WriteString("\n")
	// The rule between rows: "+---" for each column (width+1 bytes of delim), then "+".
	rule := []byte("    ")
	for n := int64(0); n < g.N; n++ {
		rule = append(rule, delim[:min(width+1, len(delim))]...)
	}
	rule = append(rule, "+\n"...)
	var s []byte
	for m := int64(0); m < g.M; m++ {
		b.Write(rule)
		fmt.Fprintf(b, "%2d  ", m)
		for n := int64(0); n < g.N; n++ {
			s = append(s[:0], "| "...)
			s = appendPadded(s, g.At(m, n), width-2)
			s = append(s, ' ')
			b.Write(s)
		}
		b.WriteString("|\n")
	}
	b.Write(rule)
	return b.Flush()
}

// appendPadded appends k right-aligned in width bytes, as fmt's %*d writes it.
func appendPadded(s []byte, k int64, width int) []byte {
	var d [20]byte
	digits := strconv.AppendInt(d[:0], k, 10)
	for i := len(digits); i < width; i++ {
		s = append(s, ' ')
	}
	return append(s, digits...)
}
