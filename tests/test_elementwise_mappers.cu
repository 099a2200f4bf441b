/* test_elementwise_mappers.cu: kernels/elementwise_mappers.cu's mappers (gm_unary from floor
 * on: floor ... cbrt, isnan, isinf, isfinite) and its queries (gm_unary_needs_complex,
 * gm_any_nan) against host references in C, in the class the device computes in (float
 * functions for single, as Octave calls std::sin (float)).  (-x, abs, sqrt, exp and log are
 * test_elementwise.cu's.)
 *
 *   test_elementwise_mappers            every case
 *   test_elementwise_mappers --quick    without the multi-million-element arrays
 *
 * What is checked, for double and single, counts 0 to ~3 million, input and output aligned and
 * one element off (the scalar path), a poisoned element past the output's end untouched:
 *  - exact, bit for bit (NaN: any NaN): floor, ceil, round, fix, sign, isnan, isinf, isfinite
 *    and gamma's special values (+-0, negative integers, -Inf, NaN, 2^52 + 1's neighbours,
 *    where Octave's x_nint test decides), against Octave's own definitions (lo-mappers.h,
 *    lo-specfun.cc) written out here;
 *  - within ulps, against the host's libm (glibc), inside each op's real domain (outside it the
 *    gateway takes Octave's complex route): CUDA's documented maximum error (CUDA C++
 *    Programming Guide, Mathematical Functions; gpumat.h lists them) plus glibc's (its manual's
 *    "Known Maximum Errors in Math Functions", x86_64), rounded up: see tol_ulps ().  lgamma
 *    near its zeros (1, 2 and the negative ones) has no relative accuracy on either side: there
 *    an absolute 64 eps is allowed too; inside (-23, -2.26) (single: (-10, -2.26)) CUDA
 *    documents no lgamma bound, and 2^-30 (2^-12) relative or absolute is asked;
 *  - gm_unary_needs_complex per domain (the flag against the host's rule, Octave's rc_* mappers
 *    and lgamma_r's sign), gm_any_nan, gm_unop_describe's rows, and the errors.
 * On the CPU stand-in (tests/cpu-standin/run_elementwise.sh) the device libm is the host's, so
 * the ulp checks read 0 there; test_queries is left out (its block-wide OR).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <float.h>
#include <math.h>
#include <string.h>
#include <vector>
#include "test_util.h"

static bool quick;

/* The inputs: specials that decide the exact ops, then uniform values in [-8, 8) and values
   of magnitude 2^-30 .. 2^30, both signs. */
static std::vector<double> make_inputs (int64_t n, bool single)
{
  static const double specials[] = {
      NAN, INFINITY, -INFINITY, 0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, -0.4, 0.4, 1.0,
      -1.0, 2.0, -2.0, 3.0, -3.0, 1e300, -1e300, 1e-300, -1e-300, 4503599627370497.0,
      -4503599627370497.0, 4503599627370496.5, -4503599627370495.5, 0.49999999999999994,
      -0.49999999999999994, 8388609.0, -8388609.0, 8388608.5, 170.5, 171.7, -170.5, 1e-40,
      -1e-40, 0.99999, -1.00001, 1.00001, -0.99999};
  const size_t ns = sizeof specials / sizeof specials[0];
  std::vector<double> v ((size_t) n);
  for (int64_t i = 0; i < n; i++) {
    double x;
    if ((size_t) i < ns)
      x = specials[i];
    else if (tu_next () % 8 == 0)
      x = specials[tu_next () % ns];
    else if (tu_next () % 2)
      x = 8.0 * tu_uniform ();
    else
      x = (tu_next () % 2 ? 1 : -1) * ldexp (1.0 + fabs (tu_uniform ()), (int) tu_randint (-30, 30));
    v[(size_t) i] = single ? (double) (float) x : x;
  }
  return v;
}

/* Octave's gamma (lo-specfun.cc) and signum (lo-mappers.h), and the x_nint they use. */
template <typename T> static T x_nint (T x) { return isfinite (x) ? floor (x + (T) 0.5) : x; }
template <typename T> static T octave_gamma (T x)
{
  if (x == 0)
    return signbit (x) ? (T) -INFINITY : (T) INFINITY;
  if ((x < 0 && x_nint (x) == x) || isinf (x))
    return (T) INFINITY;
  if (isnan (x))
    return (T) NAN;
  return tgamma (x);
}
template <typename T> static T octave_signum (T x)
{
  T tmp = 0;
  if (x < 0)
    tmp = -1;
  else if (x > 0)
    tmp = 1;
  return isnan (x) ? (T) NAN : tmp;
}

/* The host's result of op in class T. */
template <typename T> static double ref (gm_unop op, T x)
{
  switch (op) {
  case GM_UN_FLOOR: return floor (x);
  case GM_UN_CEIL: return ceil (x);
  case GM_UN_ROUND: return round (x);
  case GM_UN_FIX: return trunc (x);
  case GM_UN_SIGN: return octave_signum (x);
  case GM_UN_SIN: return sin (x);
  case GM_UN_COS: return cos (x);
  case GM_UN_TAN: return tan (x);
  case GM_UN_ASIN: return asin (x);
  case GM_UN_ACOS: return acos (x);
  case GM_UN_ATAN: return atan (x);
  case GM_UN_SINH: return sinh (x);
  case GM_UN_COSH: return cosh (x);
  case GM_UN_TANH: return tanh (x);
  case GM_UN_ASINH: return asinh (x);
  case GM_UN_ACOSH: return acosh (x);
  case GM_UN_ATANH: return atanh (x);
  case GM_UN_LOG2: return log2 (x);
  case GM_UN_LOG10: return log10 (x);
  case GM_UN_LOG1P: return log1p (x);
  case GM_UN_EXPM1: return expm1 (x);
  case GM_UN_GAMMA: return octave_gamma (x);
  case GM_UN_LGAMMA: return lgamma (x);
  case GM_UN_ERF: return erf (x);
  case GM_UN_ERFC: return erfc (x);
  case GM_UN_CBRT: return cbrt (x);
  case GM_UN_ISNAN: return isnan (x);
  case GM_UN_ISINF: return isinf (x);
  case GM_UN_ISFINITE: return isfinite (x);
  default: return NAN;
  }
}

/* Octave's result for x is complex (the rc_* mappers' tests; lgamma_r's sign -1). */
static bool outside (gm_domain d, double x)
{
  switch (d) {
  case GM_DOMAIN_NONNEG: return x < 0;
  case GM_DOMAIN_UNIT: return fabs (x) > 1;
  case GM_DOMAIN_GE_ONE: return x < 1;
  case GM_DOMAIN_GE_MINUS_ONE: return x < -1;
  case GM_DOMAIN_GAMMA_SIGN: {
    int sign = 1;
    (void) lgamma_r (x, &sign);
    return sign < 0;
  }
  default: return false;
  }
}

/* Allowed ulps: CUDA's maximum (double / single) plus glibc's, rounded up; 0 for the exact
   ops.  gamma's finite results: tgamma 10 / 5 plus glibc's 9 / 8 (glibc 2.35 manual). */
static double tol_ulps (gm_unop op, bool single)
{
  switch (op) {
  case GM_UN_SIN: case GM_UN_COS: return single ? 4 : 3;
  case GM_UN_TAN: return single ? 6 : 4;
  case GM_UN_ASIN: case GM_UN_ACOS: case GM_UN_ATAN: return single ? 4 : 3;
  case GM_UN_SINH: case GM_UN_COSH: case GM_UN_TANH: return single ? 5 : 4;
  case GM_UN_ASINH: case GM_UN_ACOSH: case GM_UN_ATANH: return single ? 6 : 5;
  case GM_UN_LOG2: case GM_UN_LOG1P: case GM_UN_EXPM1: return single ? 3 : 3;
  case GM_UN_LOG10: return single ? 4 : 3;
  case GM_UN_GAMMA: return single ? 14 : 20;
  case GM_UN_LGAMMA: return single ? 14 : 10;
  case GM_UN_ERF: return single ? 4 : 3;
  case GM_UN_ERFC: return single ? 9 : 10;
  case GM_UN_CBRT: return single ? 3 : 4;
  default: return 0;
  }
}

/* CUDA's lgamma bound (4 ulp double, 6 single) holds outside (-23.0001, -2.2637) in double and
   (-10.001, -2.264) in single; inside, CUDA states none. */
static bool lgamma_unbounded (bool single, double x)
{
  return single ? x > -10.001 && x < -2.264 : x > -23.0001 && x < -2.2637;
}

/* Units in the last place between x and y in class cls (0 when equal or both NaN; huge when
   only one is NaN or infinities differ). */
static double ulps (bool single, double x, double y)
{
  if (isnan (x) || isnan (y))
    return isnan (x) && isnan (y) ? 0 : 1e30;
  if (x == y)
    return 0;
  if (isinf (x) || isinf (y))
    return 1e30;
  if (single) {
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
  const uint64_t d = ix > iy ? (uint64_t) ix - (uint64_t) iy : (uint64_t) iy - (uint64_t) ix;
  return (double) d;
}

static bool same_bits (bool single, double x, double y)
{
  if (isnan (x) || isnan (y))
    return isnan (x) && isnan (y);
  if (single) {
    const float fx = (float) x, fy = (float) y;
    return memcmp (&fx, &fy, 4) == 0;
  }
  return memcmp (&x, &y, 8) == 0;
}

static void test_mappers (void)
{
  const int64_t counts[] = {0, 1, 3, 17, 1000, 1000003, 3000017};
  for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
    if (quick && counts[k] > 2000000)
      continue;
    for (int c = 0; c < 2; c++) {
      const bool single = c == 1;
      const gm_class cls = single ? GM_SINGLE : GM_DOUBLE;
      const size_t es = gm_class_size (cls);
      const int64_t n = counts[k];
      const std::vector<double> x = make_inputs (n, single);
      std::vector<unsigned char> hin ((size_t) n * es + 1);
      for (int64_t i = 0; i < n; i++) {
        if (single) {
          const float f = (float) x[(size_t) i];
          memcpy (&hin[(size_t) i * es], &f, 4);
        } else
          memcpy (&hin[(size_t) i * es], &x[(size_t) i], 8);
      }
      for (int op = GM_UN_FLOOR; op < GM_UN_COUNT; op++)
        for (int off = 0; off < 2; off++) {
          const gm_unop_info *info = gm_unop_describe ((gm_unop) op);
          const size_t eo = info->logical_result ? 1 : es;
          void *ba, *bo;
          TU_CUDA (cudaMalloc (&ba, ((size_t) n + 2) * es));
          TU_CUDA (cudaMalloc (&bo, ((size_t) n + 2) * eo));
          char *din = (char *) ba + off * es, *dout = (char *) bo + off * eo;
          if (n > 0)
            TU_CUDA (cudaMemcpy (din, hin.data (), (size_t) n * es, cudaMemcpyHostToDevice));
          TU_CUDA (cudaMemset (bo, 0xff, ((size_t) n + 2) * eo));
          const gm_status st = gm_unary ((gm_unop) op, cls, n, din, dout, 0);
          TU_CUDA (cudaDeviceSynchronize ());
          std::vector<unsigned char> h (((size_t) n + 1) * eo);
          TU_CUDA (cudaMemcpy (h.data (), dout, h.size (), cudaMemcpyDeviceToHost));
          const double tol = tol_ulps ((gm_unop) op, single);
          int64_t bad = 0, first = -1;
          double worst = 0;
          for (int64_t i = 0; i < n; i++) {
            const double xi = x[(size_t) i];
            if (outside (info->domain, xi))
              continue;                       /* Octave's complex route, not this kernel's */
            const double want = single ? ref<float> ((gm_unop) op, (float) xi)
                                       : ref<double> ((gm_unop) op, xi);
            bool ok;
            if (info->logical_result)
              ok = h[(size_t) i] == (unsigned char) want;
            else {
              const double got = tu_get (cls, h.data (), (size_t) i);
              if (tol == 0 || isinf (want) || isnan (want))
                ok = same_bits (single, got, want);
              else {
                const double u = ulps (single, got, want);
                if (op == GM_UN_LGAMMA && lgamma_unbounded (single, xi))
                  /* CUDA documents no bound here: a relative or absolute 2^-30 (double),
                     2^-12 (single) */
                  ok = fabs (got - want) <= ldexp (fmax (1.0, fabs (want)), single ? -12 : -30);
                else {
                  worst = u > worst ? u : worst;
                  ok = u <= tol || (op == GM_UN_LGAMMA
                                    && fabs (got - want)
                                           <= 64 * (single ? FLT_EPSILON : DBL_EPSILON));
                }
              }
            }
            if (!ok && bad++ == 0)
              first = i;
          }
          bool past_ok = true;
          for (size_t b = 0; b < eo; b++)
            past_ok = past_ok && h[(size_t) n * eo + b] == 0xff;
          if (bad)
            tu_result (0, "%s (%s) count %lld offset %d: %lld wrong, first x = %.17g got %.17g",
                       info->name, single ? "s" : "d", (long long) n, off, (long long) bad,
                       x[(size_t) first], info->logical_result ? (double) h[(size_t) first]
                                                               : tu_get (cls, h.data (),
                                                                         (size_t) first));
          tu_result (st == GM_OK && bad == 0, "%s (%s) count %lld offset %d: status %d",
                     info->name, single ? "s" : "d", (long long) n, off, (int) st);
          tu_result (past_ok, "%s count %lld: wrote past the end", info->name, (long long) n);
          if (worst > 0 && n > 1000)
            printf ("  %s (%s): worst %.0f ulp (allowed %.0f)\n", info->name, single ? "s" : "d",
                    worst, tol);
          cudaFree (ba);
          cudaFree (bo);
        }
    }
  }
}

static int read_flag (int *d_flag)
{
  int h = -1;
  TU_CUDA (cudaMemcpy (&h, d_flag, sizeof h, cudaMemcpyDeviceToHost));
  return h;
}

/* gm_unary_needs_complex and gm_any_nan: the flag against the host's rule, with the one element
   that sets it at the start, the middle or the end, and none. */
static void test_queries (void)
{
  int *d_flag;
  TU_CUDA (cudaMalloc (&d_flag, sizeof (int)));
  const int64_t n = quick ? 100003 : 1000003;
  for (int c = 0; c < 2; c++) {
    const bool single = c == 1;
    const gm_class cls = single ? GM_SINGLE : GM_DOUBLE;
    const size_t es = gm_class_size (cls);
    for (int op = 0; op <= GM_UN_COUNT; op++) {      /* GM_UN_COUNT: gm_any_nan */
      const gm_domain d = op < GM_UN_COUNT ? gm_unop_describe ((gm_unop) op)->domain
                                           : GM_DOMAIN_ALL;
      for (int where = 0; where < 4; where++) {
        /* inside every domain: [1.25, 2) has real results for all ops; NaN only for where */
        std::vector<double> x ((size_t) n);
        for (auto &v : x)
          v = 1.25 + 0.75 * fabs (tu_uniform ()) * 0.99;
        static const double bad_of[] = {-0.0, -1.0, 2.0, 0.5, -2.0, -0.5};
        double probe = NAN;
        switch (d) {            /* a value just outside the domain */
        case GM_DOMAIN_NONNEG: probe = -1e-30; break;
        case GM_DOMAIN_UNIT: probe = 1.0000001; break;
        case GM_DOMAIN_GE_ONE: probe = 0.5; break;
        case GM_DOMAIN_GE_MINUS_ONE: probe = -1.0000001; break;
        case GM_DOMAIN_GAMMA_SIGN: probe = bad_of[tu_next () % 2 ? 0 : 5]; break;
        default: probe = op == GM_UN_COUNT ? NAN : -1e300; break;   /* ALL: never set */
        }
        const int64_t at = where == 0 ? 0 : where == 1 ? n / 2 : n - 1;
        if (where < 3)
          x[(size_t) at] = probe;
        std::vector<unsigned char> hin ((size_t) n * es);
        for (int64_t i = 0; i < n; i++) {
          if (single) {
            const float f = (float) x[(size_t) i];
            memcpy (&hin[(size_t) i * es], &f, 4);
          } else
            memcpy (&hin[(size_t) i * es], &x[(size_t) i], 8);
        }
        int want = 0;
        for (int64_t i = 0; i < n && !want; i++) {
          const double xi = single ? (double) (float) x[(size_t) i] : x[(size_t) i];
          want = op == GM_UN_COUNT ? isnan (xi) : outside (d, xi);
        }
        void *din;
        TU_CUDA (cudaMalloc (&din, (size_t) n * es));
        TU_CUDA (cudaMemcpy (din, hin.data (), hin.size (), cudaMemcpyHostToDevice));
        TU_CUDA (cudaMemset (d_flag, 0x7f, sizeof (int)));    /* must be overwritten */
        const gm_status st = op == GM_UN_COUNT
                                 ? gm_any_nan (cls, n, din, d_flag, 0)
                                 : gm_unary_needs_complex ((gm_unop) op, cls, n, din, d_flag, 0);
        const int got = read_flag (d_flag);
        tu_result (st == GM_OK && got == want, "%s query (%s) case %d: status %d, flag %d, want %d",
                   op == GM_UN_COUNT ? "any_nan" : gm_unop_name ((gm_unop) op),
                   single ? "s" : "d", where, (int) st, got, want);
        cudaFree (din);
      }
    }
  }
  cudaFree (d_flag);
}

/* The table's rows and the refusals. */
static void test_table_and_errors (void)
{
  static const char *const names[GM_UN_COUNT] = {
      "uminus", "abs", "sqrt", "exp", "log", "floor", "ceil", "round", "fix", "sign", "sin",
      "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
      "log2", "log10", "log1p", "expm1", "gamma", "lgamma", "erf", "erfc", "cbrt", "isnan",
      "isinf", "isfinite"};
  int ok = 1;
  for (int op = 0; op < GM_UN_COUNT; op++) {
    const gm_unop_info *info = gm_unop_describe ((gm_unop) op);
    ok = ok && info && !strcmp (info->name, names[op]) && gm_unop_name ((gm_unop) op) == info->name
         && info->logical_result == (op >= GM_UN_ISNAN);
  }
  tu_result (ok && gm_unop_describe (GM_UN_COUNT) == NULL && gm_unop_name (GM_UN_COUNT) == NULL,
             "gm_unop_describe: Octave's names in gm_unop's order, logical for the is* ops");
  tu_result (gm_unop_describe (GM_UN_ASIN)->domain == GM_DOMAIN_UNIT
                 && gm_unop_describe (GM_UN_ACOSH)->domain == GM_DOMAIN_GE_ONE
                 && gm_unop_describe (GM_UN_LOG1P)->domain == GM_DOMAIN_GE_MINUS_ONE
                 && gm_unop_describe (GM_UN_LOG2)->domain == GM_DOMAIN_NONNEG
                 && gm_unop_describe (GM_UN_LGAMMA)->domain == GM_DOMAIN_GAMMA_SIGN
                 && gm_unop_describe (GM_UN_GAMMA)->domain == GM_DOMAIN_ALL,
             "gm_unop_describe: domains");
  void *d;
  int *d_flag;
  TU_CUDA (cudaMalloc (&d, 64));
  TU_CUDA (cudaMalloc (&d_flag, sizeof (int)));
  tu_result (gm_unary (GM_UN_COUNT, GM_DOUBLE, 4, d, d, 0) == GM_ERR_INVALID_ARGUMENT,
             "unknown op refused");
  tu_result (gm_unary (GM_UN_SIN, GM_INT32, 4, d, d, 0) == GM_ERR_INVALID_ARGUMENT,
             "integer class refused");
  tu_result (gm_unary (GM_UN_FLOOR, GM_DOUBLE, -1, d, d, 0) == GM_ERR_INVALID_ARGUMENT,
             "negative count refused");
  tu_result (gm_unary (GM_UN_ISNAN, GM_SINGLE, 4, NULL, d, 0) == GM_ERR_INVALID_ARGUMENT,
             "NULL input with elements refused");
  tu_result (gm_unary (GM_UN_ISNAN, GM_SINGLE, 0, NULL, NULL, 0) == GM_OK,
             "no elements: nothing to do");
  tu_result (gm_unary_needs_complex (GM_UN_COUNT, GM_DOUBLE, 4, d, d_flag, 0)
                 == GM_ERR_INVALID_ARGUMENT, "needs_complex of an unknown op refused");
  tu_result (gm_unary_needs_complex (GM_UN_ASIN, GM_DOUBLE, 4, d, NULL, 0)
                 == GM_ERR_INVALID_ARGUMENT, "needs_complex without a flag refused");
  tu_result (gm_any_nan (GM_COMPLEX_DOUBLE, 4, d, d_flag, 0) == GM_ERR_INVALID_ARGUMENT,
             "any_nan of complex data refused");
  cudaFree (d);
  cudaFree (d_flag);
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_elementwise_mappers"))
    return tu_finish ("test_elementwise_mappers");
  tu_seed (20261128);
  test_table_and_errors ();
  test_mappers ();
  test_queries ();
  return tu_finish ("test_elementwise_mappers");
}
