/* test_dot.cu: gm_dot (kernels/dot.cu) against a CPU reference in long double.
 *
 * Every case: fresh random data in [-1, 1), x and y uploaded at a chosen element offset (so
 * 16-byte alignment is exercised), the output poisoned with NaN bits and guarded by a poisoned
 * element on each side, then |d - dref| <= len*eps(class)*sum|x.*y| + tiny for every output and
 * the guards untouched.  Lengths sit around every boundary of the partition (warp, block, tile,
 * the short/long switch, the chunk count) and the shapes reach each kernel.
 *
 *   test_dot            the full set (needs ~5 GB of GPU memory for the 2^27+1 cases)
 *   test_dot --quick    fewer large cases, every edge still reached: for compute-sanitizer
 *
 * gm_dot_mixed (mixed_tests, at the end): every integer class with itself, double and single
 * (either order), the complex pairs (complex-complex, real-complex, complex-real, double and
 * single), double with single, on (pre, len, post) shapes that reach each mixed kernel (len 0,
 * empty, short columns, one block, chunked with partials, pre > 1 as dim 2 and 3 of a 3-D
 * array), saturating products, .5 ties, NaN and Inf; integer results must equal the exact sum
 * correctly rounded, bit for bit, and Octave's left-to-right sum wherever that one is exact;
 * literal values from octave-cli 7.3.0; refused class pairs; no device memory left behind.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "test_util.h"

/* kernels/dot.cu, for tests and benchmarks only. */
extern "C" gm_status gm_dot_tuned_workspace_size (int classic, int64_t target_blocks, int unroll,
                                                  gm_class cls, int64_t pre, int64_t len,
                                                  int64_t post, size_t *bytes);
extern "C" gm_status gm_dot_tuned (int classic, int64_t target_blocks, int unroll, gm_class cls,
                                   int64_t pre, int64_t len, int64_t post, const void *d_x,
                                   const void *d_y, void *d_out, void *d_workspace,
                                   size_t workspace_bytes, cudaStream_t stream);

static int quick;
static const char *cls_name (gm_class c) { return c == GM_SINGLE ? "single" : "double"; }

/* Which version to run: the default (gm_dot) or a tuned/classic one. */
typedef struct { int classic; int64_t target; int unroll; } version;
static const version DEFAULT_VERSION = {0, 0, 0};

/* Run gm_dot (or a version) on host arrays of n = pre*len*post elements, x at element offset
   offx and y at offy of their device buffers.  Writes pre*post results (as doubles, exact for
   single) to res.  Checks the guards and that the workspace asked for suffices. */
static gm_status run_dot (version v, gm_class cls, int64_t pre, int64_t len, int64_t post,
                          const void *hx, const void *hy, int offx, int offy, double *res)
{
  const size_t es = gm_class_size (cls), n = (size_t) (pre * len * post), nout = pre * post;
  char *dx, *dy, *dout;
  void *dwork = NULL;
  size_t work = 0;
  gm_status st = v.classic || v.target || v.unroll
    ? gm_dot_tuned_workspace_size (v.classic, v.target, v.unroll, cls, pre, len, post, &work)
    : gm_dot_workspace_size (cls, pre, len, post, &work);
  if (st != GM_OK)
    return st;
  TU_CUDA (cudaMalloc (&dx, (n + 4) * es));
  TU_CUDA (cudaMalloc (&dy, (n + 4) * es));
  TU_CUDA (cudaMalloc (&dout, (nout + 2) * es));
  if (work)
    TU_CUDA (cudaMalloc (&dwork, work));
  TU_CUDA (cudaMemcpy (dx + offx * es, hx, n * es, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (dy + offy * es, hy, n * es, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemset (dout, 0xff, (nout + 2) * es));          /* NaN in both classes */
  if (work)
    TU_CUDA (cudaMemset (dwork, 0xff, work));
  st = v.classic || v.target || v.unroll
    ? gm_dot_tuned (v.classic, v.target, v.unroll, cls, pre, len, post, dx + offx * es,
                    dy + offy * es, dout + es, dwork, work, 0)
    : gm_dot (cls, pre, len, post, dx + offx * es, dy + offy * es, dout + es, dwork, work, 0);
  if (st == GM_OK)
    st = gm_cuda_status (cudaDeviceSynchronize (), "test_dot: after gm_dot");
  if (st == GM_OK) {
    char *h = (char *) malloc ((nout + 2) * es);
    TU_CUDA (cudaMemcpy (h, dout, (nout + 2) * es, cudaMemcpyDeviceToHost));
    for (size_t o = 0; o < nout; o++)
      res[o] = tu_get (cls, h + es, o);
    unsigned char poison[8];
    memset (poison, 0xff, sizeof poison);
    tu_result (memcmp (h, poison, es) == 0 && memcmp (h + (nout + 1) * es, poison, es) == 0,
               "%s pre=%lld len=%lld post=%lld: wrote outside out", cls_name (cls),
               (long long) pre, (long long) len, (long long) post);
    free (h);
  }
  cudaFree (dx);
  cudaFree (dy);
  cudaFree (dout);
  cudaFree (dwork);
  return st;
}

/* One shape with fresh data, compared with the reference. */
static void check_shape (version v, gm_class cls, int64_t pre, int64_t len, int64_t post,
                         int offx, int offy)
{
  const size_t es = gm_class_size (cls), n = (size_t) (pre * len * post), nout = pre * post;
  void *hx = malloc (n * es + 1), *hy = malloc (n * es + 1);
  double *res = (double *) malloc ((nout + 1) * sizeof (double));
  long double *ref = (long double *) malloc ((nout + 1) * sizeof (long double));
  long double *absum = (long double *) malloc ((nout + 1) * sizeof (long double));
  tu_fill (cls, hx, NULL, n);
  tu_fill (cls, hy, NULL, n);
  gm_status st = run_dot (v, cls, pre, len, post, hx, hy, offx, offy, res);
  tu_result (st == GM_OK, "%s pre=%lld len=%lld post=%lld: status %d (%s)", cls_name (cls),
             (long long) pre, (long long) len, (long long) post, (int) st, gm_error_detail ());
  if (st == GM_OK) {
    tu_dot_reference (cls, pre, len, post, hx, hy, ref, absum);
    int bad = 0;
    double worst = 0;
    for (size_t o = 0; o < nout; o++) {
      const long double err = fabsl ((long double) res[o] - ref[o]);
      const long double bound = (long double) (len > 0 ? len : 1) * tu_eps (cls) * absum[o]
                                + 1e-300L;
      if (!(err <= bound)) {
        if (bad++ < 3)
          printf ("  out[%zu] = %.17g, reference %.17Lg, error %.3Lg > bound %.3Lg\n", o, res[o],
                  ref[o], err, bound);
      }
      if (bound > 0 && (double) (err / bound) > worst)
        worst = (double) (err / bound);
    }
    tu_result (bad == 0, "%s%s pre=%lld len=%lld post=%lld offsets %d,%d: %d of %zu outputs off",
               v.classic ? "classic " : "", cls_name (cls), (long long) pre, (long long) len,
               (long long) post, offx, offy, bad, nout);
  }
  free (hx);
  free (hy);
  free (res);
  free (ref);
  free (absum);
}

/* The same data run `reps` times, and once more at other offsets: identical bits each time. */
static void check_determinism (gm_class cls, int64_t pre, int64_t len, int64_t post, int reps)
{
  const size_t es = gm_class_size (cls), n = (size_t) (pre * len * post), nout = pre * post;
  void *hx = malloc (n * es), *hy = malloc (n * es);
  double *first = (double *) malloc (nout * sizeof (double));
  double *again = (double *) malloc (nout * sizeof (double));
  tu_fill (cls, hx, NULL, n);
  tu_fill (cls, hy, NULL, n);
  TU_GM (run_dot (DEFAULT_VERSION, cls, pre, len, post, hx, hy, 0, 0, first));
  int same = 1;
  for (int r = 1; r < reps; r++) {
    TU_GM (run_dot (DEFAULT_VERSION, cls, pre, len, post, hx, hy, 0, 0, again));
    same &= memcmp (first, again, nout * sizeof (double)) == 0;
  }
  tu_result (same, "%s pre=%lld len=%lld post=%lld: results differ between %d runs",
             cls_name (cls), (long long) pre, (long long) len, (long long) post, reps);
  /* The order of the additions must not depend on the pointers' alignment. */
  const int offs[3][2] = {{1, 1}, {1, 0}, {3, 2}};
  for (int k = 0; k < 3; k++) {
    TU_GM (run_dot (DEFAULT_VERSION, cls, pre, len, post, hx, hy, offs[k][0], offs[k][1], again));
    tu_result (memcmp (first, again, nout * sizeof (double)) == 0,
               "%s pre=%lld len=%lld post=%lld: offsets %d,%d change the bits", cls_name (cls),
               (long long) pre, (long long) len, (long long) post, offs[k][0], offs[k][1]);
  }
  free (hx);
  free (hy);
  free (first);
  free (again);
}

static void set (gm_class cls, void *buf, size_t k, double v)
{
  if (cls == GM_SINGLE)
    ((float *) buf)[k] = (float) v;
  else
    ((double *) buf)[k] = v;
}

/* NaN in output 0, +Inf in output 1, Inf*0 in output 2, output 3 finite. */
static void check_special (gm_class cls, int64_t pre, int64_t len, int64_t post)
{
  const size_t es = gm_class_size (cls), n = (size_t) (pre * len * post), nout = pre * post;
  void *hx = malloc (n * es), *hy = malloc (n * es);
  double *res = (double *) malloc (nout * sizeof (double));
  tu_fill (cls, hx, NULL, n);
  tu_fill (cls, hy, NULL, n);
  int64_t i = len / 2 + 1 < len ? len / 2 + 1 : len - 1;  /* inside, not at the start */
  size_t k[4];
  for (int o = 0; o < 4; o++) {
    const int64_t a = o % pre, b = o / pre;
    k[o] = (size_t) (a + i * pre + b * pre * len);
  }
  set (cls, hx, k[0], NAN);
  set (cls, hx, k[1], INFINITY);
  set (cls, hy, k[1], 0.5);
  set (cls, hx, k[2], INFINITY);
  set (cls, hy, k[2], 0.0);
  gm_status st = run_dot (DEFAULT_VERSION, cls, pre, len, post, hx, hy, 0, 0, res);
  tu_result (st == GM_OK && isnan (res[0]) && isinf (res[1]) && res[1] > 0 && isnan (res[2])
               && isfinite (res[3]),
             "%s pre=%lld len=%lld post=%lld: NaN/Inf not propagated (%g %g %g %g)",
             cls_name (cls), (long long) pre, (long long) len, (long long) post, res[0], res[1],
             res[2], res[3]);
  free (hx);
  free (hy);
  free (res);
}

/* Empty shapes, bad arguments, a workspace too small. */
static void check_api (gm_class cls)
{
  size_t bytes = 1;
  const size_t es = gm_class_size (cls);
  char *dout;
  TU_CUDA (cudaMalloc (&dout, 8 * es));
  /* len == 0: zeros */
  TU_CUDA (cudaMemset (dout, 0xff, 8 * es));
  TU_GM (gm_dot_workspace_size (cls, 2, 0, 3, &bytes));
  tu_result (bytes == 0, "len == 0 asks for %zu bytes of workspace", bytes);
  TU_GM (gm_dot (cls, 2, 0, 3, NULL, NULL, dout, NULL, 0, 0));
  TU_CUDA (cudaDeviceSynchronize ());
  char h[64];
  TU_CUDA (cudaMemcpy (h, dout, 8 * es, cudaMemcpyDeviceToHost));
  int zeros = 1;
  for (int o = 0; o < 6; o++)
    zeros &= tu_get (cls, h, o) == 0.0 && !signbit (tu_get (cls, h, o));
  tu_result (zeros && isnan (tu_get (cls, h, 6)), "%s len == 0: not 6 zeros", cls_name (cls));
  /* pre*post == 0: nothing written */
  TU_CUDA (cudaMemset (dout, 0xff, 8 * es));
  TU_GM (gm_dot (cls, 0, 5, 3, NULL, NULL, dout, NULL, 0, 0));
  TU_GM (gm_dot (cls, 4, 5, 0, NULL, NULL, dout, NULL, 0, 0));
  TU_CUDA (cudaMemcpy (h, dout, 8 * es, cudaMemcpyDeviceToHost));
  tu_result (isnan (tu_get (cls, h, 0)), "%s pre*post == 0 wrote something", cls_name (cls));
  /* bad arguments */
  tu_result (gm_dot_workspace_size (cls, -1, 5, 1, &bytes) == GM_ERR_INVALID_ARGUMENT,
             "negative pre accepted");
  tu_result (gm_dot (cls, 1, -5, 1, dout, dout, dout, NULL, 0, 0) == GM_ERR_INVALID_ARGUMENT,
             "negative len accepted");
  tu_result (gm_dot ((gm_class) 7, 1, 5, 1, dout, dout, dout, NULL, 0, 0)
               == GM_ERR_INVALID_ARGUMENT, "unknown class accepted");
  tu_result (gm_dot_workspace_size (cls, INT64_MAX / 2, 4, 1, &bytes) == GM_ERR_SIZE_OVERFLOW,
             "overflowing size accepted");
  tu_result (gm_dot (cls, 1, 5, 1, NULL, dout, dout, NULL, 0, 0) == GM_ERR_INVALID_ARGUMENT,
             "NULL x accepted");
  /* a workspace one byte short, or missing */
  const int64_t len = 1 << 16;
  TU_GM (gm_dot_workspace_size (cls, 1, len, 1, &bytes));
  tu_result (bytes > 0, "%s len %lld: no workspace asked for", cls_name (cls), (long long) len);
  char *dx;
  TU_CUDA (cudaMalloc (&dx, len * es + bytes));
  tu_result (gm_dot (cls, 1, len, 1, dx, dx, dout, dx, bytes - 1, 0) == GM_ERR_INVALID_ARGUMENT,
             "workspace too small accepted");
  tu_result (gm_dot (cls, 1, len, 1, dx, dx, dout, NULL, bytes, 0) == GM_ERR_INVALID_ARGUMENT,
             "NULL workspace accepted");
  TU_CUDA (cudaFree (dx));
  TU_CUDA (cudaFree (dout));
}

/* ======================================================================================== */
/* gm_dot_mixed: complex (first argument conjugated), integer classes with Octave's products,  */
/* double with single.  The references here are written apart from kernels/dot_*.cu: integer  */
/* products by Octave's rules (oct-inttypes.cc, spelled out again below), their exact sum in   */
/* __int128 rounded once (gcc's __int128 to double conversion is correctly rounded); complex   */
/* and double/single in long double with a len*eps bound.  Literal values come from           */
/* octave-cli 7.3.0.                                                                          */

typedef __int128 i128;
typedef unsigned __int128 u128;

static int mx_signed (gm_class c) { return c == GM_INT8 || c == GM_INT16 || c == GM_INT32 || c == GM_INT64; }
static i128 mx_max (gm_class c)
{
  const int b = 8 * (int) gm_class_size (c);
  return mx_signed (c) ? ((i128) 1 << (b - 1)) - 1 : ((i128) 1 << b) - 1;
}
static i128 mx_min (gm_class c)
{
  return mx_signed (c) ? -((i128) 1 << (8 * (int) gm_class_size (c) - 1)) : 0;
}
static i128 mx_clamp (gm_class c, i128 v) { return v > mx_max (c) ? mx_max (c) : v < mx_min (c) ? mx_min (c) : v; }
static i128 mx_geti (gm_class c, const void *b, size_t i)
{
  switch (c) {
  case GM_INT8: return ((const int8_t *) b)[i];
  case GM_UINT8: return ((const uint8_t *) b)[i];
  case GM_INT16: return ((const int16_t *) b)[i];
  case GM_UINT16: return ((const uint16_t *) b)[i];
  case GM_INT32: return ((const int32_t *) b)[i];
  case GM_UINT32: return ((const uint32_t *) b)[i];
  case GM_INT64: return ((const int64_t *) b)[i];
  default: return ((const uint64_t *) b)[i];
  }
}
static void mx_seti (gm_class c, void *b, size_t i, i128 v)
{
  switch (c) {
  case GM_INT8: ((int8_t *) b)[i] = (int8_t) v; break;
  case GM_UINT8: ((uint8_t *) b)[i] = (uint8_t) v; break;
  case GM_INT16: ((int16_t *) b)[i] = (int16_t) v; break;
  case GM_UINT16: ((uint16_t *) b)[i] = (uint16_t) v; break;
  case GM_INT32: ((int32_t *) b)[i] = (int32_t) v; break;
  case GM_UINT32: ((uint32_t *) b)[i] = (uint32_t) v; break;
  case GM_INT64: ((int64_t *) b)[i] = (int64_t) v; break;
  default: ((uint64_t *) b)[i] = (uint64_t) v; break;
  }
}
/* a real element of double or single */
static double mx_getf (gm_class c, const void *b, size_t i)
{
  return c == GM_SINGLE ? (double) ((const float *) b)[i] : ((const double *) b)[i];
}

/* octave_int<T> (double): NaN -> 0, round half away, saturate */
static i128 ref_int_of (gm_class c, double v)
{
  if (v != v)
    return 0;
  if (v >= (double) mx_max (c) + 1.0 || v >= 1.8446744073709552e19)
    return mx_max (c);
  if (v <= (double) mx_min (c) - 1.0)
    return mx_min (c);
  const double r = round (v);
  return mx_clamp (c, (i128) r);
}
/* Octave's int64 / uint64 * double (oct-inttypes.cc), spelled out the way Octave writes it:
   umul128 into four 32-bit words, dbleget per word, saturating adds */
static i128 ref_int64_times (gm_class c, i128 x, double y)
{
  const int u = c == GM_UINT64;
  const double lim = u ? 18446744073709551616.0 : 9223372036854775808.0;
  if ((u ? y >= 0 && y < lim : fabs (y) < lim) && y == round (y)) {
    if (u) {   /* up to (2^64 - 1)^2: unsigned */
      const u128 p = (u128) x * (u128) (uint64_t) y;
      return (p >> 64) ? mx_max (c) : (i128) p;
    }
    return mx_clamp (c, x * (i128) (int64_t) y);
  }
  if (y == 0.5)   /* x / 2, rounded half away */
    return x >= 0 ? (x + 1) / 2 : (x - 1) / 2;
  if (!u && y == -0.5) {   /* x / octave_int64 (uint64_t (-2.0)): x / intmax, rounded */
    const i128 d = mx_max (c), q = x / d, r = x % d;
    return q + ((r < 0 ? -r : r) * 2 >= d ? (x < 0 ? -1 : 1) : 0);
  }
  if ((u && y < 0) || y != y || isinf (y))
    return ref_int_of (c, (double) (long double) x * y);
  int e;
  const double f = frexp (fabs (y), &e);
  const uint64_t my = (uint64_t) ldexp (f, 52);
  e -= 52;
  const int neg = !u && ((y < 0) != (x < 0));
  const u128 ax = x < 0 ? (u128) -x : (u128) x;
  const uint64_t lx = (uint32_t) ax, ux = (uint64_t) (ax >> 32), ly = (uint32_t) my, uy = my >> 32;
  uint32_t w[4];
  uint64_t a = lx * ly;
  w[0] = (uint32_t) a; a >>= 32;
  uint64_t uxly = ux * ly, uylx = uy * lx;
  a += (uint32_t) uxly; uxly >>= 32;
  a += (uint32_t) uylx; uylx >>= 32;
  w[1] = (uint32_t) a; a >>= 32;
  a += uxly; a += uylx; a += ux * uy;
  w[2] = (uint32_t) a; a >>= 32;
  w[3] = (uint32_t) a;
  i128 res = 0;
  for (int i = 0; i < 4; i++, e += 32) {
    const double t = ldexp ((double) w[i], e);
    res = mx_clamp (c, res + ref_int_of (c, neg ? -t : t));
  }
  return res;
}
/* Octave's x .* y for integer class ic (x) and yc (ic, double or single), element values */
static i128 ref_int_product (gm_class ic, gm_class yc, i128 x, const void *hy, size_t i)
{
  if (yc == ic && ic == GM_UINT64) {   /* up to (2^64 - 1)^2: past __int128 */
    const u128 p = (u128) x * (u128) mx_geti (ic, hy, i);
    return (p >> 64) ? mx_max (ic) : (i128) p;
  }
  if (yc == ic)
    return mx_clamp (ic, x * mx_geti (ic, hy, i));
  const double y = mx_getf (yc, hy, i);
  if (ic == GM_INT64 || ic == GM_UINT64)
    return ref_int64_times (ic, x, y);
  volatile double p = (double) x * y;   /* rounded once, as Octave's double product */
  return ref_int_of (ic, p);
}

static void *mx_alloc (size_t bytes)
{
  void *p = malloc (bytes ? bytes : 1);
  if (!p) { fprintf (stderr, "test_dot: out of host memory\n"); exit (2); }
  return p;
}

/* Runs gm_dot_mixed on host data (device buffers with a poisoned guard element after the
   output), returns the outputs as doubles (complex: 2 per output).  Also checks the guard and,
   with `twice`, that a second run gives the same bits. */
static gm_status run_mixed (gm_class xc, gm_class yc, int64_t pre, int64_t len, int64_t post,
                            const void *hx, const void *hy, double *res, int twice)
{
  gm_class oc;
  gm_status st = gm_dot_result_class (xc, yc, &oc);
  if (st != GM_OK)
    return st;
  const size_t n = (size_t) (pre * len * post), nout = (size_t) (pre * post);
  const size_t ob = gm_class_size (oc);
  void *dx = NULL, *dy = NULL, *dout = NULL, *dwork = NULL;
  size_t wb = 0;
  TU_GM (gm_dot_mixed_workspace_size (xc, yc, pre, len, post, &wb));
  TU_GM (gm_device_alloc (&dx, n * gm_class_size (xc)));
  TU_GM (gm_device_alloc (&dy, n * gm_class_size (yc)));
  TU_GM (gm_device_alloc (&dout, (nout + 1) * ob));
  TU_GM (gm_device_alloc (&dwork, wb));
  TU_GM (gm_copy_to_device (dx, hx, n * gm_class_size (xc)));
  TU_GM (gm_copy_to_device (dy, hy, n * gm_class_size (yc)));
  unsigned char *h = (unsigned char *) mx_alloc ((nout + 1) * ob);
  unsigned char *h2 = (unsigned char *) mx_alloc ((nout + 1) * ob);
  memset (h, 0xA5, (nout + 1) * ob);
  TU_GM (gm_copy_to_device (dout, h, (nout + 1) * ob));
  st = gm_dot_mixed (xc, yc, pre, len, post, dx, dy, dout, dwork, wb, 0);
  if (st == GM_OK) {
    TU_CUDA (cudaDeviceSynchronize ());
    TU_GM (gm_copy_to_host (h, dout, (nout + 1) * ob));
    int guard = 1;
    for (size_t q = 0; q < ob; q++)
      guard &= h[nout * ob + q] == 0xA5;
    tu_result (guard, "dot mixed %s, %s (%lld, %lld, %lld): guard element overwritten",
               gm_class_name (xc), gm_class_name (yc), (long long) pre, (long long) len,
               (long long) post);
    for (size_t o = 0; o < nout; o++) {
      switch (oc) {
      case GM_DOUBLE: res[o] = ((double *) h)[o]; break;
      case GM_SINGLE: res[o] = ((float *) h)[o]; break;
      case GM_COMPLEX_DOUBLE: res[2 * o] = ((double *) h)[2 * o];
                              res[2 * o + 1] = ((double *) h)[2 * o + 1]; break;
      default: res[2 * o] = ((float *) h)[2 * o]; res[2 * o + 1] = ((float *) h)[2 * o + 1];
      }
    }
    if (twice) {
      TU_GM (gm_dot_mixed (xc, yc, pre, len, post, dx, dy, dout, dwork, wb, 0));
      TU_GM (gm_copy_to_host (h2, dout, nout * ob));
      tu_result (memcmp (h, h2, nout * ob) == 0, "dot mixed %s, %s (%lld, %lld, %lld): two runs "
                 "differ", gm_class_name (xc), gm_class_name (yc), (long long) pre,
                 (long long) len, (long long) post);
    }
  }
  free (h);
  free (h2);
  gm_device_free (dx);
  gm_device_free (dy);
  gm_device_free (dout);
  gm_device_free (dwork);
  return st;
}

static i128 mx_draw (gm_class ic, int kind)
{
  if (kind == 1)
    return mx_signed (ic) ? tu_randint (-20, 20) : tu_randint (0, 30);
  switch (tu_next () % 6) {
  case 0: return mx_max (ic);
  case 1: return mx_min (ic);
  case 2: return mx_signed (ic) ? -3 : 3;
  default: {
    const u128 r = ((u128) tu_next () << 64) | tu_next ();
    return mx_min (ic) + (i128) (r % (u128) (mx_max (ic) - mx_min (ic) + 1));
  }
  }
}

/* Integer class ic against yc (ic, double or single); the integer operand is x unless
   `swap`.  kind 0: full range with extremes (saturating products); 1: small values (exact
   sums that Octave's left-to-right double sum also gets exactly); 2: halves and specials
   against floats (ties, NaN, Inf). */
static void check_mixed_int (gm_class ic, gm_class yc, int swap, int64_t pre, int64_t len,
                             int64_t post, int kind)
{
  const size_t n = (size_t) (pre * len * post), nout = (size_t) (pre * post);
  void *hx = mx_alloc (n * gm_class_size (ic)), *hy = mx_alloc (n * gm_class_size (yc));
  for (size_t i = 0; i < n; i++) {
    mx_seti (ic, hx, i, mx_draw (ic, kind));
    if (yc == ic) {
      mx_seti (ic, hy, i, kind == 1 ? (i128) tu_randint (0, 9) : mx_draw (ic, kind));
    } else {
      double y;
      if (kind == 1)
        y = (double) tu_randint (-6, 6) * 0.5;           /* .5 ties */
      else if (kind == 2)
        switch (tu_next () % 8) {
        case 0: y = NAN; break;
        case 1: y = INFINITY; break;
        case 2: y = -INFINITY; break;
        case 3: y = 0.5; break;
        case 4: y = -0.5; break;
        case 5: y = (double) tu_randint (-1000, 1000) + 0.5; break;
        default: y = tu_uniform () * 3.0;
        }
      else
        y = tu_uniform () * ldexp (1.0, (int) tu_randint (-30, 30));
      if (yc == GM_SINGLE)
        ((float *) hy)[i] = (float) y;
      else
        ((double *) hy)[i] = y;
    }
  }
  double *res = (double *) mx_alloc ((nout ? nout : 1) * sizeof (double));
  gm_status st = swap ? run_mixed (yc, ic, pre, len, post, hy, hx, res, len > 1000)
                      : run_mixed (ic, yc, pre, len, post, hx, hy, res, len > 1000);
  if (st != GM_OK) {
    tu_result (0, "dot mixed %s, %s: status %d (%s)", gm_class_name (ic), gm_class_name (yc),
               (int) st, gm_error_detail ());
  } else {
    int64_t bad = 0, bad_octave = 0;
    double got0 = 0, want0 = 0;
    for (int64_t b = 0; b < post; b++)
      for (int64_t a = 0; a < pre; a++) {
        i128 exact = 0;
        double octave = 0;     /* Octave: sum (double (x .* y)) left to right */
        int octave_exact = 1;
        for (int64_t i = 0; i < len; i++) {
          const size_t k = (size_t) (a + i * pre + b * pre * len);
          const i128 p = ref_int_product (ic, yc, mx_geti (ic, hx, k), hy, k);
          exact += p;
          const double pd = (double) p;
          octave += pd;
          octave_exact &= (i128) pd == p && fabs (octave) <= 9007199254740992.0
                          && (i128) octave == exact;
        }
        const double want = (double) exact, got = res[a + b * pre];
        if (memcmp (&want, &got, sizeof got) != 0 && bad++ == 0) {
          got0 = got;
          want0 = want;
        }
        if (octave_exact && octave != got)
          bad_octave++;
      }
    tu_result (bad == 0 && bad_octave == 0,
               "dot mixed %s%s%s (%lld, %lld, %lld) kind %d: %lld wrong (first %.17g, want "
               "%.17g), %lld differ from Octave's exact sum", gm_class_name (swap ? yc : ic),
               ", ", gm_class_name (swap ? ic : yc), (long long) pre, (long long) len,
               (long long) post, kind, (long long) bad, got0, want0, (long long) bad_octave);
  }
  free (hx);
  free (hy);
  free (res);
}

/* Complex: x of class xc, y of yc (complex or the real class of the precision). */
static void check_mixed_complex (gm_class xc, gm_class yc, int64_t pre, int64_t len, int64_t post)
{
  const size_t n = (size_t) (pre * len * post), nout = (size_t) (pre * post);
  const gm_class r = gm_class_real (xc);
  const int xr = !gm_class_is_complex (xc), yr = !gm_class_is_complex (yc);
  void *hx = mx_alloc (n * gm_class_size (xc)), *hy = mx_alloc (n * gm_class_size (yc));
  tu_fill (r, hx, NULL, xr ? n : 2 * n);
  tu_fill (r, hy, NULL, yr ? n : 2 * n);
  double *res = (double *) mx_alloc (2 * (nout ? nout : 1) * sizeof (double));
  gm_status st = run_mixed (xc, yc, pre, len, post, hx, hy, res, 1);
  if (st != GM_OK) {
    tu_result (0, "dot mixed %s, %s: status %d (%s)", gm_class_name (xc), gm_class_name (yc),
               (int) st, gm_error_detail ());
  } else {
    int64_t bad = 0;
    for (int64_t b = 0; b < post; b++)
      for (int64_t a = 0; a < pre; a++) {
        long double sr = 0, si = 0, mag = 0;
        for (int64_t i = 0; i < len; i++) {
          const size_t k = (size_t) (a + i * pre + b * pre * len);
          const long double ar = xr ? mx_getf (r, hx, k) : mx_getf (r, hx, 2 * k);
          const long double ai = xr ? 0 : mx_getf (r, hx, 2 * k + 1);
          const long double br = yr ? mx_getf (r, hy, k) : mx_getf (r, hy, 2 * k);
          const long double bi = yr ? 0 : mx_getf (r, hy, 2 * k + 1);
          sr += ar * br + ai * bi;     /* conj (x) * y */
          si += ar * bi - ai * br;
          mag += fabsl (ar * br) + fabsl (ai * bi) + fabsl (ar * bi) + fabsl (ai * br);
        }
        const size_t o = (size_t) (a + b * pre);
        const long double tol = (len + 2) * (long double) tu_eps (r) * mag + 1e-300L;
        if (fabsl (res[2 * o] - sr) > tol || fabsl (res[2 * o + 1] - si) > tol)
          bad++;
      }
    tu_result (bad == 0, "dot mixed %s, %s (%lld, %lld, %lld): %lld outputs off", gm_class_name (xc),
               gm_class_name (yc), (long long) pre, (long long) len, (long long) post,
               (long long) bad);
  }
  free (hx);
  free (hy);
  free (res);
}

/* double with single: the double rounded to single first, as Octave's dot */
static void check_mixed_ds (int swap, int64_t pre, int64_t len, int64_t post)
{
  const size_t n = (size_t) (pre * len * post), nout = (size_t) (pre * post);
  double *hd = (double *) mx_alloc (n * sizeof (double));
  float *hf = (float *) mx_alloc (n * sizeof (float));
  tu_fill (GM_DOUBLE, hd, NULL, n);
  tu_fill (GM_SINGLE, hf, NULL, n);
  double *res = (double *) mx_alloc ((nout ? nout : 1) * sizeof (double));
  gm_status st = swap ? run_mixed (GM_SINGLE, GM_DOUBLE, pre, len, post, hf, hd, res, 1)
                      : run_mixed (GM_DOUBLE, GM_SINGLE, pre, len, post, hd, hf, res, 1);
  int64_t bad = 0;
  if (st == GM_OK)
    for (int64_t b = 0; b < post; b++)
      for (int64_t a = 0; a < pre; a++) {
        long double s = 0, mag = 0;
        for (int64_t i = 0; i < len; i++) {
          const size_t k = (size_t) (a + i * pre + b * pre * len);
          const long double p = (long double) (float) hd[k] * hf[k];
          s += p;
          mag += fabsl (p);
        }
        if (fabsl (res[a + b * pre] - s) > 2 * (long double) tu_eps (GM_SINGLE) * mag + 1e-300L)
          bad++;
      }
  tu_result (st == GM_OK && bad == 0, "dot mixed double, single (%lld, %lld, %lld)%s: status %d, "
             "%lld off", (long long) pre, (long long) len, (long long) post, swap ? " swapped" : "",
             (int) st, (long long) bad);
  free (hd);
  free (hf);
  free (res);
}

/* Values checked in octave-cli 7.3.0 */
static void check_mixed_literals (void)
{
  double r[2];
  {
    int8_t x[3] = {100, 100, -100}, y[3] = {100, 100, -100};
    TU_GM (gm_dot_mixed_host (GM_INT8, GM_INT8, 1, 3, 1, x, y, r));
    tu_result (r[0] == 381, "dot (int8 ([100 100 -100]), int8 (...)) = %.17g, Octave 381", r[0]);
    const double yd[3] = {1, 2, 3};
    TU_GM (gm_dot_mixed_host (GM_INT8, GM_DOUBLE, 1, 3, 1, x, yd, r));
    tu_result (r[0] == 99, "dot (int8 ([100 100 -100]), [1 2 3]) = %.17g, Octave 99", r[0]);
    TU_GM (gm_dot_mixed_host (GM_DOUBLE, GM_INT8, 1, 3, 1, yd, x, r));
    tu_result (r[0] == 99, "dot ([1 2 3], int8 ([100 100 -100])) = %.17g, Octave 99", r[0]);
  }
  {
    int8_t x[4] = {100, 3, -5, 7};
    float y[4] = {1.5f, 2.5f, -0.5f, NAN};
    TU_GM (gm_dot_mixed_host (GM_INT8, GM_SINGLE, 1, 4, 1, x, y, r));
    tu_result (r[0] == 138, "dot (int8 ([100 3 -5 7]), single ([1.5 2.5 -0.5 NaN])) = %.17g, "
               "Octave 138", r[0]);
  }
  {
    int64_t x[3] = {(int64_t) 1 << 62, 7, (int64_t) 1 << 62};
    double y[3] = {-0.5, -0.5, -1.0 / 3};
    TU_GM (gm_dot_mixed_host (GM_INT64, GM_DOUBLE, 1, 3, 1, x, y, r));
    tu_result (r[0] == -1537228672809128960.0, "dot (int64 ([2^62 7 2^62]), [-0.5 -0.5 -1/3]) = "
               "%.17g, Octave -1537228672809128960 (2^62 .* -0.5 is 1, 2^62 .* -1/3 drops y's "
               "last mantissa bit)", r[0]);
    int64_t x1 = ((int64_t) 1 << 62);
    double y1 = -1.0 / 3;
    TU_GM (gm_dot_mixed_host (GM_INT64, GM_DOUBLE, 1, 1, 1, &x1, &y1, r));
    tu_result (r[0] == -1537228672809128960.0, "int64 (2^62) .* -1/3 = %.17g, Octave "
               "-1537228672809128960", r[0]);
    y1 = -0.5;
    TU_GM (gm_dot_mixed_host (GM_INT64, GM_DOUBLE, 1, 1, 1, &x1, &y1, r));
    tu_result (r[0] == 1, "int64 (2^62) .* -0.5 = %.17g, Octave 7.3 1", r[0]);
    int64_t x2 = 9007199254740993;
    double y2 = 1.5;
    TU_GM (gm_dot_mixed_host (GM_INT64, GM_DOUBLE, 1, 1, 1, &x2, &y2, r));
    tu_result (r[0] == 13510798882111490.0, "int64 (2^53 + 1) .* 1.5 = %.17g, Octave "
               "13510798882111490", r[0]);
  }
  {
    uint64_t x[2] = {UINT64_MAX, 3};
    double y[2] = {0.5, -2};
    TU_GM (gm_dot_mixed_host (GM_UINT64, GM_DOUBLE, 1, 2, 1, x, y, r));
    tu_result (r[0] == 9223372036854775808.0, "dot (uint64 ([max 3]), [0.5 -2]) = %.17g, Octave "
               "9223372036854775808", r[0]);
  }
  {
    int32_t x[3] = {INT32_MAX, INT32_MIN, 5}, y[3] = {2, 2, 3};
    TU_GM (gm_dot_mixed_host (GM_INT32, GM_INT32, 1, 3, 1, x, y, r));
    tu_result (r[0] == 14, "dot (int32 ([max min 5]), int32 ([2 2 3])) = %.17g, Octave 14", r[0]);
    uint8_t u[2] = {200, 3};
    float f[2] = {1.5f, -INFINITY};
    TU_GM (gm_dot_mixed_host (GM_UINT8, GM_SINGLE, 1, 2, 1, u, f, r));
    tu_result (r[0] == 255, "dot (uint8 ([200 3]), single ([1.5 -Inf])) = %.17g, Octave 255", r[0]);
    /* int .* single is computed in double (a single product would round 50331651) */
    int32_t w = 16777217;
    float f3 = 3;
    TU_GM (gm_dot_mixed_host (GM_INT32, GM_SINGLE, 1, 1, 1, &w, &f3, r));
    tu_result (r[0] == 50331651, "int32 (16777217) .* single (3) = %.17g, Octave 50331651", r[0]);
    int16_t s[3] = {7, -7, 3};
    double d[3] = {0.5, 0.5, NAN};
    TU_GM (gm_dot_mixed_host (GM_INT16, GM_DOUBLE, 1, 3, 1, s, d, r));
    tu_result (r[0] == 0, "dot (int16 ([7 -7 3]), [0.5 0.5 NaN]) = %.17g, Octave 0", r[0]);
  }
  {
    /* exact where Octave is not: int64 (2^53 + 1) and -(2^53) summed exactly is 1; Octave
       rounds 2^53 + 1 to double first and says 0 */
    int64_t x[2] = {((int64_t) 1 << 53) + 1, -((int64_t) 1 << 53)}, y[2] = {1, 1};
    TU_GM (gm_dot_mixed_host (GM_INT64, GM_INT64, 1, 2, 1, x, y, r));
    tu_result (r[0] == 1, "dot (int64 ([2^53+1 -2^53]), int64 ([1 1])) = %.17g, exact 1", r[0]);
  }
  {
    /* complex: the real operand taken as promoted (imaginary part +0): Octave's
       dot ([1 2], [complex(0, Inf) 1]) is NaN + Inf i, dot ([complex(0, Inf) 1], [1 2]) is
       NaN - Inf i; dot (single ([1+2i 3]), single ([4 5-1i])) is 19 - 11i */
    double xr[2] = {1, 2}, yc[4] = {0, INFINITY, 1, 0};
    TU_GM (gm_dot_mixed_host (GM_DOUBLE, GM_COMPLEX_DOUBLE, 1, 2, 1, xr, yc, r));
    tu_result (r[0] != r[0] && r[1] == INFINITY, "dot ([1 2], [complex(0,Inf) 1]) = %g%+gi, Octave "
               "NaN + Inf i", r[0], r[1]);
    TU_GM (gm_dot_mixed_host (GM_COMPLEX_DOUBLE, GM_DOUBLE, 1, 2, 1, yc, xr, r));
    tu_result (r[0] != r[0] && r[1] == -INFINITY, "dot ([complex(0,Inf) 1], [1 2]) = %g%+gi, "
               "Octave NaN - Inf i", r[0], r[1]);
    float xs[4] = {1, 2, 3, 0}, ys[4] = {4, 0, 5, -1}, rs[2];
    TU_GM (gm_dot_mixed_host (GM_COMPLEX_SINGLE, GM_COMPLEX_SINGLE, 1, 2, 1, xs, ys, rs));
    tu_result (rs[0] == 19 && rs[1] == -11, "dot (single ([1+2i 3]), single ([4 5-1i])) = "
               "%g%+gi, Octave 19 - 11i", rs[0], rs[1]);
  }
}

static void check_mixed_api (void)
{
  gm_class oc;
  const gm_class refused[][2] = {{GM_INT8, GM_INT16}, {GM_UINT64, GM_INT64},
                                 {GM_INT8, GM_COMPLEX_DOUBLE}, {GM_COMPLEX_SINGLE, GM_INT32},
                                 {GM_COMPLEX_DOUBLE, GM_SINGLE}, {GM_COMPLEX_SINGLE, GM_COMPLEX_DOUBLE},
                                 {(gm_class) 99, GM_DOUBLE}};
  for (size_t k = 0; k < sizeof refused / sizeof refused[0]; k++) {
    gm_status st = gm_dot_result_class (refused[k][0], refused[k][1], &oc);
    double out[4];
    int8_t x[2] = {1, 2};
    gm_status st2 = gm_dot_mixed_host (refused[k][0], refused[k][1], 1, 2, 1, x, x, out);
    tu_result (st == GM_ERR_INVALID_ARGUMENT && st2 == GM_ERR_INVALID_ARGUMENT,
               "classes %d, %d: status %d / %d, want invalid argument", (int) refused[k][0],
               (int) refused[k][1], (int) st, (int) st2);
  }
  const gm_class pairs[][3] = {{GM_INT8, GM_INT8, GM_DOUBLE}, {GM_UINT16, GM_SINGLE, GM_DOUBLE},
                               {GM_DOUBLE, GM_INT64, GM_DOUBLE}, {GM_DOUBLE, GM_SINGLE, GM_SINGLE},
                               {GM_DOUBLE, GM_DOUBLE, GM_DOUBLE}, {GM_SINGLE, GM_COMPLEX_SINGLE, GM_COMPLEX_SINGLE},
                               {GM_COMPLEX_DOUBLE, GM_DOUBLE, GM_COMPLEX_DOUBLE}};
  for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
    gm_status st = gm_dot_result_class (pairs[k][0], pairs[k][1], &oc);
    tu_result (st == GM_OK && oc == pairs[k][2], "result class of %s, %s: %s",
               gm_class_name (pairs[k][0]), gm_class_name (pairs[k][1]),
               st == GM_OK ? gm_class_name (oc) : "refused");
  }
  /* workspace too small, negative size */
  size_t wb = 0;
  TU_GM (gm_dot_mixed_workspace_size (GM_INT32, GM_INT32, 1, 1 << 22, 1, &wb));
  tu_result (wb > 0, "int32 dot of 2^22: no workspace asked for (chunked plan expected)");
  void *d = NULL;
  TU_GM (gm_device_alloc (&d, 1 << 22));
  gm_status st = gm_dot_mixed (GM_INT32, GM_INT32, 1, 1 << 20, 1, d, d, d, NULL, 0, 0);
  tu_result (st == GM_ERR_INVALID_ARGUMENT, "missing workspace: status %d", (int) st);
  st = gm_dot_mixed (GM_INT32, GM_INT32, 1, -1, 1, d, d, d, NULL, 0, 0);
  tu_result (st == GM_ERR_INVALID_ARGUMENT, "negative len: status %d", (int) st);
  gm_device_free (d);
  /* both double: exactly gm_dot */
  {
    const int64_t n = 100003;
    double *x = (double *) mx_alloc (n * sizeof (double)), *y = (double *) mx_alloc (n * sizeof (double));
    tu_fill (GM_DOUBLE, x, NULL, n);
    tu_fill (GM_DOUBLE, y, NULL, n);
    double a, b;
    TU_GM (gm_dot_host (GM_DOUBLE, 1, n, 1, x, y, &a));
    TU_GM (gm_dot_mixed_host (GM_DOUBLE, GM_DOUBLE, 1, n, 1, x, y, &b));
    tu_result (memcmp (&a, &b, sizeof a) == 0, "double, double: gm_dot_mixed %.17g, gm_dot %.17g", b, a);
    free (x);
    free (y);
  }
  /* len 0 and empty outputs through the host path */
  double z[3] = {1, 1, 1};
  TU_GM (gm_dot_mixed_host (GM_INT8, GM_DOUBLE, 3, 0, 1, NULL, NULL, z));
  tu_result (z[0] == 0 && z[1] == 0 && z[2] == 0, "len 0: zeros");
  TU_GM (gm_dot_mixed_host (GM_INT8, GM_DOUBLE, 0, 5, 1, NULL, NULL, NULL));
  size_t blocks, bytes, cached;
  gm_device_usage (&blocks, &bytes, &cached);
  tu_result (blocks == 0, "dot mixed: %zu device blocks left", blocks);
}

static void mixed_tests (void)
{
  /* (pre, len, post): one vector short / long (strided, one block, chunked with partials),
     many columns, dim 2 and 3 of a 3-D array (pre > 1), len 0, empty */
  const int64_t shapes[][3] = {{1, 0, 3}, {0, 5, 2}, {1, 1, 1}, {1, 7, 5}, {1, 1000, 3},
                               {1, 1025, 2}, {1, 100003, 3}, {3, 5, 7}, {4, 5, 6}, {20, 6, 1},
                               {40, 1000, 3}, {2, 100000, 1}, {1, 300001, 1}, {7, 1, 9},
                               {1, 17, 20001}};
  const int nshapes = (int) (sizeof shapes / sizeof shapes[0]);
  const gm_class ints[8] = {GM_INT8, GM_UINT8, GM_INT16, GM_UINT16, GM_INT32, GM_UINT32, GM_INT64,
                            GM_UINT64};
  for (int c = 0; c < 8; c++)
    for (int s = 0; s < nshapes; s++) {
      if (quick && s % 3 != c % 3 && shapes[s][1] > 1)
        continue;
      const int64_t pre = shapes[s][0], len = shapes[s][1], post = shapes[s][2];
      check_mixed_int (ints[c], ints[c], 0, pre, len, post, s % 2);
      check_mixed_int (ints[c], GM_DOUBLE, s % 2, pre, len, post, s % 3);
      check_mixed_int (ints[c], GM_SINGLE, (s + 1) % 2, pre, len, post, (s + 1) % 3);
    }
  const gm_class cx[][2] = {{GM_COMPLEX_DOUBLE, GM_COMPLEX_DOUBLE}, {GM_DOUBLE, GM_COMPLEX_DOUBLE},
                            {GM_COMPLEX_DOUBLE, GM_DOUBLE}, {GM_COMPLEX_SINGLE, GM_COMPLEX_SINGLE},
                            {GM_SINGLE, GM_COMPLEX_SINGLE}, {GM_COMPLEX_SINGLE, GM_SINGLE}};
  for (int c = 0; c < 6; c++)
    for (int s = 0; s < nshapes; s++) {
      if (quick && s % 2 != c % 2)
        continue;
      check_mixed_complex (cx[c][0], cx[c][1], shapes[s][0], shapes[s][1], shapes[s][2]);
    }
  for (int s = 0; s < nshapes; s++)
    if (!quick || s % 3 == 0)
      check_mixed_ds (s % 2, shapes[s][0], shapes[s][1], shapes[s][2]);
  check_mixed_literals ();
  check_mixed_api ();
  if (!quick) {   /* a long int8 vector: exact and deterministic over 2^24 + 3 elements */
    check_mixed_int (GM_INT8, GM_INT8, 0, 1, (1 << 24) + 3, 1, 0);
    check_mixed_int (GM_INT64, GM_DOUBLE, 0, 1, (1 << 22) + 3, 1, 2);
    check_mixed_complex (GM_COMPLEX_DOUBLE, GM_COMPLEX_DOUBLE, 1, (1 << 22) + 3, 1);
  }
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_dot"))
    return tu_finish ("test_dot");
  tu_seed (20260101);

  const gm_class classes[2] = {GM_DOUBLE, GM_SINGLE};
  for (int c = 0; c < 2; c++) {
    const gm_class cls = classes[c];
    const int64_t tile = cls == GM_SINGLE ? 4096 : 2048;   /* dot_cols_chunked, U = 4 */
    check_api (cls);

    /* one vector: around warp, block, tile and the short/long switch (4096), primes */
    const int64_t lens[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 127, 128, 129, 255, 256, 257,
                            1023, 1024, 1025, 4095, 4096, 4097, tile - 1, tile, tile + 1,
                            2 * tile - 1, 2 * tile + 1, 8 * tile + 3, 65537, 1000003};
    for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++)
      check_shape (DEFAULT_VERSION, cls, 1, lens[k], 1, 0, 0);
    /* the chunk count: with one column, 528 chunks of one tile, then 265 of two */
    const int64_t edge = 528 * tile;
    check_shape (DEFAULT_VERSION, cls, 1, edge + 1, 1, 0, 0);
    if (!quick) {
      check_shape (DEFAULT_VERSION, cls, 1, edge - 1, 1, 0, 0);
      check_shape (DEFAULT_VERSION, cls, 1, edge, 1, 0, 0);
      check_shape (DEFAULT_VERSION, cls, 1, ((int64_t) 1 << 27) + 1, 1, 0, 0);
      check_shape (DEFAULT_VERSION, cls, 1, ((int64_t) 1 << 27) + 1, 1, 1, 1);
    }

    /* misaligned starts: same misalignment, different, for the vector and scalar paths */
    const int offs[][2] = {{1, 1}, {1, 0}, {0, 1}, {2, 2}, {3, 1}};
    for (int k = 0; k < 5; k++) {
      check_shape (DEFAULT_VERSION, cls, 1, 100003, 1, offs[k][0], offs[k][1]);
      check_shape (DEFAULT_VERSION, cls, 1, 4 * tile, 3, offs[k][0], offs[k][1]);
      check_shape (DEFAULT_VERSION, cls, 1, 37, 101, offs[k][0], offs[k][1]);
    }

    /* many columns (pre == 1): every group size of dot_cols_short, then the chunked kernel with
       one or several chunks per column, odd lengths (columns alternate alignment) */
    const int64_t cols[][2] = {{1, 1000}, {3, quick ? 10007 : 1000000}, {4, 999}, {5, 1001},
                               {8, 513}, {16, quick ? 20000 : 100000}, {17, 300}, {33, 1057},
                               {64, 300}, {100, quick ? 3000 : 10000}, {129, 77},
                               {1000, 100}, {4096, 37}, {4097, 5}, {5000, 300},
                               {2 * 2048 + 1, 1000}, {tile * 3 + 7, 2}, {200001, 3},
                               {quick ? 8192 : 32768, quick ? 64 : 4096}};
    for (size_t k = 0; k < sizeof cols / sizeof cols[0]; k++)
      check_shape (DEFAULT_VERSION, cls, 1, cols[k][0], cols[k][1], 0, 0);

    /* pre > 1: short and long len, small and large pre*post (chunked along len or not);
       pre < 32 with pre*len >= 1024 takes dot_strided_narrow, the rest dot_strided */
    const int64_t strided[][3] = {{2, 100000, 1}, {3, 7, 5}, {64, 1000, 3}, {1000, 3, 7},
                                  {5, 300001, 2}, {7, 1, 9}, {33, 4097, 3}, {2, 1, 1},
                                  {100000, 20, 3}, {31, 64, 2}, {3, 63, 1}, {3, 65, 1},
                                  {2, quick ? 1 << 18 : 1 << 24, 1}, {16, 5000, 3},
                                  {17, 1000, 2}, {8, 128, quick ? 5000 : 50000}, {2, 512, 3},
                                  {2, 511, 3}, {31, 100001, 1}, {40, 100001, 1}};
    for (size_t k = 0; k < sizeof strided / sizeof strided[0]; k++)
      check_shape (DEFAULT_VERSION, cls, strided[k][0], strided[k][1], strided[k][2],
                   k % 2, k % 3 == 0);

    /* the other versions the benchmark times */
    const version classic = {1, 0, 0}, unroll8 = {0, 0, 8}, wide = {0, 2112, 0},
                  narrow = {0, 1056, 8};
    const int64_t vlens[] = {1, 33, 4097, 65537, 1000003};
    for (size_t k = 0; k < sizeof vlens / sizeof vlens[0]; k++) {
      check_shape (classic, cls, 1, vlens[k], 1, 0, 0);
      check_shape (unroll8, cls, 1, vlens[k], 1, 1, 1);
      check_shape (wide, cls, 1, vlens[k], 3, 0, 0);
      check_shape (narrow, cls, 1, vlens[k], 1, 0, 0);
    }

    /* NaN and Inf through each kernel */
    check_special (cls, 1, 10, 4);          /* dot_cols_short */
    check_special (cls, 1, 100000, 4);      /* dot_cols_chunked + dot_sum_partials */
    check_special (cls, 1, 5000, 4);        /* dot_cols_chunked, one chunk */
    check_special (cls, 2, 100000, 2);      /* dot_strided_narrow, chunked */
    check_special (cls, 4, 10, 100000);     /* dot_strided, one chunk */
    check_special (cls, 40, 100000, 1);     /* dot_strided, chunked */
    check_special (cls, 7, 300, 1000);      /* dot_strided_narrow, one chunk */

    /* bitwise reproducible, also across alignment */
    check_determinism (cls, 1, quick ? (1 << 20) + 5 : (1 << 27) + 1, 1, quick ? 3 : 10);
    check_determinism (cls, 1, 9999, quick ? 20 : 200, 3);
    check_determinism (cls, 3, 50001, 2, 3);
    check_determinism (cls, 40, 30001, 2, 3);
    check_determinism (cls, 1, 10, 10001, 3);
  }
  mixed_tests ();
  return tu_finish ("test_dot");
}
