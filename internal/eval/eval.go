// Package eval is the expression evaluator behind `cutego eval` and `cutego serve`: it
// reads CuTe function calls over CuTe's printed values (docs/EVAL.md), dispatches each
// CuTe name to package cute, and prints results as C++ CuTe prints them minus the `_`.
package eval

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/cutego/cutego/cute"
)

// Eval evaluates one expression. It never panics: a panic inside an operation comes back
// as an error.
func Eval(expr string) (v cute.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			switch e := r.(type) {
			case *parseError:
				err = e
			case evalError:
				err = e.err
			default:
				err = fmt.Errorf("internal error: %v", r)
			}
			v = nil
		}
	}()
	if d := parenDepth(expr); d > maxParenDepth {
		return nil, fmt.Errorf("parse: parentheses nested %d deep (at most %d)", d, maxParenDepth)
	}
	p := parser{s: expr}
	v = p.expr()
	if p.peek() != 0 {
		p.fail("unexpected %q after the expression", p.s[p.i:])
	}
	return v, nil
}

// maxParenDepth bounds the nesting of parentheses in one expression: deeper input is
// refused before it reaches the recursive parsers (a Go stack overflow is fatal, not a
// panic that could be recovered).
const maxParenDepth = 1000

func parenDepth(s string) int {
	d, m := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '<':
			d++
			if d > m {
				m = d
			}
		case ')', '>':
			d--
		}
	}
	return m
}

// maxMessage bounds an error message (a parse error quotes its input).
const maxMessage = 2000

// Line evaluates one input line and returns its output line (without newline): the
// printed result or `error: <message>`. skip is true for a blank line or a `#` comment,
// which produce no output.
func Line(line string) (out string, skip bool) {
	s := strings.TrimSpace(line)
	if s == "" || s[0] == '#' {
		return "", true
	}
	return Format(Eval(s)), false
}

// Format is the output line for a result of Eval: the printed value or
// `error: <message>`, on one line.
func Format(v cute.Value, err error) string {
	if err != nil {
		msg := err.Error()
		if len(msg) > maxMessage {
			msg = msg[:maxMessage] + "…"
		}
		return "error: " + oneLine(msg)
	}
	return oneLine(v.String())
}

// oneLine keeps the contract of one output line per input line.
func oneLine(s string) string {
	if strings.ContainsAny(s, "\n\r") {
		s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
	}
	return s
}

// Run reads expressions from r, one per line, and writes one line for each to w (none
// for blank lines and comments). It stops at the end of r or on an I/O error.
func Run(r io.Reader, w io.Writer) error {
	in := bufio.NewReader(r)
	out := bufio.NewWriterSize(w, 64<<10)
	defer out.Flush()
	for {
		line, rerr := in.ReadString('\n')
		if line != "" {
			res, skip := Line(line)
			if !skip {
				out.WriteString(res)
				if err := out.WriteByte('\n'); err != nil {
					return err
				}
			}
		}
		// Flush whenever no more input is waiting, so that a caller that writes one line
		// and waits for its answer (a co-process) is never stuck behind our buffer.
		if in.Buffered() == 0 {
			if err := out.Flush(); err != nil {
				return err
			}
		}
		if rerr == io.EOF {
			return out.Flush()
		}
		if rerr != nil {
			return rerr
		}
	}
}
