/* scan.cu: Octave's cumsum, cumprod, prod, diff and var/std along one dimension, for double
 * and single, computed in the class (single in float, as Octave's FloatNDArray does).
 *
 * An N-d array taken along dimension dim is viewed as pre x len x post (column-major:
 * pre = prod dims[0..dim-2], len = dims[dim-1], post = the rest); element i of line (a, b) is
 * x[a + i*pre + b*pre*len].  Every kernel here is a plain loop of threads, one thread a
 * (line, chunk) or an output element, no shared memory and no shuffles (so that
 * tests/cpu-standin/run_scan.sh runs this file on a CPU).
 *
 * Octave's order: a thread walks its chunk of a line in order, exactly as liboctave's
 * mx_inline_cumsum / _cumprod / _prod / _sum / _sumsq do (a cumsum starts from the first
 * element, prod from 1, sums from 0; products in sums of squares are rounded on their own,
 * never fused into the add).  A line of at most MIN_CHUNK (1024) elements, or any line when
 * there are at least TARGET_THREADS lines, is one chunk: its result has the same bits as
 * Octave's.  Longer lines, when there are too few lines to fill the GPU, are cut into chunks:
 *   scans   a thread per chunk folds it (scan_totals), the chunk totals are scanned by this
 *           same code (a pre = 1 view of them, recursively), and a thread per chunk scans it
 *           again from the carry (scan_chunks): prefix i is carry + (x_c0 + ... + x_i);
 *   reductions  a thread per chunk folds it (red_chunks), then the partials are reduced by this
 *           same code, recursively (a pre = 1 view), the last level applies the final step.
 * Chunked results differ from Octave's by reassociation only (the floating-point reduction
 * tolerance; an intermediate overflow may land elsewhere, as for sum).  The chunking depends
 * on the shape only (TARGET_THREADS is a constant), so results are deterministic: the same bits
 * on every run and every GPU.
 *
 * Coalescing: for pre > 1, consecutive threads take consecutive a (consecutive addresses); along
 * the contiguous dimension (pre == 1) each thread reads its own run of a line (uncoalesced;
 * cached).  diff takes a thread per output element, consecutive in memory.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "array_internal.h"
#include "line_chunks.cuh"

namespace {

/* Orders of difference one diff pass takes (a window of DIFF_PASS + 1 elements in registers);
   higher orders chain passes through the workspace. */
constexpr int DIFF_PASS = 8;

/* A product rounded on its own: `acc + d * d` must not become an fma (Octave's host loop
   rounds the product first). */
__device__ __forceinline__ double mul_rn (double a, double b) { return __dmul_rn (a, b); }
__device__ __forceinline__ float mul_rn (float a, float b) { return __fmul_rn (a, b); }

struct Add {
  template <typename T> __device__ __forceinline__ T operator() (T a, T b) const { return a + b; }
};
struct Mul {
  template <typename T> __device__ __forceinline__ T operator() (T a, T b) const { return a * b; }
};

/* ---- scans ---------------------------------------------------------------------------------- */
/* Launch: grid_for (pre * (nchunk - 1) * post) x BLOCK.  tot[c + (nchunk - 1) * line] = the fold
   of chunk c (c < nchunk - 1: the last chunk's total carries into nothing), from its first
   element on. */
template <typename T, typename Op>
__global__ void __launch_bounds__ (BLOCK)
scan_totals (Op op, Lines L, const T *__restrict__ x, T *__restrict__ tot)
{
  const int64_t nt = L.nchunk - 1, items = L.pre * nt * L.post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const Item it = item_of (L, nt, t);
    const T *p = x + it.first;
    T s = p[0];
    for (int64_t i = 1; i < it.count; i++)
      s = op (s, p[i * L.pre]);
    tot[it.c + nt * it.line] = s;
  }
}

/* Launch: grid_for (pre * nchunk * post) x BLOCK.  out = the inclusive scan of each chunk,
   started from carry[c - 1 + (nchunk - 1) * line] (the scanned totals) for c > 0.  x and out
   may be the same array (each thread reads its own elements before writing them). */
template <typename T, typename Op>
__global__ void __launch_bounds__ (BLOCK)
scan_chunks (Op op, Lines L, const T *x, T *out, const T *__restrict__ carry)
{
  const int64_t items = L.pre * L.nchunk * L.post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const Item it = item_of (L, L.nchunk, t);
    const T *p = x + it.first;
    T *q = out + it.first;
    T s = p[0];
    if (it.c > 0)
      s = op (carry[it.c - 1 + (L.nchunk - 1) * it.line], s);
    q[0] = s;
    for (int64_t i = 1; i < it.count; i++) {
      s = op (s, p[i * L.pre]);
      q[i * L.pre] = s;
    }
  }
}

size_t scan_ws (int64_t pre, int64_t len, int64_t post, size_t es)
{
  const Lines L = plan (pre, len, post);
  if (L.nchunk <= 1)
    return 0;
  const int64_t lines = pre * post;
  return round16 ((size_t) (lines * (L.nchunk - 1)) * es) + scan_ws (1, L.nchunk - 1, lines, es);
}

template <typename T, typename Op>
gm_status scan_run (Op op, int64_t pre, int64_t len, int64_t post, const T *x, T *out, char *ws,
                    cudaStream_t stream)
{
  const Lines L = plan (pre, len, post);
  const int64_t lines = pre * post;
  if (lines == 0 || len == 0)
    return GM_OK;
  T *tot = NULL;
  if (L.nchunk > 1) {
    tot = (T *) ws;
    scan_totals<T, Op><<<grid_for (lines * (L.nchunk - 1)), BLOCK, 0, stream>>> (op, L, x, tot);
    gm_status st = launched ("gm_scan: scan_totals launch");
    if (st != GM_OK)
      return st;
    /* the totals of each line, scanned in place: the carry into chunk c is element c - 1 */
    st = scan_run<T, Op> (op, 1, L.nchunk - 1, lines, tot, tot,
                          ws + round16 ((size_t) (lines * (L.nchunk - 1)) * sizeof (T)), stream);
    if (st != GM_OK)
      return st;
  }
  scan_chunks<T, Op><<<grid_for (lines * L.nchunk), BLOCK, 0, stream>>> (op, L, x, out, tot);
  return launched ("gm_scan: scan_chunks launch");
}

/* ---- reductions ----------------------------------------------------------------------------- */
/* What the last level writes: s / div (div != 0), then its square root (root). */
template <typename T> struct Finish {
  T div;
  bool root;
  __device__ __forceinline__ T operator() (T s) const
  {
    if (div != (T) 0)
      s = s / div;
    return root ? sqrt (s) : s;
  }
};

/* Reducers: the fold of a chunk from `identity`, and the reducer its partials are folded by. */
template <typename T> struct SumR {
  typedef SumR<T> Next;
  static __device__ __forceinline__ T identity () { return (T) 0; }
  static __device__ __forceinline__ T step (T acc, T x, T) { return acc + x; }
};
template <typename T> struct ProdR {
  typedef ProdR<T> Next;
  static __device__ __forceinline__ T identity () { return (T) 1; }
  static __device__ __forceinline__ T step (T acc, T x, T) { return acc * x; }
};
/* sum ((x - mu) .^ 2) of Octave's var.m: sumsq (center (x)), mu the line's mean */
template <typename T> struct CenteredSqR {
  typedef SumR<T> Next;
  static __device__ __forceinline__ T identity () { return (T) 0; }
  static __device__ __forceinline__ T step (T acc, T x, T mu)
  {
    const T d = x - mu;
    return acc + mul_rn (d, d);
  }
};

/* Launch: grid_for (pre * nchunk * post) x BLOCK.  nchunk == 1: dst[line] = fin (the fold of
   the line); otherwise dst[c + nchunk * line] = the fold of chunk c.  mu (may be NULL): one
   value a line, handed to the reducer. */
template <typename T, typename R>
__global__ void __launch_bounds__ (BLOCK)
red_chunks (Lines L, const T *__restrict__ x, const T *__restrict__ mu, T *__restrict__ dst,
            Finish<T> fin)
{
  const int64_t items = L.pre * L.nchunk * L.post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const Item it = item_of (L, L.nchunk, t);
    const T *p = x + it.first;
    const T m = mu ? mu[it.line] : (T) 0;
    T s = R::identity ();
    for (int64_t i = 0; i < it.count; i++)
      s = R::step (s, p[i * L.pre], m);
    if (L.nchunk == 1)
      dst[it.line] = fin (s);
    else
      dst[it.c + L.nchunk * it.line] = s;
  }
}

/* Launch: grid_for (n) x BLOCK. */
template <typename T>
__global__ void __launch_bounds__ (BLOCK) fill (T *out, int64_t n, T v)
{
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < n;
       i += (int64_t) gridDim.x * BLOCK)
    out[i] = v;
}

size_t red_ws (int64_t pre, int64_t len, int64_t post, size_t es)
{
  const Lines L = plan (pre, len, post);
  if (L.nchunk <= 1)
    return 0;
  const int64_t lines = pre * post;
  return round16 ((size_t) (lines * L.nchunk) * es) + red_ws (1, L.nchunk, lines, es);
}

/* out[line] = fin (the reduction of line), len > 0. */
template <typename T, typename R>
gm_status red_run (int64_t pre, int64_t len, int64_t post, const T *x, const T *mu, T *out,
                   Finish<T> fin, char *ws, cudaStream_t stream)
{
  const Lines L = plan (pre, len, post);
  const int64_t lines = pre * post;
  if (lines == 0)
    return GM_OK;
  T *dst = L.nchunk == 1 ? out : (T *) ws;
  red_chunks<T, R><<<grid_for (lines * L.nchunk), BLOCK, 0, stream>>> (L, x, mu, dst, fin);
  gm_status st = launched ("gm_scan: red_chunks launch");
  if (st != GM_OK || L.nchunk == 1)
    return st;
  return red_run<T, typename R::Next> (1, L.nchunk, lines, dst, NULL, out, fin,
                                       ws + round16 ((size_t) (lines * L.nchunk) * sizeof (T)),
                                       stream);
}

template <typename T>
gm_status fill_run (T *out, int64_t n, T v, cudaStream_t stream)
{
  if (n == 0)
    return GM_OK;
  fill<T><<<grid_for (n), BLOCK, 0, stream>>> (out, n, v);
  return launched ("gm_scan: fill launch");
}

/* ---- differences ---------------------------------------------------------------------------- */
/* Launch: grid_for (pre * (len - order) * post) x BLOCK, 1 <= order <= DIFF_PASS < len.  Output
   element t = (a, i, b) (a fastest, then i: consecutive threads write consecutive addresses) is
   the order-th difference of x's window [i, i + order] of line (a, b), taken as liboctave's
   mx_inline_diff takes it: order passes of w[j] = w[j + 1] - w[j], the same subtractions, so
   the same bits. */
template <typename T>
__global__ void __launch_bounds__ (BLOCK)
diff_pass (int64_t pre, int64_t len, int64_t post, int order, const T *__restrict__ x,
           T *__restrict__ out)
{
  const int64_t lout = len - order, items = pre * lout * post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const int64_t a = t % pre, rest = t / pre, i = rest % lout, b = rest / lout;
    const T *p = x + a + i * pre + b * pre * len;
    T w[DIFF_PASS + 1];
#pragma unroll
    for (int j = 0; j <= DIFF_PASS; j++)
      w[j] = j <= order ? p[j * pre] : (T) 0;
#pragma unroll
    for (int o = 1; o <= DIFF_PASS; o++)
#pragma unroll
      for (int j = 0; j < DIFF_PASS; j++)
        if (o <= order && j <= order - o)
          w[j] = w[j + 1] - w[j];
    out[t] = w[0];
  }
}

/* The workspace of an order-`order` diff: none up to DIFF_PASS; beyond, the intermediate
   results of the passes, one buffer (two passes) or two used in turn. */
size_t diff_ws (int64_t lines, int64_t len, int64_t order, size_t es)
{
  if (order <= DIFF_PASS || len <= order)
    return 0;
  const size_t one = round16 ((size_t) (lines * (len - DIFF_PASS)) * es);
  return order > 2 * DIFF_PASS ? 2 * one : one;
}

template <typename T>
gm_status diff_run (int64_t pre, int64_t len, int64_t post, int64_t order, const T *x, T *out,
                    char *ws, cudaStream_t stream)
{
  const int64_t lines = pre * post;
  if (lines == 0 || len <= order)
    return GM_OK;
  const size_t one = round16 ((size_t) (lines * max64 (0, len - DIFF_PASS)) * sizeof (T));
  const T *src = x;
  int64_t cur = len, left = order;
  for (int pass = 0; left > 0; pass++) {
    const int k = (int) min64 (left, DIFF_PASS);
    T *dst = left == k ? out : (T *) (ws + (pass % 2) * one);
    diff_pass<T><<<grid_for (lines * (cur - k)), BLOCK, 0, stream>>> (pre, cur, post, k, src,
                                                                       dst);
    const gm_status st = launched ("gm_diff: diff_pass launch");
    if (st != GM_OK)
      return st;
    src = dst;
    cur -= k;
    left -= k;
  }
  return GM_OK;
}

/* ---- checks --------------------------------------------------------------------------------- */

/* gm_scan's view: prod takes a 0x0 array as 0x1 (Octave's "prod ([]) is 1"). */
gm_status scan_view (gm_scan_op op, int nd, const int64_t *dims, int dim, int64_t *pre,
                     int64_t *len, int64_t *post)
{
  return gm_line_view ("gm_scan", nd, dims, dim, op == GM_SCAN_PROD, pre, len, post);
}

gm_status check_work (const char *who, size_t need, const void *work, size_t bytes)
{
  if (need > 0 && (!work || bytes < need))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: workspace of %zu bytes, %zu needed", who,
                    work ? bytes : (size_t) 0, need);
  if (need > 0 && ((uintptr_t) work % 16) != 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: workspace not 16-byte aligned", who);
  return GM_OK;
}

template <typename T>
gm_status scan_typed (gm_scan_op op, int64_t pre, int64_t len, int64_t post, const void *x,
                      void *out, void *ws, cudaStream_t stream)
{
  switch (op) {
  case GM_SCAN_CUMSUM:
    return scan_run<T, Add> (Add (), pre, len, post, (const T *) x, (T *) out, (char *) ws,
                             stream);
  case GM_SCAN_CUMPROD:
    return scan_run<T, Mul> (Mul (), pre, len, post, (const T *) x, (T *) out, (char *) ws,
                             stream);
  default:                                    /* GM_SCAN_PROD */
    if (len == 0)
      return fill_run<T> ((T *) out, pre * post, (T) 1, stream);
    return red_run<T, ProdR<T> > (pre, len, post, (const T *) x, NULL, (T *) out,
                                  Finish<T>{(T) 0, false}, (char *) ws, stream);
  }
}

template <typename T>
gm_status var_typed (int64_t pre, int64_t len, int64_t post, int opt, int root, const void *x,
                     void *out, void *ws, cudaStream_t stream)
{
  const int64_t lines = pre * post;
  if (lines == 0)
    return GM_OK;
  if (len == 0)
    return fill_run<T> ((T *) out, lines, (T) NAN, stream);
  T *mu = (T *) ws;
  char *rest = (char *) ws + round16 ((size_t) lines * sizeof (T));
  gm_status st = red_run<T, SumR<T> > (pre, len, post, (const T *) x, NULL, mu,
                                       Finish<T>{(T) (double) len, false}, rest, stream);
  if (st != GM_OK)
    return st;
  /* var.m: sumsq (center (x)) / (n - 1 + w), with n == 1 giving 0 (NaN for NaN and Inf) */
  const double den = len == 1 ? 1.0 : (double) (len - 1) + (double) opt;
  return red_run<T, CenteredSqR<T> > (pre, len, post, (const T *) x, mu, (T *) out,
                                      Finish<T>{(T) den, root != 0}, rest, stream);
}

} /* namespace */

/* ---- the C API ------------------------------------------------------------------------------ */
extern "C" gm_status gm_scan_workspace_size (gm_scan_op op, gm_class cls, int nd,
                                             const int64_t *dims, int dim, size_t *bytes)
{
  int64_t pre = 0, len = 0, post = 0;
  gm_status st;
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_scan_workspace_size: NULL result pointer");
  *bytes = 0;
  if ((int) op < 0 || op >= GM_SCAN_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_scan: unknown op %d", (int) op);
  if ((st = gm_check_real_float ("gm_scan", cls)) != GM_OK
      || (st = scan_view (op, nd, dims, dim, &pre, &len, &post)) != GM_OK)
    return st;
  const size_t es = gm_class_size (cls);
  *bytes = op == GM_SCAN_PROD ? red_ws (pre, len, post, es) : scan_ws (pre, len, post, es);
  return GM_OK;
}

extern "C" gm_status gm_scan (gm_scan_op op, gm_class cls, int nd, const int64_t *dims, int dim,
                              const void *d_x, void *d_out, void *d_workspace,
                              size_t workspace_bytes, cudaStream_t stream)
{
  size_t need;
  int64_t pre = 0, len = 0, post = 0;
  gm_status st = gm_scan_workspace_size (op, cls, nd, dims, dim, &need);
  if (st != GM_OK)
    return st;
  scan_view (op, nd, dims, dim, &pre, &len, &post);
  const int64_t nout = op == GM_SCAN_PROD ? pre * post : pre * len * post;
  if (nout > 0 && (!d_out || (len > 0 && !d_x)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_scan: NULL device pointer with %lld outputs",
                    (long long) nout);
  if ((st = check_work ("gm_scan", need, d_workspace, workspace_bytes)) != GM_OK)
    return st;
  return cls == GM_DOUBLE
             ? scan_typed<double> (op, pre, len, post, d_x, d_out, d_workspace, stream)
             : scan_typed<float> (op, pre, len, post, d_x, d_out, d_workspace, stream);
}

extern "C" gm_status gm_diff_workspace_size (gm_class cls, int nd, const int64_t *dims, int dim,
                                             int64_t order, size_t *bytes)
{
  int64_t pre = 0, len = 0, post = 0;
  gm_status st;
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_diff_workspace_size: NULL result pointer");
  *bytes = 0;
  if (order < 1)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_diff: order %lld (must be at least 1)",
                    (long long) order);
  if ((st = gm_check_real_float ("gm_diff", cls)) != GM_OK
      || (st = gm_line_view ("gm_diff", nd, dims, dim, false, &pre, &len, &post)) != GM_OK)
    return st;
  *bytes = diff_ws (pre * post, len, order, gm_class_size (cls));
  return GM_OK;
}

extern "C" gm_status gm_diff (gm_class cls, int nd, const int64_t *dims, int dim, int64_t order,
                              const void *d_x, void *d_out, void *d_workspace,
                              size_t workspace_bytes, cudaStream_t stream)
{
  size_t need;
  int64_t pre = 0, len = 0, post = 0;
  gm_status st = gm_diff_workspace_size (cls, nd, dims, dim, order, &need);
  if (st != GM_OK)
    return st;
  gm_line_view ("gm_diff", nd, dims, dim, false, &pre, &len, &post);
  const int64_t nout = len > order ? pre * (len - order) * post : 0;
  if (nout > 0 && (!d_out || !d_x))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_diff: NULL device pointer with %lld outputs",
                    (long long) nout);
  if ((st = check_work ("gm_diff", need, d_workspace, workspace_bytes)) != GM_OK)
    return st;
  return cls == GM_DOUBLE
             ? diff_run<double> (pre, len, post, order, (const double *) d_x, (double *) d_out,
                                 (char *) d_workspace, stream)
             : diff_run<float> (pre, len, post, order, (const float *) d_x, (float *) d_out,
                                (char *) d_workspace, stream);
}

extern "C" gm_status gm_var_workspace_size (gm_class cls, int nd, const int64_t *dims, int dim,
                                            size_t *bytes)
{
  int64_t pre = 0, len = 0, post = 0;
  gm_status st;
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_var_workspace_size: NULL result pointer");
  *bytes = 0;
  if ((st = gm_check_real_float ("gm_var", cls)) != GM_OK
      || (st = gm_line_view ("gm_var", nd, dims, dim, false, &pre, &len, &post)) != GM_OK)
    return st;
  const size_t es = gm_class_size (cls);
  if (len > 0)
    *bytes = round16 ((size_t) (pre * post) * es) + red_ws (pre, len, post, es);
  return GM_OK;
}

extern "C" gm_status gm_var (gm_class cls, int nd, const int64_t *dims, int dim, int opt,
                             int root, const void *d_x, void *d_out, void *d_workspace,
                             size_t workspace_bytes, cudaStream_t stream)
{
  size_t need;
  int64_t pre = 0, len = 0, post = 0;
  gm_status st = gm_var_workspace_size (cls, nd, dims, dim, &need);
  if (st != GM_OK)
    return st;
  if (opt != 0 && opt != 1)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_var: opt %d (0 or 1)", opt);
  gm_line_view ("gm_var", nd, dims, dim, false, &pre, &len, &post);
  const int64_t nout = pre * post;
  if (nout > 0 && (!d_out || (len > 0 && !d_x)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_var: NULL device pointer with %lld outputs",
                    (long long) nout);
  if ((st = check_work ("gm_var", need, d_workspace, workspace_bytes)) != GM_OK)
    return st;
  return cls == GM_DOUBLE
             ? var_typed<double> (pre, len, post, opt, root, d_x, d_out, d_workspace, stream)
             : var_typed<float> (pre, len, post, opt, root, d_x, d_out, d_workspace, stream);
}
