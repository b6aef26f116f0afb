package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/render"
	"github.com/cutego/cutego/internal/eval"
)

// evalArgs evaluates the command-line words as one program (an expression, or C++
// statements whose last value is drawn).
func evalArgs(words []string) (cute.Value, error) {
	if len(words) == 0 {
		return nil, usageError{"missing the layout expression"}
	}
	v, err := eval.Eval(strings.Join(words, " "))
	if err != nil {
		return nil, err
	}
	return v, checkCosize(v)
}

// checkCosize refuses a layout whose cosize overflows int64 (package cute reports it):
// its table and picture would need columns wider than any index.
func checkCosize(v cute.Value) error {
	var l cute.Layout
	switch x := v.(type) {
	case cute.Layout:
		l = x
	case cute.ComposedLayout:
		l = x.Inner
	default:
		return nil
	}
	_, err := l.Cosize()
	return err
}

// cmdPrint is `cutego print <expr>`: CuTe's print_layout table, or print_tensor for a
// tensor (its values).
func cmdPrint(args []string, e env) error {
	words, err := parseFlags(flag.NewFlagSet("print", flag.ContinueOnError), args)
	if err != nil {
		return err
	}
	v, err := evalArgs(words)
	if err != nil {
		return err
	}
	if t, ok := v.(interface{ PrintTensor(io.Writer) error }); ok {
		return t.PrintTensor(e.stdout) // a tensor (eval.Tensor, eval.CoordTensor)
	}
	return render.PrintLayout(e.stdout, v)
}

// cmdRender is `cutego render [--format svg|tex|png] [--tv (M,N)] [--view data|bank]
// [--elem bytes] [--access m|n] [--scale s] [-o file] <expr>`.
func cmdRender(args []string, e env) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	format := fs.String("format", "svg", "svg, tex or png")
	tv := fs.String("tv", "", "draw a thread-value layout over the tile of this shape (M,N)")
	out := fs.String("o", "", "write to this file instead of stdout")
	rv := addRenderFlags(fs)
	words, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	v, err := evalArgs(words)
	if err != nil {
		return err
	}
	draw, err := rv.drawer(v, *tv, *format)
	if err != nil {
		return err
	}
	if draw == nil {
		return usageError{fmt.Sprintf("unknown format %q (svg, tex or png)", *format)}
	}
	if *out == "" {
		return draw(e.stdout)
	}
	return writeOutput(*out, draw)
}
