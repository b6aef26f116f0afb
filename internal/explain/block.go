package explain

import (
	"fmt"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/internal/eval"
)

// maxAliases bounds how far ExplainBlock follows `auto c = b;` back to a call.
const maxAliases = 64

// ExplainBlock explains the last statement of block, lines as `cutego eval` reads them
// (C++ declarations and print statements continued over several lines, several
// statements on a line, names bound by `auto a = …;` known on later lines), evaluated
// in session s. The last statement may be a call of one of Ops, a declaration `auto c =
// call(…);`, or `print(x)` / `print_layout(x)` (with or without `cute::`), explained as
// the expression x was declared with. Any statement's error is the error; the
// explanation's result must equal the last statement's value, else it is refused (a
// name bound again after the call it is explained by).
func ExplainBlock(s *eval.Session, block string) (*Explanation, error) {
	var (
		cur   []string // the lines of the statement being read
		last  string   // the last statement's text
		value cute.Value
		decls = map[string]string{} // name → the expression it was last declared with
	)
	done := func(r eval.Result, line int) error {
		if r.Err != nil {
			return fmt.Errorf("explain: line %d: %v", line, r.Err)
		}
		for _, st := range statements(strings.Join(cur, "\n")) {
			if name, rhs, ok := eval.Declared(st); ok {
				decls[name] = rhs
			}
			last = st
		}
		value, cur = r.Value, cur[:0]
		return nil
	}
	lines := strings.Split(block, "\n")
	for i, line := range lines {
		if t := strings.TrimSpace(line); t != "" && t[0] != '#' {
			cur = append(cur, t)
		}
		if r, ok := s.Line(line); ok {
			if err := done(r, i+1); err != nil {
				return nil, err
			}
		} else if s.Pending() == 0 {
			cur = cur[:0] // a comment, `{`, `using …;`: not part of a statement
		}
	}
	if r, ok := s.Close(); ok {
		if err := done(r, len(lines)); err != nil {
			return nil, err
		}
	}
	if last == "" || value == nil {
		return nil, fmt.Errorf("explain: the block has no statement to explain")
	}
	expr := last
	if _, rhs, ok := eval.Declared(last); ok {
		expr = rhs
	} else if arg, ok := printed(last); ok {
		expr = arg
		for k := 0; k < maxAliases; k++ {
			rhs, ok := decls[strings.TrimSpace(expr)]
			if !ok {
				break
			}
			expr = rhs
		}
	}
	x, err := ExplainIn(s, expr)
	if err != nil {
		return nil, err
	}
	if !sameValue(x.Result, value) {
		return nil, fmt.Errorf("explain: %s gives %v but the block's last statement is %v (a name bound again?); not shown", clip(expr), x.Result, value)
	}
	return x, nil
}

// printed returns x of a statement `print(x)` or `print_layout(x)`, `cute::` optional.
func printed(stmt string) (string, bool) {
	stmt = strings.TrimPrefix(strings.TrimSpace(stmt), "cute::")
	name, args, err := splitCall(stmt)
	if err != nil || len(args) != 1 || name != "print" && name != "print_layout" {
		return "", false
	}
	return args[0], true
}

// statements splits text at the semicolons outside brackets, comments removed, and
// returns the non-empty statements without their semicolons.
func statements(text string) []string {
	var out []string
	var b strings.Builder
	depth := 0
	flush := func() {
		if t := strings.TrimSpace(b.String()); t != "" {
			out = append(out, t)
		}
		b.Reset()
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case strings.HasPrefix(text[i:], "//"):
			for i < len(text) && text[i] != '\n' {
				i++
			}
			b.WriteByte(' ')
			continue
		case strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				i = len(text)
			} else {
				i += 2 + end + 1
			}
			b.WriteByte(' ')
			continue
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ';' && depth <= 0:
			flush()
			continue
		}
		b.WriteByte(c)
	}
	flush()
	return out
}
