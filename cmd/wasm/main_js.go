//go:build js && wasm

package main

import "syscall/js"

func main() {
	js.Global().Set("cutegoEvaluate", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"cutegoEvaluate takes one JSON string"}`
		}
		return evaluate(args[0].String())
	}))
	select {} // keep the Go side alive for later calls
}
