package eval

import (
	"strings"

	"github.com/cutego/cutego/cute"
)

// Session evaluates lines one after the other, as `cutego eval` reads them: names bound
// by `auto a = …;` (or `Layout a = …;`, `a = …;`) are known on later lines, and a C++
// declaration or print statement whose parentheses are still open at the end of its
// line continues on the next lines (as CuTe's docs write them), producing one result
// when it is complete. A plain expression is always complete on its line: a line `f(`
// is an error at once, so the contract of one output line per input line holds for
// expressions.
type Session struct {
	vars    map[string]cute.Value
	pending strings.Builder // a statement continued on the next lines
	lines   int             // the lines in pending
	reads   int             // tokens read (for the linear-time tests)
	cpp     cppState        // CUDA's index variables, failed definitions (cpp_stmt.go)
	lim     Limits
}

// Limits of a statement continued over several lines (it is read again as each line
// arrives, so its size is bounded to keep that linear).
const (
	maxPendingLines = 256
	maxPendingBytes = 64 << 10
)

// NewSession returns a session with no names and DefaultLimits.
func NewSession() *Session { return NewSessionLimits(DefaultLimits) }

// NewSessionLimits returns a session with no names that builds values within lim.
func NewSessionLimits(lim Limits) *Session {
	return &Session{vars: map[string]cute.Value{}, lim: lim}
}

// Lookup returns the value bound to name.
func (s *Session) Lookup(name string) (cute.Value, bool) {
	v, ok := s.vars[name]
	return v, ok
}

// Eval evaluates text, one expression or complete statements, with the session's names
// (a declaration in text binds its name, as on a line) and returns the value of the last
// statement. It never panics.
func (s *Session) Eval(text string) (cute.Value, error) {
	r, ok := s.run(text)
	if !ok {
		return nil, &cute.Error{Op: "parse", Kind: cute.ErrParse, Reason: "no expression"}
	}
	return r.Value, r.Err
}

// Line feeds one input line (with or without its newline) and returns the result of the
// statements it completes; ok is false when it produces no output: a blank line, a `#`
// line, a comment, or a line of a statement that continues on the next line.
func (s *Session) Line(line string) (r Result, ok bool) {
	line = strings.TrimRight(line, "\r\n")
	s.cpp.newLine(s.lines == 0)
	if s.lines > 0 {
		s.pending.WriteByte('\n')
		s.pending.WriteString(line)
		s.lines++
		text := s.pending.String()
		if s.open(text) && s.lines < maxPendingLines && len(text) < maxPendingBytes {
			return Result{}, false
		}
		s.reset()
		return s.run(text)
	}
	t := strings.TrimSpace(line)
	if t == "" || t[0] == '#' {
		return Result{}, false
	}
	if len(t) < maxPendingBytes && s.continues(t) && s.open(t) {
		s.pending.WriteString(t)
		s.lines = 1
		return Result{}, false
	}
	return s.run(t)
}

// Pending is the number of bytes of a statement read so far that continues on the next
// lines (0 when none).
func (s *Session) Pending() int { return s.pending.Len() }

// Drop forgets a statement that continues on the next lines, without evaluating it (a
// caller's limit on a statement's size); the names bound so far stay.
func (s *Session) Drop() { s.reset() }

// Close ends the input: a statement still open is an error.
func (s *Session) Close() (r Result, ok bool) {
	if s.lines == 0 {
		return Result{}, false
	}
	text := s.pending.String()
	s.reset()
	return s.run(text)
}

func (s *Session) reset() {
	s.pending.Reset()
	s.lines = 0
}

// continues reports whether a line starts a statement that may continue on the next
// lines: a C++ declaration (`Type name = …`), a print statement, or a `/*` comment.
func (s *Session) continues(t string) (ok bool) {
	if strings.HasPrefix(t, "/*") {
		return true
	}
	defer func() {
		if recover() != nil { // a scanner error: the statement is answered (with it) at once
			ok = false
		}
	}()
	p := &parser{sc: newScanner(t, &s.reads)}
	p.tok = p.sc.next()
	if p.sc.err != nil {
		return false
	}
	if p.isName("cute") {
		p.tok = p.sc.next()
		if p.is("::") {
			p.tok = p.sc.next()
		}
	}
	if p.isName("print") || p.isName("print_layout") || p.isName("print_latex") || p.isName("print_tensor") {
		return true
	}
	_, ok = p.declStart()
	return ok
}

// open reports whether text ends inside a `/*` comment or with more '(' '[' '{' '<'
// than closed (the eval language has no comparison operators: '<' always opens
// template arguments).
func (s *Session) open(text string) bool {
	sc := newScanner(text, &s.reads)
	depth := 0
	for {
		t := sc.next()
		if sc.err != nil {
			return strings.Contains(sc.err.Error(), "unterminated /* comment")
		}
		if t.kind == tEOF {
			return depth > 0
		}
		if t.kind == tPunct {
			switch t.text {
			case "(", "[", "{", "<":
				depth++
			case ")", "]", "}", ">":
				depth--
			}
		}
	}
}

// statement reads one statement: a declaration binds its name (`using X = T;` too);
// `{`, `}` and `using namespace …;` produce no value (has is false).
func (p *parser) statement() (v cute.Value, has bool) {
	switch {
	case p.is("{"), p.is("}"):
		p.advance()
		return nil, false
	case p.isName("using"):
		return p.using()
	}
	if v, ok := p.cppStatement(); ok {
		return v, true
	}
	if name, ok := p.declStart(); ok {
		return p.define(name), true
	}
	return p.expr(), true
}

// declStart reads the start of a declaration or assignment, `[type words] name =`
// (`auto a =`, `Layout a =`, `const auto a =`, `Layout<Shape<_2>> a =`, `a =`), and
// returns the name; when the tokens are not one, it reads nothing and returns false.
func (p *parser) declStart() (name string, ok bool) {
	if p.tok.kind != tIdent {
		return "", false
	}
	save, saveI, savePrev := p.tok, p.sc.sc.Pos(), p.prevEnd
	p.declPtr = false
	angle := 0
	var last token
	for {
		t := p.tok
		switch {
		case t.kind == tIdent:
		case p.is("=") && angle == 0 && last.kind == tIdent:
			p.advance()
			return last.text, true
		case p.is("<"):
			angle++
		case p.is(">") && angle > 0:
			angle--
		case p.is("::"), p.is("&"), p.is("*"):
			p.declPtr = p.declPtr || p.is("*") && angle == 0
		case angle > 0 && (p.is(",") || t.kind == tInt || t.kind == tUnder):
		default:
			p.tok, p.prevEnd = save, savePrev
			p.sc.sc.Reset(saveI)
			return "", false
		}
		last = t
		p.tok = p.sc.next()
		if p.sc.err != nil {
			p.sc.err = nil
			p.tok, p.prevEnd = save, savePrev
			p.sc.sc.Reset(saveI)
			return "", false
		}
	}
}

// Declared splits a declaration `auto a = expr;` (any form a session binds a name with)
// into its name and the text of expr, without evaluating it; ok is false when stmt is
// not a declaration.
func Declared(stmt string) (name, expr string, ok bool) {
	defer func() {
		if recover() != nil { // a scanner error: not a declaration we can split
			name, expr, ok = "", "", false
		}
	}()
	var reads int
	p := newParser(stmt, nil, &reads, DefaultLimits.MaxNodes)
	if name, ok = p.declStart(); !ok {
		return "", "", false
	}
	return name, strings.TrimSuffix(strings.TrimSpace(stmt[p.tok.pos:]), ";"), true
}
