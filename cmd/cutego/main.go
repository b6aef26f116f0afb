// Command cutego evaluates, prints and renders CuTe layouts.
//
//	cutego eval                       read expressions from stdin, one result line each
//	cutego print <layout>             CuTe's print_layout table
//	cutego render [--format svg|tex|png] [--tv (M,N)] [-o file] <layout>
//	cutego serve [--addr :8080]       a layout explorer in the browser
//	cutego version
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/cutego/cutego/internal/eval"
)

// version is the tool's version (set with -ldflags "-X main.version=…").
var version = "0.1.0-dev"

const usage = `usage: cutego <command> [arguments]

commands:
  eval                          read CuTe expressions from stdin (docs/EVAL.md), write one
                                result line each: CuTe's printed form or "error: <message>"
  print <expr>                  print the layout as CuTe's print_layout table
  render [--format svg|tex|png] [--tv (M,N)] [-o file] <expr>
                                draw the layout (SVG like CuTe's print_svg, TikZ like
                                print_latex); with --tv, the thread-value layout over an
                                MxN tile (print_latex_tv)
  serve [--addr :8080]          a layout explorer in the browser (JSON API at /api/eval)
  version                       print the version

An <expr> is anything eval accepts: a layout "(4,8):(1,4)", a shape "(4,8)", or a call
"logical_divide((16,8):(1,16),(4:2,2:4))". Quote it for the shell.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) < 1 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "eval":
		if len(args) > 1 {
			fmt.Fprintln(stderr, "cutego eval: reads expressions from stdin and takes no arguments")
			return 2
		}
		err = eval.Run(stdin, stdout)
	case "print":
		err = cmdPrint(args[1:], stdout)
	case "render":
		err = cmdRender(args[1:], stdout)
	case "gen":
		err = cmdGen(args[1:], stdout)
	case "explain":
		err = cmdExplain(args[1:], stdout)
	case "serve":
		err = cmdServe(args[1:], stderr)
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, "cutego", version)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
	default:
		fmt.Fprintf(stderr, "cutego: unknown command %q\n%s", args[0], usage)
		return 2
	}
	if err != nil {
		if ue, ok := err.(usageError); ok {
			fmt.Fprintf(stderr, "cutego %s: %s\n%s", args[0], ue.msg, usage)
			return 2
		}
		fmt.Fprintf(stderr, "cutego %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }
