package main

import (
	"os"
	"strings"
	"testing"
)

// TestRenderTiledLatex: `cutego render --format tex` of a TiledMMA and of a TiledCopy,
// written as C++ CuTe's own expression, is byte for byte the print_latex that C++ printed
// for it (cute/atom/testdata/print_latex.cpp, its output print_latex.golden).
func TestRenderTiledLatex(t *testing.T) {
	golden, err := os.ReadFile("../../cute/atom/testdata/print_latex.golden")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../cute/atom/testdata/print_latex.cpp")
	if err != nil {
		t.Fatal(err)
	}
	// the C++ expression of each case, in the order of the golden file's "== " headers
	var exprs []string
	for _, line := range strings.Split(string(src), "\n") {
		if e, ok := strings.CutPrefix(strings.TrimSpace(line), "print_latex("); ok {
			exprs = append(exprs, strings.TrimSuffix(e, ");"))
		}
	}
	chunks := strings.Split(string(golden), "== ")[1:]
	if len(chunks) != len(exprs) || len(exprs) < 2 {
		t.Fatalf("%d expressions, %d outputs", len(exprs), len(chunks))
	}
	for i, e := range exprs {
		want := chunks[i][strings.IndexByte(chunks[i], '\n')+1:]
		code, out, errOut := runCmd(t, "", "render", "--format", "tex", e)
		if code != 0 || out != want {
			t.Errorf("render %s: exit %d %s; output differs from C++'s print_latex (%d vs %d bytes)", e, code, errOut, len(out), len(want))
		}
	}
	if code, out, errOut := runCmd(t, "", "render", "--readers", "--thread", "3", exprs[0]); code != 0 || !strings.Contains(out, "<svg") || !strings.Contains(out, "framed: thread 3") {
		t.Errorf("render of a TiledMMA as svg: exit %d, %q", code, errOut)
	}
	for _, bad := range [][]string{
		{"--format", "tex", "--readers", exprs[0]}, // print_latex is CuTe's picture only
		{"--tiler", exprs[0]},                      // a TiledMMA has no Tiler_MN
		{"--thread", "2", "(4,8)"},                 // a layout has no threads
		{"--tv", "(8,8)", exprs[0]},
		{"--view", "bank", exprs[0]},
	} {
		if code, _, errOut := runCmd(t, "", append([]string{"render"}, bad...)...); code != 2 {
			t.Errorf("render %v: exit %d, %q", bad, code, errOut)
		}
	}
	if code, _, errOut := runCmd(t, "", "render", "--thread", "999", exprs[0]); code != 1 || !strings.Contains(errOut, "thread 999") {
		t.Errorf("render --thread 999: exit %d, %q", code, errOut)
	}
}
