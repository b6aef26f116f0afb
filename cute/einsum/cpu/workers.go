package cpu

import (
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/cutego/cutego/cute"
)

// minWorkerWork is the least multiply-adds of BLAS calls that one goroutine takes on: below
// it a goroutine's start and join (microseconds) cost more than the calls it would take
// (tests lower it to run the small contractions of the random family on several goroutines).
var minWorkerWork int64 = 1 << 17

// workers is the number of goroutines that run a plan's BLAS calls, the one rule for it:
//
//   - 1 where there is one call (a single GEMM is left to the BLAS, which threads it
//     itself: OpenBLAS's pthreads, gonum's goroutines), or where the C blocks of the calls
//     are not provably disjoint (disjointBlocks);
//   - else min(GOMAXPROCS, the independent groups of calls, the work / minWorkerWork).
//
// A group is the calls that add into one C block (those that differ only in looped modes
// where C's stride is 0: reduction modes, or a C broadcast over the mode); a group runs on
// one goroutine in the serial order, so each element of C is summed in the same order as
// on one goroutine, and the results are the same bit for bit. The number follows
// runtime.GOMAXPROCS at the time of the call.
func workers(bp blasPlan) int {
	if bp.groups < 2 || !bp.disjoint {
		return 1
	}
	work := float64(bp.calls) * float64(bp.mExt) * float64(bp.nExt) * float64(bp.kExt)
	byWork := int64(min(work/float64(minWorkerWork), 1<<30))
	return int(max(1, min(int64(runtime.GOMAXPROCS(0)), bp.groups, byWork)))
}

// groupCalls sets the plan's groups (after planBLAS sorts its loops by C's stride: the
// loops where C's stride is 0 come first, the innermost) and whether the groups' C blocks
// are disjoint.
func groupCalls(bp *blasPlan) {
	bp.inner = 1
	var modes [][2]int64 // extent, |stride in C|: the C block's rows and columns, the other loops
	for _, l := range bp.loops {
		if l.c == 0 {
			bp.inner *= l.n
		} else {
			modes = append(modes, [2]int64{l.n, abs(l.c)})
		}
	}
	bp.groups = bp.calls / bp.inner
	modes = append(modes, [2]int64{bp.P, bp.ldC}, [2]int64{bp.Q, 1})
	bp.disjoint = disjointBlocks(modes)
}

// disjointBlocks reports whether the offsets of the modes (extent, non-negative stride) are
// all distinct, by the sufficient rule: in order of stride, each stride exceeds the largest
// offset the modes before it reach.
func disjointBlocks(modes [][2]int64) bool {
	slices.SortStableFunc(modes, func(x, y [2]int64) int { return int(min(1, max(-1, x[1]-y[1]))) })
	reach := int64(0)
	for _, m := range modes {
		if m[0] <= 1 {
			continue
		}
		if m[1] <= reach {
			return false
		}
		r, ok := mulAdd(int(m[0]-1), int(m[1]), int(reach))
		if !ok {
			return false
		}
		reach = int64(r)
	}
	return true
}

// blasThreads holds the CBLAS's own threads at 1 while BLAS calls run on several goroutines
// (OpenBLAS would otherwise start its threads under every call: oversubscription); the
// count saved is restored when the last such contraction ends.
var blasThreads struct {
	sync.Mutex
	active, saved int
}

// serialBLAS says how the BLAS's threads are kept from oversubscribing the goroutines, for
// Path.BLASThreads.
func serialBLAS() string {
	switch {
	case !useCBLAS():
		return "gonum: its goroutines share GOMAXPROCS"
	case cblasThreads() < 0:
		return "not set: the CBLAS exports no openblas_set_num_threads (its threads may oversubscribe)"
	}
	return "1 while the calls run (openblas_set_num_threads)"
}

func holdBLASThreads() {
	if !useCBLAS() {
		return
	}
	blasThreads.Lock()
	defer blasThreads.Unlock()
	if blasThreads.active == 0 {
		if blasThreads.saved = cblasThreads(); blasThreads.saved < 0 {
			return
		}
		setCBLASThreads(1)
	}
	blasThreads.active++
}

func releaseBLASThreads() {
	if !useCBLAS() {
		return
	}
	blasThreads.Lock()
	defer blasThreads.Unlock()
	if blasThreads.active == 0 {
		return // not held: the CBLAS has no openblas_set_num_threads
	}
	if blasThreads.active--; blasThreads.active == 0 {
		setCBLASThreads(blasThreads.saved)
	}
}

// runBLAS makes the plan's BLAS calls on w goroutines (workers'), each a contiguous range of
// the groups of calls.
func runBLAS[T float32 | float64](bp blasPlan, w int, A, B, C []T, offA, offB, offC int64, gemm gemmFunc[T]) error {
	if w <= 1 {
		return runCalls(bp, 0, bp.calls, A, B, C, offA, offB, offC, gemm)
	}
	holdBLASThreads()
	defer releaseBLASThreads()
	errs := make([]error, w)
	var wg sync.WaitGroup
	for i := range w {
		lo, hi := bp.groups*int64(i)/int64(w), bp.groups*int64(i+1)/int64(w)
		wg.Go(func() {
			errs[i] = runCalls(bp, lo*bp.inner, hi*bp.inner, A, B, C, offA, offB, offC, gemm)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// runCalls makes the BLAS calls lo to hi-1 of the plan's loop nest (the first loop the
// fastest).
func runCalls[T float32 | float64](bp blasPlan, lo, hi int64, A, B, C []T, offA, offB, offC int64, gemm gemmFunc[T]) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &cute.Error{Op: "einsum", Kind: cute.ErrInternal, Reason: fmt.Sprint("blas: ", r)}
		}
	}()
	X, Y := A, B
	offX, offY := offA, offB
	if bp.swap {
		X, Y, offX, offY = B, A, offB, offA
	}
	cnt := make([]int64, len(bp.loops))
	oa, ob, oc := int64(0), int64(0), int64(0)
	for j, r := 0, lo; j < len(bp.loops); j++ {
		l := bp.loops[j]
		cnt[j] = r % l.n
		r /= l.n
		oa, ob, oc = oa+cnt[j]*l.a, ob+cnt[j]*l.b, oc+cnt[j]*l.c
	}
	for call := lo; call < hi; call++ {
		xo, yo := offX+oa, offY+ob
		if bp.swap {
			xo, yo = offX+ob, offY+oa
		}
		gemm(bp.tX, bp.tY, int(bp.P), int(bp.Q), int(bp.kExt),
			X[xo:], int(bp.ldX), Y[yo:], int(bp.ldY), C[offC+oc:], int(bp.ldC))
		for j := 0; j < len(bp.loops); j++ {
			l := bp.loops[j]
			cnt[j]++
			oa, ob, oc = oa+l.a, ob+l.b, oc+l.c
			if cnt[j] < l.n {
				break
			}
			oa, ob, oc = oa-l.n*l.a, ob-l.n*l.b, oc-l.n*l.c
			cnt[j] = 0
		}
	}
	return nil
}
