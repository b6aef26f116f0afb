package render

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGridLimitBeforeCells: a layout over the limit is refused before any cell is
// computed (no million-cell allocation; BenchmarkGridRefuseLarge), with the sizes in a
// typed error.
func TestGridLimitBeforeCells(t *testing.T) {
	l := cute.MustLayout(cute.Ints(1024, 1024), cute.Ints(1, 1024))
	allocs := testing.AllocsPerRun(3, func() { NewGridContext(context.Background(), l, 4096) })
	assert.Less(t, allocs, 50.0)
	_, err := NewGridContext(context.Background(), l, 4096)
	var tl *TooLargeError
	require.True(t, errors.As(err, &tl), "%v", err)
	assert.Equal(t, int64(1024), tl.M)
	assert.Equal(t, int64(4096), tl.Limit)
	// A size that overflows int64 is refused too.
	huge := cute.MustLayout(cute.Ints(1<<40, 1<<40), cute.Ints(1, 1<<40))
	_, err = NewGridContext(context.Background(), huge, 0)
	assert.True(t, errors.As(err, &tl))
	M, N, err := GridShape(l)
	require.NoError(t, err)
	assert.Equal(t, [2]int64{1024, 1024}, [2]int64{M, N})
}

// TestGridStopsOnContext: the cell loop stops once its context is done.
func TestGridStopsOnContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l := cute.MustLayout(cute.Ints(512, 512), cute.Ints(1, 512))
	_, err := NewGridContext(ctx, l, MaxCells)
	assert.ErrorIs(t, err, context.Canceled)
	tv := cute.MustLayout(cute.Ints(512, 512), cute.Ints(1, 512))
	_, err = NewTVContext(ctx, tv, cute.Ints(512, 512), MaxCells)
	assert.ErrorIs(t, err, context.Canceled)
	// Small pictures finish before the first look at the context.
	_, err = NewGridContext(ctx, cute.MustLayout(cute.Ints(4, 4), cute.Ints(1, 4)), MaxCells)
	assert.NoError(t, err)
}

func TestGridCoord(t *testing.T) {
	g := mustGrid(cute.MustLayout(cute.Tuple(cute.Ints(2, 2), cute.Int(3)), cute.Tuple(cute.Ints(1, 6), cute.Int(2))))
	c, err := g.Coord(3, 2)
	require.NoError(t, err)
	assert.Equal(t, "((1,1),2)", c.String())
}

// BenchmarkGridRefuseLarge: refusing a 1M-cell layout before drawing (issue: it took
// 0.5 s when the cells were computed first).
func BenchmarkGridRefuseLarge(b *testing.B) {
	l := cute.MustLayout(cute.Ints(1024, 1024), cute.Ints(1, 1024))
	for b.Loop() {
		if _, err := NewGridContext(context.Background(), l, 4096); err == nil {
			b.Fatal("drawn")
		}
	}
}

// BenchmarkGrid64x64 is the largest picture the explorer draws.
func BenchmarkGrid64x64(b *testing.B) {
	l := cute.MustLayout(cute.Ints(64, 64), cute.Ints(64, 1))
	for b.Loop() {
		if _, err := NewGridContext(context.Background(), l, 4096); err != nil {
			b.Fatal(err)
		}
	}
}

// TestGridOverflow: a cell whose index overflows int64 is refused (each mode alone fits;
// the sum L0(m) + L1(n) does not), as L's own evaluation refuses it.
func TestGridOverflow(t *testing.T) {
	const big = int64(1) << 62
	l := cute.MustLayout(cute.Ints(2, 2), cute.Ints(big, big))
	_, err := NewGrid(l)
	var e *cute.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, cute.ErrOverflow, e.Kind)
	// Negative strides that cancel stay in range.
	g, err := NewGrid(cute.MustLayout(cute.Ints(2, 2), cute.Ints(big, -big)))
	require.NoError(t, err)
	assert.Equal(t, int64(0), g.At(1, 1))
}

// TestCellsAgainstCall: the cells of a grid and of a TV picture are what the layout's own
// evaluation gives, cell by cell (L(m, n); the first (t, v) in thread-major order whose
// TV(t, v) is the cell), on random layouts with hierarchical modes and negative strides.
func TestCellsAgainstCall(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 7))
	mode := func() (cute.IntTuple, cute.IntTuple) {
		if rng.IntN(2) == 0 {
			return cute.Int(int64(1 + rng.IntN(6))), cute.Int(int64(rng.IntN(13) - 4))
		}
		return cute.Ints(int64(1+rng.IntN(3)), int64(1+rng.IntN(3))), cute.Ints(int64(rng.IntN(9)-2), int64(rng.IntN(9)))
	}
	good := 0
	for i := 0; i < 300; i++ {
		s0, d0 := mode()
		s1, d1 := mode()
		l := cute.MustLayout(cute.Tuple(s0, s1), cute.Tuple(d0, d1))
		g, err := NewGrid(l)
		require.NoError(t, err, l)
		for m := int64(0); m < g.M; m++ {
			for n := int64(0); n < g.N; n++ {
				r, err := l.Call(cute.Ints(m, n))
				require.NoError(t, err)
				require.Equal(t, r.Value(), g.At(m, n), "%v at (%d,%d)", l, m, n)
			}
		}
		// As a TV layout over a tile that holds its values when they are not negative.
		M, N := int64(1+rng.IntN(8)), int64(1+rng.IntN(8))
		tv, err := NewTV(l, cute.Ints(M, N))
		owner := map[int64][2]int64{}
		var bad bool
		for th := int64(0); th < g.M; th++ {
			for v := int64(0); v < g.N; v++ {
				r, _ := l.Call(cute.Ints(th, v))
				i := r.Value()
				if i < 0 || i >= M*N {
					bad = true
				} else if _, ok := owner[i]; !ok && !bad {
					owner[i] = [2]int64{th, v}
				}
			}
		}
		if bad {
			require.Error(t, err, l)
			continue
		}
		good++
		require.NoError(t, err, l)
		for m := int64(0); m < M; m++ {
			for n := int64(0); n < N; n++ {
				th, v, ok := tv.At(m, n)
				o, want := owner[m+n*M]
				require.Equal(t, want, ok, "%v over (%d,%d) at (%d,%d)", l, M, N, m, n)
				if ok {
					require.Equal(t, o, [2]int64{th, v}, "%v over (%d,%d) at (%d,%d)", l, M, N, m, n)
				}
			}
		}
	}
	assert.Greater(t, good, 30, "too few TV layouts fit their tile")
}
