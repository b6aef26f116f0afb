package explain

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stepValues maps the names of x's steps to their values.
func stepValues(x *Explanation) map[string]string {
	m := map[string]string{}
	for _, s := range x.Steps {
		m[s.Name] = s.Text
	}
	return m
}

// TestExplainCompositionDivision: the division steps carry the values of CuTe's
// documentation (02_layout_algebra.md, "Computing Composition" and its worked example):
// (6,2):(8,2) / 3 = (2,2):(24,2), % 4 = (2,2):(24,2); (6,2):(8,2) / 1 = (6,2):(8,2),
// % 3 = (3,1):(8,2); (3,6,2,8):(w,x,y,z) o 16:9 = (1,2,2,4):(9w,3x,y,z);
// (3,6,2,8) / 72 = (1,1,1,4) with strides (72w,24x,4y,2z); (6,2) / 12 = (1,1).
func TestExplainCompositionDivision(t *testing.T) {
	for _, c := range []struct {
		expr string
		want map[string]string
	}{
		{"composition((6,2):(8,2), (4,3):(3,1))", map[string]string{
			"mode 0: A / 3": "(2,2):(24,2)", "mode 0: (A / 3) % 4": "(2,2):(24,2)",
			"mode 1: A / 1": "(6,2):(8,2)", "mode 1: (A / 1) % 3": "(3,1):(8,2)",
		}},
		// w,x,y,z = 1,100,1000,5000 (A stays coalesced).
		{"composition((3,6,2,8):(1,100,1000,5000), 16:9)", map[string]string{
			"A / 9": "(1,2,2,8):(9,300,1000,5000)", "(A / 9) % 16": "(1,2,2,4):(9,300,1000,5000)",
		}},
		{"composition((3,6,2,8):(1,100,1000,5000), 4:72)", map[string]string{
			"A / 72": "(1,1,1,4):(72,2400,4000,10000)",
		}},
		{"composition((6,2):(8,2), 2:12)", map[string]string{"A / 12": "(1,1):(96,4)"}},
	} {
		x := explainChecked(t, c.expr, "")
		got := stepValues(x)
		for k, v := range c.want {
			assert.Equal(t, v, got[k], "%s: %s", c.expr, k)
		}
	}
}

// TestExplainCompositionDivisionBruteForce: wherever the division steps are shown, A / d
// is i ↦ A(d·i) and (A / d) % s its first s values (brute force over A's definition,
// extended past its size by its last mode as composition extends it).
func TestExplainCompositionDivisionBruteForce(t *testing.T) {
	shown := 0
	for _, a := range []string{"(6,2):(8,2)", "(3,6,2,8):(1,100,1000,5000)", "(4,3):(3,1)", "(2,4,2):(1,4,32)", "12:3"} {
		al, err := cute.ParseLayout(a)
		require.NoError(t, err)
		for s := int64(1); s <= 8; s++ {
			for d := int64(1); d <= 12; d++ {
				expr := fmt.Sprintf("composition(%s, %d:%d)", a, s, d)
				x, err := Explain(expr)
				if err != nil {
					continue // cute refuses: not ours to show
				}
				checkSteps(t, x)
				for _, st := range x.Steps {
					var n int64
					switch {
					case strings.HasPrefix(st.Name, "A / "):
						n = st.Value.(cute.Layout).Size()
					case strings.HasPrefix(st.Name, "(A / "):
						n, shown = s, shown+1
					default:
						continue
					}
					l := st.Value.(cute.Layout)
					for i := int64(0); i < n; i++ {
						w, err := al.Call(cute.Int(d * i)) // past A's size, its last mode takes the rest
						require.NoError(t, err)
						want := w.LeafValues(nil)[0]
						got, err := l.Eval(i)
						require.NoError(t, err)
						assert.Equal(t, want, got, "%s: %s at %d", expr, st.Name, i)
					}
				}
			}
		}
	}
	assert.Greater(t, shown, 50)
}
