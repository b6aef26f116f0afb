package atom

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
)

// cpp reads a printout of the C++ programs of testdata (made by testdata/gen.sh) as
// tab-separated fields, C++ CuTe's `_` marks removed.
func cpp(t *testing.T, file string) [][]string {
	t.Helper()
	f, err := os.Open("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		from := map[string]int{"mma": 2, "mma_tv": 2, "copy": 3, "tmma": 3, "tcopy": 3}[fs[0]]
		for i := range fs {
			if from > 0 && i >= from {
				fs[i] = strings.ReplaceAll(fs[i], "_", "")
			}
		}
		rows = append(rows, fs)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func str(v any, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprint(v)
}

// TestAtomsCpp compares every atom of the table, and the TV layouts of its one-atom
// TiledMMA, with C++ CuTe's (testdata/atoms.out printed by atoms.cpp, gmma.out by gmma.cpp:
// every SM90 GMMA atom, each N and GMMA::Major; copies.out by copies.cpp).
func TestAtomsCpp(t *testing.T) {
	rows := append(cpp(t, "atoms.out"), cpp(t, "gmma.out")...)
	rows = append(rows, cpp(t, "copies.out")...)
	seen := map[string]bool{}
	var n, tv, cp int
	for _, r := range rows {
		switch r[0] {
		case "mma":
			n++
			seen[r[1]] = true
			a, err := MakeMMAAtom(r[1])
			if err != nil {
				t.Errorf("%s: %v", r[1], err)
				continue
			}
			got := []string{a.ShapeMNK.String(), a.ThrID.String(), a.LayoutA_TV.String(), a.LayoutB_TV.String(), a.LayoutC_TV.String()}
			if strings.Join(got, "\t") != strings.Join(r[2:], "\t") {
				t.Errorf("%s:\n got %v\nwant %v", r[1], got, r[2:])
			}
		case "mma_tv":
			tv++
			a, err := MakeMMAAtom(r[1])
			if err != nil {
				t.Errorf("%s: %v", r[1], err)
				continue
			}
			tm, err := MakeTiledMMA(a, cute.Layout{}, cute.Tiler{})
			if err != nil {
				t.Errorf("%s: %v", r[1], err)
				continue
			}
			got := []string{tm.TileShape().String(), str(tm.LayoutA_TV()), str(tm.LayoutB_TV()), str(tm.LayoutC_TV())}
			if strings.Join(got, "\t") != strings.Join(r[2:], "\t") {
				t.Errorf("make_tiled_mma(%s):\n got %v\nwant %v", r[1], got, r[2:])
			}
		case "copy":
			cp++
			a, err := MakeCopyAtom(r[1], r[2])
			if err != nil {
				t.Errorf("%s,%s: %v", r[1], r[2], err)
				continue
			}
			got := []string{a.ThrID.String(), a.ValLayoutSrc.String(), a.ValLayoutDst.String(), a.ValLayoutRef.String()}
			if strings.Join(got, "\t") != strings.Join(r[3:], "\t") {
				t.Errorf("Copy_Atom<%s,%s>:\n got %v\nwant %v", r[1], r[2], got, r[3:])
			}
		}
	}
	// Every MMA atom of the table is in atoms.out or gmma.out.
	gmma := 0
	for _, name := range MMAAtomNames() {
		if !seen[name] {
			t.Errorf("%s: in the table, not checked against C++", name)
		}
		if strings.HasPrefix(name, "SM90_64x") {
			gmma++
		}
	}
	t.Logf("%d MMA atoms (%d GMMA) in %d rows, %d one-atom TiledMMAs, %d copy atoms compared with C++", len(seen), gmma, n, tv, cp)
	if len(seen) < 1500 || gmma < 1400 || tv < 20 || cp < 150 {
		t.Errorf("too few cases: %d (%d GMMA) %d %d", len(seen), gmma, tv, cp)
	}
}

func mustTiler(t *testing.T, s string) cute.Tiler {
	x, err := cute.ParseTiler(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func mustI(t *testing.T, s string) cute.IntTuple {
	x, err := cute.ParseIntTuple(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func mustL(t *testing.T, s string) cute.Layout {
	x, err := cute.ParseLayout(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return x
}

func tiledMMAOf(t *testing.T, atom, lay, perm string) (TiledMMA, error) {
	a, err := MakeMMAAtom(atom)
	if err != nil {
		return TiledMMA{}, err
	}
	return MakeTiledMMA(a, mustL(t, lay), mustTiler(t, perm))
}

func tiledCopyOf(t *testing.T, kind, op, vt, thr, val string, mmas map[string]TiledMMA) (TiledCopy, error) {
	a, err := MakeCopyAtom(op, vt)
	if err != nil {
		return TiledCopy{}, err
	}
	switch kind {
	case "copy":
		return MakeTiledCopy(a, mustL(t, thr), mustL(t, val))
	case "copy_A":
		return MakeTiledCopyA(a, mmas[thr])
	case "copy_B":
		return MakeTiledCopyB(a, mmas[thr])
	}
	return MakeTiledCopyC(a, mmas[thr])
}

// TestTiledCpp compares TiledMMA and TiledCopy configurations, field by field, with C++
// CuTe's (testdata/tiled.out, printed by tiled.cpp): thread layouts, tiles, TV layouts,
// thrfrg/tidfrg, partition shapes, per-thread partitions with their offsets, retile.
func TestTiledCpp(t *testing.T) {
	rows := append(cpp(t, "tiled.out"), cpp(t, "copies.out")...)
	mmas := map[string]TiledMMA{}
	copies := map[string]TiledCopy{}
	var checked, failed int
	check := func(what string, got string, want string) {
		checked++
		if got != want {
			failed++
			t.Errorf("%s:\n got %s\nwant %s", what, got, want)
		}
	}
	for _, r := range rows {
		switch r[0] {
		case "tmma_case":
			tm, err := tiledMMAOf(t, r[2], r[3], r[4])
			if err != nil {
				t.Fatalf("case %s: %v", r[1], err)
			}
			mmas[r[1]] = tm
		case "tcopy_case":
			tc, err := tiledCopyOf(t, r[2], r[3], r[4], r[5], r[6], mmas)
			if err != nil {
				t.Fatalf("copy case %s: %v", r[1], err)
			}
			copies[r[1]] = tc
		case "tmma":
			tm := mmas[r[1]]
			what := "TiledMMA " + r[1] + " (" + tm.Atom.Name + ") " + r[2]
			switch r[2] {
			case "vmnk":
				check(what, tm.ThrLayoutVMNK.String(), r[3])
			case "tile":
				check(what, tm.TileShape().String(), r[3])
			case "A_TV":
				check(what, str(tm.LayoutA_TV()), r[3])
			case "B_TV":
				check(what, str(tm.LayoutB_TV()), r[3])
			case "C_TV":
				check(what, str(tm.LayoutC_TV()), r[3])
			case "thrfrg_A", "thrfrg_B", "thrfrg_C":
				l, _ := cute.MakeLayoutLeft(mustI(t, r[3]))
				f := map[string]func(cute.Layout) (cute.Layout, error){"thrfrg_A": tm.ThrfrgA, "thrfrg_B": tm.ThrfrgB, "thrfrg_C": tm.ThrfrgC}[r[2]]
				check(what+" "+r[3], str(f(l)), r[4])
			case "shape_A", "shape_B", "shape_C":
				f := map[string]func(cute.IntTuple) (cute.IntTuple, error){"shape_A": tm.PartitionShapeA, "shape_B": tm.PartitionShapeB, "shape_C": tm.PartitionShapeC}[r[2]]
				check(what+" "+r[3], str(f(mustI(t, r[3]))), r[4])
			case "part_A", "part_B", "part_C", "frag_C":
				thr, _ := strconv.ParseInt(r[3], 10, 64)
				s, err := tm.Slice(thr)
				if err != nil {
					t.Errorf("%s: %v", what, err)
					continue
				}
				g := mustL(t, r[4])
				switch r[2] {
				case "frag_C":
					check(what+" thread "+r[3], str(s.PartitionFragmentC(g)), r[5])
				default:
					f := map[string]func(cute.Layout) (cute.Layout, cute.IntTuple, error){"part_A": s.PartitionA, "part_B": s.PartitionB, "part_C": s.PartitionC}[r[2]]
					l, off, err := f(g)
					check(what+" thread "+r[3], str(fmt.Sprintf("%v\t%v", l, off), err), r[5]+"\t"+r[6])
				}
			default:
				t.Fatalf("unknown field %q", r[2])
			}
		case "tcopy":
			tc := copies[r[1]]
			what := "TiledCopy " + r[1] + " (" + tc.name() + ") " + r[2]
			switch r[2] {
			case "tiler":
				check(what, tc.TilerMN.String(), r[3])
			case "layout_tv":
				check(what, tc.LayoutTV.String(), r[3])
			case "S_TV":
				check(what, str(tc.LayoutS_TV()), r[3])
			case "D_TV":
				check(what, str(tc.LayoutD_TV()), r[3])
			case "tidfrg_S", "tidfrg_D":
				l, _ := cute.MakeLayoutLeft(mustI(t, r[3]))
				f := map[string]func(cute.Layout) (cute.Layout, error){"tidfrg_S": tc.TidfrgS, "tidfrg_D": tc.TidfrgD}[r[2]]
				check(what+" "+r[3], str(f(l)), r[4])
			case "part_S", "part_D":
				thr, _ := strconv.ParseInt(r[3], 10, 64)
				s, err := tc.Slice(thr)
				if err != nil {
					t.Errorf("%s: %v", what, err)
					continue
				}
				f := map[string]func(cute.Layout) (cute.Layout, cute.IntTuple, error){"part_S": s.PartitionS, "part_D": s.PartitionD}[r[2]]
				l, off, err := f(mustL(t, r[4]))
				check(what+" thread "+r[3], str(fmt.Sprintf("%v\t%v", l, off), err), r[5]+"\t"+r[6])
			case "retile_S", "retile_D":
				check(what+" "+r[3], str(tc.Retile(mustL(t, r[3]))), r[4])
			default:
				t.Fatalf("unknown field %q", r[2])
			}
		}
	}
	t.Logf("%d TiledMMAs, %d TiledCopys, %d fields compared with C++, %d disagree", len(mmas), len(copies), checked, failed)
	if len(mmas) < 14 || len(copies) < 5 || checked < 400 {
		t.Errorf("too few cases")
	}
}
