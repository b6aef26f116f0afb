// Command cutego evaluates, prints and renders CuTe layouts.
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: cutego eval|print|render|serve ...")
		os.Exit(2)
	}
	fmt.Fprintf(os.Stderr, "cutego: unknown command %q\n", os.Args[1])
	os.Exit(2)
}
