package explore

import (
	"fmt"
	"strings"

	"github.com/cutego/cutego/internal/eval"
	"github.com/dustin/go-humanize"
)

// describeTensor answers for a tensor over iota data (a partition's values): its size and,
// as the table, CuTe's print_tensor of it, for a tensor of at most lim.MaxCells elements.
func describeTensor(resp *Response, t eval.Tensor, req Request, lim Limits) {
	n := t.Layout.Size()
	if n >= 0 {
		resp.Size = humanize.Comma(n)
	}
	if n < 0 || n > lim.MaxCells {
		resp.Picture = fmt.Sprintf("a tensor of %s elements; the explorer prints at most %s", resp.Size, humanize.Comma(lim.MaxCells))
		return
	}
	if req.Table != nil && !*req.Table {
		return
	}
	var b strings.Builder
	if err := t.PrintTensor(&b); err != nil {
		resp.Picture = err.Error()
		return
	}
	resp.Table = b.String()
}
