//go:build browser

// The explorer driven in a real headless Chromium (make web-test, which builds the site
// and installs chromium first). Run by hand:
//
//	make web-site && CUTEGO_SITE=build/site CUTEGO_SHOTS=build go test -tags browser -run Browser ./cmd/cutego
package main

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// siteDir is the folder `make web-site` writes; the test refuses to run without it.
func siteDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("CUTEGO_SITE")
	if dir == "" {
		t.Fatal("CUTEGO_SITE is not set: run `make web-test` (it builds build/site first)")
	}
	dir, err := filepath.Abs(dir)
	require.NoError(t, err)
	for _, f := range []string{"index.html", "app.js", "wasm_exec.js", "cutego.wasm", "cutego-wasm.js"} {
		_, err := os.Stat(filepath.Join(dir, f))
		require.NoError(t, err, "the site lacks %s: run make web-site", f)
	}
	return dir
}

func browser(t *testing.T) (context.Context, context.CancelFunc) {
	t.Helper()
	path := ""
	for _, n := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(n); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Fatal("no chromium on PATH: run ci/setup-web.sh (make web-test does)")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // the test may run as root
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 1000),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 240*time.Second)
	return ctx, func() { cancelT(); cancelC(); cancelA() }
}

// waitState waits until the page has answered the last evaluation (body[data-state]).
func waitState(ctx context.Context) (string, error) {
	return chromedp.Run(ctx, chromedp.Poll[string](`document.body.dataset.state || ""`,
		chromedp.WithPollingTimeout(120*time.Second)))
}

// evaluate types expr into the page (as a person would) and presses Evaluate.
func typeAndRun(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	jsDo(t, ctx, `document.body.dataset.state = ""; document.getElementById('expr').value = ""`)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.ID("expr"), expr),
		chromedp.Click(chromedp.ID("go")),
	))
	st, err := waitState(ctx)
	require.NoError(t, err)
	return st
}

type drawnCell struct {
	M, N int64
	Text string
}

// readCells reads what the picture shows: each cell rect and the text drawn inside it.
const readCellsJS = `(() => {
  const texts = [...document.querySelectorAll('#svg text')].map(t => ({x: +t.getAttribute('x'), y: +t.getAttribute('y'), s: t.textContent}));
  return [...document.querySelectorAll('#svg rect.cell')].map(r => {
    const x = +r.getAttribute('x'), y = +r.getAttribute('y'), w = +r.getAttribute('width'), h = +r.getAttribute('height');
    const inside = texts.filter(t => t.x > x && t.x < x + w && t.y > y && t.y < y + h).map(t => t.s);
    return {M: +r.dataset.m, N: +r.dataset.n, Text: inside.join(' ')};
  });
})()`

func readCells(t *testing.T, ctx context.Context) []drawnCell {
	t.Helper()
	return js[[]drawnCell](t, ctx, readCellsJS)
}

// evalLines runs `cutego eval` on the lines and returns its output lines (an error line for a
// line that failed).
func evalLines(t *testing.T, lines []string) []string {
	t.Helper()
	code, out, errs := runCmd(t, strings.Join(lines, "\n")+"\n", "eval")
	// eval exits 1 when a line failed, still printing one line per input line.
	require.Contains(t, []int{0, 1}, code, errs)
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// checkCellsAgainstEval compares every drawn cell of the layout result with `cutego eval`
// of the result applied to the cell's coordinate.
func checkCellsAgainstEval(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	result := evalLines(t, []string{expr})[0]
	require.False(t, strings.HasPrefix(result, "error"), result)
	cells := readCells(t, ctx)
	require.NotEmpty(t, cells, expr)
	var lines []string
	for _, c := range cells {
		lines = append(lines, fmt.Sprintf("%s(%d,%d)", result, c.M, c.N))
	}
	want := evalLines(t, lines)
	for i, c := range cells {
		assert.Equal(t, want[i], c.Text, "%s: cell (%d,%d)", expr, c.M, c.N)
	}
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("CUTEGO_SHOTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "build")
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, png, 0o644))
	t.Logf("screenshot: %s", path)
}

func innerText(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return js[string](t, ctx, `document.querySelector(`+"`"+sel+"`"+`).textContent`)
}

// js evaluates a JavaScript expression in the page and returns its value.
func js[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	require.NoError(t, err, expr)
	return v
}

// jsDo runs JavaScript statements for their effect.
func jsDo(t *testing.T, ctx context.Context, stmts string) {
	t.Helper()
	js[bool](t, ctx, "(() => { "+stmts+"; return true })()")
}

func navigate(t *testing.T, ctx context.Context, u string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(u)))
}

// TestBrowserStaticSite opens build/site/index.html from disk (no server at all): the
// WebAssembly engine evaluates; typed expressions are drawn cell by cell as `cutego eval`
// computes them; hovering a cell reads its coordinate and offset; the URL holds the
// expression; bad input shows its error in place; the TV, bank and explain views draw.
func TestBrowserStaticSite(t *testing.T) {
	dir := siteDir(t)
	ctx, cancel := browser(t)
	defer cancel()
	page := "file://" + filepath.ToSlash(filepath.Join(dir, "index.html"))
	navigate(t, ctx, page)
	st, err := waitState(ctx)
	require.NoError(t, err)
	require.Equal(t, "done", st, innerText(t, ctx, "#error"))
	assert.Contains(t, innerText(t, ctx, "#engine"), "WebAssembly")

	for _, expr := range []string{
		"(4,5):(16,64)",
		"composition((20,2):(16,4),(4,5):(1,4))",
		"logical_divide((16,8):(1,16),(4:2,2:4))",
		"make_layout((4,8),LayoutRight)",
		"(4,4)",
		"Sw<2,1,2> o 0 o (8,8):(8,1)",
	} {
		require.Equal(t, "done", typeAndRun(t, ctx, expr), expr)
		checkCellsAgainstEval(t, ctx, expr)
	}
	checkSession(t, ctx)

	// Hover: the pointer over cell (1,2) of (4,5):(16,64) reads its coordinate and offset.
	typeAndRun(t, ctx, "((2,2),5):((1,32),64)")
	checkCellsAgainstEval(t, ctx, "((2,2),5):((1,32),64)")
	box := js[[]float64](t, ctx, `(() => { const r = document.querySelector('#svg rect.cell[data-m="3"][data-n="2"]'); r.scrollIntoView({block: 'center'}); const b = r.getBoundingClientRect(); return [b.x + b.width/2, b.y + b.height/2]; })()`)
	require.NoError(t, chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, box[0], box[1])))
	hover, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById('hover').textContent.includes('offset') && document.getElementById('hover').textContent`, chromedp.WithPollingTimeout(10*time.Second)))
	require.NoError(t, err)
	// (3,2) = ((1,1),2) → 1 + 32 + 128 = 161.
	assert.Equal(t, "(3,2) = ((1,1),2) → offset 161", hover)
	screenshot(t, ctx, "browser-explorer.png")

	// The URL holds the expression: opening it again draws the same.
	loc := js[string](t, ctx, `location.href`)
	u, err := url.Parse(loc)
	require.NoError(t, err)
	assert.Equal(t, "((2,2),5):((1,32),64)", u.Query().Get("expr"))
	before := readCells(t, ctx)
	jsDo(t, ctx, `document.body.dataset.state = ""`)
	navigate(t, ctx, loc)
	_, err = waitState(ctx)
	require.NoError(t, err)
	assert.Equal(t, before, readCells(t, ctx))

	// Bad input: the error in place, no picture.
	assert.Equal(t, "error", typeAndRun(t, ctx, "composition((4,2):(1,4),"))
	errText := innerText(t, ctx, "#error")
	assert.True(t, strings.HasPrefix(errText, "error: "), errText)
	assert.False(t, js[bool](t, ctx, `document.getElementById('error').hidden`))
	assert.Equal(t, "bad", js[string](t, ctx, `document.getElementById('expr').className`))
	assert.Empty(t, readCells(t, ctx))
	want := evalLines(t, []string{"composition((4,2):(1,4),"})[0]
	assert.Equal(t, want, innerText(t, ctx, "#lines"))
	screenshot(t, ctx, "browser-error.png")

	// Thread-value view: each cell (m,n) reads T<t> V<v> with tv(t,v) = m + n·M, as
	// cutego eval computes tv(t,v).
	jsDo(t, ctx, `document.getElementById('view').value = 'tv'; document.getElementById('tv').value = '(8,4)'`)
	typeAndRun(t, ctx, "((4,2),2):((2,16),1)")
	cells := readCells(t, ctx)
	require.Len(t, cells, 16)
	var lines []string
	for _, c := range cells {
		var th, v int64
		_, err := fmt.Sscanf(c.Text, "T%d V%d", &th, &v)
		require.NoError(t, err, c.Text)
		lines = append(lines, fmt.Sprintf("((4,2),2):((2,16),1)(%d,%d)", th, v))
	}
	for i, got := range evalLines(t, lines) {
		assert.Equal(t, fmt.Sprint(cells[i].M+8*cells[i].N), got, "cell (%d,%d) %s", cells[i].M, cells[i].N, cells[i].Text)
	}
	screenshot(t, ctx, "browser-tv.png")

	// Bank view: an 8×8 tile of 16-byte vectors, row-major: 8-way conflicts; swizzled
	// by Sw<3,0,3>: none.
	jsDo(t, ctx, `document.getElementById('view').value = 'bank'; document.getElementById('elem').value = '16'`)
	typeAndRun(t, ctx, "(8,8):(8,1)")
	assert.Contains(t, innerText(t, ctx, "#meta"), "8-way bank conflict")
	typeAndRun(t, ctx, "Sw<3,0,3> o 0 o (8,8):(8,1)")
	assert.Contains(t, innerText(t, ctx, "#meta"), "conflict-free")
	screenshot(t, ctx, "browser-bank.png")

	// Explain: logical_divide's five steps, each with its layout and picture.
	jsDo(t, ctx, `document.getElementById('view').value = 'data'; document.getElementById('explain').checked = true`)
	typeAndRun(t, ctx, "logical_divide((4,2,3):(2,1,8),4:2)")
	steps := js[[]string](t, ctx, `[...document.querySelectorAll('#steps .step h3')].map(h => h.textContent)`)
	pics := js[int](t, ctx, `document.querySelectorAll('#steps .step .pic svg').length`)
	require.Len(t, steps, 5)
	assert.Equal(t, "3. complement(B, shape(coalesce(A))) = (2,3):(1,8)", steps[2])
	assert.Equal(t, "5. composition(A, make_layout(B, complement(…))) = ((2,2),(2,3)):((4,1),(2,8))", steps[4])
	assert.Equal(t, 3, pics) // coalesce(A) and its shape (4,2,3) have rank 3: no picture
	screenshot(t, ctx, "browser-explain.png")
}

// sessionBlock is a block of CuTe C++ typed into the page: line 2 uses the name bound on
// line 1, as `cutego eval` reads it.
var sessionBlock = []string{
	"auto a = make_layout(make_shape(4,8), LayoutRight{});",
	"composition(a, make_layout(make_shape(2,2), make_stride(1,4)))",
}

// checkSession types sessionBlock (a newline in the box is a newline, not Evaluate) and
// checks the page's lines against `cutego eval` and its picture: a∘(2,2):(1,4) with
// a = (4,8):(8,1) is (2,2):(8,1) by hand (a's indices 0,1 and 0,4 are offsets 0,8 and 0,1).
func checkSession(t *testing.T, ctx context.Context) {
	t.Helper()
	require.Equal(t, "done", typeAndRun(t, ctx, strings.Join(sessionBlock, "\n")), innerText(t, ctx, "#error"))
	assert.Equal(t, strings.Join(evalLines(t, sessionBlock), "\n"), innerText(t, ctx, "#lines"))
	assert.Equal(t, []string{"(4,8):(8,1)", "(2,2):(8,1)"}, evalLines(t, sessionBlock))
	checkCellsAgainstEval(t, ctx, "(2,2):(8,1)")
}

// TestBrowserServe: `cutego serve --site build/site` serves the same page, which runs the
// WebAssembly build fetched over http; without the site folder the page asks the JSON
// API, and when the server is gone a failed request shows a message.
func TestBrowserServe(t *testing.T) {
	dir := siteDir(t)
	ctx, cancel := browser(t)
	defer cancel()

	c := defaultServeConfig()
	c.siteDir = dir
	withSite := httptest.NewServer(newServerWith(c))
	defer withSite.Close()
	navigate(t, ctx, withSite.URL+"/?expr="+url.QueryEscape("(4,5):(16,64)"))
	st, err := waitState(ctx)
	require.NoError(t, err)
	require.Equal(t, "done", st)
	assert.Contains(t, innerText(t, ctx, "#engine"), "WebAssembly")
	checkCellsAgainstEval(t, ctx, "(4,5):(16,64)")

	apiOnly := httptest.NewServer(newServer())
	navigate(t, ctx, apiOnly.URL+"/")
	_, err = waitState(ctx)
	require.NoError(t, err)
	assert.Contains(t, innerText(t, ctx, "#engine"), "cutego serve")
	typeAndRun(t, ctx, "composition((20,2):(16,4),(4,5):(1,4))")
	checkCellsAgainstEval(t, ctx, "composition((20,2):(16,4),(4,5):(1,4))")
	checkSession(t, ctx)
	assert.Equal(t, "error", typeAndRun(t, ctx, "nope("))
	assert.Contains(t, innerText(t, ctx, "#error"), "error: ")

	apiOnly.Close() // the server goes away: the next request fails, and says so
	assert.Equal(t, "failed", typeAndRun(t, ctx, "(4,4)"))
	assert.Contains(t, innerText(t, ctx, "#error"), "request failed")
	assert.Empty(t, innerText(t, ctx, "#lines")) // the last answer is not left standing
	assert.Empty(t, readCells(t, ctx))
	screenshot(t, ctx, "browser-request-failed.png")
}
