package eval

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// dynamicForms: where a snippet uses run-time (dynamic) integers, C++ keeps size-1
// modes that static integers coalesce away; eval treats every integer as static
// (docs/EVAL.md), so it prints the static form. 02_layout_algebra.md says of this very
// case: "The results may look different but are the mathematically the same". The test
// checks these against the static form and checks that C++'s dynamic result is the
// same function.
var dynamicForms = map[string]string{
	"02_layout_algebra:275\tprint#1": "(5,(2,2)):(16,(80,4))",
	"02_layout_algebra:275\tc":       "(5,(2,2)):(16,(80,4))",
}

// TestDocSnippets: every layout snippet of CuTe's docs, pasted as written into
// testdata/docs/docs.cpp, fed line by line to one session per snippet; the value of each
// name the snippet declares and of each print statement must be what C++ CuTe printed
// for the same text (testdata/docs/docs.out, `_` marks removed).
func TestDocSnippets(t *testing.T) {
	snippets := readSnippets(t, "testdata/docs/docs.cpp")
	require.GreaterOrEqual(t, len(snippets), 23)
	f, err := os.Open("testdata/docs/docs.out")
	require.NoError(t, err)
	defer f.Close()
	type run struct {
		s      *Session
		prints []Result
	}
	runs := map[string]*run{}
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		id, rest, _ := strings.Cut(sc.Text(), "\t")
		name, cpp, ok := strings.Cut(rest, "\t")
		require.True(t, ok, sc.Text())
		r := runs[id]
		if r == nil {
			lines, ok := snippets[id]
			require.True(t, ok, "no snippet %s", id)
			r = &run{s: NewSession()}
			for _, line := range lines {
				res, ok := r.s.Line(line)
				if ok {
					require.NoError(t, res.Err, "%s: %q", id, line)
				}
				if ok && strings.HasPrefix(strings.TrimSpace(line), "print(") {
					r.prints = append(r.prints, res)
				}
			}
			_, open := r.s.Close()
			require.False(t, open, "%s: a statement is left open", id)
			runs[id] = r
		}
		var got string
		if k, isPrint := strings.CutPrefix(name, "print#"); isPrint {
			i := int(k[0] - '1')
			require.Less(t, i, len(r.prints), "%s %s", id, name)
			got = r.prints[i].String()
		} else {
			v, ok := r.s.Lookup(name)
			require.True(t, ok, "%s: %s not bound", id, name)
			got = v.String()
		}
		want := stripStatic(cpp)
		if static, ok := dynamicForms[id+"\t"+name]; ok {
			assert.Equal(t, static, got, "%s %s", id, name)
			sameFunction(t, want, got)
			n++
			continue
		}
		assert.Equal(t, want, got, "%s %s", id, name)
		n++
	}
	require.NoError(t, sc.Err())
	assert.GreaterOrEqual(t, n, 90)
	assert.Equal(t, len(snippets), len(runs), "every snippet has values in docs.out")
}

// readSnippets returns the lines of each `{ SNIP = "id"` block of the C++ program up to
// its `// END` (a parent snippet's lines included).
func readSnippets(t *testing.T, file string) map[string][]string {
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	out := map[string][]string{}
	var id string
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.HasPrefix(line, `{ SNIP = "`):
			id = strings.SplitN(line, `"`, 3)[1]
		case line == "// END":
			id = ""
		case id != "":
			out[id] = append(out[id], line)
		}
	}
	return out
}

// stripStatic removes CuTe's `_` marks of static integers (before a digit or '-').
func stripStatic(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '_' && i+1 < len(s) && (isDigit(s[i+1]) || s[i+1] == '-') {
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// sameFunction: two layouts of the same size with the same value at every index.
func sameFunction(t *testing.T, a, b string) {
	la, err := cute.ParseLayout(a)
	require.NoError(t, err)
	lb, err := cute.ParseLayout(b)
	require.NoError(t, err)
	require.Equal(t, la.Size(), lb.Size())
	for i := int64(0); i < la.Size(); i++ {
		x, err1 := la.Eval(i)
		y, err2 := lb.Eval(i)
		require.NoError(t, err1)
		require.NoError(t, err2)
		require.Equal(t, x, y, "%s and %s at %d", a, b, i)
	}
}
