/* test_reduce_complex.cu: kernels/reduce_complex.cu (gm_complex_reduce: prod, cumprod, max and
 * min of complex double and complex single data) against Octave's own loops, transcribed here
 * from liboctave 7.3 (mx-inlines.cc: mx_inline_prod from 1 + 0i, mx_inline_cumprod, the
 * single-line OP_MINMAX_FCN and the row-wise OP_MINMAX_FCN2 loops; oct-cmplx.h's operators
 * with std::abs and std::arg) and run on the host with std::complex (libgcc's __muldc3 /
 * __mulsc3, glibc's hypot and atan2: Octave's own arithmetic).
 *
 *   test_reduce_complex            every case
 *   test_reduce_complex --quick    without the lines of more than a million elements (chunks
 *                                  at two levels); compute-sanitizer, the CPU stand-in
 *
 * What is checked:
 *  - every op, both classes, 2-D and N-d shapes along every dimension up to ndims + 1, 0-sized
 *    dimensions, primes, lines of one chunk and lines cut into chunks (pre 1 and pre > 1).
 *  - max and min: the element (its bits) and the index exactly, always: values with equal
 *    moduli (ties decided by arg, -pi read as pi, the first on a full tie), -0 in either part,
 *    NaN, Inf, and NaN with an infinite part (which max takes over finite values after the
 *    first NaN-free position of the slice, Octave's quirk), all-NaN lines.
 *  - prod and cumprod: lines of one chunk: Octave's bits (any NaN for a NaN part); chunked
 *    lines: exactly Octave's where the line holds a non-finite part or the result is not
 *    finite, otherwise within (len + 8) * 8 eps of the product of the moduli.
 *  - Determinism (the chunked cases run twice), nothing written past the output, and the
 *    errors: real class, unknown op, dim 0, NULL data, missing or misaligned workspace.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <complex>
#include <vector>
#include "test_util.h"

static int quick;
static const char *op_names[] = {"prod", "cumprod", "max", "min"};

/* reduce_complex.cu's plan, mirrored: whether the lines are cut into chunks */
static bool chunked (int64_t lines, int64_t len)
{
  const int64_t TARGET_THREADS = 132 * 2048, MIN_CHUNK = 1024;
  if (lines == 0 || len <= MIN_CHUNK)
    return false;
  const int64_t n = std::max<int64_t> (1, std::min ((TARGET_THREADS + lines - 1) / lines,
                                                    (len + MIN_CHUNK - 1) / MIN_CHUNK));
  return n > 1;
}

template <typename R> using C = std::complex<R>;
template <typename R> static bool cnan (C<R> z) { return isnan (z.real ()) || isnan (z.imag ()); }
template <typename R> static bool cfinite (C<R> z)
{
  return isfinite (z.real ()) && isfinite (z.imag ());
}

/* oct-cmplx.h's a > b (MAX) or a < b */
template <typename R, bool MAX> static bool octave_op (C<R> a, C<R> b)
{
  const R ax = std::abs (a), bx = std::abs (b);
  if (ax == bx) {
    const R ay = std::arg (a), by = std::arg (b), pi = (R) M_PI;
    if (ay == -pi) {
      if (by != -pi)
        return MAX ? pi > by : pi < by;
    } else if (by == -pi)
      return MAX ? ay > pi : ay < pi;
    return MAX ? ay > by : ay < by;
  }
  return MAX ? ax > bx : ax < bx;
}

/* mx_inline_max / _min (the index form) of one line, OP_MINMAX_FCN */
template <typename R, bool MAX>
static void octave_minmax1 (const C<R> *v, C<R> *r, int64_t *ri, int64_t n)
{
  if (!n)
    return;
  C<R> tmp = v[0];
  int64_t tmpi = 0, i = 1;
  if (cnan (tmp)) {
    for (; i < n && cnan (v[i]); i++)
      ;
    if (i < n) {
      tmp = v[i];
      tmpi = i;
    }
  }
  for (; i < n; i++)
    if (octave_op<R, MAX> (v[i], tmp)) {
      tmp = v[i];
      tmpi = i;
    }
  *r = tmp;
  *ri = tmpi;
}

/* OP_MINMAX_FCN2: m rows at once */
template <typename R, bool MAX>
static void octave_minmax2 (const C<R> *v, C<R> *r, int64_t *ri, int64_t m, int64_t n)
{
  if (!n)
    return;
  bool nan = false;
  int64_t j = 0;
  for (int64_t i = 0; i < m; i++) {
    r[i] = v[i];
    ri[i] = j;
    if (cnan (v[i]))
      nan = true;
  }
  j++;
  v += m;
  while (nan && j < n) {
    nan = false;
    for (int64_t i = 0; i < m; i++) {
      if (cnan (v[i]))
        nan = true;
      else if (cnan (r[i]) || octave_op<R, MAX> (v[i], r[i])) {
        r[i] = v[i];
        ri[i] = j;
      }
    }
    j++;
    v += m;
  }
  while (j < n) {
    for (int64_t i = 0; i < m; i++)
      if (octave_op<R, MAX> (v[i], r[i])) {
        r[i] = v[i];
        ri[i] = j;
      }
    j++;
    v += m;
  }
}

/* Octave's result of op over the pre x len x post view, in the layout of the outputs */
template <typename R>
static void octave_ref (int op, int64_t pre, int64_t len, int64_t post, const C<R> *x,
                        std::vector<C<R> > &out, std::vector<int64_t> &idx)
{
  const int64_t lines = pre * post;
  if (op == 1) {
    out.assign ((size_t) (lines * len), C<R> (0, 0));
    for (int64_t line = 0; line < lines; line++) {
      const int64_t base = line % pre + line / pre * pre * len;
      if (len == 0)
        continue;
      C<R> t = out[base] = x[base];
      for (int64_t i = 1; i < len; i++)
        out[base + i * pre] = t = t * x[base + i * pre];
    }
    return;
  }
  out.assign ((size_t) lines, C<R> (0, 0));
  idx.assign ((size_t) lines, 0);
  if (op == 0) {
    for (int64_t line = 0; line < lines; line++) {
      const int64_t base = line % pre + line / pre * pre * len;
      C<R> ac = C<R> (1, 0);
      for (int64_t i = 0; i < len; i++)
        ac *= x[base + i * pre];
      out[line] = ac;
    }
    return;
  }
  for (int64_t b = 0; b < post; b++) {
    const C<R> *v = x + b * pre * len;
    if (pre == 1) {
      if (op == 2)
        octave_minmax1<R, true> (v, &out[b], &idx[b], len);
      else
        octave_minmax1<R, false> (v, &out[b], &idx[b], len);
    } else if (op == 2)
      octave_minmax2<R, true> (v, &out[b * pre], &idx[b * pre], pre, len);
    else
      octave_minmax2<R, false> (v, &out[b * pre], &idx[b * pre], pre, len);
  }
}

template <typename R> static bool same_part (R a, R b)
{
  if (isnan (a) || isnan (b))
    return isnan (a) && isnan (b);
  return memcmp (&a, &b, sizeof a) == 0;
}
template <typename R> static bool same_bits (C<R> a, C<R> b)
{
  return same_part (a.real (), b.real ()) && same_part (a.imag (), b.imag ());
}

/* Values: kind 0 uniform in the unit square; 1 dense specials (NaN, +-Inf, -0, 0, moduli that
   tie: 3+4i, -5, 5i, 4-3i, -3-4i, 1, -1, +-1i); 2 near the unit circle (long products stay in
   range), with a few specials when `sprinkle`. */
template <typename R> static C<R> value (int kind)
{
  static const double sp[] = {0.0, -0.0, 1.0, -1.0, 3.0, -3.0, 4.0, -4.0, 5.0, -5.0, NAN, INFINITY,
                              -INFINITY, 2.0, 0.5};
  if (kind == 0)
    return C<R> ((R) tu_uniform (), (R) tu_uniform ());
  if (kind == 1) {
    const int k = (int) tu_randint (0, 9);
    if (k < 3) {            /* a modulus-5 or modulus-1 tie, with signed zeros */
      static const double t[][2] = {{3, 4}, {-5, 0}, {0, 5}, {4, -3}, {-3, -4}, {-5, -0.0},
                                    {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {-1, -0.0}, {5, 0}};
      const int j = (int) tu_randint (0, 11);
      return C<R> ((R) t[j][0], (R) t[j][1]);
    }
    return C<R> ((R) sp[tu_randint (0, 14)], (R) sp[tu_randint (0, 14)]);
  }
  const double th = 3.14159 * tu_uniform (), m = 1 + tu_uniform () / 64;
  return C<R> ((R) (m * cos (th)), (R) (m * sin (th)));
}

template <typename R>
static void run_case (gm_class cls, int op, int nd, const int64_t *dims, int dim, int kind,
                      int sprinkle, bool twice)
{
  int64_t pre = 1, len = 1, post = 1, n = 1;
  for (int d = 0; d < nd; d++) {
    n *= dims[d];
    if (d < dim - 1) pre *= dims[d];
    else if (d == dim - 1) len = dims[d];
    else post *= dims[d];
  }
  int64_t vlen = len;
  if (op == 0 && nd == 2 && dims[0] == 0 && dims[1] == 0) {   /* prod ([]) as 0x1 */
    if (dim == 1) { pre = 1; len = 0; post = 1; }
    else { pre = 0; len = 1; post = 1; }
    vlen = len;
  }
  std::vector<C<R> > x ((size_t) n + 1);
  for (int64_t i = 0; i < n; i++)
    x[i] = value<R> (kind);
  for (int s = 0; s < sprinkle && n > 0; s++) {
    static const R sp[] = {(R) NAN, (R) INFINITY, (R) -INFINITY, (R) 0};
    const int64_t i = tu_randint (0, n - 1);
    if (tu_randint (0, 1))
      x[i] = C<R> (sp[tu_randint (0, 3)], x[i].imag ());
    else
      x[i] = C<R> (x[i].real (), sp[tu_randint (0, 3)]);
  }
  std::vector<C<R> > want;
  std::vector<int64_t> widx;
  octave_ref<R> (op, pre, vlen, post, x.data (), want, widx);
  const int64_t nout = (op == 2 || op == 3) && len == 0 ? 0 : (int64_t) want.size ();

  size_t ws = 0;
  TU_GM (gm_complex_reduce_workspace_size ((gm_complex_reduce_op) op, cls, nd, dims, dim, &ws));
  void *d_x, *d_out, *d_ws = NULL;
  double *d_idx;
  const C<R> poison ((R) 12345, (R) -6789);
  std::vector<C<R> > got ((size_t) nout + 1, poison);
  std::vector<double> gidx ((size_t) nout + 1, -7.0);
  TU_CUDA (cudaMalloc (&d_x, (size_t) (n + 1) * sizeof (C<R>)));
  TU_CUDA (cudaMalloc (&d_out, (size_t) (nout + 1) * sizeof (C<R>)));
  TU_CUDA (cudaMalloc ((void **) &d_idx, (size_t) (nout + 1) * sizeof (double)));
  if (ws)
    TU_CUDA (cudaMalloc (&d_ws, ws));
  TU_CUDA (cudaMemcpy (d_x, x.data (), (size_t) n * sizeof (C<R>), cudaMemcpyHostToDevice));
  const std::vector<C<R> > init = got;
  const std::vector<double> iinit = gidx;
  std::vector<C<R> > first;
  for (int rep = 0; rep < (twice ? 2 : 1); rep++) {
    TU_CUDA (cudaMemcpy (d_out, init.data (), (size_t) (nout + 1) * sizeof (C<R>),
                         cudaMemcpyHostToDevice));
    TU_CUDA (cudaMemcpy (d_idx, iinit.data (), (size_t) (nout + 1) * sizeof (double),
                         cudaMemcpyHostToDevice));
    TU_GM (gm_complex_reduce ((gm_complex_reduce_op) op, cls, nd, dims, dim, d_x, d_out,
                              op >= 2 ? d_idx : NULL, d_ws, ws, 0));
    TU_CUDA (cudaDeviceSynchronize ());
    if (rep == 1)
      first = got;
    TU_CUDA (cudaMemcpy (got.data (), d_out, (size_t) (nout + 1) * sizeof (C<R>),
                         cudaMemcpyDeviceToHost));
    TU_CUDA (cudaMemcpy (gidx.data (), d_idx, (size_t) (nout + 1) * sizeof (double),
                         cudaMemcpyDeviceToHost));
  }
  char shape[96];
  int w = snprintf (shape, sizeof shape, "%s %s [", op_names[op], gm_class_name (cls));
  for (int d = 0; d < nd; d++)
    w += snprintf (shape + w, sizeof shape - (size_t) w, "%s%lld", d ? " " : "",
                   (long long) dims[d]);
  snprintf (shape + w, sizeof shape - (size_t) w, "] dim %d kind %d+%d", dim, kind, sprinkle);

  int bad = 0;
  int64_t first_bad = -1;
  const bool chunks = chunked (pre * post, vlen);
  const double eps = cls == GM_COMPLEX_SINGLE ? 0x1.0p-23 : 0x1.0p-52;
  /* chunked products: whether each line is finite, and the running products of the moduli
     along it (element by element, in x's layout) */
  std::vector<char> line_finite;
  std::vector<long double> cmod;
  if (chunks && op < 2) {
    line_finite.assign ((size_t) (pre * post), 1);
    cmod.assign ((size_t) n, 1);
    for (int64_t line = 0; line < pre * post; line++) {
      const int64_t base = line % pre + line / pre * pre * vlen;
      long double m = 1;
      for (int64_t i = 0; i < vlen; i++) {
        const C<R> z = x[base + i * pre];
        line_finite[line] &= cfinite (z);
        m *= (long double) std::abs (C<double> (z.real (), z.imag ()));
        cmod[base + i * pre] = m;
      }
    }
  }
  for (int64_t o = 0; o < nout; o++) {
    bool ok;
    if (op >= 2)
      ok = memcmp (&got[o], &want[o], sizeof (C<R>)) == 0 && gidx[o] == (double) (widx[o] + 1);
    else if (!chunks)
      ok = same_bits (got[o], want[o]);
    else {
      /* the line of output o, and its position along it (cumprod) */
      const int64_t line = op == 1 ? (o % pre) + (o / (pre * vlen)) * pre : o;
      const int64_t upto = op == 1 ? (o / pre) % vlen : vlen - 1;
      const int64_t base = line % pre + line / pre * pre * vlen;
      const long double mod = cmod[base + upto * pre];
      if (!line_finite[line] || !cfinite (want[o]) || !cfinite (got[o]))
        ok = same_bits (got[o], want[o]);
      else {
        const double tol = (double) ((long double) (upto + 9) * 8 * eps * mod);
        ok = std::abs (C<double> (got[o].real (), got[o].imag ())
                       - C<double> (want[o].real (), want[o].imag ())) <= tol;
      }
    }
    if (!ok && !bad++)
      first_bad = o;
  }
  if (first_bad >= 0)
    tu_result (0, "%s: %d of %lld outputs differ; first %lld: (%.17g, %.17g) [%g], Octave "
               "(%.17g, %.17g) [%lld]", shape, bad, (long long) nout, (long long) first_bad,
               (double) got[first_bad].real (), (double) got[first_bad].imag (), gidx[first_bad],
               (double) want[first_bad].real (), (double) want[first_bad].imag (),
               (long long) (op >= 2 ? widx[first_bad] + 1 : 0));
  else
    tu_result (1, "");
  tu_result (memcmp (&got[nout], &poison, sizeof poison) == 0
             && (op < 2 || gidx[nout] == -7.0), "%s: written past the output", shape);
  if (twice)
    tu_result (memcmp (first.data (), got.data (), (size_t) nout * sizeof (C<R>)) == 0,
               "%s: two runs differ", shape);
  cudaFree (d_x);
  cudaFree (d_out);
  cudaFree (d_idx);
  if (d_ws)
    cudaFree (d_ws);
}

static void test_shapes (void)
{
  struct Shape { int nd; int64_t dims[4]; };
  const Shape small[] = {{2, {1, 1}}, {2, {0, 0}}, {2, {0, 3}}, {2, {3, 0}}, {2, {1, 7}},
                         {2, {7, 1}}, {2, {5, 4}}, {2, {13, 11}}, {3, {3, 4, 5}},
                         {3, {2, 0, 3}}, {4, {2, 3, 1, 4}}, {2, {2, 97}}, {2, {97, 3}}};
  for (int op = 0; op < 4; op++)
    for (int c = 0; c < 2; c++) {
      const gm_class cls = c ? GM_COMPLEX_SINGLE : GM_COMPLEX_DOUBLE;
      for (const Shape &s : small)
        for (int dim = 1; dim <= s.nd + 1; dim++)
          for (int kind = 0; kind <= 1; kind++) {
            if (c)
              run_case<float> (cls, op, s.nd, s.dims, dim, kind, 0, false);
            else
              run_case<double> (cls, op, s.nd, s.dims, dim, kind, 0, false);
          }
    }
}

/* Long lines: one chunk (<= 1024), chunked along the contiguous dimension and across it, two
   levels of partials (not in --quick), with and without specials. */
static void test_long (void)
{
  struct Shape { int nd; int64_t dims[3]; int dim; };
  /* the last two not in --quick (the CPU stand-in walks them one thread after another) */
  const Shape shapes[] = {{2, {1024, 3}, 1}, {2, {5000, 2}, 1}, {2, {3, 4099}, 2},
                          {3, {2, 3000, 2}, 2}, {2, {1, 20000}, 2}, {2, {1100000, 1}, 1}};
  const int count = (int) (sizeof shapes / sizeof shapes[0]) - (quick ? 2 : 0);
  for (int op = 0; op < 4; op++)
    for (int c = 0; c < 2; c++) {
      const gm_class cls = c ? GM_COMPLEX_SINGLE : GM_COMPLEX_DOUBLE;
      for (int k = 0; k < count; k++) {
        const Shape &s = shapes[k];
        for (int sprinkle : {0, 3, 40}) {
          const int kind = op >= 2 && sprinkle == 40 ? 1 : 2;
          if (c)
            run_case<float> (cls, op, s.nd, s.dims, s.dim, kind, sprinkle, true);
          else
            run_case<double> (cls, op, s.nd, s.dims, s.dim, kind, sprinkle, true);
        }
      }
    }
}

/* Octave's quirk, by construction: a NaN with an infinite part after the slice's first NaN-free
   position beats finite values in max, before it is passed over (row-wise loop) */
static void test_nan_inf (void)
{
  const double nan = NAN, inf = INFINITY;
  const int64_t d23[2] = {2, 3}, d32[2] = {3, 2}, d14[2] = {1, 4};
  /* [NaN 1 3; 1 NaN+Inf*i 2]: along 2 (pre 2) every column has a NaN: 3 and 2;
     its transpose along 1 (pre 1): the second line takes NaN+Inf*i */
  const C<double> a[6] = {{nan, 0}, {1, 0}, {1, 0}, {nan, inf}, {3, 0}, {2, 0}};
  const C<double> at[6] = {{nan, 0}, {1, 0}, {3, 0}, {1, 0}, {nan, inf}, {2, 0}};
  const C<double> b[4] = {{1, 0}, {nan, inf}, {2, 0}, {inf, 0}};
  const C<double> e[4] = {{inf, 0}, {nan, inf}, {-inf, 0}, {1, 0}};
  struct Case { const C<double> *x; const int64_t *dims; int dim; C<double> want; double i; int row; };
  const Case cases[] = {{a, d23, 2, {2, 0}, 3, 1}, {at, d32, 1, {nan, inf}, 2, 1},
                        {b, d14, 2, {nan, inf}, 2, 0}, {e, d14, 2, {-inf, 0}, 3, 0}};
  for (const Case &k : cases) {
    void *d_x, *d_out, *d_ws = NULL;
    double *d_idx;
    size_t ws;
    TU_GM (gm_complex_reduce_workspace_size (GM_CX_MAX, GM_COMPLEX_DOUBLE, 2, k.dims, k.dim, &ws));
    TU_CUDA (cudaMalloc (&d_x, 6 * sizeof (C<double>)));
    TU_CUDA (cudaMalloc (&d_out, 3 * sizeof (C<double>)));
    TU_CUDA (cudaMalloc ((void **) &d_idx, 3 * sizeof (double)));
    if (ws)
      TU_CUDA (cudaMalloc (&d_ws, ws));
    TU_CUDA (cudaMemcpy (d_x, k.x, 6 * sizeof (C<double>), cudaMemcpyHostToDevice));
    TU_GM (gm_complex_reduce (GM_CX_MAX, GM_COMPLEX_DOUBLE, 2, k.dims, k.dim, d_x, d_out, d_idx,
                              d_ws, ws, 0));
    C<double> got[3];
    double gi[3];
    TU_CUDA (cudaMemcpy (got, d_out, 3 * sizeof (C<double>), cudaMemcpyDeviceToHost));
    TU_CUDA (cudaMemcpy (gi, d_idx, 3 * sizeof (double), cudaMemcpyDeviceToHost));
    tu_result (same_bits (got[k.row], k.want) && gi[k.row] == k.i,
               "max NaN+Inf*i quirk (dim %d): (%g, %g) at %g, want (%g, %g) at %g", k.dim,
               got[k.row].real (), got[k.row].imag (), gi[k.row], k.want.real (),
               k.want.imag (), k.i);
    cudaFree (d_x);
    cudaFree (d_out);
    cudaFree (d_idx);
    if (d_ws)
      cudaFree (d_ws);
  }
}

static void test_errors (void)
{
  const int64_t dims[2] = {3, 4};
  size_t ws = 0;
  double buf[32];
  tu_result (gm_complex_reduce_workspace_size (GM_CX_PROD, GM_DOUBLE, 2, dims, 1, &ws)
             == GM_ERR_INVALID_ARGUMENT, "a real class is refused");
  tu_result (gm_complex_reduce_workspace_size ((gm_complex_reduce_op) 9, GM_COMPLEX_DOUBLE, 2,
                                               dims, 1, &ws) == GM_ERR_INVALID_ARGUMENT,
             "an unknown op is refused");
  tu_result (gm_complex_reduce_workspace_size (GM_CX_MAX, GM_COMPLEX_DOUBLE, 2, dims, 0, &ws)
             == GM_ERR_INVALID_ARGUMENT, "dim 0 is refused");
  tu_result (gm_complex_reduce_workspace_size (GM_CX_MAX, GM_COMPLEX_DOUBLE, 2, dims, 1, NULL)
             == GM_ERR_INVALID_ARGUMENT, "a NULL result pointer is refused");
  tu_result (gm_complex_reduce (GM_CX_MIN, GM_COMPLEX_SINGLE, 2, dims, 1, NULL, buf, NULL, NULL,
                                0, 0) == GM_ERR_INVALID_ARGUMENT, "NULL data is refused");
  /* a workspace is needed: max along a pre > 1 dimension (J and the NaN flags) */
  TU_GM (gm_complex_reduce_workspace_size (GM_CX_MAX, GM_COMPLEX_DOUBLE, 2, dims, 2, &ws));
  tu_result (ws > 0, "max along 2 asks for a workspace");
  void *d;
  TU_CUDA (cudaMalloc (&d, 16 * 12 + 64));
  tu_result (gm_complex_reduce (GM_CX_MAX, GM_COMPLEX_DOUBLE, 2, dims, 2, d, d, NULL, NULL, 0, 0)
             == GM_ERR_INVALID_ARGUMENT, "a missing workspace is refused");
  tu_result (gm_complex_reduce (GM_CX_MAX, GM_COMPLEX_DOUBLE, 2, dims, 2, d, d, NULL,
                                (char *) d + 8, ws, 0) == GM_ERR_INVALID_ARGUMENT,
             "a misaligned workspace is refused");
  cudaFree (d);
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_reduce_complex"))
    return tu_finish ("test_reduce_complex");
  tu_seed (20261128);
  test_errors ();
  test_nan_inf ();
  test_shapes ();
  test_long ();
  return tu_finish ("test_reduce_complex");
}
