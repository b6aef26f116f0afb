package eval

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDeclared: the forms a session binds a name with split into name and expression.
func TestDeclared(t *testing.T) {
	for _, c := range [][3]string{
		{"auto c = logical_divide(a, b);", "c", "logical_divide(a, b)"},
		{"Layout<Shape<_2>> x = make_layout(2)", "x", "make_layout(2)"},
		{"const auto y = complement(4:2,\n 24);", "y", "complement(4:2,\n 24)"},
		{"z = 4:1", "z", "4:1"},
	} {
		name, expr, ok := Declared(c[0])
		assert.True(t, ok, c[0])
		assert.Equal(t, c[1], name, c[0])
		assert.Equal(t, c[2], expr, c[0])
	}
	for _, s := range []string{"logical_divide(a, b)", "(4,2):(1,4)", "a", `"x" = 1`, ""} {
		_, _, ok := Declared(s)
		assert.False(t, ok, s)
	}
}
