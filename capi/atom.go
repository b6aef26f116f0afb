package main

/*
#include "capi.h"
*/
import "C"

import (
	"fmt"
	"io"
	"unsafe"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
	"github.com/cutego/cutego/cute/render"
)

// The atoms' exports (ops_gen.go, from the atoms rows of capi/bindgen/ops.go) convert their
// arguments with the functions below, call package cute/atom through the row's function,
// and write the result with a put function. A cute_tiled_mma_t or cute_tiled_copy_t
// argument is rebuilt from its defining fields (cutego.h) by the make_ function of
// cute/atom, so it is refused exactly as make_ refuses it.

// optText is goText, "" for NULL.
func optText(fn, arg string, s *C.char) (string, error) {
	if s == nil {
		return "", nil
	}
	return goText(fn, arg, s)
}

// optLayout is toLayout, the zero Layout for NULL.
func optLayout(fn, arg string, p *C.cute_layout_t) (cute.Layout, error) {
	if p == nil {
		return cute.Layout{}, nil
	}
	return toLayout(fn, arg, p)
}

// atomName reads a NUL-terminated name out of a char[CUTE_ATOM_NAME_MAX] field.
func atomName(fn, arg string, p *C.char) (string, error) {
	n := C.strnlen(p, C.CUTE_ATOM_NAME_MAX)
	if n >= C.CUTE_ATOM_NAME_MAX {
		return "", errf(C.CUTEGO_INVALID_ARGUMENT, "%s: %s is not NUL-terminated within CUTE_ATOM_NAME_MAX (%d) bytes", fn, arg, C.CUTE_ATOM_NAME_MAX)
	}
	return C.GoStringN(p, C.int(n)), nil
}

// putName writes s with its NUL into a char[CUTE_ATOM_NAME_MAX] field (the rest zeroed).
func putName(fn, what, s string, dst *[C.CUTE_ATOM_NAME_MAX]C.char) error {
	if len(s) >= C.CUTE_ATOM_NAME_MAX {
		return errf(C.CUTEGO_CAPACITY, "%s: the %s %.40s… is longer than CUTE_ATOM_NAME_MAX - 1 (%d) bytes", fn, what, s, C.CUTE_ATOM_NAME_MAX-1)
	}
	*dst = [C.CUTE_ATOM_NAME_MAX]C.char{}
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&dst[0])), len(dst)), s)
	return nil
}

func makeMMAAtom(name string) (atom.MMAAtom, error) { return atom.MakeMMAAtom(name) }

func makeCopyAtom(op, valType string) (atom.CopyAtom, error) { return atom.MakeCopyAtom(op, valType) }

// makeTiledMMA is make_tiled_mma(MMA_Atom<name>, atomLayout, permutation as text).
func makeTiledMMA(name string, atomLayout cute.Layout, perm string) (atom.TiledMMA, error) {
	a, err := atom.MakeMMAAtom(name)
	if err != nil {
		return atom.TiledMMA{}, err
	}
	var p cute.Tiler
	if perm != "" {
		if p, err = cute.ParseTiler(perm); err != nil {
			return atom.TiledMMA{}, &cute.Error{Op: "make_tiled_mma", Kind: cute.ErrParse, Reason: a.Name + ": the permutation: " + err.Error()}
		}
	}
	return atom.MakeTiledMMA(a, atomLayout, p)
}

// toTiledMMA rebuilds the TiledMMA a cute_tiled_mma_t defines.
func toTiledMMA(fn, arg string, p *C.cute_tiled_mma_t) (atom.TiledMMA, error) {
	if p == nil {
		return atom.TiledMMA{}, errNull(fn, arg)
	}
	name, err := atomName(fn, arg+".atom.name", &p.atom.name[0])
	if err != nil {
		return atom.TiledMMA{}, err
	}
	a, err := atom.MakeMMAAtom(name)
	if err != nil {
		return atom.TiledMMA{}, err
	}
	l, err := toLayout(fn, arg+".atom_layout_mnk", &p.atom_layout_mnk)
	if err != nil {
		return atom.TiledMMA{}, err
	}
	var perm [3]cute.Tiler
	for i := range perm {
		q := &p.permutation_mnk[i]
		if q.ntokens == 0 && q.leaves == 0 {
			perm[i] = cute.Underscore()
			continue
		}
		m, err := toLayout(fn, arg+".permutation_mnk["+itoa(i)+"]", q)
		if err != nil {
			return atom.TiledMMA{}, err
		}
		perm[i] = cute.LayoutTiler(m)
	}
	return atom.MakeTiledMMA(a, l, cute.TupleTiler(perm[:]...))
}

// putMMAAtom fills *out from the atom (nothing is written on failure).
func putMMAAtom(fn string, a atom.MMAAtom, out *C.cute_mma_atom_t) error {
	var v C.cute_mma_atom_t
	if err := fillMMAAtom(fn, a, &v); err != nil {
		return err
	}
	*out = v
	return nil
}

func fillMMAAtom(fn string, a atom.MMAAtom, v *C.cute_mma_atom_t) error {
	if err := putName(fn, "atom name", a.Name, &v.name); err != nil {
		return err
	}
	if err := putIntTuple(fn, a.ShapeMNK, &v.shape_mnk); err != nil {
		return err
	}
	return putLayouts(fn, []cute.Layout{a.ThrID, a.LayoutA_TV, a.LayoutB_TV, a.LayoutC_TV},
		[]*C.cute_layout_t{&v.thr_id, &v.layoutA_TV, &v.layoutB_TV, &v.layoutC_TV})
}

func putLayouts(fn string, ls []cute.Layout, outs []*C.cute_layout_t) error {
	for i, l := range ls {
		if err := putLayout(fn, l, outs[i]); err != nil {
			return err
		}
	}
	return nil
}

// naming returns err (of an ABI check, such as a result over the structs' capacity) with
// the atom it is about named.
func naming(name string, err error) error {
	if ce, ok := err.(*capiError); ok {
		return &capiError{status: ce.status, msg: ce.msg + " (" + name + ")"}
	}
	return err
}

// putTiledMMA fills *out: the defining fields and what is derived from them.
func putTiledMMA(fn string, tm atom.TiledMMA, out *C.cute_tiled_mma_t) error {
	return naming(tm.Atom.Name, fillTiledMMA(fn, tm, out))
}

func fillTiledMMA(fn string, tm atom.TiledMMA, out *C.cute_tiled_mma_t) error {
	var v C.cute_tiled_mma_t
	if err := fillMMAAtom(fn, tm.Atom, &v.atom); err != nil {
		return err
	}
	for i, p := range tm.Permutation {
		if p.IsUnderscore() {
			continue // zero: `_`
		}
		l, _ := p.IsLayout()
		if err := putLayout(fn, l, &v.permutation_mnk[i]); err != nil {
			return err
		}
	}
	a, err := tm.LayoutA_TV()
	if err != nil {
		return err
	}
	b, err := tm.LayoutB_TV()
	if err != nil {
		return err
	}
	c, err := tm.LayoutC_TV()
	if err != nil {
		return err
	}
	if err := putLayouts(fn, []cute.Layout{tm.AtomLayoutMNK, tm.ThrLayoutVMNK, a, b, c},
		[]*C.cute_layout_t{&v.atom_layout_mnk, &v.thr_layout_vmnk, &v.layoutA_TV, &v.layoutB_TV, &v.layoutC_TV}); err != nil {
		return err
	}
	for i := range v.tile_shape_mnk {
		v.tile_shape_mnk[i] = C.int64_t(tm.TileSizeMNK(i))
	}
	v.size = C.int64_t(tm.Size())
	*out = v
	return nil
}

// partition is a thread's partition of a layout: its layout and the index of its first
// element.
type partition struct {
	layout cute.Layout
	offset cute.IntTuple
	atom   string // the atom's name, for the messages
}

func putPartition(fn string, p partition, out *C.cute_layout_t, offset *C.int64_t) error {
	return naming(p.atom, fillPartition(fn, p, out, offset))
}

func fillPartition(fn string, p partition, out *C.cute_layout_t, offset *C.int64_t) error {
	if !p.offset.IsLeaf() {
		return errf(C.CUTEGO_INTERNAL, "%s: the partition's offset %v is not an integer", fn, p.offset)
	}
	if err := putLayout(fn, p.layout, out); err != nil {
		return err
	}
	if offset != nil {
		*offset = C.int64_t(p.offset.Value())
	}
	return nil
}

// thrMMAPartition is get_slice(thr).partition_A, _B or _C (which) of a layout.
func thrMMAPartition(which byte) func(atom.TiledMMA, int64, cute.Layout) (partition, error) {
	return func(tm atom.TiledMMA, thr int64, l cute.Layout) (partition, error) {
		t, err := tm.Slice(thr)
		if err != nil {
			return partition{}, err
		}
		f := map[byte]func(cute.Layout) (cute.Layout, cute.IntTuple, error){'A': t.PartitionA, 'B': t.PartitionB, 'C': t.PartitionC}[which]
		r, off, err := f(l)
		return partition{r, off, tm.Atom.Name}, err
	}
}

// partitionShape is partition_shape_A, _B or _C (which).
func partitionShape(which byte) func(atom.TiledMMA, cute.IntTuple) (cute.IntTuple, error) {
	return func(tm atom.TiledMMA, s cute.IntTuple) (cute.IntTuple, error) {
		return map[byte]func(cute.IntTuple) (cute.IntTuple, error){'A': tm.PartitionShapeA, 'B': tm.PartitionShapeB, 'C': tm.PartitionShapeC}[which](s)
	}
}

func makeTiledCopy(op, valType string, thr, val cute.Layout) (atom.TiledCopy, error) {
	a, err := atom.MakeCopyAtom(op, valType)
	if err != nil {
		return atom.TiledCopy{}, err
	}
	return atom.MakeTiledCopy(a, thr, val)
}

func makeTiledCopyImpl(op, valType string, tv cute.Layout, tiler cute.IntTuple) (atom.TiledCopy, error) {
	a, err := atom.MakeCopyAtom(op, valType)
	if err != nil {
		return atom.TiledCopy{}, err
	}
	return atom.MakeTiledCopyImpl(a, tv, cute.ShapeTiler(tiler))
}

// makeTiledCopyFor is make_tiled_copy_A, _B or _C (which).
func makeTiledCopyFor(which byte) func(string, string, atom.TiledMMA) (atom.TiledCopy, error) {
	return func(op, valType string, tm atom.TiledMMA) (atom.TiledCopy, error) {
		a, err := atom.MakeCopyAtom(op, valType)
		if err != nil {
			return atom.TiledCopy{}, err
		}
		return map[byte]func(atom.CopyAtom, atom.TiledMMA) (atom.TiledCopy, error){
			'A': atom.MakeTiledCopyA, 'B': atom.MakeTiledCopyB, 'C': atom.MakeTiledCopyC}[which](a, tm)
	}
}

// toTiledCopy rebuilds the TiledCopy a cute_tiled_copy_t defines.
func toTiledCopy(fn, arg string, p *C.cute_tiled_copy_t) (atom.TiledCopy, error) {
	if p == nil {
		return atom.TiledCopy{}, errNull(fn, arg)
	}
	op, err := atomName(fn, arg+".atom.op", &p.atom.op[0])
	if err != nil {
		return atom.TiledCopy{}, err
	}
	vt, err := atomName(fn, arg+".atom.val_type", &p.atom.val_type[0])
	if err != nil {
		return atom.TiledCopy{}, err
	}
	tv, err := toLayout(fn, arg+".layout_tv", &p.layout_tv)
	if err != nil {
		return atom.TiledCopy{}, err
	}
	t, err := toIntTuple(fn, arg+".tiler_mn", &p.tiler_mn)
	if err != nil {
		return atom.TiledCopy{}, err
	}
	return makeTiledCopyImpl(op, vt, tv, t)
}

func putCopyAtom(fn string, a atom.CopyAtom, out *C.cute_copy_atom_t) error {
	var v C.cute_copy_atom_t
	if err := fillCopyAtom(fn, a, &v); err != nil {
		return err
	}
	*out = v
	return nil
}

func fillCopyAtom(fn string, a atom.CopyAtom, v *C.cute_copy_atom_t) error {
	if err := putName(fn, "copy operation", a.Op, &v.op); err != nil {
		return err
	}
	if err := putName(fn, "value type", a.ValType, &v.val_type); err != nil {
		return err
	}
	v.val_bits = C.int64_t(a.ValBits)
	return putLayouts(fn, []cute.Layout{a.ThrID, a.ValLayoutSrc, a.ValLayoutDst, a.ValLayoutRef},
		[]*C.cute_layout_t{&v.thr_id, &v.val_layout_src, &v.val_layout_dst, &v.val_layout_ref})
}

// putTiledCopy fills *out: the defining fields and what is derived from them.
func putTiledCopy(fn string, tc atom.TiledCopy, out *C.cute_tiled_copy_t) error {
	return naming("Copy_Atom<"+tc.Atom.Op+","+tc.Atom.ValType+">", fillTiledCopy(fn, tc, out))
}

func fillTiledCopy(fn string, tc atom.TiledCopy, out *C.cute_tiled_copy_t) error {
	var v C.cute_tiled_copy_t
	if err := fillCopyAtom(fn, tc.Atom, &v.atom); err != nil {
		return err
	}
	tile, err := tc.TileShape()
	if err != nil {
		return err
	}
	if err := putIntTuple(fn, tile, &v.tiler_mn); err != nil {
		return err
	}
	s, err := tc.LayoutS_TV()
	if err != nil {
		return err
	}
	d, err := tc.LayoutD_TV()
	if err != nil {
		return err
	}
	if err := putLayouts(fn, []cute.Layout{tc.LayoutTV, s, d}, []*C.cute_layout_t{&v.layout_tv, &v.layoutS_TV, &v.layoutD_TV}); err != nil {
		return err
	}
	v.size = C.int64_t(tc.Size())
	*out = v
	return nil
}

// thrCopyPartition is get_slice(thr).partition_S (dst false) or partition_D of a layout.
func thrCopyPartition(dst bool) func(atom.TiledCopy, int64, cute.Layout) (partition, error) {
	return func(tc atom.TiledCopy, thr int64, l cute.Layout) (partition, error) {
		t, err := tc.Slice(thr)
		if err != nil {
			return partition{}, err
		}
		f := t.PartitionS
		if dst {
			f = t.PartitionD
		}
		r, off, err := f(l)
		return partition{r, off, "Copy_Atom<" + tc.Atom.Op + "," + tc.Atom.ValType + ">"}, err
	}
}

func tiledCopyRetile(tc atom.TiledCopy, l cute.Layout) (cute.Layout, error) { return tc.Retile(l) }

func latexTiledMMA(w io.Writer, tm atom.TiledMMA) error   { return render.LatexTiledMMA(w, tm) }
func latexTiledCopy(w io.Writer, tc atom.TiledCopy) error { return render.LatexTiledCopy(w, tc) }

// svgTiledMMA and svgTiledCopy draw package render's TiledPicture (every cell computed
// before the first byte is written) as SVG.
func svgTiledMMA(w io.Writer, tm atom.TiledMMA) error {
	return svgTiledMMAOptions(w, tm, 0, -1)
}

func svgTiledCopy(w io.Writer, tc atom.TiledCopy) error {
	return svgTiledCopyOptions(w, tc, 0, -1, 0)
}

// svgTiledMMAOptions and svgTiledCopyOptions are the pictures with `cutego render`'s
// --readers (readers 1), --thread t (thread t; -1 frames none) and, of a TiledCopy,
// --tiler (tiler 1). Any other value of a flag is refused.
func svgTiledMMAOptions(w io.Writer, tm atom.TiledMMA, readers, thread int64) error {
	const fn = "cute_print_svg_tiled_mma_options"
	o, err := tiledOptions(fn, readers, thread, 0)
	if err != nil {
		return err
	}
	p, err := render.NewTiledMMAPicture(tm, o)
	if err != nil {
		return err
	}
	return p.WriteSVG(w)
}

func svgTiledCopyOptions(w io.Writer, tc atom.TiledCopy, readers, thread, tiler int64) error {
	const fn = "cute_print_svg_tiled_copy_options"
	o, err := tiledOptions(fn, readers, thread, tiler)
	if err != nil {
		return err
	}
	p, err := render.NewTiledCopyPicture(tc, o)
	if err != nil {
		return err
	}
	return p.WriteSVG(w)
}

// tiledOptions is render.TiledOptions of the C arguments: readers and tiler 0 or 1, thread
// -1 (none framed) or a thread index (render refuses one outside the threads).
func tiledOptions(fn string, readers, thread, tiler int64) (render.TiledOptions, error) {
	for _, f := range []struct {
		name string
		v    int64
	}{{"readers", readers}, {"tiler", tiler}} {
		if f.v != 0 && f.v != 1 {
			return render.TiledOptions{}, &cute.Error{Op: fn, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("%s is %d, not 0 or 1", f.name, f.v)}
		}
	}
	if thread < -1 {
		return render.TiledOptions{}, &cute.Error{Op: fn, Kind: cute.ErrInvalid, Reason: fmt.Sprintf("thread %d: -1 (no thread framed) or a thread index", thread)}
	}
	return render.TiledOptions{Readers: readers == 1, Thread: thread, HighlightThread: thread >= 0, Tiler: tiler == 1}, nil
}
