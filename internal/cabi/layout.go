// Package cabi is the one conversion from cute.Layout to the C ABI's plain layout struct,
// cute_layout_t (include/cutego_types.h), for the Go packages that hand layouts to C: libcutego's
// exports (capi) and the kernel launcher (gpu). It uses no cgo: Layout has cute_layout_t's memory
// layout, and each cgo package checks at compile time that the two agree before it converts a
// pointer to one into a pointer to the other.
package cabi

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// The capacities of cute_layout_t (CUTE_LAYOUT_MAX_LEAVES, CUTE_LAYOUT_MAX_TOKENS).
const (
	MaxLeaves = 16
	MaxTokens = 64
)

// Layout is cute_layout_t: the leaf shapes and strides in order, the leaf and token counts, and
// the nest tokens of the shape's structure (cute.NestLeaf, cute.NestOpen, cute.NestClose).
type Layout struct {
	Shape   [MaxLeaves]int64
	Stride  [MaxLeaves]int64
	Leaves  int32
	NTokens int32
	Nest    [MaxTokens]int8
}

// FitError is the error of a layout that needs more leaves or nest tokens than a Layout holds.
type FitError struct {
	Leaves, Tokens int
}

func (e *FitError) Error() string {
	return fmt.Sprintf("%d leaves and %d nest tokens, CUTE_LAYOUT_MAX_LEAVES = %d, CUTE_LAYOUT_MAX_TOKENS = %d",
		e.Leaves, e.Tokens, MaxLeaves, MaxTokens)
}

// Put writes l into *out (all of it, unused entries zero; *out is untouched on an error). It
// fails with cute.Layout.AppendNest's error for a scaled-basis stride, which has no integer
// form, and with a *FitError for a layout over the capacity. Within capacity it allocates
// nothing.
func Put(l cute.Layout, out *Layout) error {
	var v Layout
	nest, shape, _, err := l.AppendNest(v.Nest[:0], v.Shape[:0], v.Stride[:0])
	if err != nil {
		return err
	}
	if len(nest) > MaxTokens || len(shape) > MaxLeaves {
		return &FitError{Leaves: len(shape), Tokens: len(nest)}
	}
	v.Leaves, v.NTokens = int32(len(shape)), int32(len(nest))
	*out = v
	return nil
}
