package eval

import (
	"strings"

	"github.com/cutego/cutego/cute"
)

// The tokens of the eval language: CuTe's printed values plus the C++ that CuTe code is
// written in (names, template arguments, `{}`, `;`, `=`, comments). They are read with
// package cute's Scanner, the lexer under cute's own parsers: the same rules for spaces,
// integers (the static mark `_8`), NUL bytes and error windows, and one depth limit
// (cute.MaxParseDepth) over the whole expression. What eval adds is C++'s comments.

type tokKind uint8

const (
	tEOF   tokKind = iota
	tIdent         // a name: a letter, then letters, digits and '_'
	tInt           // an integer: 42, or CuTe's static mark _42, _-3
	tUnder         // `_` on its own (CuTe's Underscore)
	tPunct         // one of ( ) , : < > { } ; = @ + - * / % & [ ] . and `::`, `...`, `==`, `!=`
)

type token struct {
	kind tokKind
	pos  int    // byte offset in the input
	text string // the token's text (a slice of the input)
	val  int64  // for tInt
}

// scanner splits an input into tokens; after an error it returns tEOF and err is set.
// reads, when set, counts the tokens read (the linear-time tests check that no input is
// read more than a few times).
type scanner struct {
	sc    *cute.Scanner
	err   error
	reads *int
}

func newScanner(s string, reads *int) scanner { return scanner{sc: cute.NewScanner(s), reads: reads} }

func (s *scanner) src() string { return s.sc.Src() }

func (s *scanner) errorf(pos int, format string, args ...any) token {
	if s.err == nil {
		s.err = s.sc.ErrorAt(pos, format, args...)
	}
	s.sc.Reset(len(s.sc.Src()))
	return token{kind: tEOF, pos: pos}
}

// next returns the next token (tEOF at the end or after an error).
func (s *scanner) next() token {
	if s.reads != nil {
		*s.reads++
	}
	src := s.sc.Src()
	for {
		s.sc.SkipSpace()
		rest := s.sc.Rest()
		switch {
		case strings.HasPrefix(rest, "//"):
			end := strings.IndexByte(rest, '\n')
			if end < 0 {
				end = len(rest)
			}
			if nul := strings.IndexByte(rest[:end], 0); nul >= 0 {
				return s.errorf(s.sc.Pos()+nul, "NUL byte")
			}
			s.sc.Reset(s.sc.Pos() + end)
			continue
		case strings.HasPrefix(rest, "/*"):
			end := strings.Index(rest[2:], "*/")
			if end < 0 {
				return s.errorf(s.sc.Pos(), "unterminated /* comment")
			}
			if nul := strings.IndexByte(rest[:end+2], 0); nul >= 0 {
				return s.errorf(s.sc.Pos()+nul, "NUL byte")
			}
			s.sc.Reset(s.sc.Pos() + end + 4)
			continue
		}
		break
	}
	st := s.sc.Pos()
	if s.sc.AtEnd() {
		return token{kind: tEOF, pos: st}
	}
	c := src[st]
	next := byte(0)
	if st+1 < len(src) {
		next = src[st+1]
	}
	switch {
	case c == 0:
		return s.errorf(st, "NUL byte")
	case c == '_' && (isDigit(next) || next == '-' && st+2 < len(src) && isDigit(src[st+2])), isDigit(c):
		v, err := s.sc.Int()
		if err != nil {
			s.err = err
			s.sc.Reset(len(src))
			return token{kind: tEOF, pos: st}
		}
		if p := s.sc.Pos(); p < len(src) && isIdent(src[p]) {
			return s.errorf(st, "bad number %s", quote(src[st:p+1]))
		}
		return token{kind: tInt, pos: st, text: src[st:s.sc.Pos()], val: v}
	case c == '_' && !isIdent(next):
		s.sc.Next()
		return token{kind: tUnder, pos: st, text: "_"}
	case isLetter(c):
		id := s.sc.Ident()
		return token{kind: tIdent, pos: st, text: id}
	case c == '_' && (isLetter(next) || next == '_'):
		// A C++ name that starts with '_' (__shared__); `_8` is an integer, `_` alone
		// CuTe's underscore.
		end := st + 1
		for end < len(src) && isIdent(src[end]) {
			end++
		}
		s.sc.Reset(end)
		return token{kind: tIdent, pos: st, text: src[st:end]}
	case (c == '=' || c == '!') && next == '=':
		s.sc.Reset(st + 2)
		return token{kind: tPunct, pos: st, text: src[st : st+2]}
	case c == '.' && strings.HasPrefix(src[st:], "..."):
		s.sc.Reset(st + 3)
		return token{kind: tPunct, pos: st, text: "..."}
	case c == ':' && next == ':':
		s.sc.Reset(st + 2)
		return token{kind: tPunct, pos: st, text: "::"}
	}
	switch c {
	case '(', ')', ',', ':', '<', '>', '{', '}', ';', '=', '@', '+', '-', '*', '/', '%', '&', '[', ']', '.':
		s.sc.Next()
		return token{kind: tPunct, pos: st, text: src[st : st+1]}
	}
	if c >= 0x80 {
		return s.errorf(st, "unexpected byte 0x%02x", c)
	}
	return s.errorf(st, "unexpected %q", c)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isIdent(c byte) bool  { return isLetter(c) || isDigit(c) || c == '_' }

// quote quotes at most 40 bytes of s for an error message.
func quote(s string) string {
	if len(s) > 40 {
		return `"` + s[:40] + `"…`
	}
	return `"` + s + `"`
}
