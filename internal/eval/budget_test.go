package eval

import (
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// selfRef is the hardening issue's reproducer: a name rebuilt from copies of itself on
// each line, so that without a bound its value has copies^lines times the leaves.
func selfRef(copies, lines int) string {
	var b strings.Builder
	b.WriteString("auto a = (2,2):(1,2);\n")
	for range lines {
		b.WriteString("a = make_layout(a" + strings.Repeat(",a", copies-1) + ");\n")
	}
	b.WriteString("depth(a)\n")
	return b.String()
}

// checkBound fails when a value bound in s has more nodes than the limit.
func checkBound(t testing.TB, s *Session, limit int) {
	t.Helper()
	for name, v := range s.vars {
		if n := cute.Nodes(nodesOf(v), limit); n > limit {
			t.Fatalf("%s is bound to a value of more than %d nodes", name, limit)
		}
	}
}

// TestBudgetSelfReference: the reproducers (30 doublings; 5 lines of 100 copies) stop
// at the limit with an error that names it; the names keep their last value, which is
// within the limit, so the last line's depth is that of the last value built.
func TestBudgetSelfReference(t *testing.T) {
	for _, c := range []struct {
		copies, lines, limit int
		depth                string
	}{
		{2, 30, 1 << 16, "14"}, // nodes 6, 13, 27, …, 57,343 after 13 doublings; the 14th has 114,687
		{2, 30, 64, "4"},       // 6 → 13 → 27 → 55 nodes (depth 1 → 4); the next has 111
		{100, 5, 1 << 12, "2"}, // 100 copies of 6 nodes (601) pass; 100·601 do not
		{100, 5, 500, "1"},     // already the first make_layout is 601 nodes
	} {
		s := NewSessionLimits(Limits{MaxNodes: c.limit})
		var last Result
		errs := 0
		for _, line := range strings.Split(selfRef(c.copies, c.lines), "\n") {
			r, ok := s.Line(line)
			if !ok {
				continue
			}
			last = r
			if r.Err != nil {
				errs++
				if !strings.Contains(r.Err.Error(), "the limit of one value") {
					t.Errorf("limit %d: error %q does not name the limit", c.limit, r.Err)
				}
			}
			checkBound(t, s, c.limit)
		}
		if last.Err != nil || last.Value.String() != c.depth {
			t.Errorf("copies %d limit %d: depth(a) = %v, %v; want %s", c.copies, c.limit, last.Value, last.Err, c.depth)
		}
		if errs == 0 {
			t.Errorf("copies %d limit %d: no line passed the limit", c.copies, c.limit)
		}
	}
}

// TestBudgetEachForm: every way to build a value is bounded: tuples, the arguments of a
// call together, a call's result, a layout from its parts.
func TestBudgetEachForm(t *testing.T) {
	s := NewSessionLimits(Limits{MaxNodes: 20})
	for _, line := range []string{
		"auto t = (1,2,3,4,5,6,7,8);", // 9 nodes
		"auto l = make_layout(t, t);", // 18 nodes
	} {
		if r, _ := s.Line(line); r.Err != nil {
			t.Fatalf("%s: %v", line, r.Err)
		}
	}
	for _, line := range []string{
		"(t, t, t)",                       // a tuple of 28 nodes
		"make_shape(t, t, t)",             // the arguments together
		"coalesce(l, (t,t,t))",            // arguments nested in a tuple
		"logical_product(l, (4,4):(1,4))", // a result larger than its arguments
		"make_layout((t,t))",              // a result (38 nodes) larger than its argument (19)
		"make_layout((t,t),(t,t))",        // a layout from its parts
	} {
		r, _ := s.Line(line)
		if r.Err == nil || !strings.Contains(r.Err.Error(), "the limit of one value") {
			t.Errorf("%s = %v, %v; want the size limit's error", line, r.Value, r.Err)
		}
	}
}

// TestRunMaxLine: a line over the limit is answered with an error and skipped; the next
// line is read as usual.
func TestRunMaxLine(t *testing.T) {
	var out strings.Builder
	in := "size((2,3))\n" + strings.Repeat("(1,", 100) + "\nsize((4,5))\n"
	failed, err := RunLimits(strings.NewReader(in), &out, Limits{MaxNodes: 1000, MaxLine: 64})
	if err != nil || failed != 1 {
		t.Fatalf("failed %d, err %v", failed, err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || lines[0] != "6" || !strings.Contains(lines[1], "more than 64 bytes (301)") || lines[2] != "20" {
		t.Errorf("output %q", out.String())
	}
}

// FuzzSessionBudget: statements that rebuild names from themselves (the seeds) never
// bind a value over the limit, and never panic.
func FuzzSessionBudget(f *testing.F) {
	f.Add(selfRef(2, 12))
	f.Add(selfRef(5, 4))
	f.Add("auto a = (2,2):(1,2);\nauto b = make_layout(a,a);\na = logical_product(b, b);\nb = (a,a,b);\na = composition(b, b);")
	f.Add("auto t = (1,2);\nt = (t,t,t);\nt = t * t + t;\nauto l = make_layout(t,t);\nl = zipped_divide(l, (t,t));")
	f.Fuzz(func(t *testing.T, src string) {
		const limit = 256
		s := NewSessionLimits(Limits{MaxNodes: limit})
		for _, line := range strings.Split(src, "\n") {
			s.Line(line)
			checkBound(t, s, limit)
		}
		s.Close()
	})
}
