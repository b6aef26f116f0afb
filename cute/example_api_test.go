package cute_test

import (
	"encoding/json"
	"fmt"

	"github.com/cutego/cutego/cute"
)

// The package documentation's snippet: CuTe's logical_divide of a row-major 4×8 layout
// by 2:1 (02_layout_algebra.md: logical_divide(A, B) = A ∘ (B, complement(B, size(A)))).
func ExampleMustParseLayout() {
	a := cute.MustParseLayout("(4,8):(8,1)")
	b, err := cute.LogicalDivide(a, cute.MustParseLayout("2:1").AsTiler())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b)
	// Output: (2,(2,8)):(8,(16,1))
}

// CuTe's 01_layout.md prints the layout (2,3):(3,1) as a table; Offsets visits the same
// pairs, coordinate by coordinate in column-major order.
func ExampleLayout_Offsets() {
	offs, err := cute.MustParseLayout("(2,3):(3,1)").Offsets()
	if err != nil {
		fmt.Println(err)
		return
	}
	for c, off := range offs {
		fmt.Println(c, off)
	}
	// Output:
	// (0,0) 0
	// (1,0) 3
	// (0,1) 1
	// (1,1) 4
	// (0,2) 2
	// (1,2) 5
}

// Layouts travel as CuTe's text, in JSON too.
func ExampleLayout_MarshalText() {
	type tile struct {
		Smem cute.Layout `json:"smem"`
	}
	b, _ := json.Marshal(tile{cute.MustParseLayout("(8,64):(64,1)")})
	fmt.Println(string(b))
	var t tile
	err := json.Unmarshal([]byte(`{"smem":"((8,2),64):((64,512),1)"}`), &t)
	fmt.Println(t.Smem, err)
	// Output:
	// {"smem":"(8,64):(64,1)"}
	// ((8,2),64):((64,512),1) <nil>
}

// Eval refuses an index outside the layout's domain; Call evaluates CuTe's function
// there (the last mode takes the rest of the index), as the algebra does.
func ExampleLayout_Eval() {
	l := cute.MustParseLayout("(2,3):(3,1)")
	fmt.Println(l.Eval(5))
	_, err := l.Eval(6)
	fmt.Println(err != nil)
	fmt.Println(l.Call(cute.Int(6)))
	// Output:
	// 5 <nil>
	// true
	// 3 <nil>
}
