/* test_reduce_int.cu: kernels/reduce_int.cu (gm_int_reduce) against host references, exactly:
 * Octave's own sequential loops in the class (liboctave mx_inline_sum, _cumsum, _prod with
 * octave_int's saturating + and *, mx_inline_max / _min with the first index), written here
 * in 128-bit integers, a line at a time.
 *
 *   test_reduce_int            every case
 *   test_reduce_int --quick    without the lines of 10^6 elements (compute-sanitizer, and the
 *                              CPU stand-in, tests/cpu-standin/run_reduce_int.sh); lines cut
 *                              into hundreds of chunks are still reached
 *
 * What is checked: sum, prod, cumsum (all "native"), max and min with and without indices, for
 * the eight integer classes, on 2-D and N-d shapes along every dimension up to ndims + 1,
 * 0-sized dimensions (sum and prod of a 0x0 array: 1x1), 1x1, primes, lines of one chunk and of
 * many (the plan's chunking, whose maps and carries must give the sequential saturated values);
 * data drawn so that the sums saturate both ways and come back (intmin, intmax, +-1, small and
 * large values, runs of one sign), products of +-1, +-2 and a few larger values (saturation,
 * then sign flips), ties for max and min.  The result shapes (gm_int_reduce_dims) against
 * Octave's; nothing written past the output; errors: unknown op, dim 0, a floating-point
 * class, NULL data, missing or misaligned workspace.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <vector>
#include "test_util.h"

typedef __int128 W;
static int quick;

static const gm_class classes[8] = {GM_INT8, GM_UINT8, GM_INT16, GM_UINT16,
                                    GM_INT32, GM_UINT32, GM_INT64, GM_UINT64};
static const char *op_name[GM_IRED_COUNT] = {"sum", "prod", "cumsum", "max", "min"};

static void range_of (gm_class c, W *lo, W *hi)
{
  const int bits = 8 * (int) gm_class_size (c);
  const int is_signed = ((int) c - (int) GM_INT8) % 2 == 0;
  *hi = is_signed ? ((W) 1 << (bits - 1)) - 1 : ((W) 1 << bits) - 1;
  *lo = is_signed ? -*hi - 1 : 0;
}

static W get (gm_class c, const void *p, size_t i)
{
  switch (c) {
  case GM_INT8: return ((const int8_t *) p)[i];
  case GM_UINT8: return ((const uint8_t *) p)[i];
  case GM_INT16: return ((const int16_t *) p)[i];
  case GM_UINT16: return ((const uint16_t *) p)[i];
  case GM_INT32: return ((const int32_t *) p)[i];
  case GM_UINT32: return ((const uint32_t *) p)[i];
  case GM_INT64: return ((const int64_t *) p)[i];
  default: return ((const uint64_t *) p)[i];
  }
}

static void put (gm_class c, void *p, size_t i, W v)
{
  switch (c) {
  case GM_INT8: ((int8_t *) p)[i] = (int8_t) v; break;
  case GM_UINT8: ((uint8_t *) p)[i] = (uint8_t) v; break;
  case GM_INT16: ((int16_t *) p)[i] = (int16_t) v; break;
  case GM_UINT16: ((uint16_t *) p)[i] = (uint16_t) v; break;
  case GM_INT32: ((int32_t *) p)[i] = (int32_t) v; break;
  case GM_UINT32: ((uint32_t *) p)[i] = (uint32_t) v; break;
  case GM_INT64: ((int64_t *) p)[i] = (int64_t) v; break;
  default: ((uint64_t *) p)[i] = (uint64_t) v; break;
  }
}

static W sat (W v, W lo, W hi) { return v < lo ? lo : v > hi ? hi : v; }

/* octave_int's product: exact, then saturated; the overflow test by division, apart from the
   kernel's own formulation */
static W mul_ref (W a, W b, W lo, W hi)
{
  if (a == 0 || b == 0)
    return 0;
  const bool neg = (a < 0) != (b < 0);
  const unsigned __int128 ma = a < 0 ? (unsigned __int128) (-a) : (unsigned __int128) a;
  const unsigned __int128 mb = b < 0 ? (unsigned __int128) (-b) : (unsigned __int128) b;
  const unsigned __int128 bound = neg ? (unsigned __int128) (-lo) : (unsigned __int128) hi;
  if (ma > bound / mb)
    return neg ? lo : hi;
  const W m = (W) (ma * mb);
  return neg ? -m : m;
}

/* data of class c: kind 0 sums (extremes, +-1, small, large, runs of one sign), 1 products (+-1,
   +-2, a few larger), 2 few distinct values (ties) */
static void fill (gm_class c, int kind, void *buf, size_t n)
{
  W lo, hi;
  range_of (c, &lo, &hi);
  int run_sign = 1;
  for (size_t i = 0; i < n; i++) {
    const uint64_t r = tu_next ();
    W v;
    if (kind == 1) {
      static const int small[8] = {1, -1, 2, -2, 1, -1, 3, 1};
      v = (r % 64 == 0) ? (W) (r % 1000) - 500 : (W) small[r % 8];
    } else if (kind == 2) {
      v = (r % 3 == 0) ? hi : (r % 3 == 1) ? lo : (W) (r % 5);
    } else {
      if (r % 97 == 0)
        run_sign = -run_sign;
      switch ((r >> 8) % 8) {
      case 0: v = hi; break;
      case 1: v = lo; break;
      case 2: v = 1; break;
      case 3: v = -1; break;
      case 4: v = (W) ((r >> 16) % 7) - 3; break;
      case 5: v = (W) (r >> 16) % (hi / 3 + 1); break;
      default: v = run_sign * ((W) (r >> 20) % (hi / 8 + 1)); break;
      }
    }
    put (c, buf, i, sat (v, lo, hi));
  }
}

struct Shape { int nd; int64_t d[4]; int large; };

/* pre, len, post and the reference shape as Octave's */
static void ref_shape (gm_int_reduce_op op, const Shape &s, int dim, int64_t *pre, int64_t *len,
                       int64_t *post, int *nd_out, int64_t *dout)
{
  int64_t d[4];
  for (int k = 0; k < s.nd; k++)
    d[k] = s.d[k];
  const bool red = op == GM_IRED_SUM || op == GM_IRED_PROD;
  if (red && s.nd == 2 && d[0] == 0 && d[1] == 0)
    d[1] = 1;
  *pre = 1; *len = 1; *post = 1;
  for (int k = 0; k < s.nd; k++) {
    if (k < dim - 1) *pre *= d[k];
    else if (k == dim - 1) *len = d[k];
    else *post *= d[k];
  }
  int n = s.nd < 2 ? 2 : s.nd;
  for (int k = 0; k < n; k++)
    dout[k] = k < s.nd ? d[k] : 1;
  if (op != GM_IRED_CUMSUM && dim <= n && (red || dout[dim - 1] != 0))
    dout[dim - 1] = 1;
  while (op != GM_IRED_CUMSUM && n > 2 && dout[n - 1] == 1)
    n--;
  *nd_out = n;
}

static void check_case (gm_int_reduce_op op, gm_class c, const Shape &s, int dim, int kind,
                        void *dx, const std::vector<unsigned char> &hx, void *dout, double *didx,
                        size_t out_cap, void *dw, size_t w_cap)
{
  W lo, hi;
  range_of (c, &lo, &hi);
  const size_t es = gm_class_size (c);
  int64_t pre, len, post, dref[GM_MAX_DIMS], dgot[GM_MAX_DIMS];
  int ndr, ndg;
  ref_shape (op, s, dim, &pre, &len, &post, &ndr, dref);
  char what[160];
  snprintf (what, sizeof what, "%s %s %dD [%lld %lld %lld %lld] dim %d data %d", op_name[op],
            gm_class_name (c), s.nd, (long long) s.d[0], (long long) s.d[1],
            (long long) (s.nd > 2 ? s.d[2] : 1), (long long) (s.nd > 3 ? s.d[3] : 1), dim, kind);
  gm_status st = gm_int_reduce_dims (op, s.nd, s.d, dim, &ndg, dgot);
  bool same_shape = st == GM_OK && ndg == ndr;
  for (int k = 0; same_shape && k < ndr; k++)
    same_shape = dgot[k] == dref[k];
  tu_result (same_shape, "%s: result shape", what);
  size_t count = 1;
  for (int k = 0; k < ndr; k++)
    count *= (size_t) dref[k];
  size_t ws = 0;
  TU_GM (gm_int_reduce_workspace_size (op, c, s.nd, s.d, dim, &ws));
  if (ws > w_cap || count * es + 64 > out_cap) {
    tu_result (0, "%s: workspace %zu or output %zu past the test's buffers", what, ws, count);
    return;
  }
  /* a guard pattern after the output and in the indices */
  TU_CUDA (cudaMemset (dout, 0x5a, count * es + 64));
  if (didx)
    TU_CUDA (cudaMemset (didx, 0xff, count * sizeof (double) + 64));
  st = gm_int_reduce (op, c, s.nd, s.d, dim, dx, dout, didx, dw, w_cap, 0);
  if (st != GM_OK) {
    tu_result (0, "%s: status %d: %s", what, (int) st, gm_error_detail ());
    return;
  }
  std::vector<unsigned char> got (count * es + 64);
  std::vector<double> gidx (didx ? count + 8 : 0);
  TU_CUDA (cudaMemcpy (got.data (), dout, got.size (), cudaMemcpyDeviceToHost));
  if (didx)
    TU_CUDA (cudaMemcpy (gidx.data (), didx, gidx.size () * sizeof (double),
                         cudaMemcpyDeviceToHost));
  bool guard = true;
  for (size_t b = count * es; b < got.size (); b++)
    guard = guard && got[b] == 0x5a;
  tu_result (guard, "%s: written past the output", what);
  if (didx) {
    unsigned char ones[8];
    memcpy (ones, &gidx[count], 8);
    tu_result (ones[0] == 0xff && ones[7] == 0xff, "%s: index written past the output", what);
  }
  int64_t bad = 0, first_bad = -1;
  for (int64_t b = 0; b < post; b++)
    for (int64_t a = 0; a < pre; a++) {
      const int64_t base = a + b * pre * len;
      if (op == GM_IRED_CUMSUM) {
        W acc = 0;
        for (int64_t i = 0; i < len; i++) {
          const size_t e = (size_t) (base + i * pre);
          acc = sat (acc + get (c, hx.data (), e), lo, hi);
          if (get (c, got.data (), e) != acc && bad++ == 0)
            first_bad = (int64_t) e;
        }
        continue;
      }
      const int64_t o = a + b * pre;
      W acc = op == GM_IRED_PROD ? 1 : 0;
      int64_t at = 0;
      for (int64_t i = 0; i < len; i++) {
        const W x = get (c, hx.data (), (size_t) (base + i * pre));
        if (op == GM_IRED_SUM)
          acc = sat (acc + x, lo, hi);
        else if (op == GM_IRED_PROD)
          acc = mul_ref (acc, x, lo, hi);
        else if (i == 0 || (op == GM_IRED_MAX ? x > acc : x < acc)) {
          acc = x;
          at = i;
        }
      }
      if (len == 0 && (op == GM_IRED_MAX || op == GM_IRED_MIN))
        continue;                          /* nothing to compare: the result is empty */
      bool ok = get (c, got.data (), (size_t) o) == acc;
      if (didx)
        ok = ok && gidx[o] == (double) (at + 1);
      if (!ok && bad++ == 0)
        first_bad = o;
    }
  tu_result (bad == 0, "%s: %lld wrong values, the first at %lld", what, (long long) bad,
             (long long) first_bad);
}

static void test_ops ()
{
  const Shape shapes[] = {
    {2, {0, 0}}, {2, {1, 1}}, {2, {0, 3}}, {2, {3, 0}}, {2, {1, 7}}, {2, {7, 1}},
    {2, {13, 17}}, {2, {1, 3001}}, {2, {3001, 1}}, {3, {5, 3, 7}}, {3, {2, 1103, 3}},
    {4, {3, 4, 1, 5}}, {3, {0, 2, 3}}, {2, {1, 70001}}, {2, {257, 600}},
    {2, {1, 1000003}, 1}, {2, {2, 1000003}, 1}};
  const int nshapes = (int) (sizeof shapes / sizeof shapes[0]);
  size_t max_count = 0;
  for (int s = 0; s < nshapes; s++) {
    size_t n = 1;
    for (int k = 0; k < shapes[s].nd; k++)
      n *= (size_t) shapes[s].d[k];
    if (n > max_count) max_count = n;
  }
  const size_t in_cap = max_count * 8 + 64, out_cap = max_count * 8 + 128;
  const size_t w_cap = (size_t) 64 << 20;
  void *dx, *dout, *dw;
  double *didx;
  TU_CUDA (cudaMalloc (&dx, in_cap));
  TU_CUDA (cudaMalloc (&dout, out_cap));
  TU_CUDA (cudaMalloc ((void **) &didx, max_count * 8 + 128));
  TU_CUDA (cudaMalloc (&dw, w_cap));
  for (int ci = 0; ci < 8; ci++) {
    const gm_class c = classes[ci];
    for (int s = 0; s < nshapes; s++) {
      const Shape &sh = shapes[s];
      if (quick && sh.large)
        continue;
      size_t n = 1;
      for (int k = 0; k < sh.nd; k++)
        n *= (size_t) sh.d[k];
      for (int kind = 0; kind < 3; kind++) {
        if (sh.large && kind != 0 && ci % 3 != 0)
          continue;                         /* time: all data kinds of the large lines for 3 classes */
        std::vector<unsigned char> hx (n * gm_class_size (c) + 1);
        fill (c, kind, hx.data (), n);
        if (n > 0)
          TU_CUDA (cudaMemcpy (dx, hx.data (), n * gm_class_size (c), cudaMemcpyHostToDevice));
        for (int dim = 1; dim <= sh.nd + 1; dim++)
          for (int op = 0; op < GM_IRED_COUNT; op++) {
            if (op == GM_IRED_PROD ? kind == 0 : kind == 1)
              continue;                     /* products on kind 1; the rest on kinds 0 and 2 */
            const bool ext = op == GM_IRED_MAX || op == GM_IRED_MIN;
            check_case ((gm_int_reduce_op) op, c, sh, dim, kind, n ? dx : NULL, hx, dout,
                        ext && dim % 2 == 1 ? didx : NULL, out_cap, dw, w_cap);
          }
      }
    }
  }
  TU_CUDA (cudaFree (dx));
  TU_CUDA (cudaFree (dout));
  TU_CUDA (cudaFree (didx));
  TU_CUDA (cudaFree (dw));
}

static void test_errors ()
{
  const int64_t d2[2] = {5, 700};
  const int64_t big[2] = {1, 100000};
  void *dx, *dout, *dw;
  TU_CUDA (cudaMalloc (&dx, 4096));
  TU_CUDA (cudaMalloc (&dout, 4096));
  TU_CUDA (cudaMalloc (&dw, (size_t) 1 << 20));
  size_t ws = 0;
  tu_result (gm_int_reduce_workspace_size ((gm_int_reduce_op) 7, GM_INT8, 2, d2, 1, &ws)
                 == GM_ERR_INVALID_ARGUMENT, "unknown op accepted");
  tu_result (gm_int_reduce_workspace_size (GM_IRED_SUM, GM_DOUBLE, 2, d2, 1, &ws)
                 == GM_ERR_INVALID_ARGUMENT, "double class accepted");
  tu_result (gm_int_reduce (GM_IRED_SUM, GM_SINGLE, 2, d2, 1, dx, dout, NULL, dw, 1 << 20, 0)
                 == GM_ERR_INVALID_ARGUMENT, "single class accepted");
  tu_result (gm_int_reduce (GM_IRED_MAX, GM_INT8, 2, d2, 0, dx, dout, NULL, dw, 1 << 20, 0)
                 == GM_ERR_INVALID_ARGUMENT, "dim 0 accepted");
  tu_result (gm_int_reduce (GM_IRED_SUM, GM_INT8, 2, d2, 1, NULL, dout, NULL, dw, 1 << 20, 0)
                 == GM_ERR_INVALID_ARGUMENT, "NULL data accepted");
  TU_GM (gm_int_reduce_workspace_size (GM_IRED_SUM, GM_INT16, 2, big, 2, &ws));
  tu_result (ws > 0, "a long line needs no workspace");
  tu_result (gm_int_reduce (GM_IRED_SUM, GM_INT16, 2, big, 2, dx, dout, NULL, NULL, 0, 0)
                 == GM_ERR_INVALID_ARGUMENT, "missing workspace accepted");
  tu_result (gm_int_reduce (GM_IRED_SUM, GM_INT16, 2, big, 2, dx, dout, NULL, (char *) dw + 8,
                            ws, 0) == GM_ERR_INVALID_ARGUMENT, "misaligned workspace accepted");
  const int64_t e[2] = {0, 4};
  tu_result (gm_int_reduce (GM_IRED_MAX, GM_INT8, 2, e, 1, NULL, NULL, NULL, NULL, 0, 0) == GM_OK
                 && gm_int_reduce (GM_IRED_CUMSUM, GM_INT8, 2, e, 1, NULL, NULL, NULL, NULL, 0,
                                   0) == GM_OK, "empty results refused");
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaFree (dx));
  TU_CUDA (cudaFree (dout));
  TU_CUDA (cudaFree (dw));
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_reduce_int"))
    return tu_finish ("test_reduce_int");
  tu_seed (20261128);
  test_errors ();
  test_ops ();
  return tu_finish ("test_reduce_int");
}
