package cute

import "testing"

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
