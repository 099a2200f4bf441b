/* test_elementwise_complex.cu: gm_complex_binary and gm_complex_unary (kernels/
 * elementwise_complex.cu) against the host's own std::complex, which is what Octave 7.3 computes
 * with (libstdc++ and libgcc of GCC 12, glibc's cabs = hypot):
 *   - every op (+ - .* ./ < <= > >= == ~= max min) x every mix (complex with complex, complex
 *     with real, real with complex) x double and single, bit for bit (NaN matches any NaN) except
 *     where Octave's ordering meets a tie of abs: there arg (the device's atan2, 2-3 ulp) decides,
 *     and a result that differs only where the two args are within 8 ulps is counted as passed;
 *   - shapes: 0 elements (1x0 against 3x1 too), 1x1, 2, primes (7, 31, 257), 1000003 (100003
 *     with --quick), a scalar either side, a row against a column, 3-D broadcasts (4x1x3 with
 *     1x5x1, 2x3x1x2 with 2x1x4), and a nonconformant pair (refused with Octave's message);
 *   - operands: special values in either part (0, -0, +-1, +-Inf, NaN, DBL_MAX, DBL_MIN, a
 *     subnormal, values near the overflow and underflow of the products and quotients), equal
 *     moduli (3+4i, 4-3i, -5, 5i) so that ties of abs reach the arg rule, and random values;
 *   - the unary ops (uminus conj real imag abs sign isnan isinf isfinite not bit for bit, arg
 *     within 4 ulps of glibc's atan2) on the same values, counts 0, 1, 257 and the large one;
 *   - argument errors (an op without a complex kernel, two real operands, mixed precision,
 *     unknown ops, NULL pointers, negative counts);
 *   - first, on the host: complex_arith.cuh's binary_element (the formula each kernel thread
 *     runs) against the same reference, 200000 draws per op, mix and precision, so that a
 *     failure on the device that passes here points at the device's compilation, not the
 *     formula.
 *
 *   test_elementwise_complex           the full set
 *   test_elementwise_complex --quick   smaller large counts (for compute-sanitizer)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <complex>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>
#include "test_util.h"
#include "complex_arith.cuh"

#define PROGRAM "test_elementwise_complex"

static int quick;

/* ---- values ------------------------------------------------------------------------------- */
template <typename R> static R special (int k)
{
  const R big = sizeof (R) == 4 ? (R) FLT_MAX : (R) DBL_MAX;
  const R tiny = sizeof (R) == 4 ? (R) FLT_MIN : (R) DBL_MIN;
  const R sub = sizeof (R) == 4 ? (R) 1e-45f : (R) 4.9e-324;
  const R vals[] = {0, -(R) 0, 1, -1, (R) INFINITY, -(R) INFINITY, (R) NAN, big, -big, tiny,
                    sub, (R) 0.5, 3, 4, -5, sqrt (big), -sqrt (big) * 2, sqrt (tiny), (R) 1e-3};
  return vals[k % (int) (sizeof vals / sizeof vals[0])];
}

/* one element: re, im */
template <typename R> static void draw (R *re, R *im)
{
  const int kind = (int) tu_randint (0, 9);
  if (kind < 3) {
    *re = special<R> ((int) tu_randint (0, 100));
    *im = special<R> ((int) tu_randint (0, 100));
  } else if (kind < 5) {
    /* equal moduli: ties of abs, decided by arg */
    static const double tie[][2] = {{3, 4}, {4, -3}, {-5, 0}, {0, 5}, {-3, -4}, {5, -0.0},
                                    {-5, -0.0}, {0, -5}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    const int t = (int) tu_randint (0, 11);
    *re = (R) tie[t][0];
    *im = (R) tie[t][1];
  } else if (kind < 6) {
    *re = (R) ldexp (tu_uniform (), (int) tu_randint (-1100, 1100));
    *im = (R) ldexp (tu_uniform (), (int) tu_randint (-1100, 1100));
  } else {
    *re = (R) (tu_uniform () * 100);
    *im = (R) (tu_uniform () * 100);
  }
}

template <typename R> static bool same (R x, R y)
{
  return memcmp (&x, &y, sizeof x) == 0 || (isnan (x) && isnan (y));
}

template <typename R> static double ulps (R x, R y)
{
  if (same (x, y))
    return 0;
  const R e = sizeof (R) == 4 ? (R) FLT_EPSILON : (R) DBL_EPSILON;
  return fabs ((double) x - (double) y) / ((double) e * fmax (fabs ((double) y), 1e-300));
}

/* ---- the host reference: Octave's operators on std::complex ------------------------------- */
template <typename R> using C = std::complex<R>;

/* oct-cmplx.h: abs, then arg (-pi read as pi); a real operand's arg is 0 */
template <typename R>
static bool octave_order (int op, C<R> a, bool ac, C<R> b, bool bc, bool *near_tie)
{
  const R ax = ac ? std::abs (a) : std::abs (a.real ()), bx = bc ? std::abs (b) : std::abs (b.real ());
  *near_tie = false;
  if (ax == bx) {
    R ay = ac ? std::arg (a) : 0, by = bc ? std::arg (b) : 0;
    const R pi = (R) M_PI;
    if (ay == -pi) ay = pi;
    if (by == -pi) by = pi;
    *near_tie = ulps (ay, by) <= 8 || ulps (by, ay) <= 8;
    switch (op) {
    case GM_BIN_LT: return ay < by;
    case GM_BIN_LE: return ay <= by;
    case GM_BIN_GT: return ay > by;
    default: return ay >= by;
    }
  }
  switch (op) {
  case GM_BIN_LT: return ax < bx;
  case GM_BIN_LE: return ax <= bx;
  case GM_BIN_GT: return ax > bx;
  default: return ax >= bx;
  }
}

/* result: complex z, or a logical in *t (returns true for a logical op) */
template <typename R>
static bool reference (int op, C<R> a, bool ac, C<R> b, bool bc, C<R> *z, bool *t,
                       bool *near_tie)
{
  const R ar = a.real (), br = b.real ();
  *near_tie = false;
  switch (op) {
  case GM_BIN_ADD: *z = ac && bc ? a + b : ac ? a + br : ar + b; return false;
  case GM_BIN_SUB: *z = ac && bc ? a - b : ac ? a - br : ar - b; return false;
  case GM_BIN_MUL: *z = ac && bc ? a * b : ac ? a * br : ar * b; return false;
  case GM_BIN_DIV: *z = ac && bc ? a / b : ac ? a / br : ar / b; return false;
  case GM_BIN_MAX:
  case GM_BIN_MIN: {
    const C<R> x = ac ? a : C<R> (ar), y = bc ? b : C<R> (br);
    const bool xnan = isnan (x.real ()) || isnan (x.imag ());
    if (op == GM_BIN_MAX)
      *z = std::abs (x) >= std::abs (y) ? x : (xnan ? x : y);
    else
      *z = std::abs (x) <= std::abs (y) ? x : (xnan ? x : y);
    return false;
  }
  case GM_BIN_EQ: *t = ac && bc ? a == b : ac ? a == br : ar == b; return true;
  case GM_BIN_NE: *t = ac && bc ? a != b : ac ? a != br : ar != b; return true;
  default: *t = octave_order (op, a, ac, b, bc, near_tie); return true;
  }
}

static const char *op_text (int op);

/* ---- the formula on the host ---------------------------------------------------------------- */
template <typename R> static void test_host_elements ()
{
  for (int op = 0; op <= GM_BIN_MIN; op++) {
    if (op == GM_BIN_POW)
      continue;
    for (int mix = 0; mix < 3; mix++) {
      const bool ac = mix != 2, bc = mix != 1;
      int64_t bad = 0;
      for (int i = 0; i < 200000; i++) {
        R ar, ai, br, bi;
        draw (&ar, &ai);
        draw (&br, &bi);
        if (!ac) ai = 0;
        if (!bc) bi = 0;
        gm_cx::Cplx<R> z;
        bool t = false, tr = false, near_tie = false;
        C<R> zr;
        const bool l1 = gm_cx::binary_element (op, ar, ai, ac, br, bi, bc, &z, &t);
        const bool l2 = reference (op, C<R> (ar, ai), ac, C<R> (br, bi), bc, &zr, &tr, &near_tie);
        if (l1 != l2 || (l1 ? t != tr : !(same (z.re, zr.real ()) && same (z.im, zr.imag ()))))
          bad++;
      }
      tu_result (bad == 0, "host %s %s %s %s: %lld of 200000 differ", sizeof (R) == 4 ? "single"
                 : "double", ac ? "complex" : "real", op_text (op), bc ? "complex" : "real",
                 (long long) bad);
    }
  }
}

/* ---- one binary case ---------------------------------------------------------------------- */
struct Shape { int nd; int64_t d[4]; };

static int64_t numel (const Shape& s)
{
  int64_t n = 1;
  for (int k = 0; k < s.nd; k++)
    n *= s.d[k];
  return n;
}

template <typename R> static gm_class real_cls () { return sizeof (R) == 4 ? GM_SINGLE : GM_DOUBLE; }
template <typename R> static gm_class cplx_cls () { return sizeof (R) == 4 ? GM_COMPLEX_SINGLE : GM_COMPLEX_DOUBLE; }

template <typename R> static void *upload (const std::vector<R>& v)
{
  void *d = NULL;
  if (v.empty ())
    return NULL;
  TU_CUDA (cudaMalloc (&d, v.size () * sizeof (R)));
  TU_CUDA (cudaMemcpy (d, v.data (), v.size () * sizeof (R), cudaMemcpyHostToDevice));
  return d;
}

static const char *op_text (int op)
{
  static const char *t[] = {"+", "-", ".*", "./", ".^", "<", "<=", ">", ">=", "==", "~=", "max", "min"};
  return op >= 0 && op <= GM_BIN_MIN ? t[op] : "?";
}

template <typename R>
static void run_binary (int op, bool ac, bool bc, const Shape& sa, const Shape& sb)
{
  int nd;
  int64_t od[GM_MAX_DIMS];
  TU_GM (gm_broadcast_dims (sa.nd, sa.d, sb.nd, sb.d, &nd, od));
  int64_t n = 1;
  for (int k = 0; k < nd; k++)
    n *= od[k];
  const int64_t na = numel (sa), nb = numel (sb);
  std::vector<R> ha (na * (ac ? 2 : 1)), hb (nb * (bc ? 2 : 1));
  for (int64_t i = 0; i < na; i++) {
    R re, im;
    draw (&re, &im);
    if (ac) { ha[2 * i] = re; ha[2 * i + 1] = im; } else ha[i] = re;
  }
  for (int64_t i = 0; i < nb; i++) {
    R re, im;
    draw (&re, &im);
    if (bc) { hb[2 * i] = re; hb[2 * i + 1] = im; } else hb[i] = re;
  }
  const bool logical = gm_binop_describe ((gm_binop) op)->logical_result;
  const size_t out_bytes = n * (logical ? 1 : 2 * sizeof (R));
  void *da = upload (ha), *db = upload (hb), *dout = NULL;
  if (n > 0) {
    TU_CUDA (cudaMalloc (&dout, out_bytes));
    TU_CUDA (cudaMemset (dout, 0xff, out_bytes));   /* poison: every element must be written */
  }
  const gm_status st = gm_complex_binary ((gm_binop) op, ac ? cplx_cls<R> () : real_cls<R> (),
                                         sa.nd, sa.d, da, bc ? cplx_cls<R> () : real_cls<R> (),
                                         sb.nd, sb.d, db, dout, 0);
  std::vector<unsigned char> out (out_bytes);
  if (st == GM_OK && n > 0)
    TU_CUDA (cudaMemcpy (out.data (), dout, out_bytes, cudaMemcpyDeviceToHost));
  int64_t bad = 0, first = -1;
  if (st == GM_OK) {
    /* strides of each operand along the result's dimensions */
    int64_t stra[GM_MAX_DIMS], strb[GM_MAX_DIMS], pa = 1, pb = 1;
    for (int k = 0; k < nd; k++) {
      const int64_t a_k = k < sa.nd ? sa.d[k] : 1, b_k = k < sb.nd ? sb.d[k] : 1;
      stra[k] = a_k == 1 ? 0 : pa;
      strb[k] = b_k == 1 ? 0 : pb;
      pa *= a_k;
      pb *= b_k;
    }
    for (int64_t i = 0; i < n; i++) {
      int64_t r = i, ia = 0, ib = 0;
      for (int k = 0; k < nd; k++) {
        const int64_t c = r % od[k];
        r /= od[k];
        ia += c * stra[k];
        ib += c * strb[k];
      }
      const C<R> a = ac ? C<R> (ha[2 * ia], ha[2 * ia + 1]) : C<R> (ha[ia], (R) 0);
      const C<R> b = bc ? C<R> (hb[2 * ib], hb[2 * ib + 1]) : C<R> (hb[ib], (R) 0);
      C<R> z;
      bool t = false, near_tie = false;
      bool ok;
      if (reference (op, a, ac, b, bc, &z, &t, &near_tie)) {
        ok = out[i] == (unsigned char) t || (near_tie && out[i] <= 1);
      } else {
        R g[2];
        memcpy (g, out.data () + i * 2 * sizeof (R), sizeof g);
        ok = same (g[0], z.real ()) && same (g[1], z.imag ());
      }
      if (!ok && bad++ == 0)
        first = i;
    }
  }
  char da_t[64], db_t[64];
  snprintf (da_t, sizeof da_t, "%lldx%lldx%lld", (long long) sa.d[0], (long long) (sa.nd > 1 ? sa.d[1] : 1), (long long) (sa.nd > 2 ? sa.d[2] : 1));
  snprintf (db_t, sizeof db_t, "%lldx%lldx%lld", (long long) sb.d[0], (long long) (sb.nd > 1 ? sb.d[1] : 1), (long long) (sb.nd > 2 ? sb.d[2] : 1));
  tu_result (st == GM_OK && bad == 0, "%s %s %s (%s) %s %s (%s): status %d (%s), %lld of %lld "
             "elements differ, the first at %lld", sizeof (R) == 4 ? "single" : "double",
             ac ? "complex" : "real", da_t, op_text (op), bc ? "complex" : "real", db_t, (int) st,
             st == GM_OK ? "" : gm_error_detail (), (long long) bad, (long long) n,
             (long long) first);
  cudaFree (da);
  cudaFree (db);
  cudaFree (dout);
}

template <typename R> static void test_binary ()
{
  const int64_t big = quick ? 100003 : 1000003;
  const Shape pairs[][2] = {
    {{2, {0, 0}}, {2, {0, 0}}}, {{2, {1, 1}}, {2, {1, 1}}}, {{2, {1, 2}}, {2, {1, 2}}},
    {{2, {7, 1}}, {2, {7, 1}}}, {{2, {31, 257}}, {2, {31, 257}}}, {{1, {big}}, {1, {big}}},
    {{2, {1, 1}}, {2, {257, 3}}}, {{2, {257, 3}}, {2, {1, 1}}}, {{0, {0}}, {2, {31, 1}}},
    {{2, {1, 0}}, {2, {3, 1}}}, {{2, {1, 5}}, {2, {7, 1}}}, {{2, {7, 1}}, {2, {1, 5}}},
    {{3, {4, 1, 3}}, {3, {1, 5, 1}}}, {{4, {2, 3, 1, 2}}, {3, {2, 1, 4}}},
    {{2, {1, 1}}, {1, {big}}}, {{2, {257, 31}}, {2, {1, 31}}}, {{2, {257, 31}}, {2, {257, 1}}}};
  for (int op = 0; op <= GM_BIN_MIN; op++) {
    if (op == GM_BIN_POW)
      continue;
    for (int mix = 0; mix < 3; mix++)
      for (const auto& p : pairs) {
        if (quick && numel (p[0]) * numel (p[1]) > 4 * big && mix > 0)
          continue;
        run_binary<R> (op, mix != 2, mix != 1, p[0], p[1]);
      }
  }
}

/* ---- unary -------------------------------------------------------------------------------- */
template <typename R> static void run_unary (int op, int64_t n)
{
  std::vector<R> h (2 * n);
  for (int64_t i = 0; i < n; i++)
    draw (&h[2 * i], &h[2 * i + 1]);
  const int kind = gm_complex_unop_result ((gm_complex_unop) op);
  const size_t eb = kind == 0 ? 2 * sizeof (R) : kind == 1 ? sizeof (R) : 1;
  void *dx = upload (h), *dout = NULL;
  if (n > 0) {
    TU_CUDA (cudaMalloc (&dout, n * eb));
    TU_CUDA (cudaMemset (dout, 0xff, n * eb));
  }
  const gm_status st = gm_complex_unary ((gm_complex_unop) op, cplx_cls<R> (), n, dx, dout, 0);
  std::vector<unsigned char> out (n * eb);
  if (st == GM_OK && n > 0)
    TU_CUDA (cudaMemcpy (out.data (), dout, n * eb, cudaMemcpyDeviceToHost));
  int64_t bad = 0, first = -1;
  for (int64_t i = 0; st == GM_OK && i < n; i++) {
    const C<R> x (h[2 * i], h[2 * i + 1]);
    R g[2] = {0, 0};
    memcpy (g, out.data () + i * eb, kind == 2 ? 0 : eb);
    const unsigned char l = out[i * eb];
    bool ok;
    switch (op) {
    case GM_CUN_NEG: ok = same (g[0], -x.real ()) && same (g[1], -x.imag ()); break;
    case GM_CUN_CONJ: ok = same (g[0], x.real ()) && same (g[1], -x.imag ()); break;
    case GM_CUN_REAL: ok = same (g[0], x.real ()); break;
    case GM_CUN_IMAG: ok = same (g[0], x.imag ()); break;
    case GM_CUN_ABS: ok = same (g[0], std::abs (x)); break;
    case GM_CUN_ARG: ok = ulps (g[0], std::arg (x)) <= 4; break;
    case GM_CUN_SIGN: {
      const R t = std::abs (x);
      const C<R> s = t == 0 ? C<R> (0, 0) : x / t;
      ok = same (g[0], s.real ()) && same (g[1], s.imag ());
      break;
    }
    case GM_CUN_ISNAN: ok = l == (isnan (x.real ()) || isnan (x.imag ())); break;
    case GM_CUN_ISINF: ok = l == (isinf (x.real ()) || isinf (x.imag ())); break;
    case GM_CUN_ISFINITE: ok = l == (isfinite (x.real ()) && isfinite (x.imag ())); break;
    default: ok = l == (x.real () == 0 && x.imag () == 0); break;
    }
    if (!ok && bad++ == 0)
      first = i;
  }
  tu_result (st == GM_OK && bad == 0, "%s %s of %lld elements: status %d, %lld differ, the "
             "first at %lld", sizeof (R) == 4 ? "single" : "double",
             gm_complex_unop_name ((gm_complex_unop) op), (long long) n, (int) st,
             (long long) bad, (long long) first);
  cudaFree (dx);
  cudaFree (dout);
}

template <typename R> static void test_unary ()
{
  const int64_t counts[] = {0, 1, 257, quick ? 100003 : 1000003};
  for (int op = 0; op < GM_CUN_COUNT; op++)
    for (int64_t n : counts)
      run_unary<R> (op, n);
}

/* ---- argument errors ---------------------------------------------------------------------- */
static void test_api ()
{
  const int64_t d2[2] = {2, 2}, d3[2] = {3, 1};
  double *d = NULL;
  TU_CUDA (cudaMalloc (&d, 64 * sizeof (double)));
  tu_result (gm_complex_binary (GM_BIN_POW, GM_COMPLEX_DOUBLE, 2, d2, d, GM_DOUBLE, 2, d2, d, d,
                                0) == GM_ERR_INVALID_ARGUMENT, "power has no complex kernel");
  tu_result (gm_complex_binary (GM_BIN_ADD, GM_DOUBLE, 2, d2, d, GM_DOUBLE, 2, d2, d, d, 0)
             == GM_ERR_INVALID_ARGUMENT, "two real operands refused");
  tu_result (gm_complex_binary (GM_BIN_ADD, GM_COMPLEX_DOUBLE, 2, d2, d, GM_SINGLE, 2, d2, d, d,
                                0) == GM_ERR_INVALID_ARGUMENT, "mixed precision refused");
  tu_result (gm_complex_binary (GM_BIN_ADD, GM_COMPLEX_DOUBLE, 2, d2, d, GM_INT8, 2, d2, d, d, 0)
             == GM_ERR_INVALID_ARGUMENT, "integer operand refused");
  const gm_status st = gm_complex_binary (GM_BIN_ADD, GM_COMPLEX_DOUBLE, 2, d2, d,
                                          GM_COMPLEX_DOUBLE, 2, d3, d, d, 0);
  tu_result (st == GM_ERR_INVALID_ARGUMENT
             && strstr (gm_error_detail (), "nonconformant arguments (op1 is 2x2, op2 is 3x1)"),
             "nonconformant message: %s", gm_error_detail ());
  tu_result (gm_complex_binary (GM_BIN_ADD, GM_COMPLEX_DOUBLE, 2, d2, NULL, GM_DOUBLE, 2, d2, d,
                                d, 0) == GM_ERR_INVALID_ARGUMENT, "NULL operand refused");
  tu_result (gm_complex_binop_supported (GM_BIN_MOD) == 0 && gm_complex_binop_supported (GM_BIN_MIN),
             "gm_complex_binop_supported");
  tu_result (gm_complex_unary (GM_CUN_COUNT, GM_COMPLEX_DOUBLE, 4, d, d, 0)
             == GM_ERR_INVALID_ARGUMENT, "unknown unary op refused");
  tu_result (gm_complex_unary (GM_CUN_ABS, GM_DOUBLE, 4, d, d, 0) == GM_ERR_INVALID_ARGUMENT,
             "real class refused by the unary ops");
  tu_result (gm_complex_unary (GM_CUN_ABS, GM_COMPLEX_DOUBLE, -1, d, d, 0)
             == GM_ERR_INVALID_ARGUMENT, "negative count refused");
  tu_result (gm_complex_unary (GM_CUN_ABS, GM_COMPLEX_DOUBLE, 0, NULL, NULL, 0) == GM_OK,
             "0 elements need no pointers");
  tu_result (gm_complex_unop_name (GM_CUN_COUNT) == NULL
             && !strcmp (gm_complex_unop_name (GM_CUN_ARG), "arg")
             && gm_complex_unop_result (GM_CUN_NOT) == 2, "names and result kinds");
  TU_CUDA (cudaDeviceSynchronize ());
  cudaFree (d);
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  tu_seed (20261128);
  test_host_elements<double> ();
  test_host_elements<float> ();
  if (!tu_gpu_or_skip (PROGRAM))
    return tu_finish (PROGRAM);
  test_api ();
  test_binary<double> ();
  test_binary<float> ();
  test_unary<double> ();
  test_unary<float> ();
  TU_CUDA (cudaDeviceSynchronize ());
  return tu_finish (PROGRAM);
}
