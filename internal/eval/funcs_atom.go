package eval

import (
	"fmt"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/atom"
)

// CuTe's atoms (package cute/atom) in eval: MMA atom and copy operation names as values
// (SM80_16x8x16_F32F16F16F32_TN{}, UniversalCopy<uint128_t>{}, MMA_Atom<Op>{},
// Copy_Atom<Op,half_t>{}), make_tiled_mma, make_tiled_copy(_A/_B/_C), and the member
// functions of TiledMMA, ThrMMA, TiledCopy and ThrCopy as functions whose first argument
// is the object (get_slice(mma, 3) is mma.get_slice(3)).

// MMAAtom is an MMA_Atom value; it prints as CuTe's print(MMA_Atom).
type MMAAtom struct {
	atom.MMAAtom
	cute.ValueMarker
}

// CopyOp is a copy operation named without its value type (SM75_U32x4_LDSM_N,
// UniversalCopy<uint128_t>): what Copy_Atom<Op, T> takes.
type CopyOp struct {
	Name string
	cute.ValueMarker
}

func (o CopyOp) String() string { return o.Name }

// CopyAtom is a Copy_Atom value; it prints as CuTe's print(Copy_Atom).
type CopyAtom struct {
	atom.CopyAtom
	cute.ValueMarker
}

// TiledMMA, ThrMMA, TiledCopy and ThrCopy print as CuTe's print of them.
type (
	TiledMMA struct {
		atom.TiledMMA
		cute.ValueMarker
	}
	ThrMMA struct {
		atom.ThrMMA
		cute.ValueMarker
	}
	TiledCopy struct {
		atom.TiledCopy
		cute.ValueMarker
	}
	ThrCopy struct {
		atom.ThrCopy
		cute.ValueMarker
	}
)

func (t ThrMMA) String() string {
	return fmt.Sprintf("ThrMMA\n  Thr VMNK: (%d,%d,%d,%d)\n", t.ThrVMNK[0], t.ThrVMNK[1], t.ThrVMNK[2], t.ThrVMNK[3]) + t.TiledMMA.String()
}

func (t ThrCopy) String() string {
	return fmt.Sprintf("ThrCopy\n  ThrIdx: %d\n", t.ThrIdx) + t.TiledCopy.String()
}

// GMMAMajor is CuTe's GMMA::Major::K or GMMA::Major::MN, the template arguments of the SM90
// GMMA atoms (SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::MN>); it is only read
// qualified by Major (the parser's name).
type GMMAMajor struct {
	Major string // "K" or "MN"
	cute.ValueMarker
}

func (m GMMAMajor) String() string { return "GMMA::Major::" + m.Major }

// gmmaAtomType is the type of the GMMA atoms named base<GMMA::Major::…,…> in the table: its
// template arguments must be GMMA majors; the table says which pairs exist.
func gmmaAtomType(base string) func([]cute.Value) (cute.Value, error) {
	return func(targs []cute.Value) (cute.Value, error) {
		if len(targs) == 0 {
			return nil, fmt.Errorf("takes GMMA::Major template arguments (%s<GMMA::Major::K,GMMA::Major::K>)", base)
		}
		ms := make([]string, len(targs))
		for i, a := range targs {
			m, ok := a.(GMMAMajor)
			if !ok {
				return nil, fmt.Errorf("template argument %d is %v, not a GMMA::Major", i+1, a)
			}
			ms[i] = m.String()
		}
		a, err := atom.MakeMMAAtom(base + "<" + strings.Join(ms, ",") + ">")
		if err != nil {
			return nil, err
		}
		return MMAAtom{MMAAtom: a}, nil
	}
}

// atomTypes are the types named by a row of cute/atom's table (atoms.txt): docs/EVAL.md
// names the table, not each of its hundreds of names.
var atomTypes = map[string]bool{}

func init() {
	for _, name := range atom.MMAAtomNames() {
		base := strings.TrimSuffix(name, "<>")
		if i := strings.IndexByte(base, '<'); i >= 0 {
			// GMMA atoms with majors: one type for every pair of the row
			if b := base[:i]; !atomTypes[b] {
				if _, dup := types[b]; !dup {
					atomTypes[b] = true
					types[b] = gmmaAtomType(b)
				}
			}
			continue
		}
		if _, dup := types[base]; dup {
			continue
		}
		n := name
		atomTypes[base] = true
		types[base] = func(targs []cute.Value) (cute.Value, error) {
			if len(targs) > 0 {
				return nil, fmt.Errorf("takes no template arguments")
			}
			a, err := atom.MakeMMAAtom(n)
			if err != nil {
				return nil, err
			}
			return MMAAtom{MMAAtom: a}, nil
		}
	}
	for _, pat := range atom.CopyAtomNames() {
		base, takes := pat, false
		if i := strings.IndexByte(pat, '<'); i >= 0 {
			base, takes = pat[:i], true
		}
		if _, dup := types[base]; dup {
			continue
		}
		b, tk := base, takes
		atomTypes[b] = true
		types[b] = func(targs []cute.Value) (cute.Value, error) {
			if !tk {
				if len(targs) > 0 {
					return nil, fmt.Errorf("takes no template arguments")
				}
				return CopyOp{Name: b}, nil
			}
			if len(targs) < 1 || len(targs) > 2 {
				return nil, fmt.Errorf("takes one or two element types")
			}
			names := make([]string, len(targs))
			for i, t := range targs {
				e, ok := t.(Elem)
				if !ok {
					return nil, fmt.Errorf("expected an element type, got %s", describe(t))
				}
				names[i] = e.Name
			}
			return CopyOp{Name: b + "<" + strings.Join(names, ",") + ">"}, nil
		}
	}
	types["MMA_Atom"] = func(targs []cute.Value) (cute.Value, error) {
		if len(targs) != 1 {
			return nil, fmt.Errorf("takes one template argument, the MMA operation")
		}
		a, ok := targs[0].(MMAAtom)
		if !ok {
			return nil, fmt.Errorf("expected an MMA operation, got %s", describe(targs[0]))
		}
		return a, nil
	}
	types["Copy_Atom"] = func(targs []cute.Value) (cute.Value, error) {
		if len(targs) != 2 {
			return nil, fmt.Errorf("takes two template arguments, the copy operation and the value type")
		}
		op, ok := targs[0].(CopyOp)
		if !ok {
			return nil, fmt.Errorf("expected a copy operation, got %s", describe(targs[0]))
		}
		e, ok := targs[1].(Elem)
		if !ok {
			return nil, fmt.Errorf("expected a value type, got %s", describe(targs[1]))
		}
		a, err := atom.MakeCopyAtom(op.Name, e.Name)
		if err != nil {
			return nil, err
		}
		return CopyAtom{CopyAtom: a}, nil
	}

	register("make_tiled_mma", 1, 3, func(c *ctx) cute.Value {
		a := c.mmaAtom(0)
		var l cute.Layout
		var p cute.Tiler
		if c.n() > 1 {
			l = c.layout(1)
		}
		if c.n() > 2 {
			p = c.tiler(2)
		}
		return TiledMMA{TiledMMA: must(atom.MakeTiledMMA(a, l, p))}
	})
	register("make_tiled_copy", 2, 3, func(c *ctx) cute.Value {
		a := c.copyAtom(0)
		var v cute.Layout
		if c.n() > 2 {
			v = c.layout(2)
		}
		return TiledCopy{TiledCopy: must(atom.MakeTiledCopy(a, c.layout(1), v))}
	})
	for name, f := range map[string]func(atom.CopyAtom, atom.TiledMMA) (atom.TiledCopy, error){
		"make_tiled_copy_A": atom.MakeTiledCopyA, "make_tiled_copy_B": atom.MakeTiledCopyB, "make_tiled_copy_C": atom.MakeTiledCopyC,
	} {
		f := f
		register(name, 2, 2, func(c *ctx) cute.Value { return TiledCopy{TiledCopy: must(f(c.copyAtom(0), c.tiledMMA(1)))} })
	}
	for name, f := range map[string]func(atom.TiledMMA) (cute.Layout, error){
		"get_layoutA_TV": atom.TiledMMA.LayoutA_TV, "get_layoutB_TV": atom.TiledMMA.LayoutB_TV, "get_layoutC_TV": atom.TiledMMA.LayoutC_TV,
	} {
		f := f
		register(name, 1, 1, func(c *ctx) cute.Value { return must(f(c.tiledMMA(0))) })
	}
	for name, f := range map[string]func(atom.TiledCopy) (cute.Layout, error){
		"get_layoutS_TV": atom.TiledCopy.LayoutS_TV, "get_layoutD_TV": atom.TiledCopy.LayoutD_TV,
	} {
		f := f
		register(name, 1, 1, func(c *ctx) cute.Value { return must(f(c.tiledCopy(0))) })
	}
	for name, f := range map[string]func(atom.TiledMMA, cute.Layout) (cute.Layout, error){
		"thrfrg_A": atom.TiledMMA.ThrfrgA, "thrfrg_B": atom.TiledMMA.ThrfrgB, "thrfrg_C": atom.TiledMMA.ThrfrgC,
	} {
		f := f
		register(name, 2, 2, func(c *ctx) cute.Value { return must(f(c.tiledMMA(0), c.layout(1))) })
	}
	for name, f := range map[string]func(atom.TiledCopy, cute.Layout) (cute.Layout, error){
		"tidfrg_S": atom.TiledCopy.TidfrgS, "tidfrg_D": atom.TiledCopy.TidfrgD,
	} {
		f := f
		register(name, 2, 2, func(c *ctx) cute.Value { return must(f(c.tiledCopy(0), c.layout(1))) })
	}
	register("tile_shape", 1, 1, func(c *ctx) cute.Value { return c.tiledMMA(0).TileShape() })
	register("tile_size", 2, 2, func(c *ctx) cute.Value {
		i := c.index(1)
		if i > 2 {
			c.bad(1, "mode %d of (M,N,K) out of range", i)
		}
		return cute.Int(c.tiledMMA(0).TileSizeMNK(i))
	})
	slice := func(c *ctx) cute.Value {
		switch x := c.args[0].(type) {
		case TiledMMA:
			return ThrMMA{ThrMMA: must(x.Slice(c.int(1)))}
		case TiledCopy:
			return ThrCopy{ThrCopy: must(x.Slice(c.int(1)))}
		}
		c.bad(0, "expected a TiledMMA or TiledCopy, got %s", describe(c.args[0]))
		return nil
	}
	register("get_slice", 2, 2, slice)
	register("get_thread_slice", 2, 2, slice)
	for _, w := range []string{"A", "B", "C"} {
		w := w
		register("partition_"+w, 2, 2, func(c *ctx) cute.Value {
			t := c.thrMMA(0)
			f := map[string]func(cute.Layout) (cute.Layout, cute.IntTuple, error){"A": t.PartitionA, "B": t.PartitionB, "C": t.PartitionC}[w]
			return partitioned(c, 1, f)
		})
		register("partition_fragment_"+w, 2, 2, func(c *ctx) cute.Value {
			t := c.thrMMA(0)
			f := map[string]func(cute.Layout) (cute.IntTuple, error){"A": t.PartitionFragmentA, "B": t.PartitionFragmentB, "C": t.PartitionFragmentC}[w]
			return must(cute.MakeLayoutLeft(must(f(c.layoutOrTensor(1)))))
		})
		register("partition_shape_"+w, 2, 2, func(c *ctx) cute.Value {
			m := c.tiledMMA(0)
			f := map[string]func(cute.IntTuple) (cute.IntTuple, error){"A": m.PartitionShapeA, "B": m.PartitionShapeB, "C": m.PartitionShapeC}[w]
			return must(f(c.shape(1)))
		})
	}
	register("partition_S", 2, 2, func(c *ctx) cute.Value { return partitioned(c, 1, c.thrCopy(0).PartitionS) })
	register("partition_D", 2, 2, func(c *ctx) cute.Value { return partitioned(c, 1, c.thrCopy(0).PartitionD) })
	retile := func(c *ctx) cute.Value {
		t := c.thrCopy(0)
		if x, ok := c.args[1].(Tensor); ok {
			return x.moved(c.name, must(t.Retile(x.Layout)), 0)
		}
		return must(t.Retile(c.layout(1)))
	}
	register("retile_S", 2, 2, retile)
	register("retile_D", 2, 2, retile)
}

func failIf(err error) {
	if err != nil {
		failErr(err)
	}
}

// partitioned applies a partition to a layout, or to a tensor (a view over the same
// counting iterator, moved by the partition's offset).
func partitioned(c *ctx, i int, f func(cute.Layout) (cute.Layout, cute.IntTuple, error)) cute.Value {
	if x, ok := c.args[i].(Tensor); ok {
		l, off, err := f(x.Layout)
		failIf(err)
		if !off.IsLeaf() || off.IsBasis() {
			c.fail("the partition's offset %v is not an integer", off)
		}
		return x.moved(c.name, l, off.Value())
	}
	l, _, err := f(c.layout(i))
	failIf(err)
	return l
}

func (c *ctx) layoutOrTensor(i int) cute.Layout {
	if x, ok := c.args[i].(Tensor); ok {
		return x.Layout
	}
	return c.layout(i)
}

func (c *ctx) mmaAtom(i int) atom.MMAAtom {
	a, ok := c.args[i].(MMAAtom)
	if !ok {
		c.bad(i, "expected an MMA atom, got %s", describe(c.args[i]))
	}
	return a.MMAAtom
}

func (c *ctx) copyAtom(i int) atom.CopyAtom {
	a, ok := c.args[i].(CopyAtom)
	if !ok {
		c.bad(i, "expected a Copy_Atom, got %s", describe(c.args[i]))
	}
	return a.CopyAtom
}

func (c *ctx) tiledMMA(i int) atom.TiledMMA {
	switch x := c.args[i].(type) {
	case TiledMMA:
		return x.TiledMMA
	case ThrMMA:
		return x.TiledMMA
	case MMAAtom:
		return must(atom.MakeTiledMMA(x.MMAAtom, cute.Layout{}, cute.Tiler{}))
	}
	c.bad(i, "expected a TiledMMA, got %s", describe(c.args[i]))
	return atom.TiledMMA{}
}

func (c *ctx) thrMMA(i int) atom.ThrMMA {
	t, ok := c.args[i].(ThrMMA)
	if !ok {
		c.bad(i, "expected a ThrMMA (tiled_mma.get_slice(t)), got %s", describe(c.args[i]))
	}
	return t.ThrMMA
}

func (c *ctx) tiledCopy(i int) atom.TiledCopy {
	switch x := c.args[i].(type) {
	case TiledCopy:
		return x.TiledCopy
	case ThrCopy:
		return x.TiledCopy
	}
	c.bad(i, "expected a TiledCopy, got %s", describe(c.args[i]))
	return atom.TiledCopy{}
}

func (c *ctx) thrCopy(i int) atom.ThrCopy {
	t, ok := c.args[i].(ThrCopy)
	if !ok {
		c.bad(i, "expected a ThrCopy (tiled_copy.get_slice(t)), got %s", describe(c.args[i]))
	}
	return t.ThrCopy
}
