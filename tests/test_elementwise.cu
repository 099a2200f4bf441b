/* test_elementwise.cu: kernels/elementwise.cu against host references computed in C, in the
 * class the device computes in (float arithmetic for single, as Octave).
 *
 *   test_elementwise            every case
 *   test_elementwise --quick    the same cases without the multi-million-element ones (for
 *                               compute-sanitizer memcheck)
 *   test_elementwise --race     as --quick: these kernels use no shared memory (the only block-
 *                               level step is __syncthreads_or), so racecheck has little to see
 *
 * What is checked:
 *  - gm_binary: every op (20: mod and rem bit for bit against Octave's own code, & | xor with
 *    NaN read as true, atan2 and hypot within ulps) x class pair (double/single, both orders) x shape pattern (same
 *    size, scalar-matrix, matrix-scalar, scalar-scalar, row-matrix, column-matrix, row-column
 *    outer, N-d with singleton dimensions, 0-sized results, prime lengths, a few million
 *    elements); inputs hold NaN, Inf, -Inf, -0, 0, +-1, 2, 0.5 and ties.  + - .* ./ comparisons
 *    max min must match bit for bit (NaN: any NaN); .^ within POW_ULP (below).  A poisoned
 *    element past the output's end must stay untouched.
 *  - The vector fast path misaligned: a, b or the output one element into its allocation.
 *  - ew_bcast v3 (ew_bcast_vec) and its fall-backs to v2: rows and columns against matrices,
 *    either operand broadcast, first dimensions that are and are not multiples of 4 (and of 2,
 *    double's vector), N-d shapes whose first collapsed dimension merges several, 4x3 to
 *    4 x (2^20+3); every op x class pair x (a, b, out one element off alignment); the kernel
 *    that ran (gm_binary_last_bcast) against the expected one, and v3's output bytes against
 *    v2's (GPUMAT_EW_BCAST=v2).
 *  - gm_unary (neg, abs, sqrt exact; exp, log within ulps), gm_convert (bitwise), gm_any_negative
 *    and gm_pow_needs_complex against the host's answer (Octave's xisint rule).
 *  - gm_broadcast_dims shapes, and the errors: nonconformant sizes (message names both),
 *    unknown op, NULL with elements, complex and integer classes, bad dims.
 *
 * Tolerances, in units in the last place of the result class, between the device and the host's
 * libm (glibc: < 1 ulp): CUDA's documented maximum errors (CUDA C++ Programming Guide, Mathematical
 * Functions) plus 1 for the host: exp 1 (double) / 2 (single) -> 2 / 3; log 1 / 1 -> 2 / 2;
 * pow 2 / 4 -> 3 / 5; atan2 and hypot 2 / 3 -> 3 / 4.  sqrt is IEEE-rounded on both sides: exact.
 *
 * Version history: v1, the first version.  v2, after its first GPU run (H100): ulps ()
 * subtracts the double patterns as integers (v1 converted each to double first, and near 2^62
 * a 1-ulp difference read as 0 or 1024: 91 of 10^6 exp results "wrong").  v3 (this): the
 * ew_bcast v3 cases (test_binary_bcast_vec); run on the CPU only so far (the launches rewritten
 * into serial loops), not yet on a GPU.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <float.h>
#include <limits.h>
#include <vector>
#include "test_util.h"

static int quick;

/* ---- host arrays ----------------------------------------------------------------------- */
struct Arr {
  gm_class cls;
  int nd;
  int64_t dims[GM_MAX_DIMS];
  int64_t n;
  std::vector<double> v;   /* values, exactly representable in cls */
};

static int64_t numel (int nd, const int64_t *dims)
{
  int64_t n = 1;
  for (int d = 0; d < nd; d++)
    n *= dims[d];
  return n;
}

static const double specials[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0, 1.0, -1.0, 2.0, 0.5, 3.0};

/* kind 0: uniform in [-4, 4) with ~1 in 8 specials; kind 1 (exponents): small integers, halves
   and uniform values, specials; kind 2: positive only. */
/* Which operand Octave 7.3's max/min return on a -0/0 tie: b for a scalar a (two scalars
   included), a against a scalar b and for same sizes; for broadcasts its bsxfun loop returns b
   only where the first dimension in which the sizes differ comes before any output extent past
   1 and a is 1 along it (checked with octave-cli: 1./max([-0 -0],[0;0]) is Inf, 1./max([-0;-0],
   [0 0]) and 1./max([-0 -0;-0 -0],[0;0]) are -Inf). */
static bool octave_tie_b (const struct Arr &A, const struct Arr &B, int nd, const int64_t *out);

static Arr make_arr (gm_class cls, int nd, const int64_t *dims, int kind)
{
  Arr a;
  a.cls = cls;
  a.nd = nd;
  for (int d = 0; d < nd; d++)
    a.dims[d] = dims[d];
  a.n = numel (nd, dims);
  a.v.resize ((size_t) a.n);
  for (int64_t i = 0; i < a.n; i++) {
    double x;
    const uint64_t r = tu_next () % 16;
    if (r < 2)
      x = specials[tu_next () % 10];
    else if (kind == 1 && r < 8)
      x = (double) tu_randint (-4, 4) * (r < 6 ? 1.0 : 0.5);
    else
      x = 4.0 * tu_uniform ();
    if (kind == 2)
      x = fabs (x);
    a.v[(size_t) i] = cls == GM_SINGLE ? (double) (float) x : x;
  }
  return a;
}

/* Device copy of a, `offset` elements into its allocation (offset 1: not 16-byte aligned). */
static void *upload (const Arr &a, int offset, void **base)
{
  const size_t es = gm_class_size (a.cls);
  TU_CUDA (cudaMalloc (base, ((size_t) a.n + 2) * es));
  std::vector<unsigned char> h (((size_t) a.n + 1) * es);
  for (int64_t i = 0; i < a.n; i++) {
    if (a.cls == GM_SINGLE) {
      const float f = (float) a.v[(size_t) i];
      memcpy (&h[(size_t) i * es], &f, es);
    } else
      memcpy (&h[(size_t) i * es], &a.v[(size_t) i], es);
  }
  char *p = (char *) *base + (size_t) offset * es;
  if (a.n > 0)
    TU_CUDA (cudaMemcpy (p, h.data (), (size_t) a.n * es, cudaMemcpyHostToDevice));
  return p;
}

/* ---- host references ------------------------------------------------------------------- */
static bool xisint_d (double x)
{
  return rint (x) == x && ((x >= 0 && x < INT_MAX) || (x <= 0 && x > INT_MIN));
}

/* Octave 7.3's octave::math::mod and rem (liboctave lo-mappers.h), as written there. */
template <typename T> static T octave_x_nint (T x) { return isfinite (x) ? floor (x + (T) 0.5) : x; }
template <typename T> static T octave_mod_rem (T x, T y, bool mod)
{
  const T eps = sizeof (T) == 4 ? (T) FLT_EPSILON : (T) DBL_EPSILON;
  T retval;
  if (y == 0)
    retval = mod ? x : (T) NAN;
  else {
    T q = x / y;
    if (octave_x_nint (y) != y && fabs ((q - octave_x_nint (q)) / octave_x_nint (q)) < eps)
      retval = 0;
    else {
      T n = mod ? floor (q) : trunc (q);
      volatile T tmp = y * n;             /* Prevent use of extra precision. */
      retval = x - tmp;
    }
  }
  if (x != y && y != 0)
    retval = copysign (retval, mod ? y : x);
  return retval;
}

template <typename C> static C ref_op (gm_binop op, C a, C b, bool scalar_exp, bool tie_b)
{
  switch (op) {
  case GM_BIN_ADD: return a + b;
  case GM_BIN_SUB: return a - b;
  case GM_BIN_MUL: return a * b;
  case GM_BIN_DIV: return a / b;
  case GM_BIN_POW:
    if (scalar_exp && xisint_d ((double) b)) {
      if (b == 2) return a * a;
      if (b == 3) return a * a * a;
      if (b == -1) return (C) 1 / a;
      return (C) pow ((double) a, (double) b);
    }
    return sizeof (C) == 4 ? (C) powf ((float) a, (float) b) : (C) pow ((double) a, (double) b);
  case GM_BIN_LT: return a < b;
  case GM_BIN_LE: return a <= b;
  case GM_BIN_GT: return a > b;
  case GM_BIN_GE: return a >= b;
  case GM_BIN_EQ: return a == b;
  case GM_BIN_NE: return a != b;
  case GM_BIN_MAX:
    if (isnan (b)) return a;
    if (isnan (a) || (tie_b && a == b)) return b;
    return a >= b ? a : b;
  case GM_BIN_MIN:
    if (isnan (b)) return a;
    if (isnan (a) || (tie_b && a == b)) return b;
    return a <= b ? a : b;
  case GM_BIN_MOD: return octave_mod_rem (a, b, true);
  case GM_BIN_REM: return octave_mod_rem (a, b, false);
  case GM_BIN_ATAN2: return atan2 (a, b);
  case GM_BIN_HYPOT: return hypot (a, b);
  case GM_BIN_AND: return a != 0 && b != 0;     /* NaN is true here: the caller refuses it */
  case GM_BIN_OR: return a != 0 || b != 0;
  case GM_BIN_XOR: return (a != 0) != (b != 0);
  default: return 0;
  }
}

/* Offsets of output element i in a and b by plain N-d broadcasting (no collapsing). */
static void bcast_offsets (int nd, const int64_t *out, const Arr &a, const Arr &b, int64_t i,
                           int64_t *oa, int64_t *ob)
{
  int64_t ca = 1, cb = 1;
  *oa = *ob = 0;
  for (int d = 0; d < nd; d++) {
    const int64_t c = i % out[d];
    i /= out[d];
    const int64_t da = d < a.nd ? a.dims[d] : 1, db = d < b.nd ? b.dims[d] : 1;
    if (da != 1) *oa += c * ca;
    if (db != 1) *ob += c * cb;
    ca *= da;
    cb *= db;
  }
}

/* Units in the last place between x and y of class cls (0 when equal or both NaN; a huge value
   when only one is NaN or infinities differ). */
static double ulps (gm_class cls, double x, double y)
{
  if (isnan (x) || isnan (y))
    return isnan (x) && isnan (y) ? 0 : 1e30;
  if (x == y)
    return 0;
  if (isinf (x) || isinf (y))
    return 1e30;
  if (cls == GM_SINGLE) {
    float fx = (float) x, fy = (float) y;
    int32_t ix, iy;
    memcpy (&ix, &fx, 4);
    memcpy (&iy, &fy, 4);
    if (ix < 0) ix = INT32_MIN - ix;
    if (iy < 0) iy = INT32_MIN - iy;
    return fabs ((double) ix - (double) iy);
  }
  int64_t ix, iy;
  memcpy (&ix, &x, 8);
  memcpy (&iy, &y, 8);
  if (ix < 0) ix = INT64_MIN - ix;
  if (iy < 0) iy = INT64_MIN - iy;
  /* the difference in integers: converted to double first, two patterns near 2^62 round to
     multiples of 1024 and a 1-ulp difference read as 0 or 1024 (the first GPU run: 91 of 10^6
     exp results "wrong" by what was 1 ulp) */
  const uint64_t d = ix > iy ? (uint64_t) ix - (uint64_t) iy : (uint64_t) iy - (uint64_t) ix;
  return (double) d;
}

/* Exact: the same bits, or both NaN. */
static bool same (gm_class cls, double x, double y)
{
  if (isnan (x) || isnan (y))
    return isnan (x) && isnan (y);
  if (cls == GM_SINGLE) {
    const float fx = (float) x, fy = (float) y;
    return memcmp (&fx, &fy, 4) == 0;
  }
  return memcmp (&x, &y, 8) == 0;
}

static double pow_ulp (gm_class c) { return c == GM_SINGLE ? 5 : 3; }
/* atan2 and hypot: CUDA's 2 (double) / 3 (single) ulp, plus 1 for the host's libm. */
static double libm2_ulp (gm_class c) { return c == GM_SINGLE ? 4 : 3; }

/* ---- gm_binary --------------------------------------------------------------------------- */
static const char *cls_tag (gm_class c) { return c == GM_SINGLE ? "s" : "d"; }

/* The result of op on A and B: its broadcast shape, class, element count and size. */
struct BinaryOut {
  int nd;
  int64_t dims[GM_MAX_DIMS];
  gm_class cls;
  int64_t n;
  size_t es;
};
static BinaryOut binary_out (gm_binop op, const Arr &A, const Arr &B)
{
  BinaryOut o;
  TU_GM (gm_broadcast_dims (A.nd, A.dims, B.nd, B.dims, &o.nd, o.dims));
  TU_GM (gm_binop_result_class (op, A.cls, B.cls, &o.cls));
  o.n = numel (o.nd, o.dims);
  o.es = gm_class_size (o.cls);
  return o;
}

static void check_binary_case (gm_binop op, const Arr &A, const Arr &B, int off_a, int off_b,
                               int off_out, const char *label)
{
  const BinaryOut r = binary_out (op, A, B);
  const int nd = r.nd;
  const int64_t *out = r.dims;
  const gm_class oc = r.cls;
  const int64_t n = r.n;
  const size_t es = r.es;
  void *ba, *bb, *bo;
  void *da = upload (A, off_a, &ba), *db = upload (B, off_b, &bb);
  TU_CUDA (cudaMalloc (&bo, ((size_t) n + 2) * es));
  TU_CUDA (cudaMemset (bo, 0xff, ((size_t) n + 2) * es));
  char *dout = (char *) bo + (size_t) off_out * es;
  const gm_status st = gm_binary (op, A.cls, A.nd, A.dims, da, B.cls, B.nd, B.dims, db, dout, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  std::vector<unsigned char> h (((size_t) n + 1) * es);
  TU_CUDA (cudaMemcpy (h.data (), dout, ((size_t) n + 1) * es, cudaMemcpyDeviceToHost));

  /* The class the device computes in: single when either is single. */
  const bool single = A.cls == GM_SINGLE || B.cls == GM_SINGLE;
  const gm_class cc = single ? GM_SINGLE : GM_DOUBLE;
  const bool scalar_exp = B.n == 1 && A.n != 1;
  const bool tie_b = octave_tie_b (A, B, nd, out);
  int64_t bad = 0, first_bad = -1;
  double worst = 0;
  for (int64_t i = 0; i < n; i++) {
    int64_t oa, ob;
    bcast_offsets (nd, out, A, B, i, &oa, &ob);
    const double va = A.v[(size_t) oa], vb = B.v[(size_t) ob];
    double want;
    if (single && op != GM_BIN_XOR)  /* xor tests each operand in its own class, as Octave */
      want = ref_op<float> (op, (float) va, (float) vb, scalar_exp, tie_b);
    else
      want = ref_op<double> (op, va, vb, scalar_exp, tie_b);
    bool ok;
    if (oc == GM_UINT8) {
      ok = h[(size_t) i] == (unsigned char) want;
    } else {
      const double got = tu_get (oc, h.data (), (size_t) i);
      if (op == GM_BIN_POW || op == GM_BIN_ATAN2 || op == GM_BIN_HYPOT) {
        const double u = ulps (cc, got, want);
        worst = u > worst ? u : worst;
        ok = u <= (op == GM_BIN_POW ? pow_ulp (cc) : libm2_ulp (cc));
      } else
        ok = same (cc, got, want);
    }
    if (!ok && bad++ == 0)
      first_bad = i;
  }
  bool past_ok = true;
  for (size_t k = 0; k < es; k++)
    past_ok = past_ok && h[(size_t) n * es + k] == 0xff;
  char what[256];
  snprintf (what, sizeof what, "%s %s(%s) %s(%s) [%s] offsets %d/%d/%d", gm_binop_name (op),
            label, cls_tag (A.cls), "", cls_tag (B.cls), single ? "single" : "double", off_a,
            off_b, off_out);
  tu_result (st == GM_OK, "%s: status %d (%s)", what, (int) st, gm_error_detail ());
  if (bad) {
    int64_t oa, ob;
    bcast_offsets (nd, out, A, B, first_bad, &oa, &ob);
    tu_result (0, "%s: %lld of %lld elements wrong, first at %lld (a = %.17g, b = %.17g, got "
               "%.17g)", what, (long long) bad, (long long) n, (long long) first_bad,
               A.v[(size_t) oa], B.v[(size_t) ob],
               oc == GM_UINT8 ? (double) h[(size_t) first_bad]
                              : tu_get (oc, h.data (), (size_t) first_bad));
  } else
    tu_result (1, "");
  tu_result (past_ok, "%s: wrote past the end of the output", what);
  (void) worst;
  cudaFree (ba);
  cudaFree (bb);
  cudaFree (bo);
}

struct ShapePair {
  const char *label;
  int nda;
  int64_t da[GM_MAX_DIMS];
  int ndb;
  int64_t db[GM_MAX_DIMS];
  bool large;
};

static void test_binary_patterns (void)
{
  const ShapePair shapes[] = {
      {"same 7x13", 2, {7, 13}, 2, {7, 13}, false},
      {"scalar-matrix", 2, {1, 1}, 2, {7, 13}, false},
      {"matrix-scalar", 2, {7, 13}, 0, {0}, false},
      {"scalar-scalar", 2, {1, 1}, 2, {1, 1}, false},
      {"row-matrix", 2, {1, 13}, 2, {7, 13}, false},
      {"matrix-column", 2, {7, 13}, 2, {7, 1}, false},
      {"row-column", 2, {1, 13}, 2, {7, 1}, false},
      {"column-row", 3, {11, 1, 1}, 2, {1, 5}, false},
      {"N-d singletons", 5, {3, 1, 5, 1, 2}, 4, {1, 4, 5, 2}, false},
      {"N-d 8 dims", 8, {2, 1, 3, 1, 2, 1, 2, 1}, 8, {1, 2, 3, 2, 1, 1, 2, 3}, false},
      {"0x3 with 1x3", 2, {0, 3}, 2, {1, 3}, false},
      {"0x3 with scalar", 2, {0, 3}, 2, {1, 1}, false},
      {"3x0 with 3x1", 2, {3, 0}, 2, {3, 1}, false},
      {"prime vector", 2, {1, 1009}, 2, {1, 1009}, false},
      {"prime row-col", 2, {1, 251}, 2, {257, 1}, false},
      {"large same", 1, {3000017}, 1, {3000017}, true},
      {"large scalar", 1, {2000003}, 0, {0}, true},
      {"large row-matrix", 2, {1, 1733}, 2, {1733, 1733}, true},
  };
  const gm_class pairs[4][2] = {{GM_DOUBLE, GM_DOUBLE}, {GM_SINGLE, GM_SINGLE},
                                {GM_DOUBLE, GM_SINGLE}, {GM_SINGLE, GM_DOUBLE}};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    const ShapePair &sp = shapes[s];
    if (quick && sp.large)
      continue;
    for (int c = 0; c < 4; c++)
      for (int op = 0; op < GM_BIN_COUNT; op++) {
        const Arr A = make_arr (pairs[c][0], sp.nda, sp.da, 0);
        const Arr B = make_arr (pairs[c][1], sp.ndb, sp.db, op == GM_BIN_POW ? 1 : 0);
        check_binary_case ((gm_binop) op, A, B, 0, 0, 0, sp.label);
      }
  }
}

/* The vector path with each pointer one element off 16-byte alignment, and ties (-0 with 0) in
   every pattern of the tie rule. */
static void test_binary_misaligned (void)
{
  const int64_t n = 1031;           /* prime: a vector tail in both classes */
  const int64_t dn[1] = {n};
  for (int c = 0; c < 2; c++) {
    const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
    for (int op = 0; op < GM_BIN_COUNT; op++)
      for (int which = 0; which < 4; which++) {
        const Arr A = make_arr (cls, 1, dn, 0);
        const Arr B = make_arr (cls, which == 3 ? 0 : 1, dn, op == GM_BIN_POW ? 1 : 0);
        check_binary_case ((gm_binop) op, A, B, which == 0, which == 1, which == 2 || which == 3,
                           which == 3 ? "misaligned out, scalar b" : "misaligned");
      }
  }
  /* -0 against 0 in each pattern: same size, a scalar, b scalar, scalar-scalar, broadcast. */
  const int64_t d4[2] = {4, 1}, d14[2] = {1, 4}, d1[2] = {1, 1};
  for (int op = GM_BIN_MAX; op <= GM_BIN_MIN; op++) {
    Arr A = make_arr (GM_DOUBLE, 2, d4, 0), B = make_arr (GM_DOUBLE, 2, d4, 0);
    for (int i = 0; i < 4; i++) {
      A.v[(size_t) i] = (i & 1) ? 0.0 : -0.0;
      B.v[(size_t) i] = (i & 1) ? -0.0 : 0.0;
    }
    Arr S = make_arr (GM_DOUBLE, 2, d1, 0), R = make_arr (GM_DOUBLE, 2, d14, 0);
    S.v[0] = -0.0;
    for (int i = 0; i < 4; i++)
      R.v[(size_t) i] = 0.0;
    check_binary_case ((gm_binop) op, A, B, 0, 0, 0, "zero ties same");
    check_binary_case ((gm_binop) op, S, B, 0, 0, 0, "zero ties scalar a");
    check_binary_case ((gm_binop) op, A, S, 0, 0, 0, "zero ties scalar b");
    check_binary_case ((gm_binop) op, S, S, 0, 0, 0, "zero ties scalars");
    check_binary_case ((gm_binop) op, A, R, 0, 0, 0, "zero ties broadcast");
  }
}

/* ---- ew_bcast v3 (ew_bcast_vec) and its fall-backs to v2 ------------------------------------
   v3 takes a broadcast whose collapsed first dimension is a multiple of VW (4 in single, 2 in
   double: 16 bytes of the compute class), with the output aligned to VW elements and every full
   operand (as many elements as the output) aligned to VW elements of its own class; a row (1
   along the first dimension) is read one value per VW outputs, a column (contiguous along it)
   one VW-wide load, or VW scalar loads when misaligned.  Each case: the host reference through
   check_binary_case, the kernel gm_binary_last_bcast reports against the one expected here, and
   the same output bytes (NaN payloads, the poisoned element past the end included) from v3 and
   from v2 forced by GPUMAT_EW_BCAST=v2: bit-identical, .^ included. */
struct VecShape {
  const char *label;
  int nda;
  int64_t da[GM_MAX_DIMS];
  int ndb;
  int64_t db[GM_MAX_DIMS];
  int v_single, v_double;   /* the kernel with every pointer aligned */
  bool large;
};

/* gm_binary in the current GPUMAT_EW_BCAST setting into a fresh poisoned output; the output's
   n + 1 elements' bytes (the one past the end must stay 0xff) and the version that ran. */
static std::vector<unsigned char> run_binary_bytes (gm_binop op, const Arr &A, const void *da,
                                                    const Arr &B, const void *db, int off_out,
                                                    int64_t n, size_t es, gm_status *st,
                                                    int *version)
{
  void *bo;
  TU_CUDA (cudaMalloc (&bo, ((size_t) n + 2) * es));
  TU_CUDA (cudaMemset (bo, 0xff, ((size_t) n + 2) * es));
  char *dout = (char *) bo + (size_t) off_out * es;
  *st = gm_binary (op, A.cls, A.nd, A.dims, da, B.cls, B.nd, B.dims, db, dout, 0);
  *version = gm_binary_last_bcast ();
  TU_CUDA (cudaDeviceSynchronize ());
  std::vector<unsigned char> h (((size_t) n + 1) * es);
  TU_CUDA (cudaMemcpy (h.data (), dout, h.size (), cudaMemcpyDeviceToHost));
  cudaFree (bo);
  return h;
}

static void check_bcast_versions (gm_binop op, const Arr &A, const Arr &B, int off_a, int off_b,
                                  int off_out, int want, const char *label)
{
  check_binary_case (op, A, B, off_a, off_b, off_out, label);
  tu_result (gm_binary_last_bcast () == want, "%s %s (%s, %s) offsets %d/%d/%d: kernel v%d, "
             "want v%d", gm_binop_name (op), label, cls_tag (A.cls), cls_tag (B.cls), off_a, off_b,
             off_out, gm_binary_last_bcast (), want);
  const BinaryOut r = binary_out (op, A, B);
  const int64_t n = r.n;
  const size_t es = r.es;
  void *ba, *bb;
  void *da = upload (A, off_a, &ba), *db = upload (B, off_b, &bb);
  gm_status st3, st2;
  int v3, v2;
  const std::vector<unsigned char> h3 = run_binary_bytes (op, A, da, B, db, off_out, n, es, &st3,
                                                          &v3);
  tu_setenv ("GPUMAT_EW_BCAST", "v2");
  const std::vector<unsigned char> h2 = run_binary_bytes (op, A, da, B, db, off_out, n, es, &st2,
                                                          &v2);
  tu_setenv ("GPUMAT_EW_BCAST", NULL);
  int64_t differ = 0, first = -1;
  for (int64_t i = 0; i <= n; i++)
    if (memcmp (&h3[(size_t) i * es], &h2[(size_t) i * es], es) && differ++ == 0)
      first = i;
  tu_result (st3 == GM_OK && st2 == GM_OK && v3 == want && v2 == 2 && differ == 0,
             "%s %s (%s, %s) offsets %d/%d/%d: auto v%d, forced v%d (want v%d, v2), %lld of %lld "
             "elements differ in their bits, first at %lld", gm_binop_name (op), label,
             cls_tag (A.cls), cls_tag (B.cls), off_a, off_b, off_out, v3, v2, want,
             (long long) differ, (long long) n, (long long) first);
  cudaFree (ba);
  cudaFree (bb);
}

static void test_binary_bcast_vec (void)
{
  const int64_t W = ((int64_t) 1 << 20) + 3;
  const VecShape shapes[] = {
      {"v3 row-matrix 4x3", 2, {1, 3}, 2, {4, 3}, 3, 3, false},
      {"v3 matrix-row 8x5", 2, {8, 5}, 2, {1, 5}, 3, 3, false},
      {"v3 column-matrix 8x5", 2, {8, 1}, 2, {8, 5}, 3, 3, false},
      {"v3 matrix-column 1028x7", 2, {1028, 7}, 2, {1028, 1}, 3, 3, false},
      {"v3 column 4x1 with row 1x3", 2, {4, 1}, 2, {1, 3}, 3, 3, false},
      {"v3 row 1x5 with column 8x1", 2, {1, 5}, 2, {8, 1}, 3, 3, false},
      {"v3 merged first dim 2x2x5 with 2x2", 3, {2, 2, 5}, 2, {2, 2}, 3, 3, false},
      {"v3 leading 1 1x8x3 with 1x8", 3, {1, 8, 3}, 2, {1, 8}, 3, 3, false},
      {"v3 N-d column 4x1x3 with 4x5x3", 3, {4, 1, 3}, 3, {4, 5, 3}, 3, 3, false},
      {"v3 N-d row 1x5x3 with 8x5x3", 3, {1, 5, 3}, 3, {8, 5, 3}, 3, 3, false},
      {"double-only row-matrix 6x5", 2, {1, 5}, 2, {6, 5}, 2, 3, false},
      {"double-only 2x2x3 with 2x1x3", 3, {2, 2, 3}, 3, {2, 1, 3}, 2, 3, false},
      {"v2 matrix-row 7x13", 2, {7, 13}, 2, {1, 13}, 2, 2, false},
      {"v2 matrix-column 5x3", 2, {5, 3}, 2, {5, 1}, 2, 2, false},
      {"v2 row-column 1x4 with 3x1", 2, {1, 4}, 2, {3, 1}, 2, 2, false},
      {"v3 matrix-row 4x(2^20+3)", 2, {4, W}, 2, {1, W}, 3, 3, true},
      {"v3 row-matrix 4x(2^20+3)", 2, {1, W}, 2, {4, W}, 3, 3, true},
  };
  /* a, b, out one element off their allocation's alignment, one at a time */
  const int offsets[4][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  const gm_class pairs[4][2] = {{GM_DOUBLE, GM_DOUBLE}, {GM_SINGLE, GM_SINGLE},
                                {GM_DOUBLE, GM_SINGLE}, {GM_SINGLE, GM_DOUBLE}};
  const gm_binop large_ops[] = {GM_BIN_ADD, GM_BIN_DIV, GM_BIN_POW, GM_BIN_MAX, GM_BIN_LT};
  char *saved = getenv ("GPUMAT_EW_BCAST") ? strdup (getenv ("GPUMAT_EW_BCAST")) : NULL;
  tu_setenv ("GPUMAT_EW_BCAST", NULL);
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    const VecShape &sp = shapes[s];
    if (quick && sp.large)
      continue;
    const int nops = sp.large ? (int) (sizeof large_ops / sizeof large_ops[0]) : GM_BIN_COUNT;
    for (int c = 0; c < 4; c++)
      for (int k = 0; k < nops; k++)
        for (int o = 0; o < (sp.large ? 2 : 4); o++) {
          const gm_binop op = sp.large ? large_ops[k] : (gm_binop) k;
          const Arr A = make_arr (pairs[c][0], sp.nda, sp.da, 0);
          const Arr B = make_arr (pairs[c][1], sp.ndb, sp.db, op == GM_BIN_POW ? 1 : 0);
          /* the compute class, which sets the vector width: xor computes in double when either
             operand is double (each in its own class, as Octave) */
          const bool single = op == GM_BIN_XOR ? A.cls == GM_SINGLE && B.cls == GM_SINGLE
                                               : A.cls == GM_SINGLE || B.cls == GM_SINGLE;
          int nd;
          int64_t out[GM_MAX_DIMS];
          TU_GM (gm_broadcast_dims (A.nd, A.dims, B.nd, B.dims, &nd, out));
          const int64_t n = numel (nd, out);
          /* v2 when the output or a full operand is off alignment; a misaligned row or column
             keeps v3, and so does an operand of the other class: gm_binary converts it into an
             aligned temporary first */
          const gm_class compute = single ? GM_SINGLE : GM_DOUBLE;
          const bool a_off = offsets[o][0] && A.cls == compute && A.n == n;
          const bool b_off = offsets[o][1] && B.cls == compute && B.n == n;
          const int want = offsets[o][2] || a_off || b_off ? 2
                           : single ? sp.v_single : sp.v_double;
          check_bcast_versions (op, A, B, offsets[o][0], offsets[o][1], offsets[o][2], want,
                                sp.label);
        }
  }
  /* -0 against 0 in a row + matrix and a matrix + row (the two max/min variants of v3). */
  const int64_t d84[2] = {8, 4}, d14[2] = {1, 4};
  for (int c = 0; c < 2; c++)
    for (int op = GM_BIN_MAX; op <= GM_BIN_MIN; op++) {
      const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
      Arr M = make_arr (cls, 2, d84, 0), R = make_arr (cls, 2, d14, 0);
      for (int64_t i = 0; i < M.n; i++)
        M.v[(size_t) i] = (i & 1) ? 0.0 : -0.0;
      for (int64_t i = 0; i < R.n; i++)
        R.v[(size_t) i] = (i & 1) ? -0.0 : 0.0;
      check_bcast_versions ((gm_binop) op, R, M, 0, 0, 0, 3, "v3 zero ties row-matrix");
      check_bcast_versions ((gm_binop) op, M, R, 0, 0, 0, 3, "v3 zero ties matrix-row");
    }
  if (saved) {
    tu_setenv ("GPUMAT_EW_BCAST", saved);
    free (saved);
  }
}

static bool octave_tie_b (const Arr &A, const Arr &B, int nd, const int64_t *out)
{
  const int64_t n = numel (nd, out);
  if (A.n == 1)
    return true;
  if (B.n == 1 || (A.n == n && B.n == n))
    return false;
  int64_t ldr = 1;
  for (int s = 0; s < nd; s++) {
    const int64_t da = s < A.nd ? A.dims[s] : 1, db = s < B.nd ? B.dims[s] : 1;
    if (da != db)
      return ldr == 1 && da == 1;
    ldr *= out[s];
  }
  return false;
}

/* ---- unary, conversion, queries ------------------------------------------------------------ */
static void test_unary (void)
{
  const int64_t counts[] = {0, 1, 2, 3, 5, 17, 1000003, 3000017};
  for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
    if (quick && counts[k] > 2000000)
      continue;
    for (int c = 0; c < 2; c++) {
      const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
      /* the first five; the other mappers: test_elementwise_mappers.cu */
      for (int op = 0; op <= GM_UN_LOG; op++)
        for (int off = 0; off < 2; off++) {
          const Arr A = make_arr (cls, 1, &counts[k], 0);
          const size_t es = gm_class_size (cls);
          void *ba, *bo;
          void *da = upload (A, off, &ba);
          TU_CUDA (cudaMalloc (&bo, ((size_t) A.n + 2) * es));
          TU_CUDA (cudaMemset (bo, 0xff, ((size_t) A.n + 2) * es));
          char *dout = (char *) bo + off * es;
          const gm_status st = gm_unary ((gm_unop) op, cls, A.n, da, dout, 0);
          TU_CUDA (cudaDeviceSynchronize ());
          std::vector<unsigned char> h (((size_t) A.n + 1) * es);
          TU_CUDA (cudaMemcpy (h.data (), dout, h.size (), cudaMemcpyDeviceToHost));
          const double tol = op == GM_UN_EXP ? (c ? 3 : 2) : op == GM_UN_LOG ? 2 : 0;
          int64_t bad = 0;
          for (int64_t i = 0; i < A.n; i++) {
            const double x = A.v[(size_t) i], got = tu_get (cls, h.data (), (size_t) i);
            double want;
            if (c) {
              const float f = (float) x;
              want = op == GM_UN_NEG ? -f : op == GM_UN_ABS ? fabsf (f) : op == GM_UN_SQRT
                     ? sqrtf (f) : op == GM_UN_EXP ? expf (f) : logf (f);
            } else
              want = op == GM_UN_NEG ? -x : op == GM_UN_ABS ? fabs (x) : op == GM_UN_SQRT
                     ? sqrt (x) : op == GM_UN_EXP ? exp (x) : log (x);
            if (tol == 0 ? !same (cls, got, want) : ulps (cls, got, want) > tol)
              bad++;
          }
          bool past_ok = true;
          for (size_t b = 0; b < es; b++)
            past_ok = past_ok && h[(size_t) A.n * es + b] == 0xff;
          tu_result (st == GM_OK && bad == 0, "%s (%s) count %lld offset %d: status %d, %lld wrong",
                     gm_unop_name ((gm_unop) op), cls_tag (cls), (long long) A.n, off, (int) st,
                     (long long) bad);
          tu_result (past_ok, "%s count %lld: wrote past the end", gm_unop_name ((gm_unop) op),
                     (long long) A.n);
          cudaFree (ba);
          cudaFree (bo);
        }
    }
  }
}

static void test_convert (void)
{
  const int64_t counts[] = {0, 1, 3, 4, 5, 1001, 2000003};
  const gm_class cs[2] = {GM_DOUBLE, GM_SINGLE};
  for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
    if (quick && counts[k] > 1000000)
      continue;
    for (int s = 0; s < 2; s++)
      for (int d = 0; d < 2; d++)
        for (int off = 0; off < 2; off++) {
          Arr A = make_arr (GM_DOUBLE, 1, &counts[k], 0);
          A.cls = cs[s];
          for (auto &x : A.v) {                 /* values that round, overflow, underflow */
            x *= pow (10.0, (double) tu_randint (-50, 50));
            if (A.cls == GM_SINGLE) x = (double) (float) x;
          }
          const size_t ed = gm_class_size (cs[d]);
          void *ba, *bo;
          void *da = upload (A, off, &ba);
          TU_CUDA (cudaMalloc (&bo, ((size_t) A.n + 2) * ed));
          char *dout = (char *) bo + off * ed;
          const gm_status st = gm_convert (cs[s], cs[d], A.n, da, dout, 0);
          TU_CUDA (cudaDeviceSynchronize ());
          std::vector<unsigned char> h ((size_t) A.n * ed + 1);
          TU_CUDA (cudaMemcpy (h.data (), dout, (size_t) A.n * ed, cudaMemcpyDeviceToHost));
          int64_t bad = 0;
          for (int64_t i = 0; i < A.n; i++) {
            const double want = cs[d] == GM_SINGLE ? (double) (float) A.v[(size_t) i]
                                                   : A.v[(size_t) i];
            if (!same (cs[d], tu_get (cs[d], h.data (), (size_t) i), want))
              bad++;
          }
          tu_result (st == GM_OK && bad == 0, "convert %s -> %s count %lld offset %d: %lld wrong",
                     cls_tag (cs[s]), cls_tag (cs[d]), (long long) A.n, off, (long long) bad);
          cudaFree (ba);
          cudaFree (bo);
        }
  }
}

/* Logical bytes (gm_logical, 0 or 1) into double and single, offset by one byte to take the
   unaligned path too. */
static void test_convert_logical (void)
{
  const int64_t counts[] = {0, 1, 3, 17, 1001, 2000003};
  const gm_class cs[2] = {GM_DOUBLE, GM_SINGLE};
  for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
    if (quick && counts[k] > 1000000)
      continue;
    const int64_t n = counts[k];
    std::vector<unsigned char> src ((size_t) n + 1);
    for (int64_t i = 0; i < n; i++)
      src[(size_t) i] = (unsigned char) (tu_randint (0, 1));
    for (int d = 0; d < 2; d++)
      for (int off = 0; off < 2; off++) {
        const size_t ed = gm_class_size (cs[d]);
        void *ba, *bo;
        TU_CUDA (cudaMalloc (&ba, (size_t) n + 2));
        TU_CUDA (cudaMalloc (&bo, ((size_t) n + 2) * ed));
        TU_CUDA (cudaMemcpy ((char *) ba + off, src.data (), (size_t) n, cudaMemcpyHostToDevice));
        char *dout = (char *) bo + off * ed;
        const gm_status st = gm_convert (GM_UINT8, cs[d], n, (char *) ba + off, dout, 0);
        TU_CUDA (cudaDeviceSynchronize ());
        std::vector<unsigned char> h ((size_t) n * ed + 1);
        TU_CUDA (cudaMemcpy (h.data (), dout, (size_t) n * ed, cudaMemcpyDeviceToHost));
        int64_t bad = 0;
        for (int64_t i = 0; i < n; i++)
          if (tu_get (cs[d], h.data (), (size_t) i) != (double) src[(size_t) i])
            bad++;
        tu_result (st == GM_OK && bad == 0, "convert logical -> %s count %lld offset %d: %lld wrong",
                   cls_tag (cs[d]), (long long) n, off, (long long) bad);
        cudaFree (ba);
        cudaFree (bo);
      }
  }
}

static int read_flag (int *d_flag)
{
  int h = -1;
  TU_CUDA (cudaMemcpy (&h, d_flag, sizeof h, cudaMemcpyDeviceToHost));
  return h;
}

static void test_queries (void)
{
  int *d_flag;
  TU_CUDA (cudaMalloc (&d_flag, sizeof (int)));
  /* gm_any_negative: where the negative is, and what does not count (-0, NaN). */
  const int64_t n = quick ? 100003 : 3000017;
  for (int c = 0; c < 2; c++) {
    const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
    const int64_t dn[1] = {n};
    for (int where = 0; where < 5; where++) {
      Arr A = make_arr (cls, 1, dn, 2);             /* nonnegative, NaN and +-0 included */
      for (auto &x : A.v)
        if (isnan (x) && tu_next () % 2) x = -NAN;
        else if (x == 0) x = -0.0;
      int want = 0;
      if (where == 1) { A.v[0] = -1.0; want = 1; }
      if (where == 2) { A.v[(size_t) n - 1] = -INFINITY; want = 1; }
      if (where == 3) { A.v[(size_t) n / 2] = c ? -FLT_MIN : -DBL_MIN; want = 1; }
      void *ba;
      void *da = upload (A, where == 4, &ba);
      TU_CUDA (cudaMemset (d_flag, 0x7f, sizeof (int)));  /* must be overwritten */
      const gm_status st = gm_any_negative (cls, A.n, da, d_flag, 0);
      const int got = read_flag (d_flag);
      tu_result (st == GM_OK && got == want, "any_negative (%s) case %d: status %d, flag %d, "
                 "want %d", cls_tag (cls), where, (int) st, got, want);
      cudaFree (ba);
    }
  }
  tu_result (gm_any_negative (GM_DOUBLE, 0, NULL, d_flag, 0) == GM_OK && read_flag (d_flag) == 0,
             "any_negative of nothing is 0");

  /* gm_pow_needs_complex: the scalar pairs of Octave's xisint rule, then random broadcasts. */
  struct { double a, b; gm_class ca, cb; int want; } pairs[] = {
      {-2, 0.5, GM_DOUBLE, GM_DOUBLE, 1}, {-2, 2, GM_DOUBLE, GM_DOUBLE, 0},
      {2, 0.5, GM_DOUBLE, GM_DOUBLE, 0}, {-2, NAN, GM_DOUBLE, GM_DOUBLE, 1},
      {-2, INFINITY, GM_DOUBLE, GM_DOUBLE, 1}, {-2, 2147483648.0, GM_DOUBLE, GM_DOUBLE, 1},
      {-2, -2147483647.0, GM_DOUBLE, GM_DOUBLE, 0}, {-0.0, 0.5, GM_DOUBLE, GM_DOUBLE, 0},
      {NAN, 0.5, GM_DOUBLE, GM_DOUBLE, 0}, {-INFINITY, 0.5, GM_SINGLE, GM_SINGLE, 1},
      /* judged in single: 2 + 1e-10 rounds to 2 */
      {-2, 2 + 1e-10, GM_SINGLE, GM_DOUBLE, 0}, {-2, 2 + 1e-10, GM_DOUBLE, GM_DOUBLE, 1},
  };
  const int64_t one[2] = {1, 1};
  for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
    Arr A = make_arr (pairs[k].ca, 2, one, 0), B = make_arr (pairs[k].cb, 2, one, 0);
    A.v[0] = pairs[k].ca == GM_SINGLE ? (double) (float) pairs[k].a : pairs[k].a;
    B.v[0] = pairs[k].b;                    /* exact in its class for every case above */
    void *ba, *bb;
    void *da = upload (A, 0, &ba), *db = upload (B, 0, &bb);
    const gm_status st = gm_pow_needs_complex (A.cls, 2, one, da, B.cls, 2, one, db, d_flag, 0);
    const int got = read_flag (d_flag);
    tu_result (st == GM_OK && got == pairs[k].want, "pow_needs_complex (%g %s, %.12g %s): flag %d, "
               "want %d", pairs[k].a, cls_tag (A.cls), pairs[k].b, cls_tag (B.cls), got,
               pairs[k].want);
    cudaFree (ba);
    cudaFree (bb);
  }
  const int64_t sa[][2] = {{7, 13}, {1, 13}, {7, 1}, {1, 1}, {1, 401}};
  const int64_t sb[][2] = {{7, 13}, {7, 13}, {1, 13}, {7, 13}, {397, 1}};
  for (int s = 0; s < 5; s++)
    for (int trial = 0; trial < 2; trial++) {
      /* trial 0: bases nonnegative (flag 0); trial 1: mixed signs with non-integer exponents */
      Arr A = make_arr (GM_DOUBLE, 2, sa[s], trial ? 0 : 2), B = make_arr (GM_DOUBLE, 2, sb[s], 1);
      int want = 0;
      int nd;
      int64_t out[GM_MAX_DIMS];
      TU_GM (gm_broadcast_dims (2, sa[s], 2, sb[s], &nd, out));
      for (int64_t i = 0; i < numel (nd, out); i++) {
        int64_t oa, ob;
        bcast_offsets (nd, out, A, B, i, &oa, &ob);
        want |= A.v[(size_t) oa] < 0 && !xisint_d (B.v[(size_t) ob]);
      }
      /* Octave's rule past same sizes and an array base with a scalar exponent (xpow.cc): any
         negative base and any exponent that is not a finite integer, whatever pairs they meet */
      const int64_t nout = numel (nd, out);
      if (!((A.n == nout && B.n == nout) || (B.n == 1 && A.n != 1))) {
        bool neg = false, nonint = false;
        for (int64_t i = 0; i < A.n; i++)
          neg |= A.v[(size_t) i] < 0;
        for (int64_t i = 0; i < B.n; i++)
          nonint |= !(std::isfinite (B.v[(size_t) i]) && rint (B.v[(size_t) i]) == B.v[(size_t) i]);
        want = neg && nonint;
      }
      void *ba, *bb;
      void *da = upload (A, 0, &ba), *db = upload (B, 0, &bb);
      const gm_status st = gm_pow_needs_complex (GM_DOUBLE, 2, sa[s], da, GM_DOUBLE, 2, sb[s], db,
                                                 d_flag, 0);
      const int got = read_flag (d_flag);
      tu_result (st == GM_OK && got == want, "pow_needs_complex shape %d trial %d: flag %d, want %d",
                 s, trial, got, want);
      cudaFree (ba);
      cudaFree (bb);
    }
  /* Octave's own answers (octave-cli, 7.3): iscomplex of each power */
  struct { int64_t da[2], db[2]; double a[4], b[4]; int want; const char *what; } cases[] = {
      {{2, 2}, {1, 2}, {-1, 3, 2, 4}, {2, 0.5}, 1, "[-1 2;3 4] .^ [2 0.5]"},
      {{2, 2}, {2, 2}, {-1, 3, 2, 4}, {2, 1, 0.5, 1}, 0, "[-1 2;3 4] .^ [2 0.5;1 1]"},
      {{1, 1}, {1, 2}, {-2}, {2147483648.0, 1}, 0, "(-2) .^ [2^31 1]"},
      {{1, 1}, {1, 2}, {-2}, {INFINITY, 1}, 1, "(-2) .^ [Inf 1]"},
      {{1, 1}, {1, 2}, {-2}, {NAN, 1}, 1, "(-2) .^ [NaN 1]"},
      {{1, 2}, {1, 2}, {-1, -2}, {2147483648.0, 2}, 1, "[-1 -2] .^ [2^31 2]"},
      {{1, 1}, {1, 1}, {-2}, {2147483648.0}, 1, "(-2) .^ 2^31"},
      {{2, 1}, {1, 2}, {-1, 2}, {2, 0.5}, 1, "[-1; 2] .^ [2 0.5]"},
      {{2, 1}, {1, 2}, {-0.0, 3}, {0.5, 1}, 0, "[-0; 3] .^ [0.5 1]"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    Arr A = make_arr (GM_DOUBLE, 2, cases[c].da, 0), B = make_arr (GM_DOUBLE, 2, cases[c].db, 0);
    for (int64_t i = 0; i < A.n; i++)
      A.v[(size_t) i] = cases[c].a[i];
    for (int64_t i = 0; i < B.n; i++)
      B.v[(size_t) i] = cases[c].b[i];
    void *ba, *bb;
    void *da = upload (A, 0, &ba), *db = upload (B, 0, &bb);
    const gm_status st = gm_pow_needs_complex (GM_DOUBLE, 2, cases[c].da, da, GM_DOUBLE, 2,
                                               cases[c].db, db, d_flag, 0);
    const int got = read_flag (d_flag);
    tu_result (st == GM_OK && got == cases[c].want, "pow_needs_complex %s: flag %d, Octave %d",
               cases[c].what, got, cases[c].want);
    cudaFree (ba);
    cudaFree (bb);
  }
  cudaFree (d_flag);
}

/* ---- shapes and errors ------------------------------------------------------------------ */
static void test_dims_and_errors (void)
{
  struct { int nda; int64_t da[4]; int ndb; int64_t db[4]; int nd; int64_t want[4]; } cases[] = {
      {3, {3, 1, 4}, 2, {1, 5}, 3, {3, 5, 4}},
      {4, {2, 3, 1, 1}, 2, {2, 1}, 2, {2, 3}},
      {2, {0, 3}, 2, {1, 3}, 2, {0, 3}},
      {2, {1, 0}, 2, {5, 1}, 2, {5, 0}},
      {0, {0}, 1, {6}, 2, {6, 1}},
      {3, {1, 1, 1}, 3, {1, 1, 1}, 2, {1, 1}},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    int nd = -1;
    int64_t out[GM_MAX_DIMS];
    const gm_status st = gm_broadcast_dims (cases[k].nda, cases[k].da, cases[k].ndb, cases[k].db,
                                            &nd, out);
    bool ok = st == GM_OK && nd == cases[k].nd;
    for (int d = 0; ok && d < nd; d++)
      ok = out[d] == cases[k].want[d];
    tu_result (ok, "gm_broadcast_dims case %zu", k);
  }
  const int64_t d23[2] = {2, 3}, d32[2] = {3, 2}, neg[2] = {2, -1}, big[9] = {1};
  int nd;
  int64_t out[GM_MAX_DIMS];
  gm_status st = gm_broadcast_dims (2, d23, 2, d32, &nd, out);
  tu_result (st == GM_ERR_INVALID_ARGUMENT
                 && strstr (gm_error_detail (), "nonconformant arguments (op1 is 2x3, op2 is 3x2)"),
             "nonconformant sizes: status %d, '%s'", (int) st, gm_error_detail ());
  double *d_buf;
  TU_CUDA (cudaMalloc (&d_buf, 64 * sizeof (double)));
  st = gm_binary (GM_BIN_ADD, GM_DOUBLE, 2, d23, d_buf, GM_DOUBLE, 2, d32, d_buf, d_buf, 0);
  tu_result (st == GM_ERR_INVALID_ARGUMENT && strstr (gm_error_detail (), "op1 is 2x3"),
             "gm_binary nonconformant: status %d", (int) st);
  tu_result (gm_binary (GM_BIN_COUNT, GM_DOUBLE, 2, d23, d_buf, GM_DOUBLE, 2, d23, d_buf, d_buf,
                        0) == GM_ERR_INVALID_ARGUMENT, "unknown op is refused");
  tu_result (gm_binary ((gm_binop) -1, GM_DOUBLE, 2, d23, d_buf, GM_DOUBLE, 2, d23, d_buf, d_buf,
                        0) == GM_ERR_INVALID_ARGUMENT, "negative op is refused");
  tu_result (gm_binary (GM_BIN_ADD, GM_DOUBLE, 2, d23, NULL, GM_DOUBLE, 2, d23, d_buf, d_buf, 0)
                 == GM_ERR_INVALID_ARGUMENT, "NULL a with elements is refused");
  tu_result (gm_binary (GM_BIN_ADD, GM_DOUBLE, 2, d23, d_buf, GM_DOUBLE, 2, d23, d_buf, NULL, 0)
                 == GM_ERR_INVALID_ARGUMENT, "NULL out with elements is refused");
  const int64_t d03[2] = {0, 3};
  tu_result (gm_binary (GM_BIN_ADD, GM_DOUBLE, 2, d03, NULL, GM_DOUBLE, 2, d03, NULL, NULL, 0)
                 == GM_OK, "NULL pointers with no elements are fine");
  tu_result (gm_binary (GM_BIN_ADD, GM_COMPLEX_DOUBLE, 2, d23, d_buf, GM_DOUBLE, 2, d23, d_buf,
                        d_buf, 0) == GM_ERR_INVALID_ARGUMENT
                 && strstr (gm_error_detail (), "not supported"), "complex class is refused");
  tu_result (gm_binary (GM_BIN_LT, GM_DOUBLE, 2, d23, d_buf, GM_INT32, 2, d23, d_buf, d_buf, 0)
                 == GM_ERR_INVALID_ARGUMENT, "integer class is refused");
  tu_result (gm_binary (GM_BIN_ADD, GM_DOUBLE, 2, neg, d_buf, GM_DOUBLE, 2, d23, d_buf, d_buf, 0)
                 == GM_ERR_INVALID_ARGUMENT, "negative dimension is refused");
  tu_result (gm_binary (GM_BIN_ADD, GM_DOUBLE, 9, big, d_buf, GM_DOUBLE, 2, d23, d_buf, d_buf, 0)
                 == GM_ERR_INVALID_ARGUMENT, "9 dimensions are refused");
  tu_result (gm_unary (GM_UN_COUNT, GM_DOUBLE, 4, d_buf, d_buf, 0) == GM_ERR_INVALID_ARGUMENT,
             "unknown unary op is refused");
  tu_result (gm_unary (GM_UN_NEG, GM_DOUBLE, -1, d_buf, d_buf, 0) == GM_ERR_INVALID_ARGUMENT,
             "negative count is refused");
  tu_result (gm_unary (GM_UN_NEG, GM_DOUBLE, 4, NULL, d_buf, 0) == GM_ERR_INVALID_ARGUMENT,
             "unary NULL with elements is refused");
  tu_result (gm_unary (GM_UN_SQRT, GM_UINT8, 4, d_buf, d_buf, 0) == GM_ERR_INVALID_ARGUMENT,
             "unary integer class is refused");
  tu_result (gm_convert (GM_DOUBLE, GM_COMPLEX_SINGLE, 4, d_buf, d_buf, 0)
                 == GM_ERR_INVALID_ARGUMENT, "convert to complex is refused");
  tu_result (gm_any_negative (GM_DOUBLE, 4, d_buf, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "any_negative without a flag is refused");
  tu_result (gm_pow_needs_complex (GM_DOUBLE, 2, d23, d_buf, GM_DOUBLE, 2, d32, d_buf,
                                   (int *) d_buf, 0) == GM_ERR_INVALID_ARGUMENT,
             "pow_needs_complex nonconformant is refused");
  gm_class oc;
  tu_result (gm_binop_result_class (GM_BIN_EQ, GM_DOUBLE, GM_SINGLE, &oc) == GM_OK
                 && oc == GM_UINT8, "comparison result is logical (uint8)");
  tu_result (gm_binop_result_class (GM_BIN_ADD, GM_DOUBLE, GM_SINGLE, &oc) == GM_OK
                 && oc == GM_SINGLE, "double + single is single");
  tu_result (gm_binop_result_class (GM_BIN_MAX, GM_DOUBLE, GM_DOUBLE, &oc) == GM_OK
                 && oc == GM_DOUBLE, "double max double is double");
  tu_result (gm_binop_name (GM_BIN_POW) && !strcmp (gm_binop_name (GM_BIN_POW), "power")
                 && gm_binop_name (GM_BIN_COUNT) == NULL, "gm_binop_name");
  tu_result (gm_binop_result_class (GM_BIN_XOR, GM_SINGLE, GM_DOUBLE, &oc) == GM_OK
                 && oc == GM_UINT8, "xor result is logical (uint8)");
  tu_result (gm_binop_result_class (GM_BIN_MOD, GM_DOUBLE, GM_SINGLE, &oc) == GM_OK
                 && oc == GM_SINGLE, "mod of double and single is single");
  const gm_binop_info *mi = gm_binop_describe (GM_BIN_MOD), *ai = gm_binop_describe (GM_BIN_AND);
  tu_result (mi && !strcmp (mi->name, "mod") && !mi->takes_logical && !mi->nan_is_error && ai
                 && ai->logical_result && ai->takes_logical && ai->nan_is_error
                 && gm_binop_describe (GM_BIN_COUNT) == NULL, "gm_binop_describe rows");
  cudaFree (d_buf);
}

/* A broadcast of more than 2^31 outputs (the 64-bit index path: ew_bcast v2 with uint64_t
   indices, since ew_bcast_vec is built for 32-bit indices only): a single column of 2^30 + 8
   rows against a 1x2 row, compared (a logical result, 2 GiB) and added (single, 8 GiB), every
   output checked against the host.  Skipped where the device has no room for it. */
static void test_binary_wide (void)
{
  const int64_t rows = ((int64_t) 1 << 30) + 8, count = 2 * rows;
  size_t free_bytes = 0, total = 0;
  if (cudaMemGetInfo (&free_bytes, &total) != cudaSuccess
      || free_bytes < (size_t) rows * 4 + (size_t) count * 4 + ((size_t) 1 << 30)) {
    printf ("test_elementwise: wide broadcast skipped: %lld outputs need 13 GB of free device "
            "memory\n", (long long) count);
    tu_skipped++;
    return;
  }
  float *h_a = (float *) malloc ((size_t) rows * sizeof (float));
  const float h_b[2] = {0.25f, -3.5f};
  for (int64_t i = 0; i < rows; i++)
    h_a[i] = (float) ((i * 2654435761u) % 1000) / 100.0f - 5.0f;
  void *d_a, *d_b, *d_out;
  TU_GM (gm_device_alloc (&d_a, (size_t) rows * sizeof (float)));
  TU_GM (gm_device_alloc (&d_b, sizeof h_b));
  TU_GM (gm_device_alloc (&d_out, (size_t) count * sizeof (float)));
  TU_CUDA (cudaMemcpy (d_a, h_a, (size_t) rows * sizeof (float), cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (d_b, h_b, sizeof h_b, cudaMemcpyHostToDevice));
  const int64_t da[2] = {rows, 1}, db[2] = {1, 2};
  const gm_binop ops[2] = {GM_BIN_LT, GM_BIN_ADD};
  for (gm_binop op : ops) {
    const bool logical = op == GM_BIN_LT;
    const size_t es = logical ? 1 : sizeof (float);
    const gm_status st = gm_binary (op, GM_SINGLE, 2, da, d_a, GM_SINGLE, 2, db, d_b, d_out, 0);
    char *h_out = (char *) malloc ((size_t) count * es);
    if (st == GM_OK)
      TU_CUDA (cudaMemcpy (h_out, d_out, (size_t) count * es, cudaMemcpyDeviceToHost));
    int64_t bad = 0;
    for (int64_t j = 0; st == GM_OK && j < 2; j++)
      for (int64_t i = 0; i < rows; i++) {
        const int64_t k = i + j * rows;
        if (logical)
          bad += ((const uint8_t *) h_out)[k] != (uint8_t) (h_a[i] < h_b[j]);
        else
          bad += ((const float *) h_out)[k] != h_a[i] + h_b[j];
      }
    tu_result (st == GM_OK && bad == 0 && gm_binary_last_bcast () == 2,
               "wide broadcast %s: [%lld x 1] with [1 x 2]: status %d, %lld outputs wrong, "
               "kernel v%d", logical ? "lt" : "plus", (long long) rows, (int) st, (long long) bad,
               gm_binary_last_bcast ());
    free (h_out);
  }
  gm_device_free (d_a);
  gm_device_free (d_b);
  gm_device_free (d_out);
  free (h_a);
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_elementwise"))
    return tu_finish ("test_elementwise");
  tu_seed (20260412);
  test_dims_and_errors ();
  test_binary_patterns ();
  test_binary_misaligned ();
  test_binary_bcast_vec ();
  if (!quick)
    test_binary_wide ();            /* 13 GB of device memory: not under the sanitizers */
  test_unary ();
  test_convert ();
  test_convert_logical ();
  test_queries ();
  return tu_finish ("test_elementwise");
}
