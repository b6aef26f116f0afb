package eval

import (
	"fmt"
	"strings"

	"github.com/cutego/cutego/cute"
)

// The C++ around CuTe calls, as CuTe's docs write it (docs/EVAL.md, "C++ as CuTe's docs
// write it"): type aliases `using X = T;`, member calls `a.f(args)`, CUDA's index
// variables, raw pointers and `__shared__` arrays, and the memory of failed definitions.

// cppState is what a session keeps of that C++ from statement to statement.
type cppState struct {
	dims     map[string]Dim3    // threadIdx, blockIdx, blockDim, gridDim once set
	failed   map[string]failure // names whose last definition failed
	line     int                // input lines read
	stmtLine int                // the line the current statement started on
}

// maxReason bounds the reason kept for a failed definition.
const maxReason = 300

// failure is a definition that failed: its line and the error's message.
type failure struct {
	line   int
	reason string
}

// newLine counts an input line; start is true when it starts a statement.
func (s *cppState) newLine(start bool) {
	s.line++
	if start {
		s.stmtLine = s.line
	}
}

// Dim3 is one of CUDA's built-in index variables threadIdx, blockIdx, blockDim and
// gridDim. eval launches no kernel, so they are values of the session: threadIdx and
// blockIdx are 0 and blockDim and gridDim 1 in every component until a statement sets a
// component (`threadIdx.x = 3;`). It prints as `threadIdx(3,0,0)`.
type Dim3 struct {
	cute.ValueMarker
	Name    string
	X, Y, Z int64
}

func (d Dim3) String() string { return fmt.Sprintf("%s(%d,%d,%d)", d.Name, d.X, d.Y, d.Z) }

// dimDefault is the value of each index variable before a statement sets it.
var dimDefault = map[string]Dim3{
	"threadIdx": {Name: "threadIdx"}, "blockIdx": {Name: "blockIdx"},
	"blockDim": {Name: "blockDim", X: 1, Y: 1, Z: 1}, "gridDim": {Name: "gridDim", X: 1, Y: 1, Z: 1},
}

func (s *cppState) dim(name string) Dim3 {
	if d, ok := s.dims[name]; ok {
		return d
	}
	return dimDefault[name]
}

// component is d.x, d.y or d.z.
func (d *Dim3) component(name string) (*int64, bool) {
	switch name {
	case "x":
		return &d.X, true
	case "y":
		return &d.Y, true
	case "z":
		return &d.Z, true
	}
	return nil, false
}

// mark is a position of the parser to read again from (a bounded lookahead).
type mark struct {
	tok     token
	pos     int
	prevEnd int
}

func (p *parser) mark() mark { return mark{p.tok, p.sc.sc.Pos(), p.prevEnd} }

func (p *parser) reset(m mark) {
	p.tok, p.prevEnd = m.tok, m.prevEnd
	p.sc.sc.Reset(m.pos)
}

// cppStatement reads the statements that are not expressions nor declarations:
// `threadIdx.x = n;` (also blockIdx, blockDim, gridDim) and `__shared__ T name[n];`;
// ok is false (nothing read) for any other statement.
func (p *parser) cppStatement() (cute.Value, bool) {
	if p.tok.kind != tIdent || p.cpp == nil {
		return nil, false
	}
	if p.isName("__shared__") {
		return p.sharedArray(), true
	}
	name := p.tok.text
	if _, ok := dimDefault[name]; !ok {
		return nil, false
	}
	if _, shadowed := p.vars[name]; shadowed {
		return nil, false
	}
	m := p.mark()
	p.advance()
	if !p.is(".") {
		p.reset(m)
		return nil, false
	}
	p.advance()
	comp := p.tok
	p.advance()
	if !p.is("=") || comp.kind != tIdent {
		p.reset(m)
		return nil, false
	}
	p.advance()
	d := p.cpp.dim(name)
	field, ok := d.component(comp.text)
	if !ok {
		p.failAt(comp.pos, "%s has no member %s (x, y or z)", name, quote(comp.text))
	}
	v, ok := asInt(p.expr())
	if !ok || v < 0 || v > 1<<31-1 {
		p.failAt(comp.pos, "%s.%s is set to an integer from 0 to 2^31-1", name, comp.text)
	}
	*field = v
	if p.cpp.dims == nil {
		p.cpp.dims = map[string]Dim3{}
	}
	p.cpp.dims[name] = d
	return cute.Int(v), true
}

// sharedArray reads `__shared__ T name[n];`, CUDA's shared-memory array: name is bound
// to a pointer, a counting iterator at 0 (see unboundPointer). n is evaluated
// (`decltype(cosize(layout))::value` reads as cosize(layout)) and must be positive.
func (p *parser) sharedArray() cute.Value {
	p.advance()
	var name token
	for p.tok.kind == tIdent {
		name = p.tok
		p.advance()
	}
	if name.kind != tIdent || !p.is("[") {
		p.fail("expected `__shared__ T name[n];`, found %s", p.describeTok())
	}
	n := p.list("[", "]")
	if len(n) != 1 {
		p.failAt(name.pos, "%s: an array has one extent", name.text)
	}
	if x, ok := asInt(n[0]); !ok || x <= 0 {
		p.failAt(name.pos, "%s: the extent of an array is a positive integer, got %s", name.text, n[0])
	}
	v := pointer()
	p.bind(name.text, v)
	return v
}

// pointer is eval's value for a raw pointer it cannot see: a counting iterator at 0, so
// a tensor over it holds the offsets of its elements (docs/EVAL.md).
func pointer() CountingIter { return CountingIter{Elem: Elem{Name: "int64_t", Bits: 64}} }

// pointerFns are the functions whose first argument is a pointer: there an unbound
// name is a pointer (make_tensor(ptr, shape), make_gmem_ptr(A)).
var pointerFns = map[string]bool{"make_tensor": true, "make_gmem_ptr": true, "make_smem_ptr": true}

// markPointerArg records where the first argument of a call to name starts when that
// argument is a pointer; the parser stands on the call's '('.
func (p *parser) markPointerArg(name string) {
	if !pointerFns[name] {
		return
	}
	m := p.mark()
	p.advance()
	p.ptrPos = p.tok.pos
	p.reset(m)
}

// unboundPointer is the pointer value of an unbound name that is the whole first
// argument of a pointerFns call.
func (p *parser) unboundPointer(t token) (cute.Value, bool) {
	if t.pos != p.ptrPos || !(p.is(",") || p.is(")")) {
		return nil, false
	}
	return pointer(), true
}

// pointerNamedLikeType is the pointer value of a name that is a C++ type needing
// template arguments (C, as CuTe's C<N>) written without them as the whole first
// argument of a pointerFns call: there it can only be a pointer (the gemm tutorial's
// `make_gmem_ptr(C)`).
func (p *parser) pointerNamedLikeType(t token, targs []cute.Value, ty func([]cute.Value) (cute.Value, error)) (cute.Value, bool) {
	if targs != nil || t.pos != p.ptrPos {
		return nil, false
	}
	if _, err := ty(nil); err == nil {
		return nil, false
	}
	return p.unboundPointer(t)
}

// cppName reads the names that are not variables, types nor functions: a name whose
// definition failed (an error saying where), threadIdx & co., and decltype(e) (e
// itself: eval's values are what C++ reads from their static types).
func (p *parser) cppName(t token) (cute.Value, bool) {
	if p.cpp == nil {
		return nil, false
	}
	if f, ok := p.cpp.failed[t.text]; ok {
		if f.line == 0 { // a session fed by Eval, without lines
			failErr(fmt.Errorf("%s was not defined: its definition failed: %s", t.text, f.reason))
		}
		failErr(fmt.Errorf("%s was not defined: line %d failed: %s", t.text, f.line, f.reason))
	}
	if _, ok := dimDefault[t.text]; ok {
		return p.cpp.dim(t.text), true
	}
	if base, ok := strings.CutSuffix(t.text, "_v"); ok && p.is("<") {
		if _, ok := table[base]; ok {
			// C++'s variable template cosize_v<L> is cosize(L{}).
			return p.call(base, p.list("<", ">")), true
		}
	}
	if t.text == "decltype" && p.is("(") {
		args := p.args()
		if len(args) != 1 {
			p.failAt(t.pos, "decltype takes one expression")
		}
		return args[0], true
	}
	return nil, false
}

// member reads `.name` or `.name(args)` after a value: `a.f(args)` is CuTe's free
// function f(a, args) (tensor.size(), mma.get_slice(t), thr_mma.partition_C(gC)); d.x of
// an index variable is its component.
func (p *parser) member(v cute.Value) cute.Value {
	p.advance()
	t := p.tok
	if t.kind != tIdent {
		p.fail("expected a member name after '.', found %s", p.describeTok())
	}
	p.advance()
	if d, ok := v.(Dim3); ok && !p.is("(") {
		x, ok := d.component(t.text)
		if !ok {
			p.failAt(t.pos, "%s has no member %s (x, y or z)", d.Name, quote(t.text))
		}
		return cute.Int(*x)
	}
	if !p.is("(") {
		p.failAt(t.pos, "%s has no data member %s (eval reads a.f(args) as f(a, args))", describe(v), quote(t.text))
	}
	if _, ok := table[t.text]; !ok {
		p.failHint(t.pos, suggest(t.text, nil), "unknown member function %s", quote(t.text))
	}
	args := p.args()
	return p.call(t.text, append([]cute.Value{v}, args...))
}

// staticMember reads `::value` after a value: C++'s static member of an integral
// constant (decltype(cosize(L))::value, Int<8>::value) is the integer.
func (p *parser) staticMember(v cute.Value) cute.Value {
	p.advance()
	if !p.isName("value") {
		p.fail("expected `::value`, found %s", p.describeTok())
	}
	_, isInt := asInt(v)
	if _, isBool := v.(Boolean); !isInt && !isBool {
		p.fail("::value of %s: only an integer or a boolean has a value member", describe(v))
	}
	p.advance()
	return v
}

// using reads `using namespace N;` (nothing) or `using X = T;`, which binds X to T's
// value as `auto X = T{};` would (T<…>{} and T are the same value in eval), so that
// `X{}` and `X` are T later. A T that is not a value eval has (float[8], an unknown
// type) is an error, and X is then not defined.
func (p *parser) using() (cute.Value, bool) {
	p.advance()
	if p.isName("namespace") {
		for p.tok.kind != tEOF && !p.is(";") {
			p.advance()
		}
		return nil, false
	}
	name := p.tok
	if name.kind != tIdent {
		p.fail("expected `using X = T;` or `using namespace N;`, found %s", p.describeTok())
	}
	p.advance()
	p.expect("=")
	return p.defineWith(name.text, func() cute.Value {
		defer func() {
			if x := recover(); x != nil {
				if e, ok := x.(evalError); ok {
					x = evalError{fmt.Errorf("using %s: the type cannot be bound: %w", name.text, e.err)}
				}
				panic(x)
			}
		}()
		v := p.expr()
		if !p.is(";") && p.tok.kind != tEOF {
			p.fail("using %s: the type cannot be bound: unexpected %s after %s", name.text, p.describeTok(), describe(v))
		}
		return v
	}), true
}

// define reads the value of a declaration of name (after its '=') and binds it; a
// pointer declared with `...` (`float* A = ...;`) is a pointer (see pointer).
func (p *parser) define(name string) cute.Value {
	ptr := p.declPtr
	return p.defineWith(name, func() cute.Value {
		if p.is("...") {
			if !ptr {
				p.fail("`...` stands for code the doc leaves out: %s has no value (a pointer `T* %s = ...;` is a counting iterator at 0)", name, name)
			}
			p.advance()
			return pointer()
		}
		return p.expr()
	})
}

// defineWith binds name to what read returns. When read fails, a name that had a value
// keeps it (as a failed assignment leaves a variable as it was); a new name stays
// unbound and is remembered with the line and the reason, for the error of its next
// use.
func (p *parser) defineWith(name string, read func() cute.Value) cute.Value {
	defer func() {
		if x := recover(); x != nil {
			if _, had := p.vars[name]; !had && p.cpp != nil {
				if p.cpp.failed == nil {
					p.cpp.failed = map[string]failure{}
				}
				reason := panicReason(x)
				if len(reason) > maxReason {
					reason = reason[:maxReason] + "…" // a chain of failures stays linear
				}
				p.cpp.failed[name] = failure{line: p.cpp.stmtLine, reason: reason}
			}
			panic(x)
		}
	}()
	v := read()
	p.bind(name, v)
	return v
}

// bind binds name to v and forgets an earlier failure of name.
func (p *parser) bind(name string, v cute.Value) {
	p.vars[name] = v
	if p.cpp != nil {
		delete(p.cpp.failed, name)
	}
}

// panicReason is the message of a parser's panic value.
func panicReason(x any) string {
	switch e := x.(type) {
	case evalError:
		return e.err.Error()
	case error:
		return e.Error()
	}
	return fmt.Sprint(x)
}

// compare is C++'s a == b (a != b) on eval's values: equal when they are the same kind
// of value and print the same (CuTe's == on static integers, tuples and layouts
// compares them mode by mode). Values of different kinds are an error.
func compare(op token, a, b cute.Value) cute.Value {
	if x, ok := asInt(a); ok {
		if y, ok := asInt(b); ok {
			return Bool((x == y) == (op.text == "=="))
		}
	}
	if fmt.Sprintf("%T", a) != fmt.Sprintf("%T", b) {
		failErr(fmt.Errorf("%s: cannot compare %s and %s", op.text, describe(a), describe(b)))
	}
	return Bool((a.String() == b.String()) == (op.text == "=="))
}

// index is C++'s x[i]: the element of a pointer (a counting iterator: its count plus i)
// or of a tensor (tensor[i] is tensor(i)).
func index(v cute.Value, i []cute.Value) cute.Value {
	if len(i) != 1 {
		failErr(fmt.Errorf("[]: takes one index, got %d", len(i)))
	}
	if it, ok := v.(CountingIter); ok {
		n, ok := asInt(i[0])
		if !ok {
			failErr(fmt.Errorf("[]: a pointer's index is an integer, got %s", describe(i[0])))
		}
		r, ok := addInt(it.N, n)
		if !ok {
			failErr(fmt.Errorf("[]: %s + %d overflows", it, n))
		}
		return cute.Int(r)
	}
	if e, ok := v.(Elem); ok {
		failErr(fmt.Errorf("%s[…]: a C array type is not a value of eval", e.Name))
	}
	if _, ok := v.(tensorLike); !ok {
		failErr(fmt.Errorf("[]: %s has no elements to index", describe(v)))
	}
	return apply(v, i)
}

// addressOf is C++'s &x[i]: the pointer i elements after pointer x, or the pointer to
// element i of a tensor over a pointer.
func addressOf(v cute.Value, i []cute.Value) cute.Value {
	n, ok := index(v, i).(cute.IntTuple)
	it, isIter := v.(CountingIter)
	if t, isTensor := v.(Tensor); isTensor {
		it, isIter = t.Iter, true
	}
	if !ok || !isIter || !n.IsLeaf() {
		failErr(fmt.Errorf("&: takes the address of an element of a pointer or of a tensor over one, not of %s", describe(v)))
	}
	it.N = n.Value()
	return it
}
