/* test_elementwise_int.cu: kernels/elementwise_int.cu (gm_int_binary, gm_int_unary,
 * gm_int_convert) against an exact host reference of Octave 7.3's integer rules, written
 * apart from the kernels' code: integer results from the exact value in __int128 (the
 * quotient rounded by comparing twice the remainder with the divisor, mod and rem from floor
 * and trunc division), saturated; mixed results from the double result rounded with round ()
 * and compared with the class's limits as powers of two.  Every integer class, every op, the
 * edge values intmin, intmax, 0, +-1 and their neighbours against double and single edge
 * values (+-0.5, 2.5, NaN, +-Inf, the limits +-0.5, 2^31, 2^63, 2^64), in every pairing: a
 * column of one operand's edge values against a row of the other's is every pair.  Shapes: 0
 * elements, 1x1, primes, N-D, broadcasts (row against column, 3-D, scalar either side), and
 * the refused calls (nonconformant sizes, classes and ops the kernels do not take).
 *
 *   target/tests/test_elementwise_int [--quick]
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <vector>
#include "test_util.h"

typedef __int128 i128;
static int quick;

static const gm_class int_classes[] = {GM_INT8, GM_UINT8, GM_INT16, GM_UINT16,
                                       GM_INT32, GM_UINT32, GM_INT64, GM_UINT64};
static bool is_int (gm_class c) { return c >= GM_INT8 && c <= GM_UINT64; }
static bool is_signed (gm_class c)
{
  return c == GM_INT8 || c == GM_INT16 || c == GM_INT32 || c == GM_INT64;
}
static int bits (gm_class c) { return 8 * (int) gm_class_size (c); }
static i128 cls_min (gm_class c) { return is_signed (c) ? -((i128) 1 << (bits (c) - 1)) : 0; }
static i128 cls_max (gm_class c)
{
  return is_signed (c) ? ((i128) 1 << (bits (c) - 1)) - 1 : ((i128) 1 << bits (c)) - 1;
}
static i128 sat (gm_class c, i128 v)
{
  return v < cls_min (c) ? cls_min (c) : v > cls_max (c) ? cls_max (c) : v;
}
/* Octave's conversion of a double to class c: NaN 0, else round half away from zero and
   saturate (round (v) >= max + 1, a power of two, is past the top). */
static i128 from_double (gm_class c, double v)
{
  if (isnan (v))
    return 0;
  const double r = round (v);
  if (r >= ldexp (1.0, bits (c) - (is_signed (c) ? 1 : 0)))
    return cls_max (c);
  if (r < (double) cls_min (c))
    return cls_min (c);
  return (i128) r;
}

/* ---- arrays on the host: values kept as __int128 (integer classes) or double ----------- */
struct Arr {
  gm_class cls;
  int nd;
  int64_t dims[GM_MAX_DIMS];
  std::vector<i128> iv;
  std::vector<double> dv;
  int64_t n () const
  {
    int64_t k = 1;
    for (int d = 0; d < nd; d++)
      k *= dims[d];
    return k;
  }
};

static std::vector<i128> int_edges (gm_class c)
{
  const i128 lo = cls_min (c), hi = cls_max (c);
  std::vector<i128> e = {lo, hi, 0, 1, 2, 3, 7, 100, hi - 1, lo + 1, hi / 2, hi / 2 + 1};
  if (is_signed (c)) {
    const i128 neg[] = {-1, -2, -3, -7, -100, lo / 2, lo / 2 - 1};
    e.insert (e.end (), neg, neg + 7);
  }
  std::vector<i128> out;
  for (i128 v : e)
    if (v >= lo && v <= hi)
      out.push_back (v);
  return out;
}

static std::vector<double> float_edges (gm_class c)
{
  std::vector<double> e = {NAN, INFINITY, -INFINITY, 0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5,
                           0.3, 3.7, -3.7, 1, -1, 2, -2, 3, -3, 7, 100, 1e10, -1e10,
                           127.5, -128.5, 255.5, 32767.5, -32768.5, 65535.5,
                           2147483647.5, -2147483648.5, 4294967295.5, 2147483648.0,
                           4294967296.0, 9223372036854775808.0, 18446744073709551616.0};
  if (c == GM_SINGLE)
    for (double& v : e)
      v = (double) (float) v;
  return e;
}

/* An array of shape dims: the first values are the class's edge values (in order, from
   `start`), the rest random in the class's range (integers) or in [-300, 300] (half of them
   integers). */
static Arr make (gm_class cls, int nd, const int64_t *dims, size_t start)
{
  Arr a;
  a.cls = cls;
  a.nd = nd;
  for (int d = 0; d < nd; d++)
    a.dims[d] = dims[d];
  const int64_t n = a.n ();
  if (is_int (cls)) {
    const std::vector<i128> e = int_edges (cls);
    for (int64_t i = 0; i < n; i++) {
      const size_t k = start + (size_t) i;
      i128 v;
      if (k < e.size ())
        v = e[k];
      else {
        const uint64_t r = tu_next ();
        v = is_signed (cls) ? (i128) (int64_t) r : (i128) r;
        if (bits (cls) < 64)
          v = is_signed (cls) ? (i128) ((int64_t) r >> (64 - bits (cls)))
                              : (i128) (r >> (64 - bits (cls)));
        if (tu_next () % 2)
          v = (i128) tu_randint (-300, 300), v = sat (cls, v);
      }
      a.iv.push_back (v);
    }
  } else {
    const std::vector<double> e = float_edges (cls);
    for (int64_t i = 0; i < n; i++) {
      const size_t k = start + (size_t) i;
      double v = k < e.size () ? e[k] : 300 * tu_uniform ();
      if (k >= e.size () && tu_next () % 2)
        v = round (v);
      a.dv.push_back (cls == GM_SINGLE ? (double) (float) v : v);
    }
  }
  return a;
}

/* The array's bytes in its class, on the device (room for one element more); cudaFree it. */
static void *upload (const Arr& a)
{
  const size_t es = gm_class_size (a.cls), n = (size_t) a.n ();
  std::vector<unsigned char> h ((n + 1) * es);
  for (size_t i = 0; i < n; i++) {
    unsigned char *p = &h[i * es];
    if (a.cls == GM_DOUBLE)
      memcpy (p, &a.dv[i], 8);
    else if (a.cls == GM_SINGLE) {
      const float f = (float) a.dv[i];
      memcpy (p, &f, 4);
    } else {
      const uint64_t u = (uint64_t) a.iv[i];     /* two's complement, little-endian */
      memcpy (p, &u, es);
    }
  }
  void *d;
  TU_CUDA (cudaMalloc (&d, (n + 1) * es));
  TU_CUDA (cudaMemcpy (d, h.data (), (n + 1) * es, cudaMemcpyHostToDevice));
  return d;
}

/* Element i of n of class cls from host bytes, as __int128 (integers) or double. */
static i128 int_at (gm_class cls, const unsigned char *h, size_t i)
{
  const size_t es = gm_class_size (cls);
  uint64_t u = 0;
  memcpy (&u, h + i * es, es < 8 ? es : 8);
  if (is_signed (cls) && es < 8 && (u >> (8 * es - 1)) & 1)
    u |= ~0ull << (8 * es);                        /* sign-extend */
  return is_signed (cls) ? (i128) (int64_t) u : (i128) u;
}

/* ---- the reference ------------------------------------------------------------------------ */
static bool logical_op (gm_binop op)
{
  return (op >= GM_BIN_LT && op <= GM_BIN_NE) || op == GM_BIN_AND || op == GM_BIN_OR;
}

static i128 idiv_round (i128 x, i128 y)            /* nearest, ties away from zero */
{
  i128 q = x / y, r = x - q * y;
  const i128 ar = r < 0 ? -r : r, ay = y < 0 ? -y : y;
  if (2 * ar >= ay)
    q += ((x < 0) == (y < 0)) ? 1 : -1;
  return q;
}
static i128 ifloor_div (i128 x, i128 y)
{
  i128 q = x / y;
  if (q * y != x && ((x < 0) != (y < 0)))
    q -= 1;
  return q;
}

static i128 int_ref (gm_binop op, gm_class c, i128 a, i128 b)
{
  switch (op) {
  case GM_BIN_ADD: return sat (c, a + b);
  case GM_BIN_SUB: return sat (c, a - b);
  case GM_BIN_MUL:
    if (c == GM_UINT64) {
      const unsigned __int128 p = (unsigned __int128) a * (unsigned __int128) b;
      return p > (unsigned __int128) cls_max (c) ? cls_max (c) : (i128) p;
    }
    return sat (c, a * b);
  case GM_BIN_DIV:
    if (b == 0)
      return a > 0 ? cls_max (c) : a < 0 ? cls_min (c) : 0;
    return sat (c, idiv_round (a, b));
  case GM_BIN_LT: return a < b;
  case GM_BIN_LE: return a <= b;
  case GM_BIN_GT: return a > b;
  case GM_BIN_GE: return a >= b;
  case GM_BIN_EQ: return a == b;
  case GM_BIN_NE: return a != b;
  case GM_BIN_MAX: return a > b ? a : b;
  case GM_BIN_MIN: return a < b ? a : b;
  case GM_BIN_MOD: return b == 0 ? a : a - ifloor_div (a, b) * b;
  case GM_BIN_REM: return b == 0 ? 0 : a - (a / b) * b;
  case GM_BIN_AND: return a != 0 && b != 0;
  case GM_BIN_OR: return a != 0 || b != 0;
  default: return -999;
  }
}

/* a op b with a of class ca, b of class cb (one of them integer, the result's class c). */
static i128 ref (gm_binop op, gm_class c, gm_class ca, i128 ai, double ad, gm_class cb, i128 bi,
                 double bd)
{
  if (is_int (ca) && is_int (cb))
    return int_ref (op, c, ai, bi);
  const double x = is_int (ca) ? (double) ai : ad, y = is_int (cb) ? (double) bi : bd;
  volatile double r;
  switch (op) {
  case GM_BIN_ADD: r = x + y; return from_double (c, r);
  case GM_BIN_SUB: r = x - y; return from_double (c, r);
  case GM_BIN_MUL: r = x * y; return from_double (c, r);
  case GM_BIN_DIV: r = x / y; return from_double (c, r);
  case GM_BIN_LT: return x < y;
  case GM_BIN_LE: return x <= y;
  case GM_BIN_GT: return x > y;
  case GM_BIN_GE: return x >= y;
  case GM_BIN_EQ: return x == y;
  case GM_BIN_NE: return x != y;
  case GM_BIN_AND: return x != 0 && y != 0;       /* NaN is nonzero */
  case GM_BIN_OR: return x != 0 || y != 0;
  default:                                        /* max min mod rem: y in the class first */
    return int_ref (op, c, is_int (ca) ? ai : from_double (c, ad), is_int (cb) ? bi
                                                                   : from_double (c, bd));
  }
}

static const char *txt (i128 v)
{
  static char buf[4][48];
  static int k;
  char *b = buf[k++ % 4];
  snprintf (b, 48, "%.0Lf", (long double) v);
  return b;
}

/* ---- binary ------------------------------------------------------------------------------- */
static const gm_binop all_ops[] = {GM_BIN_ADD, GM_BIN_SUB, GM_BIN_MUL, GM_BIN_DIV, GM_BIN_LT,
                                   GM_BIN_LE, GM_BIN_GT, GM_BIN_GE, GM_BIN_EQ, GM_BIN_NE,
                                   GM_BIN_MAX, GM_BIN_MIN, GM_BIN_MOD, GM_BIN_REM, GM_BIN_AND,
                                   GM_BIN_OR};

/* One call: gm_int_binary of A and B against the reference at every output element (the
   broadcast offsets computed here from the full index). */
static void check_binary (gm_binop op, const Arr& A, const Arr& B, const char *shape)
{
  int nd;
  int64_t out[GM_MAX_DIMS];
  TU_GM (gm_broadcast_dims (A.nd, A.dims, B.nd, B.dims, &nd, out));
  int64_t n = 1;
  for (int d = 0; d < nd; d++)
    n *= out[d];
  gm_class c;
  TU_GM (gm_int_binary_result_class (op, A.cls, B.cls, &c));
  const gm_class ic = is_int (A.cls) ? A.cls : B.cls;
  const bool lg = logical_op (op);
  tu_result (c == (lg ? GM_UINT8 : ic), "int %s %s x %s: result class %d", gm_binop_name (op),
             gm_class_name (A.cls), gm_class_name (B.cls), (int) c);
  const size_t es = lg ? 1 : gm_class_size (ic);
  void *da = upload (A), *db = upload (B), *dout;
  TU_CUDA (cudaMalloc (&dout, (size_t) n * es + 1));
  TU_CUDA (cudaMemset (dout, 0xA5, (size_t) n * es + 1));
  TU_GM (gm_int_binary (op, A.cls, A.nd, A.dims, da, B.cls, B.nd, B.dims, db, dout, 0));
  std::vector<unsigned char> h ((size_t) n * es + 1);
  TU_CUDA (cudaMemcpy (h.data (), dout, h.size (), cudaMemcpyDeviceToHost));
  int bad = 0;
  int64_t first = -1;
  i128 got0 = 0, want0 = 0;
  for (int64_t i = 0; i < n; i++) {
    int64_t r = i, oa = 0, ob = 0, sa = 1, sb = 1;
    for (int d = 0; d < nd; d++) {
      const int64_t k = r % out[d];
      r /= out[d];
      const int64_t ea = d < A.nd ? A.dims[d] : 1, eb = d < B.nd ? B.dims[d] : 1;
      oa += (ea == 1 ? 0 : k) * sa;
      ob += (eb == 1 ? 0 : k) * sb;
      sa *= ea;
      sb *= eb;
    }
    const i128 want = ref (op, ic, A.cls, is_int (A.cls) ? A.iv[oa] : 0,
                           is_int (A.cls) ? 0 : A.dv[oa], B.cls, is_int (B.cls) ? B.iv[ob] : 0,
                           is_int (B.cls) ? 0 : B.dv[ob]);
    const i128 got = lg ? (i128) h[i] : int_at (ic, h.data (), (size_t) i);
    if (got != want && bad++ == 0)
      first = i, got0 = got, want0 = want;
  }
  tu_result (bad == 0 && h[(size_t) n * es] == 0xA5,
             "int %s %s x %s (%s): %d wrong (first at %lld: %s, want %s)%s", gm_binop_name (op),
             gm_class_name (A.cls), gm_class_name (B.cls), shape, bad, (long long) first,
             txt (got0), txt (want0), h[(size_t) n * es] == 0xA5 ? "" : ", wrote past the end");
  cudaFree (da);
  cudaFree (db);
  cudaFree (dout);
}

struct Shape {
  const char *name;
  int nda;
  int64_t a[4];
  int ndb;
  int64_t b[4];
};

static void test_binary (void)
{
  /* the pairs: one class on both sides (all 8), and int8 ... uint32 with double and single on
     either side */
  std::vector<std::pair<gm_class, gm_class>> pairs;
  for (gm_class c : int_classes) {
    pairs.push_back ({c, c});
    if (gm_class_size (c) < 8) {
      pairs.push_back ({c, GM_DOUBLE});
      pairs.push_back ({GM_DOUBLE, c});
      pairs.push_back ({c, GM_SINGLE});
      pairs.push_back ({GM_SINGLE, c});
    }
  }
  for (auto pr : pairs) {
    const gm_class ca = pr.first, cb = pr.second;
    const int64_t na = is_int (ca) ? (int64_t) int_edges (ca).size () : (int64_t) float_edges (ca).size ();
    const int64_t nb = is_int (cb) ? (int64_t) int_edges (cb).size () : (int64_t) float_edges (cb).size ();
    const int64_t big = quick ? 1031 : 100003;
    const Shape shapes[] = {
      {"every pair of edge values: column x row", 2, {na, 1}, 2, {1, nb}},
      {"every pair, row x column", 2, {1, na}, 2, {nb, 1}},
      {"0x3 with 0x3", 2, {0, 3}, 2, {0, 3}},
      {"0x3 with 1x1", 2, {0, 3}, 0, {0}},
      {"1x1 with 1x1", 0, {0}, 2, {1, 1}},
      {"prime length, same size", 1, {big}, 2, {big, 1}},
      {"scalar a", 2, {1, 1}, 2, {37, 3}},
      {"scalar b", 3, {5, 7, 3}, 0, {0}},
      {"N-D same size", 3, {2, 3, 5}, 3, {2, 3, 5}},
      {"3-D broadcast", 3, {3, 1, 4}, 3, {1, 5, 1}},
      {"row against matrix", 2, {4, 6}, 2, {1, 6}},
    };
    for (gm_binop op : all_ops)
      for (const Shape& s : shapes) {
        const Arr A = make (ca, s.nda, s.a, 0), B = make (cb, s.ndb, s.b, 0);
        check_binary (op, A, B, s.name);
      }
  }
}

/* Refused calls: the status, and nothing written. */
static void test_binary_refused (void)
{
  int64_t d23[2] = {2, 3}, d32[2] = {3, 2};
  tu_result (gm_int_binary (GM_BIN_ADD, GM_INT8, 2, d23, (void *) 16, GM_INT8, 2, d32,
                            (void *) 16, (void *) 16, 0) == GM_ERR_INVALID_ARGUMENT,
             "int8 2x3 + 3x2: nonconformant refused");
  const struct { gm_binop op; gm_class a, b; int want; } rows[] = {
    {GM_BIN_ADD, GM_INT8, GM_INT16, 0}, {GM_BIN_ADD, GM_INT64, GM_DOUBLE, 0},
    {GM_BIN_LT, GM_DOUBLE, GM_UINT64, 0}, {GM_BIN_ADD, GM_INT64, GM_INT64, 1},
    {GM_BIN_POW, GM_INT8, GM_INT8, 0}, {GM_BIN_XOR, GM_INT8, GM_DOUBLE, 0},
    {GM_BIN_ATAN2, GM_INT8, GM_INT8, 0}, {GM_BIN_HYPOT, GM_INT16, GM_DOUBLE, 0},
    {GM_BIN_ADD, GM_DOUBLE, GM_DOUBLE, 0}, {GM_BIN_ADD, GM_INT8, GM_COMPLEX_DOUBLE, 0},
    {GM_BIN_MOD, GM_UINT32, GM_SINGLE, 1}, {GM_BIN_OR, GM_SINGLE, GM_INT32, 1}};
  for (const auto& r : rows) {
    const int got = gm_int_binary_supported (r.op, r.a, r.b);
    int64_t one = 1;
    /* only a refused call may be made with these pointers (nothing is launched then) */
    const gm_status st = r.want ? GM_OK
                                : gm_int_binary (r.op, r.a, 0, &one, (void *) 16, r.b, 0, &one,
                                                 (void *) 16, (void *) 16, 0);
    tu_result (got == r.want && (r.want || st == GM_ERR_INVALID_ARGUMENT),
               "supported (%s, %s, %s) = %d, want %d", gm_binop_name (r.op),
               gm_class_name (r.a), gm_class_name (r.b), got, r.want);
  }
}

/* ---- unary -------------------------------------------------------------------------------- */
static void test_unary (void)
{
  const gm_unop ops[] = {GM_UN_NEG, GM_UN_ABS, GM_UN_SIGN, GM_UN_FLOOR, GM_UN_CEIL, GM_UN_ROUND,
                         GM_UN_FIX, GM_UN_ISNAN, GM_UN_ISINF, GM_UN_ISFINITE};
  for (gm_class c : int_classes)
    for (gm_unop op : ops) {
      const int64_t counts[] = {0, 1, (int64_t) int_edges (c).size (), 37, quick ? 1031 : 100003};
      for (int64_t n : counts) {
        const Arr A = make (c, 1, &n, 0);
        const bool lg = op == GM_UN_ISNAN || op == GM_UN_ISINF || op == GM_UN_ISFINITE;
        const size_t es = lg ? 1 : gm_class_size (c);
        void *da = upload (A), *dout;
        TU_CUDA (cudaMalloc (&dout, (size_t) n * es + 1));
        TU_CUDA (cudaMemset (dout, 0xA5, (size_t) n * es + 1));
        TU_GM (gm_int_unary (op, c, n, da, dout, 0));
        std::vector<unsigned char> h ((size_t) n * es + 1);
        TU_CUDA (cudaMemcpy (h.data (), dout, h.size (), cudaMemcpyDeviceToHost));
        int bad = 0;
        for (int64_t i = 0; i < n; i++) {
          const i128 x = A.iv[i];
          i128 want;
          switch (op) {
          case GM_UN_NEG: want = sat (c, -x); break;
          case GM_UN_ABS: want = sat (c, x < 0 ? -x : x); break;
          case GM_UN_SIGN: want = (x > 0) - (x < 0); break;
          case GM_UN_ISNAN: case GM_UN_ISINF: want = 0; break;
          case GM_UN_ISFINITE: want = 1; break;
          default: want = x; break;
          }
          const i128 got = lg ? (i128) h[i] : int_at (c, h.data (), (size_t) i);
          bad += got != want;
        }
        tu_result (bad == 0 && h[(size_t) n * es] == 0xA5, "int %s of %s, %lld elements: %d wrong",
                   gm_unop_name (op), gm_class_name (c), (long long) n, bad);
        cudaFree (da);
        cudaFree (dout);
      }
    }
  int64_t one = 1;
  tu_result (gm_int_unary (GM_UN_SQRT, GM_INT8, one, (void *) 16, (void *) 16, 0)
             == GM_ERR_INVALID_ARGUMENT && !gm_int_unary_supported (GM_UN_EXP)
             && gm_int_unary (GM_UN_NEG, GM_DOUBLE, one, (void *) 16, (void *) 16, 0)
             == GM_ERR_INVALID_ARGUMENT, "int unary: sqrt, exp and a double class refused");
}

/* ---- conversions -------------------------------------------------------------------------- */
static void test_convert (void)
{
  std::vector<gm_class> all = {GM_DOUBLE, GM_SINGLE};
  all.insert (all.end (), int_classes, int_classes + 8);
  for (gm_class src : all)
    for (gm_class dst : all) {
      if (!is_int (src) && !is_int (dst)) {
        int64_t one = 1;
        tu_result (gm_int_convert (src, dst, one, (void *) 16, (void *) 16, 0)
                   == GM_ERR_INVALID_ARGUMENT, "convert %s to %s refused", gm_class_name (src),
                   gm_class_name (dst));
        continue;
      }
      const int64_t ne = is_int (src) ? (int64_t) int_edges (src).size ()
                                      : (int64_t) float_edges (src).size ();
      const int64_t counts[] = {0, 1, ne, quick ? 1031 : 100003};
      for (int64_t n : counts) {
        const Arr A = make (src, 1, &n, 0);
        const size_t es = gm_class_size (dst);
        void *da = upload (A), *dout;
        TU_CUDA (cudaMalloc (&dout, (size_t) n * es + 1));
        TU_CUDA (cudaMemset (dout, 0xA5, (size_t) n * es + 1));
        TU_GM (gm_int_convert (src, dst, n, da, dout, 0));
        std::vector<unsigned char> h ((size_t) n * es + 1);
        TU_CUDA (cudaMemcpy (h.data (), dout, h.size (), cudaMemcpyDeviceToHost));
        int bad = 0;
        for (int64_t i = 0; i < n; i++) {
          if (is_int (dst)) {
            const i128 want = is_int (src) ? sat (dst, A.iv[i]) : from_double (dst, A.dv[i]);
            bad += int_at (dst, h.data (), (size_t) i) != want;
          } else if (dst == GM_DOUBLE) {
            double got, want = src == GM_UINT64 ? (double) (uint64_t) A.iv[i]
                                                : (double) (int64_t) A.iv[i];
            memcpy (&got, &h[i * 8], 8);
            bad += memcmp (&got, &want, 8) != 0;
          } else {
            float got, want = src == GM_UINT64 ? (float) (uint64_t) A.iv[i]
                                               : (float) (int64_t) A.iv[i];
            memcpy (&got, &h[i * 4], 4);
            bad += memcmp (&got, &want, 4) != 0;
          }
        }
        tu_result (bad == 0 && h[(size_t) n * es] == 0xA5, "convert %s to %s, %lld elements: "
                   "%d wrong", gm_class_name (src), gm_class_name (dst), (long long) n, bad);
        cudaFree (da);
        cudaFree (dout);
      }
    }
  /* a logical array's bytes (0 or 1) read as uint8 */
  const unsigned char l[5] = {0, 1, 1, 0, 1};
  void *dl, *dout;
  TU_CUDA (cudaMalloc (&dl, 5));
  TU_CUDA (cudaMalloc (&dout, 5 * 8));
  TU_CUDA (cudaMemcpy (dl, l, 5, cudaMemcpyHostToDevice));
  TU_GM (gm_int_convert (GM_UINT8, GM_INT64, 5, dl, dout, 0));
  int64_t got[5];
  TU_CUDA (cudaMemcpy (got, dout, sizeof got, cudaMemcpyDeviceToHost));
  tu_result (got[0] == 0 && got[1] == 1 && got[2] == 1 && got[3] == 0 && got[4] == 1,
             "convert logical bytes to int64");
  cudaFree (dl);
  cudaFree (dout);
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_elementwise_int"))
    return tu_finish ("test_elementwise_int");
  tu_seed (20261128);
  test_binary_refused ();
  test_binary ();
  test_unary ();
  test_convert ();
  return tu_finish ("test_elementwise_int");
}
