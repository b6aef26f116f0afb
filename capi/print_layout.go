package main

/*
#include "capi.h"
*/
import "C"

import (
	"errors"
	"io"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/render"
)

// The picture exports (cute_print_layout, cute_print_latex, cute_print_svg and their
// _composed and _tv forms) draw through package cute/render, as `cutego print` and
// `cutego render` do, so the bytes are the same; the text goes out with the snprintf
// semantics of every *_format function.

// drawText runs draw into a string and writes it into buf. cells is the number of cells
// the picture would have (for the status of a refusal: over render.MaxCells is
// CUTEGO_CAPACITY).
func drawText(fn string, cells int64, draw func(io.Writer) error, buf *C.char, n C.size_t, length *C.size_t) error {
	var b strings.Builder
	if err := draw(&b); err != nil {
		return pictureError(fn, cells, err)
	}
	return putText(fn, b.String(), buf, n, length)
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

// layoutPicture: a picture of the layout *l.
func layoutPicture(fn string, l *C.cute_layout_t, draw func(io.Writer, cute.Value) error, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	x, err := toLayout(fn, "l", l)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, drawText(fn, x.Size(), func(w io.Writer) error { return draw(w, x) }, buf, n, length))
}

// composedPicture: a picture of the composed layout *c.
func composedPicture(fn string, c *C.cute_composed_layout_t, draw func(io.Writer, cute.Value) error, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
	x, err := toComposed(fn, "c", c)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, drawText(fn, x.Inner.Size(), func(w io.Writer) error { return draw(w, x) }, buf, n, length))
}

// tvPicture: a picture of the thread-value layout *tv over the tile *tile.
func tvPicture(fn string, tv *C.cute_layout_t, tile *C.cute_int_tuple_t, draw func(io.Writer, cute.Layout, cute.IntTuple) error, buf *C.char, n C.size_t, length *C.size_t) C.cutego_status_t {
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
	return result(fn, drawText(fn, cells, func(w io.Writer) error { return draw(w, x, t) }, buf, n, length))
}

//export cute_print_layout
func cute_print_layout(l *C.cute_layout_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_print_layout"
	defer guard(fn, &st)
	return layoutPicture(fn, l, render.PrintLayout, buf, n, length)
}

//export cute_print_layout_composed
func cute_print_layout_composed(c *C.cute_composed_layout_t, buf *C.char, n C.size_t, length *C.size_t) (st C.cutego_status_t) {
	const fn = "cute_print_layout_composed"
	defer guard(fn, &st)
	return composedPicture(fn, c, render.PrintLayout, buf, n, length)
}
