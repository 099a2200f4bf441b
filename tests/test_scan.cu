/* test_scan.cu: kernels/scan.cu (gm_scan, gm_diff, gm_var) against host references: Octave's
 * own sequential loops in the class (liboctave's mx_inline_cumsum, _cumprod, _prod, _diff,
 * var.m's sum / n and sumsq of the centered values), and long double for the tolerance checks.
 *
 *   test_scan            every case
 *   test_scan --quick    without the multi-million-element shapes (compute-sanitizer memcheck,
 *                        and the CPU stand-in, tests/cpu-standin/run_scan.sh); a shape whose
 *                        lines are cut into chunks at two levels is still reached
 *   test_scan --race     as --quick (no shared memory anywhere)
 *
 * What is checked:
 *  - cumsum, cumprod, prod and var/std (opt 0 and 1), double and single, 2-D and N-d shapes
 *    along every dimension up to ndims + 1, 0-sized dimensions, primes, shapes whose lines are
 *    one chunk and shapes cut into chunks (one and several levels).  A line of one chunk
 *    (scan.cu's plan, mirrored here) must give the bits of the sequential reference in the
 *    class, -0 and NaN included; a chunked one must be within (chain + 8) * eps * sum |x| of
 *    the long double value (chain: the roundings an element goes through in the plan), with
 *    NaN and Inf where the reference has them.  Specials (NaN, +-Inf, -0) dense in short cases.
 *  - diff of orders 1, 2, 3, 8, 9 (two passes), 17 (three passes) and order >= len (empty):
 *    bits of the repeated differences, exactly.
 *  - Determinism: the large cases run twice and give the same bits.
 *  - Nothing is written past the output; errors: unknown op, dim 0, too many dims, integer and
 *    complex classes, NULL data, missing or misaligned workspace, opt 2, order 0.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <float.h>
#include <vector>
#include "test_util.h"

static int quick;

enum Op { CUMSUM, CUMPROD, PROD, VAR0, VAR1, STD0, DIFF };
static const char *op_name (int op)
{
  static const char *n[] = {"cumsum", "cumprod", "prod", "var", "var (opt 1)", "std", "diff"};
  return n[op];
}

static int64_t numel (int nd, const int64_t *dims)
{
  int64_t n = 1;
  for (int d = 0; d < nd; d++)
    n *= dims[d];
  return n;
}

/* scan.cu's plan, mirrored: the chunk length of each level of a pre x len x post view, and the
   number of levels (1: every line one chunk). */
static const int64_t TARGET_THREADS = 132 * 2048, MIN_CHUNK = 1024;
static int64_t cdiv (int64_t a, int64_t b) { return (a + b - 1) / b; }
static void plan (int64_t lines, int64_t len, int64_t *chunk, int64_t *nchunk)
{
  *chunk = len;
  *nchunk = 1;
  if (lines == 0 || len <= MIN_CHUNK)
    return;
  const int64_t n = std::max<int64_t> (1, std::min (cdiv (TARGET_THREADS, lines), cdiv (len, MIN_CHUNK)));
  *chunk = cdiv (len, n);
  *nchunk = cdiv (len, *chunk);
}
/* The roundings an element can go through: its chunk at each level, plus one a level.  scan:
   the totals have nchunk - 1 entries a line; reductions: nchunk. */
static int64_t chain_of (bool scan, int64_t lines, int64_t len, bool *one_chunk)
{
  int64_t chain = 0, chunk, nchunk;
  *one_chunk = true;
  for (;;) {
    plan (lines, len, &chunk, &nchunk);
    chain += chunk + 1;
    if (nchunk <= 1)
      return chain;
    *one_chunk = false;
    len = scan ? nchunk - 1 : nchunk;
    if (len <= 0)
      return chain;
  }
}

/* Values exactly representable in cls: uniform in [offset - 1, offset + 1) (VALUES_UNIFORM),
   near 1 (1 +- 2^-10: short products), or +-1 with a rare +-2 or +-0.5 (VALUES_EXACT_PRODUCTS:
   every product of them is exact in any order and stays far from overflow, about 2^+-20 over
   2 million factors, so a chunked product must still give the reference's bits).  Specials 1
   in `every` (0: none). */
enum { VALUES_UNIFORM, VALUES_NEAR_ONE, VALUES_EXACT_PRODUCTS };
static std::vector<double> make_values (gm_class cls, int64_t n, int every, int kind,
                                        double offset)
{
  static const double sp[] = {NAN, INFINITY, -INFINITY, -0.0, 0.0, 1.0, -1.0, 0.5};
  std::vector<double> v ((size_t) n);
  for (int64_t i = 0; i < n; i++) {
    double x;
    if (every && tu_next () % (uint64_t) every == 0)
      x = sp[tu_next () % 8];
    else if (kind == VALUES_EXACT_PRODUCTS)
      x = (tu_next () % 2 ? 1.0 : -1.0) * (tu_next () % 4096 ? 1.0 : tu_next () % 2 ? 2.0 : 0.5);
    else if (kind == VALUES_NEAR_ONE)
      x = 1.0 + tu_uniform () * 0x1p-10;
    else
      x = tu_uniform () + offset;
    v[(size_t) i] = cls == GM_SINGLE ? (double) (float) x : x;
  }
  return v;
}

static bool close_to (double got, long double ref, long double tol)
{
  if (isnan (ref))
    return isnan (got);
  if (isinf (ref))
    return got == (double) ref;
  return !isnan (got) && !isinf (got) && fabsl ((long double) got - ref) <= tol;
}

/* ---- the references, in the class T as Octave computes them ------------------------------- */
/* A product rounded on its own (never contracted into an add). */
template <typename T> static T mul_rounded (T a, T b)
{
  volatile T p = a * b;
  return p;
}

template <typename T>
static void reference (int op, int64_t pre, int64_t len, int64_t post, int64_t order,
                       const std::vector<double> &v, std::vector<double> &out)
{
  auto X = [&] (int64_t a, int64_t i, int64_t b) {
    return (T) v[(size_t) (a + i * pre + b * pre * len)];
  };
  if (op == CUMSUM || op == CUMPROD) {
    out.assign ((size_t) (pre * len * post), 0);
    for (int64_t b = 0; b < post; b++)
      for (int64_t a = 0; a < pre; a++) {
        if (len == 0)
          continue;
        T t = X (a, 0, b);
        out[(size_t) (a + b * pre * len)] = t;
        for (int64_t i = 1; i < len; i++) {
          t = op == CUMSUM ? (T) (t + X (a, i, b)) : mul_rounded<T> (t, X (a, i, b));
          out[(size_t) (a + i * pre + b * pre * len)] = t;
        }
      }
  } else if (op == DIFF) {
    const int64_t lout = len > order ? len - order : 0;
    out.assign ((size_t) (pre * lout * post), 0);
    std::vector<T> buf ((size_t) len);
    for (int64_t b = 0; b < post; b++)
      for (int64_t a = 0; a < pre; a++) {
        if (lout == 0)
          continue;
        for (int64_t i = 0; i < len; i++)
          buf[(size_t) i] = X (a, i, b);
        for (int64_t o = 1; o <= order; o++)
          for (int64_t i = 0; i < len - o; i++)
            buf[(size_t) i] = buf[(size_t) i + 1] - buf[(size_t) i];
        for (int64_t i = 0; i < lout; i++)
          out[(size_t) (a + i * pre + b * pre * lout)] = buf[(size_t) i];
      }
  } else {
    out.assign ((size_t) (pre * post), 0);
    for (int64_t b = 0; b < post; b++)
      for (int64_t a = 0; a < pre; a++) {
        T r;
        if (op == PROD) {
          r = 1;
          for (int64_t i = 0; i < len; i++)
            r = mul_rounded<T> (r, X (a, i, b));
        } else if (len == 0) {
          r = (T) NAN;
        } else {
          T s = 0;
          for (int64_t i = 0; i < len; i++)
            s = s + X (a, i, b);
          const T mu = s / (T) (double) len;
          T ss = 0;
          for (int64_t i = 0; i < len; i++) {
            const T d = X (a, i, b) - mu;
            ss = ss + mul_rounded<T> (d, d);
          }
          const double den = len == 1 ? 1.0 : (double) (len - 1) + (op == VAR1 ? 1.0 : 0.0);
          r = ss / (T) den;
          if (op == STD0)
            r = sqrt (r);
        }
        out[(size_t) (a + b * pre)] = r;
      }
  }
}

/* The long double value and its tolerance, for lines cut into chunks. */
static void tolerance (int op, gm_class cls, int64_t pre, int64_t len, int64_t post, int64_t chain,
                       const std::vector<double> &v, std::vector<long double> &ref,
                       std::vector<long double> &tol)
{
  const long double eps = tu_eps (cls);
  const bool scan = op == CUMSUM || op == CUMPROD;
  const size_t nout = (size_t) (scan ? pre * len * post : pre * post);
  ref.assign (nout, 0);
  tol.assign (nout, 0);
  for (int64_t b = 0; b < post; b++)
    for (int64_t a = 0; a < pre; a++) {
      auto X = [&] (int64_t i) { return (long double) v[(size_t) (a + i * pre + b * pre * len)]; };
      if (scan) {
        long double s = op == CUMSUM ? 0 : 1, sa = 0;
        for (int64_t i = 0; i < len; i++) {
          const size_t o = (size_t) (a + i * pre + b * pre * len);
          if (op == CUMSUM) {
            s += X (i);
            sa += fabsl (X (i));
            tol[o] = (long double) (chain + 8) * eps * sa;
          } else {
            s *= X (i);
            tol[o] = (long double) (chain + 8) * eps * fabsl (s);
          }
          ref[o] = s;
        }
      } else if (op == PROD) {
        long double s = 1;
        for (int64_t i = 0; i < len; i++)
          s *= X (i);
        ref[(size_t) (a + b * pre)] = s;
        tol[(size_t) (a + b * pre)] = (long double) (chain + 8) * eps * fabsl (s);
      } else {
        long double s = 0, sa = 0;
        for (int64_t i = 0; i < len; i++) {
          s += X (i);
          sa += fabsl (X (i));
        }
        const long double mu = s / len;
        long double ss = 0;
        for (int64_t i = 0; i < len; i++)
          ss += (X (i) - mu) * (X (i) - mu);
        const long double den = len == 1 ? 1 : (long double) (len - 1) + (op == VAR1 ? 1 : 0);
        /* the computed mean is off by delta <= (chain + 4) eps sum |x| / n, which adds n delta^2
           to the sum of squares (second order: the first-order terms cancel) */
        const long double delta = (long double) (chain + 4) * eps * sa / len;
        long double r = ss / den, t = ((long double) (chain + 8) * eps * ss + len * delta * delta) / den;
        if (op == STD0) {
          t = r > 0 ? t / (2 * sqrtl (r)) + eps * sqrtl (r) : sqrtl (t);
          r = sqrtl (r);
        }
        ref[(size_t) (a + b * pre)] = r;
        tol[(size_t) (a + b * pre)] = t;
      }
    }
}

/* ---- running the C API -------------------------------------------------------------------- */
/* Runs op; returns the output as doubles, and whether the element after it kept its poison. */
static gm_status run_op (int op, gm_class cls, int nd, const int64_t *dims, int dim,
                         int64_t order, const void *dx, int64_t nout, std::vector<double> &out,
                         bool *past_ok)
{
  const size_t es = gm_class_size (cls);
  size_t wbytes = 0;
  gm_status st;
  if (op == DIFF)
    st = gm_diff_workspace_size (cls, nd, dims, dim, order, &wbytes);
  else if (op >= VAR0)
    st = gm_var_workspace_size (cls, nd, dims, dim, &wbytes);
  else
    st = gm_scan_workspace_size ((gm_scan_op) op, cls, nd, dims, dim, &wbytes);
  if (st != GM_OK)
    return st;
  void *dw = NULL, *dout;
  if (wbytes)
    TU_CUDA (cudaMalloc (&dw, wbytes));
  TU_CUDA (cudaMalloc (&dout, ((size_t) nout + 1) * es));
  TU_CUDA (cudaMemset (dout, 0xff, ((size_t) nout + 1) * es));
  if (op == DIFF)
    st = gm_diff (cls, nd, dims, dim, order, dx, dout, dw, wbytes, 0);
  else if (op >= VAR0)
    st = gm_var (cls, nd, dims, dim, op == VAR1, op == STD0, dx, dout, dw, wbytes, 0);
  else
    st = gm_scan ((gm_scan_op) op, cls, nd, dims, dim, dx, dout, dw, wbytes, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  std::vector<unsigned char> h (((size_t) nout + 1) * es);
  TU_CUDA (cudaMemcpy (h.data (), dout, h.size (), cudaMemcpyDeviceToHost));
  out.assign ((size_t) nout, 0);
  for (int64_t o = 0; o < nout; o++)
    out[(size_t) o] = tu_get (cls, h.data (), (size_t) o);
  *past_ok = true;
  for (size_t k = 0; k < es; k++)
    *past_ok = *past_ok && h[(size_t) nout * es + k] == 0xff;
  cudaFree (dw);
  cudaFree (dout);
  return st;
}

static void check_op (int op, gm_class cls, int nd, const int64_t *dims, int dim, int64_t order,
                      int every, bool twice)
{
  int64_t pre = 1, len = 1, post = 1;
  for (int d = 0; d < nd; d++)
    if (d < dim - 1) pre *= dims[d];
    else if (d == dim - 1) len = dims[d];
    else post *= dims[d];
  /* prod takes a 0x0 array as 0x1 (Octave's prod ([]) is 1) */
  if (op == PROD && nd == 2 && dims[0] == 0 && dims[1] == 0 && dim <= 2) {
    pre = dim == 1 ? 1 : 0;
    len = dim == 1 ? 0 : 1;
    post = 1;
  }
  const bool scan = op == CUMSUM || op == CUMPROD;
  const int64_t n = numel (nd, dims);
  const int64_t nout = scan ? pre * len * post
                       : op == DIFF ? (len > order ? pre * (len - order) * post : 0) : pre * post;
  const int kind = op == CUMPROD || op == PROD
                       ? (n > 1000 ? VALUES_EXACT_PRODUCTS : VALUES_NEAR_ONE) : VALUES_UNIFORM;
  const std::vector<double> v = make_values (cls, n, every, kind, op >= VAR0 ? 3.0 : 0.0);
  void *dx = tu_upload_real (cls, v.data (), v.size ());
  std::vector<double> out, out2, want;
  bool past_ok;
  gm_status st = run_op (op, cls, nd, dims, dim, order, dx, nout, out, &past_ok);
  char what[200];
  int used = snprintf (what, sizeof what, "%s (%s) of ", op_name (op),
                       cls == GM_SINGLE ? "single" : "double");
  for (int d = 0; d < nd; d++)
    used += snprintf (what + used, sizeof what - used, d ? "x%lld" : "%lld", (long long) dims[d]);
  used += snprintf (what + used, sizeof what - used, " along %d", dim);
  if (op == DIFF)
    snprintf (what + used, sizeof what - used, ", order %lld", (long long) order);
  tu_result (st == GM_OK, "%s: status %d (%s)", what, (int) st, gm_error_detail ());
  tu_result (past_ok, "%s: wrote past the end", what);
  if (cls == GM_SINGLE)
    reference<float> (op, pre, len, post, order, v, want);
  else
    reference<double> (op, pre, len, post, order, v, want);
  bool one_chunk = true;
  const int64_t chain = op == DIFF ? 0 : chain_of (scan, pre * post, len, &one_chunk);
  std::vector<long double> ref, tol;
  if (!one_chunk)
    tolerance (op, cls, pre, len, post, chain, v, ref, tol);
  int64_t bad = 0, first = -1;
  for (int64_t o = 0; o < nout && st == GM_OK; o++) {
    const bool ok = one_chunk ? tu_same_bits (cls, out[(size_t) o], want[(size_t) o])
                              : close_to (out[(size_t) o], ref[(size_t) o], tol[(size_t) o]);
    if (!ok && bad++ == 0)
      first = o;
  }
  tu_result (bad == 0, "%s (%s): %lld of %lld outputs wrong, first %lld (got %.17g, want %.17g)",
             what, one_chunk ? "one chunk: Octave's bits" : "chunked", (long long) bad,
             (long long) nout, (long long) first, first >= 0 ? out[(size_t) first] : 0.0,
             first >= 0 ? (one_chunk ? want[(size_t) first] : (double) ref[(size_t) first]) : 0.0);
  if (twice) {
    st = run_op (op, cls, nd, dims, dim, order, dx, nout, out2, &past_ok);
    bool same = st == GM_OK && out.size () == out2.size ();
    for (size_t o = 0; same && o < out.size (); o++)
      same = tu_same_bits (cls, out[o], out2[o]);
    tu_result (same, "%s: a second run gave other bits", what);
  }
  cudaFree (dx);
}

struct Shape { int nd; int64_t dims[GM_MAX_DIMS]; bool large; };

static void test_ops (void)
{
  const Shape shapes[] = {
      {2, {7, 13}, false},       {2, {1, 1}, false},         {2, {1, 1009}, false},
      {2, {1009, 1}, false},     {3, {3, 4, 5}, false},      {5, {2, 1, 3, 1, 5}, false},
      {2, {0, 3}, false},        {2, {3, 0}, false},         {2, {0, 0}, false},
      {3, {5, 0, 3}, false},     {2, {1024, 2}, false},      {2, {1025, 2}, false},
      {2, {60013, 1}, false},    {2, {3, 20011}, false},     {2, {4099, 37}, false},
      {2, {33, 4099}, false},    {2, {1000, 300}, false},    {2, {2100007, 1}, false},
      {2, {3000017, 1}, true},   {2, {1, 3000017}, true},    {2, {2000, 1500}, true},
      {2, {3, 1000003}, true},   {2, {100003, 3}, true},     {2, {16, 270337}, true},
  };
  /* The large shapes (millions of elements, a host reference in long double for each) take one
     class an op, alternately, and only the dimensions they have: the full run stays within
     about a minute on the GPU machine where every combination took over ten. */
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    const Shape &sh = shapes[s];
    if (quick && sh.large)
      continue;
    const int64_t n = numel (sh.nd, sh.dims);
    for (int c = 0; c < 2; c++)
      for (int op = CUMSUM; op <= STD0; op++)
        for (int dim = 1; dim <= sh.nd + (sh.large ? 0 : 1); dim++) {
          if (sh.large && (op + (int) s) % 2 != c)
            continue;
          /* specials: dense in small cases (NaN and Inf lines, -0), sparse in long ones; none in
             the products of long lines (their values are make_values's exact ones) */
          int every = n > 100000 ? 100000 : n > 1000 ? 200 : 6;
          if ((op == CUMPROD || op == PROD) && n > 1000)
            every = 0;
          check_op (op, c ? GM_SINGLE : GM_DOUBLE, sh.nd, sh.dims, dim, 0, every, n > 50000);
        }
  }
}

static void test_diff (void)
{
  const Shape shapes[] = {
      {2, {7, 13}, false},  {2, {1, 1}, false},   {2, {1, 1009}, false}, {2, {1009, 1}, false},
      {3, {3, 4, 5}, false}, {4, {2, 3, 1, 19}, false}, {2, {0, 3}, false}, {2, {3, 0}, false},
      {2, {0, 0}, false},   {2, {20, 18}, false}, {2, {4099, 37}, false},
      {2, {1000003, 3}, true},
  };
  const int64_t orders[] = {1, 2, 3, 8, 9, 17, 19, 25};
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    const Shape &sh = shapes[s];
    if (quick && sh.large)
      continue;
    const int64_t n = numel (sh.nd, sh.dims);
    for (int c = 0; c < 2; c++)
      for (size_t k = 0; k < sizeof orders / sizeof orders[0]; k++)
        for (int dim = 1; dim <= sh.nd + (sh.large ? 0 : 1); dim++)
          if (!sh.large || (k + (size_t) c) % 3 == 0)   /* large: a third of the orders a class */
            check_op (DIFF, c ? GM_SINGLE : GM_DOUBLE, sh.nd, sh.dims, dim, orders[k],
                    n > 1000 ? 200 : 5, n > 50000);
  }
}

static void test_errors (void)
{
  const int64_t d2[2] = {4, 5}, d9[9] = {1, 1, 1, 1, 1, 1, 1, 1, 2};
  size_t b = 0;
  void *dx, *dout;
  TU_CUDA (cudaMalloc (&dx, 64 * sizeof (double)));
  TU_CUDA (cudaMalloc (&dout, 64 * sizeof (double)));
  tu_result (gm_scan_workspace_size ((gm_scan_op) 7, GM_DOUBLE, 2, d2, 1, &b) != GM_OK,
             "gm_scan: unknown op accepted");
  tu_result (gm_scan ((gm_scan_op) -1, GM_DOUBLE, 2, d2, 1, dx, dout, NULL, 0, 0) != GM_OK,
             "gm_scan: op -1 accepted");
  tu_result (gm_scan (GM_SCAN_CUMSUM, GM_DOUBLE, 2, d2, 0, dx, dout, NULL, 0, 0) != GM_OK,
             "gm_scan: dim 0 accepted");
  tu_result (gm_scan (GM_SCAN_CUMSUM, GM_DOUBLE, 9, d9, 1, dx, dout, NULL, 0, 0) != GM_OK,
             "gm_scan: 9 dimensions accepted");
  tu_result (gm_scan (GM_SCAN_PROD, GM_INT32, 2, d2, 1, dx, dout, NULL, 0, 0) != GM_OK,
             "gm_scan: int32 accepted");
  tu_result (gm_scan (GM_SCAN_CUMPROD, GM_COMPLEX_DOUBLE, 2, d2, 1, dx, dout, NULL, 0, 0)
                 != GM_OK, "gm_scan: complex accepted");
  tu_result (gm_scan (GM_SCAN_CUMSUM, GM_DOUBLE, 2, d2, 1, NULL, dout, NULL, 0, 0) != GM_OK,
             "gm_scan: NULL x accepted");
  tu_result (gm_scan (GM_SCAN_PROD, GM_DOUBLE, 2, d2, 1, dx, NULL, NULL, 0, 0) != GM_OK,
             "gm_scan: NULL out accepted");
  tu_result (gm_diff (GM_DOUBLE, 2, d2, 1, 0, dx, dout, NULL, 0, 0) != GM_OK,
             "gm_diff: order 0 accepted");
  tu_result (gm_diff (GM_UINT8, 2, d2, 1, 1, dx, dout, NULL, 0, 0) != GM_OK,
             "gm_diff: uint8 accepted");
  tu_result (gm_var (GM_DOUBLE, 2, d2, 1, 2, 0, dx, dout, NULL, 0, 0) != GM_OK,
             "gm_var: opt 2 accepted");
  /* workspaces: a chunked scan, a chunked prod, an order-9 diff and var all need one */
  const int64_t big[2] = {1, 5000};
  void *dbig, *dbo, *dw;
  TU_CUDA (cudaMalloc (&dbig, 5000 * sizeof (double)));
  TU_CUDA (cudaMalloc (&dbo, 5000 * sizeof (double)));
  TU_CUDA (cudaMalloc (&dw, 1 << 20));
  TU_GM (gm_scan_workspace_size (GM_SCAN_CUMSUM, GM_DOUBLE, 2, big, 2, &b));
  tu_result (b > 0, "gm_scan: a chunked cumsum needs no workspace?");
  tu_result (gm_scan (GM_SCAN_CUMSUM, GM_DOUBLE, 2, big, 2, dbig, dbo, NULL, 0, 0) != GM_OK,
             "gm_scan: missing workspace accepted");
  tu_result (gm_scan (GM_SCAN_CUMSUM, GM_DOUBLE, 2, big, 2, dbig, dbo, dw, b - 1, 0) != GM_OK,
             "gm_scan: short workspace accepted");
  tu_result (gm_scan (GM_SCAN_CUMSUM, GM_DOUBLE, 2, big, 2, dbig, dbo, (char *) dw + 8, b, 0)
                 != GM_OK, "gm_scan: misaligned workspace accepted");
  TU_GM (gm_scan_workspace_size (GM_SCAN_PROD, GM_DOUBLE, 2, big, 2, &b));
  tu_result (b > 0 && gm_scan (GM_SCAN_PROD, GM_DOUBLE, 2, big, 2, dbig, dbo, NULL, 0, 0) != GM_OK,
             "gm_scan: prod without its workspace accepted");
  TU_GM (gm_diff_workspace_size (GM_DOUBLE, 2, big, 2, 9, &b));
  tu_result (b > 0 && gm_diff (GM_DOUBLE, 2, big, 2, 9, dbig, dbo, NULL, 0, 0) != GM_OK,
             "gm_diff: order 9 without its workspace accepted");
  TU_GM (gm_diff_workspace_size (GM_DOUBLE, 2, big, 2, 8, &b));
  tu_result (b == 0, "gm_diff: order 8 asks for a workspace");
  TU_GM (gm_var_workspace_size (GM_SINGLE, 2, big, 2, &b));
  tu_result (b > 0 && gm_var (GM_SINGLE, 2, big, 2, 0, 1, dbig, dbo, NULL, 0, 0) != GM_OK,
             "gm_var: missing workspace accepted");
  /* empty results need no pointer at all */
  const int64_t e[2] = {0, 4};
  tu_result (gm_scan (GM_SCAN_CUMSUM, GM_DOUBLE, 2, e, 1, NULL, NULL, NULL, 0, 0) == GM_OK
                 && gm_diff (GM_DOUBLE, 2, d2, 1, 4, NULL, NULL, NULL, 0, 0) == GM_OK,
             "empty results refused");
  TU_CUDA (cudaDeviceSynchronize ());
  cudaFree (dx);
  cudaFree (dout);
  cudaFree (dbig);
  cudaFree (dbo);
  cudaFree (dw);
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_scan"))
    return tu_finish ("test_scan");
  tu_seed (20261203);
  test_errors ();
  test_ops ();
  test_diff ();
  return tu_finish ("test_scan");
}
