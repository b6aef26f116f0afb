package cute

import (
	"fmt"
	"strconv"
)

// MaxParseDepth is the deepest nesting the parsers of this package accept: a tuple may
// hold tuples MaxParseDepth levels deep, and a scaled-basis path (1@0@1@…) may have at
// most MaxParseDepth modes. Deeper input is a parse error (ErrParse), returned after
// reading at most MaxParseDepth levels, never a stack overflow. Parsers of larger
// grammars built on a Scanner (cutego eval's) count their own nesting (calls, argument
// lists) against the same limit through Enter and Leave, so that one limit bounds the
// whole expression.
const MaxParseDepth = 256

// errorWindow is how many bytes of the input a parse error quotes on each side of the
// position it reports.
const errorWindow = 24

// maxReason bounds the reason a parse error gives before its position (a reason may
// print a value read from the input).
const maxReason = 200

// Scanner is the lexer under every parser of package cute, exported so that parsers of
// larger languages (cutego eval's expressions) read CuTe's values with the same rules
// for spaces, integers and `_`, the same depth limit and the same error messages.
//
// A Scanner reads a string left to right; Pos and Reset let a caller look ahead and
// back up. Peek skips spaces (' ', '\t', '\r', '\n') and returns the next byte, or 0 at
// the end of the input. A NUL byte is not the end: Peek returns 0 there too, but AtEnd
// reports false, so a parser that checks AtEnd (or Value, which does) refuses
// "4:1\x00garbage" instead of reading it as "4:1".
//
// Errors are *Error values of kind ErrParse whose Reason names the byte position and
// quotes a window of at most 2·24 bytes of the input around it, so that an error on a
// long line costs no more than one on a short line.
//
// The zero Scanner reads the empty string.
type Scanner struct {
	src   string
	pos   int
	depth int
}

// NewScanner returns a Scanner at the start of src.
func NewScanner(src string) *Scanner { return &Scanner{src: src} }

// Src returns the whole input.
func (s *Scanner) Src() string { return s.src }

// Pos returns the byte offset of the next byte to read.
func (s *Scanner) Pos() int { return s.pos }

// Reset moves the scanner to pos (a value Pos returned), to back up after a look-ahead.
// The depth is not changed. A pos outside the input is clamped to it.
func (s *Scanner) Reset(pos int) { s.pos = max(0, min(pos, len(s.src))) }

// Rest returns the input from the current position on.
func (s *Scanner) Rest() string { return s.src[s.pos:] }

// SkipSpace advances past spaces, tabs, carriage returns and newlines.
func (s *Scanner) SkipSpace() {
	for s.pos < len(s.src) && isSpace(s.src[s.pos]) {
		s.pos++
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// Peek skips spaces and returns the next byte without consuming it: 0 at the end of the
// input and at a NUL byte (AtEnd tells them apart).
func (s *Scanner) Peek() byte {
	s.SkipSpace()
	if s.pos < len(s.src) {
		return s.src[s.pos]
	}
	return 0
}

// Next skips spaces and consumes and returns the next byte: 0 at the end (where it
// consumes nothing).
func (s *Scanner) Next() byte {
	c := s.Peek()
	if s.pos < len(s.src) {
		s.pos++
	}
	return c
}

// Accept consumes c if it is the next byte after spaces and reports whether it did.
// Accept(0) never consumes.
func (s *Scanner) Accept(c byte) bool {
	if c != 0 && s.Peek() == c {
		s.pos++
		return true
	}
	return false
}

// AtEnd skips spaces and reports whether the whole input has been read.
func (s *Scanner) AtEnd() bool {
	s.SkipSpace()
	return s.pos >= len(s.src)
}

// Ident consumes an identifier (a letter followed by letters, digits and '_') after
// spaces and returns it; "" (consuming nothing) when none starts here.
func (s *Scanner) Ident() string {
	s.SkipSpace()
	st := s.pos
	if st >= len(s.src) || !isLetter(s.src[st]) {
		return ""
	}
	s.pos++
	for s.pos < len(s.src) && (isLetter(s.src[s.pos]) || isDigit(s.src[s.pos]) || s.src[s.pos] == '_') {
		s.pos++
	}
	return s.src[st:s.pos]
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// Int consumes an integer after spaces: an optional static mark `_`, an optional '-'
// and decimal digits, in int64. On an error it consumes nothing.
func (s *Scanner) Int() (v int64, err error) {
	defer catch("parse", &err)
	v, _ = s.integer()
	return v, nil
}

// integer is Int that throws; static reports the `_` mark.
func (s *Scanner) integer() (v int64, static bool) {
	s.SkipSpace()
	st := s.pos
	i := st
	if i < len(s.src) && s.src[i] == '_' {
		static = true
		i++
	}
	ds := i
	if i < len(s.src) && s.src[i] == '-' {
		i++
	}
	for i < len(s.src) && isDigit(s.src[i]) {
		i++
	}
	v, err := strconv.ParseInt(s.src[ds:i], 10, 64)
	if err != nil {
		if i > ds && i-ds <= 20 && isDigit(s.src[i-1]) {
			s.fail("integer %s does not fit in int64", s.src[ds:i])
		}
		s.fail("expected an integer, found %s", s.Found())
	}
	s.pos = i
	return v, static
}

// Enter records one more level of nesting (a parenthesis, a call) and returns an
// ErrParse error when the nesting passes MaxParseDepth. Every successful Enter is paired
// with a Leave.
func (s *Scanner) Enter() error {
	if s.depth >= MaxParseDepth {
		return s.Errorf("nested deeper than %d levels (cute.MaxParseDepth)", MaxParseDepth)
	}
	s.depth++
	return nil
}

// Leave undoes one Enter.
func (s *Scanner) Leave() {
	if s.depth > 0 {
		s.depth--
	}
}

// Depth returns the current nesting (Enter calls not yet left).
func (s *Scanner) Depth() int { return s.depth }

// Found describes the next byte after spaces for an error message: "the end", "a NUL
// byte", or the byte quoted.
func (s *Scanner) Found() string {
	s.SkipSpace()
	switch {
	case s.pos >= len(s.src):
		return "the end"
	case s.src[s.pos] == 0:
		return "a NUL byte"
	}
	return strconv.QuoteRune(rune(s.src[s.pos]))
}

// Errorf returns an ErrParse *Error at the current position: its reason is the
// formatted message followed by the byte offset and a bounded window of the input.
func (s *Scanner) Errorf(format string, args ...any) *Error {
	return s.ErrorAt(s.pos, format, args...)
}

// ErrorAt is Errorf at the byte offset pos.
func (s *Scanner) ErrorAt(pos int, format string, args ...any) *Error {
	pos = max(0, min(pos, len(s.src)))
	msg := fmt.Sprintf(format, args...)
	if len(msg) > maxReason {
		msg = msg[:maxReason] + "…"
	}
	return errorf("parse", ErrParse, "%s at byte %d of %s", msg, pos, Excerpt(s.src, pos))
}

// fail throws Errorf (caught by the exported entry points).
func (s *Scanner) fail(format string, args ...any) { panic(s.Errorf(format, args...)) }

// Excerpt quotes at most 24 bytes of src on each side of the byte offset pos, marking
// a cut with "…": the quotation every parse error uses, so that an error message stays
// short however long the input is.
func Excerpt(src string, pos int) string {
	pos = max(0, min(pos, len(src)))
	lo, hi := max(0, pos-errorWindow), min(len(src), pos+errorWindow)
	q := strconv.Quote(src[lo:hi])
	if lo > 0 {
		q = "…" + q
	}
	if hi < len(src) {
		q += "…"
	}
	return q
}

// Value parses one CuTe value at the current position (as Parse does, after spaces)
// and leaves the scanner after it. Its parentheses count against the same depth limit
// as the caller's Enter calls. On an error the position is unspecified: Reset to back up.
func (s *Scanner) Value() (v Value, err error) {
	defer catch("parse", &err)
	p := parser{sc: s}
	return p.value(), nil
}
