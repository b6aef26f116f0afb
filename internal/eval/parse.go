package eval

import (
	"github.com/cutego/cutego/cute"
)

// parser evaluates a statement while it reads it (recursive descent over the scanner's
// tokens, one token of lookahead, linear in the input):
//
//	statement := [ type-words name '=' ] expr                 `auto a = …`, `Layout a = …`
//	expr      := sum [ ('=='|'!=') sum ]                        static_assert's conditions
//	sum       := term { ('+'|'-') term }
//	term      := unary { ('*'|'/'|'%') unary }
//	unary     := '-' unary | '&' postfix | postfix                &x[i]: an address
//	postfix   := atom { '(' [ args ] ')' | '{' '}'             application, C++'s T{}
//	                  | '[' expr ']'                            x[i]: an element
//	                  | '.' name [ '(' [ args ] ')' ]           a.f(args) = f(a, args)
//	                  | '::' 'value' }                          decltype(n)::value
//	atom      := base [ ':' signed-base ]                       a layout shape:stride
//	           | swizzle 'o' signed-base 'o' atom               CuTe's A o O o B
//	base      := integer { '@' integer } | '_' | '(' [ args ] ')'
//	           | name [ '<' args '>' ] [ '(' [ args ] ')' ]     names, C++ types, calls
//	           | name '<' args '>' '{' [ args ] '}'             counting_iterator<int>{}
//	args      := expr { ',' expr }
type parser struct {
	sc      scanner
	tok     token                 // the current token (lookahead)
	prevEnd int                   // where the token before tok ends
	vars    map[string]cute.Value // names bound by earlier statements (nil: none)
	cpp     *cppState             // the session's C++ state (nil: none; cpp_stmt.go)
	declPtr bool                  // declStart read a '*': the name is a pointer
	ptrPos  int                   // where an unbound name is a pointer (cpp_stmt.go)
	// maxNodes bounds every value built (Limits.MaxNodes; 0: no bound).
	maxNodes int
}

// evalError carries an error of a called function out of the parser.
type evalError struct{ err error }

func newParser(s string, vars map[string]cute.Value, reads *int, maxNodes int) *parser {
	p := &parser{sc: newScanner(s, reads), vars: vars, maxNodes: maxNodes, ptrPos: -1}
	p.advance()
	return p
}

func (p *parser) advance() {
	p.prevEnd = p.tok.pos + len(p.tok.text)
	p.tok = p.sc.next()
	if p.sc.err != nil {
		panic(p.sc.err)
	}
}

func (p *parser) failAt(pos int, format string, args ...any) {
	panic(p.sc.sc.ErrorAt(pos, format, args...))
}

// failHint is failAt with a hint after the position and excerpt ("; did you mean …").
func (p *parser) failHint(pos int, hint string, format string, args ...any) {
	e := p.sc.sc.ErrorAt(pos, format, args...)
	e.Reason += hint
	panic(e)
}

func (p *parser) fail(format string, args ...any) { p.failAt(p.tok.pos, format, args...) }

// failErr aborts evaluation with err (an error of a called function).
func failErr(err error) { panic(evalError{err}) }

func (p *parser) is(punct string) bool { return p.tok.kind == tPunct && p.tok.text == punct }

func (p *parser) isName(name string) bool { return p.tok.kind == tIdent && p.tok.text == name }

// describeTok names the current token for an error message.
func (p *parser) describeTok() string {
	if p.tok.kind == tEOF {
		return "the end"
	}
	return quote(p.tok.text)
}

func (p *parser) expect(punct string) {
	if !p.is(punct) {
		if p.tok.kind == tEOF && punct == ")" {
			p.fail("missing ')' at the end")
		}
		p.fail("expected %q, found %s", punct, p.describeTok())
	}
	p.advance()
}

// negLiteral reports whether the current token is the '-' of a negative literal (-3,
// -1@1: a digit right after it).
func (p *parser) negLiteral() bool {
	return p.is("-") && p.tok.pos+1 < len(p.sc.src()) && isDigit(p.sc.src()[p.tok.pos+1])
}

// enter counts one level of nesting against cute.MaxParseDepth (the one limit of every
// parser: a Go stack overflow is fatal, not a panic that could be recovered).
func (p *parser) enter() {
	if err := p.sc.sc.Enter(); err != nil {
		p.failAt(p.tok.pos, "nested deeper than %d levels (cute.MaxParseDepth)", cute.MaxParseDepth)
	}
}

func (p *parser) leave() { p.sc.sc.Leave() }

func (p *parser) expr() cute.Value {
	v := p.sum()
	if p.is("==") || p.is("!=") {
		op := p.tok
		p.advance()
		return compare(op, v, p.sum()) // cpp_stmt.go
	}
	return v
}

func (p *parser) sum() cute.Value {
	v := p.term()
	for p.is("+") || p.is("-") {
		op := p.tok
		p.advance()
		v = p.boundOf("the result of ", op.text, arith(op, v, p.term()))
	}
	return v
}

func (p *parser) term() cute.Value {
	v := p.unary()
	for p.is("*") || p.is("/") || p.is("%") {
		op := p.tok
		p.advance()
		v = p.boundOf("the result of ", op.text, arith(op, v, p.unary()))
	}
	return v
}

func (p *parser) unary() cute.Value {
	if p.negLiteral() {
		return p.postfix() // a negative literal, -3 or -1@1
	}
	if p.is("-") {
		op := p.tok
		p.advance()
		p.enter()
		defer p.leave()
		return arith(op, cute.Int(0), p.unary())
	}
	if p.is("&") {
		// C++'s &x[i]: the address of an element (cpp_stmt.go).
		p.advance()
		p.enter()
		defer p.leave()
		return p.postfixOf(p.atom(), true)
	}
	return p.postfix()
}

func (p *parser) postfix() cute.Value { return p.postfixOf(p.atom(), false) }

// postfixOf reads the postfix operations after v; with addr (after a unary '&') the
// last of them must be an index x[i], and the result is that element's address.
func (p *parser) postfixOf(v cute.Value, addr bool) cute.Value {
	for {
		switch {
		case p.is("["):
			i := p.list("[", "]")
			if addr && !p.is("(") && !p.is("{") && !p.is(".") && !p.is("::") && !p.is("[") {
				return addressOf(v, i)
			}
			v = index(v, i)
		case p.is("("):
			v = p.bound("the value of the application", apply(v, p.args()))
		case p.is("{"):
			// C++'s value initialisation T{} (Int<8>{}, LayoutRight{}, _16{}).
			p.advance()
			p.expect("}")
		case p.is("."):
			v = p.member(v) // a.f(args) is f(a, args); threadIdx.x (cpp_stmt.go)
		case p.is("::"):
			v = p.staticMember(v) // decltype(n)::value
		default:
			if addr {
				p.fail("& takes the address of an element x[i], found %s", p.describeTok())
			}
			return v
		}
	}
}

func (p *parser) atom() cute.Value {
	st := p.tok.pos
	v := p.base()
	if p.is(":") {
		p.advance()
		stride := p.signedBase()
		sh, ok1 := v.(cute.IntTuple)
		sd, ok2 := stride.(cute.IntTuple)
		if !ok1 || !ok2 {
			p.failAt(st, "a layout's shape and stride must be int tuples")
		}
		return p.bound("the layout", must(cute.MakeLayout(sh, sd)))
	}
	if it, ok := v.(CountingIter); ok && p.isName("o") {
		return p.tensor(it) // CuTe's printed tensor counting_iter(n) o L (funcs_tensor.go)
	}
	if sw, ok := v.(cute.Swizzle); ok && p.isName("o") {
		// CuTe's printed composed layout A o O o B.
		p.advance()
		off, ok := asInt(p.signedBase())
		if !ok {
			p.failAt(st, "the offset of a composed layout must be an integer")
		}
		if !p.isName("o") {
			p.fail("expected 'o' after the offset of a composed layout, found %s", p.describeTok())
		}
		p.advance()
		p.enter()
		defer p.leave()
		switch in := p.atom().(type) {
		case cute.Layout:
			return cute.MakeComposedLayout(sw, off, in)
		case cute.IntTuple:
			return cute.MakeComposedLayout(sw, off, must(cute.AsLayout(in)))
		case cute.ComposedLayout:
			return Nested{Outer: sw, Offset: off, Inner: in}
		default:
			p.failAt(st, "the inner function of a composed layout must be a layout, got %s", describe(in))
		}
	}
	return v
}

func (p *parser) signedBase() cute.Value {
	if p.negLiteral() {
		return p.base()
	}
	if p.is("-") {
		op := p.tok
		p.advance()
		p.enter()
		defer p.leave()
		return arith(op, cute.Int(0), p.signedBase())
	}
	return p.base()
}

func (p *parser) base() cute.Value {
	switch t := p.tok; t.kind {
	case tInt:
		p.advance()
		if !p.is("@") {
			return cute.Int(t.val)
		}
		return p.basis(t.pos)
	case tUnder:
		p.advance()
		return cute.Underscore()
	case tIdent:
		return p.name()
	case tPunct:
		if p.negLiteral() {
			// A negative literal -3, -1@1 (written without space).
			p.advance()
			n := p.tok
			p.advance()
			if !p.is("@") {
				return cute.Int(-n.val)
			}
			return p.basis(t.pos)
		}
		if t.text == "(" {
			v, err := tupleOf(p.args())
			if err != nil {
				p.failAt(t.pos, "%v", err)
			}
			return p.bound("the tuple", v)
		}
	case tEOF:
		p.fail("unexpected end of expression")
	}
	p.fail("unexpected %s", p.describeTok())
	return nil
}

// basis reads the rest of a scaled basis 1@0@1 that starts at byte st, after its
// integer; its text is read by package cute (one home for what it means).
func (p *parser) basis(st int) cute.Value {
	for p.is("@") {
		p.advance()
		if p.tok.kind != tInt {
			p.fail("expected a basis mode after '@', found %s", p.describeTok())
		}
		p.advance()
	}
	return must(cute.ParseIntTuple(p.sc.src()[st:p.prevEnd]))
}

// args reads '(' [expr {',' expr}] ')'.
func (p *parser) args() []cute.Value {
	return p.list("(", ")")
}

func (p *parser) list(open, close string) []cute.Value {
	p.enter()
	defer p.leave()
	p.expect(open)
	out := []cute.Value{}
	if p.is(close) {
		p.advance()
		return out
	}
	left := p.maxNodes // the arguments together are bounded as one value
	for {
		v := p.expr()
		left = p.boundArg(v, left)
		out = append(out, v)
		switch {
		case p.is(","):
			p.advance()
		case p.is(close):
			p.advance()
			return out
		case p.tok.kind == tEOF:
			if close == ")" {
				p.fail("missing ')' at the end")
			}
			p.fail("missing %q at the end", close)
		default:
			p.fail("expected ',' or %q, found %s", close, p.describeTok())
		}
	}
}

// braceInit names the functions of table that are C++ class templates, constructed as
// T{args} as well as T(args).
var braceInit = map[string]bool{"counting_iterator": true}

// name reads a name and what follows it: a variable, a C++ type (Int<8>, Shape<…>,
// Layout<…>, Swizzle<…>, LayoutRight, an element type), or a call name<targs>(args),
// whose template arguments become trailing arguments (docs/EVAL.md).
func (p *parser) name() cute.Value {
	t := p.tok
	p.advance()
	qual := ""
	for p.is("::") {
		// cute::make_layout, cute::Int<8>: a namespace prefix is dropped, but for
		// GMMA::Major::K (the qualifier Major says it is a GMMA major).
		p.advance()
		if p.tok.kind != tIdent {
			p.fail("expected a name after '::', found %s", p.describeTok())
		}
		qual, t = t.text, p.tok
		p.advance()
	}
	name := t.text
	if qual == "Major" {
		if name != "K" && name != "MN" {
			p.failAt(t.pos, "GMMA::Major::%s: the GMMA majors are K and MN", name)
		}
		return GMMAMajor{Major: name}
	}
	if v, ok := p.vars[name]; ok && !p.is("<") {
		return v
	}
	if v, ok := p.cppName(t); ok {
		return v // a failed definition, threadIdx, decltype(…) (cpp_stmt.go)
	}
	var targs []cute.Value
	if p.is("<") {
		targs = p.list("<", ">")
	}
	if ty, ok := types[name]; ok {
		if v, ok := p.pointerNamedLikeType(t, targs, ty); ok {
			return v // make_gmem_ptr(C), the kernel's pointer C (cpp_stmt.go)
		}
		v, err := ty(targs)
		if _, isCute := err.(*cute.Error); isCute {
			failErr(err) // package cute refuses the value (Swizzle<1,4,0>)
		} else if err != nil {
			p.failAt(t.pos, "%s: %v", name, err)
		}
		return p.boundOf("the type ", name, v)
	}
	if p.is("{") && braceInit[name] {
		// C++'s list initialisation of a class template: counting_iterator<int>{} is
		// its constructor with its default argument, counting_iterator<int>{5} with 5.
		args := p.list("{", "}")
		return p.call(name, append(args, targs...))
	}
	if p.is("(") {
		if _, ok := table[name]; !ok {
			p.failHint(t.pos, suggest(name, p.vars), "unknown function %s", quote(name))
		}
		p.markPointerArg(name)
		args := p.args()
		return p.call(name, append(args, targs...))
	}
	if targs != nil {
		if _, ok := table[name]; ok {
			p.fail("%s<…> needs its arguments in parentheses", name)
		}
	}
	if _, ok := table[name]; ok {
		p.failAt(t.pos, "%s is a function: it needs its arguments in parentheses", name)
	}
	if v, ok := p.unboundPointer(t); ok {
		return v
	}
	p.failHint(t.pos, suggest(name, p.vars), "unknown name %s", quote(name))
	return nil
}
