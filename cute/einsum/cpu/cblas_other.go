//go:build !(cgo && (linux || darwin))

package cpu

import "gonum.org/v1/gonum/blas"

func cblasLibrary() (lib, why string) { return "", "built without cgo (no CBLAS can be opened)" }

func haveCBLAS() bool { return false }

func cblasThreads() int { return -1 }

func setCBLASThreads(n int) {}

func cblasDgemm(tA, tB blas.Transpose, m, n, k int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) bool {
	return false
}

func cblasSgemm(tA, tB blas.Transpose, m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) bool {
	return false
}
