package render

import (
	"bufio"
	"fmt"
	"io"

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
	rule := func() {
		b.WriteString("    ")
		for n := int64(0); n < g.N; n++ {
			fmt.Fprintf(b, "%.*s", width+1, delim)
		}
		b.WriteString("+\n")
	}
	for m := int64(0); m < g.M; m++ {
		rule()
		fmt.Fprintf(b, "%2d  ", m)
		for n := int64(0); n < g.N; n++ {
			fmt.Fprintf(b, "| %*d ", width-2, g.At(m, n))
		}
		b.WriteString("|\n")
	}
	rule()
	return b.Flush()
}
