package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/render"
	"github.com/cutego/cutego/internal/eval"
)

// evalArgs evaluates the command-line words as one expression.
func evalArgs(words []string) (cute.Value, error) {
	if len(words) == 0 {
		return nil, usageError{"missing the layout expression"}
	}
	return eval.Eval(strings.Join(words, " "))
}

// cmdPrint is `cutego print <expr>`: CuTe's print_layout table.
func cmdPrint(args []string, w io.Writer) error {
	v, err := evalArgs(args)
	if err != nil {
		return err
	}
	return render.PrintLayout(w, v)
}

// cmdRender is `cutego render [--format svg|tex|png] [--tv (M,N)] [--view data|bank]
// [--elem bytes] [--access m|n] [--scale s] [-o file] <expr>`.
func cmdRender(args []string, w io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	format := fs.String("format", "svg", "svg, tex or png")
	tv := fs.String("tv", "", "draw a thread-value layout over the tile of this shape (M,N)")
	out := fs.String("o", "", "write to this file instead of stdout")
	rv := addRenderFlags(fs)
	if err := fs.Parse(args); err != nil {
		return usageError{err.Error()}
	}
	v, err := evalArgs(fs.Args())
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
		return draw(w)
	}
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	return errors.Join(draw(f), f.Close())
}
