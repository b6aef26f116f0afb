package cute

import "testing"

func mustL(s string) Layout {
	l, err := ParseLayout(s)
	if err != nil {
		panic(err)
	}
	return l
}

func mustT(s string) Tiler {
	t, err := ParseTiler(s)
	if err != nil {
		panic(err)
	}
	return t
}

var benchSink Layout

func BenchmarkCoalesce(b *testing.B) {
	l := mustL("((2,4),(3,(1,5))):((1,2),(8,(0,24)))")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, err := Coalesce(l)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = r
	}
}

func BenchmarkComposition(b *testing.B) {
	a := mustL("(64,128):(128,1)")
	t := mustL("((2,4),(8,4)):((1,16),(2,64))")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, err := Composition(a, t)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = r
	}
}

func BenchmarkCompositionDocs(b *testing.B) {
	a := mustL("(12,(4,8)):(59,(13,1))")
	t := mustT("(3:4,8:2)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, err := CompositionTiler(a, t)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = r
	}
}

func BenchmarkComplement(b *testing.B) {
	l := mustL("(4,(2,4)):(2,(1,16))")
	c := Int(256)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, err := Complement(l, c)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = r
	}
}

func BenchmarkLogicalDivide(b *testing.B) {
	a := mustL("(64,128):(128,1)")
	t := mustL("(4,8):(1,64)").AsTiler()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, err := LogicalDivide(a, t)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = r
	}
}

func BenchmarkLogicalDivideTuple(b *testing.B) {
	a := mustL("((8,8),128):((1,512),8)")
	t := mustT("(16,32)")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, err := LogicalDivide(a, t)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = r
	}
}

func BenchmarkRightInverse(b *testing.B) {
	l := mustL("((4,8),(2,4)):((2,16),(1,128))")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r, err := RightInverse(l)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = r
	}
}
