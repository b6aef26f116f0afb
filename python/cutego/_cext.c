/* _cext.c — the CPython extension of the cutego package: the fast path of the binding.
 *
 * The package works without it (pure Python over ctypes, cutego/_ffi.py); when this module
 * imports, cutego/layout.py builds its Layout on LayoutCore below and routes the common
 * calls of its public functions through Function objects, which take the common argument
 * forms in C and hand every other form to the Python function they wrap (the "fallback",
 * the one implementation of the API's conventions and error messages).
 *
 *  - LayoutCore holds the layout as libcutego's cute_layout_t, built once at construction
 *    from exact ints and tuples (anything else goes to the Python encoder); .shape and
 *    .stride are the tuples given, or built from the struct when first read.
 *  - The algebra calls libcutego's C ABI (include/cutego.h) directly, on the structs.
 *  - size, cosize, L(c), crd2idx and idx2crd do not cross into Go: they use the C home of
 *    those rules, include/cutego_device.h, where the arguments are small enough that no
 *    int64 step can overflow (libcutego, which checks every step, answers the rest).
 *
 * Errors raise cutego.Error with libcutego's message, as the ctypes path does. Built by
 * python/tools/build_wheel.py against the build Python's headers, linked to the bundled
 * libcutego.so.0 with rpath $ORIGIN.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "cutego.h"
#include "cutego_device.h"
#include "cutego_kernels.h"

#define MAXL CUTE_LAYOUT_MAX_LEAVES
#define MAXT CUTE_LAYOUT_MAX_TOKENS
#define LEAF CUTE_NEST_LEAF
#define OPEN CUTE_NEST_OPEN
#define CLOSE CUTE_NEST_CLOSE

/* |values| at most SMALL keep every product and sum of CUTE_LAYOUT_MAX_LEAVES terms of
 * crd2idx within int64: 16 * 2^29 * 2^29 = 2^62. */
#define SMALL (((int64_t)1) << 29)

/* ---- registered by cutego.layout (setup) --------------------------------------------- */
static PyTypeObject *LayoutCls;   /* cutego.Layout, a subclass of LayoutCore */
static PyObject *ErrorCls;        /* cutego.Error(op, reason, kind) */
static PyObject *EncodeFallback;  /* _codec.encode_layout_clean(shape, stride, op) */
static PyObject *StructFromBytes; /* _ffi.LayoutT.from_buffer_copy */
static PyObject *CallSlowName;    /* "_call_slow" */
static int release_gil = 0;       /* release the GIL around libcutego's algebra calls */

static const char *status_name(int st) {
  switch (st) {
  case CUTEGO_OK: return "ok";
  case CUTEGO_INVALID_ARGUMENT: return "invalid argument";
  case CUTEGO_NOT_ADMISSIBLE: return "not admissible";
  case CUTEGO_OVERFLOW: return "overflow";
  case CUTEGO_PARSE: return "parse";
  case CUTEGO_CAPACITY: return "capacity";
  case CUTEGO_NULL_POINTER: return "null pointer";
  case CUTEGO_BUFFER_TOO_SMALL: return "buffer too small";
  case CUTEGO_INTERNAL: return "internal";
  default: return "status";
  }
}

static void raise_error(const char *op, const char *reason, const char *kind) {
  if (ErrorCls == NULL) {
    PyErr_Format(PyExc_ValueError, "%s: %s", op, reason);
    return;
  }
  PyObject *e = PyObject_CallFunction(ErrorCls, "sss", op, reason, kind);
  if (e != NULL) {
    PyErr_SetObject(ErrorCls, e);
    Py_DECREF(e);
  }
}

/* raise_status: cutego.Error for a libcutego status, with the thread's message (its
 * "cute_xxx: " prefix and repeats of "op: " removed, as errors.status_error does). */
static PyObject *raise_status(const char *op, int st) {
  char buf[CUTEGO_LAST_ERROR_MAX];
  cutego_last_error(buf, sizeof buf);
  const char *m = buf;
  if (strncmp(m, "cute_", 5) == 0 || strncmp(m, "cutego_", 7) == 0) {
    const char *p = m + (m[4] == '_' ? 5 : 7);
    while ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_') ++p;
    if (p[0] == ':' && p[1] == ' ') m = p + 2;
  }
  size_t ol = strlen(op);
  while (strncmp(m, op, ol) == 0 && m[ol] == ':' && m[ol + 1] == ' ') m += ol + 2;
  const char *kind = status_name(st);
  raise_error(op, *m ? m : kind, kind);
  return NULL;
}

/* ---- LayoutCore ----------------------------------------------------------------------- */
typedef struct {
  PyObject_HEAD
  PyObject *shape;  /* NULL until read */
  PyObject *stride; /* NULL until read */
  PyObject *weakrefs;
  int fast; /* 1: leaves >= 1, no empty tuple, size fits int64, so the C evaluators
             * apply; 0: they do not; -1: not known yet (see is_fast) */
  cute_layout_t c;
} LayoutCore;

static PyTypeObject LayoutCoreType;

/* cutego.LayoutBase on this path: the base of Layout and ComposedLayout (as in PyCuTe),
 * without the garbage collector's header and tracking that a Python class would give every
 * layout */
static PyTypeObject LayoutBaseType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cutego.layout.LayoutBase",
    .tp_basicsize = sizeof(PyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "Base of Layout and ComposedLayout (as in PyCuTe).",
    .tp_new = PyType_GenericNew,
};

#define IS_LAYOUT(o) (Py_TYPE(o) == LayoutCls || PyObject_TypeCheck((o), &LayoutCoreType))
#define LC(o) ((LayoutCore *)(o))

static int size_fits(const cute_layout_t *L) {
  int64_t s = 1;
  for (int k = 0; k < L->leaves; ++k)
    if (__builtin_mul_overflow(s, L->shape[k], &s)) return 0;
  return 1;
}

/* well_formed: counts in range and a balanced nest whose leaves number L->leaves. */
static int well_formed(const cute_layout_t *L, int *empty) {
  int n = L->leaves, nt = L->ntokens, depth = 0, leaves = 0;
  *empty = 0;
  if (n < 0 || n > MAXL || nt < 1 || nt > MAXT) return 0;
  for (int t = 0; t < nt; ++t) {
    int8_t c = L->nest[t];
    if (t > 0 && depth == 0) return 0;
    if (c == LEAF) ++leaves;
    else if (c == OPEN) {
      ++depth;
      if (t + 1 < nt && L->nest[t + 1] == CLOSE) *empty = 1;
    } else if (c == CLOSE) {
      if (--depth < 0) return 0;
    } else return 0;
  }
  return depth == 0 && leaves == n;
}

static void set_fast(LayoutCore *o) {
  int empty;
  o->fast = well_formed(&o->c, &empty) && !empty && o->c.leaves >= 1 && size_fits(&o->c);
}

static int is_fast(LayoutCore *o) {
  if (o->fast < 0) set_fast(o);
  return o->fast;
}

static void layout_dealloc(PyObject *self) {
  LayoutCore *o = LC(self);
  PyTypeObject *tp = Py_TYPE(self), *t = tp;
  if (o->weakrefs != NULL) PyObject_ClearWeakRefs(self);
  Py_CLEAR(o->shape);
  Py_CLEAR(o->stride);
  tp->tp_free(self);
  /* An instance holds a reference to a heap type. Python's subtype_dealloc (the dealloc of
   * a class statement's type) gives it back only when the type whose dealloc it calls, the
   * first one up the bases that is not a class statement's, is static: here that is the
   * type with layout_dealloc, cutego.Layout (a heap type, layout_type) or LayoutCore. */
  while (t != NULL && t->tp_dealloc != layout_dealloc) t = t->tp_base;
  if (t != NULL && (t->tp_flags & Py_TPFLAGS_HEAPTYPE)) Py_DECREF(tp);
}

/* A new, empty Layout (cutego.Layout once registered). */
static LayoutCore *new_layout(void) {
  PyTypeObject *t = LayoutCls ? LayoutCls : &LayoutCoreType;
  return (LayoutCore *)t->tp_alloc(t, 0);
}

/* ---- encoding exact Python ints and tuples ------------------------------------------- */
typedef struct {
  int64_t s[MAXL], d[MAXL];
  int8_t nest[MAXT];
  int n, nt;
} enc_t;

/* walk: appends shape s (and the congruent stride d, unless NULL) to e. 1 when done, 0 when
 * the input is not of the fast form (exact positive ints in int64 and non-empty exact
 * tuples, congruent, within capacity): the caller then asks the Python encoder, which
 * accepts the other forms and words the errors. Never raises. Depth <= MAXT / 2. */
static int walk(PyObject *s, PyObject *d, enc_t *e) {
  if (PyLong_CheckExact(s)) {
    int of;
    if (e->n >= MAXL || e->nt >= MAXT) return 0;
    long long v = PyLong_AsLongLongAndOverflow(s, &of);
    if (of || v <= 0) return 0;
    if (d != NULL) {
      if (!PyLong_CheckExact(d)) return 0;
      long long w = PyLong_AsLongLongAndOverflow(d, &of);
      if (of) return 0;
      e->d[e->n] = w;
    }
    e->s[e->n++] = v;
    e->nest[e->nt++] = LEAF;
    return 1;
  }
  if (PyTuple_CheckExact(s)) {
    Py_ssize_t k = PyTuple_GET_SIZE(s);
    if (k == 0 || e->nt + 2 + k > MAXT) return 0;
    if (d != NULL && (!PyTuple_CheckExact(d) || PyTuple_GET_SIZE(d) != k)) return 0;
    e->nest[e->nt++] = OPEN;
    for (Py_ssize_t i = 0; i < k; ++i)
      if (!walk(PyTuple_GET_ITEM(s, i), d ? PyTuple_GET_ITEM(d, i) : NULL, e)) return 0;
    if (e->nt >= MAXT) return 0;
    e->nest[e->nt++] = CLOSE;
    return 1;
  }
  return 0;
}

static void enc_to_layout(const enc_t *e, cute_layout_t *c, int with_stride) {
  memset(c, 0, sizeof *c);
  memcpy(c->shape, e->s, sizeof(int64_t) * e->n);
  if (with_stride) memcpy(c->stride, e->d, sizeof(int64_t) * e->n);
  memcpy(c->nest, e->nest, e->nt);
  c->leaves = e->n;
  c->ntokens = e->nt;
}

/* copy_struct: *out = the cute_layout_t held by a ctypes LayoutT (any object exporting a
 * buffer of its size). */
static int copy_struct(PyObject *src, cute_layout_t *out) {
  Py_buffer b;
  if (PyObject_GetBuffer(src, &b, PyBUF_SIMPLE) < 0) return -1;
  if ((size_t)b.len != sizeof *out) {
    PyBuffer_Release(&b);
    PyErr_SetString(PyExc_TypeError, "cutego: not a cute_layout_t");
    return -1;
  }
  memcpy(out, b.buf, sizeof *out);
  PyBuffer_Release(&b);
  return 0;
}

/* ---- decoding: nested tuples from leaf values and the nest ---------------------------- */
static PyObject *build(const int64_t *v, const int8_t *nest, int nt, int *pos, int *leaf) {
  if (*pos >= nt) return NULL;
  int8_t tok = nest[(*pos)++];
  if (tok == LEAF) return PyLong_FromLongLong(v[(*leaf)++]);
  if (tok != OPEN) return NULL;
  int k = 0, depth = 0;
  for (int p = *pos; p < nt; ++p) { /* the direct children */
    int8_t c = nest[p];
    if (c == CLOSE) {
      if (depth == 0) break;
      --depth;
    } else {
      if (depth == 0) ++k;
      if (c == OPEN) ++depth;
    }
  }
  PyObject *t = PyTuple_New(k);
  if (t == NULL) return NULL;
  for (int i = 0; i < k; ++i) {
    PyObject *x = build(v, nest, nt, pos, leaf);
    if (x == NULL) {
      Py_DECREF(t);
      return NULL;
    }
    PyTuple_SET_ITEM(t, i, x);
  }
  if (*pos >= nt || nest[*pos] != CLOSE) {
    Py_DECREF(t);
    return NULL;
  }
  ++*pos;
  return t;
}

static PyObject *build_tuple(const int64_t *v, const cute_layout_t *L, const char *what) {
  int pos = 0, leaf = 0, empty;
  if (!well_formed(L, &empty)) {
    raise_error(what, "libcutego returned a malformed struct", "internal");
    return NULL;
  }
  PyObject *r = build(v, L->nest, L->ntokens, &pos, &leaf);
  if (r == NULL && !PyErr_Occurred()) raise_error(what, "libcutego returned a malformed struct", "internal");
  return r;
}

static int decode(LayoutCore *o) {
  if (o->shape == NULL) {
    PyObject *s = build_tuple(o->c.shape, &o->c, "layout");
    if (s == NULL) return -1;
    o->shape = s;
  }
  if (o->stride == NULL) {
    PyObject *d = build_tuple(o->c.stride, &o->c, "layout");
    if (d == NULL) return -1;
    o->stride = d;
  }
  return 0;
}

/* ---- construction --------------------------------------------------------------------- */
static int init_from(LayoutCore *o, PyObject *shape, PyObject *stride) {
  enc_t e;
  e.n = e.nt = 0;
  if (stride != Py_None) {
    if (walk(shape, stride, &e)) {
      enc_to_layout(&e, &o->c, 1);
      Py_INCREF(shape);
      Py_INCREF(stride);
      o->shape = shape;
      o->stride = stride;
      o->fast = size_fits(&o->c);
      return 0;
    }
  } else if (walk(shape, NULL, &e)) {
    /* make_layout(shape): LayoutLeft, libcutego's rule */
    cute_int_tuple_t t;
    memset(&t, 0, sizeof t);
    memcpy(t.value, e.s, sizeof(int64_t) * e.n);
    memcpy(t.nest, e.nest, e.nt);
    t.leaves = e.n;
    t.ntokens = e.nt;
    int st = cute_make_layout_left(&t, &o->c);
    if (st != CUTEGO_OK) {
      raise_status("Layout", st);
      return -1;
    }
    Py_INCREF(shape);
    o->shape = shape;
    set_fast(o);
    return 0;
  }
  /* every other form: the Python encoder accepts it or raises its error */
  PyObject *r = PyObject_CallFunction(EncodeFallback, "OOs", shape, stride, "Layout");
  if (r == NULL) return -1;
  if (!PyTuple_Check(r) || PyTuple_GET_SIZE(r) != 2) {
    Py_DECREF(r);
    PyErr_SetString(PyExc_TypeError, "cutego: the encoder returned no (struct, clean) pair");
    return -1;
  }
  if (copy_struct(PyTuple_GET_ITEM(r, 0), &o->c) < 0) {
    Py_DECREF(r);
    return -1;
  }
  if (PyObject_IsTrue(PyTuple_GET_ITEM(r, 1)) == 1) {
    Py_INCREF(shape);
    o->shape = shape;
    if (stride != Py_None) {
      Py_INCREF(stride);
      o->stride = stride;
    }
  }
  Py_DECREF(r);
  set_fast(o);
  return 0;
}

static PyObject *layout_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
  PyObject *shape, *stride = Py_None;
  if (kwds == NULL || PyDict_GET_SIZE(kwds) == 0) {
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    if (n < 1 || n > 2) {
      PyErr_Format(PyExc_TypeError, "Layout() takes a shape and an optional stride (%zd given)", n);
      return NULL;
    }
    shape = PyTuple_GET_ITEM(args, 0);
    if (n == 2) stride = PyTuple_GET_ITEM(args, 1);
  } else {
    static char *kw[] = {"_shape", "_stride", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|O:Layout", kw, &shape, &stride)) return NULL;
  }
  LayoutCore *o = (LayoutCore *)type->tp_alloc(type, 0);
  if (o == NULL) return NULL;
  if (init_from(o, shape, stride) < 0) {
    Py_DECREF(o);
    return NULL;
  }
  return (PyObject *)o;
}

static PyObject *layout_get_shape(PyObject *self, void *unused) {
  (void)unused;
  LayoutCore *o = LC(self);
  if (o->shape == NULL && decode(o) < 0) return NULL;
  Py_INCREF(o->shape);
  return o->shape;
}

static PyObject *layout_get_stride(PyObject *self, void *unused) {
  (void)unused;
  LayoutCore *o = LC(self);
  if (o->stride == NULL && decode(o) < 0) return NULL;
  Py_INCREF(o->stride);
  return o->stride;
}

/* _c: a ctypes copy of the struct, for the ctypes calls of the less common paths */
static PyObject *layout_get_c(PyObject *self, void *unused) {
  (void)unused;
  PyObject *b = PyBytes_FromStringAndSize((const char *)&LC(self)->c, sizeof(cute_layout_t));
  if (b == NULL) return NULL;
  PyObject *r = PyObject_CallOneArg(StructFromBytes, b);
  Py_DECREF(b);
  return r;
}

/* ---- evaluation without Go ------------------------------------------------------------ */
static int strides_small(const cute_layout_t *L) {
  int64_t sum = 0;
  for (int k = 0; k < L->leaves; ++k) {
    int64_t d = L->stride[k];
    if (d < -SMALL || d > SMALL) return 0;
    sum += d < 0 ? -d : d;
  }
  return sum <= SMALL;
}

/* small_int: *v = o when o is an exact int with |o| <= SMALL */
static int small_int(PyObject *o, int64_t *v) {
  if (!PyLong_CheckExact(o)) return 0;
  int of;
  long long x = PyLong_AsLongLongAndOverflow(o, &of);
  if (of || x < -SMALL || x > SMALL) return 0;
  *v = x;
  return 1;
}

/* crd_flat: the leaves of coordinate c, congruent to the nest from *pos on, into crd */
static int crd_flat(PyObject *c, const cute_layout_t *L, int *pos, int64_t *crd, int *leaf) {
  if (*pos >= L->ntokens) return 0;
  int8_t tok = L->nest[(*pos)++];
  if (tok == LEAF) return small_int(c, &crd[(*leaf)++]);
  if (tok != OPEN || !PyTuple_CheckExact(c)) return 0;
  Py_ssize_t k = PyTuple_GET_SIZE(c);
  for (Py_ssize_t i = 0; i < k; ++i) {
    if (*pos >= L->ntokens || L->nest[*pos] == CLOSE) return 0;
    if (!crd_flat(PyTuple_GET_ITEM(c, i), L, pos, crd, leaf)) return 0;
  }
  return *pos < L->ntokens && L->nest[(*pos)++] == CLOSE;
}

/* eval_small: *out = L(c) by cutego_device.h when c is an int, a tuple of ints per
 * top-level mode, or a coordinate congruent to the shape, all small, and L's strides small
 * (then no step overflows and the answer is libcutego's). 0: not of that form. */
static int eval_small(LayoutCore *o, PyObject *c, int64_t *out) {
  const cute_layout_t *L = &o->c;
  int64_t crd[MAXL];
  if (!is_fast(o) || !strides_small(L)) return 0;
  if (PyLong_CheckExact(c)) {
    if (!small_int(c, &crd[0])) return 0;
    *out = cute_dev_layout_eval(L, crd[0]);
    return 1;
  }
  if (!PyTuple_CheckExact(c) || L->nest[0] != OPEN) return 0;
  Py_ssize_t k = PyTuple_GET_SIZE(c);
  if (k == cute_dev_rank(L)) {
    Py_ssize_t i;
    for (i = 0; i < k; ++i)
      if (!small_int(PyTuple_GET_ITEM(c, i), &crd[i])) break;
    if (i == k) {
      *out = cute_dev_crd2idx_modes(L, crd);
      return 1;
    }
  }
  int pos = 0, leaf = 0;
  if (crd_flat(c, L, &pos, crd, &leaf) && pos == L->ntokens && leaf == L->leaves) {
    *out = cute_dev_crd2idx_flat(L, crd);
    return 1;
  }
  return 0;
}

static PyObject *layout_call(PyObject *self, PyObject *args, PyObject *kwds) {
  if (kwds == NULL || PyDict_GET_SIZE(kwds) == 0) {
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    PyObject *c = n == 1 ? PyTuple_GET_ITEM(args, 0) : args;
    int64_t r;
    if (n >= 1 && eval_small(LC(self), c, &r)) return PyLong_FromLongLong(r);
  }
  /* None slices, big values, other coordinate forms: Layout._call_slow */
  PyObject *m = PyObject_GetAttr(self, CallSlowName);
  if (m == NULL) return NULL;
  PyObject *r = PyObject_Call(m, args, kwds);
  Py_DECREF(m);
  return r;
}

/* ---- the type ------------------------------------------------------------------------- */
static PyGetSetDef layout_getset[] = {
    {"shape", layout_get_shape, NULL, "The shape, an IntTuple.", NULL},
    {"stride", layout_get_stride, NULL, "The stride, an IntTuple congruent to the shape.", NULL},
    {"_c", layout_get_c, NULL, "A ctypes copy of the cute_layout_t.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject LayoutCoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cutego._cext.LayoutCore",
    .tp_base = &LayoutBaseType,
    .tp_basicsize = sizeof(LayoutCore),
    .tp_dealloc = layout_dealloc,
    .tp_call = layout_call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "The C part of cutego.Layout: libcutego's cute_layout_t and the tuples.",
    .tp_weaklistoffset = offsetof(LayoutCore, weakrefs),
    .tp_getset = layout_getset,
    .tp_new = layout_new,
};

/* ---- Function: a public function's fast path in front of its Python definition ------- */
typedef int (*unary_fn)(const cute_layout_t *, cute_layout_t *);
typedef int (*binary_fn)(const cute_layout_t *, const cute_layout_t *, cute_layout_t *);
typedef int (*tiles_fn)(const cute_layout_t *, const cute_layout_t *, int32_t, cute_layout_t *);
typedef int (*str_fn)(const cute_layout_t *, const char *, cute_layout_t *);

typedef struct {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  PyObject *fallback; /* the Python function: every call the fast path does not take */
  PyObject *dict;     /* __doc__, __name__, __wrapped__, __annotations__, ... */
  const char *op;
  void *f, *ftiles, *fstr;
} Function;

static PyObject *fallback(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
  return PyObject_Vectorcall(((Function *)self)->fallback, args, nargsf, kwnames);
}

#define FN(self) ((Function *)(self))
#define NARGS(n) PyVectorcall_NARGS(n)

/* result: the Layout of a libcutego call that wrote into o->c (o consumed on failure) */
static PyObject *result(LayoutCore *o, int st, const char *op) {
  if (st != CUTEGO_OK) {
    Py_DECREF(o);
    return raise_status(op, st);
  }
  o->fast = -1;
  if (o->c.ntokens < 1) { /* never: libcutego writes whole layouts */
    Py_DECREF(o);
    raise_error(op, "libcutego returned a malformed layout struct", "internal");
    return NULL;
  }
  return (PyObject *)o;
}

#define CALL_GO(st, expr)                  \
  do {                                     \
    if (release_gil) {                     \
      Py_BEGIN_ALLOW_THREADS st = (expr);  \
      Py_END_ALLOW_THREADS                 \
    } else {                               \
      st = (expr);                         \
    }                                      \
  } while (0)

static PyObject *call_unary(Function *f, PyObject *a) {
  LayoutCore *o = new_layout();
  if (o == NULL) return NULL;
  int st;
  CALL_GO(st, ((unary_fn)f->f)(&LC(a)->c, &o->c));
  return result(o, st, f->op);
}

/* coalesce(L[, profile]), filter(L[, profile]): a Layout, profile absent, None or an int */
static PyObject *v_unary_profile(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kw) {
  Py_ssize_t n = NARGS(nargsf);
  if (kw == NULL && (n == 1 || (n == 2 && (args[1] == Py_None || PyLong_CheckExact(args[1])))) &&
      IS_LAYOUT(args[0]))
    return call_unary(FN(self), args[0]);
  return fallback(self, args, nargsf, kw);
}

/* right_inverse, left_inverse, filter_zeros, nullspace: one Layout */
static PyObject *v_unary(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kw) {
  if (kw == NULL && NARGS(nargsf) == 1 && IS_LAYOUT(args[0])) return call_unary(FN(self), args[0]);
  return fallback(self, args, nargsf, kw);
}

/* blocked_product, raked_product: two Layouts */
static PyObject *v_binary(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kw) {
  if (kw == NULL && NARGS(nargsf) == 2 && IS_LAYOUT(args[0]) && IS_LAYOUT(args[1])) {
    LayoutCore *o = new_layout();
    if (o == NULL) return NULL;
    int st;
    CALL_GO(st, ((binary_fn)FN(self)->f)(&LC(args[0])->c, &LC(args[1])->c, &o->c));
    return result(o, st, FN(self)->op);
  }
  return fallback(self, args, nargsf, kw);
}

/* complement(L[, cotarget]): a Layout, cotarget absent, None or an int */
static PyObject *v_complement(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kw) {
  Py_ssize_t n = NARGS(nargsf);
  if (kw == NULL && (n == 1 || n == 2) && IS_LAYOUT(args[0])) {
    cute_int_tuple_t t, *tp = NULL;
    if (n == 2 && args[1] != Py_None) {
      int of;
      if (!PyLong_CheckExact(args[1])) return fallback(self, args, nargsf, kw);
      long long v = PyLong_AsLongLongAndOverflow(args[1], &of);
      if (of) return fallback(self, args, nargsf, kw);
      memset(&t, 0, sizeof t);
      t.value[0] = v;
      t.leaves = 1;
      t.ntokens = 1;
      t.nest[0] = LEAF;
      tp = &t;
    }
    LayoutCore *o = new_layout();
    if (o == NULL) return NULL;
    int st;
    CALL_GO(st, cute_complement(&LC(args[0])->c, tp, &o->c));
    return result(o, st, FN(self)->op);
  }
  return fallback(self, args, nargsf, kw);
}

/* composition, the divides and the products: A a Layout; the tiler a Layout, an int, or a
 * tuple of 1..16 Layouts and Nones (None is `_`: a zero struct in the array) */
static PyObject *v_tiler(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kw) {
  Function *f = FN(self);
  if (kw != NULL || NARGS(nargsf) != 2 || !IS_LAYOUT(args[0])) return fallback(self, args, nargsf, kw);
  const cute_layout_t *a = &LC(args[0])->c;
  PyObject *b = args[1];
  LayoutCore *o;
  int st;
  if (IS_LAYOUT(b)) {
    if ((o = new_layout()) == NULL) return NULL;
    CALL_GO(st, ((binary_fn)f->f)(a, &LC(b)->c, &o->c));
    return result(o, st, f->op);
  }
  if (PyTuple_CheckExact(b)) {
    Py_ssize_t k = PyTuple_GET_SIZE(b);
    if (k < 1 || k > MAXL) return fallback(self, args, nargsf, kw);
    for (Py_ssize_t i = 0; i < k; ++i) {
      PyObject *x = PyTuple_GET_ITEM(b, i);
      if (x != Py_None && !IS_LAYOUT(x)) return fallback(self, args, nargsf, kw);
    }
    cute_layout_t tiles[MAXL];
    for (Py_ssize_t i = 0; i < k; ++i) {
      PyObject *x = PyTuple_GET_ITEM(b, i);
      if (x == Py_None) memset(&tiles[i], 0, sizeof tiles[i]);
      else tiles[i] = LC(x)->c;
    }
    if ((o = new_layout()) == NULL) return NULL;
    CALL_GO(st, ((tiles_fn)f->ftiles)(a, tiles, (int32_t)k, &o->c));
    return result(o, st, f->op);
  }
  if (PyLong_CheckExact(b)) {
    int of;
    long long v = PyLong_AsLongLongAndOverflow(b, &of);
    if (of) return fallback(self, args, nargsf, kw);
    char text[32];
    snprintf(text, sizeof text, "%lld", v);
    if ((o = new_layout()) == NULL) return NULL;
    CALL_GO(st, ((str_fn)f->fstr)(a, text, &o->c));
    return result(o, st, f->op);
  }
  return fallback(self, args, nargsf, kw);
}

/* size(L) of a Layout whose size fits int64 */
static PyObject *v_size(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kw) {
  if (kw == NULL && NARGS(nargsf) == 1 && IS_LAYOUT(args[0]) && is_fast(LC(args[0])))
    return PyLong_FromLongLong(cute_dev_layout_size(&LC(args[0])->c));
  return fallback(self, args, nargsf, kw);
}

/* cosize(L): 1 + Σ (s-1)|d| (libcutego's rule, and cutego_device.h's), when no step overflows */
static int cosize_fits(const cute_layout_t *L) {
  int64_t sum = 1, t;
  for (int k = 0; k < L->leaves; ++k) {
    int64_t d = L->stride[k];
    if (d == INT64_MIN) return 0;
    if (__builtin_mul_overflow(L->shape[k] - 1, d < 0 ? -d : d, &t) || __builtin_add_overflow(sum, t, &sum))
      return 0;
  }
  return 1;
}

static PyObject *v_cosize(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kw) {
  if (kw == NULL && NARGS(nargsf) == 1 && IS_LAYOUT(args[0]) && is_fast(LC(args[0])) &&
      cosize_fits(&LC(args[0])->c))
    return PyLong_FromLongLong(cute_dev_layout_cosize(&LC(args[0])->c));
  return fallback(self, args, nargsf, kw);
}

/* crd2idx(c, L) and crd2idx(c, shape, stride) with the forms eval_small takes */
static PyObject *v_crd2idx(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kw) {
  Py_ssize_t n = NARGS(nargsf);
  int64_t r;
  if (kw == NULL && (n == 2 || n == 3)) {
    if (IS_LAYOUT(args[1]) && (n == 2 || args[2] == Py_None)) {
      if (eval_small(LC(args[1]), args[0], &r)) return PyLong_FromLongLong(r);
    } else if (n == 3 && args[2] != Py_None) {
      enc_t e;
      LayoutCore tmp;
      e.n = e.nt = 0;
      if (walk(args[1], args[2], &e)) {
        enc_to_layout(&e, &tmp.c, 1);
        tmp.fast = size_fits(&tmp.c);
        if (eval_small(&tmp, args[0], &r)) return PyLong_FromLongLong(r);
      }
    }
  }
  return fallback(self, args, nargsf, kw);
}

/* idx2crd(i, shape) for an int i in int64 and a shape of exact positive ints (or a Layout's) */
static PyObject *v_idx2crd(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kw) {
  Py_ssize_t n = NARGS(nargsf);
  if (kw == NULL && (n == 2 || (n == 3 && args[2] == Py_None)) && PyLong_CheckExact(args[0])) {
    int of;
    long long i = PyLong_AsLongLongAndOverflow(args[0], &of);
    if (!of) {
      cute_layout_t tmp;
      const cute_layout_t *L = NULL;
      if (IS_LAYOUT(args[1])) {
        if (is_fast(LC(args[1]))) L = &LC(args[1])->c;
      } else {
        enc_t e;
        e.n = e.nt = 0;
        if (walk(args[1], NULL, &e)) {
          enc_to_layout(&e, &tmp, 0);
          L = &tmp;
        }
      }
      if (L != NULL) {
        int64_t crd[MAXL];
        cute_dev_idx2crd_flat(L, i, crd);
        return build_tuple(crd, L, "idx2crd");
      }
    }
  }
  return fallback(self, args, nargsf, kw);
}

/* __init__ of Layout: the struct is built by LayoutCore.__new__ (this keeps the signature
 * and type hints of the Python __init__ it stands for) */
static PyObject *v_noop(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kw) {
  (void)self, (void)args, (void)nargsf, (void)kw;
  Py_RETURN_NONE;
}

static int fn_traverse(PyObject *self, visitproc visit, void *arg) {
  Py_VISIT(FN(self)->fallback);
  Py_VISIT(FN(self)->dict);
  return 0;
}

static int fn_clear(PyObject *self) {
  Py_CLEAR(FN(self)->fallback);
  Py_CLEAR(FN(self)->dict);
  return 0;
}

static void fn_dealloc(PyObject *self) {
  PyObject_GC_UnTrack(self);
  fn_clear(self);
  Py_TYPE(self)->tp_free(self);
}

/* bound as a method when fetched from an instance (a function's behaviour), itself from
 * the class or a module */
static PyObject *fn_descr_get(PyObject *self, PyObject *obj, PyObject *type) {
  (void)type;
  if (obj == NULL || obj == Py_None) {
    Py_INCREF(self);
    return self;
  }
  return PyMethod_New(self, obj);
}

static PyObject *fn_repr(PyObject *self) {
  return PyUnicode_FromFormat("<cutego function %s>", FN(self)->op);
}

static PyGetSetDef fn_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject FunctionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cutego._cext.Function",
    .tp_basicsize = sizeof(Function),
    .tp_dealloc = fn_dealloc,
    .tp_vectorcall_offset = offsetof(Function, vectorcall),
    .tp_repr = fn_repr,
    .tp_call = PyVectorcall_Call,
    .tp_getattro = PyObject_GenericGetAttr,
    .tp_setattro = PyObject_GenericSetAttr,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL |
                Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_doc = "A cutego function: its common argument forms in C, the rest in the Python "
              "function it wraps (__wrapped__).",
    .tp_traverse = fn_traverse,
    .tp_clear = fn_clear,
    .tp_descr_get = fn_descr_get,
    .tp_getset = fn_getset,
    .tp_dictoffset = offsetof(Function, dict),
};

/* ---- the op table --------------------------------------------------------------------- */
#define TILER(name) {#name, v_tiler, (void *)cute_##name, (void *)cute_##name##_tiler, (void *)cute_##name##_str}
static const struct {
  const char *name;
  vectorcallfunc v;
  void *f, *ftiles, *fstr;
} OPS[] = {
    /* BEGIN bindgen (capi/bindgen writes these lines from its table: go generate ./capi) */
    {"coalesce", v_unary_profile, (void *)cute_coalesce, NULL, NULL},
    {"filter", v_unary_profile, (void *)cute_filter, NULL, NULL},
    {"filter_zeros", v_unary, (void *)cute_filter_zeros, NULL, NULL},
    TILER(composition),
    TILER(logical_divide),
    TILER(zipped_divide),
    TILER(tiled_divide),
    TILER(flat_divide),
    TILER(logical_product),
    TILER(zipped_product),
    TILER(tiled_product),
    TILER(flat_product),
    {"blocked_product", v_binary, (void *)cute_blocked_product, NULL, NULL},
    {"raked_product", v_binary, (void *)cute_raked_product, NULL, NULL},
    {"complement", v_complement, (void *)cute_complement, NULL, NULL},
    {"right_inverse", v_unary, (void *)cute_right_inverse, NULL, NULL},
    {"left_inverse", v_unary, (void *)cute_left_inverse, NULL, NULL},
    {"nullspace", v_unary, (void *)cute_nullspace, NULL, NULL},
    /* END bindgen */
    {"size", v_size, NULL, NULL, NULL},
    {"cosize", v_cosize, NULL, NULL, NULL},
    {"crd2idx", v_crd2idx, NULL, NULL, NULL},
    {"idx2crd", v_idx2crd, NULL, NULL, NULL},
    {"__init__", v_noop, NULL, NULL, NULL},
};

/* function(name, fallback): the Function of op `name` in front of the Python fallback */
static PyObject *m_function(PyObject *mod, PyObject *args) {
  (void)mod;
  const char *name;
  PyObject *fb;
  if (!PyArg_ParseTuple(args, "sO:function", &name, &fb)) return NULL;
  for (size_t i = 0; i < sizeof OPS / sizeof OPS[0]; ++i) {
    if (strcmp(OPS[i].name, name) != 0) continue;
    Function *f = PyObject_GC_New(Function, &FunctionType);
    if (f == NULL) return NULL;
    f->vectorcall = OPS[i].v;
    Py_INCREF(fb);
    f->fallback = fb;
    f->dict = NULL;
    f->op = OPS[i].name;
    f->f = OPS[i].f;
    f->ftiles = OPS[i].ftiles;
    f->fstr = OPS[i].fstr;
    PyObject_GC_Track((PyObject *)f);
    return (PyObject *)f;
  }
  PyErr_Format(PyExc_KeyError, "cutego._cext has no fast path for %s", name);
  return NULL;
}

/* setup(Layout, Error, encode_layout_clean, LayoutT.from_buffer_copy) */
static PyObject *m_setup(PyObject *mod, PyObject *args) {
  (void)mod;
  PyObject *cls, *err, *enc, *fb;
  if (!PyArg_ParseTuple(args, "OOOO:setup", &cls, &err, &enc, &fb)) return NULL;
  if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, &LayoutCoreType)) {
    PyErr_SetString(PyExc_TypeError, "setup: Layout must subclass LayoutCore");
    return NULL;
  }
  Py_INCREF(cls);
  Py_INCREF(err);
  Py_INCREF(enc);
  Py_INCREF(fb);
  Py_XSETREF(LayoutCls, (PyTypeObject *)cls);
  Py_XSETREF(ErrorCls, err);
  Py_XSETREF(EncodeFallback, enc);
  Py_XSETREF(StructFromBytes, fb);
  Py_RETURN_NONE;
}

/* layout_type(): a new cutego.Layout type (a heap type made here, so that its instances
 * have no garbage-collector header: they hold no references that could form a cycle),
 * subclass of LayoutCore; cutego.layout gives it its Python methods. */
static PyType_Slot layout_slots[] = {
    {Py_tp_dealloc, (void *)layout_dealloc},
    {Py_tp_call, (void *)layout_call},
    {Py_tp_new, (void *)layout_new},
    {0, NULL},
};

static PyType_Spec layout_spec = {
    "cutego.layout.Layout", sizeof(LayoutCore), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    layout_slots,
};

static PyObject *m_layout_type(PyObject *mod, PyObject *unused) {
  (void)mod, (void)unused;
  /* a tuple of bases: CPython 3.9 takes nothing else (3.10 also takes a single type) */
  PyObject *bases = PyTuple_Pack(1, (PyObject *)&LayoutCoreType);
  if (!bases) return NULL;
  PyObject *t = PyType_FromSpecWithBases(&layout_spec, bases);
  Py_DECREF(bases);
  return t;
}

/* from_struct(LayoutT): the Layout holding a copy of a ctypes cute_layout_t */
static PyObject *m_from_struct(PyObject *mod, PyObject *src) {
  (void)mod;
  LayoutCore *o = new_layout();
  if (o == NULL) return NULL;
  int empty;
  if (copy_struct(src, &o->c) < 0) {
    Py_DECREF(o);
    return NULL;
  }
  if (!well_formed(&o->c, &empty)) {
    Py_DECREF(o);
    raise_error("layout", "libcutego returned a malformed layout struct", "internal");
    return NULL;
  }
  set_fast(o);
  return (PyObject *)o;
}

/* library_path(): the file of the libcutego this module is linked to (for _ffi's ctypes
 * handle: the same copy, so that the process holds one Go runtime) */
static PyObject *m_library_path(PyObject *mod, PyObject *unused) {
  (void)mod, (void)unused;
  Dl_info info;
  if (dladdr((void *)cute_coalesce, &info) == 0 || info.dli_fname == NULL) Py_RETURN_NONE;
  return PyUnicode_DecodeFSDefault(info.dli_fname);
}

static PyObject *m_release_gil(PyObject *mod, PyObject *args) {
  (void)mod;
  int on = -1;
  if (!PyArg_ParseTuple(args, "|p:release_gil", &on)) return NULL;
  int was = release_gil;
  if (on >= 0) release_gil = on;
  return PyBool_FromLong(was);
}

/* ---- cutego.gemm on torch.Tensors (cutego/gpu.py's path for a geometry seen before) -----
 *
 * gemm_fast(d, a, b, c, alpha, beta, scale_a, scale_b, accumulation, promotion_interval) does in
 * C what gpu.py's gemm does for torch.Tensors on their current stream: the tensors' keys (shape, stride(), dtype,
 * get_device(), requires_grad, is_neg()), the lookup of the checked geometry in gpu._fast, the
 * addresses, the overlap checks on the cached byte spans, the current stream, and the launcher
 * call through its address (with FP8's options). Anything else — an unknown geometry, an overlap (to be refused
 * with gpu.py's message), another current device — returns NotImplemented and gpu.py does it.
 * On success it records the plan for last_plan() and returns None; a launcher failure returns
 * the status (an int) for gpu.py to raise. Set up by gemm_setup for one torch module. */
typedef int (*cuda_get_device_fn)(int *);
typedef int (*cutego_gemm_fn)(void *, const void *, const void *, const void *, const void *, const void *,
                              const void *, const void *, int, int, float, float, void *,
                              const cutego_gemm_options_t *, void *);
static PyObject *GemmTensorType, *GemmFast, *GemmRawStream, *GemmPlanType, *GemmLast, *GemmOp;
static cuda_get_device_fn gemm_get_device;
static cutego_gemm_fn gemm_launch;
static PyObject *s_shape, *s_stride, *s_dtype, *s_get_device, *s_requires_grad, *s_is_neg, *s_data_ptr, *s_cargs,
    *s_plan, *s_fast;

/* gemm_setup(torch.Tensor, gpu._fast, torch._C._cuda_getCurrentRawStream, address of
 * cudaGetDevice, address of cutego_gemm, GemmPlan, gpu._last) */
static PyObject *m_gemm_setup(PyObject *mod, PyObject *args) {
  (void)mod;
  PyObject *t, *fast, *raw, *pt, *last;
  unsigned long long gd, gm;
  if (!PyArg_ParseTuple(args, "OO!OKKOO:gemm_setup", &t, &PyDict_Type, &fast, &raw, &gd, &gm, &pt, &last)) return NULL;
  if (!PyType_Check(t) || !PyType_Check(pt) || !PyCallable_Check(raw) || gd == 0 || gm == 0) {
    PyErr_SetString(PyExc_TypeError, "gemm_setup: bad arguments");
    return NULL;
  }
#define INTERN(v, s) \
  if (v == NULL && (v = PyUnicode_InternFromString(s)) == NULL) return NULL;
  INTERN(s_shape, "shape")
  INTERN(s_stride, "stride")
  INTERN(s_dtype, "dtype")
  INTERN(s_get_device, "get_device")
  INTERN(s_requires_grad, "requires_grad")
  INTERN(s_is_neg, "is_neg")
  INTERN(s_data_ptr, "data_ptr")
  INTERN(s_cargs, "cargs")
  INTERN(s_plan, "plan")
  INTERN(s_fast, "fast")
  INTERN(GemmOp, "gemm")
#undef INTERN
  Py_INCREF(t), Py_INCREF(fast), Py_INCREF(raw), Py_INCREF(pt), Py_INCREF(last);
  Py_XSETREF(GemmTensorType, t);
  Py_XSETREF(GemmFast, fast);
  Py_XSETREF(GemmRawStream, raw);
  Py_XSETREF(GemmPlanType, pt);
  Py_XSETREF(GemmLast, last);
  gemm_get_device = (cuda_get_device_fn)(uintptr_t)gd;
  gemm_launch = (cutego_gemm_fn)(uintptr_t)gm;
  Py_RETURN_NONE;
}

/* (shape, stride(), dtype, get_device(), requires_grad, is_neg()): gpu.py's _tkey */
static PyObject *tensor_key(PyObject *t) {
  PyObject *v[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
  v[0] = PyObject_GetAttr(t, s_shape);
  if (v[0]) v[1] = PyObject_CallMethodNoArgs(t, s_stride);
  if (v[1]) v[2] = PyObject_GetAttr(t, s_dtype);
  if (v[2]) v[3] = PyObject_CallMethodNoArgs(t, s_get_device);
  if (v[3]) v[4] = PyObject_GetAttr(t, s_requires_grad);
  if (v[4]) v[5] = PyObject_CallMethodNoArgs(t, s_is_neg);
  PyObject *k = v[5] ? PyTuple_Pack(6, v[0], v[1], v[2], v[3], v[4], v[5]) : NULL;
  for (int i = 0; i < 6; ++i) Py_XDECREF(v[i]);
  return k;
}

static int data_ptr(PyObject *t, unsigned long long *p) {
  PyObject *r = PyObject_CallMethodNoArgs(t, s_data_ptr);
  if (r == NULL) return -1;
  *p = PyLong_AsUnsignedLongLong(r);
  Py_DECREF(r);
  return (*p == (unsigned long long)-1 && PyErr_Occurred()) ? -1 : 0;
}

/* the cargs of an entry: (ld, la, lb, lc, ab, cd, dev, d_lo, d_hi, a_lo, a_hi, b_lo, b_hi, c_lo,
 * c_hi, c_is_d, fp8, b_dtype option, fp8_accumulation, fp8_promotion_interval), addresses and
 * byte offsets as ints */
#define NCARGS 20

static PyObject *m_gemm_fast(PyObject *mod, PyObject *const *args, Py_ssize_t n) {
  (void)mod;
  if (n != 10) {
    PyErr_SetString(PyExc_TypeError, "gemm_fast(d, a, b, c, alpha, beta, scale_a, scale_b, accumulation, interval)");
    return NULL;
  }
  if (GemmFast == NULL) Py_RETURN_NOTIMPLEMENTED;
  PyObject *d = args[0], *a = args[1], *b = args[2], *c = args[3], *sa = args[6], *sb = args[7];
  double alpha = PyFloat_AsDouble(args[4]);
  if (alpha == -1.0 && PyErr_Occurred()) return NULL;
  double beta = PyFloat_AsDouble(args[5]);
  if (beta == -1.0 && PyErr_Occurred()) return NULL;
  if (beta == 0.0) c = Py_None; /* not read */
  else if (c == Py_None) c = d;
  PyTypeObject *T = (PyTypeObject *)GemmTensorType;
  if (Py_TYPE(d) != T || Py_TYPE(a) != T || Py_TYPE(b) != T || (c != Py_None && Py_TYPE(c) != T) ||
      (sa != Py_None && Py_TYPE(sa) != T) || (sb != Py_None && Py_TYPE(sb) != T) || !PyUnicode_CheckExact(args[8]) ||
      !PyLong_CheckExact(args[9]))
    Py_RETURN_NOTIMPLEMENTED;
  PyObject *k[6] = {NULL, NULL, NULL, NULL, NULL, NULL}, *key = NULL, *e = NULL, *ret = NULL;
  if ((k[0] = tensor_key(d)) == NULL || (k[1] = tensor_key(a)) == NULL || (k[2] = tensor_key(b)) == NULL) goto done;
  if (c != Py_None && (k[3] = tensor_key(c)) == NULL) goto done;
  if (sa != Py_None && (k[4] = tensor_key(sa)) == NULL) goto done;
  if (sb != Py_None && (k[5] = tensor_key(sb)) == NULL) goto done;
  /* gpu.py's key: (d, a, b, c, scale_a, scale_b, accumulation, promotion_interval) */
  key = PyTuple_Pack(8, k[0], k[1], k[2], k[3] ? k[3] : Py_None, k[4] ? k[4] : Py_None, k[5] ? k[5] : Py_None,
                     args[8], args[9]);
  if (key == NULL) goto done;
  e = PyDict_GetItemWithError(GemmFast, key);
  if (e == NULL) {
    if (!PyErr_Occurred()) ret = (Py_INCREF(Py_NotImplemented), Py_NotImplemented);
    goto done;
  }
  Py_INCREF(e); /* it holds the layouts the launcher reads (another thread may clear gpu._fast) */
  long long v[NCARGS];
  {
    PyObject *ca = PyObject_GetAttr(e, s_cargs);
    if (ca == NULL) goto done;
    if (!PyTuple_Check(ca) || PyTuple_GET_SIZE(ca) != NCARGS) {
      Py_DECREF(ca);
      PyErr_SetString(PyExc_TypeError, "gemm_fast: malformed cargs");
      goto done;
    }
    for (int i = 0; i < NCARGS; ++i) v[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(ca, i));
    Py_DECREF(ca);
    if (PyErr_Occurred()) goto done;
  }
  unsigned long long dp, ap, bp, cp = 0, sap = 0, sbp = 0;
  if (data_ptr(d, &dp) < 0 || data_ptr(a, &ap) < 0 || data_ptr(b, &bp) < 0) goto done;
  if (c != Py_None && data_ptr(c, &cp) < 0) goto done;
  if ((sa != Py_None && data_ptr(sa, &sap) < 0) || (sb != Py_None && data_ptr(sb, &sbp) < 0)) goto done;
  /* FP8's options, as gpu.py's _fp8_options makes them (none where all are the defaults) */
  cutego_gemm_options_t opt;
  const cutego_gemm_options_t *popt = NULL;
  if (v[16] && (v[17] || v[18] || v[19] || sap || sbp)) {
    memset(&opt, 0, sizeof opt);
    opt.b_dtype = (int32_t)v[17];
    opt.fp8_accumulation = (int32_t)v[18];
    opt.fp8_promotion_interval = (int32_t)v[19];
    opt.scale_a = (const float *)(uintptr_t)sap;
    opt.scale_b = (const float *)(uintptr_t)sbp;
    popt = &opt;
  }
  {
    /* the overlap checks of gpu.py's _gemm_fast, on byte addresses (wrapping as Python's ints do not) */
    const long long d0 = (long long)dp + v[7], d1 = (long long)dp + v[8];
    int bad = ((long long)ap + v[9] < d1 && d0 < (long long)ap + v[10]) ||
              ((long long)bp + v[11] < d1 && d0 < (long long)bp + v[12]) ||
              (c != Py_None && (long long)cp + v[13] < d1 && d0 < (long long)cp + v[14] && !(cp == dp && v[15]));
    if (bad || dp > (1ull << 62) || ap > (1ull << 62) || bp > (1ull << 62) || cp > (1ull << 62)) {
      ret = (Py_INCREF(Py_NotImplemented), Py_NotImplemented); /* gpu.py refuses it with its message */
      goto done;
    }
  }
  int cur = -1;
  if (gemm_get_device(&cur) != 0 || cur != (int)v[6]) { /* no device, or another current one: gpu.py's */
    ret = (Py_INCREF(Py_NotImplemented), Py_NotImplemented);
    goto done;
  }
  {
    PyObject *dev = PyLong_FromLongLong(v[6]);
    if (dev == NULL) goto done;
    PyObject *s = PyObject_CallOneArg(GemmRawStream, dev);
    Py_DECREF(dev);
    if (s == NULL) goto done;
    unsigned long long stream = PyLong_AsUnsignedLongLong(s);
    Py_DECREF(s);
    if (stream == (unsigned long long)-1 && PyErr_Occurred()) goto done;
    PyObject *plan = PyObject_CallNoArgs(GemmPlanType);
    if (plan == NULL) goto done;
    Py_buffer view;
    if (PyObject_GetBuffer(plan, &view, PyBUF_WRITABLE) < 0) {
      Py_DECREF(plan);
      goto done;
    }
    int st;
    Py_BEGIN_ALLOW_THREADS
    st = gemm_launch((void *)(uintptr_t)dp, (const void *)(uintptr_t)v[0], (const void *)(uintptr_t)ap,
                     (const void *)(uintptr_t)v[1], (const void *)(uintptr_t)bp, (const void *)(uintptr_t)v[2],
                     c != Py_None ? (const void *)(uintptr_t)cp : NULL, v[3] ? (const void *)(uintptr_t)v[3] : NULL,
                     (int)v[4], (int)v[5], (float)alpha, (float)beta, (void *)(uintptr_t)stream, popt, view.buf);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    if (st != 0) {
      Py_DECREF(plan);
      ret = PyLong_FromLong(st);
      goto done;
    }
    PyObject *extra = PyDict_New();
    PyObject *rec = extra ? PyTuple_Pack(4, GemmOp, plan, Py_None, extra) : NULL;
    Py_XDECREF(extra);
    Py_DECREF(plan);
    if (rec == NULL || PyObject_SetAttr(GemmLast, s_plan, rec) < 0) {
      Py_XDECREF(rec);
      goto done;
    }
    Py_DECREF(rec);
    ret = (Py_INCREF(Py_None), Py_None);
  }
done:
  for (int i = 0; i < 6; ++i) Py_XDECREF(k[i]);
  Py_XDECREF(key);
  Py_XDECREF(e);
  return ret;
}

static PyMethodDef methods[] = {
    {"function", m_function, METH_VARARGS, "function(name, fallback): the fast path of op name."},
    {"setup", m_setup, METH_VARARGS, "setup(Layout, Error, encode_layout_clean, from_bytes)."},
    {"layout_type", m_layout_type, METH_NOARGS, "A new cutego.Layout type (see layout.py)."},
    {"from_struct", m_from_struct, METH_O, "The Layout of a ctypes cute_layout_t (copied)."},
    {"library_path", m_library_path, METH_NOARGS, "The libcutego file this module uses."},
    {"gemm_setup", m_gemm_setup, METH_VARARGS, "gemm_setup(...): the torch module gemm_fast serves (gpu.py)."},
    {"gemm_fast", (PyCFunction)(void (*)(void))m_gemm_fast, METH_FASTCALL,
     "gemm_fast(d, a, b, c, alpha, beta, scale_a, scale_b, accumulation, interval): gpu.gemm on torch.Tensors "
     "of a known geometry."},
    {"release_gil", m_release_gil, METH_VARARGS,
     "release_gil([on]): whether libcutego's algebra runs with the GIL released (and set it)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moddef = {
    PyModuleDef_HEAD_INIT, "cutego._cext",
    "The C fast path of cutego (see cutego/_cext.c); cutego works without it.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cext(void) {
  if (cutego_version() / 10000 != CUTEGO_VERSION_MAJOR) {
    PyErr_SetString(PyExc_ImportError, "cutego._cext: libcutego's major version differs");
    return NULL;
  }
  if (PyType_Ready(&LayoutBaseType) < 0 || PyType_Ready(&LayoutCoreType) < 0 ||
      PyType_Ready(&FunctionType) < 0)
    return NULL;
  CallSlowName = PyUnicode_InternFromString("_call_slow");
  if (CallSlowName == NULL) return NULL;
  PyObject *m = PyModule_Create(&moddef);
  if (m == NULL) return NULL;
  Py_INCREF(&LayoutCoreType);
  if (PyModule_AddObject(m, "LayoutCore", (PyObject *)&LayoutCoreType) < 0) {
    Py_DECREF(&LayoutCoreType);
    Py_DECREF(m);
    return NULL;
  }
  Py_INCREF(&LayoutBaseType);
  if (PyModule_AddObject(m, "LayoutBase", (PyObject *)&LayoutBaseType) < 0) {
    Py_DECREF(&LayoutBaseType);
    Py_DECREF(m);
    return NULL;
  }
  if (PyModule_AddIntConstant(m, "MAX_LEAVES", MAXL) < 0) {
    Py_DECREF(m);
    return NULL;
  }
  return m;
}
