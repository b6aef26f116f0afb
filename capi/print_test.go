package main

import (
	"runtime"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/render"
)

// pictureBytesLimit bounds the bytes a picture export allocates per cell.
const pictureBytesLimit = 32

// allocated is the bytes f allocates on the Go heap.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestPictureTVStreams: a _tv picture goes straight into the caller's buffer. It is what
// package render draws, byte for byte, with snprintf semantics; a size query (n == 0)
// and a draw both allocate a bounded number of times and at most pictureBytesLimit
// bytes per cell (the cells' owners), never the text (about 90 to 290 bytes per cell).
func TestPictureTVStreams(t *testing.T) {
	tv := cute.MustLayout(cute.Ints(256, 256), cute.Ints(1, 256))
	tile := cute.Ints(256, 256)
	cells := uint64(256 * 256)
	for name, draw := range map[string]func(*strings.Builder) error{
		"cute_print_svg":   func(b *strings.Builder) error { return render.SVGTV(b, tv, tile) },
		"cute_print_latex": func(b *strings.Builder) error { return render.LatexTV(b, tv, tile) },
	} {
		var want strings.Builder
		if err := draw(&want); err != nil {
			t.Fatal(err)
		}
		st, n, _ := hookPictureTV(name, tv, tile, 0, false)
		if st != hookOK || n != want.Len() {
			t.Fatalf("%s size query: status %d, length %d, want %d", name, st, n, want.Len())
		}
		st, n, text := hookPictureTV(name, tv, tile, n+1, true)
		if st != hookOK || n != want.Len() || text != want.String() {
			t.Errorf("%s: status %d, length %d, text equal %v", name, st, n, text == want.String())
		}
		st, n, text = hookPictureTV(name, tv, tile, 100, true)
		if st != hookBufferTooSmall || n != want.Len() || text != want.String()[:99] {
			t.Errorf("%s, 100 bytes: status %d, length %d, text %q", name, st, n, text)
		}
		for _, size := range []int{0, 1} {
			if b := allocated(func() { hookPictureTV(name, tv, tile, size, false) }); b > pictureBytesLimit*cells {
				t.Errorf("%s, n = %d: %d bytes allocated, %.1f per cell (limit %d)", name, size, b, float64(b)/float64(cells), pictureBytesLimit)
			}
			if a := allocsPerRun(2, func() { hookPictureTV(name, tv, tile, size, false) }); a > 100 {
				t.Errorf("%s, n = %d: %.0f allocations", name, size, a)
			}
		}
	}
}

// BenchmarkPrintSVGTV1M: cute_print_svg_tv of (1024,1024):(1,1024) over a (1024,1024)
// tile (1<<20 cells, the most allowed; 305 MB of SVG): the size query, and the drawing
// into a buffer that holds it.
func BenchmarkPrintSVGTV1M(b *testing.B) {
	tv := cute.MustLayout(cute.Ints(1024, 1024), cute.Ints(1, 1024))
	tile := cute.Ints(1024, 1024)
	_, n, _ := hookPictureTV("cute_print_svg", tv, tile, 0, false)
	for _, c := range []struct {
		name string
		n    int
	}{{"query", 0}, {"draw", n + 1}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if st, _, _ := hookPictureTV("cute_print_svg", tv, tile, c.n, false); st != hookOK {
					b.Fatal(st)
				}
			}
		})
	}
}
