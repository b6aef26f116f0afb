package explain

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cutego/cutego/internal/eval"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tiledOut reads C++ CuTe's printout of TiledMMAs (cute/atom/testdata/tiled.out, printed by
// tiled.cpp beside it): the cases (atom, atom layout, permutation) and, by case, its rows.
func tiledOut(t *testing.T) (cases map[string][3]string, rows map[string][][]string) {
	data, err := os.ReadFile("../../cute/atom/testdata/tiled.out")
	require.NoError(t, err)
	cases, rows = map[string][3]string{}, map[string][][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(staticMark.ReplaceAllString(line, "$1$2"), "\t")
		switch f[0] {
		case "tmma_case":
			cases[f[1]] = [3]string{f[2], f[3], f[4]}
		case "tmma":
			rows[f[1]] = append(rows[f[1]], f[2:])
		}
	}
	return cases, rows
}

// staticMark is the `_` of C++ CuTe's static integers (_8, (_2,_4)), not of names.
var staticMark = regexp.MustCompile(`(^|[^A-Za-z0-9])_([0-9])`)

func stepText(x *Explanation, name string) (string, bool) {
	for _, s := range x.Steps {
		if s.Name == name {
			return s.Text, true
		}
	}
	return "", false
}

// TestExplainMakeTiledMMA: the derivation of make_tiled_mma ends, step by step, in C++
// CuTe's ThrLayoutVMNK, tile and the three TV layouts (tiled.out), and each step naming an
// expression evaluates to its value.
func TestExplainMakeTiledMMA(t *testing.T) {
	cases, rows := tiledOut(t)
	require.GreaterOrEqual(t, len(cases), 10)
	for id, c := range cases {
		expr := "make_tiled_mma(" + c[0] + "{}, " + c[1] + ", " + c[2] + ")"
		x, err := Explain(expr)
		require.NoError(t, err, expr)
		checkSteps(t, x)
		for _, r := range rows[id] {
			var name string
			switch r[0] {
			case "vmnk":
				name = "ThrLayoutVMNK = tiled_product(ThrID, AtomLayoutMNK)"
			case "A_TV", "B_TV", "C_TV":
				name = r[0][:1] + ": get_layout" + r[0][:1] + "_TV()"
			case "tile":
				got := ""
				for i := 0; i < 3; i++ {
					v, ok := stepText(x, "tile_size<"+string(rune('0'+i))+"> ("+string("MNK"[i])+")")
					require.True(t, ok)
					got += "," + v
				}
				assert.Equal(t, r[1], "("+got[1:]+")", "%s: tile", expr)
				continue
			default:
				continue
			}
			got, ok := stepText(x, name)
			if assert.True(t, ok, "%s: no step %q", expr, name) {
				assert.Equal(t, r[1], got, "%s: %s", expr, name)
			}
		}
	}
}

// TestExplainPartition: thr_mma.partition_A/B/C derived through thrfrg_X and the thread's
// slice gives C++ CuTe's thrfrg_X of the layout and the thread's partition (tiled.out).
func TestExplainPartition(t *testing.T) {
	cases, rows := tiledOut(t)
	n := 0
	for id, c := range cases {
		s := eval.NewSession()
		_, err := s.Eval("mma = make_tiled_mma(" + c[0] + "{}, " + c[1] + ", " + c[2] + ")")
		require.NoError(t, err)
		for _, r := range rows[id] {
			switch {
			case strings.HasPrefix(r[0], "part_"):
				// the thread's partition of the layout r[2]
				expr := "partition_" + r[0][5:] + "(get_slice(mma, " + r[1] + "), " + r[2] + ")"
				x, err := ExplainIn(s, expr)
				require.NoError(t, err, expr)
				assert.Equal(t, r[3], x.ResultText, expr)
				n++
			case strings.HasPrefix(r[0], "thrfrg_"):
				// thrfrg_X of the column-major layout of the shape r[1]
				op := r[0][7:]
				expr := "partition_" + op + "(get_slice(mma, 0), make_layout(" + r[1] + "))"
				x, err := ExplainIn(s, expr)
				require.NoError(t, err, expr)
				got, found := stepText(x, "thrfrg_"+op+" = zipped_divide(…, (_, (ThrI,ThrJ)))")
				assert.True(t, found, expr)
				assert.Equal(t, r[2], got, "%s: thrfrg_%s", expr, op)
				n++
			}
		}
	}
	assert.Greater(t, n, 100)
}

// TestExplainAtomRefusals: what make_tiled_mma refuses, explain refuses, naming the atom.
func TestExplainAtomRefusals(t *testing.T) {
	_, err := Explain("make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, (2,2,1):(1,2,0), (24,_,_))")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "SM80_16x8x16_F32F16F16F32_TN")
	_, err = Explain("partition_C((4,4):(1,4), (16,16):(16,1))")
	require.Error(t, err)
}
