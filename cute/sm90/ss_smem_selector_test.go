package sm90

import (
	"errors"
	"testing"

	"github.com/cutego/cutego/cute"
)

// TestSsSmemSelector: CUTLASS's choice by the atoms' extents along the contiguous mode:
// 1024/128 bits swizzle widths → K extents 64/32/16/8 for 16-bit K-major atoms, MN extents
// the same for MN-major; 128/64/32/16 for 8-bit elements.
func TestSsSmemSelector(t *testing.T) {
	for _, c := range []struct {
		major       Major
		bits        int64
		blkMN, blkK int64
		want        cute.GMMALayoutKind
	}{
		{MajorK, 16, 128, 64, cute.GMMAKSW128},
		{MajorK, 16, 256, 128, cute.GMMAKSW128},
		{MajorK, 16, 128, 32, cute.GMMAKSW64},
		{MajorK, 16, 128, 96, cute.GMMAKSW64}, // 96 % 64 != 0, 96 % 32 == 0
		{MajorK, 16, 128, 16, cute.GMMAKSW32},
		{MajorK, 16, 128, 8, cute.GMMAKInter},
		{MajorK, 16, 128, 24, cute.GMMAKInter},
		{MajorK, 8, 128, 128, cute.GMMAKSW128},
		{MajorK, 8, 128, 64, cute.GMMAKSW64},
		{MajorMN, 16, 128, 64, cute.GMMAMNSW128},
		{MajorMN, 16, 256, 8, cute.GMMAMNSW128},
		{MajorMN, 16, 32, 64, cute.GMMAMNSW64},
		{MajorMN, 16, 16, 64, cute.GMMAMNSW32},
		{MajorMN, 16, 8, 64, cute.GMMAMNInter},
		{MajorMN, 16, 192, 64, cute.GMMAMNSW128},
		{MajorMN, 16, 160, 64, cute.GMMAMNSW64},
	} {
		got, err := SsSmemSelector(c.major, c.bits, c.blkMN, c.blkK)
		if err != nil || got != c.want {
			t.Errorf("%v %d-bit %dx%d: %v %v, want %v", c.major, c.bits, c.blkMN, c.blkK, got, err, c.want)
		}
	}
	for _, c := range [][3]int64{{12, 64, 16}, {128, 4, 16}, {0, 64, 16}} {
		_, err := SsSmemSelector(MajorK, c[2], c[0], c[1])
		if !errors.Is(err, &cute.Error{Op: "ss_smem_selector"}) {
			t.Errorf("%v: %v", c, err)
		}
	}
}
