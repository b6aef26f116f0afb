package cabi

import (
	"errors"
	"testing"

	"github.com/cutego/cutego/cute"
)

func TestPut(t *testing.T) {
	// cutego_types.h's example: (2,(3,4)):(1,(2,6)) is leaves {2,3,4}:{1,2,6}, nest ( L ( L L ) ).
	var v Layout
	if err := Put(cute.MustParseLayout("(2,(3,4)):(1,(2,6))"), &v); err != nil {
		t.Fatal(err)
	}
	o, c, l := int8(cute.NestOpen), int8(cute.NestClose), int8(cute.NestLeaf)
	want := Layout{Leaves: 3, NTokens: 7}
	copy(want.Shape[:], []int64{2, 3, 4})
	copy(want.Stride[:], []int64{1, 2, 6})
	copy(want.Nest[:], []int8{o, l, o, l, l, c, c})
	if v != want {
		t.Errorf("Put = %+v, want %+v", v, want)
	}
}

func TestPutRefuses(t *testing.T) {
	keep := Layout{Leaves: 1, NTokens: 1}
	keep.Shape[0], keep.Stride[0] = 5, 1
	for _, tc := range []struct {
		text string
		kind func(error) bool
	}{
		// a scaled-basis stride (1@1) has no integer form: refused, not dropped to 1
		{"(2,2):(1@0,1@1)", func(err error) bool { var e *cute.Error; return errors.As(err, &e) && e.Kind == cute.ErrInvalid }},
		{"(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768,65536)",
			func(err error) bool { var e *FitError; return errors.As(err, &e) && e.Leaves == 17 }},
	} {
		v := keep
		err := Put(cute.MustParseLayout(tc.text), &v)
		if err == nil || !tc.kind(err) {
			t.Errorf("Put(%s) = %v", tc.text, err)
		}
		if v != keep {
			t.Errorf("Put(%s) wrote %+v on an error", tc.text, v)
		}
	}
}

func TestPutAllocates(t *testing.T) {
	l := cute.MustParseLayout("(2,(3,4)):(1,(2,6))")
	var v Layout
	if n := testing.AllocsPerRun(100, func() { _ = Put(l, &v) }); n != 0 {
		t.Errorf("Put allocates %v times", n)
	}
}
