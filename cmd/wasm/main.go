// Command wasm is the explorer's engine for the browser: package cute, the eval language
// and the pictures, compiled with GOOS=js GOARCH=wasm (`make demo` does it). It defines
// the JavaScript function cutegoEvaluate(requestJSON) → responseJSON, the same answer as
// `cutego serve`'s POST /api/eval (package explore), so the page needs no server.
package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/cutego/cutego/internal/explore"
)

// evaluate answers one request given as JSON.
func evaluate(reqJSON string) string {
	var req explore.Request
	if err := json.Unmarshal([]byte(reqJSON), &req); err != nil {
		b, _ := json.Marshal(map[string]string{"error": "bad request: " + err.Error()})
		return string(b)
	}
	var resp explore.Response
	func() {
		defer func() {
			if p := recover(); p != nil {
				resp = explore.Response{Lines: []string{}, Error: fmt.Sprintf("internal error: %v", p)}
			}
		}()
		resp = explore.Evaluate(context.Background(), req, explore.DefaultLimits)
	}()
	b, err := json.Marshal(resp)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return string(b)
}
