package render

import (
	"io"
	"testing"

	"github.com/cutego/cutego/cute"
)

// countWriter counts the bytes written to it.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// pictureCases are the largest pictures allowed (1<<20 cells), each format once: the
// time and memory of drawing them must be linear in the cells, the memory a small
// multiple of the cells' state (the output goes to the writer as it is made).
var pictureCases = []struct {
	name string
	draw func(io.Writer) error
}{
	{"svg_tv", func(w io.Writer) error { return SVGTV(w, big1M, bigTile) }},
	{"latex_tv", func(w io.Writer) error { return LatexTV(w, big1M, bigTile) }},
	{"svg", func(w io.Writer) error { return SVG(w, big1M) }},
	{"latex", func(w io.Writer) error { return Latex(w, big1M) }},
	{"print_layout", func(w io.Writer) error { return PrintLayout(w, big1M) }},
}

var (
	big1M   = cute.MustLayout(cute.Ints(1024, 1024), cute.Ints(1, 1024))
	bigTile = cute.Ints(1024, 1024)
)

// BenchmarkPicture1M draws each format of a 1024x1024 layout (a TV layout over a
// 1024x1024 tile for the _tv forms) into a byte counter; B/op is the drawing's own
// memory, which the output does not add to.
func BenchmarkPicture1M(b *testing.B) {
	for _, c := range pictureCases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var w countWriter
			for b.Loop() {
				w.n = 0
				if err := c.draw(&w); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(w.n)/(1<<20), "MB-out")
		})
	}
}
