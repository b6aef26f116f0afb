package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPrintTensorCommand: `cutego print` of a partition of an iota tensor prints CuTe's
// print_tensor of it, as C++ CuTe printed the same partition
// (internal/eval/testdata/cpp/tensor.cpp → tensor.out, `_` marks removed).
func TestPrintTensorCommand(t *testing.T) {
	data, err := os.ReadFile("../../internal/eval/testdata/cpp/tensor.out")
	require.NoError(t, err)
	const cpp = "== local_partition(t, make_layout(make_shape(_2{},_4{})), 3)\n"
	_, block, ok := strings.Cut(string(data), cpp)
	require.True(t, ok)
	block, _, _ = strings.Cut(block, "== ")
	want := regexp.MustCompile(`_(-?[0-9])`).ReplaceAllString(block, "$1")

	code, out, _ := runCmd(t, "", "print", "local_partition(iota_tensor((8,8)), (2,4), 3)")
	assert.Equal(t, 0, code)
	assert.Equal(t, want, out)

	code, out, _ = runCmd(t, "", "print", "auto t = make_tensor(counting_iterator<int>(0), make_layout(make_shape(8,8)));",
		"local_partition(t, make_layout(make_shape(2,4)), 3)")
	assert.Equal(t, 0, code)
	assert.Equal(t, want, out)

	code, _, errs := runCmd(t, "", "print", "iota_tensor((2048,1024))")
	assert.NotEqual(t, 0, code)
	assert.Contains(t, errs, "print_tensor")
}
