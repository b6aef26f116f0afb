package render

import "sort"

func sortBy(xs []int64, key func(int64) int64) {
	sort.Slice(xs, func(i, j int) bool { return key(xs[i]) < key(xs[j]) })
}
