package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/cutego/cutego/internal/explore"
)

func TestServe(t *testing.T) {
	srv := httptest.NewServer(newServer())
	defer srv.Close()

	r, err := http.Get(srv.URL + "/")
	require.NoError(t, err)
	body, _ := io.ReadAll(r.Body)
	r.Body.Close()
	assert.Equal(t, 200, r.StatusCode)
	assert.Contains(t, string(body), "app.js")

	// POST JSON, several lines: one output line each, the last one drawn.
	req := `{"expr":"size((4,5))\n# comment\nfoo(\n(4,5):(16,64)"}`
	r, err = http.Post(srv.URL+"/api/eval", "application/json", strings.NewReader(req))
	require.NoError(t, err)
	var resp EvalResponse
	require.NoError(t, json.NewDecoder(r.Body).Decode(&resp))
	r.Body.Close()
	require.Len(t, resp.Lines, 3)
	assert.Equal(t, "20", resp.Lines[0])
	assert.True(t, strings.HasPrefix(resp.Lines[1], "error: "))
	assert.Equal(t, "(4,5):(16,64)", resp.Result)
	assert.Equal(t, "layout", resp.Kind)
	assert.Equal(t, "20", resp.Size)
	assert.Equal(t, "305", resp.Cosize)
	assert.Contains(t, resp.Table, " 3  |  48 | 112 | 176 | 240 | 304 |")
	assert.Contains(t, resp.SVG, "<svg ")

	// GET with a TV tile.
	r, err = http.Get(srv.URL + "/api/eval?expr=" + url.QueryEscape("(8,2):(2,1)") + "&tv=" + url.QueryEscape("(4,4)"))
	require.NoError(t, err)
	resp = EvalResponse{}
	require.NoError(t, json.NewDecoder(r.Body).Decode(&resp))
	r.Body.Close()
	assert.Equal(t, 16, strings.Count(resp.SVG, "<rect "))

	// An error.
	r, err = http.Get(srv.URL + "/api/eval?expr=" + url.QueryEscape("composition(1,"))
	require.NoError(t, err)
	resp = EvalResponse{}
	require.NoError(t, json.NewDecoder(r.Body).Decode(&resp))
	r.Body.Close()
	assert.NotEmpty(t, resp.Error)

	// Large layouts are described but not drawn; sizes shown with humanize.
	r, err = http.Get(srv.URL + "/api/eval?expr=" + url.QueryEscape("(1024,1024):(1,1024)"))
	require.NoError(t, err)
	resp = EvalResponse{}
	require.NoError(t, json.NewDecoder(r.Body).Decode(&resp))
	r.Body.Close()
	assert.Equal(t, "1,048,576", resp.Size)
	assert.Empty(t, resp.SVG)
	assert.Contains(t, resp.Picture, "1,048,576 cells")

	// The picture alone.
	r, err = http.Get(srv.URL + "/api/svg?expr=" + url.QueryEscape("(2,2):(1,2)"))
	require.NoError(t, err)
	body, _ = io.ReadAll(r.Body)
	r.Body.Close()
	assert.Equal(t, "image/svg+xml", r.Header.Get("Content-Type"))
	assert.Contains(t, string(body), "<svg ")
	r, err = http.Get(srv.URL + "/api/svg?expr=" + url.QueryEscape("size((2,2))"))
	require.NoError(t, err)
	r.Body.Close()
	assert.Equal(t, http.StatusUnprocessableEntity, r.StatusCode)

	// Bad requests.
	r, err = http.Post(srv.URL+"/api/eval", "application/json", strings.NewReader("{"))
	require.NoError(t, err)
	r.Body.Close()
	assert.Equal(t, http.StatusBadRequest, r.StatusCode)
	rq, _ := http.NewRequest(http.MethodDelete, srv.URL+"/api/eval", nil)
	r, err = http.DefaultClient.Do(rq)
	require.NoError(t, err)
	r.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, r.StatusCode)
}

// do sends one request to h and returns the recorder.
func do(h http.Handler, method, target, ctype, body string, hdr map[string]string) *httptest.ResponseRecorder {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	r := httptest.NewRequest(method, target, rd)
	r.Host = "localhost:8080"
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	for k, v := range hdr {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// TestServeSVGOfShape: GET /api/svg?expr=(4,4) draws what `cutego render '(4,4)'` draws
// (it answered "no picture" before), byte for byte.
func TestServeSVGOfShape(t *testing.T) {
	w := do(newServer(), "GET", "/api/svg?expr="+url.QueryEscape("(4,4)"), "", "", nil)
	require.Equal(t, 200, w.Code, w.Body.String())
	code, want, _ := runCmd(t, "", "render", "(4,4)")
	require.Equal(t, 0, code)
	assert.Equal(t, want, w.Body.String())
	assert.Equal(t, 16, strings.Count(want, "<rect "))
}

// TestServeSVGOfTiledMMA: GET /api/svg draws a TiledMMA as `cutego render` does, with
// --thread and --readers as the query's thread and readers: a picture's shareable address.
func TestServeSVGOfTiledMMA(t *testing.T) {
	expr := "make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>>{})"
	w := do(newServer(), "GET", "/api/svg?thread=5&readers=1&expr="+url.QueryEscape(expr), "", "", nil)
	require.Equal(t, 200, w.Code, w.Body.String())
	code, want, _ := runCmd(t, "", "render", "--thread", "5", "--readers", expr)
	require.Equal(t, 0, code)
	assert.Equal(t, want, w.Body.String())
	w = do(newServer(), "GET", "/api/svg?expr="+url.QueryEscape(expr), "", "", nil)
	assert.NotEqual(t, want, w.Body.String())
}

// TestServeStatic: the page, its script and style are served; --site serves its folder
// first (the WebAssembly build of make demo), the embedded page after it.
func TestServeStatic(t *testing.T) {
	h := newServer()
	for _, p := range []string{"/", "/app.js", "/style.css"} {
		w := do(h, "GET", p, "", "", nil)
		assert.Equal(t, 200, w.Code, p)
	}
	assert.Contains(t, do(h, "GET", "/app.js", "", "", nil).Body.String(), "api/eval")
	assert.Equal(t, 404, do(h, "GET", "/wasm_exec.js", "", "", nil).Code)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "wasm_exec.js"), []byte("// go"), 0o644))
	c := defaultServeConfig()
	c.siteDir = dir
	h = newServerWith(c)
	assert.Equal(t, "// go", do(h, "GET", "/wasm_exec.js", "", "", nil).Body.String())
	assert.Equal(t, 200, do(h, "GET", "/app.js", "", "", nil).Code)
	assert.Equal(t, http.StatusMethodNotAllowed, do(h, "POST", "/", "application/json", "{}", nil).Code)
}

// TestServeBindsLoopback: by default serve listens on 127.0.0.1, and it prints the
// address it really bound (port 0 becomes the port the system chose).
func TestServeBindsLoopback(t *testing.T) {
	c, err := parseServe(nil)
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:8080", c.addr)
	c, err = parseServe([]string{"--addr", "127.0.0.1:0", "--timeout", "2s", "--max-inflight", "3", "--allow-host", "box.lan, Other.lan"})
	require.NoError(t, err)
	assert.Equal(t, []string{"box.lan", "other.lan"}, c.allowHosts)
	var log bytes.Buffer
	srv, ln, err := listen(c, &log)
	require.NoError(t, err)
	go srv.Serve(ln)
	defer srv.Close()
	line, _ := bufio.NewReader(&log).ReadString('\n')
	assert.Contains(t, line, "http://"+ln.Addr().String()+"/")
	assert.NotContains(t, line, ":0/")
	assert.NotContains(t, line, "reachable from other machines")
	r, err := http.Get("http://" + ln.Addr().String() + "/api/eval?expr=" + url.QueryEscape("size((4,5))"))
	require.NoError(t, err)
	var resp EvalResponse
	require.NoError(t, json.NewDecoder(r.Body).Decode(&resp))
	r.Body.Close()
	assert.Equal(t, "20", resp.Result)
	_, err = parseServe([]string{"--timeout", "0s"})
	assert.Error(t, err)
	_, err = parseServe([]string{"extra"})
	assert.Error(t, err)
	code, out, _ := runCmd(t, "", "serve", "--help")
	assert.Equal(t, 0, code)
	_ = out
}

// TestServeHostCheck: a name that is not localhost, an IP or allowed (DNS rebinding) is
// refused.
func TestServeHostCheck(t *testing.T) {
	c := defaultServeConfig()
	c.allowHosts = []string{"box.lan"}
	h := newServerWith(c)
	for host, want := range map[string]int{
		"localhost:8080": 200, "127.0.0.1:8080": 200, "[::1]:8080": 200, "app.localhost": 200,
		"box.lan:8080": 200, "10.0.0.7:8080": 200,
		"evil.example": 403, "evil.example:8080": 403, "localhost.evil.example": 403,
	} {
		r := httptest.NewRequest("GET", "/api/eval?expr=4", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		assert.Equal(t, want, w.Code, host)
	}
}

// TestServeCrossOrigin: a page on another origin cannot drive the API: its text/plain
// POST (a "simple" request that browsers send without asking) and any request with a
// foreign Origin are refused; the page's own same-origin requests pass.
func TestServeCrossOrigin(t *testing.T) {
	h := newServer()
	body := `{"expr":"(4,4)"}`
	w := do(h, "POST", "/api/eval", "text/plain", body, map[string]string{"Origin": "http://evil.example"})
	assert.Equal(t, http.StatusForbidden, w.Code)
	assert.Contains(t, w.Body.String(), "cross-origin")
	w = do(h, "POST", "/api/eval", "text/plain", body, nil)
	assert.Equal(t, http.StatusUnsupportedMediaType, w.Code)
	w = do(h, "POST", "/api/eval", "application/x-www-form-urlencoded", "expr=4", nil)
	assert.Equal(t, http.StatusUnsupportedMediaType, w.Code)
	w = do(h, "POST", "/api/eval", "application/json", body, map[string]string{"Origin": "null"})
	assert.Equal(t, http.StatusForbidden, w.Code)
	w = do(h, "GET", "/api/svg?expr=4:1", "", "", map[string]string{"Sec-Fetch-Site": "cross-site"})
	assert.Equal(t, http.StatusForbidden, w.Code)
	// Same origin: the page itself.
	w = do(h, "POST", "/api/eval", "application/json; charset=utf-8", body, map[string]string{"Origin": "http://localhost:8080", "Sec-Fetch-Site": "same-origin"})
	assert.Equal(t, 200, w.Code, w.Body.String())
}

// TestServeBodyLimit: a body over 1 MiB is refused with 413.
func TestServeBodyLimit(t *testing.T) {
	big := `{"expr":"` + strings.Repeat("4", maxRequest) + `"}`
	w := do(newServer(), "POST", "/api/eval", "application/json", big, nil)
	assert.Equal(t, http.StatusRequestEntityTooLarge, w.Code)
}

// TestServeLargeRefusedBeforeCells: a 1M-cell layout is described, not drawn, and its
// cells are never computed: the answer allocates a few hundred times, not a million
// (BenchmarkServeRefuseLarge: 40 µs, against 0.55 s when the cells came first).
func TestServeLargeRefusedBeforeCells(t *testing.T) {
	h := newServer()
	q := "/api/eval?expr=" + url.QueryEscape("(1024,1024):(1,1024)")
	allocs := testing.AllocsPerRun(3, func() { do(h, "GET", q, "", "", nil) })
	assert.Less(t, allocs, 1000.0)
	w := do(h, "GET", q, "", "", nil)
	var resp EvalResponse
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &resp))
	assert.Contains(t, resp.Picture, "1,048,576 cells")
	assert.Empty(t, resp.SVG)
	assert.Nil(t, resp.Cells)
}

// slowEval stands for a computation that runs until its context says stop; stopped
// receives once it has.
func slowEval(stopped chan<- error) func(context.Context, explore.Request, explore.Limits) explore.Response {
	return func(ctx context.Context, _ explore.Request, _ explore.Limits) explore.Response {
		<-ctx.Done()
		stopped <- ctx.Err()
		return explore.Response{Error: ctx.Err().Error()}
	}
}

// TestServeDeadline: past its deadline a request is answered 503 and its computation is
// told to stop.
func TestServeDeadline(t *testing.T) {
	stopped := make(chan error, 1)
	c := defaultServeConfig()
	c.timeout = 50 * time.Millisecond
	c.evaluate = slowEval(stopped)
	w := do(newServerWith(c), "GET", "/api/eval?expr=4", "", "", nil)
	assert.Equal(t, http.StatusServiceUnavailable, w.Code)
	assert.Contains(t, w.Body.String(), "took too long")
	select {
	case err := <-stopped:
		assert.ErrorIs(t, err, context.DeadlineExceeded)
	case <-time.After(5 * time.Second):
		t.Fatal("the computation did not stop")
	}
}

// TestServeClientLeaves: when the client goes away, the computation is told to stop. The
// client leaves once the computation has started (an event, not a clock).
func TestServeClientLeaves(t *testing.T) {
	stopped := make(chan error, 1)
	started := make(chan struct{})
	c := defaultServeConfig()
	c.timeout = time.Minute
	slow := slowEval(stopped)
	c.evaluate = func(ctx context.Context, req explore.Request, lim explore.Limits) explore.Response {
		close(started)
		return slow(ctx, req, lim)
	}
	srv := httptest.NewServer(newServerWith(c))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-started
		cancel()
	}()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/eval?expr=4", nil)
	_, err := http.DefaultClient.Do(req)
	assert.ErrorIs(t, err, context.Canceled)
	select {
	case err := <-stopped:
		assert.ErrorIs(t, err, context.Canceled)
	case <-time.After(5 * time.Second):
		t.Fatal("the computation went on after the client left")
	}
}

// TestServeConcurrencyCap: with the one slot taken by a computation that does not stop
// (one that never looks at its context), the request is answered 503 at its deadline and
// its slot is given back then: the next request is served at once. Computations still
// running past their deadline are bounded too (abandonedPerSlot per slot): past that
// bound a request is told the server is busy, until one of them ends.
func TestServeConcurrencyCap(t *testing.T) {
	release := make(chan struct{})
	var running atomic.Int32
	c := defaultServeConfig()
	c.maxInFlight = 1
	c.timeout = 300 * time.Millisecond
	c.evaluate = func(ctx context.Context, req explore.Request, _ explore.Limits) explore.Response {
		if req.Expr != "stuck" {
			return explore.Response{Result: req.Expr}
		}
		running.Add(1)
		defer running.Add(-1)
		<-release
		return explore.Response{Result: "done"}
	}
	h := newServerWith(c)
	for i := 0; i < 1+abandonedPerSlot; i++ {
		assert.Equal(t, http.StatusServiceUnavailable, do(h, "GET", "/api/eval?expr=stuck", "", "", nil).Code) // its own deadline
		if i < abandonedPerSlot {
			w := do(h, "GET", "/api/eval?expr=next", "", "", nil)
			assert.Equal(t, 200, w.Code, "request after %d abandoned computations", i+1)
		}
	}
	w := do(h, "GET", "/api/eval?expr=next", "", "", nil)
	assert.Equal(t, http.StatusServiceUnavailable, w.Code)
	assert.Contains(t, w.Body.String(), "busy")
	close(release)
	for i := 0; running.Load() != 0; i++ {
		require.Less(t, i, 5000, "the stuck computations never ended")
		time.Sleep(time.Millisecond)
	}
	// the last token comes back just after running drops: wait on the answer, not a clock
	for i := 0; ; i++ {
		if w = do(h, "GET", "/api/eval?expr=3", "", "", nil); w.Code == 200 || i > 50 {
			break
		}
	}
	assert.Equal(t, 200, w.Code)
}

// selfReferencing is a program whose value outgrows its text: a name redefined from
// copies of itself, whose value doubles on each line (2^45 leaves after 45 lines), and
// then depth(a).
func selfReferencing(copies, lines int) string {
	var b strings.Builder
	b.WriteString("auto a=(2,2):(1,2);\n")
	for range lines {
		b.WriteString("a=make_layout(a" + strings.Repeat(",a", copies-1) + ");\n")
	}
	b.WriteString("depth(a)")
	return b.String()
}

// TestServeSelfReference: requests whose names refer to themselves are answered, with an
// error naming the size limit, within their deadline; two sent at once leave the server
// free for a third (they used to run on, out of memory, holding their slots).
func TestServeSelfReference(t *testing.T) {
	h := newServer()
	bodies := []string{selfReferencing(2, 45), selfReferencing(100, 5)}
	codes := make(chan int, len(bodies))
	for _, e := range bodies {
		go func() {
			body, _ := json.Marshal(EvalRequest{Expr: e})
			w := do(h, "POST", "/api/eval", "application/json", string(body), nil)
			if w.Code == 200 {
				var resp EvalResponse
				json.Unmarshal(w.Body.Bytes(), &resp)
				if !strings.Contains(strings.Join(resp.Lines, "\n"), "the limit of one value") {
					t.Errorf("no size limit in the answer: %.300s", w.Body.String())
				}
			}
			codes <- w.Code
		}()
	}
	for range bodies {
		assert.Equal(t, 200, <-codes)
	}
	w := do(h, "GET", "/api/eval?expr="+url.QueryEscape(selfReferencing(2, 45)), "", "", nil)
	assert.Equal(t, 200, w.Code)
	w = do(h, "GET", "/api/eval?expr=size((4,8))", "", "", nil)
	assert.Equal(t, 200, w.Code)
	assert.Contains(t, w.Body.String(), "32")
}

// TestServeViewsAndExplain: the bank and TV views and the derivation come through the API.
func TestServeViewsAndExplain(t *testing.T) {
	h := newServer()
	get := func(q string) EvalResponse {
		w := do(h, "GET", "/api/eval?"+q, "", "", nil)
		require.Equal(t, 200, w.Code)
		var r EvalResponse
		require.NoError(t, json.Unmarshal(w.Body.Bytes(), &r))
		return r
	}
	r := get("expr=" + url.QueryEscape("(32,32):(32,1)") + "&view=bank&elem=4")
	assert.Contains(t, r.Summary, "32-way bank conflict")
	assert.Equal(t, "(5,3) → offset 163, byte 652: bank 3, 32-way conflict", r.Cells.Info[5*32+3])
	r = get("expr=" + url.QueryEscape("(8,2):(2,1)") + "&tv=" + url.QueryEscape("(4,4)"))
	assert.Equal(t, "tv", r.View)
	assert.Equal(t, "(1,1) ← thread 2, value 1", r.Cells.Info[1*4+1])
	r = get("expr=" + url.QueryEscape("logical_divide((4,2,3):(2,1,8),4:2)") + "&explain=1")
	require.NotNil(t, r.Explain)
	assert.Equal(t, "((2,2),(2,3)):((4,1),(2,8))", r.Explain.Result)
	assert.Len(t, r.Explain.Steps, 5)
	assert.Contains(t, r.Explain.Steps[2].SVG, "<svg ")
}

func BenchmarkServeEval(b *testing.B) {
	h := newServer()
	for b.Loop() {
		if w := do(h, "GET", "/api/eval?expr=(4,8):(1,4)", "", "", nil); w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkServeRefuseLarge: a 1M-cell layout is described without drawing (0.5 s
// before the size was checked first).
func BenchmarkServeRefuseLarge(b *testing.B) {
	h := newServer()
	q := "/api/eval?expr=" + url.QueryEscape("(1024,1024):(1,1024)")
	for b.Loop() {
		do(h, "GET", q, "", "", nil)
	}
}

// BenchmarkServeCrossOriginRefused: the Origin check costs nothing measurable.
func BenchmarkServeCrossOriginRefused(b *testing.B) {
	h := newServer()
	hdr := map[string]string{"Origin": "http://evil.example"}
	for b.Loop() {
		if w := do(h, "POST", "/api/eval", "text/plain", `{"expr":"4"}`, hdr); w.Code != 403 {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkServeBodyTooLarge: a 2 MiB body is refused after reading 1 MiB.
func BenchmarkServeBodyTooLarge(b *testing.B) {
	h := newServer()
	big := `{"expr":"` + strings.Repeat("4", 2*maxRequest) + `"}`
	for b.Loop() {
		if w := do(h, "POST", "/api/eval", "application/json", big, nil); w.Code != 413 {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkServeDeadline: a computation that would not end is answered at its 1 ms
// deadline.
func BenchmarkServeDeadline(b *testing.B) {
	stopped := make(chan error, 1)
	c := defaultServeConfig()
	c.timeout = time.Millisecond
	c.evaluate = slowEval(stopped)
	h := newServerWith(c)
	for b.Loop() {
		if w := do(h, "GET", "/api/eval?expr=4", "", "", nil); w.Code != 503 {
			b.Fatal(w.Code)
		}
		<-stopped
	}
}

// adversarialBody is a JSON request of about 1 MB of lines whose parse costs grow fast
// with their length in a naive parser (900 KB of `1@0@0…` once took 339 s).
func adversarialBody() string {
	line := "4:1@" + strings.Repeat("0@", 10000) + "0"
	var b strings.Builder
	b.WriteString(`{"expr":"`)
	for b.Len() < maxRequest-len(line)-16 {
		b.WriteString(line + `\n`)
	}
	b.WriteString(`(2,2)"}`)
	return b.String()
}

// TestServeAdversarialBody: a 1 MB body of such lines is answered, one line each, each
// long line refused before it is parsed (BenchmarkServeAdversarialBody: ~20 ms).
func TestServeAdversarialBody(t *testing.T) {
	body := adversarialBody()
	require.Greater(t, len(body), 1000000)
	w := do(newServer(), "POST", "/api/eval", "application/json", body, nil)
	require.Equal(t, 200, w.Code, w.Body.String())
	var r EvalResponse
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &r))
	assert.Equal(t, "(2,2)", r.Lines[len(r.Lines)-1])
	assert.Contains(t, r.Lines[0], "at most 16,384 bytes")
}

func BenchmarkServeAdversarialBody(b *testing.B) {
	h := newServer()
	body := adversarialBody()
	for b.Loop() {
		if w := do(h, "POST", "/api/eval", "application/json", body, nil); w.Code != 200 {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkServeHostRefused: the Host check in front of everything.
func BenchmarkServeHostRefused(b *testing.B) {
	h := newServer()
	for b.Loop() {
		r := httptest.NewRequest("GET", "/api/eval?expr=4", nil)
		r.Host = "evil.example"
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != 403 {
			b.Fatal(w.Code)
		}
	}
}

// BenchmarkServeBusy: with every slot taken, a request is told "busy" at its deadline
// (1 ms here) instead of adding work.
func BenchmarkServeBusy(b *testing.B) {
	release := make(chan struct{})
	c := defaultServeConfig()
	c.maxInFlight = 1
	c.timeout = time.Millisecond
	started := make(chan struct{})
	c.evaluate = func(context.Context, explore.Request, explore.Limits) explore.Response {
		close(started)
		<-release
		return explore.Response{}
	}
	h := newServerWith(c)
	go do(h, "GET", "/api/eval?expr=1", "", "", nil)
	<-started
	for b.Loop() {
		if w := do(h, "GET", "/api/eval?expr=2", "", "", nil); w.Code != 503 {
			b.Fatal(w.Code)
		}
	}
	close(release)
}

// TestServeSession: POST /api/eval evaluates a pasted block as one session, as `cutego
// eval` does: line 2 uses the name bound on line 1 (LayoutRight{} over (4,8) is
// (4,8):(8,1) by CuTe's definition; its size is 32).
func TestServeSession(t *testing.T) {
	h := newServer()
	body, err := json.Marshal(EvalRequest{Expr: "auto a = make_layout(make_shape(4,8), LayoutRight{});\nsize(a)"})
	require.NoError(t, err)
	w := do(h, "POST", "/api/eval", "application/json", string(body), nil)
	require.Equal(t, 200, w.Code)
	var r EvalResponse
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &r))
	assert.Equal(t, []string{"(4,8):(8,1)", "32"}, r.Lines)
	assert.Equal(t, "32", r.Result)
	assert.Empty(t, r.Error)
}
