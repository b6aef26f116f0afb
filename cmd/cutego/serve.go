package main

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cutego/cutego/internal/explore"
)

// site holds the explorer's page (index.html, app.js, style.css). `make demo` adds the
// WebAssembly build of cute and the eval language beside copies of them in build/site;
// `cutego serve --site build/site` serves that folder first, so the page evaluates in
// the browser and falls back to this server's API where the WebAssembly is missing.
//
//go:embed site
var site embed.FS

// EvalRequest and EvalResponse are the JSON of /api/eval (package explore).
type (
	EvalRequest  = explore.Request
	EvalResponse = explore.Response
)

// serveConfig is what `cutego serve` is told.
type serveConfig struct {
	addr        string
	timeout     time.Duration // per request, from its arrival to its answer
	maxInFlight int           // requests computing at once; more wait, up to their deadline
	allowHosts  []string      // host names accepted besides localhost and IP literals
	siteDir     string        // served before the embedded page
	limits      explore.Limits
	// evaluate answers a request (explore.Evaluate; tests put slow ones here).
	evaluate func(context.Context, explore.Request, explore.Limits) explore.Response
}

func defaultServeConfig() serveConfig {
	return serveConfig{
		addr:        "127.0.0.1:8080",
		timeout:     5 * time.Second,
		maxInFlight: max(2, runtime.GOMAXPROCS(0)),
		limits:      explore.DefaultLimits,
		evaluate:    explore.Evaluate,
	}
}

// maxRequest bounds the request body.
const maxRequest = 1 << 20

const serveUsage = `usage: cutego serve [--addr 127.0.0.1:8080] [--timeout 5s] [--max-inflight N]
                    [--allow-host name,…] [--site dir]

A layout explorer in the browser, and its JSON API (POST /api/eval, GET /api/svg?expr=…).
It listens on the loopback interface unless --addr names another, and prints the
address it really bound (--addr 127.0.0.1:0 picks a free port). Requests whose Host is
not localhost, an IP address or an --allow-host name, and cross-origin API requests,
are refused. Each request has --timeout to answer; at most --max-inflight compute at once.
With --site (e.g. build/site from make demo) the page runs the WebAssembly build.
`

// parseServe reads `cutego serve`'s flags.
func parseServe(args []string) (serveConfig, error) {
	c := defaultServeConfig()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&c.addr, "addr", c.addr, "listen address")
	fs.DurationVar(&c.timeout, "timeout", c.timeout, "deadline of each request")
	fs.IntVar(&c.maxInFlight, "max-inflight", c.maxInFlight, "requests computed at once")
	hosts := fs.String("allow-host", "", "comma-separated host names to accept")
	fs.StringVar(&c.siteDir, "site", "", "folder served before the embedded page (build/site)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return c, err
		}
		return c, usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return c, usageError{"unexpected arguments " + strings.Join(fs.Args(), " ")}
	}
	if c.timeout <= 0 || c.maxInFlight < 1 {
		return c, usageError{"--timeout and --max-inflight must be positive"}
	}
	for _, h := range strings.Split(*hosts, ",") {
		if h = strings.TrimSpace(h); h != "" {
			c.allowHosts = append(c.allowHosts, strings.ToLower(h))
		}
	}
	if c.siteDir != "" {
		if st, err := os.Stat(c.siteDir); err != nil || !st.IsDir() {
			return c, fmt.Errorf("--site %s: not a folder", c.siteDir)
		}
	}
	return c, nil
}

// cmdServe is `cutego serve`.
func cmdServe(args []string, logw io.Writer) error {
	c, err := parseServe(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(logw, serveUsage)
		return nil
	}
	if err != nil {
		return err
	}
	srv, ln, err := listen(c, logw)
	if err != nil {
		return err
	}
	return srv.Serve(ln)
}

// listen binds the address and prints the one really bound.
func listen(c serveConfig, logw io.Writer) (*http.Server, net.Listener, error) {
	ln, err := net.Listen("tcp", c.addr)
	if err != nil {
		return nil, nil, err
	}
	srv := &http.Server{
		Handler:           newServerWith(c),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      c.timeout + 30*time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	a := ln.Addr().(*net.TCPAddr)
	note := ""
	if !a.IP.IsLoopback() {
		note = " (reachable from other machines: --addr 127.0.0.1:PORT keeps it local)"
	}
	fmt.Fprintf(logw, "cutego serve: layout explorer on http://%s/%s\n", ln.Addr(), note)
	return srv, ln, nil
}

func newServer() http.Handler { return newServerWith(defaultServeConfig()) }

type server struct {
	serveConfig
	sem   chan struct{} // a slot per computing request, given back at its answer or deadline
	alive chan struct{} // a token per computation, given back when it really ends
}

// abandonedPerSlot bounds the computations still running past their deadline: at most
// this many per --max-inflight slot (they stop at their next look at the context; this
// bounds the memory of ones that are slow to look).
const abandonedPerSlot = 4

func newServerWith(c serveConfig) http.Handler {
	s := &server{serveConfig: c, sem: make(chan struct{}, c.maxInFlight),
		alive: make(chan struct{}, c.maxInFlight*(1+abandonedPerSlot))}
	mux := http.NewServeMux()
	pages, _ := fs.Sub(site, "site")
	var files fs.FS = pages
	if c.siteDir != "" {
		files = overlay{os.DirFS(c.siteDir), pages}
	}
	static := http.FileServerFS(files)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			httpError(w, http.StatusMethodNotAllowed, "the page is read with GET")
			return
		}
		static.ServeHTTP(w, r)
	})
	mux.HandleFunc("/api/eval", s.apiEval)
	mux.HandleFunc("GET /api/svg", s.apiSVG)
	return s.guard(mux)
}

// overlay serves from the first file system that has the file.
type overlay [2]fs.FS

func (o overlay) Open(name string) (fs.File, error) {
	f, err := o[0].Open(name)
	if err == nil {
		return f, nil
	}
	return o[1].Open(name)
}

// hostAllowed: localhost, an IP literal, or a name given with --allow-host. Other names
// could be an attacker's domain resolved to this machine (DNS rebinding).
func (s *server) hostAllowed(hostport string) bool {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	h = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSuffix(h, "]"), "["), "."))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") || net.ParseIP(h) != nil {
		return true
	}
	for _, a := range s.allowHosts {
		if h == a {
			return true
		}
	}
	return false
}

// guard refuses requests for other hosts, and API requests from other origins: a page
// elsewhere must not drive this server through its visitor's browser.
func (s *server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.hostAllowed(r.Host) {
			httpError(w, http.StatusForbidden, fmt.Sprintf("host %q is not served (use localhost, an IP address, or --allow-host)", r.Host))
			return
		}
		if strings.HasPrefix(r.URL.Path, "/api/") {
			if o := r.Header.Get("Origin"); o != "" {
				u, err := url.Parse(o)
				if err != nil || o == "null" || (u.Scheme != "http" && u.Scheme != "https") || !strings.EqualFold(u.Host, r.Host) {
					httpError(w, http.StatusForbidden, fmt.Sprintf("cross-origin request from %q refused", o))
					return
				}
			}
			if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
				httpError(w, http.StatusForbidden, "cross-site request refused")
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

func (s *server) apiEval(w http.ResponseWriter, r *http.Request) {
	var req EvalRequest
	switch r.Method {
	case http.MethodGet:
		req = queryRequest(r.URL.Query())
	case http.MethodPost:
		// JSON only: a form or text/plain POST is what a cross-origin page can send
		// without asking first.
		mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
		if err != nil || mt != "application/json" {
			httpError(w, http.StatusUnsupportedMediaType, "POST a JSON body with Content-Type: application/json")
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxRequest))
		if err != nil {
			var mb *http.MaxBytesError
			if errors.As(err, &mb) {
				httpError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is larger than %d bytes", maxRequest))
				return
			}
			httpError(w, http.StatusBadRequest, err.Error())
			return
		}
		if err := json.Unmarshal(body, &req); err != nil {
			httpError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
			return
		}
	default:
		w.Header().Set("Allow", "GET, POST")
		httpError(w, http.StatusMethodNotAllowed, "use GET or POST")
		return
	}
	resp, ok := s.work(w, r, req)
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

func queryRequest(q url.Values) EvalRequest {
	req := EvalRequest{Expr: q.Get("expr"), TV: q.Get("tv"), View: q.Get("view"), Access: q.Get("access")}
	req.Elem, _ = strconv.ParseInt(q.Get("elem"), 10, 64)
	req.Explain = q.Get("explain") == "1" || q.Get("explain") == "true"
	req.Readers = q.Get("readers") == "1" || q.Get("readers") == "true"
	if t, err := strconv.ParseInt(q.Get("thread"), 10, 64); err == nil {
		req.Thread = &t
	}
	return req
}

// work computes req within the request's deadline and the cap on concurrent work. It
// writes the error and returns ok == false when the answer is not there in time. The
// request's slot is given back when its answer is written or at its deadline, whichever
// comes first, so abandoned work never keeps later requests out; the abandoned
// computation stops soon after, at its next look at the context (between lines, in the
// cell loops), and what it can build before that is bounded by eval.ExplorerLimits.
func (s *server) work(w http.ResponseWriter, r *http.Request, req EvalRequest) (resp EvalResponse, ok bool) {
	// Only the deadline or a client that left cancels ctx while the computation runs
	// (work's own cancel runs on return), so ctx.Err() != nil means the answer came late.
	ctx, cancel := context.WithTimeout(r.Context(), s.timeout)
	defer cancel()
	busy := func() {
		if r.Context().Err() == nil {
			httpError(w, http.StatusServiceUnavailable, fmt.Sprintf("busy: %d requests are computing; try again", cap(s.sem)))
		}
	}
	select {
	case s.alive <- struct{}{}:
	case <-ctx.Done():
		busy()
		return resp, false
	}
	select {
	case s.sem <- struct{}{}:
	case <-ctx.Done():
		<-s.alive
		busy()
		return resp, false
	}
	var once sync.Once
	release := func() { once.Do(func() { <-s.sem }) }
	defer release()
	done := make(chan EvalResponse, 1)
	go func() {
		defer func() { <-s.alive }()
		defer release()
		defer func() {
			if p := recover(); p != nil {
				done <- EvalResponse{Lines: []string{}, Error: fmt.Sprintf("internal error: %v", p)}
			}
		}()
		done <- s.evaluate(ctx, req, s.limits)
	}()
	select {
	case resp = <-done:
		if ctx.Err() == nil {
			return resp, true
		}
		// Both were ready: a computation stopped by the deadline answers with the
		// context's error, which is no answer; the deadline decides.
	case <-ctx.Done():
	}
	if r.Context().Err() == nil { // the deadline, not a client that left
		httpError(w, http.StatusServiceUnavailable, fmt.Sprintf("stopped after %v: the computation took too long", s.timeout))
	}
	return resp, false
}

func httpError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(map[string]string{"error": msg})
}

// apiSVG answers GET /api/svg?expr=…[&tv=(M,N)][&view=…] with the picture itself, the
// same one `cutego render` draws.
func (s *server) apiSVG(w http.ResponseWriter, r *http.Request) {
	f := false
	req := queryRequest(r.URL.Query())
	req.Table, req.Explain, req.Plain = &f, false, true
	resp, ok := s.work(w, r, req)
	if !ok {
		return
	}
	if resp.SVG == "" {
		msg := resp.Error
		if msg == "" {
			msg = resp.Picture
		}
		if msg == "" {
			msg = fmt.Sprintf("no picture for %s (a %s)", resp.Result, resp.Kind)
		}
		httpError(w, http.StatusUnprocessableEntity, msg)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	io.WriteString(w, resp.SVG)
}
