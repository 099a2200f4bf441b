/* test_reduce.cu: kernels/reduce.cu against host references in long double (sums, norms) and
 * Octave's sequential rules (max and min with indices, the matrix norms' choice of column).
 *
 *   test_reduce            every case
 *   test_reduce --quick    without the multi-million-element shapes (for compute-sanitizer
 *                          memcheck); shapes that cut len into chunks are still reached
 *   test_reduce --race     as --quick: the kernels use warp shuffles and no shared memory
 *
 * What is checked:
 *  - gm_reduce_dims and gm_default_dim against Octave 7.3's shapes (sum (zeros (0, 3)) is 1x3,
 *    sum (zeros (3, 0)) 1x0, sum ([]) 1x1, sum ([], 2) 0x1, max (zeros (0, 3)) 0x3, dim > ndims).
 *  - gm_reduce sum, mean, max, min, double and single, over 2-D and N-d shapes along every
 *    dimension up to ndims + 1, 0-sized dimensions, prime lengths, shapes that take each kernel
 *    (red_cols, red_strided, with and without chunks and red_partials), a few million elements.
 *    Sum and mean: |got - ref| <= (len/4 + 64) * eps(class) * sum |x| (+ eps |ref| for mean's
 *    division): the longest chain of roundings in the plan is a red_strided thread's len/4 adds
 *    per accumulator plus the folds (< 64).  NaN and Inf: the same class of result.  max and min:
 *    the value's bits and the index exactly (Octave's rule is order-free, see reduce.cu).
 *  - Determinism: every large case runs twice and must give the same bits.
 *  - Norms: 1, 2, Inf, -Inf, p = 0.5, 1.5, 3 and "fro" of vectors; 1, Inf and "fro" of
 *    matrices (a NaN column first or later: Octave's RowVector::max rule); scaling
 *    (norm ([1e200 1e200]) finite, [1e-200 1e-200] not 0); relative tolerance
 *    (n/32 + 64) * eps for the sums of positive terms, + 8 eps where pow is used per element.
 *  - Errors: unknown op, dim 0, too many dims, complex class, missing workspace, NULL data,
 *    p <= 0, the matrix 2-norm.
 *
 * Version history: v1, the first version.  v2 (this), after its first GPU run (H100): a single
 * norm whose true value passes realmax ("single") is Inf, as Octave's own (close_in_class; v1
 * wanted 4.4e39 from a single norm).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <float.h>
#include <vector>
#include "test_util.h"

static int quick;

static int64_t numel (int nd, const int64_t *dims)
{
  int64_t n = 1;
  for (int d = 0; d < nd; d++)
    n *= dims[d];
  return n;
}

/* Values in [-1, 1) with specials 1 in `every` (0: none), exactly representable in cls. */
static std::vector<double> make_values (gm_class cls, int64_t n, int every)
{
  static const double sp[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0, 1.0, -1.0, 0.5};
  std::vector<double> v ((size_t) n);
  for (int64_t i = 0; i < n; i++) {
    double x = every && tu_next () % (uint64_t) every == 0 ? sp[tu_next () % 8] : tu_uniform ();
    v[(size_t) i] = cls == GM_SINGLE ? (double) (float) x : x;
  }
  return v;
}

/* Within tol of the long double reference: NaN with NaN, an infinity with the same one. */
/* The longest chain of additions any element goes through in reduce.cu's partition of a
   pre x len x post reduction (mirrors its make_plan and constants): within a chunk, an
   accumulator of 4 per thread (red_strided) or per lane (red_cols: 32 lanes), then the 4
   combined (2) and, in red_cols, a 5-level shuffle tree; across chunks, each lane of
   red_partials sums ceil (nchunk / 32) chunks in order, then the tree (5).  A sum's error is at
   most this many roundings of sum |x| (first order): the tests' bound, a few units above. */
static int64_t chain_bound (int64_t pre, int64_t len, int64_t post)
{
  const int64_t TARGET_WARPS = 132 * 64, TARGET_THREADS = TARGET_WARPS * 32;
  auto cdiv = [] (int64_t a, int64_t b) { return (a + b - 1) / b; };
  if (pre <= 0 || len <= 0 || post <= 0)
    return 1;
  const bool cols = pre == 1 && len >= 64;
  int64_t n, chunk, chain;
  if (cols) {
    n = std::max<int64_t> (1, std::min (cdiv (TARGET_WARPS, post), cdiv (len, 4096)));
    chunk = cdiv (cdiv (len, n), 128) * 128;
    chain = cdiv (chunk, 128) + 2 + 5;
  } else {
    n = std::max<int64_t> (1, std::min (cdiv (TARGET_THREADS, pre * post), cdiv (len, 64)));
    chunk = cdiv (cdiv (len, n), 4) * 4;
    chain = cdiv (chunk, 4) + 2;
  }
  const int64_t nchunk = cdiv (len, chunk);
  if (nchunk > 1)
    chain += cdiv (nchunk, 32) + 5;
  return chain;
}

static bool close_to (double got, long double ref, long double tol)
{
  if (isnan (ref))
    return isnan (got);
  if (isinf (ref))
    return got == (double) ref;
  return !isnan (got) && fabsl ((long double) got - ref) <= tol;
}

/* close_to for a result of class cls: a true value past the class's largest finite number
   overflows to Inf, as Octave's own single norm does (norm (single (...), 0.5) of 1e5 values near
   1e30 is 4e39 > realmax ("single")); within tol of that number either answer is right. */
static bool close_in_class (double got, long double ref, long double tol, gm_class cls)
{
  const long double largest = cls == GM_SINGLE ? FLT_MAX : DBL_MAX;
  if (isinf (got) && !isinf (ref) && !isnan (ref))
    return got > 0 && ref + tol > largest;
  return close_to (got, ref, tol);
}

/* ---- gm_reduce_dims --------------------------------------------------------------------- */
static void test_dims (void)
{
  struct { gm_reduce_op op; int nd; int64_t dims[4]; int dim; int ndo; int64_t want[4]; } c[] = {
      {GM_RED_SUM, 2, {0, 3}, 1, 2, {1, 3}},   {GM_RED_SUM, 2, {3, 0}, 1, 2, {1, 0}},
      {GM_RED_SUM, 2, {0, 0}, 1, 2, {1, 1}},   {GM_RED_SUM, 2, {0, 0}, 2, 2, {0, 1}},
      {GM_RED_MEAN, 2, {0, 3}, 1, 2, {1, 3}},  {GM_RED_MAX, 2, {0, 3}, 1, 2, {0, 3}},
      {GM_RED_MAX, 2, {0, 0}, 1, 2, {0, 0}},   {GM_RED_MIN, 2, {3, 0}, 2, 2, {3, 0}},
      {GM_RED_SUM, 2, {2, 3}, 3, 2, {2, 3}},   {GM_RED_SUM, 3, {2, 3, 4}, 3, 2, {2, 3}},
      {GM_RED_SUM, 3, {2, 3, 4}, 2, 3, {2, 1, 4}}, {GM_RED_MAX, 2, {7, 13}, 1, 2, {1, 13}},
      {GM_RED_SUM, 0, {0}, 1, 2, {1, 1}},
  };
  for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
    int nd = -1;
    int64_t out[GM_MAX_DIMS];
    const gm_status st = gm_reduce_dims (c[k].op, c[k].nd, c[k].dims, c[k].dim, &nd, out);
    bool ok = st == GM_OK && nd == c[k].ndo;
    for (int d = 0; ok && d < nd; d++)
      ok = out[d] == c[k].want[d];
    tu_result (ok, "gm_reduce_dims case %zu: status %d, nd %d", k, (int) st, nd);
  }
  const int64_t a[2] = {1, 5}, b[2] = {1, 1}, z[2] = {0, 0}, e[3] = {1, 1, 3};
  tu_result (gm_default_dim (2, a) == 2 && gm_default_dim (2, b) == 1 && gm_default_dim (2, z) == 1
                 && gm_default_dim (3, e) == 3 && gm_default_dim (0, NULL) == 1,
             "gm_default_dim");
}

/* ---- gm_reduce ---------------------------------------------------------------------------- */
static const char *op_name (gm_reduce_op op)
{
  return op == GM_RED_SUM ? "sum" : op == GM_RED_MEAN ? "mean" : op == GM_RED_MAX ? "max" : "min";
}

/* Runs gm_reduce; returns the output (and index) as host bytes.  Poisons one element past the
   end of out and checks it. */
static gm_status run_reduce (gm_reduce_op op, gm_class cls, int nd, const int64_t *dims, int dim,
                             const void *dx, int64_t nout, bool want_index,
                             std::vector<unsigned char> &out, std::vector<double> &index,
                             bool *past_ok)
{
  const size_t es = gm_class_size (cls);
  size_t wbytes = 0;
  gm_status st = gm_reduce_workspace_size (op, cls, nd, dims, dim, &wbytes);
  if (st != GM_OK)
    return st;
  void *dw = NULL, *dout;
  double *didx = NULL;
  if (wbytes)
    TU_CUDA (cudaMalloc (&dw, wbytes));
  TU_CUDA (cudaMalloc (&dout, ((size_t) nout + 1) * es));
  TU_CUDA (cudaMemset (dout, 0xff, ((size_t) nout + 1) * es));
  if (want_index)
    TU_CUDA (cudaMalloc (&didx, ((size_t) nout + 1) * sizeof (double)));
  st = gm_reduce (op, cls, nd, dims, dim, dx, dout, didx, dw, wbytes, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  out.assign (((size_t) nout + 1) * es, 0);
  TU_CUDA (cudaMemcpy (out.data (), dout, out.size (), cudaMemcpyDeviceToHost));
  index.assign ((size_t) nout, 0);
  if (want_index && nout)
    TU_CUDA (cudaMemcpy (index.data (), didx, (size_t) nout * sizeof (double),
                         cudaMemcpyDeviceToHost));
  *past_ok = true;
  for (size_t k = 0; k < es; k++)
    *past_ok = *past_ok && out[(size_t) nout * es + k] == 0xff;
  cudaFree (dw);
  cudaFree (dout);
  cudaFree (didx);
  return st;
}

static void check_reduce (gm_reduce_op op, gm_class cls, int nd, const int64_t *dims, int dim,
                          int every, bool twice)
{
  int ndo;
  int64_t odims[GM_MAX_DIMS];
  TU_GM (gm_reduce_dims (op, nd, dims, dim, &ndo, odims));
  const int64_t n = numel (nd, dims), nout = numel (ndo, odims);
  int64_t pre = 1, len = 1, post = 1;
  for (int d = 0; d < nd; d++)
    if (d < dim - 1) pre *= dims[d];
    else if (d == dim - 1) len = dims[d];
    else post *= dims[d];
  const std::vector<double> v = make_values (cls, n, every);
  void *dx = tu_upload_real (cls, v.data (), v.size ());
  const bool mm = op == GM_RED_MAX || op == GM_RED_MIN;
  std::vector<unsigned char> out, out2;
  std::vector<double> idx, idx2;
  bool past_ok;
  gm_status st = run_reduce (op, cls, nd, dims, dim, dx, nout, mm, out, idx, &past_ok);
  char what[200];
  int used = snprintf (what, sizeof what, "%s (%s) of ", op_name (op),
                       cls == GM_SINGLE ? "single" : "double");
  for (int d = 0; d < nd; d++)
    used += snprintf (what + used, sizeof what - used, d ? "x%lld" : "%lld", (long long) dims[d]);
  snprintf (what + used, sizeof what - used, " along %d", dim);
  tu_result (st == GM_OK, "%s: status %d (%s)", what, (int) st, gm_error_detail ());
  tu_result (past_ok, "%s: wrote past the end", what);
  /* A 0x0 sum is a 0x1 one (Octave); the output count decides what is compared. */
  const long double eps = tu_eps (cls);
  int64_t bad = 0, first = -1;
  for (int64_t o = 0; o < nout && st == GM_OK; o++) {
    const int64_t a = o % (pre ? pre : 1), b = o / (pre ? pre : 1);
    const double got = tu_get (cls, out.data (), (size_t) o);
    bool ok;
    if (!mm) {
      long double s = 0, sa = 0;
      for (int64_t i = 0; i < len; i++) {
        const double x = v[(size_t) (a + i * pre + b * pre * len)];
        s += x;
        sa += fabsl ((long double) x);
      }
      long double tol = (long double) (chain_bound (pre, len, post) + 4) * eps * sa;
      if (op == GM_RED_MEAN) {
        s = len ? s / len : (long double) NAN;
        tol = tol / (len ? len : 1) + eps * fabsl (s);
      }
      ok = close_to (got, s, tol);
    } else {
      /* Octave's mx_inline_max / min: the first non-NaN, then strictly better values. */
      int64_t bi = 0;
      double bv = v[(size_t) (a + b * pre * len)];
      int64_t i = 1;
      if (isnan (bv)) {
        while (i < len && isnan (v[(size_t) (a + i * pre + b * pre * len)])) i++;
        if (i < len) { bi = i; bv = v[(size_t) (a + i * pre + b * pre * len)]; }
      }
      for (; i < len; i++) {
        const double x = v[(size_t) (a + i * pre + b * pre * len)];
        if (op == GM_RED_MAX ? x > bv : x < bv) { bv = x; bi = i; }
      }
      ok = tu_same_bits (cls, got, bv) && idx[(size_t) o] == (double) (bi + 1);
    }
    if (!ok && bad++ == 0)
      first = o;
  }
  tu_result (bad == 0, "%s: %lld of %lld outputs wrong, first %lld (got %.17g)", what,
             (long long) bad, (long long) nout, (long long) first,
             first >= 0 ? tu_get (cls, out.data (), (size_t) first) : 0.0);
  if (twice) {
    st = run_reduce (op, cls, nd, dims, dim, dx, nout, mm, out2, idx2, &past_ok);
    tu_result (st == GM_OK && out == out2 && idx == idx2, "%s: a second run gave other bits",
               what);
  }
  cudaFree (dx);
}

struct Shape { int nd; int64_t dims[GM_MAX_DIMS]; bool large; };

static void test_reduce (void)
{
  const Shape shapes[] = {
      {2, {7, 13}, false},       {2, {1, 1}, false},         {2, {1, 1009}, false},
      {2, {1009, 1}, false},     {3, {3, 4, 5}, false},      {5, {2, 1, 3, 1, 5}, false},
      {2, {0, 3}, false},        {2, {3, 0}, false},         {2, {0, 0}, false},
      {3, {5, 0, 3}, false},     {2, {60013, 1}, false},     {2, {3, 20011}, false},
      {2, {4099, 37}, false},    {2, {33, 4099}, false},     {2, {1000, 300}, false},
      {2, {3000017, 1}, true},   {2, {1, 3000017}, true},    {2, {2000, 1500}, true},
      {2, {3, 1000003}, true},   {2, {100003, 3}, true},
  };
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    const Shape &sh = shapes[s];
    if (quick && sh.large)
      continue;
    const int64_t n = numel (sh.nd, sh.dims);
    for (int c = 0; c < 2; c++)
      for (int op = 0; op < GM_RED_COUNT; op++)
        for (int dim = 1; dim <= sh.nd + 1; dim++) {
          /* specials: dense in small cases (ties, NaN columns), sparse in long ones */
          const int every = n > 100000 ? 100000 : n > 1000 ? 200 : 8;
          check_reduce ((gm_reduce_op) op, c ? GM_SINGLE : GM_DOUBLE, sh.nd, sh.dims, dim, every,
                        n > 50000);
        }
  }
  /* All-NaN columns, and ties of -0 with 0, for max and min (an all-special input). */
  const int64_t d[2] = {5, 200};
  for (int c = 0; c < 2; c++)
    for (int op = GM_RED_MAX; op <= GM_RED_MIN; op++)
      for (int dim = 1; dim <= 2; dim++)
        check_reduce ((gm_reduce_op) op, c ? GM_SINGLE : GM_DOUBLE, 2, d, dim, 1, false);
  /* max without the index. */
  const std::vector<double> v = make_values (GM_DOUBLE, 100, 0);
  void *dx = tu_upload_real (GM_DOUBLE, v.data (), v.size ());
  double *dout;
  TU_CUDA (cudaMalloc (&dout, sizeof (double)));
  const int64_t dv[2] = {100, 1};
  const gm_status st = gm_reduce (GM_RED_MAX, GM_DOUBLE, 2, dv, 1, dx, dout, NULL, NULL, 0, 0);
  double got = 0;
  TU_CUDA (cudaMemcpy (&got, dout, sizeof got, cudaMemcpyDeviceToHost));
  double want = v[0];
  for (double x : v) want = x > want ? x : want;
  tu_result (st == GM_OK && got == want, "max without an index: status %d, %g vs %g", (int) st,
             got, want);
  cudaFree (dx);
  cudaFree (dout);
}

/* ---- norms -------------------------------------------------------------------------------- */
static double run_norm (bool matrix, gm_norm_kind kind, double p, gm_class cls, int64_t rows,
                        int64_t cols, const std::vector<double> &v, gm_status *st)
{
  void *dx = tu_upload_real (cls, v.data (), v.size ());
  size_t wb = 0;
  *st = matrix ? gm_matrix_norm_workspace_size (cls, rows, cols, &wb)
               : gm_vector_norm_workspace_size (cls, rows * cols, &wb);
  void *dw = NULL, *dout;
  if (wb)
    TU_CUDA (cudaMalloc (&dw, wb));
  TU_CUDA (cudaMalloc (&dout, 8));
  TU_CUDA (cudaMemset (dout, 0xff, 8));
  if (*st == GM_OK)
    *st = matrix ? gm_matrix_norm (kind, cls, rows, cols, dx, dout, dw, wb, 0)
                 : gm_vector_norm (kind, p, cls, rows * cols, dx, dout, dw, wb, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  unsigned char h[8];
  TU_CUDA (cudaMemcpy (h, dout, 8, cudaMemcpyDeviceToHost));
  cudaFree (dx);
  cudaFree (dw);
  cudaFree (dout);
  return tu_get (cls, h, 0);
}

static const char *kind_name (gm_norm_kind k)
{
  static const char *n[] = {"1", "2", "Inf", "-Inf", "p", "fro"};
  return n[k];
}

/* The reference vector norm in long double and its relative tolerance. */
static long double ref_vector_norm (gm_norm_kind kind, double p, const std::vector<double> &v,
                                    gm_class cls, long double *rtol)
{
  const long double eps = tu_eps (cls);
  const int64_t n = (int64_t) v.size ();
  /* the partition of a (1, n, 1) reduction; Octave's scaled accumulators round up to 4 times an
     element (the scaled term, and a rescale of the running sum when the scale grows), and the
     root halves the relative error of the sum: 2 chain + a few, taken twice over */
  *rtol = (long double) (4 * chain_bound (1, n, 1) + 16) * eps;
  if (n == 0)
    return 0;
  bool any_nan = false;
  for (double x : v) any_nan = any_nan || isnan (x);
  if (any_nan)
    return NAN;
  long double r = 0;
  switch (kind) {
  case GM_NORM_1: for (double x : v) r += fabsl ((long double) x); return r;
  case GM_NORM_INF: for (double x : v) r = fmaxl (r, fabsl ((long double) x)); *rtol = 0; return r;
  case GM_NORM_NEG_INF:
    r = INFINITY;
    for (double x : v) r = fminl (r, fabsl ((long double) x));
    *rtol = 0;
    return r;
  case GM_NORM_P: {
    long double m = 0;
    for (double x : v) m = fmaxl (m, fabsl ((long double) x));
    if (m == 0 || isinf (m)) return m;
    for (double x : v) r += powl (fabsl ((long double) x) / m, (long double) p);
    *rtol += 8 * eps;
    return m * powl (r, 1 / (long double) p);
  }
  default: {
    long double m = 0;
    for (double x : v) m = fmaxl (m, fabsl ((long double) x));
    if (m == 0 || isinf (m)) return m;
    for (double x : v) r += ((long double) x / m) * ((long double) x / m);
    return m * sqrtl (r);
  }
  }
}

static void test_vector_norms (void)
{
  const int64_t counts[] = {0, 1, 2, 17, 1009, 100003, 3000017};
  const gm_norm_kind kinds[] = {GM_NORM_1, GM_NORM_2, GM_NORM_INF, GM_NORM_NEG_INF, GM_NORM_P,
                                GM_NORM_P, GM_NORM_P, GM_NORM_FRO};
  const double ps[] = {1, 2, 0, 0, 0.5, 1.5, 3, 2};
  for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
    if (quick && counts[k] > 1000000)
      continue;
    for (int c = 0; c < 2; c++)
      for (size_t q = 0; q < sizeof kinds / sizeof kinds[0]; q++)
        for (int variant = 0; variant < 2; variant++) {
          const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
          /* variant 0: plain values; 1: scaled far up or down, one special maybe */
          std::vector<double> v = make_values (cls, counts[k], 0);
          if (variant) {
            const double scale = cls == GM_SINGLE ? (k % 2 ? 1e30 : 1e-30)
                                                  : (k % 2 ? 1e200 : 1e-200);
            for (auto &x : v) x = cls == GM_SINGLE ? (double) (float) (x * scale) : x * scale;
            if (counts[k] > 2 && k % 3 == 0) v[(size_t) counts[k] / 2] = k % 2 ? NAN : INFINITY;
          }
          gm_status st;
          const double got = run_norm (false, kinds[q], ps[q], cls, counts[k], 1, v, &st);
          long double rtol;
          const long double ref = ref_vector_norm (kinds[q], ps[q], v, cls, &rtol);
          tu_result (st == GM_OK && close_in_class (got, ref, rtol * ref, cls),
                     "norm (%lld %s, %s%s%g) variant %d: status %d, got %.17g, want %.17Lg",
                     (long long) counts[k], c ? "single" : "double", kind_name (kinds[q]),
                     kinds[q] == GM_NORM_P ? " p=" : " ", kinds[q] == GM_NORM_P ? ps[q] : 0.0,
                     variant, (int) st, got, ref);
        }
  }
  /* The scaling examples, exactly as stated in gpumat.h. */
  gm_status st;
  const std::vector<double> big = {1e200, 1e200}, tiny = {1e-200, 1e-200}, t34 = {3, 4};
  double g = run_norm (false, GM_NORM_2, 2, GM_DOUBLE, 2, 1, big, &st);
  tu_result (st == GM_OK && isfinite (g) && fabs (g / 1.4142135623730951e200 - 1) < 4e-16,
             "norm ([1e200 1e200]) = %.17g", g);
  g = run_norm (false, GM_NORM_2, 2, GM_DOUBLE, 2, 1, tiny, &st);
  tu_result (st == GM_OK && fabs (g / 1.4142135623730951e-200 - 1) < 4e-16,
             "norm ([1e-200 1e-200]) = %.17g", g);
  g = run_norm (false, GM_NORM_2, 2, GM_DOUBLE, 2, 1, t34, &st);
  tu_result (st == GM_OK && g == 5.0, "norm ([3 4]) = %.17g", g);
  const std::vector<double> inf_nan = {INFINITY, NAN}, inf1 = {INFINITY, 1};
  g = run_norm (false, GM_NORM_2, 2, GM_DOUBLE, 2, 1, inf_nan, &st);
  tu_result (st == GM_OK && isnan (g), "norm ([Inf NaN]) is NaN: %g", g);
  g = run_norm (false, GM_NORM_P, 3, GM_DOUBLE, 2, 1, inf1, &st);
  tu_result (st == GM_OK && g == INFINITY, "norm ([Inf 1], 3) is Inf: %g", g);
}

static void test_matrix_norms (void)
{
  struct { int64_t r, c; bool large; } shapes[] = {{7, 13, false}, {1, 1, false}, {1009, 3, false},
                                                   {3, 1009, false}, {0, 3, false}, {3, 0, false},
                                                   {1500, 2000, true}};
  const gm_norm_kind kinds[] = {GM_NORM_1, GM_NORM_INF, GM_NORM_FRO};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    if (quick && shapes[s].large)
      continue;
    const int64_t R = shapes[s].r, C = shapes[s].c;
    for (int c = 0; c < 2; c++)
      for (int q = 0; q < 3; q++)
        for (int nanpos = 0; nanpos < 3; nanpos++) {   /* none, in the first line, in the last */
          const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
          std::vector<double> v = make_values (cls, R * C, 0);
          if (nanpos && R * C > 0) {
            const int64_t i = kinds[q] == GM_NORM_INF ? (nanpos == 1 ? 0 : R - 1)
                                                      : (nanpos == 1 ? 0 : R * C - 1);
            v[(size_t) i] = NAN;
          }
          long double ref = 0, rtol = 0;
          const long double eps = tu_eps (cls);
          if (R * C > 0) {
            if (kinds[q] == GM_NORM_FRO) {
              ref = ref_vector_norm (GM_NORM_2, 2, v, cls, &rtol);
            } else {
              /* Octave: column (row) sums of |x|, then RowVector::max: the first, then any
                 strictly larger one */
              const bool cols = kinds[q] == GM_NORM_1;
              const int64_t nsum = cols ? C : R, len = cols ? R : C;
              for (int64_t j = 0; j < nsum; j++) {
                long double sum = 0;
                for (int64_t i = 0; i < len; i++)
                  sum += fabsl ((long double) v[(size_t) (cols ? i + j * R : j + i * R)]);
                if (j == 0 || sum > ref)
                  ref = sum;
              }
              rtol = (long double) (cols ? chain_bound (1, R, C) : chain_bound (R, C, 1)) * eps
                     + 8 * eps;
            }
          }
          gm_status st;
          const double got = run_norm (true, kinds[q], 0, cls, R, C, v, &st);
          tu_result (st == GM_OK && close_to (got, ref, rtol * (isfinite (ref) ? ref : 0)),
                     "matrix norm (%lldx%lld %s, %s) NaN at %d: status %d, got %.17g, want %.17Lg",
                     (long long) R, (long long) C, c ? "single" : "double", kind_name (kinds[q]),
                     nanpos, (int) st, got, ref);
        }
  }
}

static void test_errors (void)
{
  double *d;
  TU_CUDA (cudaMalloc (&d, 1 << 20));
  const int64_t dims[2] = {5000, 3}, big[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  size_t wb = 0;
  tu_result (gm_reduce (GM_RED_COUNT, GM_DOUBLE, 2, dims, 1, d, d, NULL, NULL, 0, 0)
                 == GM_ERR_INVALID_ARGUMENT, "unknown reduce op is refused");
  tu_result (gm_reduce (GM_RED_SUM, GM_DOUBLE, 2, dims, 0, d, d, NULL, NULL, 0, 0)
                 == GM_ERR_INVALID_ARGUMENT, "dim 0 is refused");
  tu_result (gm_reduce (GM_RED_SUM, GM_DOUBLE, 9, big, 1, d, d, NULL, NULL, 0, 0)
                 == GM_ERR_INVALID_ARGUMENT, "9 dimensions are refused");
  tu_result (gm_reduce (GM_RED_SUM, GM_COMPLEX_DOUBLE, 2, dims, 1, d, d, NULL, NULL, 0, 0)
                 == GM_ERR_INVALID_ARGUMENT, "complex class is refused");
  tu_result (gm_reduce (GM_RED_SUM, GM_DOUBLE, 2, dims, 1, NULL, d, NULL, NULL, 0, 0)
                 == GM_ERR_INVALID_ARGUMENT, "NULL x with elements is refused");
  TU_GM (gm_reduce_workspace_size (GM_RED_SUM, GM_DOUBLE, 2, dims, 1, &wb));
  tu_result (wb > 0 && gm_reduce (GM_RED_SUM, GM_DOUBLE, 2, dims, 1, d, d, NULL, NULL, 0, 0)
                           == GM_ERR_INVALID_ARGUMENT,
             "a missing workspace is refused (%zu bytes needed for 5000x3 along 1)", wb);
  const int64_t empty[2] = {0, 3};
  tu_result (gm_reduce (GM_RED_MAX, GM_DOUBLE, 2, empty, 1, NULL, NULL, NULL, NULL, 0, 0) == GM_OK,
             "max of 0x3 needs no pointers");
  tu_result (gm_vector_norm (GM_NORM_P, 0.0, GM_DOUBLE, 4, d, d, NULL, 0, 0)
                 == GM_ERR_INVALID_ARGUMENT, "p = 0 is refused");
  tu_result (gm_vector_norm (GM_NORM_P, -1.0, GM_DOUBLE, 4, d, d, NULL, 0, 0)
                 == GM_ERR_INVALID_ARGUMENT, "p < 0 is refused");
  tu_result (gm_matrix_norm (GM_NORM_2, GM_DOUBLE, 4, 4, d, d, d, 1 << 20, 0)
                 == GM_ERR_INVALID_ARGUMENT, "the matrix 2-norm is refused");
  tu_result (gm_vector_norm (GM_NORM_2, 2.0, GM_SINGLE, 4, NULL, d, NULL, 0, 0)
                 == GM_ERR_INVALID_ARGUMENT, "norm of NULL is refused");
  cudaFree (d);
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_reduce"))
    return tu_finish ("test_reduce");
  tu_seed (20260413);
  test_dims ();
  test_errors ();
  test_reduce ();
  test_vector_norms ();
  test_matrix_norms ();
  return tu_finish ("test_reduce");
}
