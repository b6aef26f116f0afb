//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "cmd/wasm is the explorer's WebAssembly engine: build it with GOOS=js GOARCH=wasm (make demo)")
	os.Exit(2)
}
