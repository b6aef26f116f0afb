package eval

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// Limits bound what one session may build and read.
type Limits struct {
	// MaxNodes bounds every value a statement builds: the nodes (integers and tuples) of
	// its shapes, strides, coordinates and tilers, as cute.Nodes counts them. Names can
	// refer to themselves (`a = make_layout(a,a);` doubles a), so without it a few
	// hundred bytes describe a value that no machine can print. Each value is checked
	// when it is made, the arguments of a call together before the call, so the cost of
	// any statement is bounded by the limit and its text.
	MaxNodes int
	// MaxLine bounds the bytes of one input line that Run reads (0: no bound). A longer
	// line is answered with an error and skipped, and costs no more memory than the
	// limit.
	MaxLine int
}

// DefaultLimits are `cutego eval`'s: 65,536 nodes per value (the layouts of real kernels
// have tens), lines of at most 1 MiB.
var DefaultLimits = Limits{MaxNodes: 1 << 16, MaxLine: 1 << 20}

// ExplorerLimits are the explorer's (serve and the WebAssembly page): 4,096 nodes per
// value; its lines are bounded by explore.Limits.
var ExplorerLimits = Limits{MaxNodes: 1 << 12}

// bound returns v when it has at most p.maxNodes nodes, else aborts the statement with
// an error that names what was built (what: "the result of make_layout", "a tuple") and
// the limit.
func (p *parser) bound(what string, v cute.Value) cute.Value {
	return p.boundOf(what, "", v)
}

// boundOf is bound for what+name (the message is built only on an error).
func (p *parser) boundOf(what, name string, v cute.Value) cute.Value {
	if p.maxNodes > 0 && cute.Nodes(nodesOf(v), p.maxNodes) > p.maxNodes {
		failErr(budgetError(what+name, p.maxNodes))
	}
	return v
}

// boundArg counts one more argument of a call (or element of a tuple) against what is
// left of the limit for all of them together, and returns what is left after it.
func (p *parser) boundArg(v cute.Value, left int) int {
	if p.maxNodes <= 0 {
		return left
	}
	left -= cute.Nodes(nodesOf(v), left)
	if left < 0 {
		failErr(budgetError("the arguments of one call (or the elements of one tuple) together", p.maxNodes))
	}
	return left
}

// nodesOf is the part of an eval value that cute.Nodes counts: the layout of a tensor or
// of a nested composed layout.
func nodesOf(v cute.Value) cute.Value {
	switch x := v.(type) {
	case Tensor:
		return x.Layout
	case CoordTensor:
		return x.Layout
	case Nested:
		return x.Inner
	}
	return v
}

func budgetError(what string, limit int) error {
	return &cute.Error{Op: "eval", Kind: cute.ErrInvalid, Reason: fmt.Sprintf(
		"%s would have more than %d nodes (integers and tuples), the limit of one value (cutego eval --max-nodes N raises it)", what, limit)}
}

// call is the call name(args…) within the parser's limit: the arguments are bounded
// together by list (as they are read) and the result is bounded here.
func (p *parser) call(name string, args []cute.Value) cute.Value {
	return p.boundOf("the result of ", name, call(name, args))
}
