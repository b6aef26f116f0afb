// Package cpu evaluates einsum contractions on the CPU, choosing among three paths by a
// cost model (Path says which was taken):
//
//   - BLAS in place: where the folded layouts of package einsum give each operand, for one
//     mode of each of m̂, n̂ and k̂, a unit stride and a leading dimension that BLAS accepts,
//     the GEMM on those modes runs in BLAS (float32: sgemm, float64: dgemm) on the operands'
//     own data, and the remaining modes of every class loop around it. Within
//     each class, indices whose strides chain in every operand that holds them are merged
//     first (a joint coalesce), so "abc,bcd->ad" with compact operands is one GEMM of
//     (a)×(bc)×(d). Modes given to BLAS need positive strides; indices whose modes do not
//     coalesce to one stride leave this path.
//   - BLAS on packed copies: A and B are copied (strided loop nests over their folded
//     views) into compact layouts of the folded shapes, one GEMM per batch runs on them and
//     the result is added into C. This takes any layouts (negative strides, hierarchical
//     modes, unit strides on different indices) at the price of the copies; an operand
//     already compact as its copy would be (C's row and column indices are laid out in C's
//     order) is used in place, and an operand broadcast over far more coordinates than it
//     has elements is not copied.
//   - the paper's reference loops (cute.Gemm on the folded views): small contractions, and
//     element types other than float32 and float64.
//
// Where a contraction makes several BLAS calls, they run on up to GOMAXPROCS goroutines, each
// a range of the looped modes, with the BLAS's own threads held at 1 meanwhile (OpenBLAS's
// openblas_set_num_threads; a library without it is left as it is); one call is left to the
// BLAS's own threads. The calls that add into one C block stay on one goroutine in order, so
// the result is the same bit for bit on any number of goroutines; Path.Workers says how many
// ran (workers is the rule).
//
// BLAS is a CBLAS opened at run time where one is installed (OpenBLAS, BLIS, MKL, ...; the
// CUTEGO_BLAS environment variable names another library, or "gonum"), else gonum's pure-Go
// BLAS; BLAS() and Path.Library say which. The result is the same on every path, up to the
// order of floating-point additions.
package cpu

import (
	"fmt"
	"math"
	"sort"
	"sync"
	"weak"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/einsum"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"
)

// minBLASWork is the least M·N·K of one BLAS call for the BLAS path to be taken: below it the
// call's overhead outweighs the reference loops (tests lower it to exercise the BLAS path
// on small contractions).
var minBLASWork int64 = 512

// Path says how a contraction runs.
type Path struct {
	BLAS       bool   // BLAS (Library says which); false: the reference loops of cute.Gemm
	Library    string // the BLAS: BLAS()'s "cblas: FILE (CONFIG)" or "gonum: WHY"
	M, N, K    int64  // extents of one BLAS call
	Calls      int64  // BLAS calls (the product of the extents of the looped modes)
	Transposed bool   // C is column-major: BLAS computes Cᵀ = B·Aᵀ
	Packed     bool   // the operands are first copied into compact folded layouts
	Copies     string // Packed: the operands copied ("ABC"; one left out is used in place)
	Reason     string // why the reference loops run
	// Workers is the goroutines the BLAS calls run on (workers' rule: up to GOMAXPROCS where
	// there are several calls, each goroutine a range of the looped modes); 1: the calls in
	// order, the BLAS threading each itself.
	Workers int
	// BLASThreads says, where Workers > 1, how the BLAS's own threads are kept from
	// oversubscribing the goroutines.
	BLASThreads string
}

func (p Path) String() string {
	if !p.BLAS {
		return "reference: " + p.Reason
	}
	s := fmt.Sprintf("blas: %d call(s) of gemm %d×%d×%d", p.Calls, p.M, p.N, p.K)
	if p.Packed {
		s += " on packed copies of " + p.Copies
	}
	return s // not Workers: it follows GOMAXPROCS
}

// Contract computes C = A·B for the contraction spec (C is overwritten), on the BLAS path
// when T is float32 or float64 and the layouts allow, else through einsum.Contract. It
// returns the path taken. C must not overlap A or B.
func Contract[T cute.Number](spec string, a, b, c cute.Tensor[T]) (Path, error) {
	switch x := any(a).(type) {
	case cute.Tensor[float32]:
		return contractBLAS(spec, x, any(b).(cute.Tensor[float32]), any(c).(cute.Tensor[float32]), sgemm)
	case cute.Tensor[float64]:
		return contractBLAS(spec, x, any(b).(cute.Tensor[float64]), any(c).(cute.Tensor[float64]), dgemm)
	}
	if err := einsum.Contract(spec, a, b, c); err != nil {
		return Path{}, err
	}
	return Path{Reason: fmt.Sprintf("element type %T has no BLAS", *new(T))}, nil
}

type gemmFunc[T float32 | float64] func(tA, tB blas.Transpose, m, n, k int, a []T, lda int, b []T, ldb int, c []T, ldc int)

// noCBLAS turns the CBLAS off: gonum runs every call (tests only).
var noCBLAS bool

func useCBLAS() bool { return !noCBLAS && haveCBLAS() }

// BLAS says which BLAS runs the GEMMs of the BLAS paths: "cblas: FILE (CONFIG)" for a CBLAS
// opened at run time (the first of OpenBLAS, BLIS, MKL, libcblas and libblas.so.3 found, or
// the library CUTEGO_BLAS names; CUTEGO_BLAS=gonum for none), or "gonum: WHY" for gonum's
// pure-Go BLAS.
func BLAS() string {
	lib, why := cblasLibrary()
	switch {
	case noCBLAS:
		return "gonum: the CBLAS is turned off"
	case lib != "":
		return "cblas: " + lib
	}
	return "gonum: " + why
}

// cblasArgs reports whether a row-major gemm of these arguments reads and writes only within
// the slices and fits CBLAS's 32-bit integers (the checks gonum makes; where they fail gonum
// runs the call and reports it).
func cblasArgs(tA, tB blas.Transpose, m, n, k, lenA, lda, lenB, ldb, lenC, ldc int) bool {
	const maxI = 1<<31 - 1
	if m <= 0 || n <= 0 || k <= 0 || m > maxI || n > maxI || k > maxI || lda > maxI || ldb > maxI || ldc > maxI {
		return false
	}
	fits := func(t blas.Transpose, rows, cols, l, ld int) bool {
		if t != blas.NoTrans {
			rows, cols = cols, rows
		}
		if ld < cols {
			return false
		}
		hi, ok := mulAdd(rows-1, ld, cols)
		return ok && l >= hi
	}
	return fits(tA, m, k, lenA, lda) && fits(tB, k, n, lenB, ldb) && fits(blas.NoTrans, m, n, lenC, ldc)
}

// mulAdd is a*b+c for non-negative a, b, c, and whether it did not overflow.
func mulAdd(a, b, c int) (int, bool) {
	if a != 0 && b > (int(^uint(0)>>1)-c)/a {
		return 0, false
	}
	return a*b + c, true
}

// sgemm and dgemm are C = op(A)·op(B) + C in the CBLAS when one is open (and the arguments
// stay inside the slices), else in gonum.
func sgemm(tA, tB blas.Transpose, m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) {
	if useCBLAS() && cblasSgemm(tA, tB, m, n, k, a, lda, b, ldb, c, ldc) {
		return
	}
	gonum.Implementation{}.Sgemm(tA, tB, m, n, k, 1, a, lda, b, ldb, 1, c, ldc)
}

func dgemm(tA, tB blas.Transpose, m, n, k int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) {
	if useCBLAS() && cblasDgemm(tA, tB, m, n, k, a, lda, b, ldb, c, ldc) {
		return
	}
	gonum.Implementation{}.Dgemm(tA, tB, m, n, k, 1, a, lda, b, ldb, 1, c, ldc)
}

func contractBLAS[T float32 | float64](spec string, a, b, c cute.Tensor[T], gemm gemmFunc[T]) (Path, error) {
	fa, fb, fc, plan, err := einsum.FoldTensors(spec, a, b, c)
	if err != nil {
		return Path{}, err
	}
	bp, path := choose(plan)
	w := setWorkers(bp, &path)
	switch {
	case !path.BLAS:
		return path, einsum.Contract(spec, a, b, c)
	case !path.Packed:
		if err := walk(fc, nil, fc.Layout(), zero); err != nil { // C = 0 (cute.Fill's loop nest)
			return Path{}, err
		}
		return path, runBLAS(bp, w, a.Data(), b.Data(), c.Data(), a.Offset(), b.Offset(), c.Offset(), gemm)
	}
	// packed: A, B into compact copies, C computed compact then added into the zeroed C
	// (in order, so a C with repeated elements sums, as the loops do); an operand already
	// laid out as its copy would be is used in place
	q, copied := bp.packed, bp.copied // the layouts choose planned the BLAS calls for
	fs := [3]cute.Tensor[T]{fa, fb, fc}
	ls := [3]cute.Layout{q.A, q.B, q.C}
	n := 0
	for o, f := range fs {
		if copied[o] {
			n += int(f.Size())
		}
	}
	buf := getScratch[T](n)
	defer putScratch(buf)
	free := *buf
	var data [3][]T
	var off [3]int64
	for o, f := range fs {
		if !copied[o] {
			data[o], off[o] = f.Data(), f.Offset()
			continue
		}
		k := int(f.Size())
		pt, err := pack(f, free[:k:k], ls[o], o < 2)
		if err != nil {
			return Path{}, err
		}
		free = free[k:]
		data[o] = pt.Data()
	}
	if !copied[2] { // C compact: the GEMM adds into it in place
		clear(data[2][off[2] : off[2]+fc.Size()])
	}
	if err := runBLAS(bp, w, data[0], data[1], data[2], off[0], off[1], off[2], gemm); err != nil {
		return Path{}, err
	}
	if !copied[2] {
		return path, nil
	}
	if err := walk(fc, nil, q.C, zero); err != nil {
		return Path{}, err
	}
	return path, walk(fc, data[2], q.C, scatter)
}

// pack is a compact copy of a folded operand in the layout l (packedLayout's) on buf (of
// the operand's size); a zeroed one when fill is false.
func pack[T float32 | float64](t cute.Tensor[T], buf []T, l cute.Layout, fill bool) (cute.Tensor[T], error) {
	if !fill {
		clear(buf)
	}
	p, err := cute.MakeTensor(buf, l)
	if err != nil || !fill {
		return p, err
	}
	return p, walk(t, p.Data(), l, gather)
}

// scratch32 and scratch64 keep the packed copies' buffers from one contraction to the next:
// allocating the operands' size afresh on every call costs more than the copies themselves
// (the memory cleared, and the garbage collector's work it brings on). A buffer is one slab
// for A, B and C, taken by getScratch and given back by putScratch when the call ends. The
// lists hold weak pointers (the garbage collector frees a buffer no call holds, as it
// empties a sync.Pool), and they are one list for all goroutines: a sync.Pool keeps the
// buffer last put on a P where only that P finds it, and a contraction whose BLAS calls ran
// on several goroutines resumes on another P than it started on.
var (
	scratch32 scratchList[float32]
	scratch64 scratchList[float64]
)

type scratchList[T float32 | float64] struct {
	sync.Mutex
	free []weak.Pointer[[]T]
}

// maxScratch is the most buffers a list keeps (contractions running at once).
const maxScratch = 16

func scratchPool[T float32 | float64]() *scratchList[T] {
	if p, ok := any(&scratch32).(*scratchList[T]); ok {
		return p
	}
	return any(&scratch64).(*scratchList[T])
}

// getScratch is a buffer of n elements (their values unspecified).
func getScratch[T float32 | float64](n int) *[]T {
	l := scratchPool[T]()
	l.Lock()
	for i := len(l.free) - 1; i >= 0; i-- {
		b := l.free[i].Value()
		if b != nil && cap(*b) < n {
			continue
		}
		l.free = append(l.free[:i], l.free[i+1:]...) // taken, or freed by the collector
		if b != nil {
			l.Unlock()
			*b = (*b)[:n]
			return b
		}
	}
	l.Unlock()
	b := make([]T, n)
	return &b
}

func putScratch[T float32 | float64](b *[]T) {
	l := scratchPool[T]()
	l.Lock()
	if len(l.free) == maxScratch {
		l.free = append(l.free[:0], l.free[1:]...)
	}
	l.free = append(l.free, weak.Make(b))
	l.Unlock()
}

// packedLayout is the compact layout of a folded operand (multi-modes m̂, k̂, l̂ for A) that
// its copy takes: the multi-modes column-major (the first fastest), or, with a CBLAS (which
// takes either storage order at one speed; gonum's Aᵀ·Bᵀ is slow), the second first when it
// holds the operand's smallest stride, so that the copy reads the operand in order. Within a
// multi-mode the indices go in the order of letters[i] (their positions in the multi-mode,
// fastest first), which the operands that share the class share, so that the copies agree.
func packedLayout(l cute.Layout, letters [3][]int) (cute.Layout, error) {
	modes := []int{0, 1, 2}
	if useCBLAS() {
		best, mode := int64(-1), 0
		for i := 0; i < 3; i++ {
			m, err := l.Mode(i)
			if err != nil {
				return cute.Layout{}, err
			}
			_, sh, st, err := m.AppendNest(nil, nil, nil)
			if err != nil {
				return cute.Layout{}, err
			}
			for j := range sh {
				if a := abs(st[j]); sh[j] > 1 && a != 0 && (best < 0 || a < best) {
					best, mode = a, i
				}
			}
		}
		if mode == 1 {
			modes = []int{1, 0, 2}
		}
	}
	// the pieces (an index of a multi-mode, or a multi-mode without indices) in the order
	// of the copy, laid out compact, then put back in their places
	var shapes []cute.IntTuple
	var at [][2]int
	for _, i := range modes {
		m, err := l.Mode(i)
		if err != nil {
			return cute.Layout{}, err
		}
		if len(letters[i]) < 2 {
			shapes, at = append(shapes, m.Shape()), append(at, [2]int{i, 0})
			continue
		}
		for _, j := range letters[i] {
			sub, err := m.Mode(j)
			if err != nil {
				return cute.Layout{}, err
			}
			shapes, at = append(shapes, sub.Shape()), append(at, [2]int{i, j})
		}
	}
	c, err := cute.MakeLayoutLeft(cute.Tuple(shapes...))
	if err != nil {
		return cute.Layout{}, err
	}
	var pieces [3][]cute.Layout
	for i := range pieces {
		pieces[i] = make([]cute.Layout, max(1, len(letters[i])))
	}
	for q, x := range at {
		if pieces[x[0]][x[1]], err = c.Mode(q); err != nil {
			return cute.Layout{}, err
		}
	}
	var mm [3]cute.Layout
	for i, ps := range pieces {
		if len(ps) == 1 {
			mm[i] = ps[0]
		} else if mm[i], err = cute.MakeLayoutModes(ps...); err != nil {
			return cute.Layout{}, err
		}
	}
	return cute.MakeLayoutModes(mm[:]...)
}

// The three walks over a strided tensor against a buffer of the same shape, element i of
// the tensor with element i of the buffer (colexicographic order).
const (
	gather  = iota // buf(i) = t(i)
	zero           // t(i) = 0
	scatter        // t(i) += buf(i) (a t with repeated elements sums)
)

// walk runs one of the walks over t and a buffer of layout bl (t's shape; ignored by zero):
// a loop nest over the leaf modes, adjacent ones merged where they chain in both. The leaf
// with the buffer's unit stride is the inner loop; where t's unit stride is on another leaf,
// the two are walked in 16×16 tiles, so that both sides stay in cache (a transposing copy).
// It does what cute.Copy, cute.Fill and cute.Axpby do through the layouts, at the speed of
// a loop nest.
func walk[T float32 | float64](t cute.Tensor[T], buf []T, bl cute.Layout, kind int) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &cute.Error{Op: "einsum", Kind: cute.ErrInternal, Reason: fmt.Sprint("strided walk: ", r)}
		}
	}()
	_, sh, st, err := t.Layout().AppendNest(nil, nil, nil)
	if err != nil {
		return err
	}
	_, bsh, bst, err := bl.AppendNest(nil, nil, nil)
	if err != nil {
		return err
	}
	if len(bsh) != len(sh) {
		return &cute.Error{Op: "einsum", Kind: cute.ErrInternal, Reason: fmt.Sprintf("strided walk: %v and %v", t.Layout(), bl)}
	}
	// merge: drop extents of 1, join a leaf into the one before where both strides chain
	var shape, stride, dst []int64
	for j := range sh {
		if sh[j] != bsh[j] {
			return &cute.Error{Op: "einsum", Kind: cute.ErrInternal, Reason: fmt.Sprintf("strided walk: %v and %v", t.Layout(), bl)}
		}
		if sh[j] == 1 {
			continue
		}
		if k := len(shape) - 1; k >= 0 && st[j] == shape[k]*stride[k] && bst[j] == shape[k]*dst[k] {
			shape[k] *= sh[j]
			continue
		}
		shape, stride, dst = append(shape, sh[j]), append(stride, st[j]), append(dst, bst[j])
	}
	if len(shape) == 0 {
		shape, stride, dst = []int64{1}, []int64{0}, []int64{0}
	}
	a, u := 0, -1 // the inner loop (the buffer's unit stride) and the tile's other leaf (t's)
	for j := range shape {
		if abs(dst[j]) == 1 {
			a = j
		}
	}
	for j := range shape {
		if abs(stride[j]) == 1 && j != a && abs(stride[a]) != 1 {
			u = j
		}
	}
	const tile = 16
	data := t.Data()
	var rest []int // the leaves of the outer loops, the innermost first
	for j := range shape {
		if j != a && j != u {
			rest = append(rest, j)
		}
	}
	// t's smallest strides innermost: the tiles (or rows) follow t through memory, the
	// buffer's side being compact blocks whatever the order
	sort.SliceStable(rest, func(x, y int) bool { return abs(stride[rest[x]]) < abs(stride[rest[y]]) })
	tx, ty := int64(tile), int64(tile)
	if u < 0 {
		// no transposing pair: rows of the whole inner leaf, the next leaf in t's order
		// walked whole around them (the outer loops step once per plane, not per row)
		tx, ty = 1<<62, 1<<62
		if len(rest) > 0 {
			u, rest = rest[0], rest[1:]
		}
	}
	nu, su, du := int64(1), int64(0), int64(0)
	if u >= 0 {
		nu, su, du = shape[u], stride[u], dst[u]
	}
	na, sa, da := shape[a], stride[a], dst[a]
	cnt := make([]int64, len(shape))
	bs, bd := t.Offset(), int64(0)
	for {
		for x0 := int64(0); x0 < nu; x0 += tx {
			x1 := min(x0+tx, nu)
			for y0 := int64(0); y0 < na; y0 += ty {
				y1 := min(y0+ty, na)
				for x := x0; x < x1; x++ {
					p, i := bs+x*su+y0*sa, bd+x*du+y0*da
					if da == 1 {
						row(kind, data, buf, p, sa, i, y1-y0)
						continue
					}
					switch kind {
					case gather:
						for y := y0; y < y1; y, p, i = y+1, p+sa, i+da {
							buf[i] = data[p]
						}
					case zero:
						for y := y0; y < y1; y, p = y+1, p+sa {
							data[p] = 0
						}
					default:
						for y := y0; y < y1; y, p, i = y+1, p+sa, i+da {
							data[p] += buf[i]
						}
					}
				}
			}
		}
		k := 0
		for ; k < len(rest); k++ {
			j := rest[k]
			cnt[j]++
			bs, bd = bs+stride[j], bd+dst[j]
			if cnt[j] < shape[j] {
				break
			}
			bs, bd = bs-shape[j]*stride[j], bd-shape[j]*dst[j]
			cnt[j] = 0
		}
		if k == len(rest) {
			return nil
		}
	}
}

// row is the innermost loop of a walk where the buffer's elements are adjacent: n
// elements of data from p by sa against buf[i:i+n] (buf is not read by zero).
func row[T float32 | float64](kind int, data, buf []T, p, sa, i, n int64) {
	if kind == zero {
		if sa == 1 {
			clear(data[p : p+n])
			return
		}
		for k := int64(0); k < n; k, p = k+1, p+sa {
			data[p] = 0
		}
		return
	}
	b := buf[i : i+n]
	switch {
	case kind == gather && sa == 1:
		copy(b, data[p:p+n])
	case kind == gather:
		for k := range b {
			b[k] = data[p]
			p += sa
		}
	case sa == 1:
		d := data[p : p+n]
		for k, v := range b {
			d[k] += v
		}
	default:
		for _, v := range b {
			data[p] += v
			p += sa
		}
	}
}

// copiedNames names the operands copied, "ABC" for all three.
func copiedNames(copied [3]bool) string {
	var s []byte
	for o, c := range copied {
		if c {
			s = append(s, "ABC"[o])
		}
	}
	return string(s)
}

// packable: packed copies take memory of the order of the operands' own (an operand
// broadcast over many more coordinates than it has elements is not copied out).
func packable(p einsum.Plan) bool {
	for _, l := range []cute.Layout{p.A, p.B, p.C} {
		co, err := l.Cosize()
		if err != nil || l.Size() > 2*co+4096 {
			return false
		}
	}
	return true
}

// packedPlan is the plan of the same contraction over compact copies (packedLayout), and
// which of A, B and C take a copy: an operand already laid out as its copy would be is
// used as it is. The indices of m̂ and n̂ go in the order of their strides in C (C's copy
// costs three passes: zeroed, written, added back), those of k̂ and l̂ as they come.
func packedPlan(p einsum.Plan) (einsum.Plan, [3]bool, error) {
	var letters [3][3][]int // operand, multi-mode: the order of its indices
	for _, c := range []struct {
		n        int // the class's indices
		inC      int // its multi-mode in C
		op, mode int // the other operand holding it (A or B) and its multi-mode there
	}{{len(p.Classes.M), 0, 0, 0}, {len(p.Classes.N), 1, 1, 0}} {
		if c.n < 2 {
			continue
		}
		order, err := strideOrder(p.C, c.inC, c.n)
		if err != nil {
			return einsum.Plan{}, [3]bool{}, err
		}
		letters[2][c.inC], letters[c.op][c.mode] = order, order
	}
	q := p
	var copied [3]bool
	for o, x := range []*cute.Layout{&q.A, &q.B, &q.C} {
		orig := *x
		var err error
		if *x, err = packedLayout(orig, letters[o]); err != nil {
			return einsum.Plan{}, [3]bool{}, err
		}
		copied[o] = !sameLeaves(orig, *x)
	}
	return q, copied, nil
}

// strideOrder is the order of the n indices of multi-mode i of l by increasing stride (the
// smallest of an index's leaves of extent above 1).
func strideOrder(l cute.Layout, i, n int) ([]int, error) {
	m, err := l.Mode(i)
	if err != nil {
		return nil, err
	}
	order, key := make([]int, n), make([]int64, n)
	for j := range order {
		order[j] = j
		sub, err := m.Mode(j)
		if err != nil {
			return nil, err
		}
		_, sh, st, err := sub.AppendNest(nil, nil, nil)
		if err != nil {
			return nil, err
		}
		key[j] = -1
		for k := range sh {
			if a := abs(st[k]); sh[k] > 1 && (key[j] < 0 || a < key[j]) {
				key[j] = a
			}
		}
	}
	sort.SliceStable(order, func(x, y int) bool { return key[order[x]] < key[order[y]] })
	return order, nil
}

// sameLeaves reports whether x and y (of one shape) have the same stride on every leaf of
// extent above 1: the same elements in the same places.
func sameLeaves(x, y cute.Layout) bool {
	_, xs, xd, err := x.AppendNest(nil, nil, nil)
	if err != nil {
		return false
	}
	_, ys, yd, err := y.AppendNest(nil, nil, nil)
	if err != nil || len(xs) != len(ys) {
		return false
	}
	for i := range xs {
		if xs[i] != ys[i] || xs[i] > 1 && xd[i] != yd[i] {
			return false
		}
	}
	return true
}

// plans remembers choose's answers by the folded layouts and classes (and the settings
// tests change), so that a contraction repeated on operands of the same layouts is planned
// once; at most maxPlans are kept (then the memory starts afresh). A blasPlan is only read
// after it is made.
var plans struct {
	sync.Mutex
	m map[string]planned
}

type planned struct {
	bp   blasPlan
	path Path
}

const maxPlans = 256

// choose is choosePlan's answer for p, remembered in plans.
func choose(p einsum.Plan) (blasPlan, Path) {
	key := fmt.Sprint(p.A, " ", p.B, " ", p.C, " ", p.Classes, useCBLAS(), force, minBLASWork)
	plans.Lock()
	r, ok := plans.m[key]
	plans.Unlock()
	if ok {
		return r.bp, r.path
	}
	bp, path := choosePlan(p)
	plans.Lock()
	if plans.m == nil || len(plans.m) >= maxPlans {
		plans.m = map[string]planned{}
	}
	plans.m[key] = planned{bp, path}
	plans.Unlock()
	return bp, path
}

// choosePlan compares, in multiply-add equivalents, the reference loops (a few per
// multiply-add), BLAS on the operands as they are, and BLAS on packed copies (the copies
// cost a few per element). BLAS's speed per call grows with each of its extents.
func choosePlan(p einsum.Plan) (blasPlan, Path) {
	m, n, k, l := p.Sizes()
	total := float64(m) * float64(n) * float64(k) * float64(l)
	costRef := refCost * total
	bp, path := planBLAS(p)
	costZero := math.Inf(1)
	if path.BLAS {
		costZero = total/efficiency(path.M, path.N, path.K) + callCost*float64(path.Calls)
		if bp.tX == blas.Trans && bp.tY == blas.Trans && !useCBLAS() {
			costZero *= transTransCost
		}
	}
	var pbp blasPlan
	var ppath Path
	costPack := math.Inf(1)
	if packable(p) {
		if q, copied, err := packedPlan(p); err == nil {
			if pbp, ppath = planBLAS(q); ppath.BLAS {
				pbp.packed, pbp.copied = q, copied
				elems := float64(p.C.Size()) // C set to zero
				for o, l := range []cute.Layout{p.A, p.B, p.C} {
					if copied[o] {
						elems += float64(l.Size()) * []float64{1, 1, 2}[o] // C: the copy zeroed and added back
					}
				}
				ppath.Copies = copiedNames(copied)
				costPack = total/efficiency(ppath.M, ppath.N, ppath.K) + callCost*float64(ppath.Calls) + copyCost*elems
			}
		}
	}
	switch force {
	case forceZero:
		costRef, costPack = math.Inf(1), math.Inf(1)
	case forcePacked:
		costRef, costZero = math.Inf(1), math.Inf(1)
	}
	switch {
	case math.IsInf(costRef, 1) && math.IsInf(costZero, 1) && math.IsInf(costPack, 1):
		return blasPlan{}, Path{Reason: "forced path unavailable: " + path.Reason}
	case costRef <= costZero && costRef <= costPack:
		if path.Reason == "" {
			path.Reason = fmt.Sprintf("the reference loops are estimated faster than BLAS calls of %d×%d×%d", max(path.M, ppath.M), max(path.N, ppath.N), max(path.K, ppath.K))
		}
		return blasPlan{}, Path{Reason: path.Reason}
	case costZero <= costPack:
		path.Library = BLAS()
		return bp, path
	}
	ppath.Packed = true
	ppath.Library = BLAS()
	return pbp, ppath
}

// force overrides the cost model (tests only).
var force int

const (
	forceNone = iota
	forceZero
	forcePacked
)

// The cost model of choose, in multiply-adds of a large BLAS call.
const (
	refCost  = 6   // one multiply-add of the reference loops
	callCost = 300 // one BLAS call's overhead
	copyCost = 4   // one element of a strided copy
	// gonum's gemm with both operands transposed runs about 8 times slower than the other
	// three forms (measured at 256³); packed copies are laid out for Aᵀ·B
	transTransCost = 8
)

// efficiency is BLAS's speed on an m×n×k call relative to a large one.
func efficiency(m, n, k int64) float64 {
	f := func(x int64) float64 { return float64(x) / (float64(x) + 8) }
	return f(m) * f(n) * f(k)
}

// Explain says which path Contract takes for float32/float64 operands of these layouts.
func Explain(spec string, a, b, c cute.Layout) (Path, error) {
	p, err := einsum.Fold(spec, a, b, c)
	if err != nil {
		return Path{}, err
	}
	bp, path := choose(p)
	setWorkers(bp, &path)
	return path, nil
}

// setWorkers sets the path's Workers (on the BLAS paths; GOMAXPROCS now) and returns them.
func setWorkers(bp blasPlan, path *Path) int {
	if !path.BLAS {
		return 1
	}
	path.Workers = workers(bp)
	if path.Workers > 1 {
		path.BLASThreads = serialBLAS()
	}
	return path.Workers
}

// jmode is one (jointly coalesced) mode of a class: its extent and its stride in A, B
// and C (0 in an operand that does not hold it).
type jmode struct {
	n       int64
	a, b, c int64
}

// blasPlan is one GEMM shape and the loops around it.
type blasPlan struct {
	swap             bool // C column-major: X = B, Y = A
	loops            []jmode
	tX, tY           blas.Transpose
	ldX, ldY, ldC    int64
	P, Q             int64 // C block rows and columns as BLAS sees them
	calls            int64
	mExt, nExt, kExt int64
	packed           einsum.Plan // on packed copies: their layouts (packedPlan's)
	copied           [3]bool     // and which of A, B, C are copied
	inner            int64       // the calls of a group (adding into one C block): groupCalls'
	groups           int64       // calls / inner
	disjoint         bool        // the groups' C blocks are disjoint
}

// classModes reads the modes of one class (the letters of multi-mode i of the folded
// layouts) with their strides in each operand.
func classModes(p einsum.Plan, letters string, inA, inB, inC int) ([]jmode, string) {
	var out []jmode
	for j := 0; j < len(letters); j++ {
		var md jmode
		md.n = -1
		for o, x := range []struct {
			l   cute.Layout
			pos int
			d   *int64
		}{{p.A, inA, &md.a}, {p.B, inB, &md.b}, {p.C, inC, &md.c}} {
			if x.pos < 0 {
				continue
			}
			mm, _ := x.l.Mode(x.pos)
			sub := mm
			if len(letters) > 1 {
				sub, _ = mm.Mode(j)
			}
			c, err := cute.Coalesce(sub)
			if err != nil || !c.Shape().IsLeaf() {
				return nil, fmt.Sprintf("index %c is hierarchical in operand %c (%v)", letters[j], "ABC"[o], sub)
			}
			md.n = c.Shape().Value()
			*x.d = c.Stride().Value()
		}
		if md.n > 1 {
			out = append(out, md)
		}
	}
	return out, ""
}

// jointCoalesce merges modes x, y of a class when y continues x in every operand.
func jointCoalesce(ms []jmode) []jmode {
	for merged := true; merged; {
		merged = false
		for i := 0; i < len(ms) && !merged; i++ {
			for j := 0; j < len(ms) && !merged; j++ {
				x, y := ms[i], ms[j]
				if i == j || y.a != x.n*x.a || y.b != x.n*x.b || y.c != x.n*x.c {
					continue
				}
				ms[i] = jmode{n: x.n * y.n, a: x.a, b: x.b, c: x.c}
				ms = append(ms[:j], ms[j+1:]...)
				merged = true
			}
		}
	}
	return ms
}

// matrixView says how the R×Q matrix with strides (sr, sq) is stored for BLAS: row-major
// (sq is 1) with leading dimension ld, or column-major (sr is 1) with ld.
func matrixView(R, sr, Q, sq int64) (colMajor bool, ld int64, ok bool) {
	if (Q == 1 || sq == 1) && (R == 1 || sr >= max(1, Q)) {
		ld = sr
		if R == 1 {
			ld = max(1, Q)
		}
		return false, ld, true
	}
	if (R == 1 || sr == 1) && (Q == 1 || sq >= max(1, R)) {
		ld = sq
		if Q == 1 {
			ld = max(1, R)
		}
		return true, ld, true
	}
	return false, 0, false
}

func planBLAS(p einsum.Plan) (blasPlan, Path) {
	var reason string
	var M, N, K, L []jmode
	if M, reason = classModes(p, p.Classes.M, 0, -1, 0); reason != "" {
		return blasPlan{}, Path{Reason: reason}
	}
	if N, reason = classModes(p, p.Classes.N, -1, 0, 1); reason != "" {
		return blasPlan{}, Path{Reason: reason}
	}
	if K, reason = classModes(p, p.Classes.K, 1, 1, -1); reason != "" {
		return blasPlan{}, Path{Reason: reason}
	}
	if L, reason = classModes(p, p.Classes.L, 2, 2, 2); reason != "" {
		return blasPlan{}, Path{Reason: reason}
	}
	M, N, K = jointCoalesce(M), jointCoalesce(N), jointCoalesce(K)
	unit := jmode{n: 1}
	cands := func(ms []jmode) []int { // -1: no mode of the class in the BLAS call
		r := []int{-1}
		for i := range ms {
			r = append(r, i)
		}
		return r
	}
	pick := func(ms []jmode, i int) jmode {
		if i < 0 {
			return unit
		}
		return ms[i]
	}
	best, bestWork := blasPlan{}, int64(0)
	for _, im := range cands(M) {
		for _, in := range cands(N) {
			for _, ik := range cands(K) {
				m, n, k := pick(M, im), pick(N, in), pick(K, ik)
				if work := m.n * n.n * k.n; work <= bestWork {
					continue
				}
				bp, ok := shape(m, n, k)
				if !ok {
					continue
				}
				var loops []jmode
				for _, x := range []struct {
					ms []jmode
					i  int
				}{{M, im}, {N, in}, {K, ik}, {L, -1}} {
					for j, md := range x.ms {
						if j != x.i {
							loops = append(loops, md)
						}
					}
				}
				bp.loops = loops
				best, bestWork = bp, m.n*n.n*k.n
			}
		}
	}
	if bestWork < minBLASWork {
		if bestWork == 0 {
			return blasPlan{}, Path{Reason: "no mode of m, n, k has a unit stride with a leading dimension BLAS accepts"}
		}
		return blasPlan{}, Path{Reason: fmt.Sprintf("the largest BLAS call would be %d multiply-adds (< %d)", bestWork, minBLASWork)}
	}
	// the loops: innermost the smallest strides of C, for locality
	sort.SliceStable(best.loops, func(i, j int) bool { return abs(best.loops[i].c) < abs(best.loops[j].c) })
	best.calls = 1
	for _, l := range best.loops {
		best.calls *= l.n
	}
	groupCalls(&best)
	return best, Path{BLAS: true, M: best.mExt, N: best.nExt, K: best.kExt, Calls: best.calls, Transposed: best.swap}
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// shape sets up Z (P×Q row-major) = op(X)·op(Y) for the block m×n×k: Z = C, X = A, Y = Bᵀ
// when C is row-major; Z = Cᵀ, X = B, Y = Aᵀ when C is column-major.
func shape(m, n, k jmode) (bp blasPlan, ok bool) {
	cCol, ldC, ok := matrixView(m.n, m.c, n.n, n.c)
	if !ok {
		return bp, false
	}
	bp.swap, bp.ldC = cCol, ldC
	bp.mExt, bp.nExt, bp.kExt = m.n, n.n, k.n
	// X: P×K from operand rows (P) and k
	xr, xs, yr, ys := m.n, m.a, n.n, n.b
	xk, yk := k.a, k.b
	bp.P, bp.Q = m.n, n.n
	if cCol {
		xr, xs, yr, ys = n.n, n.b, m.n, m.a
		xk, yk = k.b, k.a
		bp.P, bp.Q = n.n, m.n
	}
	xCol, ldX, ok := matrixView(xr, xs, k.n, xk)
	if !ok {
		return bp, false
	}
	yCol, ldY, ok := matrixView(yr, ys, k.n, yk)
	if !ok {
		return bp, false
	}
	// op(X) is P×K: X stored row-major P×K → NoTrans; column-major (stored K×P) → Trans.
	bp.tX = blas.NoTrans
	if xCol {
		bp.tX = blas.Trans
	}
	// op(Y) is K×Q: Y is Q×K; stored row-major → Trans; column-major (stored K×Q) → NoTrans.
	bp.tY = blas.Trans
	if yCol {
		bp.tY = blas.NoTrans
	}
	bp.ldX, bp.ldY = ldX, ldY
	return bp, true
}
