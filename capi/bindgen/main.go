// Command bindgen writes libcutego's binding surface for the algebra from one table (ops.go):
//
//   - capi/ops_gen.go: the cgo exports, each a call of a body of capi/ops.go;
//   - include/cutego.h: the prototypes with their doc lines;
//   - include/cutego.hpp: the C++ functions;
//   - python/cutego/_ffi.py: the ctypes signatures;
//   - python/cutego/_cext.c: the entries of the extension's fast-path table;
//   - python/cutego/__init__.py: the import of the Python functions (python/cutego/layout.py,
//     written by hand: PyCuTe's names, arguments and docs) into the package.
//
// In the headers and the Python files it replaces the lines between the marks
// "BEGIN bindgen" and "END bindgen". Run by `go generate ./capi` (or `make capi-gen`); with
// -check it writes nothing and fails when a file is not what it would write (capi's
// TestGeneratedCurrent runs it so, in `make test`).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// kind is the kind of an argument or a result.
type kind int

const (
	kLayout   kind = iota // cute_layout_t (cute.Layout)
	kTuple                // cute_int_tuple_t (cute.IntTuple)
	kOptTuple             // cute_int_tuple_t that may be NULL
	kTiler                // a tiler: three C functions (a layout, a by-mode array, text)
	kInt64                // int64_t
)

type arg struct {
	kind kind
	name string // the C parameter's name, and the name the error messages give
	alt  string // kOptTuple: the cute function called without it ("": the row's GoLayout)
}

type op struct {
	Name     string // CuTe's name; the C function is cute_<Name>
	CppName  string // the C++ (and Python) name when it is not Name (an overload)
	Args     []arg
	Result   kind
	Go       string // the cute function
	GoLayout string // a tiler: the cute function of the layout form, when it is not Go
	Doc      string // one line: cutego.h's comment
	Py       string // the _cext.c fast path (a vectorcall of the Function type), if any
}

func args(a ...arg) []arg           { return a }
func layout(name string) arg        { return arg{kind: kLayout, name: name} }
func tuple(name string) arg         { return arg{kind: kTuple, name: name} }
func tiler(name string) arg         { return arg{kind: kTiler, name: name} }
func optTuple(name, alt string) arg { return arg{kind: kOptTuple, name: name, alt: alt} }
func (o op) cname() string          { return "cute_" + o.Name }
func (o op) isTiler() bool          { return len(o.Args) == 2 && o.Args[1].kind == kTiler }
func (o op) cpp() string            { return or(o.CppName, o.Name) }
func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

const (
	layoutOut = kLayout
	int64Out  = kInt64
)

// sig is the shape of a row's arguments and result, e.g. "LT?>L"; each shape has one
// template of export body below.
func (o op) sig() string {
	var b strings.Builder
	for _, a := range o.Args {
		b.WriteString([]string{"L", "T", "T?", "B", "I"}[a.kind])
	}
	b.WriteString(">" + []string{"L", "T", "T?", "B", "I"}[o.Result])
	return b.String()
}

// ---- Go ---------------------------------------------------------------------------------

var cgoType = map[kind]string{kLayout: "*C.cute_layout_t", kTuple: "*C.cute_int_tuple_t",
	kOptTuple: "*C.cute_int_tuple_t", kInt64: "*C.int64_t"}

// goParams: the Go parameters of an export, runs of one type grouped (a, b, out *C.cute_layout_t).
func goParams(names, types []string) string {
	var parts []string
	for i := 0; i < len(names); {
		j := i
		for j+1 < len(names) && types[j+1] == types[i] {
			j++
		}
		parts = append(parts, strings.Join(names[i:j+1], ", ")+" "+types[i])
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

func goExport(b *bytes.Buffer, cname, params, body string) {
	fmt.Fprintf(b, `
//export %[1]s
func %[1]s(%[2]s) (st C.cutego_status_t) {
	const fn = "%[1]s"
	defer guard(fn, &st)
	%[3]s
}
`, cname, params, body)
}

func goBody(o op) (string, error) {
	n := func(i int) string { return o.Args[i].name }
	switch o.sig() {
	case "L>L":
		return fmt.Sprintf("return unaryOp(fn, %s, out, %s)", n(0), o.Go), nil
	case "LL>L":
		return fmt.Sprintf("return binaryOp(fn, %s, %s, out, %s)", n(0), n(1), o.Go), nil
	case "LT>L":
		return fmt.Sprintf("return withTuple(fn, %s, %q, %s, out, %s)", n(0), n(1), n(1), o.Go), nil
	case "LT?>L":
		return fmt.Sprintf(`if %[2]s == nil {
		return unaryOp(fn, %[1]s, out, %[4]s)
	}
	return withTuple(fn, %[1]s, %[2]q, %[2]s, out, %[3]s)`, n(0), n(1), o.Go, o.Args[1].alt), nil
	case "LTT?>L":
		return fmt.Sprintf(`if %[3]s == nil {
		return withTuple(fn, %[1]s, %[2]q, %[2]s, out, %[5]s)
	}
	t, err := toIntTuple(fn, %[3]q, %[3]s)
	if err != nil {
		return fail(fn, err)
	}
	return withTuple(fn, %[1]s, %[2]q, %[2]s, out, func(l cute.Layout, s cute.IntTuple) (cute.Layout, error) {
		return %[4]s(l, s, t)
	})`, n(0), n(1), n(2), o.Go, o.GoLayout), nil
	case "LL>I":
		return fmt.Sprintf("return binaryQuery(fn, %s, %s, out, %s)", n(0), n(1), o.Go), nil
	}
	return "", fmt.Errorf("%s: no export template for the signature %s (add one to goBody)", o.cname(), o.sig())
}

func goFile() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`// Code generated by capi/bindgen from its table (capi/bindgen/ops.go); DO NOT EDIT.

package main

/*
#include "capi.h"
*/
import "C"

import "github.com/cutego/cutego/cute"

// The exports of the algebra, each a body of ops.go over its cute function. A tiler
// argument comes in three forms (cutego.h's CUTEGO_TILER_FUNCS): the layout b, the by-mode
// array tiles[0..n), and text.
`)
	for _, o := range ops {
		if o.isTiler() {
			a := o.Args[0].name
			layoutBody := fmt.Sprintf("return tilerOp(fn, %s, tilerArg{b: b, kind: 'l'}, out, %s)", a, o.Go)
			if o.GoLayout != "" {
				layoutBody = fmt.Sprintf("return binaryOp(fn, %s, b, out, %s)", a, o.GoLayout)
			}
			goExport(&b, o.cname(), a+", b, out *C.cute_layout_t", layoutBody)
			goExport(&b, o.cname()+"_tiler", a+", tiles *C.cute_layout_t, n C.int32_t, out *C.cute_layout_t",
				fmt.Sprintf("return tilerOp(fn, %s, tilerArg{tiles: tiles, n: n, kind: 'a'}, out, %s)", a, o.Go))
			goExport(&b, o.cname()+"_str", a+" *C.cute_layout_t, text *C.char, out *C.cute_layout_t",
				fmt.Sprintf("return tilerOp(fn, %s, tilerArg{text: text, kind: 's'}, out, %s)", a, o.Go))
			continue
		}
		var names, types []string
		for _, a := range o.Args {
			names = append(names, a.name)
			types = append(types, cgoType[a.kind])
		}
		names = append(names, "out")
		types = append(types, cgoType[o.Result])
		body, err := goBody(o)
		if err != nil {
			return nil, err
		}
		goExport(&b, o.cname(), goParams(names, types), body)
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("the Go template: %v", err)
	}
	return src, nil
}

// ---- cutego.h ---------------------------------------------------------------------------

var cType = map[kind]string{kLayout: "CUTEGO_CONST cute_layout_t *", kTuple: "CUTEGO_CONST cute_int_tuple_t *",
	kOptTuple: "CUTEGO_CONST cute_int_tuple_t *"}
var cOut = map[kind]string{kLayout: "cute_layout_t *", kInt64: "int64_t *"}

// wrap packs words into lines of at most width columns, the first starting with first and
// the others with indent.
func wrap(words []string, first, indent, sep string, width int) string {
	var lines []string
	cur := first
	for i, w := range words {
		piece := w
		if i < len(words)-1 {
			piece += sep
		}
		if i > 0 && len(cur)+len(strings.TrimRight(piece, " ")) > width {
			lines = append(lines, strings.TrimRight(cur, " "))
			cur = indent
		}
		cur += piece
	}
	return strings.Join(append(lines, strings.TrimRight(cur, " ")), "\n")
}

func cComment(doc string) string {
	return wrap(strings.Fields(doc), "/* ", " * ", " ", 97) + " */"
}

func cHeader() string {
	var b strings.Builder
	for _, o := range ops {
		b.WriteString(cComment(o.Doc) + "\n")
		if o.isTiler() {
			fmt.Fprintf(&b, "CUTEGO_TILER_FUNCS(%s)\n", o.cname())
			continue
		}
		var params []string
		for _, a := range o.Args {
			params = append(params, cType[a.kind]+a.name)
		}
		params = append(params, cOut[o.Result]+"out);")
		first := "CUTEGO_API cutego_status_t " + o.cname() + "("
		b.WriteString(wrap(params, first, strings.Repeat(" ", len(first)), ", ", 100) + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// ---- cutego.hpp -------------------------------------------------------------------------

func cppHeader() string {
	var b strings.Builder
	for _, o := range ops {
		fmt.Fprintf(&b, "// %s\n", o.Doc)
		if o.isTiler() {
			fmt.Fprintf(&b, "CUTEGO_HPP_TILER_OP(%s)\n", o.Name)
			continue
		}
		ret, call := "Layout", "layout_call"
		if o.Result == kInt64 {
			ret, call = "int64_t", "int64_call"
		}
		// an optional last argument gives two overloads: without it (NULL) and with it
		forms := [][]arg{o.Args}
		if last := o.Args[len(o.Args)-1]; last.kind == kOptTuple {
			forms = [][]arg{o.Args[:len(o.Args)-1], o.Args}
		}
		for _, form := range forms {
			var params, cargs []string
			for _, a := range form {
				t := "const Layout &"
				if a.kind != kLayout {
					t = "const IntTuple &"
				}
				params = append(params, t+a.name)
				cargs = append(cargs, "&"+a.name+".c()")
			}
			if len(form) < len(o.Args) {
				cargs = append(cargs, "nullptr")
			}
			sig := fmt.Sprintf("inline %s %s(%s)", ret, o.cpp(), strings.Join(params, ", "))
			body := fmt.Sprintf("return detail::%s(%s, %s);", call, o.cname(), strings.Join(cargs, ", "))
			if len(sig)+len(body)+6 <= 120 {
				fmt.Fprintf(&b, "%s { %s }\n", sig, body)
			} else {
				fmt.Fprintf(&b, "%s {\n  %s\n}\n", sig, body)
			}
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// ---- Python -----------------------------------------------------------------------------

var pyType = map[kind]string{kLayout: "_L", kTuple: "_T", kOptTuple: "_T", kInt64: "c_int64_p"}

func pyFFI() string {
	var b strings.Builder
	var tilers []string
	b.WriteString("_SIGS.update({\n")
	for _, o := range ops {
		if o.isTiler() {
			tilers = append(tilers, fmt.Sprintf("%q", o.Name))
			continue
		}
		var params []string
		for _, a := range o.Args {
			params = append(params, pyType[a.kind])
		}
		params = append(params, pyType[o.Result])
		fmt.Fprintf(&b, "    %q: ([%s], ctypes.c_int),\n", o.cname(), strings.Join(params, ", "))
	}
	b.WriteString("})\n")
	b.WriteString(wrap(tilers, "_TILER_OPS = (", "              ", ", ", 100) + ")")
	return b.String()
}

func pyInit() string {
	var names []string
	seen := map[string]bool{}
	for _, o := range ops {
		if !seen[o.cpp()] {
			seen[o.cpp()] = true
			names = append(names, o.cpp())
		}
	}
	return wrap(names, "from .layout import (", "                     ", ", ", 100) + ")"
}

func pyCext() string {
	var b strings.Builder
	for _, o := range ops {
		switch {
		case o.Py == "":
		case o.Py == "v_tiler":
			fmt.Fprintf(&b, "    TILER(%s),\n", o.Name)
		default:
			fmt.Fprintf(&b, "    {%q, %s, (void *)%s, NULL, NULL},\n", o.cpp(), o.Py, o.cname())
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// ---- files ------------------------------------------------------------------------------

var marks = regexp.MustCompile(`(?s)(BEGIN bindgen[^\n]*\n)(?:.*?\n)?([^\n]*END bindgen)`)

// block replaces the lines between the marks "BEGIN bindgen" and "END bindgen" with body.
func block(text []byte, body string) ([]byte, error) {
	if len(marks.FindAllIndex(text, -1)) != 1 {
		return nil, fmt.Errorf("not one BEGIN bindgen / END bindgen block")
	}
	return marks.ReplaceAllFunc(text, func(m []byte) []byte {
		sub := marks.FindSubmatch(m)
		return append(append(append([]byte(nil), sub[1]...), body+"\n"...), sub[2]...)
	}), nil
}

func main() {
	check := flag.Bool("check", false, "write nothing; fail when a file is not current")
	dir := flag.String("dir", ".", "the capi directory")
	flag.Parse()
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "bindgen:", err)
		os.Exit(1)
	}
	stale := false
	write := func(path string, want []byte) {
		have, err := os.ReadFile(path)
		if err == nil && bytes.Equal(have, want) {
			return
		}
		if *check {
			fmt.Fprintf(os.Stderr, "bindgen: %s is not current: run go generate ./capi (or make capi-gen)\n", path)
			stale = true
			return
		}
		if err := os.WriteFile(path, want, 0o644); err != nil {
			fail(err)
		}
	}
	src, err := goFile()
	if err != nil {
		fail(err)
	}
	write(filepath.Join(*dir, "ops_gen.go"), src)
	for _, f := range []struct{ path, body string }{
		{"../include/cutego.h", cHeader()},
		{"../include/cutego.hpp", cppHeader()},
		{"../python/cutego/_ffi.py", pyFFI()},
		{"../python/cutego/_cext.c", pyCext()},
		{"../python/cutego/__init__.py", pyInit()},
	} {
		p := filepath.Join(*dir, f.path)
		text, err := os.ReadFile(p)
		if err != nil {
			fail(err)
		}
		out, err := block(text, f.body)
		if err != nil {
			fail(fmt.Errorf("%s: %v", p, err))
		}
		write(p, out)
	}
	if stale {
		os.Exit(1)
	}
}
