package eval

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

const mb = 1 << 20

// adversarial: 1 MB lines built to make a parser slow: deep and long
// nesting, long names, failing tuples, `@` paths, comments, long argument and template
// lists, many statements.
func adversarial() map[string]string {
	rep := func(s string, n int) string { return strings.Repeat(s, n/len(s)) }
	return map[string]string{
		"open parens":       rep("(", mb),
		"open calls":        rep("size(", mb),
		"open templates":    rep("Shape<", mb),
		"minus signs":       rep("-", mb) + "1",
		"flat tuple":        "(" + rep("1,", mb) + "1)",
		"flat layout":       "(" + rep("1,", mb/2) + "1):(" + rep("1,", mb/2) + "1)",
		"failed tuples":     rep("(1,2,x", mb),
		"long name":         rep("x", mb) + "(",
		"long unknown name": rep("x", mb),
		"basis path":        "1" + rep("@0", mb),
		"comments":          rep("/**/", mb) + "1",
		"line comment":      "1 //" + rep("x", mb),
		"long args":         "make_shape(" + rep("1,", mb) + "1)",
		"long targs":        "Shape<" + rep("_1,", mb) + "_1>{}",
		"statements":        rep("1;", mb),
		"declarations":      rep("auto a=1;", mb),
		"sums":              "1" + rep("+1", mb),
		"names":             "auto a = 1; a" + rep("+a", mb),
		"applications":      "(4,5):(1,4)" + rep("(0)", mb),
		"composed chain":    rep("Sw<1,0,1> o 0 o ", mb),
		"nested tilers":     rep("(_,", mb/3),
		// The old eval tried a literal at every '(' and rescanned the rest: 104 s.
		"call under tuples": strings.Repeat("(", 200) + rep("1,", mb) + "size(1)" + strings.Repeat(")", 200),
		"unclosed comment":  "1 /*" + rep("x", mb),
		"NUL at the end":    rep("1+", mb) + "\x00",
		// The C++ around CuTe calls (cpp_stmt.go).
		"member calls":    "make_layout(4)" + rep(".size()", mb),
		"index sets":      rep("threadIdx.x=1;", mb),
		"pointer calls":   rep("make_tensor(p,", mb),
		"decltypes":       rep("decltype(", mb),
		"static members":  "Int<8>{}" + rep("::value", mb),
		"comparisons":     "1" + rep("==1", mb),
		"using aliases":   rep("using A=Layout<_4,_1>;", mb),
		"shared arrays":   rep("__shared__ float s[1];", mb),
		"pointer decls":   rep("float* p = ...;", mb),
		"failed names":    "auto a = nosuch; auto b = a;" + rep("b", mb),
		"variable templ.": rep("cosize_v<", mb),
	}
}

// TestEvalAdversarialLinear: a 1 MB adversarial line is read a bounded number of times
// (tokens read ≤ 2 per byte: no rescans, no quadratic fallback), allocates a small
// multiple of its size, and answers one line: a short error, or a value no longer than
// the input.
func TestEvalAdversarialLinear(t *testing.T) {
	for name, s := range adversarial() {
		sess := NewSession()
		var out Result
		var ok bool
		alloc := allocBytes(func() { out, ok = sess.Line(s) })
		assert.True(t, ok, name)
		assert.LessOrEqual(t, sess.reads, 2*len(s)+16, "%s: %d tokens read for %d bytes", name, sess.reads, len(s))
		assert.Less(t, alloc, uint64(200*len(s)), "%s: %d bytes allocated for %d bytes of input", name, alloc, len(s))
		if out.Err != nil {
			assert.Less(t, len(out.String()), 400, "%s: %.200q", name, out.String())
		} else {
			assert.LessOrEqual(t, len(out.String()), len(s), name)
		}
	}
}

// allocBytes returns the bytes f allocates.
func allocBytes(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// BenchmarkEvalAdversarial: one 1 MB adversarial line each (MB/s is the speed).
func BenchmarkEvalAdversarial(b *testing.B) {
	for name, s := range adversarial() {
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				NewSession().Line(s)
			}
		})
	}
}
