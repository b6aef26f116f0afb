package eval

import (
	"fmt"
	"strconv"
)

// The tokens of the eval language: CuTe's printed values plus the C++ that CuTe code is
// written in (names, template arguments, `{}`, `;`, `=`, comments).
//
// This scanner is the only place where eval reads characters; the parser sees tokens.
// When package cute exports its own scanner (issue 12 §5, "give eval the cute lexer"),
// this file is what changes.

type tokKind uint8

const (
	tEOF   tokKind = iota
	tIdent         // a name: [A-Za-z][A-Za-z0-9_]* or _[A-Za-z][A-Za-z0-9_]*
	tInt           // an integer: 42, or CuTe's static mark _42, _-3
	tUnder         // `_` on its own (CuTe's Underscore)
	tPunct         // one of ( ) , : < > { } ; = @ + - * / % & [ ] and `::`
)

type token struct {
	kind tokKind
	pos  int    // byte offset in the input
	text string // the token's text (a slice of the input)
	val  int64  // for tInt
}

// scanner splits an input into tokens, skipping spaces and comments (`//` to the end
// of the line, `/* … */`). A NUL byte, an unterminated `/*` and an integer that does
// not fit int64 are errors.
type scanner struct {
	s   string
	i   int
	err error
}

func (sc *scanner) errorf(pos int, format string, args ...any) token {
	if sc.err == nil {
		sc.err = &parseError{pos: pos, msg: fmt.Sprintf(format, args...)}
	}
	sc.i = len(sc.s)
	return token{kind: tEOF, pos: pos}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isIdent(c byte) bool  { return isLetter(c) || isDigit(c) || c == '_' }

// next returns the next token (tEOF at the end or after an error).
func (sc *scanner) next() token {
	s := sc.s
	for sc.i < len(s) {
		c := s[sc.i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			sc.i++
			continue
		case c == '/' && sc.i+1 < len(s) && s[sc.i+1] == '/':
			for sc.i < len(s) && s[sc.i] != '\n' {
				if s[sc.i] == 0 {
					return sc.errorf(sc.i, "NUL byte")
				}
				sc.i++
			}
			continue
		case c == '/' && sc.i+1 < len(s) && s[sc.i+1] == '*':
			st := sc.i
			sc.i += 2
			for {
				if sc.i+1 >= len(s) {
					return sc.errorf(st, "unterminated /* comment")
				}
				if s[sc.i] == 0 {
					return sc.errorf(sc.i, "NUL byte")
				}
				if s[sc.i] == '*' && s[sc.i+1] == '/' {
					sc.i += 2
					break
				}
				sc.i++
			}
			continue
		}
		break
	}
	if sc.i >= len(s) {
		return token{kind: tEOF, pos: len(s)}
	}
	st := sc.i
	c := s[st]
	switch {
	case c == 0:
		return sc.errorf(st, "NUL byte")
	case c == '_' && (st+1 >= len(s) || !isIdent(s[st+1]) && s[st+1] != '-'),
		c == '_' && s[st+1] == '-' && (st+2 >= len(s) || !isDigit(s[st+2])):
		sc.i++
		return token{kind: tUnder, pos: st, text: "_"}
	case c == '_' && (isDigit(s[st+1]) || s[st+1] == '-'):
		// CuTe's static integer: _8, _-3 (Int<8>{}, Int<-3>{}).
		j := st + 1
		if s[j] == '-' {
			j++
		}
		return sc.integer(st, st+1, j)
	case isDigit(c):
		return sc.integer(st, st, st)
	case isLetter(c) || c == '_':
		j := st + 1
		for j < len(s) && isIdent(s[j]) {
			j++
		}
		sc.i = j
		return token{kind: tIdent, pos: st, text: s[st:j]}
	case c == ':' && st+1 < len(s) && s[st+1] == ':':
		sc.i += 2
		return token{kind: tPunct, pos: st, text: "::"}
	}
	switch c {
	case '(', ')', ',', ':', '<', '>', '{', '}', ';', '=', '@', '+', '-', '*', '/', '%', '&', '[', ']':
		sc.i++
		return token{kind: tPunct, pos: st, text: s[st : st+1]}
	}
	if c >= 0x80 {
		return sc.errorf(st, "unexpected byte 0x%02x", c)
	}
	return sc.errorf(st, "unexpected %q", c)
}

// integer reads the digits from d on (numStart is where the number's text, sign
// included, starts; st where the token starts).
func (sc *scanner) integer(st, numStart, d int) token {
	s := sc.s
	j := d
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if j == d {
		return sc.errorf(st, "expected digits")
	}
	if j < len(s) && (isLetter(s[j]) || s[j] == '_') {
		return sc.errorf(st, "bad number %s", quote(s[st:min(len(s), j+1)]))
	}
	if j-numStart > 21 {
		return sc.errorf(st, "integer %s… does not fit int64", s[st:st+20])
	}
	v, err := strconv.ParseInt(s[numStart:j], 10, 64)
	if err != nil {
		return sc.errorf(st, "integer %s does not fit int64", s[st:j])
	}
	sc.i = j
	return token{kind: tInt, pos: st, text: s[st:j], val: v}
}

// quote quotes at most 40 bytes of s for an error message.
func quote(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + "…"
	}
	return strconv.Quote(s)
}
