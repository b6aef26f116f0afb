package einsum

import (
	"fmt"
	"sort"
	"strings"

	"github.com/cutego/cutego/cute"
)

// Spec is a parsed contraction: the indices of A, B and C, one ASCII letter each.
type Spec struct {
	A, B, C string
}

// String prints the spec as "A,B->C".
func (s Spec) String() string { return s.A + "," + s.B + "->" + s.C }

func errorf(kind cute.ErrorKind, format string, args ...any) *cute.Error {
	return &cute.Error{Op: "einsum", Kind: kind, Reason: fmt.Sprintf(format, args...)}
}

// maxSpec bounds the text: 3 operands of at most 52 distinct letters, separators, spaces.
const maxSpec = 4096

// Parse reads "A,B->C" (or "A,B" with numpy's implicit output). It is linear in the text
// and refuses anything but two operands of ASCII letters.
func Parse(text string) (Spec, error) {
	if len(text) > maxSpec {
		return Spec{}, errorf(cute.ErrParse, "spec of %d bytes is longer than %d", len(text), maxSpec)
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] != ' ' {
			b.WriteByte(text[i])
		}
	}
	s := b.String()
	if strings.Contains(s, "...") {
		return Spec{}, errorf(cute.ErrParse, "the broadcast ellipsis \"...\" is not supported in %q", text)
	}
	in, out, arrow := strings.Cut(s, "->")
	if arrow && strings.Contains(out, "->") {
		return Spec{}, errorf(cute.ErrParse, "more than one \"->\" in %q", text)
	}
	ops := strings.Split(in, ",")
	if len(ops) != 2 {
		return Spec{}, errorf(cute.ErrParse, "%q has %d operands: the canonical form C = A·B takes two", text, len(ops))
	}
	sp := Spec{A: ops[0], B: ops[1], C: out}
	for _, x := range []struct{ name, s string }{{"A", sp.A}, {"B", sp.B}, {"C", sp.C}} {
		for i := 0; i < len(x.s); i++ {
			if !isLetter(x.s[i]) {
				return Spec{}, errorf(cute.ErrParse, "operand %s %q: %q is not an index (ASCII letters only)", x.name, x.s, x.s[i])
			}
		}
	}
	if !arrow {
		var cnt [128]int
		for _, o := range ops {
			for i := 0; i < len(o); i++ {
				cnt[o[i]]++
			}
		}
		var c []byte
		for ch := range cnt {
			if cnt[ch] == 1 {
				c = append(c, byte(ch))
			}
		}
		sort.Slice(c, func(i, j int) bool { return c[i] < c[j] })
		sp.C = string(c)
	}
	return sp, nil
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// Classes are the multi-modes of the canonical form, each the indices of one class.
type Classes struct {
	M, N, K, L string
}

// Classify sorts the indices of s into the paper's four classes (row, column, reduction,
// batch), M, N and L in the order of C, K in the order of A (first occurrences: an index
// repeated within A or B is one index, its diagonal), and refuses what has no class (see
// the package doc).
func (s Spec) Classify() (Classes, error) {
	var in [3][128]bool
	for o, str := range []string{s.A, s.B, s.C} {
		name := "ABC"[o : o+1]
		for i := 0; i < len(str); i++ {
			ch := str[i]
			if !isLetter(ch) {
				return Classes{}, errorf(cute.ErrParse, "operand %s %q: %q is not an index", name, str, ch)
			}
			if in[o][ch] && o == 2 {
				return Classes{}, errorf(cute.ErrInvalid, "index %c repeats in the output %q", ch, str)
			}
			in[o][ch] = true
		}
	}
	var c Classes
	for i := 0; i < len(s.C); i++ {
		ch := s.C[i]
		switch a, b := in[0][ch], in[1][ch]; {
		case a && b:
			c.L += string(ch)
		case a:
			c.M += string(ch)
		case b:
			c.N += string(ch)
		default:
			return Classes{}, errorf(cute.ErrInvalid, "index %c of the output %q appears in neither operand", ch, s.C)
		}
	}
	var seen [128]bool
	for o, str := range []string{s.A, s.B} {
		other := 1 - o
		for i := 0; i < len(str); i++ {
			ch := str[i]
			if in[2][ch] || seen[ch] && o == 0 {
				continue
			}
			seen[ch] = true
			if !in[other][ch] {
				return Classes{}, errorf(cute.ErrNotAdmissible, "index %c appears only in operand %s %q: the canonical form C(m,n,l) = A(m,k,l)·B(n,k,l) has no class for it (sum it out first)", ch, "AB"[o:o+1], str)
			}
			if o == 0 {
				c.K += string(ch)
			}
		}
	}
	return c, nil
}
