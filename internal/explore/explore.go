// Package explore answers the layout explorer's requests: it evaluates the expressions
// (internal/eval), describes the last value, draws it in the view asked for (cute/render)
// and derives it step by step on request (internal/explain). `cutego serve` answers
// its JSON API with it, and the WebAssembly build runs the same code in the browser, so
// the page gives the same answers with or without a server.
package explore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/render"
	"github.com/cutego/cutego/internal/eval"
	"github.com/cutego/cutego/internal/explain"
)

// Request is one question of the explorer (POST /api/eval's body; GET takes the same
// fields as query parameters).
type Request struct {
	Expr    string `json:"expr"`              // one expression, or several lines
	TV      string `json:"tv,omitempty"`      // the tile (M,N) of a thread-value layout
	View    string `json:"view,omitempty"`    // data (default), tv, or bank
	Elem    int64  `json:"elem,omitempty"`    // bank view: bytes per element (default 4)
	Access  string `json:"access,omitempty"`  // bank view: a warp reads along m (default) or n
	SVG     *bool  `json:"svg,omitempty"`     // include the SVG picture (default true)
	Table   *bool  `json:"table,omitempty"`   // include the print_layout table (default true)
	Explain bool   `json:"explain,omitempty"` // derive the last expression step by step
	Plain   bool   `json:"plain,omitempty"`   // SVG as `cutego render` draws it, without the cell marks
	// A TiledMMA's or TiledCopy's picture: every thread holding each element (Readers), one
	// thread's partition framed (Thread).
	Readers bool   `json:"readers,omitempty"`
	Thread  *int64 `json:"thread,omitempty"`
}

// Response is the answer. Lines holds one output line per input line (as `cutego eval`
// writes them); the other fields describe the last expression.
type Response struct {
	Lines   []string `json:"lines"`
	Result  string   `json:"result,omitempty"`
	Error   string   `json:"error,omitempty"`
	Kind    string   `json:"kind,omitempty"` // integer, int tuple, layout, tiler, swizzle, composed layout, boolean
	Size    string   `json:"size,omitempty"` // size of a layout, for people (1,048,576)
	Cosize  string   `json:"cosize,omitempty"`
	Table   string   `json:"table,omitempty"` // CuTe's print_layout table
	SVG     string   `json:"svg,omitempty"`
	Picture string   `json:"picture_error,omitempty"` // why there is no table or picture
	View    string   `json:"view,omitempty"`          // the view drawn
	Cells   *Cells   `json:"cells,omitempty"`         // what hovering each cell shows
	Explain *Derived `json:"explain,omitempty"`
	Elapsed string   `json:"elapsed"`
	Summary string   `json:"summary,omitempty"` // the bank view's verdict
}

// Cells is what the page shows when the pointer is over a cell: Info[m*N+n].
type Cells struct {
	M    int64    `json:"m"`
	N    int64    `json:"n"`
	Info []string `json:"info"`
}

// Derived is a step-by-step derivation (internal/explain) with a picture per step.
type Derived struct {
	Definition string    `json:"definition,omitempty"`
	Steps      []StepOut `json:"steps,omitempty"`
	Result     string    `json:"result,omitempty"`
	Error      string    `json:"error,omitempty"`
}

// StepOut is one step and its picture (empty when it is not a drawable layout).
type StepOut struct {
	explain.Step
	SVG string `json:"svg,omitempty"`
}

// Limits bounds the work of one request.
type Limits struct {
	// MaxCells bounds the cells of a picture; larger layouts are described, not drawn.
	MaxCells int64
	// MaxStepCells bounds the cells of each picture of a derivation.
	MaxStepCells int64
	// MaxLine bounds the bytes of one expression line; the deadline is looked at
	// between lines, so this bounds the work done past it.
	MaxLine int
	// MaxNodes bounds every value a statement builds (eval.Limits.MaxNodes).
	MaxNodes int
}

// DefaultLimits are the explorer's: 64×64 cells per picture, 32×32 per step, 16 KiB per
// line, eval.ExplorerLimits' nodes per value.
var DefaultLimits = Limits{MaxCells: 64 * 64, MaxStepCells: 32 * 32, MaxLine: 16 << 10,
	MaxNodes: eval.ExplorerLimits.MaxNodes}

// Evaluate answers req. It evaluates req.Expr's lines as one session, as `cutego eval`
// reads them: a name bound by `auto a = …;` on one line is known on the next, and a
// statement whose parentheses are still open continues on the next lines (one output
// line for it). It stops between lines and inside the drawing loops once ctx is done,
// and then answers with ctx's error.
func Evaluate(ctx context.Context, req Request, lim Limits) Response {
	start := time.Now()
	resp := Response{Lines: []string{}}
	s := eval.NewSessionLimits(eval.Limits{MaxNodes: lim.MaxNodes})
	var last cute.Value
	var lastErr error
	var stmt []string // the lines of the statement being read
	var lastStmt string
	emit := func(r eval.Result) {
		last, lastErr = r.Value, r.Err
		lastStmt = strings.Join(stmt, "\n")
		stmt = stmt[:0]
		resp.Lines = append(resp.Lines, r.String())
	}
	for _, line := range strings.Split(req.Expr, "\n") {
		if err := ctx.Err(); err != nil {
			resp.Error = "stopped: " + err.Error()
			return resp
		}
		t := strings.TrimSpace(line)
		// MaxLine bounds a statement continued over several lines as it bounds a line:
		// the parser's cost grows faster than linearly on some inputs.
		if n := s.Pending() + len(t); lim.MaxLine > 0 && n > lim.MaxLine {
			what := "line"
			if s.Pending() > 0 {
				what = "statement"
				s.Drop()
			}
			stmt = stmt[:0]
			emit(eval.Result{Err: fmt.Errorf("the %s has %s bytes; the explorer evaluates %ss of at most %s bytes (cutego eval takes longer ones)",
				what, humanize.Comma(int64(n)), what, humanize.Comma(int64(lim.MaxLine)))})
			continue
		}
		if t != "" && t[0] != '#' {
			stmt = append(stmt, t)
		}
		if r, ok := s.Line(line); ok {
			emit(r)
		} else if s.Pending() == 0 {
			stmt = stmt[:0] // a comment, `{`, `using …;`: not part of a statement
		}
	}
	if r, ok := s.Close(); ok {
		emit(r)
	}
	switch {
	case lastErr != nil:
		resp.Error = lastErr.Error()
	case last != nil:
		resp.Result = last.String()
		resp.Kind = Kind(last)
		describe(ctx, &resp, last, req, lim)
	}
	if req.Explain && lastStmt != "" && lastErr == nil && ctx.Err() == nil {
		stmt := strings.TrimSuffix(lastStmt, ";")
		if _, rhs, ok := eval.Declared(stmt); ok {
			stmt = rhs // `auto c = logical_divide(a, b);` derives logical_divide(a, b)
		}
		resp.Explain = derive(ctx, s, stmt, lim)
	}
	if err := ctx.Err(); err != nil && resp.Error == "" {
		resp.Error = "stopped: " + err.Error()
	}
	resp.Elapsed = time.Since(start).Round(time.Microsecond).String()
	return resp
}

// Kind names the kind of a value for people.
func Kind(v cute.Value) string {
	switch x := v.(type) {
	case cute.IntTuple:
		if x.IsLeaf() {
			return "integer"
		}
		return "int tuple"
	case cute.Layout:
		return "layout"
	case cute.Tiler:
		return "tiler"
	case cute.Swizzle:
		return "swizzle"
	case cute.ComposedLayout:
		return "composed layout"
	case eval.Boolean:
		return "boolean"
	case eval.Tensor:
		return "tensor"
	case eval.TiledMMA:
		return "TiledMMA"
	case eval.TiledCopy:
		return "TiledCopy"
	}
	return "value"
}

// drawable reports whether the explorer draws v, as `cutego render` does: a layout, a
// swizzle composed layout, or a shape such as (4,4) (drawn as its column-major layout).
// A lone integer is a number here, not the layout N:1 that render would draw.
func drawable(v cute.Value) bool {
	switch x := v.(type) {
	case cute.Layout, cute.ComposedLayout:
		return true
	case cute.IntTuple:
		if x.IsLeaf() {
			return false
		}
		_, err := cute.AsLayout(x)
		return err == nil
	}
	return false
}

func describe(ctx context.Context, resp *Response, v cute.Value, req Request, lim Limits) {
	switch x := v.(type) {
	case eval.Tensor:
		describeTensor(resp, x, req, lim)
		return
	case eval.TiledMMA, eval.TiledCopy:
		describeTiled(resp, x, req, lim)
		return
	}
	if !drawable(v) {
		return
	}
	svgOpt := cellIDs
	if req.Plain {
		svgOpt = render.SVGOptions{}
	}
	var l cute.Layout
	switch x := v.(type) {
	case cute.Layout:
		l = x
	case cute.ComposedLayout:
		l = x.Inner
	case cute.IntTuple:
		l, _ = cute.AsLayout(x)
	}
	if n := l.Size(); n >= 0 {
		resp.Size = humanize.Comma(n)
	}
	if c, err := l.Cosize(); err == nil && !hasBasis(l.Stride()) {
		resp.Cosize = humanize.Comma(c)
	}
	wantSVG := req.SVG == nil || *req.SVG
	wantTbl := req.Table == nil || *req.Table
	view := req.View
	if view == "" {
		view = "data"
		if req.TV != "" {
			view = "tv"
		}
	}
	resp.View = view
	switch view {
	case "tv":
		if req.TV == "" {
			resp.Picture = "the thread-value view needs a tile (M,N)"
			return
		}
		tile, err := cute.ParseIntTuple(req.TV)
		if err != nil {
			resp.Picture = "tv: " + err.Error()
			return
		}
		g, err := render.NewTVContext(ctx, l, tile, lim.MaxCells)
		if err != nil {
			resp.Picture = pictureError(err)
			return
		}
		info := make([]string, g.M*g.N)
		for m := int64(0); m < g.M; m++ {
			for n := int64(0); n < g.N; n++ {
				if t, vv, ok := g.At(m, n); ok {
					info[m*g.N+n] = fmt.Sprintf("(%d,%d) ← thread %d, value %d", m, n, t, vv)
				} else {
					info[m*g.N+n] = fmt.Sprintf("(%d,%d): no (thread, value) maps here", m, n)
				}
			}
		}
		resp.Cells = &Cells{M: g.M, N: g.N, Info: info}
		if wantSVG {
			var b bytes.Buffer
			g.WriteSVG(&b, svgOpt)
			resp.SVG = b.String()
		}
		return
	case "data", "bank":
	default:
		resp.Picture = fmt.Sprintf("unknown view %q (data, tv or bank)", view)
		return
	}
	g, err := render.NewGridContext(ctx, v, lim.MaxCells)
	if err != nil {
		resp.Picture = pictureError(err)
		return
	}
	if view == "bank" {
		elem := req.Elem
		if elem == 0 {
			elem = 4
		}
		acc, err := render.ParseAccess(req.Access)
		if err != nil {
			resp.Picture = err.Error()
			return
		}
		b, err := render.NewBanks(g, elem, acc)
		if err != nil {
			resp.Picture = err.Error()
			return
		}
		resp.Summary = b.Summary()
		info := make([]string, g.M*g.N)
		for m := int64(0); m < g.M; m++ {
			for n := int64(0); n < g.N; n++ {
				bank, ways := b.At(m, n)
				s := fmt.Sprintf("(%d,%d) → offset %d, byte %d: bank %d", m, n, g.At(m, n), g.At(m, n)*elem, bank)
				if ways > 1 {
					s += fmt.Sprintf(", %d-way conflict", ways)
				}
				info[m*g.N+n] = s
			}
		}
		resp.Cells = &Cells{M: g.M, N: g.N, Info: info}
		if wantSVG {
			var buf bytes.Buffer
			b.WriteSVG(&buf, svgOpt)
			resp.SVG = buf.String()
		}
		return
	}
	info := make([]string, g.M*g.N)
	for m := int64(0); m < g.M; m++ {
		for n := int64(0); n < g.N; n++ {
			s := fmt.Sprintf("(%d,%d)", m, n)
			if c, err := g.Coord(m, n); err == nil && c.String() != s {
				s += " = " + c.String()
			}
			info[m*g.N+n] = fmt.Sprintf("%s → offset %d", s, g.At(m, n))
		}
	}
	resp.Cells = &Cells{M: g.M, N: g.N, Info: info}
	if wantTbl {
		var b bytes.Buffer
		g.PrintLayout(&b)
		resp.Table = b.String()
	}
	if wantSVG {
		var b bytes.Buffer
		g.WriteSVG(&b, svgOpt)
		resp.SVG = b.String()
	}
}

// cellIDs marks the cells of the explorer's pictures for the pointer.
var cellIDs = render.SVGOptions{CellIDs: true}

func hasBasis(t cute.IntTuple) bool {
	for _, l := range t.Leaves(nil) {
		if l.IsBasis() {
			return true
		}
	}
	return false
}

// pictureError says why there is no picture, with sizes for people.
func pictureError(err error) string {
	var tl *render.TooLargeError
	if errors.As(err, &tl) {
		if tl.M >= 0 && tl.N >= 0 && tl.M <= 1<<31 && tl.N <= 1<<31 {
			return fmt.Sprintf("%s has %s cells (%d×%d); the explorer draws at most %s", tl.What,
				humanize.Comma(tl.M*tl.N), tl.M, tl.N, humanize.Comma(tl.Limit))
		}
		return fmt.Sprintf("%s has too many cells to draw; the explorer draws at most %s", tl.What, humanize.Comma(tl.Limit))
	}
	return err.Error()
}

func derive(ctx context.Context, s *eval.Session, stmt string, lim Limits) *Derived {
	x, err := explain.ExplainIn(s, stmt)
	if err != nil {
		return &Derived{Error: err.Error()}
	}
	d := &Derived{Definition: x.Definition, Result: x.ResultText}
	for _, s := range x.Steps {
		so := StepOut{Step: s}
		if s.Value != nil && drawable(s.Value) {
			if g, err := render.NewGridContext(ctx, s.Value, lim.MaxStepCells); err == nil {
				var b bytes.Buffer
				g.SVG(&b)
				so.SVG = b.String()
			}
		}
		d.Steps = append(d.Steps, so)
	}
	return d
}
