package eval

import (
	"fmt"
	"strings"

	"github.com/cutego/cutego/cute"
)

// maxDepth bounds the nesting of calls and parentheses (a guard against stack blowups on
// hostile input).
const maxDepth = 200

// parser evaluates an expression while it reads it (recursive descent):
//
//	expr    := primary { '(' [ expr { ',' expr } ] ')' }      postfix application / slicing
//	primary := name '(' [ expr { ',' expr } ] ')'               a call
//	         | 'LayoutLeft' | 'LayoutRight'                     tags
//	         | literal                                          cute.ParsePrefix
//	         | '(' expr { ',' expr } ')' [ ':' expr ]           a tuple holding calls
type parser struct {
	s     string
	i     int
	depth int
}

type parseError struct{ msg string }

func (e *parseError) Error() string { return e.msg }

func (p *parser) fail(format string, args ...any) {
	panic(&parseError{fmt.Sprintf(format, args...)})
}

// failErr aborts evaluation with err (an error of a called function).
func failErr(err error) { panic(evalError{err}) }

type evalError struct{ err error }

func (p *parser) ws() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *parser) peek() byte {
	p.ws()
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isIdent(c byte) bool { return isLetter(c) || c >= '0' && c <= '9' || c == '_' }

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.fail("expression nested deeper than %d", maxDepth)
	}
}

func (p *parser) leave() { p.depth-- }

func (p *parser) expr() cute.Value {
	p.enter()
	defer p.leave()
	v := p.primary()
	for p.peek() == '(' {
		args := p.args()
		v = apply(v, args)
	}
	return v
}

// args reads '(' [expr {',' expr}] ')'.
func (p *parser) args() []cute.Value {
	p.i++ // '('
	var out []cute.Value
	if p.peek() == ')' {
		p.i++
		return out
	}
	for {
		out = append(out, p.expr())
		switch p.peek() {
		case ',':
			p.i++
		case ')':
			p.i++
			return out
		case 0:
			p.fail("missing ')' at the end")
		default:
			p.fail("expected ',' or ')' at byte %d, found %q", p.i, p.s[p.i])
		}
	}
}

func (p *parser) primary() cute.Value {
	c := p.peek()
	if c == 0 {
		p.fail("unexpected end of expression")
	}
	if isLetter(c) && !strings.HasPrefix(p.s[p.i:], "Sw<") {
		st := p.i
		for p.i < len(p.s) && isIdent(p.s[p.i]) {
			p.i++
		}
		name := p.s[st:p.i]
		switch name {
		case "LayoutLeft":
			return tagLeft
		case "LayoutRight":
			return tagRight
		case "true":
			return Bool(true)
		case "false":
			return Bool(false)
		}
		if p.peek() != '(' {
			p.fail("unknown name %q (a function needs its arguments in parentheses)", name)
		}
		args := p.args()
		return call(name, args)
	}
	st := p.i
	v, n, err := cute.ParsePrefix(p.s[st:])
	if err == nil {
		p.i = st + n
		return v
	}
	if c == '(' {
		// A tuple holding nested calls, e.g. `(make_layout(4),_)`: parse it ourselves.
		if v, ok := p.tupleExpr(); ok {
			return v
		}
		p.i = st
	}
	panic(evalError{err})
}

// tupleExpr parses '(' expr {',' expr} ')' [':' expr] when it holds a call; it reports
// false (and leaves the position to the caller) when it holds none, so that the literal
// parser's error is the one shown.
func (p *parser) tupleExpr() (v cute.Value, ok bool) {
	st := p.i
	hasCall := false
	for j := st; j < len(p.s); j++ {
		if isLetter(p.s[j]) && !(p.s[j] == 'S' && strings.HasPrefix(p.s[j:], "Sw<")) && p.s[j] != 'o' {
			hasCall = true
			break
		}
	}
	if !hasCall {
		return nil, false
	}
	elems := p.args()
	v, err := tupleOf(elems)
	if err != nil {
		failErr(err)
	}
	if p.peek() == ':' {
		p.i++
		stride := p.expr()
		sh, ok1 := asIntTuple(v)
		sd, ok2 := asIntTuple(stride)
		if !ok1 || !ok2 {
			p.fail("a layout's shape and stride must be int tuples")
		}
		l, err := cute.MakeLayout(sh, sd)
		if err != nil {
			failErr(err)
		}
		return l, true
	}
	return v, true
}
