//go:build cgo && (linux || darwin)

package cpu

/*
#cgo linux LDFLAGS: -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>

typedef void (*cutego_dgemm_fn)(int, int, int, int, int, int, double, const double *, int, const double *, int,
                                double, double *, int);
typedef void (*cutego_sgemm_fn)(int, int, int, int, int, int, float, const float *, int, const float *, int,
                                float, float *, int);
typedef char *(*cutego_config_fn)(void);
typedef void (*cutego_set_threads_fn)(int);
typedef int (*cutego_get_threads_fn)(void);

static cutego_dgemm_fn cutego_dgemm_p;
static cutego_sgemm_fn cutego_sgemm_p;
static cutego_set_threads_fn cutego_set_threads_p;
static cutego_get_threads_fn cutego_get_threads_p;

// Opens a CBLAS by name: 0 loaded (its file and, for OpenBLAS, its configuration string in
// path/config), 1 no such library, 2 the library has no cblas_dgemm and cblas_sgemm.
static int cutego_cblas_open(const char *name, const char **path, const char **config) {
	void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (!h) return 1;
	void *d = dlsym(h, "cblas_dgemm"), *s = dlsym(h, "cblas_sgemm");
	if (!d || !s) {
		dlclose(h);
		return 2;
	}
	cutego_dgemm_p = (cutego_dgemm_fn)d;
	cutego_sgemm_p = (cutego_sgemm_fn)s;
	Dl_info info;
	*path = dladdr(d, &info) && info.dli_fname ? info.dli_fname : name;
	cutego_config_fn cfg = (cutego_config_fn)dlsym(h, "openblas_get_config");
	*config = cfg ? cfg() : "";
	cutego_set_threads_p = (cutego_set_threads_fn)dlsym(h, "openblas_set_num_threads");
	cutego_get_threads_p = (cutego_get_threads_fn)dlsym(h, "openblas_get_num_threads");
	if (!cutego_set_threads_p || !cutego_get_threads_p) cutego_set_threads_p = 0, cutego_get_threads_p = 0;
	return 0;
}

// OpenBLAS's own thread count: -1 where the library has no openblas_get_num_threads.
static int cutego_get_threads(void) { return cutego_get_threads_p ? cutego_get_threads_p() : -1; }
static void cutego_set_threads(int n) {
	if (cutego_set_threads_p) cutego_set_threads_p(n);
}

// C = op(A)·op(B) + C, row-major (CblasRowMajor 101; CblasNoTrans 111, CblasTrans 112)
static void cutego_cblas_dgemm(int ta, int tb, int m, int n, int k, const double *a, int lda, const double *b,
                               int ldb, double *c, int ldc) {
	cutego_dgemm_p(101, ta ? 112 : 111, tb ? 112 : 111, m, n, k, 1.0, a, lda, b, ldb, 1.0, c, ldc);
}
static void cutego_cblas_sgemm(int ta, int tb, int m, int n, int k, const float *a, int lda, const float *b,
                               int ldb, float *c, int ldc) {
	cutego_sgemm_p(101, ta ? 112 : 111, tb ? 112 : 111, m, n, k, 1.0f, a, lda, b, ldb, 1.0f, c, ldc);
}
*/
import "C"

import (
	"os"
	"strings"
	"sync"
	"unsafe"

	"gonum.org/v1/gonum/blas"
)

// cblasNames are the libraries tried, in order, when CUTEGO_BLAS names none: OpenBLAS, BLIS,
// MKL, then the system's libblas.so.3 (on Debian an alternative that may be OpenBLAS, or the
// slow reference BLAS).
var cblasNames = []string{"libopenblas.so.0", "libopenblas.so", "libblis.so.4", "libmkl_rt.so.2", "libmkl_rt.so",
	"libcblas.so.3", "libblas.so.3"}

var cblas struct {
	once sync.Once
	lib  string // the CBLAS in use ("" none: gonum)
	why  string // why none is used
}

// loadCBLAS opens the first CBLAS found (CUTEGO_BLAS: a library name or path to use instead,
// or "gonum" for none).
func loadCBLAS() {
	names := cblasNames
	switch env := os.Getenv("CUTEGO_BLAS"); env {
	case "gonum":
		cblas.why = "CUTEGO_BLAS=gonum"
		return
	case "":
	default:
		names = []string{env}
	}
	var tried []string
	for _, n := range names {
		cs := C.CString(n)
		var path, config *C.char
		rc := C.cutego_cblas_open(cs, &path, &config)
		C.free(unsafe.Pointer(cs))
		switch rc {
		case 0:
			cblas.lib = C.GoString(path)
			if cfg := strings.TrimSpace(C.GoString(config)); cfg != "" {
				cblas.lib += " (" + cfg + ")"
			}
			return
		case 2:
			tried = append(tried, n+" (no cblas_dgemm/cblas_sgemm)")
		default:
			tried = append(tried, n)
		}
	}
	cblas.why = "no CBLAS found (tried " + strings.Join(tried, ", ") + ")"
}

// cblasLibrary is the CBLAS opened ("" none) and why none is.
func cblasLibrary() (lib, why string) {
	cblas.once.Do(loadCBLAS)
	return cblas.lib, cblas.why
}

func haveCBLAS() bool {
	cblas.once.Do(loadCBLAS)
	return cblas.lib != ""
}

// cblasThreads is the CBLAS's own thread count where it can be read and set
// (openblas_get_num_threads and openblas_set_num_threads), else -1.
func cblasThreads() int {
	if !haveCBLAS() {
		return -1
	}
	return int(C.cutego_get_threads())
}

// setCBLASThreads sets the CBLAS's own thread count (where cblasThreads is not -1).
func setCBLASThreads(n int) { C.cutego_set_threads(C.int(n)) }

func cblasDgemm(tA, tB blas.Transpose, m, n, k int, a []float64, lda int, b []float64, ldb int, c []float64, ldc int) bool {
	if !cblasArgs(tA, tB, m, n, k, len(a), lda, len(b), ldb, len(c), ldc) {
		return false
	}
	C.cutego_cblas_dgemm(cbool(tA != blas.NoTrans), cbool(tB != blas.NoTrans), C.int(m), C.int(n), C.int(k),
		(*C.double)(unsafe.Pointer(&a[0])), C.int(lda), (*C.double)(unsafe.Pointer(&b[0])), C.int(ldb),
		(*C.double)(unsafe.Pointer(&c[0])), C.int(ldc))
	return true
}

func cblasSgemm(tA, tB blas.Transpose, m, n, k int, a []float32, lda int, b []float32, ldb int, c []float32, ldc int) bool {
	if !cblasArgs(tA, tB, m, n, k, len(a), lda, len(b), ldb, len(c), ldc) {
		return false
	}
	C.cutego_cblas_sgemm(cbool(tA != blas.NoTrans), cbool(tB != blas.NoTrans), C.int(m), C.int(n), C.int(k),
		(*C.float)(unsafe.Pointer(&a[0])), C.int(lda), (*C.float)(unsafe.Pointer(&b[0])), C.int(ldb),
		(*C.float)(unsafe.Pointer(&c[0])), C.int(ldc))
	return true
}

func cbool(b bool) C.int {
	if b {
		return 1
	}
	return 0
}
