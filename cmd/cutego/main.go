// Command cutego evaluates, prints and renders CuTe layouts.
//
//	cutego eval                       read expressions from stdin, one result line each
//	cutego print <layout>             CuTe's print_layout table
//	cutego render [--format svg|tex|png] [--tv (M,N)] <layout>
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
  eval                          read CuTe expressions from stdin, write one result line each
  print <layout>                print the layout as CuTe's print_layout table
  render [--format svg|tex|png] [--tv (M,N)] [-o file] <layout>
                                draw the layout (or the thread-value layout over an MxN tile)
  serve [--addr :8080]          a layout explorer in the browser (JSON API at /api/eval)
  version                       print the version
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) < 1 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "eval":
		if err := eval.Run(stdin, stdout); err != nil {
			fmt.Fprintln(stderr, "cutego eval:", err)
			return 1
		}
		return 0
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, "cutego", version)
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "cutego: unknown command %q\n%s", args[0], usage)
	return 2
}
