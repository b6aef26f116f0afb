// Command cutego evaluates, prints and renders CuTe layouts.
//
//	cutego eval [EXPR…]               evaluate expressions (or stdin), one result line each
//	cutego print <expr>               CuTe's print_layout table (print_tensor for a tensor)
//	cutego render [--format svg|tex|png] [--tv (M,N)] [--view data|bank] [--readers] [--thread t] [--tiler] [-o file] <expr>
//	cutego gen gemm [-o file]         the generated header of the GEMM kernels' layouts
//	cutego explain [--tables] <expr>  an operation derived step by step
//	cutego serve [--addr 127.0.0.1:8080] a layout explorer in the browser
//	cutego version
//
// Every command answers --help; flags may come before or after the expression.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cutego/cutego/internal/eval"
)

// version is the tool's version (set with -ldflags "-X main.version=…").
var version = "0.1.0-dev"

// env is what a command reads and writes.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand: its name, its usage (the first line, without a leading
// "usage: ", is the synopsis `cutego help` lists) and its code, which gets the arguments
// after the name. A command returns usageError for bad arguments (exit 2), another error
// to fail (exit 1), or exitError to exit with a status and no message.
type command struct {
	name  string
	usage func() string
	run   func(args []string, e env) error
}

// text is a fixed usage.
func text(s string) func() string { return func() string { return s } }

// synopsis is the first line of a usage, without "usage: ".
func synopsis(usage string) string {
	line, _, _ := strings.Cut(usage, "\n")
	return strings.TrimPrefix(line, "usage: ")
}

// commands is the table of subcommands, in the order `cutego help` lists them. A new
// subcommand is one line here (and its code in its own file).
var commands = []command{
	{"eval", text(evalUsage), cmdEval},
	{"print", text(printUsage), cmdPrint},
	{"render", text(renderUsage), cmdRender},
	{"explain", func() string { return fmt.Sprintf(explainUsage, strings.Join(explainNames(), ", ")) },
		cmdExplain},
	{"gen", text(genUsage), func(args []string, e env) error { return cmdGen(args, e.stdout) }},
	{"serve", text(serveUsage), func(args []string, e env) error { return cmdServe(args, e.stderr) }},
	{"version", text("cutego version\n\nPrint the version.\n"), cmdVersion},
}

const evalUsage = `cutego eval [--max-nodes N] [--max-line BYTES] [EXPR…]

Evaluate CuTe expressions (docs/EVAL.md): each argument, or else each line of stdin,
and write one line for each: the result in CuTe's printed form, or "error: <message>".
Blank lines and comments give no line. C++ as CuTe's docs write it works too
(` + "`auto a = make_layout(make_shape(_8{},_4{}), LayoutRight{});`" + `), with names
known on later lines and a declaration continued over several lines.
The exit status is 1 when any line failed (every line is still answered), 0 otherwise.
A value may have at most --max-nodes integers and tuples (65536; names can refer to
themselves, so a short text can describe a value too large to print), and a line at most
--max-line bytes (1 MiB).
`

const printUsage = `cutego print <expr>

Print the layout as CuTe's print_layout table (a rank-1 layout as a column), or a
tensor over iota data as CuTe's print_tensor: its values, e.g. the elements thread 3
owns, 'local_partition(iota_tensor((8,8)), (2,4), 3)'.
`

const renderUsage = `cutego render [--format svg|tex|png] [--tv (M,N)] [--view data|bank] [--elem bytes] [--access m|n] [--scale s] [--readers] [--thread t] [--tiler] [-o file] <expr>

Draw the layout: SVG like CuTe's print_svg, TikZ like print_latex, or PNG; with --tv,
the thread-value layout over an MxN tile (print_latex_tv); with --view bank, the
shared-memory bank of each element (--elem bytes each, a warp reading along --access),
conflicts highlighted; --scale sizes a PNG. A TiledMMA or TiledCopy is drawn as
print_latex draws it (--format tex: C++'s output byte for byte; svg and png: the same
picture), and in svg or png beyond it: --readers lists every thread that holds each
element, --thread t frames thread t's elements (its partition_A/B/C or partition_S/D of
a tile), --tiler draws a TiledCopy's Tiler_MN and its TV layout before the tiler.

` + outputRule

const genUsage = `cutego gen gemm [-o file]

Write the generated header of the GEMM kernels' layouts (kernels/generated/).

` + outputRule

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// usage is the tool's usage: every command's synopsis.
func usage() string {
	var b strings.Builder
	b.WriteString("usage: cutego <command> [arguments]\n\ncommands:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %s\n", synopsis(c.usage()))
	}
	b.WriteString(`
An <expr> is anything eval accepts: a layout "(4,8):(1,4)", a shape "(4,8)", a call
"logical_divide((16,8):(1,16),(4:2,2:4))", or CuTe's C++. Quote it for the shell.
"cutego <command> --help" tells more.
`)
	return b.String()
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) < 1 {
		fmt.Fprint(stderr, usage())
		return 2
	}
	switch args[0] {
	case "help", "-h", "--help", "-help":
		if len(args) > 1 {
			if c := find(args[1]); c != nil {
				fmt.Fprint(stdout, c.usage())
				return 0
			}
		}
		fmt.Fprint(stdout, usage())
		return 0
	case "--version", "-v":
		args = []string{"version"}
	}
	c := find(args[0])
	if c == nil {
		fmt.Fprintf(stderr, "cutego: unknown command %q\n%s", args[0], usage())
		return 2
	}
	for _, a := range args[1:] {
		if a == "--" {
			break
		}
		if a == "-h" || a == "--help" || a == "-help" {
			fmt.Fprint(stdout, c.usage())
			return 0
		}
	}
	err := c.run(args[1:], env{stdin: stdin, stdout: stdout, stderr: stderr})
	var ue usageError
	var ee exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return int(ee)
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "cutego %s: %s\nusage: %s", c.name, ue.msg, strings.TrimPrefix(c.usage(), "usage: "))
		return 2
	}
	fmt.Fprintf(stderr, "cutego %s: %v\n", c.name, err)
	return 1
}

func find(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// exitError ends the command with its status and no message (the command has said
// what went wrong).
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// parseFlags parses args with fs, allowing flags after the positional arguments
// (`cutego render '(4,8)' --format tex`); it returns the positional arguments. After
// `--` everything is positional.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, usageError{err.Error()}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > len(rest) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// cmdEval is `cutego eval [EXPR…]`.
func cmdEval(args []string, e env) error {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	lim := eval.DefaultLimits
	fs.IntVar(&lim.MaxNodes, "max-nodes", lim.MaxNodes, "nodes of one value")
	fs.IntVar(&lim.MaxLine, "max-line", lim.MaxLine, "bytes of one line")
	exprs, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if lim.MaxNodes < 1 || lim.MaxLine < 1 {
		return usageError{"--max-nodes and --max-line must be positive"}
	}
	in := e.stdin
	if len(exprs) > 0 {
		// Each argument is one input line (a newline inside one splits it, as on stdin).
		in = strings.NewReader(strings.Join(exprs, "\n") + "\n")
	}
	failed, err := eval.RunLimits(in, e.stdout, lim)
	if err != nil {
		return err
	}
	if failed > 0 {
		return exitError(1)
	}
	return nil
}

func cmdVersion(args []string, e env) error {
	if len(args) > 0 {
		return usageError{"takes no arguments"}
	}
	fmt.Fprintln(e.stdout, "cutego", version)
	return nil
}
