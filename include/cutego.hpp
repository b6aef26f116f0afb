// cutego.hpp — C++ wrapper of libcutego's C ABI (cutego.h): value types with operators,
// errors as exceptions, CuTe's names. Header-only over the C library; C++11 or later.
//
//   cutego::Layout a("(6,2):(8,2)"), b("(4,3):(3,1)");
//   cutego::Layout r = cutego::composition(a, b);        // ((2,2),3):((24,2),8)
//   int64_t i = r(5);  r(cutego::IntTuple{1, 2});        // evaluate
//   cutego::logical_divide(a, {cutego::Layout("3:1"), cutego::_});   // by-mode tiler
//   std::cout << r;                                      // CuTe's print, without `_`
//
// Every failure throws cutego::error (a std::runtime_error) carrying the status and the
// library's message.
//
// With CUTLASS's CuTe (define CUTEGO_WITH_CUTE, or compile as C++17 with <cute/layout.hpp> and
// CUDA's <cuda/std/...> headers on the include path, unless CUTEGO_NO_CUTE is defined):
//   cutego::to_cute<Shape, Stride>(l)   → cute::Layout<Shape, Stride> for a given profile, e.g.
//                                         Shape = cute::Shape<int64_t, cute::Shape<int64_t,
//                                         int64_t>>; static leaves (cute::Int<N>) are checked.
//   cutego::to_cute(l, profile)         → the same with the profile given as a value
//   cutego::from_cute(cute_layout)      → cutego::Layout (static or dynamic integers)
//   cutego::to_cute(l, cute_layout)     → l as a cute::Layout of cute_layout's very type
//   cutego::from_cute(tiled_mma)        → cutego::TiledMMALayouts: a C++ TiledMMA's TV layouts,
//                                         ThrLayoutVMNK, tile and size (cutego::layouts(m) of
//                                         a cutego::TiledMMA is the same struct)
#ifndef CUTEGO_HPP
#define CUTEGO_HPP

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cutego.h"

namespace cutego {

// error: a failed call of the C ABI.
class error : public std::runtime_error {
 public:
  error(cutego_status_t status, const std::string &msg) : std::runtime_error(msg), status_(status) {}
  cutego_status_t status() const noexcept { return status_; }

 private:
  cutego_status_t status_;
};

namespace detail {
inline std::string last_error() {
  size_t n = cutego_last_error(nullptr, 0);
  std::string s(n + 1, '\0');
  cutego_last_error(&s[0], s.size());
  s.resize(n);
  return s;
}
inline void check(cutego_status_t st) {
  if (st != CUTEGO_OK) throw error(st, last_error());
}
template <class T, class Fmt>
std::string format(const T &x, Fmt f) {
  char buf[256];
  size_t len = 0;
  cutego_status_t st = f(&x, buf, sizeof buf, &len);
  if (st == CUTEGO_OK) return std::string(buf, len);
  if (st != CUTEGO_BUFFER_TOO_SMALL) throw error(st, last_error());
  std::string s(len + 1, '\0');
  check(f(&x, &s[0], s.size(), &len));
  s.resize(len);
  return s;
}
}  // namespace detail

// IntTuple: an integer or a tuple of IntTuples (a shape, a stride, a coordinate).
//   IntTuple(5)  IntTuple{2, IntTuple{3, 4}}  IntTuple("(2,(3,4))")  IntTuple::tuple({})
class IntTuple {
 public:
  IntTuple() : IntTuple(int64_t(0)) {}
  IntTuple(int64_t v) {  // NOLINT: implicit, so that {2, {3, 4}} reads naturally
    std::memset(&t_, 0, sizeof t_);
    t_.value[0] = v;
    t_.leaves = 1;
    t_.nest[0] = CUTE_NEST_LEAF;
    t_.ntokens = 1;
  }
  IntTuple(int v) : IntTuple(int64_t(v)) {}  // NOLINT
  IntTuple(std::initializer_list<IntTuple> elems) { *this = tuple(elems); }
  explicit IntTuple(const char *text) { detail::check(cute_int_tuple_parse(text, &t_)); }
  explicit IntTuple(const std::string &text) : IntTuple(text.c_str()) {}
  explicit IntTuple(const cute_int_tuple_t &t) : t_(t) {
    std::string s = detail::format(t_, cute_int_tuple_format);  // validates
    (void)s;
  }

  // The tuple of the given elements ((), (5), (2,(3,4)), ...).
  static IntTuple tuple(std::initializer_list<IntTuple> elems) { return tuple(elems.begin(), elems.end()); }
  template <class It>
  static IntTuple tuple(It first, It last) {
    IntTuple r;
    cute_int_tuple_t &t = r.t_;
    std::memset(&t, 0, sizeof t);
    push(t, CUTE_NEST_OPEN);
    for (It e = first; e != last; ++e) {
      const cute_int_tuple_t &c = e->t_;
      for (int32_t k = 0; k < c.ntokens; ++k) push(t, c.nest[k]);
      for (int32_t k = 0; k < c.leaves; ++k) {
        if (t.leaves >= CUTE_LAYOUT_MAX_LEAVES)
          throw error(CUTEGO_CAPACITY, "cutego::IntTuple: more than CUTE_LAYOUT_MAX_LEAVES leaves");
        t.value[t.leaves++] = c.value[k];
      }
    }
    push(t, CUTE_NEST_CLOSE);
    return r;
  }

  bool is_leaf() const { return t_.ntokens == 1; }
  int64_t value() const { return t_.value[0]; }  // of a leaf
  int32_t leaves() const { return t_.leaves; }
  const cute_int_tuple_t &c() const { return t_; }
  std::string str() const { return detail::format(t_, cute_int_tuple_format); }

  friend bool operator==(const IntTuple &a, const IntTuple &b) {
    if (a.t_.leaves != b.t_.leaves || a.t_.ntokens != b.t_.ntokens) return false;
    return std::memcmp(a.t_.value, b.t_.value, sizeof(int64_t) * a.t_.leaves) == 0 &&
           std::memcmp(a.t_.nest, b.t_.nest, a.t_.ntokens) == 0;
  }
  friend bool operator!=(const IntTuple &a, const IntTuple &b) { return !(a == b); }
  friend std::ostream &operator<<(std::ostream &os, const IntTuple &t) { return os << t.str(); }

 private:
  static void push(cute_int_tuple_t &t, int8_t tok) {
    if (t.ntokens >= CUTE_LAYOUT_MAX_TOKENS)
      throw error(CUTEGO_CAPACITY, "cutego::IntTuple: more than CUTE_LAYOUT_MAX_TOKENS tokens");
    t.nest[t.ntokens++] = tok;
  }
  cute_int_tuple_t t_;
};

// Layout: CuTe's Layout as a value (a validated cute_layout_t).
class Layout {
 public:
  Layout() : Layout("1:0") {}
  explicit Layout(const char *text) { detail::check(cute_layout_parse(text, &l_)); }
  explicit Layout(const std::string &text) : Layout(text.c_str()) {}
  explicit Layout(const cute_layout_t &l) : l_(l) { detail::check(cute_layout_check(&l_)); }
  // make_layout(shape): column-major.
  explicit Layout(const IntTuple &shape) { detail::check(cute_make_layout_left(&shape.c(), &l_)); }
  // make_layout(shape, stride): congruent shape and stride.
  Layout(const IntTuple &shape, const IntTuple &stride) {
    const cute_int_tuple_t &s = shape.c(), &d = stride.c();
    if (s.ntokens != d.ntokens || std::memcmp(s.nest, d.nest, s.ntokens) != 0)
      throw error(CUTEGO_INVALID_ARGUMENT,
                  "cutego::Layout: shape " + shape.str() + " and stride " + stride.str() + " are not congruent");
    detail::check(cute_make_layout(s.value, d.value, s.leaves, s.nest, s.ntokens, &l_));
  }
  static Layout left(const IntTuple &shape) { return Layout(shape); }
  static Layout right(const IntTuple &shape) {
    Layout r;
    detail::check(cute_make_layout_right(&shape.c(), &r.l_));
    return r;
  }
  static Layout from_c(const cute_layout_t &l) { return Layout(l); }

  const cute_layout_t &c() const { return l_; }
  operator const cute_layout_t &() const { return l_; }  // NOLINT: pass to the C ABI

  int64_t size() const { return get(cute_size); }
  int64_t cosize() const { return get(cute_cosize); }
  int32_t rank() const { return get32(cute_rank); }
  int32_t depth() const { return get32(cute_depth); }
  IntTuple shape() const { return tuple(cute_shape); }
  IntTuple stride() const { return tuple(cute_stride); }
  Layout mode(int32_t i) const {
    Layout r;
    detail::check(cute_layout_mode(&l_, i, &r.l_));
    return r;
  }
  Layout operator[](int32_t i) const { return mode(i); }

  // L(i), L(coord), L(i, j, ...).
  int64_t operator()(int64_t i) const {
    int64_t v;
    detail::check(cute_layout_eval(&l_, i, &v));
    return v;
  }
  int64_t operator()(const IntTuple &coord) const {
    int64_t v;
    detail::check(cute_crd2idx(&l_, &coord.c(), &v));
    return v;
  }
  template <class A, class B, class... R>
  int64_t operator()(const A &a, const B &b, const R &...r) const {
    return (*this)(IntTuple{IntTuple(a), IntTuple(b), IntTuple(r)...});
  }
  IntTuple idx2crd(int64_t idx) const {
    cute_int_tuple_t t;
    detail::check(cute_idx2crd(&l_, idx, &t));
    return IntTuple(t);
  }

  std::string str() const { return detail::format(l_, cute_layout_format); }
  friend bool operator==(const Layout &a, const Layout &b) {
    int32_t eq = 0;
    detail::check(cute_layout_equal(&a.l_, &b.l_, &eq));
    return eq != 0;
  }
  friend bool operator!=(const Layout &a, const Layout &b) { return !(a == b); }
  friend std::ostream &operator<<(std::ostream &os, const Layout &l) { return os << l.str(); }

 private:
  int64_t get(cutego_status_t (*f)(const cute_layout_t *, int64_t *)) const {
    int64_t v;
    detail::check(f(&l_, &v));
    return v;
  }
  int32_t get32(cutego_status_t (*f)(const cute_layout_t *, int32_t *)) const {
    int32_t v;
    detail::check(f(&l_, &v));
    return v;
  }
  IntTuple tuple(cutego_status_t (*f)(const cute_layout_t *, cute_int_tuple_t *)) const {
    cute_int_tuple_t t;
    detail::check(f(&l_, &t));
    return IntTuple(t);
  }
  cute_layout_t l_;
};

// `_` in a tiler: keep the mode.
struct Underscore {};
static constexpr Underscore _{};

// Tiler: a by-mode tiler (t0, t1, ...) of layouts and `_`; or a single layout; or text.
class Tiler {
 public:
  struct Elem {
    Elem(const Layout &l) : l_(l.c()) {}  // NOLINT
    Elem(Underscore) { std::memset(&l_, 0, sizeof l_); }  // NOLINT
    cute_layout_t l_;
  };
  Tiler(std::initializer_list<Elem> elems) {
    for (const Elem &e : elems) elems_.push_back(e.l_);
  }
  const cute_layout_t *data() const { return elems_.data(); }
  int32_t size() const { return int32_t(elems_.size()); }

 private:
  std::vector<cute_layout_t> elems_;
};

namespace detail {
// layout_call(f, args...) / int64_call(f, args...): the result of f(args..., &r).
template <class F, class... A>
Layout layout_call(F f, A... a) {
  cute_layout_t r;
  check(f(a..., &r));
  return Layout::from_c(r);
}
template <class F, class... A>
int64_t int64_call(F f, A... a) {
  int64_t r;
  check(f(a..., &r));
  return r;
}
typedef cutego_status_t (*binary_t)(const cute_layout_t *, const cute_layout_t *, cute_layout_t *);
typedef cutego_status_t (*tiler_t)(const cute_layout_t *, const cute_layout_t *, int32_t, cute_layout_t *);
typedef cutego_status_t (*text_t)(const cute_layout_t *, const char *, cute_layout_t *);
inline Layout call(binary_t f, const Layout &a, const Layout &b) {
  cute_layout_t r;
  check(f(&a.c(), &b.c(), &r));
  return Layout::from_c(r);
}
inline Layout call(tiler_t f, const Layout &a, const Tiler &t) {
  cute_layout_t r;
  check(f(&a.c(), t.data(), t.size(), &r));
  return Layout::from_c(r);
}
inline Layout call(text_t f, const Layout &a, const char *t) {
  cute_layout_t r;
  check(f(&a.c(), t, &r));
  return Layout::from_c(r);
}
}  // namespace detail

#define CUTEGO_HPP_TILER_OP(name)                                                                   \
  inline Layout name(const Layout &a, const Layout &b) { return detail::call(cute_##name, a, b); }  \
  inline Layout name(const Layout &a, const Tiler &t) { return detail::call(cute_##name##_tiler, a, t); } \
  inline Layout name(const Layout &a, const char *t) { return detail::call(cute_##name##_str, a, t); } \
  inline Layout name(const Layout &a, const std::string &t) { return name(a, t.c_str()); }
// ---- atoms (cutego.h: cute_mma_atom_t, cute_tiled_mma_t, cute_copy_atom_t, cute_tiled_copy_t)
// Values over the C structs; the functions making and using them are below (make_tiled_mma,
// make_tiled_copy, ...), their members read the struct's fields.
//   cutego::TiledMMA mma = cutego::make_tiled_mma("SM80_16x8x16_F32F16F16F32_TN",
//                                                 cutego::Layout("(2,2,1):(1,2,0)"));
//   mma.get_layoutC_TV();  mma.get_slice(3).partition_C(cutego::Layout("(32,32):(32,1)"));
class MMAAtom {
 public:
  explicit MMAAtom(const cute_mma_atom_t &a) : a_(a) {}
  std::string name() const { return a_.name; }
  IntTuple shape_mnk() const { return IntTuple(a_.shape_mnk); }
  Layout thr_id() const { return Layout(a_.thr_id); }
  Layout layoutA_TV() const { return Layout(a_.layoutA_TV); }
  Layout layoutB_TV() const { return Layout(a_.layoutB_TV); }
  Layout layoutC_TV() const { return Layout(a_.layoutC_TV); }
  const cute_mma_atom_t &c() const { return a_; }

 private:
  cute_mma_atom_t a_;
};

class ThrMMA;
class TiledMMA {
 public:
  explicit TiledMMA(const cute_tiled_mma_t &m) : m_(m) {}
  MMAAtom atom() const { return MMAAtom(m_.atom); }
  Layout atom_layout_mnk() const { return Layout(m_.atom_layout_mnk); }
  Layout thr_layout_vmnk() const { return Layout(m_.thr_layout_vmnk); }
  // permutation_mnk(i): the permutation of mode i; false when it is `_`.
  bool permutation_mnk(int i, Layout &out) const {
    if (m_.permutation_mnk[i].ntokens == 0) return false;
    out = Layout(m_.permutation_mnk[i]);
    return true;
  }
  int64_t tile_size(int i) const { return m_.tile_shape_mnk[i]; }
  IntTuple tile_shape() const { return IntTuple{m_.tile_shape_mnk[0], m_.tile_shape_mnk[1], m_.tile_shape_mnk[2]}; }
  int64_t size() const { return m_.size; }
  Layout get_layoutA_TV() const { return Layout(m_.layoutA_TV); }
  Layout get_layoutB_TV() const { return Layout(m_.layoutB_TV); }
  Layout get_layoutC_TV() const { return Layout(m_.layoutC_TV); }
  inline ThrMMA get_slice(int64_t thr_idx) const;
  const cute_tiled_mma_t &c() const { return m_; }

 private:
  cute_tiled_mma_t m_;
};

class CopyAtom {
 public:
  explicit CopyAtom(const cute_copy_atom_t &a) : a_(a) {}
  std::string op() const { return a_.op; }
  std::string val_type() const { return a_.val_type; }
  int64_t val_bits() const { return a_.val_bits; }
  Layout thr_id() const { return Layout(a_.thr_id); }
  Layout val_layout_src() const { return Layout(a_.val_layout_src); }
  Layout val_layout_dst() const { return Layout(a_.val_layout_dst); }
  Layout val_layout_ref() const { return Layout(a_.val_layout_ref); }
  const cute_copy_atom_t &c() const { return a_; }

 private:
  cute_copy_atom_t a_;
};

class ThrCopy;
class TiledCopy {
 public:
  explicit TiledCopy(const cute_tiled_copy_t &t) : t_(t) {}
  CopyAtom atom() const { return CopyAtom(t_.atom); }
  Layout layout_tv() const { return Layout(t_.layout_tv); }
  IntTuple tiler_mn() const { return IntTuple(t_.tiler_mn); }
  int64_t size() const { return t_.size; }
  Layout get_layoutS_TV() const { return Layout(t_.layoutS_TV); }
  Layout get_layoutD_TV() const { return Layout(t_.layoutD_TV); }
  inline ThrCopy get_slice(int64_t thr_idx) const;
  const cute_tiled_copy_t &c() const { return t_; }

 private:
  cute_tiled_copy_t t_;
};

// Partition: a thread's partition of a layout, and the index of its first element.
struct Partition {
  Layout layout;
  int64_t offset;
};

namespace detail {
// value_call<R, C>(f, args...): R of the C struct f(args..., &r) writes.
template <class R, class C, class F, class... A>
R value_call(F f, A... a) {
  C r;
  check(f(a..., &r));
  return R(r);
}
template <class F, class... A>
Partition partition_call(F f, A... a) {
  cute_layout_t r;
  int64_t off = 0;
  check(f(a..., &r, &off));
  return Partition{Layout::from_c(r), off};
}
template <class F, class... A>
std::string text_call(F f, A... a) {
  size_t len = 0;
  check(f(a..., nullptr, 0, &len));
  std::string s(len + 1, '\0');
  check(f(a..., &s[0], s.size(), &len));
  s.resize(len);
  return s;
}
}  // namespace detail

// BEGIN bindgen (capi/bindgen writes these functions from its table: go generate ./capi)
// coalesce(L): the same function flattened, mergeable modes combined, size-1 modes dropped.
inline Layout coalesce(const Layout &l) { return detail::layout_call(cute_coalesce, &l.c()); }
// coalesce(L, profile): coalesce each mode of the profile separately.
inline Layout coalesce(const Layout &l, const IntTuple &profile) {
  return detail::layout_call(cute_coalesce_profile, &l.c(), &profile.c());
}
// filter(L) = coalesce(filter_zeros(L)): no stride-0 or size-1 modes, the rest coalesced.
inline Layout filter(const Layout &l) { return detail::layout_call(cute_filter, &l.c()); }
// filter_zeros(L): every mode of stride 0 gets shape 1; structure and strides are kept.
inline Layout filter_zeros(const Layout &l) { return detail::layout_call(cute_filter_zeros, &l.c()); }
// composition(A, B) = A o B: the layout c -> A(B(c)).
CUTEGO_HPP_TILER_OP(composition)
// logical_divide(A, B) = A o (B, complement(B, shape(coalesce(A)))): (tile, rest).
CUTEGO_HPP_TILER_OP(logical_divide)
// zipped_divide(A, B): logical_divide as ((T0,T1,...),(R0,R1,...)).
CUTEGO_HPP_TILER_OP(zipped_divide)
// tiled_divide(A, B): zipped_divide with the rest mode unpacked, ((T0,T1,...),R0,R1,...).
CUTEGO_HPP_TILER_OP(tiled_divide)
// flat_divide(A, B): zipped_divide with both modes unpacked, (T0,T1,...,R0,R1,...).
CUTEGO_HPP_TILER_OP(flat_divide)
// logical_product(A, B) = (A, complement(A, size(A)*cosize(B)) o B): A repeated as B says.
CUTEGO_HPP_TILER_OP(logical_product)
// zipped_product(A, B): logical_product as ((A0,A1,...),(P0,P1,...)).
CUTEGO_HPP_TILER_OP(zipped_product)
// tiled_product(A, B): zipped_product with the second mode unpacked, ((A0,A1,...),P0,P1,...).
CUTEGO_HPP_TILER_OP(tiled_product)
// flat_product(A, B): zipped_product with both modes unpacked.
CUTEGO_HPP_TILER_OP(flat_product)
// blocked_product(A, B): mode i is (A_i, P1_i) of P = logical_product(A, B): blocks contiguous.
inline Layout blocked_product(const Layout &a, const Layout &b) {
  return detail::layout_call(cute_blocked_product, &a.c(), &b.c());
}
// raked_product(A, B): mode i is (P1_i, A_i): as blocked_product, the blocks interleaved.
inline Layout raked_product(const Layout &a, const Layout &b) {
  return detail::layout_call(cute_raked_product, &a.c(), &b.c());
}
// complement(L, cotarget); cotarget == NULL means complement(L) (cotarget cosize(L)).
inline Layout complement(const Layout &l) { return detail::layout_call(cute_complement, &l.c(), nullptr); }
inline Layout complement(const Layout &l, const IntTuple &cotarget) {
  return detail::layout_call(cute_complement, &l.c(), &cotarget.c());
}
// right_inverse(L): the layout R with L(R(i)) = i for i < size(R), as large as CuTe finds it.
inline Layout right_inverse(const Layout &l) { return detail::layout_call(cute_right_inverse, &l.c()); }
// left_inverse(L): a layout R with R(L(i)) = i for every i < size(L) when L is injective.
inline Layout left_inverse(const Layout &l) { return detail::layout_call(cute_left_inverse, &l.c()); }
// max_common_vector(A, B): how many elements A and B map alike and contiguously (at least 1).
inline int64_t max_common_vector(const Layout &a, const Layout &b) {
  return detail::int64_call(cute_max_common_vector, &a.c(), &b.c());
}
// max_common_layout(A, B): the layout R of the most elements with A(R(i)) = B(R(i)) = i.
inline Layout max_common_layout(const Layout &a, const Layout &b) {
  return detail::layout_call(cute_max_common_layout, &a.c(), &b.c());
}
// nullspace(L): the flat stride-0 modes of L (1:0 if none): L(R(i)) = 0 for i < size(R).
inline Layout nullspace(const Layout &l) { return detail::layout_call(cute_nullspace, &l.c()); }
// tile_to_shape(A, shape[, order]): A repeated to cover shape (order may be NULL).
inline Layout tile_to_shape(const Layout &a, const IntTuple &shape) {
  return detail::layout_call(cute_tile_to_shape, &a.c(), &shape.c(), nullptr);
}
inline Layout tile_to_shape(const Layout &a, const IntTuple &shape, const IntTuple &order) {
  return detail::layout_call(cute_tile_to_shape, &a.c(), &shape.c(), &order.c());
}
// MMA_Atom<Op>{} for the operation named as CuTe spells it (SM80_16x8x16_F32F16F16F32_TN, SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>).
inline MMAAtom make_mma_atom(const std::string &name) {
  return detail::value_call<MMAAtom, cute_mma_atom_t>(cute_make_mma_atom, name.c_str());
}
// make_tiled_mma(atom, atom_layout, permutation): atom_layout NULL is 1:0 (one atom), permutation NULL is (_,_,_), else text such as "(32,(8,2,2):(1,16,8),_)".
inline TiledMMA make_tiled_mma(const std::string &atom_name) {
  return detail::value_call<TiledMMA, cute_tiled_mma_t>(cute_make_tiled_mma, atom_name.c_str(), nullptr, nullptr);
}
inline TiledMMA make_tiled_mma(const std::string &atom_name, const Layout &atom_layout) {
  return detail::value_call<TiledMMA, cute_tiled_mma_t>(cute_make_tiled_mma, atom_name.c_str(), &atom_layout.c(), nullptr);
}
inline TiledMMA make_tiled_mma(const std::string &atom_name, const Layout &atom_layout, const std::string &permutation) {
  return detail::value_call<TiledMMA, cute_tiled_mma_t>(cute_make_tiled_mma, atom_name.c_str(), &atom_layout.c(), permutation.c_str());
}
// mma.get_slice(thr_idx).partition_A(A): the thread's (FrgV,RestM,RestK) layout of the (M,K) layout A, and (offset may be NULL) the index of its first element.
inline Partition thr_mma_partition_A(const TiledMMA &mma, int64_t thr_idx, const Layout &a) {
  return detail::partition_call(cute_thr_mma_partition_A, &mma.c(), thr_idx, &a.c());
}
// mma.get_slice(thr_idx).partition_B(B) of the (N,K) layout B, as partition_A.
inline Partition thr_mma_partition_B(const TiledMMA &mma, int64_t thr_idx, const Layout &b) {
  return detail::partition_call(cute_thr_mma_partition_B, &mma.c(), thr_idx, &b.c());
}
// mma.get_slice(thr_idx).partition_C(C) of the (M,N) layout C, as partition_A.
inline Partition thr_mma_partition_C(const TiledMMA &mma, int64_t thr_idx, const Layout &c) {
  return detail::partition_call(cute_thr_mma_partition_C, &mma.c(), thr_idx, &c.c());
}
// partition_shape_A(mma, shape_MK): the shape of partition_fragment_A.
inline IntTuple partition_shape_A(const TiledMMA &mma, const IntTuple &shape) {
  return detail::value_call<IntTuple, cute_int_tuple_t>(cute_partition_shape_A, &mma.c(), &shape.c());
}
// partition_shape_B(mma, shape_NK): the shape of partition_fragment_B.
inline IntTuple partition_shape_B(const TiledMMA &mma, const IntTuple &shape) {
  return detail::value_call<IntTuple, cute_int_tuple_t>(cute_partition_shape_B, &mma.c(), &shape.c());
}
// partition_shape_C(mma, shape_MN): the shape of partition_fragment_C.
inline IntTuple partition_shape_C(const TiledMMA &mma, const IntTuple &shape) {
  return detail::value_call<IntTuple, cute_int_tuple_t>(cute_partition_shape_C, &mma.c(), &shape.c());
}
// Copy_Atom<Op, ValType>{}: op as CuTe spells it (SM75_U32x4_LDSM_N, UniversalCopy<uint128_t>), val_type an element type (half_t, float).
inline CopyAtom make_copy_atom(const std::string &op, const std::string &val_type) {
  return detail::value_call<CopyAtom, cute_copy_atom_t>(cute_make_copy_atom, op.c_str(), val_type.c_str());
}
// make_tiled_copy(Copy_Atom<op,val_type>, thr_layout, val_layout): val_layout NULL is 1:0 (one value per thread).
inline TiledCopy make_tiled_copy(const std::string &op, const std::string &val_type, const Layout &thr_layout) {
  return detail::value_call<TiledCopy, cute_tiled_copy_t>(cute_make_tiled_copy, op.c_str(), val_type.c_str(), &thr_layout.c(), nullptr);
}
inline TiledCopy make_tiled_copy(const std::string &op, const std::string &val_type, const Layout &thr_layout, const Layout &val_layout) {
  return detail::value_call<TiledCopy, cute_tiled_copy_t>(cute_make_tiled_copy, op.c_str(), val_type.c_str(), &thr_layout.c(), &val_layout.c());
}
// make_tiled_copy_impl(Copy_Atom<op,val_type>, layout_tv, tiler_mn): the TiledCopy of a (thread, value) -> tile index layout over the tile of shape tiler_mn.
inline TiledCopy make_tiled_copy_impl(const std::string &op, const std::string &val_type, const Layout &layout_tv, const IntTuple &tiler_mn) {
  return detail::value_call<TiledCopy, cute_tiled_copy_t>(cute_make_tiled_copy_impl, op.c_str(), val_type.c_str(), &layout_tv.c(), &tiler_mn.c());
}
// make_tiled_copy_A(Copy_Atom<op,val_type>, mma): the copy of mma's get_layoutA_TV over its (tile_M, tile_K).
inline TiledCopy make_tiled_copy_A(const std::string &op, const std::string &val_type, const TiledMMA &mma) {
  return detail::value_call<TiledCopy, cute_tiled_copy_t>(cute_make_tiled_copy_A, op.c_str(), val_type.c_str(), &mma.c());
}
// make_tiled_copy_B(Copy_Atom<op,val_type>, mma): the copy of mma's get_layoutB_TV over its (tile_N, tile_K).
inline TiledCopy make_tiled_copy_B(const std::string &op, const std::string &val_type, const TiledMMA &mma) {
  return detail::value_call<TiledCopy, cute_tiled_copy_t>(cute_make_tiled_copy_B, op.c_str(), val_type.c_str(), &mma.c());
}
// make_tiled_copy_C(Copy_Atom<op,val_type>, mma): the copy of mma's get_layoutC_TV over its (tile_M, tile_N).
inline TiledCopy make_tiled_copy_C(const std::string &op, const std::string &val_type, const TiledMMA &mma) {
  return detail::value_call<TiledCopy, cute_tiled_copy_t>(cute_make_tiled_copy_C, op.c_str(), val_type.c_str(), &mma.c());
}
// copy.get_slice(thr_idx).partition_S(S): the thread's ((FrgV,FrgX),RestM,RestN) layout of S, and (offset may be NULL) the index of its first element.
inline Partition thr_copy_partition_S(const TiledCopy &copy, int64_t thr_idx, const Layout &s) {
  return detail::partition_call(cute_thr_copy_partition_S, &copy.c(), thr_idx, &s.c());
}
// copy.get_slice(thr_idx).partition_D(D), as partition_S.
inline Partition thr_copy_partition_D(const TiledCopy &copy, int64_t thr_idx, const Layout &d) {
  return detail::partition_call(cute_thr_copy_partition_D, &copy.c(), thr_idx, &d.c());
}
// copy.retile_S(frg) (retile_D is the same): a thread's (V,RestM,RestN) fragment as ((AtomVal,RestVal),RestM,RestN).
inline Layout tiled_copy_retile(const TiledCopy &copy, const Layout &frg) {
  return detail::layout_call(cute_tiled_copy_retile, &copy.c(), &frg.c());
}
// print_latex(tiled_mma): C++ CuTe's TikZ picture of C, A and B byte for byte (snprintf semantics of *_format).
inline std::string print_latex_tiled_mma(const TiledMMA &mma) {
  return detail::text_call(cute_print_latex_tiled_mma, &mma.c());
}
// print_latex(tiled_copy): C++ CuTe's TikZ picture of the source and destination TV layouts byte for byte.
inline std::string print_latex_tiled_copy(const TiledCopy &copy) {
  return detail::text_call(cute_print_latex_tiled_copy, &copy.c());
}
// The picture of print_latex(tiled_mma) as SVG (`cutego render`'s): C, A on its left, B above, cells colored by thread.
inline std::string print_svg_tiled_mma(const TiledMMA &mma) {
  return detail::text_call(cute_print_svg_tiled_mma, &mma.c());
}
// The picture of print_latex(tiled_copy) as SVG: the source and destination TV layouts side by side.
inline std::string print_svg_tiled_copy(const TiledCopy &copy) {
  return detail::text_call(cute_print_svg_tiled_copy, &copy.c());
}
// cute_print_svg_tiled_mma with `cutego render`'s options: readers 1 lists every thread holding each element (--readers), thread t >= 0 frames thread t's partition_A/B/C of tile-sized tensors (--thread t; -1 frames none); other values are CUTEGO_INVALID_ARGUMENT.
inline std::string print_svg_tiled_mma(const TiledMMA &mma, int64_t readers, int64_t thread) {
  return detail::text_call(cute_print_svg_tiled_mma_options, &mma.c(), readers, thread);
}
// cute_print_svg_tiled_copy with `cutego render`'s options: readers and thread as cute_print_svg_tiled_mma_options (the frame: partition_S / partition_D), tiler 1 draws Tiler_MN and the TV layout over the tiler's domain (--tiler).
inline std::string print_svg_tiled_copy(const TiledCopy &copy, int64_t readers, int64_t thread, int64_t tiler) {
  return detail::text_call(cute_print_svg_tiled_copy_options, &copy.c(), readers, thread, tiler);
}
// END bindgen
#undef CUTEGO_HPP_TILER_OP

// ThrMMA / ThrCopy: a TiledMMA / TiledCopy seen from one thread (get_slice).
class ThrMMA {
 public:
  ThrMMA(const TiledMMA &mma, int64_t thr_idx) : mma_(mma), thr_(thr_idx) {}
  Partition partition_A(const Layout &a) const { return thr_mma_partition_A(mma_, thr_, a); }
  Partition partition_B(const Layout &b) const { return thr_mma_partition_B(mma_, thr_, b); }
  Partition partition_C(const Layout &c) const { return thr_mma_partition_C(mma_, thr_, c); }

 private:
  TiledMMA mma_;
  int64_t thr_;
};
inline ThrMMA TiledMMA::get_slice(int64_t thr_idx) const { return ThrMMA(*this, thr_idx); }

class ThrCopy {
 public:
  ThrCopy(const TiledCopy &copy, int64_t thr_idx) : copy_(copy), thr_(thr_idx) {}
  Partition partition_S(const Layout &s) const { return thr_copy_partition_S(copy_, thr_, s); }
  Partition partition_D(const Layout &d) const { return thr_copy_partition_D(copy_, thr_, d); }
  Layout retile_S(const Layout &frg) const { return tiled_copy_retile(copy_, frg); }
  Layout retile_D(const Layout &frg) const { return tiled_copy_retile(copy_, frg); }

 private:
  TiledCopy copy_;
  int64_t thr_;
};
inline ThrCopy TiledCopy::get_slice(int64_t thr_idx) const { return ThrCopy(*this, thr_idx); }

inline int64_t size(const Layout &a) { return a.size(); }
inline int64_t cosize(const Layout &a) { return a.cosize(); }
inline int32_t rank(const Layout &a) { return a.rank(); }
inline int32_t depth(const Layout &a) { return a.depth(); }

// Swizzle<B,M,S>.
class Swizzle {
 public:
  Swizzle(int32_t b, int32_t m, int32_t s) { detail::check(cute_make_swizzle(b, m, s, &s_)); }
  explicit Swizzle(const char *text) { detail::check(cute_swizzle_parse(text, &s_)); }
  explicit Swizzle(const cute_swizzle_t &s) : Swizzle(s.b, s.m, s.s) {}
  int64_t operator()(int64_t x) const {
    int64_t v;
    detail::check(cute_swizzle_apply(&s_, x, &v));
    return v;
  }
  const cute_swizzle_t &c() const { return s_; }
  std::string str() const { return detail::format(s_, cute_swizzle_format); }
  friend std::ostream &operator<<(std::ostream &os, const Swizzle &s) { return os << s.str(); }

 private:
  cute_swizzle_t s_;
};

// ComposedLayout: swizzle o offset o layout.
class ComposedLayout {
 public:
  ComposedLayout(const Swizzle &sw, int64_t offset, const Layout &l) {
    detail::check(cute_make_composed_layout(&sw.c(), offset, &l.c(), &c_));
  }
  explicit ComposedLayout(const char *text) { detail::check(cute_composed_layout_parse(text, &c_)); }
  int64_t operator()(int64_t i) const {
    int64_t v;
    detail::check(cute_composed_layout_eval(&c_, i, &v));
    return v;
  }
  int64_t operator()(const IntTuple &coord) const {
    int64_t v;
    detail::check(cute_composed_layout_crd2idx(&c_, &coord.c(), &v));
    return v;
  }
  Swizzle swizzle() const { return Swizzle(c_.swizzle); }
  int64_t offset() const { return c_.offset; }
  Layout layout() const { return Layout::from_c(c_.layout); }
  const cute_composed_layout_t &c() const { return c_; }
  std::string str() const { return detail::format(c_, cute_composed_layout_format); }
  friend std::ostream &operator<<(std::ostream &os, const ComposedLayout &c) { return os << c.str(); }

 private:
  cute_composed_layout_t c_;
};

// Pictures (byte for byte `cutego print` / `cutego render`): print_layout is CuTe's
// print_layout table, print_latex a standalone LaTeX/TikZ document, print_svg an SVG
// picture; the (tv, tile) forms draw a thread-value layout over its (M,N) tile.
namespace detail {
template <class T>
std::ostream &picture(std::ostream &os, const T &x,
                      cutego_status_t (*f)(const T *, char *, size_t, size_t *)) {
  size_t len = 0;
  check(f(&x, nullptr, 0, &len));
  std::string s(len + 1, '\0');
  check(f(&x, &s[0], s.size(), &len));
  s.resize(len);
  return os << s;
}
inline std::ostream &picture_tv(std::ostream &os, const Layout &tv, const IntTuple &tile,
                                cutego_status_t (*f)(const cute_layout_t *, const cute_int_tuple_t *,
                                                     char *, size_t, size_t *)) {
  size_t len = 0;
  check(f(&tv.c(), &tile.c(), nullptr, 0, &len));
  std::string s(len + 1, '\0');
  check(f(&tv.c(), &tile.c(), &s[0], s.size(), &len));
  s.resize(len);
  return os << s;
}
}  // namespace detail

inline std::ostream &print_layout(std::ostream &os, const Layout &l) {
  return detail::picture(os, l.c(), cute_print_layout);
}
inline std::ostream &print_latex(std::ostream &os, const Layout &l) {
  return detail::picture(os, l.c(), cute_print_latex);
}
inline std::ostream &print_svg(std::ostream &os, const Layout &l) {
  return detail::picture(os, l.c(), cute_print_svg);
}
inline std::ostream &print_layout(std::ostream &os, const ComposedLayout &c) {
  return detail::picture(os, c.c(), cute_print_layout_composed);
}
inline std::ostream &print_latex(std::ostream &os, const ComposedLayout &c) {
  return detail::picture(os, c.c(), cute_print_latex_composed);
}
inline std::ostream &print_svg(std::ostream &os, const ComposedLayout &c) {
  return detail::picture(os, c.c(), cute_print_svg_composed);
}
inline std::ostream &print_latex(std::ostream &os, const Layout &tv, const IntTuple &tile) {
  return detail::picture_tv(os, tv, tile, cute_print_latex_tv);
}
inline std::ostream &print_svg(std::ostream &os, const Layout &tv, const IntTuple &tile) {
  return detail::picture_tv(os, tv, tile, cute_print_svg_tv);
}
inline std::ostream &print_latex(std::ostream &os, const TiledMMA &mma) { return os << print_latex_tiled_mma(mma); }
inline std::ostream &print_latex(std::ostream &os, const TiledCopy &copy) { return os << print_latex_tiled_copy(copy); }
inline std::ostream &print_svg(std::ostream &os, const TiledMMA &mma) { return os << print_svg_tiled_mma(mma); }
inline std::ostream &print_svg(std::ostream &os, const TiledCopy &copy) { return os << print_svg_tiled_copy(copy); }

inline int version() { return cutego_version(); }

}  // namespace cutego

// ---- interop with CUTLASS's CuTe --------------------------------------------------------
#if !defined(CUTEGO_NO_CUTE) && !defined(CUTEGO_WITH_CUTE) && defined(__has_include) && __cplusplus >= 201703L
#if __has_include(<cute/layout.hpp>) && __has_include(<cuda/std/type_traits>)
#define CUTEGO_WITH_CUTE 1
#endif
#endif

#if defined(CUTEGO_WITH_CUTE) && !defined(CUTEGO_NO_CUTE)
#include <cute/layout.hpp>

#include <limits>
#include <type_traits>
#include <utility>

namespace cutego {
namespace detail {

// The nest tokens of a cute shape type (its profile).
template <class T>
void profile_nest(std::vector<int8_t> &nest);
template <class T, size_t... I>
void profile_nest_tuple(std::vector<int8_t> &nest, std::index_sequence<I...>) {
  nest.push_back(CUTE_NEST_OPEN);
  int dummy[] = {0, (profile_nest<std::decay_t<cute::tuple_element_t<I, T>>>(nest), 0)...};
  (void)dummy;
  nest.push_back(CUTE_NEST_CLOSE);
}
template <class T>
void profile_nest(std::vector<int8_t> &nest) {
  if constexpr (cute::is_tuple<T>::value) {
    profile_nest_tuple<T>(nest, std::make_index_sequence<cute::tuple_size<T>::value>{});
  } else {
    nest.push_back(CUTE_NEST_LEAF);
  }
}

// Fill the leaves of a cute int tuple value from v[k...], checking static leaves and ranges.
// (cute::get of a static leaf yields a temporary: forwarding references take both.)
template <class T>
void fill_leaves(T &&t, const int64_t *v, int &k);
template <class T, size_t... I>
void fill_tuple(T &t, const int64_t *v, int &k, std::index_sequence<I...>) {
  int dummy[] = {0, (fill_leaves(cute::get<I>(t), v, k), 0)...};
  (void)dummy;
}
template <class T>
void fill_leaves(T &&t, const int64_t *v, int &k) {
  using U = std::decay_t<T>;
  if constexpr (cute::is_tuple<U>::value) {
    fill_tuple(t, v, k, std::make_index_sequence<cute::tuple_size<U>::value>{});
  } else if constexpr (cute::is_static<U>::value) {
    if (int64_t(U::value) != v[k])
      throw error(CUTEGO_INVALID_ARGUMENT, "cutego::to_cute: a static leaf of the profile is " +
                                               std::to_string(int64_t(U::value)) + ", the layout has " +
                                               std::to_string(v[k]));
    ++k;
  } else {
    if (v[k] < int64_t(std::numeric_limits<U>::min()) || v[k] > int64_t(std::numeric_limits<U>::max()))
      throw error(CUTEGO_OVERFLOW,
                  "cutego::to_cute: " + std::to_string(v[k]) + " does not fit the profile's integer type");
    t = U(v[k]);
    ++k;
  }
}

template <class S, class D>
void emit(const S &s, const D &d, cute_layout_t &out);
template <class S, class D, size_t... I>
void emit_tuple(const S &s, const D &d, cute_layout_t &out, std::index_sequence<I...>) {
  int dummy[] = {0, (emit(cute::get<I>(s), cute::get<I>(d), out), 0)...};
  (void)dummy;
}
inline void emit_tok(cute_layout_t &out, int8_t t) {
  if (out.ntokens >= CUTE_LAYOUT_MAX_TOKENS)
    throw error(CUTEGO_CAPACITY, "cutego::from_cute: more than CUTE_LAYOUT_MAX_TOKENS tokens");
  out.nest[out.ntokens++] = t;
}
template <class S, class D>
void emit(const S &s, const D &d, cute_layout_t &out) {
  if constexpr (cute::is_tuple<S>::value) {
    static_assert(cute::is_tuple<D>::value && cute::tuple_size<S>::value == cute::tuple_size<D>::value,
                  "shape and stride are not congruent");
    emit_tok(out, CUTE_NEST_OPEN);
    emit_tuple(s, d, out, std::make_index_sequence<cute::tuple_size<S>::value>{});
    emit_tok(out, CUTE_NEST_CLOSE);
  } else {
    static_assert(!cute::is_tuple<D>::value, "shape and stride are not congruent");
    if (out.leaves >= CUTE_LAYOUT_MAX_LEAVES)
      throw error(CUTEGO_CAPACITY, "cutego::from_cute: more than CUTE_LAYOUT_MAX_LEAVES leaves");
    emit_tok(out, CUTE_NEST_LEAF);
    out.shape[out.leaves] = int64_t(s);
    out.stride[out.leaves] = int64_t(d);
    ++out.leaves;
  }
}
}  // namespace detail

// to_cute<Shape, Stride>(l): the cute::Layout<Shape, Stride> of l; Shape and Stride give the
// profile (the nesting must be l's) and the integer types of the leaves (dynamic ints are
// filled in, static ones checked).
template <class Shape, class Stride = Shape>
cute::Layout<Shape, Stride> to_cute(const Layout &l) {
  std::vector<int8_t> ns, nd;
  detail::profile_nest<Shape>(ns);
  detail::profile_nest<Stride>(nd);
  const cute_layout_t &c = l.c();
  if (ns != nd || int32_t(ns.size()) != c.ntokens || std::memcmp(ns.data(), c.nest, ns.size()) != 0)
    throw error(CUTEGO_INVALID_ARGUMENT, "cutego::to_cute: the profile does not match the layout " + l.str());
  Shape shape{};
  Stride stride{};
  int k = 0;
  detail::fill_leaves(shape, c.shape, k);
  k = 0;
  detail::fill_leaves(stride, c.stride, k);
  return cute::make_layout(shape, stride);
}

// to_cute(l, profile): the profile as a value, e.g. cute::make_shape(0, cute::make_shape(0, 0));
// the stride takes the same types.
template <class Profile>
cute::Layout<Profile, Profile> to_cute(const Layout &l, const Profile &) {
  return to_cute<Profile, Profile>(l);
}

// from_cute(layout): a cute::Layout (static or dynamic integer leaves) as a cutego::Layout.
template <class S, class D>
Layout from_cute(const cute::Layout<S, D> &l) {
  cute_layout_t out;
  std::memset(&out, 0, sizeof out);
  detail::emit(l.shape(), l.stride(), out);
  return Layout::from_c(out);
}

// to_cute(l, like): l as a cute::Layout of the very type of like (e.g. the layout C++ CuTe's
// own TiledMMA gives, mma.get_layoutC_TV()): the profile is like's, and every static leaf of
// like must be l's (a cutego::error otherwise).
template <class S, class D>
cute::Layout<S, D> to_cute(const Layout &l, const cute::Layout<S, D> &) {
  return to_cute<S, D>(l);
}

// TiledMMALayouts: what a TiledMMA's thread-value layouts are, from C++ CuTe (from_cute) or
// from libcutego (cutego::TiledMMA's members of the same names).
struct TiledMMALayouts {
  Layout thr_layout_vmnk, layoutA_TV, layoutB_TV, layoutC_TV;
  IntTuple tile_shape;  // (tile_M, tile_N, tile_K)
  int64_t size;         // threads
};

// from_cute(tiled_mma): a C++ cute::TiledMMA's thread-value layouts (get_layoutA/B/C_TV), its
// ThrLayoutVMNK, tile shape and size, as cutego values. Any type with TiledMMA's members is
// taken (include <cute/atom/mma_atom.hpp> to have one).
template <class M, class = decltype(std::declval<const M &>().get_layoutC_TV()),
          class = decltype(std::declval<const M &>().get_thr_layout_vmnk())>
TiledMMALayouts from_cute(const M &m) {
  return TiledMMALayouts{from_cute(m.get_thr_layout_vmnk()), from_cute(m.get_layoutA_TV()),
                         from_cute(m.get_layoutB_TV()), from_cute(m.get_layoutC_TV()),
                         IntTuple{int64_t(m.template tile_size_mnk<0>()), int64_t(m.template tile_size_mnk<1>()),
                                  int64_t(m.template tile_size_mnk<2>())},
                         int64_t(cute::size(m.get_thr_layout_vmnk()))};
}

// The same of a cutego::TiledMMA (made by cutego::make_tiled_mma), to compare with the above.
inline TiledMMALayouts layouts(const TiledMMA &m) {
  return TiledMMALayouts{m.thr_layout_vmnk(), m.get_layoutA_TV(), m.get_layoutB_TV(), m.get_layoutC_TV(),
                         m.tile_shape(), m.size()};
}

}  // namespace cutego
#endif  // CUTEGO_WITH_CUTE

#endif  // CUTEGO_HPP
