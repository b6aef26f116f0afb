package main

/*
#include "capi.h"
*/
import "C"

import (
	"sync"
	"unsafe"

	"github.com/cutego/cutego/cute"
)

// The nest tokens of cutego.h are package cute's (a negative constant converted to uint
// does not compile).
const _ = uint(nestLeaf-cute.NestLeaf) + uint(cute.NestLeaf-nestLeaf) +
	uint(nestOpen-cute.NestOpen) + uint(cute.NestOpen-nestOpen) +
	uint(nestClose-cute.NestClose) + uint(cute.NestClose-nestClose)

const (
	maxLeaves = C.CUTE_LAYOUT_MAX_LEAVES
	maxTokens = C.CUTE_LAYOUT_MAX_TOKENS
	nestLeaf  = C.CUTE_NEST_LEAF
	nestOpen  = C.CUTE_NEST_OPEN
	nestClose = C.CUTE_NEST_CLOSE
)

// nestDecoder reads a nest token string (cute_layout_t / cute_int_tuple_t) into one or two
// IntTuples of the same profile, taking leaf values in order from a and b. It reads the C
// struct in place and collects the elements of open tuples on fixed stacks; decoders come
// from a pool (their 7 KB of stacks are neither allocated nor zeroed per call), so that a
// conversion allocates only the tuples themselves.
type nestDecoder struct {
	fn, arg string
	nest    []C.int8_t
	pos     int
	leaf    int
	leaves  int
	a, b    []C.int64_t // b is nil when decoding a single tuple
	sp      int
	sx, sy  [maxTokens]cute.IntTuple
}

var decoders = sync.Pool{New: func() any { return new(nestDecoder) }}

// getDecoder returns a pooled decoder set up for one conversion; putDecoder gives it back.
func getDecoder(fn, arg string, nest []C.int8_t, leaves int, a, b []C.int64_t) *nestDecoder {
	d := decoders.Get().(*nestDecoder)
	d.fn, d.arg, d.nest, d.pos, d.leaf, d.leaves, d.a, d.b, d.sp = fn, arg, nest, 0, 0, leaves, a, b, 0
	return d
}

func putDecoder(d *nestDecoder) {
	d.nest, d.a, d.b = nil, nil, nil // no reference to C memory is kept
	decoders.Put(d)
}

func (d *nestDecoder) bad(format string, args ...any) error {
	return errf(C.CUTEGO_INVALID_ARGUMENT, "%s: %s: "+format, append([]any{d.fn, d.arg}, args...)...)
}

// decode reads the whole nest: exactly one node, every token and every leaf used.
func (d *nestDecoder) decode() (x, y cute.IntTuple, err error) {
	if err = d.node(); err != nil {
		return
	}
	if d.pos != len(d.nest) {
		return x, y, d.bad("nest has %d tokens after the end of the tuple", len(d.nest)-d.pos)
	}
	if d.leaf != d.leaves {
		return x, y, d.bad("nest holds %d leaves but leaves = %d", d.leaf, d.leaves)
	}
	return d.sx[0], d.sy[0], nil
}

// node reads one node and pushes it on the stacks.
func (d *nestDecoder) node() error {
	if d.pos >= len(d.nest) {
		return d.bad("nest ends inside a tuple")
	}
	if d.sp >= maxTokens {
		return d.bad("nest too deep")
	}
	t := d.nest[d.pos]
	d.pos++
	switch t {
	case nestLeaf:
		if d.leaf >= d.leaves {
			return d.bad("nest holds more leaves than leaves = %d", d.leaves)
		}
		d.sx[d.sp] = cute.Int(int64(d.a[d.leaf]))
		if d.b != nil {
			d.sy[d.sp] = cute.Int(int64(d.b[d.leaf]))
		}
		d.sp++
		d.leaf++
		return nil
	case nestOpen:
		base := d.sp
		for {
			if d.pos >= len(d.nest) {
				return d.bad("nest ends inside a tuple")
			}
			if d.nest[d.pos] == nestClose {
				d.pos++
				x := cute.Tuple(d.sx[base:d.sp]...) // copies the elements
				var y cute.IntTuple
				if d.b != nil {
					y = cute.Tuple(d.sy[base:d.sp]...)
				}
				d.sp = base
				d.sx[d.sp], d.sy[d.sp] = x, y
				d.sp++
				return nil
			}
			if err := d.node(); err != nil {
				return err
			}
		}
	case nestClose:
		return d.bad("unbalanced CUTE_NEST_CLOSE at token %d", d.pos-1)
	}
	return d.bad("bad nest token %d at %d", int(t), d.pos-1)
}

func checkCounts(fn, arg string, leaves, ntokens C.int32_t) error {
	if leaves < 0 || ntokens < 0 {
		return errf(C.CUTEGO_INVALID_ARGUMENT, "%s: %s: negative count (leaves %d, ntokens %d)", fn, arg, leaves, ntokens)
	}
	if leaves > maxLeaves {
		return errf(C.CUTEGO_CAPACITY, "%s: %s: leaves = %d exceeds CUTE_LAYOUT_MAX_LEAVES (%d)", fn, arg, leaves, maxLeaves)
	}
	if ntokens > maxTokens {
		return errf(C.CUTEGO_CAPACITY, "%s: %s: ntokens = %d exceeds CUTE_LAYOUT_MAX_TOKENS (%d)", fn, arg, ntokens, maxTokens)
	}
	if ntokens == 0 {
		return errf(C.CUTEGO_INVALID_ARGUMENT, "%s: %s: empty nest (ntokens = 0)", fn, arg)
	}
	return nil
}

// toLayout converts a C layout to a cute.Layout, validating it. It reads *p in place (C
// memory, or a Go value of the caller's).
func toLayout(fn, arg string, p *C.cute_layout_t) (cute.Layout, error) {
	if p == nil {
		return cute.Layout{}, errNull(fn, arg)
	}
	leaves, ntokens := p.leaves, p.ntokens
	if err := checkCounts(fn, arg, leaves, ntokens); err != nil {
		return cute.Layout{}, err
	}
	// The fast path: one pass over the C struct, one allocation. Any input it refuses is
	// decoded again by decodeLayout, for the detailed message.
	if l, err := cute.MakeLayoutNest(nestSlice(p.nest[:ntokens]), int64Slice(p.shape[:leaves]), int64Slice(p.stride[:leaves])); err == nil {
		return l, nil
	}
	return decodeLayout(fn, arg, p)
}

// decodeLayout is toLayout token by token, with a message naming what is wrong (the
// counts are already checked).
func decodeLayout(fn, arg string, p *C.cute_layout_t) (cute.Layout, error) {
	leaves, ntokens := p.leaves, p.ntokens
	d := getDecoder(fn, arg, p.nest[:ntokens], int(leaves), p.shape[:leaves], p.stride[:leaves])
	shape, stride, err := d.decode()
	putDecoder(d)
	if err != nil {
		return cute.Layout{}, err
	}
	l, err := cute.MakeLayout(shape, stride)
	if err != nil {
		return cute.Layout{}, errf(statusOf(err), "%s: %s: %v", fn, arg, err)
	}
	return l, nil
}

// nestSlice and int64Slice view C arrays (read in place, for the duration of a call) as
// the Go types of package cute (same length and capacity): C.int8_t and C.int64_t are
// int8 and int64.
func nestSlice(s []C.int8_t) []int8 {
	return unsafe.Slice((*int8)(unsafe.Pointer(unsafe.SliceData(s))), cap(s))[:len(s)]
}

func int64Slice(s []C.int64_t) []int64 {
	return unsafe.Slice((*int64)(unsafe.Pointer(unsafe.SliceData(s))), cap(s))[:len(s)]
}

// toIntTuple converts a C int tuple to a cute.IntTuple, validating it.
func toIntTuple(fn, arg string, p *C.cute_int_tuple_t) (cute.IntTuple, error) {
	if p == nil {
		return cute.IntTuple{}, errNull(fn, arg)
	}
	leaves, ntokens := p.leaves, p.ntokens
	if err := checkCounts(fn, arg, leaves, ntokens); err != nil {
		return cute.IntTuple{}, err
	}
	d := getDecoder(fn, arg, p.nest[:ntokens], int(leaves), p.value[:leaves], nil)
	t, _, err := d.decode()
	putDecoder(d)
	return t, err
}

// nestEncoder writes one or two congruent IntTuples as leaves and tokens.
type nestEncoder struct {
	fn, what string
	nest     [maxTokens]C.int8_t
	a, b     [maxLeaves]C.int64_t
	nt, nl   int
}

func (e *nestEncoder) capacity() error {
	return errf(C.CUTEGO_CAPACITY, "%s: the %s does not fit (more than CUTE_LAYOUT_MAX_LEAVES = %d leaves or CUTE_LAYOUT_MAX_TOKENS = %d tokens)", e.fn, e.what, maxLeaves, maxTokens)
}

func (e *nestEncoder) token(t C.int8_t) error {
	if e.nt >= maxTokens {
		return e.capacity()
	}
	e.nest[e.nt] = t
	e.nt++
	return nil
}

// encode walks x (and y, congruent to x, when two is set).
func (e *nestEncoder) encode(x, y cute.IntTuple, two bool) error {
	if x.IsLeaf() {
		if x.IsBasis() || (two && y.IsBasis()) {
			return errf(C.CUTEGO_INVALID_ARGUMENT, "%s: the %s has a scaled-basis leaf, which a C struct cannot hold", e.fn, e.what)
		}
		if two && !y.IsLeaf() {
			return errf(C.CUTEGO_INTERNAL, "%s: the %s's shape and stride are not congruent", e.fn, e.what)
		}
		if e.nl >= maxLeaves {
			return e.capacity()
		}
		if err := e.token(nestLeaf); err != nil {
			return err
		}
		e.a[e.nl] = C.int64_t(x.Value())
		if two {
			e.b[e.nl] = C.int64_t(y.Value())
		}
		e.nl++
		return nil
	}
	if two && (y.IsLeaf() || y.Len() != x.Len()) {
		return errf(C.CUTEGO_INTERNAL, "%s: the %s's shape and stride are not congruent", e.fn, e.what)
	}
	if err := e.token(nestOpen); err != nil {
		return err
	}
	for i := 0; i < x.Len(); i++ {
		var yi cute.IntTuple
		if two {
			yi = y.At(i)
		}
		if err := e.encode(x.At(i), yi, two); err != nil {
			return err
		}
	}
	return e.token(nestClose)
}

// putLayout writes l into *out (all of it, unused entries zero).
func putLayout(fn string, l cute.Layout, out *C.cute_layout_t) error {
	// The fast path fills a struct in place; whatever it cannot write (a scaled basis, a
	// layout over capacity) the encoder below reports. Within capacity, the appends wrote
	// into v itself.
	var v C.cute_layout_t
	nest, shape, _, err := l.AppendNest(nestSlice(v.nest[:0]), int64Slice(v.shape[:0]), int64Slice(v.stride[:0]))
	if err == nil && len(nest) <= maxTokens && len(shape) <= maxLeaves {
		v.leaves, v.ntokens = C.int32_t(len(shape)), C.int32_t(len(nest))
		*out = v
		return nil
	}
	return encodeLayout(fn, l, out)
}

// encodeLayout is putLayout leaf by leaf, with a message naming what does not fit.
func encodeLayout(fn string, l cute.Layout, out *C.cute_layout_t) error {
	e := nestEncoder{fn: fn, what: "result layout"}
	if err := e.encode(l.Shape(), l.Stride(), true); err != nil {
		return err
	}
	*out = C.cute_layout_t{shape: e.a, stride: e.b, leaves: C.int32_t(e.nl), ntokens: C.int32_t(e.nt), nest: e.nest}
	return nil
}

// putIntTuple writes t into *out.
func putIntTuple(fn string, t cute.IntTuple, out *C.cute_int_tuple_t) error {
	e := nestEncoder{fn: fn, what: "result int tuple"}
	if err := e.encode(t, cute.IntTuple{}, false); err != nil {
		return err
	}
	*out = C.cute_int_tuple_t{value: e.a, leaves: C.int32_t(e.nl), ntokens: C.int32_t(e.nt), nest: e.nest}
	return nil
}

// maxText bounds the text the ABI reads from a C string (no layout of the ABI's capacity
// comes near it).
const maxText = 1 << 20

// goText copies a NUL-terminated C string.
func goText(fn, arg string, s *C.char) (string, error) {
	if s == nil {
		return "", errNull(fn, arg)
	}
	n := C.strnlen(s, maxText+1)
	if n > maxText {
		return "", errf(C.CUTEGO_CAPACITY, "%s: %s is longer than %d bytes", fn, arg, maxText)
	}
	return C.GoStringN(s, C.int(n)), nil
}

// putText writes s into buf with snprintf semantics (see cutego.h).
func putText(fn, s string, buf *C.char, n C.size_t, length *C.size_t) error {
	if length != nil {
		*length = C.size_t(len(s))
	}
	if n == 0 {
		return nil
	}
	if buf == nil {
		return errNull(fn, "buf (with n > 0)")
	}
	m := uint64(n)
	if m > uint64(len(s))+1 {
		m = uint64(len(s)) + 1
	}
	dst := unsafe.Slice((*byte)(unsafe.Pointer(buf)), m)
	k := copy(dst[:m-1], s)
	dst[k] = 0
	if uint64(len(s)) >= uint64(n) {
		return errf(C.CUTEGO_BUFFER_TOO_SMALL, "%s: the text needs %d bytes and a NUL, the buffer holds %d", fn, len(s), n)
	}
	return nil
}
