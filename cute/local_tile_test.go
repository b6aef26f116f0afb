package cute

import (
	"errors"
	"testing"
)

func TestLocalTilePartitionTable(t *testing.T) {
	// C++: the layout of the result tensor and its pointer offset (t.data() - base) for
	// local_tile / local_partition / inner_partition / outer_partition on a tensor.
	A := tLay(t, "(128,256):(1,128)")
	A3 := tLay(t, "(128,64):(1,128)")
	B3 := tLay(t, "(64,64):(64,1)")
	D := tLay(t, "(16,64):(1,16)")
	C := tLay(t, "(64,32):(1,64)")
	type res struct {
		l   Layout
		off IntTuple
		err error
	}
	r := func(l Layout, off IntTuple, err error) res { return res{l, off, err} }
	cases := []struct {
		name string
		got  res
		want string
		off  int64
	}{
		{"local_tile(A,(32,64),(1,2))", r(LocalTile(A, tTiler(t, "(32,64)"), tCrd(t, "(1,2)"))), "(_32,_64):(_1,_128)", 16416},
		{"local_tile(A,(32,64),(3,_))", r(LocalTile(A, tTiler(t, "(32,64)"), tCrd(t, "(3,_)"))), "(_32,_64,_4):(_1,_128,_8192)", 96},
		{"local_tile(A,(32,64),5)", r(LocalTile(A, tTiler(t, "(32,64)"), tCrd(t, "5"))), "(_32,_64):(_1,_128)", 8224},
		{"local_tile(A,(32,64),(2))", r(LocalTile(A, tTiler(t, "(32,64)"), tCrd(t, "(2)"))), "(_32,_64,_4):(_1,_128,_8192)", 64},
		{"local_tile(A3,(32,16,8),(1,2,_),(1,_,1))", r(LocalTileProj(A3, tTiler(t, "(32,16,8)"), tCrd(t, "(1,2,_)"), tCrd(t, "(1,_,1)"))), "(_32,_8,_8):(_1,_128,_1024)", 32},
		{"local_tile(B3,(32,16,8),(1,2,_),(_,1,1))", r(LocalTileProj(B3, tTiler(t, "(32,16,8)"), tCrd(t, "(1,2,_)"), tCrd(t, "(_,1,1)"))), "(_16,_8,_8):(_64,_1,_8)", 2048},
		{"local_partition(D,(2,16),3)", r(LocalPartition(D, tLay(t, "(2,16)"), 3)), "(_8,_4):(_2,_256)", 17},
		{"local_partition(D,(2,16):(16,1),3)", r(LocalPartition(D, tLay(t, "(2,16):(16,1)"), 3)), "(_8,_4):(_2,_256)", 48},
		{"local_partition(D,((2,2),8),13)", r(LocalPartition(D, tLay(t, "((2,2),8)"), 13)), "(_4,_8):(_4,_128)", 49},
		{"local_partition(C,(2,16,1):(16,1,0),5,(1,1,_))", r(LocalPartitionProj(C, tLay(t, "(2,16,1):(16,1,0)"), 5, tCrd(t, "(1,1,_)"))), "(_32,_2):(_2,_1024)", 320},
		{"local_partition(A3,(2,16,1):(16,1,0),21,(1,_,1))", r(LocalPartitionProj(A3, tLay(t, "(2,16,1):(16,1,0)"), 21, tCrd(t, "(1,_,1)"))), "(_64,_64):(_2,_128)", 1},
		{"outer_partition(D,(4,8),(1,2))", r(OuterPartition(D, tTiler(t, "(4,8)"), tCrd(t, "(1,2)"))), "(_4,_8):(_4,_128)", 33},
		{"inner_partition(D,(4,8),(1,2))", r(InnerPartition(D, tTiler(t, "(4,8)"), tCrd(t, "(1,2)"))), "(_4,_8):(_1,_16)", 260},
		{"local_tile(D,4:2,3)", r(LocalTile(D, tTiler(t, "4:2"), tCrd(t, "3"))), "(_4):(_2)", 9},
	}
	for _, c := range cases {
		if c.got.err != nil || c.got.l.String() != unmark(c.want) || c.got.off.String() != Int(c.off).String() {
			t.Errorf("%s = %v @ %v, %v; want %s @ %d", c.name, c.got.l, c.got.off, c.got.err, unmark(c.want), c.off)
		}
	}
	// local_tile of an identity tensor: C++ gives (32,64):(1@0,1@1) at coordinate (32,128).
	id, _ := MakeIdentityLayout(tIT(t, "(128,256)"))
	l, off, err := LocalTile(id, tTiler(t, "(32,64)"), tCrd(t, "(1,2)"))
	if err != nil || l.String() != "(32,64):(1@0,1@1)" || off.String() != "(32,128)" {
		t.Errorf("local_tile(identity) = %v @ %v, %v", l, off, err)
	}
	if _, _, err := LocalTile(A, tTiler(t, "(32,64)"), tCrd(t, "(1,2,3)")); err == nil {
		t.Error("local_tile with too long a coordinate: want an error")
	}
	if _, _, err := LocalTileProj(A, tTiler(t, "(32,64)"), tCrd(t, "(1,2)"), tCrd(t, "(1,_,1)")); err == nil {
		t.Error("local_tile with a projection of the wrong rank: want an error")
	}
}

// Property: the local partitions of all threads tile the tensor exactly once.
func TestLocalPartitionCovers(t *testing.T) {
	D := tLay(t, "(16,64):(1,16)")
	for _, ts := range []string{"(2,16)", "(2,16):(16,1)", "((2,2),8)", "(4,(2,4)):(8,(1,2))"} {
		tile := tLay(t, ts)
		seen := make([]int, D.Size())
		for th := int64(0); th < tile.Size(); th++ {
			l, off, err := LocalPartition(D, tile, th)
			if err != nil {
				t.Fatal(err)
			}
			for i := int64(0); i < l.Size(); i++ {
				v, _ := l.Eval(i)
				seen[v+off.Value()]++
			}
		}
		for i, n := range seen {
			if n != 1 {
				t.Fatalf("tile %s: element %d covered %d times", ts, i, n)
			}
		}
	}
}

// TestLocalTileRank1TupleCoordCpp: a rank-1 tuple coord stays a tuple when it slices a
// rank-1 tuple rest mode (C++'s append<1>((_), _) is (_)), so `_` flattens that mode, as
// C++ CuTe prints (CUTLASS 4.2, every integer static, local_tile(...).layout() of a tensor
// over counting_iterator<int>(0)).
func TestLocalTileRank1TupleCoordCpp(t *testing.T) {
	for _, c := range []struct{ l, tiler, coord, want string }{
		{"(13):(1)", "(13)", "(_)", "((13),1):((1),0)"},
		{"(12):(1)", "(4)", "(_)", "((4),3):((1),4)"},
		{"12:1", "(4)", "(_)", "((4),3):((1),4)"},
		{"(13,4):(1,13)", "(13,2)", "(_,1)", "(13,2,1):(1,13,0)"},
	} {
		tl, err := ParseTiler(c.tiler)
		if err != nil {
			t.Fatal(err)
		}
		crd, err := ParseCoord(c.coord)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := LocalTile(MustParseLayout(c.l), tl, crd)
		if err != nil || got.String() != c.want {
			t.Errorf("local_tile(%s,%s,%s) = %v, %v; C++ CuTe: %s", c.l, c.tiler, c.coord, got, err, c.want)
		}
	}
}

// TestLocalPartitionDefinition: local_partition of L by a tile N:1 is thread c's share
// k ↦ L(c + N·k) for k < ceil(size(L)/N), checked by brute force with L's function past
// its domain (Apply). C++ wraps N into the by-mode tiler (N); where N does not divide L's
// first mode C++ answers local_partition((8,4):(1,8), 5:1, 1) = (2,4):(5,8), which is
// not that share (and thread 3's aliases thread 0's).
func TestLocalPartitionDefinition(t *testing.T) {
	l, off, err := LocalPartition(tLay(t, "(8,4):(1,8)"), tLay(t, "5:1"), 1)
	// (7):(5), as C++'s slice of zipped_divide(L, 5) = (5,7):(1,5) at (1,_) prints it.
	if err != nil || l.String() != "(7):(5)" || off.String() != "1" {
		t.Errorf("local_partition((8,4):(1,8), 5:1, 1) = %v at %v, %v; want (7):(5) at 1", l, off, err)
	}
	// Where N divides the first mode, C++'s by-mode form (CUTLASS 4.2, the layout of
	// local_partition(make_tensor(counting_iterator<int>(0), L), N:1, c)).
	l, off, err = LocalPartition(tLay(t, "(10,4):(1,10)"), tLay(t, "5:1"), 3)
	if err != nil || l.String() != "(2,4):(5,10)" || off.String() != "3" {
		t.Errorf("local_partition((10,4):(1,10), 5:1, 3) = %v at %v, %v; want (2,4):(5,10) at 3", l, off, err)
	}
	for _, ls := range []string{"(8,4):(1,8)", "(10,4):(1,10)", "(8,4):(4,1)", "(6,(2,3)):(1,(6,12))",
		"((2,3),5):((1,2),6)", "(7,3,2):(3,1,21)", "12:1", "(12):(2)", "(9,1):(1,0)", "(4,6):(1,4)"} {
		L := tLay(t, ls)
		for n := int64(1); n <= 13; n++ {
			for c := int64(0); c < n; c++ {
				r, off, err := LocalPartition(L, MustLayout(Int(n), Int(1)), c)
				if err != nil {
					var e *Error
					if !errors.As(err, &e) || e.Kind == ErrInternal {
						t.Fatalf("local_partition(%s, %d:1, %d): %v", ls, n, c, err)
					}
					continue // a refusal of the divide is not a wrong answer
				}
				want := (L.Size() + n - 1) / n
				if r.Size() != want {
					t.Fatalf("local_partition(%s, %d:1, %d) = %v: size %d, want %d", ls, n, c, r, r.Size(), want)
				}
				for k := int64(0); k < want; k++ {
					got, err1 := r.Apply(k)
					def, err2 := L.Apply(c + n*k)
					if err1 != nil || err2 != nil || off.Value()+got != def {
						t.Fatalf("local_partition(%s, %d:1, %d) = %v at %v: element %d is %d, L(%d) = %d", ls, n, c, r, off, k, off.Value()+got, c+n*k, def)
					}
				}
			}
		}
	}
}
