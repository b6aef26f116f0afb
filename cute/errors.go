package cute

import "fmt"

// ErrorKind classifies an *Error so that callers (and the C ABI's status codes) can
// branch on it without parsing messages.
type ErrorKind int

const (
	// ErrInvalid: the argument is malformed for the operation (wrong rank, not congruent, …).
	ErrInvalid ErrorKind = iota + 1
	// ErrNotAdmissible: CuTe refuses the input (a static_assert in C++ CuTe), e.g. a
	// composition whose divisibility condition fails or a non-injective complement.
	ErrNotAdmissible
	// ErrOverflow: a result does not fit in int64.
	ErrOverflow
	// ErrParse: text that is not CuTe's printed form.
	ErrParse
	// ErrInternal: a bug in cutego, reported instead of a panic.
	ErrInternal
)

func (k ErrorKind) String() string {
	switch k {
	case ErrInvalid:
		return "invalid argument"
	case ErrNotAdmissible:
		return "not admissible"
	case ErrOverflow:
		return "integer overflow"
	case ErrParse:
		return "parse error"
	case ErrInternal:
		return "internal error"
	}
	return "error"
}

// Error is the error every operation of package cute returns: it names the operation
// (CuTe's name, e.g. "composition"), the kind, and the reason.
type Error struct {
	Op     string
	Kind   ErrorKind
	Reason string
}

func (e *Error) Error() string { return e.Op + ": " + e.Reason }

// Is lets errors.Is(err, &cute.Error{Kind: cute.ErrNotAdmissible}) match on kind (and on
// Op, when the target sets one).
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	if !ok {
		return false
	}
	return (t.Kind == 0 || t.Kind == e.Kind) && (t.Op == "" || t.Op == e.Op)
}

func errorf(op string, kind ErrorKind, format string, args ...any) *Error {
	return &Error{Op: op, Kind: kind, Reason: fmt.Sprintf(format, args...)}
}

// throw aborts the current operation with an *Error; catch at the exported boundary turns
// it (and any other panic) into the returned error.
func throw(op string, kind ErrorKind, format string, args ...any) {
	panic(errorf(op, kind, format, args...))
}

// catch recovers a panic raised inside an operation and stores it in *err. Every exported
// function that can fail defers it, so no panic escapes to a user. An *Error thrown by a
// nested operation keeps its own Op unless it is empty.
func catch(op string, err *error) {
	r := recover()
	if r == nil {
		return
	}
	switch e := r.(type) {
	case *Error:
		if e.Op == "" {
			e.Op = op
		}
		*err = e
	default:
		*err = &Error{Op: op, Kind: ErrInternal, Reason: fmt.Sprint(r)}
	}
}

// brief bounds a value printed into an error message (at most 64 bytes, then "…"), so
// that an error about a huge value stays short.
func brief(v fmt.Stringer) string {
	s := v.String()
	if len(s) > 64 {
		s = s[:64] + "…"
	}
	return s
}
