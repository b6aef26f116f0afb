package cute

import "testing"

// Test helpers for the tuples branch: parse CuTe's printed form (static marks allowed).

func tIT(t testing.TB, s string) IntTuple {
	t.Helper()
	v, err := ParseIntTuple(s)
	if err != nil {
		t.Fatalf("parse int tuple %q: %v", s, err)
	}
	return v
}

func tLay(t testing.TB, s string) Layout {
	t.Helper()
	v, err := ParseLayout(s)
	if err != nil {
		t.Fatalf("parse layout %q: %v", s, err)
	}
	return v
}

func tCrd(t testing.TB, s string) Coord {
	t.Helper()
	v, err := ParseCoord(s)
	if err != nil {
		t.Fatalf("parse coord %q: %v", s, err)
	}
	return v
}

// unmark removes CuTe's static marks: "(_4,_8):(_1,_-4)" → "(4,8):(1,-4)".
func unmark(s string) string {
	b := []byte{}
	for i := 0; i < len(s); i++ {
		if s[i] == '_' && i+1 < len(s) && (s[i+1] == '-' || (s[i+1] >= '0' && s[i+1] <= '9')) {
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

func tTiler(t testing.TB, s string) Tiler {
	t.Helper()
	v, err := ParseTiler(s)
	if err != nil {
		t.Fatalf("parse tiler %q: %v", s, err)
	}
	return v
}
