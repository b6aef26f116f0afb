package tma

import "fmt"

// MaxMulticast is the most CTAs one multicast load can feed: the ctaMask operand of
// cp.async.bulk.tensor has 16 bits.
const MaxMulticast = 16

// Multicast is the box of make_tma_copy(SM90_TMA_LOAD_MULTICAST{}, …, n): a load shared by
// n CTAs of a cluster, each issuing its 1/n slice with the multicast mask of all n. The
// outermost box dimension is divided by n; where it is smaller than n, it becomes 1 and the
// next dimension inwards takes the rest (CuTe's make_tma_copy_desc). CuTe asserts that each
// dimension it divides divides evenly or is a divisor of what is left; so does Multicast,
// with an error instead. Slice r of the box starts at outer coordinate r·Box[Rank-1] of the
// returned descriptor (in the dimension divided last) and, in shared memory, at r times the
// returned box's bytes: a box lands in shared memory inner dimension first.
func (d Desc) Multicast(n int) (Desc, error) {
	if n < 1 || n > MaxMulticast {
		return d, fail(ErrBox, "multicast to %d CTAs: not in 1..%d", n, MaxMulticast)
	}
	if d.Rank < 1 || d.Rank > MaxRank {
		return d, fail(ErrRank, "rank %d not in 1..%d", d.Rank, MaxRank)
	}
	m := int32(n)
	for i := d.Rank - 1; m > 1; i-- {
		if i < 0 {
			return d, fail(ErrBox, "multicast to %d CTAs: the box %v has fewer than %d elements", n, d.boxString(), n)
		}
		b := d.Box[i]
		if b%m != 0 && m%b != 0 {
			return d, fail(ErrBox, "multicast to %d CTAs: box dimension %d of %d does not divide by %d, nor %d by it", n, i, b, m, m)
		}
		next := (m + b - 1) / b
		d.Box[i] = (b + m - 1) / m
		m = next
	}
	return d, d.Check()
}

func (d Desc) boxString() string {
	s := "("
	for i := 0; i < d.Rank; i++ {
		s += sep(i) + fmt.Sprint(d.Box[i])
	}
	return s + ")"
}
