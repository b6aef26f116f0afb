// Package eval is the expression evaluator behind `cutego eval`, `print`, `render` and
// `serve`: it reads CuTe function calls over CuTe's printed values and the C++ that CuTe
// code is written in (docs/EVAL.md), dispatches each CuTe name to package cute, and
// prints results as C++ CuTe prints them minus the `_`.
package eval

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/cutego/cutego/cute"
)

// Eval evaluates a program: one expression, or C++ statements (`auto a = …;`) over one
// or several lines; the result is the value of the last statement, or the first error.
// It never panics: a panic inside an operation comes back as an error.
func Eval(src string) (cute.Value, error) {
	s := NewSession()
	var last Result
	have := false
	for _, line := range strings.Split(src, "\n") {
		if r, ok := s.Line(line); ok {
			if r.Err != nil {
				return nil, r.Err
			}
			last, have = r, true
		}
	}
	if r, ok := s.Close(); ok {
		return nil, r.Err
	}
	if !have {
		return nil, &cute.Error{Op: "parse", Kind: cute.ErrParse, Reason: "no expression"}
	}
	return last.Value, nil
}

// maxMessage bounds an error message.
const maxMessage = 2000

// Line evaluates one input line on its own (no names from earlier lines) and returns
// its output line (without newline): the printed result or `error: <message>`. skip is
// true for a line that produces no output: blank, a comment, or the first line of a
// statement continued on the next lines.
func Line(line string) (out string, skip bool) {
	r, ok := NewSession().Line(line)
	if !ok {
		return "", true
	}
	return r.String(), false
}

// Result is the outcome of one statement.
type Result struct {
	Value cute.Value
	Err   error
}

// String is the output line: the printed value or `error: <message>`, on one line.
func (r Result) String() string {
	if r.Err != nil {
		msg := r.Err.Error()
		if len(msg) > maxMessage {
			msg = msg[:maxMessage] + "…"
		}
		return "error: " + oneLine(msg)
	}
	return oneLine(r.Value.String())
}

// oneLine keeps the contract of one output line per input line.
func oneLine(s string) string {
	if strings.ContainsAny(s, "\n\r") {
		s = strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
	}
	return s
}

// Run reads lines from r and writes one line for each to w (none for blank lines,
// comments and the continuation lines of a statement), with names carried from line to
// line, within DefaultLimits. It returns the number of error lines; it stops at the end
// of r or on an I/O error.
func Run(r io.Reader, w io.Writer) (failed int, err error) { return RunLimits(r, w, DefaultLimits) }

// RunLimits is Run within lim: a line longer than lim.MaxLine is answered with an error
// line (and the statement it continues is dropped) without being held in memory.
func RunLimits(r io.Reader, w io.Writer, lim Limits) (failed int, err error) {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriterSize(w, 64<<10)
	defer out.Flush()
	s := NewSessionLimits(lim)
	emit := func(res Result) error {
		if res.Err != nil {
			failed++
		}
		out.WriteString(res.String())
		return out.WriteByte('\n')
	}
	for {
		line, long, rerr := readLine(in, lim.MaxLine)
		if long > 0 {
			s.Drop()
			if err := emit(Result{Err: fmt.Errorf("the line has more than %d bytes (%d), the limit of one line (cutego eval --max-line N raises it)", lim.MaxLine, long)}); err != nil {
				return failed, err
			}
		} else if line != "" {
			if res, ok := s.Line(line); ok {
				if err := emit(res); err != nil {
					return failed, err
				}
			}
		}
		if rerr == io.EOF {
			if res, ok := s.Close(); ok {
				if err := emit(res); err != nil {
					return failed, err
				}
			}
			return failed, out.Flush()
		}
		// Flush whenever no more input is waiting, so that a caller that writes one line
		// and waits for its answer (a co-process) is never stuck behind our buffer.
		if in.Buffered() == 0 {
			if err := out.Flush(); err != nil {
				return failed, err
			}
		}
		if rerr != nil {
			return failed, rerr
		}
	}
}

// run evaluates the statements of text with the session's names; a declaration binds
// its name. ok is false when text holds no statement (comments, `{`, `}`, `using …;`).
func (s *Session) run(text string) (r Result, ok bool) {
	defer func() {
		if x := recover(); x != nil {
			ok = true
			switch e := x.(type) {
			case evalError:
				r = Result{Err: e.err}
			case *cute.Error: // a parse error
				r = Result{Err: e}
			default:
				r = Result{Err: fmt.Errorf("internal error: %v", x)}
			}
		}
	}()
	p := newParser(text, s.vars, &s.reads, s.lim.MaxNodes)
	p.cpp = &s.cpp
	for p.tok.kind != tEOF {
		if v, has := p.statement(); has {
			r, ok = Result{Value: v}, true
		}
		switch {
		case p.is(";"):
			p.advance()
		case p.tok.kind != tEOF && !p.is("{") && !p.is("}"):
			p.fail("unexpected %s after the expression", p.describeTok())
		}
	}
	return r, ok
}

// readLine reads one line with its newline, as bufio.Reader.ReadString('\n') does, but
// holds at most max bytes of it (max <= 0: no bound): a longer line is read to its end
// and dropped, and long is its length.
func readLine(in *bufio.Reader, max int) (line string, long int, err error) {
	if max <= 0 {
		line, err = in.ReadString('\n')
		return line, 0, err
	}
	var b []byte
	n := 0
	for {
		chunk, rerr := in.ReadSlice('\n')
		n += len(chunk)
		if n <= max {
			b = append(b, chunk...)
		} else {
			b = nil
		}
		if rerr != bufio.ErrBufferFull {
			if n > max {
				return "", n, rerr
			}
			return string(b), 0, rerr
		}
	}
}
