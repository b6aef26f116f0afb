package eval

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/cutego/cutego/cute"
	"github.com/stretchr/testify/assert"
)

// TestCppDocsMeasure pastes the C++ code blocks of CuTe's docs (CUTLASS v4.2.0,
// media/docs/cpp/cute/*.md) into eval, one session per doc, the blocks in the doc's
// order, and reports per block whether every statement ran and whether each value the
// doc prints in a comment (`// (4,(3,6)):(1,(4,12))`) is what eval printed. The docs are
// not part of the repository: it runs when CUTE_DOCS names a folder holding them, e.g.
//
//	git -C <cutlass> show v4.2.0:media/docs/cpp/cute/03_tensor.md > $CUTE_DOCS/03_tensor.md
//
// and writes the table to CUTE_DOCS_OUT (else the test log). docs/CPP-DOCS.md keeps it.
func TestCppDocsMeasure(t *testing.T) {
	dir := os.Getenv("CUTE_DOCS")
	if dir == "" {
		t.Skip("CUTE_DOCS is not set")
	}
	var out strings.Builder
	for _, doc := range docFiles {
		data, err := os.ReadFile(filepath.Join(dir, doc+".md"))
		if err != nil {
			t.Fatal(err)
		}
		measureDoc(&out, doc, string(data))
	}
	if path := os.Getenv("CUTE_DOCS_OUT"); path != "" {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Log("\n" + out.String())
}

var docFiles = []string{"01_layout", "02_layout_algebra", "03_tensor", "0t_mma_atom", "0x_gemm_tutorial", "0y_predication"}

// docBlockKind classifies the code blocks by the line of their opening fence: the blocks
// measured (layout, tensor, partition, mma) and the ones left out, with why. A block not
// listed is "other" (measured, reported apart).
var docBlockKind = map[string]string{
	"01_layout:132": "layout", "01_layout:178": "layout", "01_layout:186": "template",
	"01_layout:221": "template", "01_layout:402": "layout", "01_layout:431": "layout",
	"01_layout:448": "layout", "01_layout:456": "layout", "01_layout:463": "layout",
	"01_layout:473": "layout", "01_layout:484": "layout", "01_layout:496": "layout",

	"02_layout_algebra:21": "signature", "02_layout_algebra:30": "layout",
	"02_layout_algebra:57": "signature", "02_layout_algebra:64": "layout",
	"02_layout_algebra:120": "signature", "02_layout_algebra:264": "layout",
	"02_layout_algebra:275": "layout", "02_layout_algebra:291": "layout",
	"02_layout_algebra:311": "layout", "02_layout_algebra:345": "signature",
	"02_layout_algebra:394": "template", "02_layout_algebra:456": "layout",
	"02_layout_algebra:493": "template",

	"03_tensor:46": "signature", "03_tensor:102": "tensor", "03_tensor:154": "tensor",
	"03_tensor:187": "template", "03_tensor:196": "loop", "03_tensor:221": "signature",
	"03_tensor:251": "tensor", "03_tensor:284": "tensor", "03_tensor:293": "partition",
	"03_tensor:301": "partition", "03_tensor:313": "partition", "03_tensor:343": "loop",
	"03_tensor:356": "tensor", "03_tensor:363": "loop",

	"0t_mma_atom:117": "mma", "0t_mma_atom:181": "template", "0t_mma_atom:217": "mma",
	"0t_mma_atom:230": "mma", "0t_mma_atom:239": "mma", "0t_mma_atom:257": "pseudo",
	"0t_mma_atom:283": "pseudo", "0t_mma_atom:300": "mma", "0t_mma_atom:310": "mma",
	"0t_mma_atom:323": "mma", "0t_mma_atom:331": "mma", "0t_mma_atom:339": "mma",
	"0t_mma_atom:347": "mma", "0t_mma_atom:363": "mma", "0t_mma_atom:384": "pseudo",
	"0t_mma_atom:392": "pseudo", "0t_mma_atom:400": "pseudo", "0t_mma_atom:408": "mma",
	"0t_mma_atom:416": "mma", "0t_mma_atom:428": "mma", "0t_mma_atom:441": "atoms",
	"0t_mma_atom:448": "atoms", "0t_mma_atom:457": "atoms", "0t_mma_atom:467": "atoms",
	"0t_mma_atom:490": "atoms",

	"0x_gemm_tutorial:15": "signature", "0x_gemm_tutorial:54": "layout",
	"0x_gemm_tutorial:63": "tensor", "0x_gemm_tutorial:84": "layout",
	"0x_gemm_tutorial:91": "layout", "0x_gemm_tutorial:121": "layout",
	"0x_gemm_tutorial:131": "partition", "0x_gemm_tutorial:145": "partition",
	"0x_gemm_tutorial:151": "partition", "0x_gemm_tutorial:156": "partition",
	"0x_gemm_tutorial:169": "layout", "0x_gemm_tutorial:175": "layout",
	"0x_gemm_tutorial:184": "tensor", "0x_gemm_tutorial:207": "tensor",
	"0x_gemm_tutorial:220": "loop", "0x_gemm_tutorial:233": "layout",
	"0x_gemm_tutorial:239": "layout", "0x_gemm_tutorial:247": "layout",
	"0x_gemm_tutorial:260": "partition", "0x_gemm_tutorial:277": "kernel",
	"0x_gemm_tutorial:285": "loop", "0x_gemm_tutorial:301": "layout",
	"0x_gemm_tutorial:308": "layout", "0x_gemm_tutorial:318": "partition",
	"0x_gemm_tutorial:341": "kernel", "0x_gemm_tutorial:350": "loop",
	"0x_gemm_tutorial:384": "atoms", "0x_gemm_tutorial:395": "atoms",
	"0x_gemm_tutorial:405": "kernel", "0x_gemm_tutorial:414": "atoms",
	"0x_gemm_tutorial:424": "atoms", "0x_gemm_tutorial:435": "kernel",
	"0x_gemm_tutorial:442": "layout", "0x_gemm_tutorial:475": "template",

	"0y_predication:34": "loop", "0y_predication:75": "loop", "0y_predication:95": "loop",
	"0y_predication:129": "kernel", "0y_predication:143": "partition",
	"0y_predication:166": "tensor", "0y_predication:176": "partition",
	"0y_predication:191": "tensor", "0y_predication:203": "loop",
	"0y_predication:219": "kernel",
}

// docContext gives the run-time values a block uses but the doc defines nowhere (a
// kernel's parameters, a host function's arguments), as a user of eval would type them
// before pasting the block: fed to the doc's session before the block, not measured.
// The sizes are sgemm_1.cu's defaults (m = n = 5120, k = 4096, NT: ldA = m, ldB = n,
// ldC = m); pointers are left unbound (docs/EVAL.md: a counting iterator at 0).
var docContext = map[string][]string{
	"0x_gemm_tutorial:54": {"auto m = 5120; auto n = 5120; auto k = 4096;"},
	"0x_gemm_tutorial:63": {"auto shape_MNK = prob_shape;",
		"auto dA = make_stride(Int<1>{}, 5120); auto dB = make_stride(Int<1>{}, 5120); auto dC = make_stride(Int<1>{}, 5120);"},
	"0x_gemm_tutorial:84":  {"auto ldA = 5120; auto ldB = 5120; auto ldC = 5120;"},
	"0x_gemm_tutorial:184": {"using ASmemLayout = decltype(sA); using BSmemLayout = decltype(sB); using CSmemLayout = decltype(make_layout(make_shape(bM, bN)));"},
	"0x_gemm_tutorial:207": {"using TA = float; using TB = float;", "auto sA_layout = sA; auto sB_layout = sB;"},
	"0x_gemm_tutorial:247": {"using AThreadLayout = decltype(tA); using BThreadLayout = decltype(tB);"},
	"0x_gemm_tutorial:308": {"using CThreadLayout = decltype(tC);"},
	"03_tensor:356":        {"Tensor gmem = make_tensor(ptr, make_shape(Int<8>{}, 16));"},
	"0y_predication:143": {
		"auto mA = make_tensor(make_gmem_ptr(A), make_shape(5120, 4096), make_stride(Int<1>{}, 5120));",
		"auto mB = make_tensor(make_gmem_ptr(B), make_shape(5120, 4096), make_stride(Int<1>{}, 5120));",
		"auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});",
		"auto sA_layout = make_layout(make_shape(Int<128>{}, Int<8>{})); auto sB_layout = sA_layout;",
		"__shared__ float smemA[cosize_v<decltype(sA_layout)>]; __shared__ float smemB[cosize_v<decltype(sB_layout)>];",
		"auto tA = make_layout(make_shape(Int<32>{}, Int<8>{})); auto tB = tA;",
		"auto thread_idx = threadIdx.x;"},
}

// docErrata are comments of the docs that print a value wrongly, with what C++ CuTe
// prints; the block counts as matching when eval prints that.
var docErrata = map[string]string{
	"02_layout_algebra:311": "the comment `// (8, 3)` above `auto tiler = make_shape(Int<3>{}, Int<8>{});` writes the tiler backwards: C++ prints (_3,_8)",
}

// measured reports whether blocks of kind k are pasted into eval.
func measured(k string) bool {
	switch k {
	case "layout", "tensor", "partition", "mma", "atoms", "other":
		return true
	}
	return false
}

type docBlock struct {
	id    string
	kind  string
	lines []string
}

// docBlocks returns the ```cpp / ```c++ blocks of a Markdown doc.
func docBlocks(doc, text string) []docBlock {
	var out []docBlock
	var cur *docBlock
	for i, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case cur == nil && (t == "```cpp" || t == "```c++"):
			id := fmt.Sprintf("%s:%d", doc, i+1)
			k, ok := docBlockKind[id]
			if !ok {
				k = "other"
			}
			out = append(out, docBlock{id: id, kind: k})
			cur = &out[len(out)-1]
		case cur != nil && strings.HasPrefix(t, "```"):
			cur = nil
		case cur != nil:
			cur.lines = append(cur.lines, line)
		}
	}
	return out
}

// valueComment is a comment that holds a CuTe value (digits, parentheses, ':' '@' ','
// and `_` marks; no words).
var valueComment = regexp.MustCompile(`^[-_0-9(),:@ ]*[0-9][-_0-9(),:@ ]*$`)

// expectedValue is the value a doc's line comment prints, or "".
func expectedValue(line string) string {
	i := strings.Index(line, "//")
	if i < 0 {
		return ""
	}
	c := strings.TrimSpace(line[i+2:])
	if !valueComment.MatchString(c) {
		return ""
	}
	return strings.ReplaceAll(stripStatic(c), " ", "")
}

// matches reports whether eval's printed result agrees with the doc's comment: the whole
// value, the layout of a tensor, or the shape of either (docs annotate tensors by shape).
func matches(got, want string) bool {
	cands := []string{got}
	if i := strings.LastIndex(got, " o "); i >= 0 && (strings.HasPrefix(got, "counting_iter") || strings.HasPrefix(got, "ArithTuple")) {
		cands = append(cands, got[i+3:])
	}
	for _, c := range cands {
		c = strings.ReplaceAll(c, " ", "")
		sh, _, _ := strings.Cut(c, ":")
		if c == want || sh == want {
			return true
		}
		// Docs annotate a hierarchical shape by its mode sizes: ((2,4),(2,2)) is (8,4).
		if t, err := cute.ParseIntTuple(sh); err == nil {
			if pe, err := cute.ProductEach(t); err == nil && pe.String() == want {
				return true
			}
		}
	}
	return false
}

type blockResult struct {
	b          docBlock
	ran        bool
	mismatch   []string
	compared   int
	firstError string
	answered   int // statements that produced a line
}

func runBlock(s *Session, b docBlock) blockResult {
	r := blockResult{b: b, ran: true}
	want := ""
	for _, line := range b.lines {
		if e := expectedValue(line); e != "" && strings.HasPrefix(strings.TrimSpace(line), "//") {
			want = e // a value comment on its own line: the next statement's value
			continue
		}
		res, ok := s.Line(line)
		if !ok {
			continue
		}
		r.answered++
		if e := expectedValue(line); e != "" {
			want = e
		}
		if res.Err != nil {
			if r.ran {
				r.firstError = strings.TrimSpace(line) + " → " + res.String()
			}
			r.ran = false
		} else if want != "" {
			r.compared++
			if !matches(res.String(), want) {
				r.mismatch = append(r.mismatch, fmt.Sprintf("%s: got %s, doc %s", strings.TrimSpace(line), res.String(), want))
			}
		}
		want = ""
	}
	if res, ok := s.Close(); ok && res.Err != nil {
		if r.ran {
			r.firstError = "end of block → " + res.String()
		}
		r.ran = false
	}
	if r.ran && r.answered == 0 {
		r.ran, r.firstError = false, "no statement answered: the block was skipped silently"
	}
	return r
}

func measureDoc(out *strings.Builder, doc, text string) {
	s := NewSession()
	blocks := docBlocks(doc, text)
	counts := map[string][2]int{}
	left := map[string]int{}
	fmt.Fprintf(out, "### %s\n\n| block | kind | context | runs | doc values matched | first failure |\n|---|---|---|---|---|---|\n", doc)
	for _, b := range blocks {
		if !measured(b.kind) {
			left[b.kind]++
			continue
		}
		ctx := docContext[b.id]
		for _, line := range ctx {
			if res, ok := s.Line(line); ok && res.Err != nil {
				fmt.Fprintf(out, "context of %s failed: %s → %s\n", b.id, line, res)
			}
		}
		r := runBlock(s, b)
		erratum := docErrata[b.id]
		ok := r.ran && (len(r.mismatch) == 0 || erratum != "")
		c := counts[b.kind]
		c[1]++
		if ok {
			c[0]++
		}
		counts[b.kind] = c
		runs := "yes"
		if !r.ran {
			runs = "no"
		}
		why := r.firstError
		if r.ran && len(r.mismatch) > 0 {
			why = "mismatch: " + r.mismatch[0]
			if erratum != "" {
				why = "doc erratum: " + erratum
			}
		}
		why = strings.ReplaceAll(why, "|", `\|`)
		if len(why) > 200 {
			why = why[:200] + "…"
		}
		withCtx := ""
		if len(ctx) > 0 {
			withCtx = "yes"
		}
		fmt.Fprintf(out, "| %s | %s | %s | %s | %d/%d | %s |\n", b.id, b.kind, withCtx, runs, r.compared-len(r.mismatch), r.compared, why)
	}
	var kinds []string
	for k := range counts {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	fmt.Fprintf(out, "\n%s totals:", doc)
	for _, k := range kinds {
		fmt.Fprintf(out, " %s %d/%d;", k, counts[k][0], counts[k][1])
	}
	var lk []string
	for k := range left {
		lk = append(lk, k)
	}
	sort.Strings(lk)
	fmt.Fprintf(out, " left out:")
	for _, k := range lk {
		fmt.Fprintf(out, " %s %d;", k, left[k])
	}
	fmt.Fprintf(out, "\n\n")
}

// TestEvalCppDocsCases: the tensor, partitioning and coordinate-tensor statements of
// CuTe's docs (03_tensor.md, 0x_gemm_tutorial.md, 0y_predication.md) against C++ CuTe
// (testdata/cpp/cppdocs.cpp → cppdocs.out): raw pointers the doc leaves unbound
// (`ptr`, make_gmem_ptr(A)), Step projections, select on a coordinate,
// make_tensor<float>, make_tensor_like and make_identity_tensor, and print_tensor of
// coordinate tensors.
func TestEvalCppDocsCases(t *testing.T) {
	lines, blocks := checkCppOut(t, "testdata/cpp/cppdocs.out")
	assert.Equal(t, 54, lines)
	assert.Equal(t, 5, blocks)
}
