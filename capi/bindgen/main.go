// Command bindgen writes libcutego's binding surface for the algebra from one table (ops.go):
//
//   - capi/ops_gen.go: the cgo exports, each a call of a body of capi/ops.go;
//   - include/cutego.h: the prototypes with their doc lines;
//   - include/cutego.hpp: the C++ functions;
//   - python/cutego/_ffi.py: the ctypes signatures;
//   - python/cutego/_cext.c: the entries of the extension's fast-path table;
//   - internal/eval/ops_gen.go: eval's registrations of the rows (bindgen/eval.go);
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
	kInt64                // int64_t: an argument by value, a result through a pointer

	// The kinds of the atoms' rows, whose exports are written by goGeneric: each argument
	// converted by its function of capi/atom.go, the row's Go function called, the result
	// written by its put function.
	kString    // const char *: a name as CuTe spells it
	kOptString // const char * that may be NULL (text in CuTe's notation)
	kOptLayout // cute_layout_t that may be NULL
	kMMAAtom   // cute_mma_atom_t (atom.MMAAtom): a result
	kTiledMMA  // cute_tiled_mma_t (atom.TiledMMA)
	kCopyAtom  // cute_copy_atom_t (atom.CopyAtom): a result
	kTiledCopy // cute_tiled_copy_t (atom.TiledCopy)
	kPartition // a result: the partition's layout (out) and its offset (offset, may be NULL)
	kText      // a result: text with snprintf semantics (buf, n, len), drawn into a writer
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
	PyName   string // an atoms row: its function in python/cutego/atom.py, if any
	Section  string // a heading cutego.h gives before the row

	// eval (internal/eval/ops_gen.go) registers every row but the atoms' under its C++
	// name; rows of one name are one registration, told apart by the number of arguments.
	// A composed layout A o O o B as the first argument calls Composed (ComposedAlt without
	// the optional argument): the row's arguments with A o O o B first.
	Composed      string
	ComposedAlt   string
	ComposedBoth  string // both arguments composed
	Swap          bool   // f(L, A o O o B) is CuTe's f(A o O o B, L): Composed with the two swapped
	EvalFirst     string // an eval func(*ctx) (cute.Value, bool) tried first: arguments only eval has (swizzles, tags)
	ComposedFirst string // the same for the composed form: func(*ctx, cute.ComposedLayout) (cute.Value, bool)
	TensorView    bool   // on a tensor: the tensor of its iterator and the row's result on its layout
}

func args(a ...arg) []arg           { return a }
func layout(name string) arg        { return arg{kind: kLayout, name: name} }
func tuple(name string) arg         { return arg{kind: kTuple, name: name} }
func tiler(name string) arg         { return arg{kind: kTiler, name: name} }
func optTuple(name, alt string) arg { return arg{kind: kOptTuple, name: name, alt: alt} }
func str(name string) arg           { return arg{kind: kString, name: name} }
func optStr(name string) arg        { return arg{kind: kOptString, name: name} }
func optLayout(name string) arg     { return arg{kind: kOptLayout, name: name} }
func int64Arg(name string) arg      { return arg{kind: kInt64, name: name} }
func tiledMMA(name string) arg      { return arg{kind: kTiledMMA, name: name} }
func tiledCopy(name string) arg     { return arg{kind: kTiledCopy, name: name} }
func (k kind) optional() bool       { return k == kOptTuple || k == kOptString || k == kOptLayout }

// generic: a row of the atoms, written by the generic templates (goGeneric and the like).
func (o op) generic() bool {
	for _, a := range o.Args {
		if a.kind >= kString || a.kind == kInt64 {
			return true
		}
	}
	return o.Result >= kString || o.Result == kTuple
}
func (o op) cname() string { return "cute_" + o.Name }
func (o op) isTiler() bool { return len(o.Args) == 2 && o.Args[1].kind == kTiler }
func (o op) cpp() string   { return or(o.CppName, o.Name) }
func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

const (
	layoutOut    = kLayout
	int64Out     = kInt64
	tupleOut     = kTuple
	mmaAtomOut   = kMMAAtom
	tiledMMAOut  = kTiledMMA
	copyAtomOut  = kCopyAtom
	tiledCopyOut = kTiledCopy
	partitionOut = kPartition
	textOut      = kText
)

// sig is the shape of a row's arguments and result, e.g. "LT?>L"; each shape has one
// template of export body below.
func (o op) sig() string {
	var b strings.Builder
	for _, a := range o.Args {
		b.WriteString(sigLetters[a.kind])
	}
	b.WriteString(">" + sigLetters[o.Result])
	return b.String()
}

var sigLetters = []string{"L", "T", "T?", "B", "I", "S", "S?", "L?", "MA", "M", "CA", "C", "P", "X"}

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

// The Go side of the generic kinds: an argument's cgo type and the call converting it
// (a function of capi/atom.go taking fn, the argument's name and the C value).
var (
	genericCgo = map[kind]string{kLayout: "*C.cute_layout_t", kOptLayout: "*C.cute_layout_t",
		kTuple: "*C.cute_int_tuple_t", kString: "*C.char", kOptString: "*C.char", kInt64: "C.int64_t",
		kTiledMMA: "*C.cute_tiled_mma_t", kTiledCopy: "*C.cute_tiled_copy_t"}
	genericConv = map[kind]string{kLayout: "toLayout", kOptLayout: "optLayout", kTuple: "toIntTuple",
		kString: "goText", kOptString: "optText", kTiledMMA: "toTiledMMA", kTiledCopy: "toTiledCopy"}
	genericOut = map[kind]struct{ params, types, put string }{
		kLayout:    {"out", "*C.cute_layout_t", "putLayout(fn, r, out)"},
		kTuple:     {"out", "*C.cute_int_tuple_t", "putIntTuple(fn, r, out)"},
		kMMAAtom:   {"out", "*C.cute_mma_atom_t", "putMMAAtom(fn, r, out)"},
		kTiledMMA:  {"out", "*C.cute_tiled_mma_t", "putTiledMMA(fn, r, out)"},
		kCopyAtom:  {"out", "*C.cute_copy_atom_t", "putCopyAtom(fn, r, out)"},
		kTiledCopy: {"out", "*C.cute_tiled_copy_t", "putTiledCopy(fn, r, out)"},
		kPartition: {"out offset", "*C.cute_layout_t *C.int64_t", "putPartition(fn, r, out, offset)"},
		kText:      {"buf n length", "*C.char C.size_t *C.size_t", ""},
	}
)

// goGeneric is the export of an atoms row: each argument converted (a failure names it),
// a NULL out refused, the row's Go function called, the result put.
func goGeneric(o op) (names, types []string, body string) {
	var b strings.Builder
	var call []string
	for i, a := range o.Args {
		names = append(names, a.name)
		types = append(types, genericCgo[a.kind])
		v := fmt.Sprintf("a%d", i)
		call = append(call, v)
		if a.kind == kInt64 {
			fmt.Fprintf(&b, "%s := int64(%s)\n", v, a.name)
			continue
		}
		fmt.Fprintf(&b, "%s, err := %s(fn, %q, %s)\nif err != nil {\nreturn fail(fn, err)\n}\n", v, genericConv[a.kind], a.name, a.name)
	}
	out := genericOut[o.Result]
	names = append(names, strings.Fields(out.params)...)
	types = append(types, strings.Fields(out.types)...)
	if o.Result == kText {
		fmt.Fprintf(&b, "w := newCText(buf, n)\nif err := %s(%s); err != nil {\nreturn fail(fn, err)\n}\nreturn result(fn, w.finish(fn, length))",
			o.Go, strings.Join(append([]string{"w"}, call...), ", "))
		return names, types, b.String()
	}
	fmt.Fprintf(&b, "if out == nil {\nreturn fail(fn, errNull(fn, \"out\"))\n}\n")
	fmt.Fprintf(&b, "r, err := %s(%s)\nif err != nil {\nreturn fail(fn, err)\n}\nreturn result(fn, %s)", o.Go, strings.Join(call, ", "), out.put)
	return names, types, b.String()
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
		if o.generic() {
			names, types, body := goGeneric(o)
			goExport(&b, o.cname(), goParams(names, types), body)
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
	kOptTuple: "CUTEGO_CONST cute_int_tuple_t *", kString: "CUTEGO_CONST char *", kOptString: "CUTEGO_CONST char *",
	kOptLayout: "CUTEGO_CONST cute_layout_t *", kInt64: "int64_t ", kTiledMMA: "CUTEGO_CONST cute_tiled_mma_t *",
	kTiledCopy: "CUTEGO_CONST cute_tiled_copy_t *"}
var cOut = map[kind][]string{kLayout: {"cute_layout_t *out"}, kInt64: {"int64_t *out"},
	kTuple: {"cute_int_tuple_t *out"}, kMMAAtom: {"cute_mma_atom_t *out"}, kTiledMMA: {"cute_tiled_mma_t *out"},
	kCopyAtom: {"cute_copy_atom_t *out"}, kTiledCopy: {"cute_tiled_copy_t *out"},
	kPartition: {"cute_layout_t *out", "int64_t *offset"}, kText: {"char *buf", "size_t n", "size_t *len"}}

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
		if o.Section != "" {
			fmt.Fprintf(&b, "\n/* ---- %s %s */\n\n", o.Section, strings.Repeat("-", 79-len(o.Section)))
		}
		b.WriteString(cComment(o.Doc) + "\n")
		if o.isTiler() {
			fmt.Fprintf(&b, "CUTEGO_TILER_FUNCS(%s)\n", o.cname())
			continue
		}
		var params []string
		for _, a := range o.Args {
			params = append(params, cType[a.kind]+a.name)
		}
		params = append(params, cOut[o.Result]...)
		params[len(params)-1] += ");"
		first := "CUTEGO_API cutego_status_t " + o.cname() + "("
		b.WriteString(wrap(params, first, strings.Repeat(" ", len(first)), ", ", 100) + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// ---- cutego.hpp -------------------------------------------------------------------------

// cppParam: a C++ parameter's type and how it is passed to the C function (%s its name).
var cppParam = map[kind]struct{ typ, pass string }{
	kLayout: {"const Layout &", "&%s.c()"}, kOptLayout: {"const Layout &", "&%s.c()"},
	kTuple: {"const IntTuple &", "&%s.c()"}, kOptTuple: {"const IntTuple &", "&%s.c()"},
	kString: {"const std::string &", "%s.c_str()"}, kOptString: {"const std::string &", "%s.c_str()"},
	kInt64: {"int64_t ", "%s"}, kTiledMMA: {"const TiledMMA &", "&%s.c()"}, kTiledCopy: {"const TiledCopy &", "&%s.c()"},
}

// cppResult: a C++ function's result type and the detail:: helper that calls the C function.
var cppResult = map[kind]struct{ typ, call string }{
	kLayout: {"Layout", "layout_call"}, kInt64: {"int64_t", "int64_call"},
	kTuple: {"IntTuple", "value_call<IntTuple, cute_int_tuple_t>"}, kMMAAtom: {"MMAAtom", "value_call<MMAAtom, cute_mma_atom_t>"},
	kTiledMMA: {"TiledMMA", "value_call<TiledMMA, cute_tiled_mma_t>"}, kCopyAtom: {"CopyAtom", "value_call<CopyAtom, cute_copy_atom_t>"},
	kTiledCopy: {"TiledCopy", "value_call<TiledCopy, cute_tiled_copy_t>"}, kPartition: {"Partition", "partition_call"},
	kText: {"std::string", "text_call"},
}

func cppHeader() string {
	var b strings.Builder
	for _, o := range ops {
		fmt.Fprintf(&b, "// %s\n", o.Doc)
		if o.isTiler() {
			fmt.Fprintf(&b, "CUTEGO_HPP_TILER_OP(%s)\n", o.Name)
			continue
		}
		r := cppResult[o.Result]
		// the optional arguments at the end give overloads: without them (NULL), and with
		// each in turn
		first := len(o.Args)
		for first > 0 && o.Args[first-1].kind.optional() {
			first--
		}
		var forms [][]arg
		for n := first; n <= len(o.Args); n++ {
			forms = append(forms, o.Args[:n])
		}
		for _, form := range forms {
			var params, cargs []string
			for _, a := range form {
				t := cppParam[a.kind]
				params = append(params, t.typ+a.name)
				cargs = append(cargs, fmt.Sprintf(t.pass, a.name))
			}
			for range o.Args[len(form):] {
				cargs = append(cargs, "nullptr")
			}
			sig := fmt.Sprintf("inline %s %s(%s)", r.typ, o.cpp(), strings.Join(params, ", "))
			body := fmt.Sprintf("return detail::%s(%s, %s);", r.call, o.cname(), strings.Join(cargs, ", "))
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

var pyType = map[kind]string{kLayout: "_L", kTuple: "_T", kOptTuple: "_T", kInt64: "c_int64_p",
	kString: "_str", kOptString: "_str", kOptLayout: "_L", kTiledMMA: "_TM", kTiledCopy: "_TC"}
var pyOut = map[kind]string{kLayout: "_L", kTuple: "_T", kInt64: "c_int64_p", kMMAAtom: "_MA",
	kTiledMMA: "_TM", kCopyAtom: "_CA", kTiledCopy: "_TC", kPartition: "_L, c_int64_p", kText: "_buf, _sz, c_size_t_p"}

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
			t := pyType[a.kind]
			if a.kind == kInt64 {
				t = "_i64" // by value
			}
			params = append(params, t)
		}
		params = append(params, pyOut[o.Result])
		fmt.Fprintf(&b, "    %q: ([%s], ctypes.c_int),\n", o.cname(), strings.Join(params, ", "))
	}
	b.WriteString("})\n")
	b.WriteString(wrap(tilers, "_TILER_OPS = (", "              ", ", ", 100) + ")")
	return b.String()
}

func pyInit() string {
	var names, atoms []string
	seen := map[string]bool{}
	for _, o := range ops {
		if o.generic() {
			if o.PyName != "" {
				atoms = append(atoms, o.PyName)
			}
			continue
		}
		if !seen[o.cpp()] {
			seen[o.cpp()] = true
			names = append(names, o.cpp())
		}
	}
	return wrap(names, "from .layout import (", "                     ", ", ", 100) + ")\n" +
		wrap(atoms, "from .atom import (", "                   ", ", ", 100) + ")"
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
	evalSrc, err := evalFile()
	if err != nil {
		fail(err)
	}
	write(filepath.Join(*dir, "../internal/eval/ops_gen.go"), evalSrc)
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
