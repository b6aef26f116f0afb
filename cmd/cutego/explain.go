package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/render"
	"github.com/cutego/cutego/internal/eval"
	"github.com/cutego/cutego/internal/explain"
)

const explainUsage = `usage: cutego explain [--tables] [<expr or C++ block>]

Derives a CuTe operation step by step, each intermediate computed by package cute:
logical_divide(A,B) = composition(A, make_layout(B, complement(B, shape(coalesce(A))))),
and so on. The last step is checked against the direct call.

The input is the arguments joined with spaces, or else stdin: lines as cutego eval reads
them (C++ as CuTe's docs write it, names bound by "auto a = …;" known on later lines).
Its last statement is explained: a call, "auto c = call(…);", or print(x) /
print_layout(x), explained as x was declared.

Explained: %s.
With --tables, each layout of rank 1 or 2 is also printed as CuTe's print_layout table.
`

// maxExplainInput bounds the block `cutego explain` reads from stdin.
const maxExplainInput = 1 << 20

// cmdExplain is `cutego explain [--tables] [<expr or block>]`.
func cmdExplain(args []string, e env) error {
	w := e.stdout
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	tables := fs.Bool("tables", false, "print each intermediate layout as a print_layout table")
	help := fs.Bool("help", false, "show this help")
	fs.BoolVar(help, "h", false, "show this help")
	var words []string
	for len(args) > 0 { // flags may follow the expression
		if err := fs.Parse(args); err != nil {
			return usageError{err.Error()}
		}
		if fs.NArg() == 0 {
			break
		}
		words, args = append(words, fs.Arg(0)), fs.Args()[1:]
	}
	if *help {
		fmt.Fprintf(w, explainUsage, strings.Join(explainNames(), ", "))
		return nil
	}
	block := strings.Join(words, " ")
	if len(words) == 0 && e.stdin != nil {
		in, err := io.ReadAll(io.LimitReader(e.stdin, maxExplainInput+1))
		if err != nil {
			return err
		}
		if len(in) > maxExplainInput {
			return fmt.Errorf("explain: the input has more than %d bytes", maxExplainInput)
		}
		block = string(in)
	}
	if strings.TrimSpace(block) == "" {
		return usageError{"missing the expression to explain, e.g. 'logical_divide((16,8):(1,16), 4:2)'"}
	}
	x, err := explain.ExplainBlock(eval.NewSession(), block)
	if err != nil {
		return err
	}
	writeExplanation(w, x, *tables)
	return nil
}

func explainNames() []string {
	var ns []string
	for n := range explain.Ops {
		ns = append(ns, n)
	}
	sortStrings(ns)
	return ns
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// maxTableCells bounds the tables that --tables prints.
const maxTableCells = 1024

func writeExplanation(w io.Writer, x *explain.Explanation, tables bool) {
	fmt.Fprintf(w, "%s(%s)\n", x.Op, strings.Join(x.Args, ", "))
	fmt.Fprintf(w, "  %s\n", x.Definition)
	names := []string{"A", "B", "C"}
	if x.Op == "complement" {
		names[1] = "M"
	}
	for i, v := range x.Inputs {
		if i < len(names) {
			fmt.Fprintf(w, "  %s = %v\n", names[i], v)
		}
	}
	width := 0
	for _, s := range x.Steps {
		width = max(width, len(s.Name))
	}
	width = min(width, 48)
	for i, s := range x.Steps {
		val := s.Text
		if val == "" {
			val = "—"
		}
		fmt.Fprintf(w, "%3d. %-*s = %s\n", i+1, width, s.Name, val)
		if s.Note != "" {
			fmt.Fprintf(w, "     %s\n", s.Note)
		}
		if s.Expr != "" {
			fmt.Fprintf(w, "     (cutego eval '%s')\n", s.Expr)
		}
		if l, ok := s.Value.(cute.Layout); ok && tables {
			if M, N, err := render.GridShape(l); err == nil && M >= 0 && N >= 0 && M*N <= maxTableCells {
				var b strings.Builder
				if render.PrintLayout(&b, l) == nil {
					for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
						fmt.Fprintf(w, "     %s\n", line)
					}
				}
			}
		}
	}
	fmt.Fprintf(w, "  = %s   (equals %s(%s) computed directly)\n", x.ResultText, x.Op, strings.Join(x.Args, ", "))
}
