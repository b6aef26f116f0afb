package eval

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEvalAtomsCpp evaluates, as CuTe's C++ spells them, the TiledMMA configurations of
// cute/atom's C++ cross-check (cute/atom/testdata/tiled.out, printed by tiled.cpp) and
// compares their TV layouts, tile shapes and partitions with C++ CuTe's, the SM90 GMMA atoms
// with their GMMA::Major template arguments included.
func TestEvalAtomsCpp(t *testing.T) {
	data, err := os.ReadFile("../../cute/atom/testdata/tiled.out")
	require.NoError(t, err)
	mmas := map[string]string{}
	n, gmma := 0, 0
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		f := strings.Split(line, "\t")
		if f[0] == "tmma" {
			for i := 3; i < len(f); i++ {
				f[i] = strings.ReplaceAll(f[i], "_", "")
			}
		}
		switch f[0] {
		case "tmma_case":
			if strings.Contains(f[2], "Major") {
				gmma++
			}
			mmas[f[1]] = "make_tiled_mma(" + f[2] + "{}, " + f[3] + ", " + f[4] + ")"
		case "tmma":
			m, ok := mmas[f[1]]
			if !ok {
				continue
			}
			var expr, want string
			switch f[2] {
			case "A_TV", "B_TV", "C_TV":
				expr, want = "get_layout"+f[2]+"("+m+")", f[3]
			case "tile":
				expr, want = "tile_shape("+m+")", f[3]
			case "part_C":
				expr, want = "partition_C(get_slice("+m+", "+f[3]+"), "+f[4]+")", f[5]
			case "shape_A":
				expr, want = "partition_shape_A("+m+", "+f[3]+")", f[4]
			default:
				continue
			}
			v, err := Eval(expr)
			if assert.NoError(t, err, expr) {
				assert.Equal(t, want, v.String(), expr)
			}
			n++
		}
	}
	require.Greater(t, n, 60)
	require.Greater(t, gmma, 0)
}

// TestEvalAtomErrors: refusals name the atom and the reason.
func TestEvalAtomErrors(t *testing.T) {
	for expr, want := range map[string]string{
		"make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, (2,2,2,2):(1,2,4,8))":               "rank-3",
		"make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, (2,2,1):(1,2,0), (24,_,_))":         "SM80_16x8x16_F32F16F16F32_TN",
		"get_slice(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}), 32)":                     "thread index 32",
		"Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>, float>{}":                           "cp.async",
		"make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, (4,4):(4,1), (1,1):(0,0))": "too few thrs",
	} {
		_, err := Eval(expr)
		if assert.Error(t, err, expr) {
			assert.Contains(t, err.Error(), want, expr)
		}
	}
}
