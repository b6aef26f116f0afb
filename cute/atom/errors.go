package atom

import (
	"fmt"

	"github.com/cutego/cutego/cute"
)

func errorf(op string, kind cute.ErrorKind, format string, args ...any) *cute.Error {
	return &cute.Error{Op: op, Kind: kind, Reason: fmt.Sprintf(format, args...)}
}

// wrap returns err as a *cute.Error of operation op that names the atom: the algebra's
// own error (its operation and reason) becomes the reason.
func wrap(op, atom string, err error) error {
	if err == nil {
		return nil
	}
	kind := cute.ErrInvalid
	if e, ok := err.(*cute.Error); ok {
		kind = e.Kind
	}
	return errorf(op, kind, "%s: %v", atom, err)
}
