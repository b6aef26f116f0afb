package main

/*
#include "capi.h"
*/
import "C"

import (
	"errors"
	"io"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/render"
)

// The picture exports (cute_print_layout, cute_print_latex, cute_print_svg and their
// _composed and _tv forms) draw through package cute/render, as `cutego print` and
// `cutego render` do, so the bytes are the same; the text goes out with the snprintf
// semantics of every *_format function.

// drawText runs draw straight into buf with the snprintf semantics of *_format (cText):
// the text is never held whole, and a size query (n == 0) only counts it. The draw
// functions of package render compute every cell before they write the first byte, so a
// refusal leaves buf and *length untouched. cells is the number of cells the picture
// would have (for the status of a refusal: over render.MaxCells is CUTEGO_CAPACITY).
func drawText(fn string, cells int64, draw func(io.Writer) error, buf *C.char, n C.size_t, length *C.size_t) error {
	w := newCText(buf, n)
	if err := draw(w); err != nil {
		return pictureError(fn, cells, err)
	}
	return w.finish(fn, length)
}

// pictureError gives a refusal of package render its status: a cute error its own, a
// picture over render.MaxCells cells CUTEGO_CAPACITY, any other (rank, tile) an invalid
// argument.
func pictureError(fn string, cells int64, err error) error {
	var e *cute.Error
	switch {
	case errors.As(err, &e):
		return err
	case cells < 0 || cells > render.MaxCells:
		return errf(C.CUTEGO_CAPACITY, "%s: %v", fn, err)
	}
	return errf(C.CUTEGO_INVALID_ARGUMENT, "%s: %v", fn, err)
}

// picture is one picture format of the exports, the helper behind all of them: the
// exports of a format are name, name_composed and name_tv, drawn by draw (a layout or a
// composed layout) and drawTV (a thread-value layout over a tile). Each method is a
// whole export: it guards against panics and reports the status under the export's name.
type picture struct {
	name   string
	draw   func(io.Writer, cute.Value) error
	drawTV func(io.Writer, cute.Layout, cute.IntTuple) error
}

var (
	textPicture  = picture{name: "cute_print_layout", draw: render.PrintLayout}
	latexPicture = picture{name: "cute_print_latex", draw: render.Latex, drawTV: render.LatexTV}
	svgPicture   = picture{name: "cute_print_svg", draw: render.SVG, drawTV: render.SVGTV}
)

// layout: a picture of the layout *l.
func (p picture) layout(l *C.cute_layout_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	fn := p.name
	defer guard(fn, &st)
	x, err := toLayout(fn, "l", l)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, drawText(fn, x.Size(), func(w io.Writer) error { return p.draw(w, x) }, buf, n, length))
}

// composed: a picture of the composed layout *c.
func (p picture) composed(c *C.cute_composed_layout_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	fn := p.name + "_composed"
	defer guard(fn, &st)
	x, err := toComposed(fn, "c", c)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, drawText(fn, x.Inner.Size(), func(w io.Writer) error { return p.draw(w, x) }, buf, n, length))
}

// tv: a picture of the thread-value layout *tv over the tile *tile.
func (p picture) tv(tv *C.cute_layout_t, tile *C.cute_int_tuple_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	fn := p.name + "_tv"
	defer guard(fn, &st)
	x, err := toLayout(fn, "tv", tv)
	if err != nil {
		return fail(fn, err)
	}
	t, err := toIntTuple(fn, "tile", tile)
	if err != nil {
		return fail(fn, err)
	}
	cells := x.Size() // the larger of the (thread, value) pairs and the tile's cells; -1 on overflow
	if c, err := cute.Size(t); err != nil || c < 0 {
		cells = -1
	} else if cells >= 0 && c > cells {
		cells = c
	}
	return result(fn, drawText(fn, cells, func(w io.Writer) error { return p.drawTV(w, x, t) }, buf, n, length))
}

//export cute_print_layout
func cute_print_layout(l *C.cute_layout_t, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	return textPicture.layout(l, buf, n, length)
}

//export cute_print_layout_composed
func cute_print_layout_composed(c *C.cute_composed_layout_t, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	return textPicture.composed(c, buf, n, length)
}
