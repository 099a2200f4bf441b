/* reduce_complex.cu: Octave 7.3's prod, cumprod, max and min of complex double and complex
 * single data along one dimension (interleaved (re, im) pairs, as ComplexNDArray stores them).
 *
 * The array is viewed as pre x len x post (column-major); element i of line (a, b) is
 * x[a + i*pre + b*pre*len].  As in scan.cu, every kernel is a plain loop of threads (a thread a
 * (line, chunk)), no shared memory and no shuffles, so tests/cpu-standin/run_reduce_complex.sh
 * runs this file on a CPU; a line of at most 1024 elements, or any line when there are at least
 * 132 * 2048 lines, is one chunk, walked in Octave's order.
 *
 *  prod, cumprod  liboctave's loops (mx_inline_prod from 1 + 0i, mx_inline_cumprod from the
 *      first element) with std::complex's product, i.e. libgcc's __muldc3 / __mulsc3
 *      (complex_arith.cuh's annex_g_mul): one-chunk lines have Octave's bits.  Longer lines (too
 *      few to fill the GPU) are cut into chunks whose products are combined as scan.cu combines
 *      them (within the floating-point tolerance).  Reassociation may turn a product with an
 *      Inf or NaN part into another non-finite pattern (Annex G's recovery depends on which
 *      parts are zero or infinite at each step), so a chunked line that holds a non-finite part,
 *      or whose result has one, is walked again in Octave's order by one thread: its results are
 *      then Octave's bits, at a sequential walk's cost (such lines only).
 *  max, min  Octave's order (oct-cmplx.h: abs, glibc's hypot, then arg with -pi read as pi) and
 *      its loops' NaN rule (mx_inline_max / OP_MINMAX_FCN2): an element is NaN when either part
 *      is; NaNs are passed over up to the first non-NaN, then every later element is compared
 *      with `>` (`<`).  A NaN compares false, except that an element with a NaN and an infinite
 *      part has abs Inf, so max takes it over any finite-abs value (max ([1, NaN+Inf*i]) is
 *      NaN+Inf*i) once it comes after "column" J: along the contiguous dimension J is the
 *      line's first non-NaN position; otherwise (pre > 1, Octave's row-wise loop) it is the
 *      first position at which no line of the pre x len slice is NaN.  So a max line's result is
 *      the first such element after J if no non-NaN infinite-abs element comes before it, and
 *      otherwise the largest non-NaN element, the first on ties (an associative combine, so
 *      chunks give Octave's result exactly); all NaN: the first element.  Ties of abs are
 *      decided by the device's atan2 (2 ulp double, 3 single), Octave's by glibc's.
 * Deterministic: the chunking depends on the shape only.  Every function queues on `stream`.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "array_internal.h"
#include "complex_arith.cuh"
#include "line_chunks.cuh"

namespace {

using gm_cx::Cplx;

constexpr int64_t NONE = INT64_MAX;              /* no position */

template <typename R> __device__ __forceinline__ Cplx<R> cmul (Cplx<R> a, Cplx<R> b)
{
  return gm_cx::annex_g_mul (a.re, a.im, b.re, b.im);
}
template <typename R> __device__ __forceinline__ bool finite2 (Cplx<R> z)
{
  return isfinite (z.re) && isfinite (z.im);
}

/* The first element of line `line` of a pre x len x post view. */
__device__ __forceinline__ int64_t line_base (int64_t line, int64_t pre, int64_t len)
{
  return line % pre + line / pre * pre * len;
}

template <typename T>
__global__ void __launch_bounds__ (BLOCK) fill (T *out, int64_t n, T v)
{
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < n;
       i += (int64_t) gridDim.x * BLOCK)
    out[i] = v;
}

/* ---- prod ----------------------------------------------------------------------------------- */
/* Launch: grid_for (pre * nchunk * post) x BLOCK.  The product of each chunk from 1 + 0i;
   nchunk == 1: dst[line], otherwise dst[c + nchunk * line].  flag (may be NULL): flag[line] = 1
   where the chunk holds a non-finite part. */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
prod_chunks (Lines L, const Cplx<R> *__restrict__ x, Cplx<R> *__restrict__ dst,
             unsigned char *__restrict__ flag)
{
  const int64_t items = L.pre * L.nchunk * L.post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const Item it = item_of (L, L.nchunk, t);
    const Cplx<R> *p = x + it.first;
    Cplx<R> s = {(R) 1, (R) 0};
    bool bad = false;
    for (int64_t i = 0; i < it.count; i++) {
      const Cplx<R> z = p[i * L.pre];
      bad |= !finite2 (z);
      s = cmul (s, z);
    }
    if (flag && bad)
      flag[it.line] = 1;                  /* a plain store: every writer writes 1 */
    dst[L.nchunk == 1 ? it.line : it.c + L.nchunk * it.line] = s;
  }
}

/* Launch: grid_for (pre * post) x BLOCK.  A line flagged, or whose chunked product is not
   finite, multiplied again in Octave's order. */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
prod_redo (int64_t pre, int64_t len, int64_t post, const Cplx<R> *__restrict__ x,
           Cplx<R> *__restrict__ out, const unsigned char *__restrict__ flag)
{
  const int64_t lines = pre * post;
  for (int64_t line = (int64_t) blockIdx.x * BLOCK + threadIdx.x; line < lines;
       line += (int64_t) gridDim.x * BLOCK) {
    if (!flag[line] && finite2 (out[line]))
      continue;
    const Cplx<R> *p = x + line_base (line, pre, len);
    Cplx<R> s = {(R) 1, (R) 0};
    for (int64_t i = 0; i < len; i++)
      s = cmul (s, p[i * pre]);
    out[line] = s;
  }
}

size_t prod_ws (int64_t pre, int64_t len, int64_t post, size_t es)
{
  const Lines L = plan (pre, len, post);
  if (L.nchunk <= 1)
    return 0;
  const int64_t lines = pre * post;
  return round16 ((size_t) (lines * L.nchunk) * es) + prod_ws (1, L.nchunk, lines, es);
}

/* out[line] = the product of the line (len > 0); the partials reduced by this same code. */
template <typename R>
gm_status prod_run (int64_t pre, int64_t len, int64_t post, const Cplx<R> *x, Cplx<R> *out,
                    unsigned char *flag, char *ws, cudaStream_t stream)
{
  const Lines L = plan (pre, len, post);
  const int64_t lines = pre * post;
  Cplx<R> *dst = L.nchunk == 1 ? out : (Cplx<R> *) ws;
  prod_chunks<R><<<grid_for (lines * L.nchunk), BLOCK, 0, stream>>> (L, x, dst, flag);
  gm_status st = launched ("gm_complex_reduce: prod_chunks launch");
  if (st != GM_OK || L.nchunk == 1)
    return st;
  return prod_run<R> (1, L.nchunk, lines, dst, out, NULL,
                      ws + round16 ((size_t) (lines * L.nchunk) * sizeof (Cplx<R>)), stream);
}

/* ---- cumprod -------------------------------------------------------------------------------- */
/* Launch: grid_for (pre * (nchunk - 1) * post) x BLOCK.  tot[c + (nchunk - 1) * line] = the
   product of chunk c from its first element (the last chunk's total carries into nothing). */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
cum_totals (Lines L, const Cplx<R> *__restrict__ x, Cplx<R> *__restrict__ tot)
{
  const int64_t nt = L.nchunk - 1, items = L.pre * nt * L.post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const Item it = item_of (L, nt, t);
    const Cplx<R> *p = x + it.first;
    Cplx<R> s = p[0];
    for (int64_t i = 1; i < it.count; i++)
      s = cmul (s, p[i * L.pre]);
    tot[it.c + nt * it.line] = s;
  }
}

/* Launch: grid_for (pre * nchunk * post) x BLOCK.  out = the running products of each chunk,
   chunk c > 0 started from carry[c - 1 + (nchunk - 1) * line]; x and out may be the same array.
   flag (may be NULL): flag[line] = 1 where an element or a result has a non-finite part. */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
cum_chunks (Lines L, const Cplx<R> *x, Cplx<R> *out, const Cplx<R> *__restrict__ carry,
            unsigned char *__restrict__ flag)
{
  const int64_t items = L.pre * L.nchunk * L.post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const Item it = item_of (L, L.nchunk, t);
    const Cplx<R> *p = x + it.first;
    Cplx<R> *q = out + it.first;
    Cplx<R> z = p[0];
    bool bad = !finite2 (z);
    Cplx<R> s = it.c > 0 ? cmul (carry[it.c - 1 + (L.nchunk - 1) * it.line], z) : z;
    bad |= !finite2 (s);
    q[0] = s;
    for (int64_t i = 1; i < it.count; i++) {
      z = p[i * L.pre];
      s = cmul (s, z);
      bad |= !finite2 (z) || !finite2 (s);
      q[i * L.pre] = s;
    }
    if (flag && bad)
      flag[it.line] = 1;
  }
}

/* Launch: grid_for (pre * post) x BLOCK.  A flagged line's running products again, in Octave's
   order. */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
cum_redo (int64_t pre, int64_t len, int64_t post, const Cplx<R> *__restrict__ x,
          Cplx<R> *__restrict__ out, const unsigned char *__restrict__ flag)
{
  const int64_t lines = pre * post;
  for (int64_t line = (int64_t) blockIdx.x * BLOCK + threadIdx.x; line < lines;
       line += (int64_t) gridDim.x * BLOCK) {
    if (!flag[line])
      continue;
    const int64_t base = line_base (line, pre, len);
    Cplx<R> s = x[base];
    out[base] = s;
    for (int64_t i = 1; i < len; i++) {
      s = cmul (s, x[base + i * pre]);
      out[base + i * pre] = s;
    }
  }
}

size_t cum_ws (int64_t pre, int64_t len, int64_t post, size_t es)
{
  const Lines L = plan (pre, len, post);
  if (L.nchunk <= 1)
    return 0;
  const int64_t lines = pre * post;
  return round16 ((size_t) (lines * (L.nchunk - 1)) * es) + cum_ws (1, L.nchunk - 1, lines, es);
}

template <typename R>
gm_status cum_run (int64_t pre, int64_t len, int64_t post, const Cplx<R> *x, Cplx<R> *out,
                   unsigned char *flag, char *ws, cudaStream_t stream)
{
  const Lines L = plan (pre, len, post);
  const int64_t lines = pre * post;
  Cplx<R> *tot = NULL;
  if (L.nchunk > 1) {
    tot = (Cplx<R> *) ws;
    cum_totals<R><<<grid_for (lines * (L.nchunk - 1)), BLOCK, 0, stream>>> (L, x, tot);
    gm_status st = launched ("gm_complex_reduce: cum_totals launch");
    if (st != GM_OK)
      return st;
    st = cum_run<R> (1, L.nchunk - 1, lines, tot, tot, NULL,
                     ws + round16 ((size_t) (lines * (L.nchunk - 1)) * sizeof (Cplx<R>)), stream);
    if (st != GM_OK)
      return st;
  }
  cum_chunks<R><<<grid_for (lines * L.nchunk), BLOCK, 0, stream>>> (L, x, out, tot,
                                                                    L.nchunk > 1 ? flag : NULL);
  return launched ("gm_complex_reduce: cum_chunks launch");
}

/* ---- max and min ---------------------------------------------------------------------------- */
/* The state of a run of a line: the best non-NaN element so far (i == NONE: none yet), k1 the
   first NaN element with an infinite part after the line's J, k2 the first non-NaN element
   with an infinite part (MAX only). */
template <typename R> struct MM {
  Cplx<R> v;
  R ab;
  int64_t i, k1, k2;
};
template <typename R> __device__ __forceinline__ MM<R> mm_identity ()
{
  MM<R> s;
  s.v = Cplx<R>{(R) 0, (R) 0};
  s.ab = (R) 0;
  s.i = s.k1 = s.k2 = NONE;
  return s;
}

/* z (abs az) after the best s in Octave's order (both non-NaN): `z > s` for max, `<` for min. */
template <typename R, bool MAX>
__device__ __forceinline__ bool beats (Cplx<R> z, R az, const MM<R> &s)
{
  if (az != s.ab)
    return MAX ? az > s.ab : az < s.ab;
  const int o = gm_cx::cx_order (az, s.ab, gm_cx::cx_arg (z.re, z.im),
                                 gm_cx::cx_arg (s.v.re, s.v.im));
  return MAX ? o == 1 : o == -1;
}

template <typename R, bool MAX>
__device__ __forceinline__ void mm_step (MM<R> &s, Cplx<R> z, int64_t pos, int64_t jstar)
{
  const bool nan = isnan (z.re) || isnan (z.im);
  if (nan && !MAX)
    return;
  const R az = gm_cx::glibc_hypot (z.re, z.im);
  if (nan) {
    if (isinf (az) && pos > jstar && s.k1 == NONE)
      s.k1 = pos;
    return;
  }
  if (MAX && isinf (az) && s.k2 == NONE)
    s.k2 = pos;
  if (s.i == NONE || beats<R, MAX> (z, az, s)) {
    s.v = z;
    s.ab = az;
    s.i = pos;
  }
}

/* a's run, then b's (later positions) */
template <typename R, bool MAX> __device__ __forceinline__ MM<R> mm_combine (MM<R> a, const MM<R> &b)
{
  if (b.i != NONE && (a.i == NONE || beats<R, MAX> (b.v, b.ab, a))) {
    a.v = b.v;
    a.ab = b.ab;
    a.i = b.i;
  }
  a.k1 = imin (a.k1, b.k1);
  a.k2 = imin (a.k2, b.k2);
  return a;
}

/* The original array, for the final step. */
template <typename R> struct Orig {
  const Cplx<R> *x;
  int64_t pre, len;
  Cplx<R> *out;
  double *index;        /* may be NULL */
};

template <typename R, bool MAX>
__device__ __forceinline__ void mm_write (const Orig<R> &o, int64_t line, const MM<R> &s)
{
  int64_t pos = 0;                              /* all NaN: the first element */
  if (MAX && s.k1 != NONE && s.k1 < s.k2)
    pos = s.k1;
  else if (s.i != NONE)
    pos = s.i;
  o.out[line] = o.x[line_base (line, o.pre, o.len) + pos * o.pre];
  if (o.index)
    o.index[line] = (double) (pos + 1);
}

/* Launch: grid_for (pre * nchunk * post) x BLOCK.  J (MAX; post entries): each slice's J.
   nchunk == 1 writes the results, otherwise partial[c + nchunk * line]. */
template <typename R, bool MAX>
__global__ void __launch_bounds__ (BLOCK)
mm_chunks (Lines L, Orig<R> o, const int64_t *__restrict__ J, MM<R> *__restrict__ partial)
{
  const int64_t items = L.pre * L.nchunk * L.post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const Item it = item_of (L, L.nchunk, t);
    const Cplx<R> *p = o.x + it.first;
    const int64_t jstar = MAX ? J[it.line / L.pre] : NONE;
    MM<R> s = mm_identity<R> ();
    for (int64_t i = 0; i < it.count; i++)
      mm_step<R, MAX> (s, p[i * L.pre], it.begin + i, jstar);
    if (L.nchunk == 1)
      mm_write<R, MAX> (o, it.line, s);
    else
      partial[it.c + L.nchunk * it.line] = s;
  }
}

/* Launch: grid_for (nchunk * lines) x BLOCK.  The partials as a 1 x n x lines view L, each
   chunk of them combined in order; nchunk == 1 writes the results. */
template <typename R, bool MAX>
__global__ void __launch_bounds__ (BLOCK)
mm_fold (Lines L, Orig<R> o, const MM<R> *__restrict__ src, MM<R> *__restrict__ dst)
{
  const int64_t items = L.nchunk * L.post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const Item it = item_of (L, L.nchunk, t);
    MM<R> s = mm_identity<R> ();
    for (int64_t i = 0; i < it.count; i++)
      s = mm_combine<R, MAX> (s, src[it.first + i]);
    if (L.nchunk == 1)
      mm_write<R, MAX> (o, it.line, s);
    else
      dst[it.c + L.nchunk * it.line] = s;
  }
}

/* Launch: grid_for (pre * len * post) x BLOCK (pre > 1).  nanrow[j + len*b] = 1 where some line
   of slice b is NaN at position j (the flags zeroed first). */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
mark_nan (int64_t pre, int64_t len, int64_t post, const Cplx<R> *__restrict__ x,
          unsigned char *__restrict__ nanrow)
{
  const int64_t n = pre * len * post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < n;
       t += (int64_t) gridDim.x * BLOCK) {
    const Cplx<R> z = x[t];
    if (isnan (z.re) || isnan (z.im))
      nanrow[t / pre] = 1;                 /* t / pre is j + len*b; every writer writes 1 */
  }
}

/* Launch: grid_for (nchunk * post) x BLOCK, L a 1 x len x post view.  J[b] = the first position
   j of slice b that is clear: no flag (nanrow != NULL) or a non-NaN element (pre == 1); J[b]
   starts at len (none). */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
first_clear (Lines L, const Cplx<R> *__restrict__ x, const unsigned char *__restrict__ nanrow,
             long long *__restrict__ J)
{
  const int64_t items = L.nchunk * L.post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const Item it = item_of (L, L.nchunk, t);
    for (int64_t i = 0; i < it.count; i++) {
      const int64_t k = it.first + i;
      const bool clear = nanrow ? !nanrow[k] : !(isnan (x[k].re) || isnan (x[k].im));
      if (clear) {
        atomicMin (J + it.line, (long long) (it.begin + i));
        break;
      }
    }
  }
}

size_t mm_partials_ws (int64_t pre, int64_t len, int64_t post, size_t es)
{
  const Lines L = plan (pre, len, post);
  if (L.nchunk <= 1)
    return 0;
  const int64_t lines = pre * post;
  return round16 ((size_t) (lines * L.nchunk) * es) + mm_partials_ws (1, L.nchunk, lines, es);
}
/* J (post int64), the NaN flags (len * post bytes, pre > 1), then the partials */
size_t mm_j_bytes (bool max, int64_t post) { return max ? round16 ((size_t) post * 8) : 0; }
size_t mm_flag_bytes (bool max, int64_t pre, int64_t len, int64_t post)
{
  return max && pre > 1 ? round16 ((size_t) (len * post)) : 0;
}

template <typename R, bool MAX>
gm_status mm_run (int64_t pre, int64_t len, int64_t post, const Cplx<R> *x, Cplx<R> *out,
                  double *index, char *ws, cudaStream_t stream)
{
  const char *who = "gm_complex_reduce: max/min launch";
  const int64_t lines = pre * post;
  long long *J = NULL;
  char *part = ws + mm_j_bytes (MAX, post) + mm_flag_bytes (MAX, pre, len, post);
  gm_status st;
  if (MAX) {
    J = (long long *) ws;
    unsigned char *nanrow = NULL;
    fill<long long><<<grid_for (post), BLOCK, 0, stream>>> (J, post, (long long) len);
    if ((st = launched (who)) != GM_OK)
      return st;
    if (pre > 1) {
      nanrow = (unsigned char *) (ws + mm_j_bytes (MAX, post));
      if ((st = gm_cuda_status (cudaMemsetAsync (nanrow, 0, (size_t) (len * post), stream),
                                "gm_complex_reduce: cudaMemsetAsync")) != GM_OK)
        return st;
      mark_nan<R><<<grid_for (lines * len), BLOCK, 0, stream>>> (pre, len, post, x, nanrow);
      if ((st = launched (who)) != GM_OK)
        return st;
    }
    const Lines C = plan (1, len, post);
    first_clear<R><<<grid_for (C.nchunk * post), BLOCK, 0, stream>>> (C, x, nanrow, J);
    if ((st = launched (who)) != GM_OK)
      return st;
  }
  const Orig<R> o = {x, pre, len, out, index};
  Lines L = plan (pre, len, post);
  MM<R> *src = (MM<R> *) part;
  mm_chunks<R, MAX><<<grid_for (lines * L.nchunk), BLOCK, 0, stream>>> (L, o, (const int64_t *) J,
                                                                      src);
  if ((st = launched (who)) != GM_OK)
    return st;
  /* fold the partials, a 1 x nchunk x lines view at each level */
  while (L.nchunk > 1) {
    const int64_t n = L.nchunk;
    part += round16 ((size_t) (lines * n) * sizeof (MM<R>));
    L = plan (1, n, lines);
    MM<R> *dst = (MM<R> *) part;
    mm_fold<R, MAX><<<grid_for (lines * L.nchunk), BLOCK, 0, stream>>> (L, o, src, dst);
    if ((st = launched (who)) != GM_OK)
      return st;
    src = dst;
  }
  return GM_OK;
}

/* ---- checks --------------------------------------------------------------------------------- */

/* prod takes a 0x0 array as 0x1 (Octave's "prod ([]) is 1"). */
gm_status cx_view (gm_complex_reduce_op op, int nd, const int64_t *dims, int dim, int64_t *pre,
                   int64_t *len, int64_t *post)
{
  return gm_line_view ("gm_complex_reduce", nd, dims, dim, op == GM_CX_PROD, pre, len, post);
}

gm_status check_work (size_t need, const void *work, size_t bytes)
{
  if (need > 0 && (!work || bytes < need))
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "gm_complex_reduce: workspace of %zu bytes, %zu needed",
                    work ? bytes : (size_t) 0, need);
  if (need > 0 && ((uintptr_t) work % 16) != 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_complex_reduce: workspace not 16-byte aligned");
  return GM_OK;
}

/* The flags of prod and cumprod (one byte a line), used when the lines are cut into chunks. */
size_t flag_bytes (int64_t pre, int64_t len, int64_t post)
{
  return plan (pre, len, post).nchunk > 1 ? round16 ((size_t) (pre * post)) : 0;
}

size_t workspace (gm_complex_reduce_op op, gm_class cls, int64_t pre, int64_t len, int64_t post)
{
  const size_t es = gm_class_size (cls);
  switch (op) {
  case GM_CX_PROD:
    return len == 0 ? 0 : flag_bytes (pre, len, post) + prod_ws (pre, len, post, es);
  case GM_CX_CUMPROD:
    return flag_bytes (pre, len, post) + cum_ws (pre, len, post, es);
  default: {
    const bool max = op == GM_CX_MAX;
    const size_t ms = cls == GM_COMPLEX_DOUBLE ? sizeof (MM<double>) : sizeof (MM<float>);
    if (pre * post == 0 || len == 0)
      return 0;
    return mm_j_bytes (max, post) + mm_flag_bytes (max, pre, len, post)
           + mm_partials_ws (pre, len, post, ms);
  }
  }
}

template <typename R>
gm_status run_typed (gm_complex_reduce_op op, int64_t pre, int64_t len, int64_t post,
                     const void *d_x, void *d_out, double *d_index, void *d_ws,
                     cudaStream_t stream)
{
  const int64_t lines = pre * post;
  const Cplx<R> *x = (const Cplx<R> *) d_x;
  Cplx<R> *out = (Cplx<R> *) d_out;
  char *ws = (char *) d_ws;
  if (lines == 0)
    return GM_OK;
  if (op == GM_CX_MAX || op == GM_CX_MIN) {
    if (len == 0)
      return GM_OK;                                    /* max (zeros (0, 3)) is 0x3 */
    return op == GM_CX_MAX ? mm_run<R, true> (pre, len, post, x, out, d_index, ws, stream)
                           : mm_run<R, false> (pre, len, post, x, out, d_index, ws, stream);
  }
  if (len == 0) {
    if (op == GM_CX_CUMPROD)
      return GM_OK;
    fill<Cplx<R> ><<<grid_for (lines), BLOCK, 0, stream>>> (out, lines, Cplx<R>{(R) 1, (R) 0});
    return launched ("gm_complex_reduce: fill launch");
  }
  const size_t fb = flag_bytes (pre, len, post);
  unsigned char *flag = fb ? (unsigned char *) ws : NULL;
  gm_status st;
  if (flag && (st = gm_cuda_status (cudaMemsetAsync (flag, 0, (size_t) lines, stream),
                                    "gm_complex_reduce: cudaMemsetAsync")) != GM_OK)
    return st;
  if (op == GM_CX_PROD)
    st = prod_run<R> (pre, len, post, x, out, flag, ws + fb, stream);
  else
    st = cum_run<R> (pre, len, post, x, out, flag, ws + fb, stream);
  if (st != GM_OK || !flag)
    return st;
  if (op == GM_CX_PROD)
    prod_redo<R><<<grid_for (lines), BLOCK, 0, stream>>> (pre, len, post, x, out, flag);
  else
    cum_redo<R><<<grid_for (lines), BLOCK, 0, stream>>> (pre, len, post, x, out, flag);
  return launched ("gm_complex_reduce: redo launch");
}

} /* namespace */

/* ---- the C API ------------------------------------------------------------------------------ */
extern "C" gm_status gm_complex_reduce_workspace_size (gm_complex_reduce_op op, gm_class cls,
                                                       int nd, const int64_t *dims, int dim,
                                                       size_t *bytes)
{
  int64_t pre = 0, len = 0, post = 0;
  gm_status st;
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_complex_reduce_workspace_size: NULL result");
  *bytes = 0;
  if ((int) op < 0 || op >= GM_CX_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_complex_reduce: unknown op %d", (int) op);
  if (!gm_class_is_complex (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_complex_reduce: class %s is not complex",
                    gm_class_name (cls));
  if ((st = cx_view (op, nd, dims, dim, &pre, &len, &post)) != GM_OK)
    return st;
  *bytes = workspace (op, cls, pre, len, post);
  return GM_OK;
}

extern "C" gm_status gm_complex_reduce (gm_complex_reduce_op op, gm_class cls, int nd,
                                        const int64_t *dims, int dim, const void *d_x,
                                        void *d_out, double *d_index, void *d_workspace,
                                        size_t workspace_bytes, cudaStream_t stream)
{
  size_t need;
  int64_t pre = 0, len = 0, post = 0;
  gm_status st = gm_complex_reduce_workspace_size (op, cls, nd, dims, dim, &need);
  if (st != GM_OK)
    return st;
  cx_view (op, nd, dims, dim, &pre, &len, &post);
  const int64_t lines = pre * post;
  const int64_t nout = op == GM_CX_CUMPROD ? lines * len
                       : op == GM_CX_PROD ? lines : (len > 0 ? lines : 0);
  if (nout > 0 && (!d_out || (len > 0 && !d_x)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "gm_complex_reduce: NULL device pointer with %lld outputs", (long long) nout);
  if ((st = check_work (need, d_workspace, workspace_bytes)) != GM_OK)
    return st;
  return cls == GM_COMPLEX_DOUBLE
             ? run_typed<double> (op, pre, len, post, d_x, d_out, d_index, d_workspace, stream)
             : run_typed<float> (op, pre, len, post, d_x, d_out, d_index, d_workspace, stream);
}
