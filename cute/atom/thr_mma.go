package atom

import (
	"github.com/cutego/cutego/cute"
)

// ThrMMA is CuTe's ThrMMA: a TiledMMA seen from one thread, whose coordinate in
// ThrLayoutVMNK is ThrVMNK.
type ThrMMA struct {
	TiledMMA
	ThrIdx  int64
	ThrVMNK [4]int64
}

// Slice is CuTe's TiledMMA::get_slice(thr_idx) (get_thread_slice): the thread's flat
// coordinate (v,m,n,k) in ThrLayoutVMNK, found as CuTe's get_flat_coord does. A thread
// index outside [0, size(tiled_mma)) is refused.
func (tm TiledMMA) Slice(thrIdx int64) (ThrMMA, error) {
	if tm.ThrLayoutVMNK.IsZero() {
		return ThrMMA{}, errorf("get_slice", cute.ErrInvalid, "the TiledMMA was not made by make_tiled_mma")
	}
	n := tm.Size()
	if thrIdx < 0 || thrIdx >= n {
		return ThrMMA{}, errorf("get_slice", cute.ErrInvalid, "%s: thread index %d is outside the TiledMMA's %d threads", tm.name(), thrIdx, n)
	}
	v := tm.ThrLayoutVMNK
	hier, err := cute.Idx2CrdStride(cute.Int(thrIdx), v.Shape(), v.Stride())
	if err != nil {
		return ThrMMA{}, wrap("get_slice", tm.name(), err)
	}
	t := ThrMMA{TiledMMA: tm, ThrIdx: thrIdx}
	for i := 0; i < 4; i++ {
		s := v.Shape().At(i)
		idx, err := cute.Crd2Idx(hier.At(i), s, colMajor(s))
		if err != nil {
			return ThrMMA{}, wrap("get_slice", tm.name(), err)
		}
		t.ThrVMNK[i] = idx.Value()
	}
	return t, nil
}

func colMajor(s cute.IntTuple) cute.IntTuple {
	l, err := cute.MakeLayoutLeft(s)
	if err != nil {
		return cute.Int(1)
	}
	return l.Stride()
}

// partitionCoord is the coordinate partition_X slices thrfrg_X's result with:
// ((v,(i,j)), (_, (_,_,…))) with one `_` per mode of (RestI,RestJ,…).
func partitionCoord(f cute.Layout, v, i, j int64) cute.Coord {
	rest := f.Shape().At(1).At(1)
	n := rest.Rank()
	us := make([]cute.Coord, n)
	for k := range us {
		us[k] = cute.CoordUnderscore()
	}
	return cute.CoordTuple(
		cute.CoordTuple(cute.CoordInt(v), cute.CoordTuple(cute.CoordInt(i), cute.CoordInt(j))),
		cute.CoordTuple(cute.CoordUnderscore(), cute.CoordTuple(us...)))
}

// thrfrgOf is thrfrg_A/B/C (which) of l and the coordinate partition_A/B/C slices it with
// for this thread.
func (t ThrMMA) thrfrgOf(l cute.Layout, which byte) (cute.Layout, cute.Coord, error) {
	var f cute.Layout
	var err error
	var i, j int64
	switch which {
	case 'A':
		f, err = t.ThrfrgA(l)
		i, j = t.ThrVMNK[1], t.ThrVMNK[3]
	case 'B':
		f, err = t.ThrfrgB(l)
		i, j = t.ThrVMNK[2], t.ThrVMNK[3]
	default:
		f, err = t.ThrfrgC(l)
		i, j = t.ThrVMNK[1], t.ThrVMNK[2]
	}
	if err != nil {
		return cute.Layout{}, cute.Coord{}, err
	}
	return f, partitionCoord(f, t.ThrVMNK[0], i, j), nil
}

func (t ThrMMA) partition(op string, l cute.Layout, which byte) (cute.Layout, cute.IntTuple, error) {
	f, c, err := t.thrfrgOf(l, which)
	if err != nil {
		return cute.Layout{}, cute.IntTuple{}, err
	}
	r, off, err := cute.SliceAndOffset(c, f)
	if err != nil {
		return cute.Layout{}, cute.IntTuple{}, wrap(op, t.name(), err)
	}
	return r, off, nil
}

// PartitionA is CuTe's ThrMMA::partition_A on a layout: the thread's (FrgV,RestM,RestK,…)
// slice of thrfrg_A(layout), and the offset of its first element.
func (t ThrMMA) PartitionA(l cute.Layout) (cute.Layout, cute.IntTuple, error) {
	return t.partition("partition_A", l, 'A')
}

// PartitionB is CuTe's ThrMMA::partition_B on a layout (see PartitionA).
func (t ThrMMA) PartitionB(l cute.Layout) (cute.Layout, cute.IntTuple, error) {
	return t.partition("partition_B", l, 'B')
}

// PartitionC is CuTe's ThrMMA::partition_C on a layout (see PartitionA).
func (t ThrMMA) PartitionC(l cute.Layout) (cute.Layout, cute.IntTuple, error) {
	return t.partition("partition_C", l, 'C')
}

// partitionShape is CuTe's partition_shape_X(tiled_mma, shape): the shape thread 0's
// partition of a compact tensor of that shape has (the shape of partition_fragment_X).
func (tm TiledMMA) partitionShape(op string, shape cute.IntTuple, which byte) (cute.IntTuple, error) {
	l, err := cute.MakeLayoutLeft(shape)
	if err != nil {
		return cute.IntTuple{}, wrap(op, tm.name(), err)
	}
	t := ThrMMA{TiledMMA: tm}
	r, _, err := t.partition(op, l, which)
	if err != nil {
		return cute.IntTuple{}, err
	}
	return r.Shape(), nil
}

// PartitionShapeA is CuTe's partition_shape_A(tiled_mma, shape_MK).
func (tm TiledMMA) PartitionShapeA(shape cute.IntTuple) (cute.IntTuple, error) {
	return tm.partitionShape("partition_shape_A", shape, 'A')
}

// PartitionShapeB is CuTe's partition_shape_B(tiled_mma, shape_NK).
func (tm TiledMMA) PartitionShapeB(shape cute.IntTuple) (cute.IntTuple, error) {
	return tm.partitionShape("partition_shape_B", shape, 'B')
}

// PartitionShapeC is CuTe's partition_shape_C(tiled_mma, shape_MN): the shape of
// partition_fragment_C(tiled_mma, shape_MN).
func (tm TiledMMA) PartitionShapeC(shape cute.IntTuple) (cute.IntTuple, error) {
	return tm.partitionShape("partition_shape_C", shape, 'C')
}

// PartitionFragmentC is the shape of CuTe's ThrMMA::partition_fragment_C(tensor): the
// shape of partition_C of the tensor's layout (the fragment itself is a new compact
// register tensor of that shape).
func (t ThrMMA) PartitionFragmentC(l cute.Layout) (cute.IntTuple, error) {
	r, _, err := t.PartitionC(l)
	return r.Shape(), err
}

// PartitionFragmentA is the shape of CuTe's ThrMMA::partition_fragment_A(tensor).
func (t ThrMMA) PartitionFragmentA(l cute.Layout) (cute.IntTuple, error) {
	r, _, err := t.PartitionA(l)
	return r.Shape(), err
}

// PartitionFragmentB is the shape of CuTe's ThrMMA::partition_fragment_B(tensor).
func (t ThrMMA) PartitionFragmentB(l cute.Layout) (cute.IntTuple, error) {
	r, _, err := t.PartitionB(l)
	return r.Shape(), err
}

// PartitionTensorA is CuTe's ThrMMA::partition_A(tensor): a view of the tensor's data.
func PartitionTensorA[T any](t ThrMMA, x cute.Tensor[T]) (cute.Tensor[T], error) {
	return partitionTensor(t, x, 'A')
}

// PartitionTensorB is CuTe's ThrMMA::partition_B(tensor).
func PartitionTensorB[T any](t ThrMMA, x cute.Tensor[T]) (cute.Tensor[T], error) {
	return partitionTensor(t, x, 'B')
}

// PartitionTensorC is CuTe's ThrMMA::partition_C(tensor).
func PartitionTensorC[T any](t ThrMMA, x cute.Tensor[T]) (cute.Tensor[T], error) {
	return partitionTensor(t, x, 'C')
}

func partitionTensor[T any](t ThrMMA, x cute.Tensor[T], which byte) (cute.Tensor[T], error) {
	op := "partition_" + string(which)
	f, c, err := t.thrfrgOf(x.Layout(), which)
	if err != nil {
		return cute.Tensor[T]{}, err
	}
	v, err := x.WithLayout(f)
	if err != nil {
		return cute.Tensor[T]{}, wrap(op, t.name(), err)
	}
	r, err := v.Slice(c)
	return r, wrap(op, t.name(), err)
}
