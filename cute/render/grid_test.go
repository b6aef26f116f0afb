package render

import (
	"context"
	"errors"
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
