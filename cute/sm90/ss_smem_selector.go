package sm90

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

// SsSmemSelector is CUTLASS's ss_smem_selector<Major, T, BLK_MN, BLK_K>()
// (cutlass/gemm/collective/builders/sm90_common.inl): the widest GMMA shared-memory atom
// whose extent along the contiguous mode divides the tile's — for K-major the atom's K
// extent must divide blkK, for MN-major its MN extent must divide blkMN — trying SW128,
// SW64, SW32, then INTER. Both extents must be multiples of 8 (CUTLASS's static_asserts);
// a tile no atom divides is an error.
func SsSmemSelector(major Major, elemBits, blkMN, blkK int64) (cute.GMMALayoutKind, error) {
	fail := func(format string, args ...any) (cute.GMMALayoutKind, error) {
		return 0, &cute.Error{Op: "ss_smem_selector", Kind: cute.ErrNotAdmissible, Reason: fmt.Sprintf(format, args...)}
	}
	if blkMN%8 != 0 || blkK%8 != 0 || blkMN < 1 || blkK < 1 {
		return fail("tile %dx%d: BLK_MN and BLK_K must be positive multiples of 8", blkMN, blkK)
	}
	kinds := []cute.GMMALayoutKind{cute.GMMAKSW128, cute.GMMAKSW64, cute.GMMAKSW32, cute.GMMAKInter}
	mode, ext := 1, blkK
	if major == MajorMN {
		kinds = []cute.GMMALayoutKind{cute.GMMAMNSW128, cute.GMMAMNSW64, cute.GMMAMNSW32, cute.GMMAMNInter}
		mode, ext = 0, blkMN
	} else if major != MajorK {
		return fail("unknown major %d", int(major))
	}
	for _, k := range kinds {
		atom, err := cute.GMMALayoutAtom(k, elemBits)
		if err != nil {
			return 0, err
		}
		m, err := cute.Get(atom.Inner, mode)
		if err != nil {
			return 0, err
		}
		if ext%m.Size() == 0 {
			return k, nil
		}
	}
	return fail("no GMMA %v-major atom for %d-bit elements divides the tile %dx%d", major, elemBits, blkMN, blkK)
}
