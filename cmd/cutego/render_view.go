package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/render"
	"github.com/cutego/cutego/internal/eval"
)

// renderView holds the `cutego render` flags that choose what is drawn and how: the
// view (data or bank), the bank view's element size and access direction, the PNG scale.
type renderView struct {
	view, access string
	elem         int64
	scale        float64
	// a TiledMMA's or TiledCopy's picture beyond CuTe's: every reader of each element, one
	// thread's partition framed (thread >= 0), a TiledCopy's tiler
	readers, tiler bool
	thread         int64
}

func addRenderFlags(fs *flag.FlagSet) *renderView {
	r := &renderView{}
	fs.StringVar(&r.view, "view", "data", "data (indices) or bank (shared-memory banks and conflicts)")
	fs.Int64Var(&r.elem, "elem", 4, "bank view: element size in bytes (1, 2, 4, 8, 16)")
	fs.StringVar(&r.access, "access", "m", "bank view: a warp reads along m (columns) or n (rows)")
	fs.Float64Var(&r.scale, "scale", 1, "PNG: scale of cells and text (0 < scale <= 8)")
	fs.BoolVar(&r.readers, "readers", false, "TiledMMA/TiledCopy svg|png: every thread that holds each element")
	fs.Int64Var(&r.thread, "thread", -1, "TiledMMA/TiledCopy svg|png: frame this thread's elements (its partition_A/B/C, partition_S/D)")
	fs.BoolVar(&r.tiler, "tiler", false, "TiledCopy svg|png: draw Tiler_MN and the TV layout over the tiler's domain")
	return r
}

// drawer returns the function that draws v in format (svg, tex or png), over the TV tile
// when tile is not empty; nil for an unknown format.
func (r *renderView) drawer(v cute.Value, tile, format string) (func(io.Writer) error, error) {
	if format != "png" && r.scale != 1 {
		return nil, usageError{"--scale applies to --format png"}
	}
	if d, ok, err := r.atomDrawer(v, tile, format); ok {
		return d, err
	}
	opt := render.PNGOptions{Scale: r.scale}
	switch r.view {
	case "data", "":
	case "bank", "banks":
		if tile != "" {
			return nil, usageError{"--view bank draws a layout's offsets, not a TV layout (drop --tv)"}
		}
		acc, err := render.ParseAccess(r.access)
		if err != nil {
			return nil, usageError{err.Error()}
		}
		g, err := render.NewGrid(v)
		if err != nil {
			return nil, err
		}
		b, err := render.NewBanks(g, r.elem, acc)
		if err != nil {
			return nil, err
		}
		switch format {
		case "svg":
			return b.SVG, nil
		case "png":
			return func(w io.Writer) error { return b.WritePNG(w, opt) }, nil
		}
		return nil, usageError{fmt.Sprintf("--view bank draws svg or png, not %q", format)}
	default:
		return nil, usageError{fmt.Sprintf("unknown view %q (data or bank)", r.view)}
	}
	if tile != "" {
		t, err := cute.ParseIntTuple(tile)
		if err != nil {
			return nil, fmt.Errorf("--tv: %v", err)
		}
		l, ok := v.(cute.Layout)
		if !ok {
			return nil, fmt.Errorf("--tv needs a layout (thread, value) -> position, got %v", v)
		}
		switch format {
		case "svg":
			return func(w io.Writer) error { return render.SVGTV(w, l, t) }, nil
		case "tex", "latex":
			return func(w io.Writer) error { return render.LatexTV(w, l, t) }, nil
		case "png":
			return func(w io.Writer) error {
				g, err := render.NewTV(l, t)
				if err != nil {
					return err
				}
				return g.WritePNG(w, opt)
			}, nil
		}
		return nil, nil
	}
	switch format {
	case "svg":
		return func(w io.Writer) error { return render.SVG(w, v) }, nil
	case "tex", "latex":
		return func(w io.Writer) error { return render.Latex(w, v) }, nil
	case "png":
		return func(w io.Writer) error {
			g, err := render.NewGrid(v)
			if err != nil {
				return err
			}
			return g.WritePNG(w, opt)
		}, nil
	}
	return nil, nil
}

// atomDrawer draws a TiledMMA or a TiledCopy (ok is false for other values): with
// --format tex as CuTe's print_latex does, byte for byte C++'s (cute/render.LatexTiledMMA);
// as svg or png the same picture (cute/render.NewTiledMMAPicture), with what --readers,
// --thread and --tiler add.
func (r *renderView) atomDrawer(v cute.Value, tile, format string) (d func(io.Writer) error, ok bool, err error) {
	var latex func(io.Writer) error
	var pic func(render.TiledOptions) (*render.TiledPicture, error)
	switch x := v.(type) {
	case eval.TiledMMA:
		latex = func(w io.Writer) error { return render.LatexTiledMMA(w, x.TiledMMA) }
		pic = func(o render.TiledOptions) (*render.TiledPicture, error) {
			return render.NewTiledMMAPicture(x.TiledMMA, o)
		}
	case eval.TiledCopy:
		latex = func(w io.Writer) error { return render.LatexTiledCopy(w, x.TiledCopy) }
		pic = func(o render.TiledOptions) (*render.TiledPicture, error) {
			return render.NewTiledCopyPicture(x.TiledCopy, o)
		}
	default:
		if r.readers || r.tiler || r.thread >= 0 {
			return nil, true, usageError{"--readers, --thread and --tiler draw a TiledMMA or TiledCopy"}
		}
		return nil, false, nil
	}
	if tile != "" {
		return nil, true, usageError{"--tv draws a layout; a TiledMMA or TiledCopy brings its own thread-value layouts"}
	}
	if r.view != "data" && r.view != "" {
		return nil, true, usageError{"--view bank draws a layout's offsets, not a TiledMMA or TiledCopy"}
	}
	o := render.TiledOptions{Readers: r.readers, Thread: r.thread, HighlightThread: r.thread >= 0, Tiler: r.tiler}
	if _, isMMA := v.(eval.TiledMMA); isMMA && r.tiler {
		return nil, true, usageError{"--tiler draws a TiledCopy's Tiler_MN (a TiledMMA's permutation is in its TV layouts)"}
	}
	switch format {
	case "tex", "latex":
		if o.Readers || o.HighlightThread || o.Tiler {
			return nil, true, usageError{"--format tex is CuTe's print_latex; --readers, --thread and --tiler draw svg or png"}
		}
		return latex, true, nil
	case "svg":
		return func(w io.Writer) error {
			p, err := pic(o)
			if err != nil {
				return err
			}
			return p.WriteSVG(w)
		}, true, nil
	case "png":
		return func(w io.Writer) error {
			p, err := pic(o)
			if err != nil {
				return err
			}
			return p.WritePNG(w, render.PNGOptions{Scale: r.scale})
		}, true, nil
	}
	return nil, true, nil
}
