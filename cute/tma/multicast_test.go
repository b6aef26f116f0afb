package tma

import (
	"errors"
	"testing"
)

// TestMulticast: CuTe's make_tma_copy_desc truncation, worked by hand from its loop
// (copy_traits_sm90_tma.hpp: for i from the outermost dimension, box[i] = ceil_div(box[i],
// m), m = ceil_div(m, old box[i])) on boxes the SM90 GEMM collectives use.
func TestMulticast(t *testing.T) {
	mk := func(box ...int32) Desc {
		d := Desc{Rank: len(box), ElemBytes: 2}
		stride := int64(2)
		for i, b := range box {
			d.Box[i] = b
			d.Dims[i] = 1024
			d.Strides[i] = stride
			d.ElemStrides[i] = 1
			stride *= 1024
		}
		return d
	}
	for _, c := range []struct {
		box  []int32
		n    int
		want []int32
	}{
		{[]int32{64, 256}, 2, []int32{64, 128}}, // K-major B of a 128x256x64 tile, cluster 2x1
		{[]int32{64, 64}, 2, []int32{64, 32}},   // MN-major: K is the outer dimension
		{[]int32{64, 128}, 4, []int32{64, 32}},
		{[]int32{64, 2, 4}, 8, []int32{64, 1, 1}}, // 4 -> 1 (m 2), then 2 -> 1 (m 1)
		{[]int32{64, 4, 2}, 4, []int32{64, 2, 1}}, // 2 -> 1 (m 2), then 4 -> 2
		{[]int32{64, 256}, 1, []int32{64, 256}},
	} {
		got, err := mk(c.box...).Multicast(c.n)
		if err != nil {
			t.Errorf("%v / %d: %v", c.box, c.n, err)
			continue
		}
		for i, w := range c.want {
			if got.Box[i] != w {
				t.Errorf("%v / %d: box %v, want %v", c.box, c.n, got.Box[:got.Rank], c.want)
				break
			}
		}
	}
	for _, c := range []struct {
		box []int32
		n   int
	}{
		{[]int32{64, 6}, 4},  // neither 6 % 4 nor 4 % 6
		{[]int32{16, 1}, 32}, // beyond the 16-bit mask
		{[]int32{8, 1}, 16},  // the box has 8 elements: 1 -> 1 (m 16), 8 -> 1 (m 2), nothing left
		{[]int32{64, 2}, 0},
	} {
		_, err := mk(c.box...).Multicast(c.n)
		var e *Error
		if !errors.As(err, &e) || e.Kind != ErrBox {
			t.Errorf("%v / %d: %v, want an ErrBox", c.box, c.n, err)
		}
	}
}
