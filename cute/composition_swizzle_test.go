package cute

import (
	"os"
	"strings"
	"testing"
)

// TestCompositionLayoutSwizzleCpp: composition(Layout, Swizzle) and composition(Layout,
// Sw o 0 o B) against C++ CuTe (testdata/cpp/composition_swizzle.cpp → .out, every
// integer static, `_` marks removed; C++ prints a plain layout when the swizzle moved to
// the codomain is the identity), and the cases C++ refuses at compile time (REFUSED
// lines of the program) refused.
func TestCompositionLayoutSwizzleCpp(t *testing.T) {
	out, err := os.ReadFile("testdata/cpp/composition_swizzle.out")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("bad line %q", line)
		}
		got, err := composeText(f[0], f[1])
		if err != nil {
			t.Errorf("composition(%s, %s): %v", f[0], f[1], err)
			continue
		}
		s := got.String()
		if got.Outer.IsIdentity() && got.Offset == 0 {
			s = got.Inner.String()
		}
		if want := strings.ReplaceAll(f[2], "_", ""); s != want {
			t.Errorf("composition(%s, %s) = %s, C++ %s", f[0], f[1], s, want)
		}
		n++
	}
	if n < 9 {
		t.Errorf("%d cases", n)
	}
	prog, err := os.ReadFile("testdata/cpp/composition_swizzle.cpp")
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	for _, line := range strings.Split(string(prog), "\n") {
		rest, ok := strings.CutPrefix(line, "//   REFUSED ")
		if !ok {
			continue
		}
		a, b, _ := strings.Cut(rest, "\t")
		if r, err := composeText(a, b); err == nil {
			t.Errorf("composition(%s, %s) = %v, C++ refuses it", a, b, r)
		} else if e, ok := err.(*Error); !ok || e.Op != "composition" {
			t.Errorf("composition(%s, %s): error %v, want a *cute.Error of composition", a, b, err)
		}
		refused++
	}
	if refused != 2 {
		t.Errorf("%d refused cases", refused)
	}
}

func composeText(a, b string) (ComposedLayout, error) {
	l, err := ParseLayout(a)
	if err != nil {
		return ComposedLayout{}, err
	}
	v, err := Parse(b)
	if err != nil {
		return ComposedLayout{}, err
	}
	switch x := v.(type) {
	case Swizzle:
		return CompositionLayoutSwizzle(l, x)
	case ComposedLayout:
		return CompositionLayoutComposed(l, x)
	}
	return ComposedLayout{}, errorf("test", ErrInvalid, "%v is not a swizzle", v)
}

// TestCompositionLayoutSwizzleIsComposition: where A maps bits to bits on its domain
// and the swizzle's masks lie inside it, Sw' o 0 o A is A ∘ Sw (a property, by brute
// force).
func TestCompositionLayoutSwizzleIsComposition(t *testing.T) {
	for _, c := range [][2]string{{"(8,8):(8,1)", "Sw<2,0,-3>"}, {"(16,16):(16,1)", "Sw<2,1,4>"}, {"(512):(2)", "Sw<3,4,3>"}, {"(64,8):(1,64)", "Sw<3,3,3>"}} {
		r, err := composeText(c[0], c[1])
		if err != nil {
			t.Fatal(err)
		}
		a, _ := ParseLayout(c[0])
		sw, _ := ParseSwizzle(c[1])
		for i := int64(0); i < a.Size(); i++ {
			got, err := r.Eval(i)
			if err != nil {
				t.Fatal(err)
			}
			want, err := a.Eval(sw.Apply(i))
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("%s ∘ %s at %d: %d, A(Sw(%d)) = %d", c[0], c[1], i, got, i, want)
			}
		}
	}
}
