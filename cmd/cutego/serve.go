package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/render"
	"github.com/cutego/cutego/internal/eval"
)

//go:embed index.html
var indexHTML []byte

// cmdServe is `cutego serve [--addr :8080]`.
func cmdServe(args []string, logw io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addr := fs.String("addr", ":8080", "listen address")
	if err := fs.Parse(args); err != nil {
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{"unexpected arguments " + strings.Join(fs.Args(), " ")}
	}
	srv := &http.Server{
		Addr:              *addr,
		Handler:           newServer(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	fmt.Fprintf(logw, "cutego serve: layout explorer on http://%s/\n", displayAddr(*addr))
	return srv.ListenAndServe()
}

func displayAddr(a string) string {
	if strings.HasPrefix(a, ":") {
		return "localhost" + a
	}
	return a
}

// EvalRequest is the body of POST /api/eval (GET takes the same fields as query
// parameters expr and tv).
type EvalRequest struct {
	Expr string `json:"expr"`            // one expression, or several lines
	TV   string `json:"tv,omitempty"`    // draw the result as a TV layout over this (M,N) tile
	SVG  *bool  `json:"svg,omitempty"`   // include the SVG picture (default true)
	Tbl  *bool  `json:"table,omitempty"` // include the print_layout table (default true)
}

// EvalResponse is the answer of /api/eval. Lines holds one output line per input line
// (as `cutego eval` writes them); the other fields describe the last expression.
type EvalResponse struct {
	Lines   []string `json:"lines"`
	Result  string   `json:"result,omitempty"`
	Error   string   `json:"error,omitempty"`
	Kind    string   `json:"kind,omitempty"` // integer, int tuple, layout, tiler, swizzle, composed layout, boolean
	Size    string   `json:"size,omitempty"` // size of a layout, for people (1,048,576)
	Cosize  string   `json:"cosize,omitempty"`
	Table   string   `json:"table,omitempty"` // CuTe's print_layout table
	SVG     string   `json:"svg,omitempty"`
	Picture string   `json:"picture_error,omitempty"` // why there is no table or picture
	Elapsed string   `json:"elapsed"`
}

// maxRequest bounds the request body.
const maxRequest = 1 << 20

// maxDrawCells bounds the cells drawn for the browser.
const maxDrawCells = 64 * 64

func newServer() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(indexHTML)
	})
	mux.HandleFunc("/api/eval", apiEval)
	mux.HandleFunc("GET /api/svg", apiSVG)
	return mux
}

func apiEval(w http.ResponseWriter, r *http.Request) {
	var req EvalRequest
	switch r.Method {
	case http.MethodGet:
		req.Expr, req.TV = r.URL.Query().Get("expr"), r.URL.Query().Get("tv")
	case http.MethodPost:
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequest))
		if err != nil {
			httpError(w, http.StatusRequestEntityTooLarge, err.Error())
			return
		}
		if err := json.Unmarshal(body, &req); err != nil {
			httpError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
			return
		}
	default:
		w.Header().Set("Allow", "GET, POST")
		httpError(w, http.StatusMethodNotAllowed, "use GET or POST")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(evaluate(req))
}

func httpError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

func evaluate(req EvalRequest) EvalResponse {
	start := time.Now()
	resp := EvalResponse{Lines: []string{}}
	var last cute.Value
	var lastErr error
	for _, line := range strings.Split(req.Expr, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || t[0] == '#' {
			continue
		}
		last, lastErr = eval.Eval(t)
		resp.Lines = append(resp.Lines, eval.Format(last, lastErr))
	}
	switch {
	case lastErr != nil:
		resp.Error = lastErr.Error()
	case last != nil:
		resp.Result = last.String()
		resp.Kind = kind(last)
		describePicture(&resp, last, req)
	}
	resp.Elapsed = time.Since(start).String()
	return resp
}

func kind(v cute.Value) string {
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
	case eval.Bool:
		return "boolean"
	}
	return "value"
}

func describePicture(resp *EvalResponse, v cute.Value, req EvalRequest) {
	var l cute.Layout
	switch x := v.(type) {
	case cute.Layout:
		l = x
	case cute.ComposedLayout:
		l = x.Inner
	default:
		return
	}
	if n := l.Size(); n >= 0 {
		resp.Size = humanize.Comma(n)
	}
	wantSVG := req.SVG == nil || *req.SVG
	wantTbl := req.Tbl == nil || *req.Tbl
	if req.TV != "" {
		tile, err := cute.ParseIntTuple(req.TV)
		if err != nil {
			resp.Picture = "tv: " + err.Error()
			return
		}
		g, err := render.NewTV(l, tile)
		if err != nil {
			resp.Picture = err.Error()
			return
		}
		if g.M*g.N > maxDrawCells {
			resp.Picture = fmt.Sprintf("the tile has %s cells; the browser draws at most %s", humanize.Comma(g.M*g.N), humanize.Comma(maxDrawCells))
			return
		}
		if wantSVG {
			var b bytes.Buffer
			g.SVG(&b)
			resp.SVG = b.String()
		}
		return
	}
	g, err := render.NewGrid(v)
	if err != nil {
		resp.Picture = err.Error()
		return
	}
	resp.Cosize = humanize.Comma(g.Cosize)
	if g.M*g.N > maxDrawCells {
		resp.Picture = fmt.Sprintf("the layout has %s cells; the browser draws at most %s", humanize.Comma(g.M*g.N), humanize.Comma(maxDrawCells))
		return
	}
	if wantTbl {
		var b bytes.Buffer
		g.PrintLayout(&b)
		resp.Table = b.String()
	}
	if wantSVG {
		var b bytes.Buffer
		g.SVG(&b)
		resp.SVG = b.String()
	}
}

// apiSVG answers GET /api/svg?expr=…[&tv=(M,N)] with the picture itself.
func apiSVG(w http.ResponseWriter, r *http.Request) {
	f := false
	resp := evaluate(EvalRequest{Expr: r.URL.Query().Get("expr"), TV: r.URL.Query().Get("tv"), Tbl: &f})
	if resp.SVG == "" {
		msg := resp.Error
		if msg == "" {
			msg = resp.Picture
		}
		if msg == "" {
			msg = "no picture for " + resp.Result
		}
		httpError(w, http.StatusUnprocessableEntity, msg)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	io.WriteString(w, resp.SVG)
}
