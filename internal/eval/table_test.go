package eval

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// section returns the text of docs/EVAL.md under the heading `from`, up to the next
// heading of the same or a higher level.
func section(t *testing.T, doc, from string) string {
	i := strings.Index(doc, "\n"+from+"\n")
	require.GreaterOrEqual(t, i, 0, "docs/EVAL.md has no %q", from)
	level := strings.IndexByte(from, ' ')
	var b strings.Builder
	for _, line := range strings.Split(doc[i+len(from)+2:], "\n") {
		if n := len(line) - len(strings.TrimLeft(line, "#")); n > 0 && n <= level && strings.HasPrefix(line[n:], " ") {
			break
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

var (
	codeSpan = regexp.MustCompile("`[^`]+`")
	callName = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)\s*[(<]`)
	leadName = regexp.MustCompile("^`([A-Za-z_][A-Za-z0-9_]*)")
)

// TestFunctionTableMatchesDocs: the functions eval dispatches are exactly the functions
// docs/EVAL.md documents under "## Calls" (every name written as a call there), the C++
// types eval knows are exactly those of "### C++ types as values", and the operations on
// composed layouts are functions of the table. A name added to one and not the other
// fails here.
func TestFunctionTableMatchesDocs(t *testing.T) {
	data, err := os.ReadFile("../../docs/EVAL.md")
	require.NoError(t, err)
	doc := string(data)

	documented := map[string]bool{}
	for _, span := range codeSpan.FindAllString(section(t, doc, "## Calls"), -1) {
		for _, m := range callName.FindAllStringSubmatch(span, -1) {
			if _, isType := types[m[1]]; !isType {
				documented[m[1]] = true
			}
		}
	}
	assert.Equal(t, sorted(documented), Names(), "docs/EVAL.md ## Calls vs the function table")

	typeNames := map[string]bool{}
	for _, span := range codeSpan.FindAllString(section(t, doc, "### C++ types as values"), -1) {
		if m := leadName.FindStringSubmatch(span); m != nil && !strings.HasPrefix(m[1], "_") && !atomTypes[m[1]] {
			typeNames[m[1]] = true
		}
	}
	var known []string
	for n := range types {
		if !atomTypes[n] {
			known = append(known, n)
		}
	}
	sort.Strings(known)
	assert.Equal(t, sorted(typeNames), known, "docs/EVAL.md ### C++ types as values vs the types table")

	for n := range composedFns {
		assert.Contains(t, Names(), n, "composed-layout operation %s is not a function", n)
	}
}

func sorted(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for n := range m {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
