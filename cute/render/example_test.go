package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
	"github.com/cutego/cutego/cute/render"
)

// CuTe's print_layout of make_layout(make_shape(2,3), LayoutRight{}) (the table C++ CuTe
// prints, minus the `_` of its static integers).
func ExamplePrintLayout() {
	l, _ := cute.ParseLayout("(2,3):(3,1)")
	var b strings.Builder
	render.PrintLayout(&b, l)
	for _, line := range strings.Split(strings.TrimSpace(b.String()), "\n") {
		fmt.Println(strings.TrimRight(line, " ")) // CuTe ends the header line with a space
	}
	// Output:
	// (2,3):(3,1)
	//       0   1   2
	//     +---+---+---+
	//  0  | 0 | 1 | 2 |
	//     +---+---+---+
	//  1  | 3 | 4 | 5 |
	//     +---+---+---+
}

// An SVG in the style of CuTe's print_svg: one rect and one label per cell.
func ExampleSVG() {
	l, _ := cute.ParseLayout("(4,8):(1,4)")
	var b bytes.Buffer
	render.SVG(&b, l)
	fmt.Println(strings.Count(b.String(), "<rect "), "cells")
	fmt.Println(strings.SplitN(b.String(), "\n", 2)[0])
	// Output:
	// 32 cells
	// <!--  Layout: (4,8):(1,4)  -->
}

// A PNG at twice the size: the Go font, a title line with the layout.
func ExampleGrid_WritePNG() {
	l, _ := cute.ParseLayout("(4,8):(1,4)")
	g, _ := render.NewGrid(l)
	var b1, b2 bytes.Buffer
	g.WritePNG(&b1, render.PNGOptions{})
	g.WritePNG(&b2, render.PNGOptions{Scale: 2})
	i1, _ := png.Decode(&b1)
	i2, _ := png.Decode(&b2)
	fmt.Println(i2.Bounds().Dx() >= 2*i1.Bounds().Dx()-4, i2.Bounds().Dy() >= 2*i1.Bounds().Dy()-4)
	// Output:
	// true true
}

// The bank view of a 32×32 float tile stored row-major, read down its columns: every
// thread of the warp hits the same bank. Padding each row by one float fixes it.
func ExampleNewBanks() {
	for _, s := range []string{"(32,32):(32,1)", "(32,32):(33,1)"} {
		l, _ := cute.ParseLayout(s)
		g, _ := render.NewGrid(l)
		b, _ := render.NewBanks(g, 4, render.AlongM)
		bank, ways := b.At(5, 3)
		fmt.Printf("%s: cell (5,3) in bank %d, %d-way; worst %d-way\n", s, bank, ways, b.Worst)
	}
	// Output:
	// (32,32):(32,1): cell (5,3) in bank 3, 32-way; worst 32-way
	// (32,32):(33,1): cell (5,3) in bank 8, 1-way; worst 1-way
}

// A TiledMMA's picture beyond CuTe's: two SM80 16x8x16 atoms along N share A, so each
// element of A is read by two threads (T0 and its twin T32 of the second atom); the first
// row of C holds the accumulator pairs of threads 0 to 3 (PTX's mma.m16n8k16 fragment:
// row groupID, columns 2*threadID_in_group + {0,1}), then the second atom's, 32 to 35.
func ExampleNewTiledMMAPicture() {
	a, _ := atom.MakeMMAAtom("SM80_16x8x16_F32F16F16F32_TN")
	tm, _ := atom.MakeTiledMMA(a, cute.MustParseLayout("(1,2,1):(0,1,0)"), cute.Tiler{})
	pic, _ := render.NewTiledMMAPicture(tm, render.TiledOptions{Readers: true})
	c, A := pic.Panels[0], pic.Panels[1]
	var row []string
	for n := int64(0); n < c.N; n++ {
		x := c.At(0, n)
		row = append(row, fmt.Sprintf("T%dV%d", x.Thread, x.Value))
	}
	fmt.Println(strings.Join(row, " "))
	fmt.Println("A(0,0) is read by", A.At(0, 0).Readers)
	// Output:
	// T0V0 T0V1 T1V0 T1V1 T2V0 T2V1 T3V0 T3V1 T32V0 T32V1 T33V0 T33V1 T34V0 T34V1 T35V0 T35V1
	// A(0,0) is read by [0 32]
}
