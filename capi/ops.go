package main

/*
#include "capi.h"
*/
import "C"

import (
	"unsafe"

	"github.com/cutego/cutego/cute"
)

// The bodies shared by the exports of the algebra: convert the arguments, call package
// cute, convert the result. Each export (ops_gen.go, written by ./bindgen from its table)
// is `defer guard(fn, &st); return xxxOp(...)`.

// Each body converts its arguments in an arena (convert.go) that it gives back after the
// result is written: the xxxOp wrappers take and release it, the xxxIn bodies use it.

// unaryOp: out = f(l).
func unaryOp(fn string, l, out *C.cute_layout_t, f func(cute.Layout) (cute.Layout, error)) C.cutego_status_t {
	a := newArena()
	st := unaryIn(a, fn, l, out, f)
	a.release()
	return st
}

func unaryIn(ar *arena, fn string, l, out *C.cute_layout_t, f func(cute.Layout) (cute.Layout, error)) C.cutego_status_t {
	x, err := toLayoutIn(ar, fn, "l", l)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	r, err := f(x)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, putLayout(fn, r, out))
}

// binaryOp: out = f(a, b), a layout; binaryQuery: *out = f(a, b), an integer.
func binaryOp(fn string, a, b, out *C.cute_layout_t, f func(a, b cute.Layout) (cute.Layout, error)) C.cutego_status_t {
	return binary(fn, a, b, out, f, putLayout)
}

func binaryQuery(fn string, a, b *C.cute_layout_t, out *C.int64_t, f func(a, b cute.Layout) (int64, error)) C.cutego_status_t {
	return binary(fn, a, b, out, f, putInt64)
}

func putInt64(_ string, v int64, out *C.int64_t) error {
	*out = C.int64_t(v)
	return nil
}

func binary[R, O any](fn string, a, b *C.cute_layout_t, out *O, f func(a, b cute.Layout) (R, error), put func(string, R, *O) error) C.cutego_status_t {
	ar := newArena()
	st := binaryIn(ar, fn, a, b, out, f, put)
	ar.release()
	return st
}

func binaryIn[R, O any](ar *arena, fn string, a, b *C.cute_layout_t, out *O, f func(a, b cute.Layout) (R, error), put func(string, R, *O) error) C.cutego_status_t {
	x, err := toLayoutIn(ar, fn, "a", a)
	if err != nil {
		return fail(fn, err)
	}
	y, err := toLayoutIn(ar, fn, "b", b)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	r, err := f(x, y)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, put(fn, r, out))
}

// tilerOp: out = f(a, t) for the three forms of a tiler argument (cutego.h): exactly one
// of b (a layout), tiles/n (a by-mode tuple) and text is used, as the export says.
type tilerArg struct {
	b     *C.cute_layout_t
	tiles *C.cute_layout_t
	n     C.int32_t
	text  *C.char
	kind  byte // 'l' layout, 'a' array, 's' text
}

func (t tilerArg) tiler(ar *arena, fn string) (cute.Tiler, error) {
	switch t.kind {
	case 'l':
		l, err := toLayoutIn(ar, fn, "b", t.b)
		if err != nil {
			return cute.Tiler{}, err
		}
		return cute.LayoutTiler(l), nil
	case 'a':
		if t.tiles == nil {
			return cute.Tiler{}, errNull(fn, "tiles")
		}
		if t.n < 1 {
			return cute.Tiler{}, errf(C.CUTEGO_INVALID_ARGUMENT, "%s: a by-mode tiler needs n >= 1 elements (n = %d)", fn, t.n)
		}
		if t.n > maxLeaves {
			return cute.Tiler{}, errf(C.CUTEGO_CAPACITY, "%s: n = %d tiler elements exceed CUTE_LAYOUT_MAX_LEAVES (%d)", fn, t.n, maxLeaves)
		}
		src := unsafe.Slice(t.tiles, int(t.n))
		var buf [maxLeaves]cute.Tiler // TupleTiler copies it: it stays on the stack
		el := buf[:len(src)]
		for i := range src {
			if src[i].ntokens == 0 && src[i].leaves == 0 {
				el[i] = cute.Underscore()
				continue
			}
			l, err := toLayoutIn(ar, fn, "tiles[i]", &src[i])
			if err != nil {
				// again, to name the argument: the name is built on this path alone
				_, err = toLayout(fn, "tiles["+itoa(i)+"]", &src[i])
				return cute.Tiler{}, err
			}
			el[i] = cute.LayoutTiler(l)
		}
		return cute.TupleTiler(el...), nil
	case 's':
		s, err := goText(fn, "text", t.text)
		if err != nil {
			return cute.Tiler{}, err
		}
		return cute.ParseTiler(s)
	}
	return cute.Tiler{}, errf(C.CUTEGO_INTERNAL, "%s: bad tiler form", fn)
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func tilerOp(fn string, a *C.cute_layout_t, t tilerArg, out *C.cute_layout_t, f func(cute.Layout, cute.Tiler) (cute.Layout, error)) C.cutego_status_t {
	ar := newArena()
	st := tilerIn(ar, fn, a, t, out, f)
	ar.release()
	return st
}

func tilerIn(ar *arena, fn string, a *C.cute_layout_t, t tilerArg, out *C.cute_layout_t, f func(cute.Layout, cute.Tiler) (cute.Layout, error)) C.cutego_status_t {
	x, err := toLayoutIn(ar, fn, "a", a)
	if err != nil {
		return fail(fn, err)
	}
	tl, err := t.tiler(ar, fn)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	r, err := f(x, tl)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, putLayout(fn, r, out))
}

// withTuple: out = f(l, t) for an int tuple argument; t may be NULL when optional.
func withTuple(fn string, l *C.cute_layout_t, targ string, t *C.cute_int_tuple_t, out *C.cute_layout_t, f func(cute.Layout, cute.IntTuple) (cute.Layout, error)) C.cutego_status_t {
	ar := newArena()
	st := withTupleIn(ar, fn, l, targ, t, out, f)
	ar.release()
	return st
}

func withTupleIn(ar *arena, fn string, l *C.cute_layout_t, targ string, t *C.cute_int_tuple_t, out *C.cute_layout_t, f func(cute.Layout, cute.IntTuple) (cute.Layout, error)) C.cutego_status_t {
	x, err := toLayoutIn(ar, fn, "l", l)
	if err != nil {
		return fail(fn, err)
	}
	it, err := toIntTupleIn(ar, fn, targ, t)
	if err != nil {
		return fail(fn, err)
	}
	if out == nil {
		return fail(fn, errNull(fn, "out"))
	}
	r, err := f(x, it)
	if err != nil {
		return fail(fn, err)
	}
	return result(fn, putLayout(fn, r, out))
}
