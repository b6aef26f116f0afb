package eval

import (
	"sort"

	"github.com/cutego/cutego/cute"
)

// suggest is `; did you mean "x"?` for a misspelled name: the known names (functions,
// C++ types and tags, variables) closest to it in
// edit distance, or "" when none is close.
func suggest(name string, vars map[string]cute.Value) string {
	const maxLen = 40 // longer names are not typos of ours (and cost quadratic time)
	if len(name) > maxLen {
		return ""
	}
	var cands []string
	for n := range table {
		cands = append(cands, n)
	}
	for n := range types {
		cands = append(cands, n)
	}
	for n := range vars {
		cands = append(cands, n)
	}
	limit := min(max(1, len(name)/3), 3) // at most a third of the name wrong
	best, bestD := []string(nil), limit+1
	for _, c := range cands {
		if len(c) > maxLen {
			continue
		}
		d := editDistance(name, c)
		switch {
		case d > limit:
		case d < bestD:
			best, bestD = []string{c}, d
		case d == bestD:
			best = append(best, c)
		}
	}
	if len(best) == 0 || bestD == 0 {
		return ""
	}
	sort.Strings(best)
	if len(best) > 3 {
		best = best[:3]
	}
	s := "; did you mean "
	for i, b := range best {
		if i > 0 {
			s += " or "
		}
		s += quote(b)
	}
	return s + "?"
}

// editDistance is the edit distance of a and b in bytes, counting an insertion, a
// deletion, a substitution and a swap of two neighbours as one edit each (optimal string
// alignment distance).
func editDistance(a, b string) int {
	rows := [3][]int{make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)}
	pp, prev, cur := rows[0], rows[1], rows[2]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], pp[j-2]+1)
			}
		}
		pp, prev, cur = prev, cur, pp
	}
	return prev[len(b)]
}
