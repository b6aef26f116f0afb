//go:build cuda

package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/cutego/cutego/cute"
	"github.com/cutego/cutego/cute/einsum"
)

// ccase is one contraction: an einsum spec, the extents of a small (verified) and a large
// (timed) instance, written "b=8,h=32,...".
type ccase struct {
	name, spec   string
	small, large string
	nbatch       bool // move A/C's non-coalescing row leaves into the batch mode (B stride 0)
	note         string
}

var cases = []ccase{
	{name: "attn_scores", spec: "bhqd,bhkd->bhqk",
		small: "b=2,h=3,q=136,k=72,d=64", large: "b=8,h=32,q=2048,k=2048,d=128"},
	{name: "attn_out", spec: "bhqk,bhkd->bhqd",
		small: "b=2,h=3,q=136,k=72,d=64", large: "b=8,h=32,q=2048,k=2048,d=128"},
	{name: "conv1x1_nhwc", spec: "nhwc,kc->nhwk",
		small: "n=2,h=10,w=10,c=64,k=48", large: "n=32,h=56,w=56,c=256,k=256"},
	{name: "conv1x1_nchw", spec: "nchw,kc->nkhw",
		small: "n=2,c=64,h=12,w=12,k=48", large: "n=32,c=256,h=56,w=56,k=256",
		note: "expected generic: the row mode (n,h,w) has strides (c*h*w, w, 1), no single stride"},
	{name: "conv1x1_nchw_nbatch", spec: "nchw,kc->nkhw", nbatch: true,
		small: "n=2,c=64,h=12,w=12,k=48", large: "n=32,c=256,h=56,w=56,k=256",
		note: "n moved from the row mode to the batch mode, B broadcast (stride 0)"},
	{name: "gett_paper", spec: "stupr,qtru->stqp",
		small: "s=6,t=3,u=8,p=5,r=8,q=24", large: "s=64,t=4,u=32,p=64,r=32,q=512",
		note: "the paper's GETT on row-major tensors: (s,p) and (u,r) do not coalesce, generic"},
	{name: "gett_like", spec: "tspur,tqur->tspq",
		small: "t=2,s=6,p=16,u=4,r=16,q=40", large: "t=4,s=64,p=64,u=32,r=32,q=2048",
		note: "a GETT with grouped modes adjacent: M=(s,p), N=q, K=(u,r), L=t"},
	{name: "bgemm", spec: "bmk,bnk->bmn",
		small: "b=3,m=136,n=72,k=64", large: "b=16,m=4096,n=4096,k=4096"},
}

// sizes parses "b=8,h=32" into extents per letter.
func sizes(s string) (map[byte]int64, error) {
	m := map[byte]int64{}
	for _, kv := range strings.Split(s, ",") {
		k, v, found := strings.Cut(strings.TrimSpace(kv), "=")
		if !found || len(k) != 1 {
			return nil, fmt.Errorf("bad size %q", kv)
		}
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad size %q", kv)
		}
		m[k[0]] = n
	}
	return m, nil
}

// letters is every index letter of the spec once, in order of appearance.
func letters(s einsum.Spec) string {
	var b []byte
	for _, ch := range []byte(s.A + s.B + s.C) {
		if !strings.ContainsRune(string(b), rune(ch)) {
			b = append(b, ch)
		}
	}
	return string(b)
}

func numel(idx string, ext map[byte]int64) int64 {
	n := int64(1)
	for i := 0; i < len(idx); i++ {
		n *= ext[idx[i]]
	}
	return n
}

// rowMajor is the layout of a contiguous row-major tensor with the given indices (torch's
// default): mode i is index idx[i], the last index has unit stride.
func rowMajor(idx string, ext map[byte]int64) cute.Layout {
	sh, st := make([]int64, len(idx)), make([]int64, len(idx))
	s := int64(1)
	for i := len(idx) - 1; i >= 0; i-- {
		sh[i], st[i] = ext[idx[i]], s
		s *= ext[idx[i]]
	}
	return cute.MustLayout(cute.Ints(sh...), cute.Ints(st...))
}

func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

func reverseModes(l cute.Layout) cute.Layout {
	sh, st := l.Shape().LeafValues(nil), l.Stride().LeafValues(nil)
	for i, j := 0, len(sh)-1; i < j; i, j = i+1, j-1 {
		sh[i], sh[j] = sh[j], sh[i]
		st[i], st[j] = st[j], st[i]
	}
	return cute.MustLayout(cute.Ints(sh...), cute.Ints(st...))
}

// rowsToBatch splits the row mode m̂ of A and C into its longest leading run of leaves that
// coalesces in both (the new m̂) and the rest, which joins the batch mode l̂ with stride 0
// in B: C(m1,n,(m2,l)) = A(m1,k,(m2,l)) · B(n,k,(m2,l)) with B not depending on m2. The
// same contraction; it turns a row mode with two strides into a batch the wgmma path takes.
func rowsToBatch(a, b, c cute.Layout) (na, nb, nc cute.Layout, moved bool, err error) {
	am, err := a.Mode(0)
	if err != nil {
		return
	}
	cm, err := c.Mode(0)
	if err != nil {
		return
	}
	ash, ast := am.Shape().LeafValues(nil), am.Stride().LeafValues(nil)
	cst := cm.Stride().LeafValues(nil)
	// drop size-1 leaves
	var sh, sa, sc []int64
	for i := range ash {
		if ash[i] > 1 {
			sh, sa, sc = append(sh, ash[i]), append(sa, ast[i]), append(sc, cst[i])
		}
	}
	j := 1
	for j < len(sh) && sa[j] == sh[j-1]*sa[j-1] && sc[j] == sh[j-1]*sc[j-1] {
		j++
	}
	if len(sh) <= 1 || j == len(sh) {
		return a, b, c, false, nil
	}
	zeros := make([]int64, len(sh)-j)
	build := func(x cute.Layout, mStride []int64, lStride []int64) (cute.Layout, error) {
		k, err := x.Mode(1)
		if err != nil {
			return cute.Layout{}, err
		}
		l, err := x.Mode(2)
		if err != nil {
			return cute.Layout{}, err
		}
		var m cute.Layout
		if mStride != nil {
			m = cute.MustLayout(cute.Ints(sh[:j]...), cute.Ints(mStride[:j]...))
		} else {
			m, err = x.Mode(0) // B's column mode
			if err != nil {
				return cute.Layout{}, err
			}
		}
		nl := cute.MustLayout(cute.Tuple(cute.Ints(sh[j:]...), l.Shape()), cute.Tuple(cute.Ints(lStride...), l.Stride()))
		return cute.MakeLayoutModes(m, k, nl)
	}
	if na, err = build(a, sa, sa[j:]); err != nil {
		return
	}
	if nb, err = build(b, nil, zeros); err != nil {
		return
	}
	if nc, err = build(c, sc, sc[j:]); err != nil {
		return
	}
	return na, nb, nc, true, nil
}

func bf16(f float32) uint16 {
	u := math.Float32bits(f)
	u += 0x7FFF + ((u >> 16) & 1)
	return uint16(u >> 16)
}
func fromBF16(h uint16) float64 { return float64(math.Float32frombits(uint32(h) << 16)) }

// reference is C[spec.C] = Σ A[spec.A]·B[spec.B] in float64 over every assignment of the
// index letters (an odometer), the operands row-major in their written index order.
func reference(spec einsum.Spec, ext map[byte]int64, ha, hb []uint16) []float64 {
	lt := letters(spec)
	strides := func(idx string) []int64 { // per letter of lt: the operand's stride, 0 if absent
		st := make([]int64, len(lt))
		s := int64(1)
		for i := len(idx) - 1; i >= 0; i-- {
			st[strings.IndexByte(lt, idx[i])] += s
			s *= ext[idx[i]]
		}
		return st
	}
	sa, sb, sc := strides(spec.A), strides(spec.B), strides(spec.C)
	out := make([]float64, numel(spec.C, ext))
	crd := make([]int64, len(lt))
	for {
		var oa, ob, oc int64
		for i, x := range crd {
			oa += x * sa[i]
			ob += x * sb[i]
			oc += x * sc[i]
		}
		out[oc] += fromBF16(ha[oa]) * fromBF16(hb[ob])
		i := len(lt) - 1
		for ; i >= 0; i-- {
			if crd[i]++; crd[i] < ext[lt[i]] {
				break
			}
			crd[i] = 0
		}
		if i < 0 {
			return out
		}
	}
}
