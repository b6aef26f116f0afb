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
	checkEngineStart(t, ctx, "cutego-wasm.js")
	checkPageLayout(t, ctx)

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
	assert.GreaterOrEqual(t, js[float64](t, ctx, minTextHeightJS("#steps .step .pic")), 11.0,
		"the step pictures' text is too small to read")
	screenshot(t, ctx, "browser-explain.png")
}

// engineEvent is one entry of the page's cutegoEngineLog: a stage of the engine's start as
// #engine showed it, and whether an evaluation was waiting for it then.
type engineEvent struct {
	Ms      float64
	Msg     string
	Waiting bool
}

// checkEngineStart: the page said what it was waiting for while the engine started. It
// evaluates at once when it opens, so that first evaluation waits and #meta showed each
// stage — loading the named file, unpacking (from disk), compiling, starting — then ready.
func checkEngineStart(t *testing.T, ctx context.Context, file string) {
	t.Helper()
	log := js[[]engineEvent](t, ctx, `cutegoEngineLog`)
	require.NotEmpty(t, log)
	var stages []string
	for _, e := range log {
		stages = append(stages, e.Msg)
	}
	t.Logf("engine start (ms since navigation): %v", log)
	assert.Contains(t, log[0].Msg, file, "the first stage names the file it loads")
	assert.Equal(t, "ready", log[len(log)-1].Msg)
	waited := false
	for _, e := range log[:len(log)-1] {
		waited = waited || (e.Waiting && strings.Contains(e.Msg, file))
	}
	assert.True(t, waited, "no evaluation was shown waiting for %s: %v", file, stages)
	for _, want := range []string{"compiling", "starting"} {
		assert.True(t, strings.Contains(strings.Join(stages, "\n"), want), "no %q stage: %v", want, stages)
	}
	if file == "cutego-wasm.js" {
		assert.True(t, strings.Contains(strings.Join(stages, "\n"), "unpacking"), "no unpacking stage: %v", stages)
	}
	assert.NotContains(t, innerText(t, ctx, "#meta"), "waiting", "the answer replaced the waiting note")
}

// minTextHeightJS is the smallest height (CSS pixels, as drawn) of the text in a picture.
func minTextHeightJS(sel string) string {
	return `Math.min(...[...document.querySelectorAll('` + sel + ` svg text')].map(t => t.getBoundingClientRect().height))`
}

// pageWidthJS: how wide the page is drawn (its scroll width) and the window's width.
const pageWidthJS = `[document.scrollingElement.scrollWidth, window.innerWidth]`

// checkPageLayout: the input grows with its lines (and shrinks back); a wide table and a
// wide picture scroll inside their own panels while the page keeps the window's width; the
// picture's text keeps a readable size instead of shrinking to the page.
func checkPageLayout(t *testing.T, ctx context.Context) {
	t.Helper()
	box := `(() => { const e = document.getElementById('expr'); return [e.clientHeight, e.scrollHeight]; })()`
	typeAndRun(t, ctx, "(4,4)")
	small := js[[]float64](t, ctx, box)
	var lines []string
	for i := 1; i <= 12; i++ {
		lines = append(lines, fmt.Sprintf("auto l%d = make_layout(make_shape(%d,2));", i, i))
	}
	require.Equal(t, "done", typeAndRun(t, ctx, strings.Join(lines, "\n")), innerText(t, ctx, "#error"))
	tall := js[[]float64](t, ctx, box)
	assert.GreaterOrEqual(t, tall[0], tall[1], "12 lines: the input shows %v of %v pixels", tall[0], tall[1])
	assert.Greater(t, tall[0], 2*small[0], "the input did not grow with 12 lines")
	typeAndRun(t, ctx, "(4,4)")
	assert.Equal(t, small, js[[]float64](t, ctx, box), "the input did not shrink back")

	// (4,128):(128,1): its print_layout table is about 6,000 pixels wide, its picture 5,000.
	require.Equal(t, "done", typeAndRun(t, ctx, "(4,128):(128,1)"))
	w := js[[]float64](t, ctx, pageWidthJS)
	assert.LessOrEqual(t, w[0], w[1], "the page is wider than the window")
	for _, panel := range []string{"table", "svg"} {
		p := js[[]float64](t, ctx, `(() => { const e = document.getElementById('`+panel+`'); const r = e.getBoundingClientRect(); return [e.scrollWidth, e.clientWidth, r.right]; })()`)
		assert.Greater(t, p[0], p[1], "#%s does not scroll: its content is not wider than its panel", panel)
		assert.LessOrEqual(t, p[2], w[1], "#%s runs past the window", panel)
	}
	assert.GreaterOrEqual(t, js[float64](t, ctx, minTextHeightJS("#svg")), 12.0, "the picture's text is too small to read")
	screenshot(t, ctx, "browser-wide.png")
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
	checkEngineStart(t, ctx, "cutego.wasm")
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
