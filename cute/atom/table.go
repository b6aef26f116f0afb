package atom

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"
)

// atomsTxt is the one table of atoms: every MMA atom, GMMA family, copy atom and value
// type, one row each (the header of the file describes the columns).
//
//go:embed atoms.txt
var atomsTxt string

// mmaRow is an MMA atom's row with its placeholders filled in: layouts as text, parsed
// when the atom is made.
type mmaRow struct {
	name, shape, thrID, a, b, c string
}

// copyRow is a copy atom's row: name is the op's name pattern ({S}, {D} for its type
// parameters), rule the bit widths {S} may take.
type copyRow struct {
	name, rule, thrID, src, dst, ref string
}

type atomTable struct {
	mma       map[string]mmaRow
	mmaNames  []string
	copy      map[string]copyRow // by the op's base name (before '<')
	copyNames []string
	types     map[string]int64
	typeNames []string
}

var (
	tableOnce sync.Once
	table     *atomTable
)

// theTable parses atoms.txt once. The table is part of the package: a malformed row is a
// bug caught by the package's tests, so it panics there.
func theTable() *atomTable {
	tableOnce.Do(func() { table = parseTable(atomsTxt) })
	return table
}

var gmmaMajors = []string{"K", "MN"}

func parseTable(src string) *atomTable {
	t := &atomTable{mma: map[string]mmaRow{}, copy: map[string]copyRow{}, types: map[string]int64{}}
	nsets := map[string][]string{}
	for ln, line := range strings.Split(src, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		bad := func() { panic("atoms.txt:" + strconv.Itoa(ln+1) + ": malformed row: " + line) }
		switch f[0] {
		case "mma":
			if len(f) != 7 {
				bad()
			}
			t.addMMA(mmaRow{f[1], f[2], f[3], f[4], f[5], f[6]})
		case "nset":
			nsets[f[1]] = f[2:]
		case "gmma":
			if len(f) != 8 || nsets[f[2]] == nil {
				bad()
			}
			for _, n := range nsets[f[2]] {
				nv, _ := strconv.Atoi(n)
				r := strings.NewReplacer("{N}", n, "{N8}", strconv.Itoa(nv/8))
				for _, ma := range gmmaMajors {
					for _, mb := range gmmaMajors {
						name := strings.NewReplacer("{MA}", ma, "{MB}", mb).Replace(r.Replace(f[1]))
						if _, dup := t.mma[name]; dup {
							continue
						}
						t.addMMA(mmaRow{name, r.Replace(f[3]), f[4], r.Replace(f[5]), r.Replace(f[6]), r.Replace(f[7])})
					}
				}
			}
		case "copy":
			if len(f) != 7 {
				bad()
			}
			base := f[1]
			if i := strings.IndexByte(base, '<'); i >= 0 {
				base = base[:i]
			}
			t.copy[base] = copyRow{f[1], f[2], f[3], f[4], f[5], f[6]}
			t.copyNames = append(t.copyNames, f[1])
		case "type":
			b, err := strconv.ParseInt(f[2], 10, 64)
			if len(f) != 3 || err != nil {
				bad()
			}
			t.types[f[1]] = b
			t.typeNames = append(t.typeNames, f[1])
		default:
			bad()
		}
	}
	return t
}

func (t *atomTable) addMMA(r mmaRow) {
	t.mma[r.name] = r
	t.mmaNames = append(t.mmaNames, r.name)
}

// normalizeName removes spaces, `cute::` and the `SM90::` before `GMMA::`, and a trailing
// `{}` (a value of the type), so that names match as C++ spells them in several ways.
func normalizeName(s string) string {
	s = strings.Join(strings.Fields(s), "")
	s = strings.ReplaceAll(s, "cute::", "")
	s = strings.ReplaceAll(s, "SM90::GMMA::", "GMMA::")
	s = strings.TrimSuffix(s, "{}")
	return s
}

// MMAAtomNames lists every MMA atom of the table by CuTe's name, in table order (GMMA
// families expanded over N and the majors).
func MMAAtomNames() []string { return append([]string(nil), theTable().mmaNames...) }

// CopyAtomNames lists every copy operation of the table by CuTe's name; {S} and {D} stand
// for the type parameters of those that take them (UniversalCopy<{S},{D}>).
func CopyAtomNames() []string { return append([]string(nil), theTable().copyNames...) }

// ValueTypeNames lists the value types a copy atom may name (half_t, float, uint128_t…).
func ValueTypeNames() []string { return append([]string(nil), theTable().typeNames...) }

// TypeBits is sizeof_bits of a value type of the table, false if it is not there.
func TypeBits(name string) (int64, bool) {
	b, ok := theTable().types[normalizeName(name)]
	return b, ok
}
