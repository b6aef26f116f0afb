package explore

import (
	"bytes"
	"fmt"

	"github.com/dustin/go-humanize"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/render"
	"github.com/cutego/cutego/internal/eval"
)

// describeTiled draws a TiledMMA or a TiledCopy as `cutego render` does
// (cute/render.NewTiledMMAPicture / NewTiledCopyPicture, the picture of CuTe's print_latex),
// with every reader of each element when req.Readers is set and one thread's partition framed
// when req.Thread is. The table is the picture as text. Pictures whose panels hold more than
// four times lim.MaxCells cells are described, not drawn (a GMMA 64x256x16 TiledMMA's three
// panels hold 21,504).
func describeTiled(resp *Response, v cute.Value, req Request, lim Limits) {
	o := render.TiledOptions{Readers: req.Readers}
	if req.Thread != nil {
		o.Thread, o.HighlightThread = *req.Thread, true
	}
	var cells int64
	var draw func() (*render.TiledPicture, error)
	switch x := v.(type) {
	case eval.TiledMMA:
		m, n, k := x.TileSizeMNK(0), x.TileSizeMNK(1), x.TileSizeMNK(2)
		cells = sumCells(mulCells(m, n), mulCells(m, k), mulCells(n, k))
		resp.Size = humanize.Comma(x.Size()) + " threads"
		draw = func() (*render.TiledPicture, error) { return render.NewTiledMMAPicture(x.TiledMMA, o) }
	case eval.TiledCopy:
		s, err := x.TileShape()
		if err != nil {
			resp.Picture = err.Error()
			return
		}
		p, err := cute.Product(s)
		if err != nil {
			resp.Picture = err.Error()
			return
		}
		cells = mulCells(p, 2)
		resp.Size = humanize.Comma(x.Size()) + " threads"
		draw = func() (*render.TiledPicture, error) { return render.NewTiledCopyPicture(x.TiledCopy, o) }
	default:
		return
	}
	resp.View = "tiled"
	if cells < 0 || cells > 4*lim.MaxCells {
		resp.Picture = fmt.Sprintf("the picture's panels hold more than %s cells; the explorer draws at most %s (cutego render draws it)",
			humanize.Comma(4*lim.MaxCells), humanize.Comma(4*lim.MaxCells))
		return
	}
	pic, err := draw()
	if err != nil {
		resp.Picture = pictureError(err)
		return
	}
	if req.Table == nil || *req.Table {
		resp.Table = pic.String()
	}
	if req.SVG == nil || *req.SVG {
		var b bytes.Buffer
		if err := pic.WriteSVG(&b); err != nil {
			resp.Picture = pictureError(err)
			return
		}
		resp.SVG = b.String()
	}
}

// sumCells is the sum of counts from mulCells, or -1 when one is -1.
func sumCells(xs ...int64) int64 {
	var t int64
	for _, x := range xs {
		if x < 0 {
			return -1
		}
		t += x // each at most 2^40
	}
	return t
}

// mulCells is a*b, or -1 when either is negative or the product passes 2^40 (more cells
// than any picture draws).
func mulCells(a, b int64) int64 {
	if a < 0 || b < 0 || (b != 0 && a > (1<<40)/b) {
		return -1
	}
	return a * b
}
