package cute

import (
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"
)

// TestDumpRandomCases writes random algebra cases with cutego's answers to the file named
// by CUTEGO_ALGEBRA_DUMP (skipped otherwise), for comparison against C++ CuTe.
func TestDumpRandomCases(t *testing.T) {
	path := os.Getenv("CUTEGO_ALGEBRA_DUMP")
	if path == "" {
		t.Skip("set CUTEGO_ALGEBRA_DUMP to dump cases")
	}
	r := rand.New(rand.NewSource(int64(len(path)) + 7))
	var b strings.Builder
	emit := func(op string, args ...string) {
		got, err := runAlgebraCase(op, args)
		if err != nil {
			got = "ERROR"
		}
		fmt.Fprintf(&b, "%s|%s|%s\n", op, strings.Join(args, "|"), got)
	}
	for i := 0; i < 400; i++ {
		a := genLayout(randSrc(r), 2, i%6 == 0)
		bb := genLayout(randSrc(r), 2, i%9 == 0)
		c := genCompactLayout(randSrc(r))
		d := genCompactLayout(randSrc(r))
		emit("coalesce", a.String())
		emit("composition", a.String(), bb.String())
		emit("composition", a.String(), c.String())
		emit("composition", c.String(), d.String())
		emit("complement", c.String(), fmt.Sprint(1+r.Intn(100)))
		emit("complement", a.String(), fmt.Sprintf("(%d,%d)", 1+r.Intn(9), 1+r.Intn(9)))
		emit("right_inverse", a.String())
		emit("left_inverse", c.String())
		emit("logical_divide", a.String(), d.String())
		emit("logical_divide", c.String(), d.String())
		emit("zipped_divide", c.String(), d.String())
		emit("logical_product", c.String(), d.String())
		emit("blocked_product", c.String(), d.String())
		emit("raked_product", d.String(), c.String())
		emit("max_common_vector", c.String(), d.String())
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
