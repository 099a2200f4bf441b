/* reduce.cu: deterministic reductions along one dimension (sum, mean, max and min with indices)
 * and Octave's vector and matrix norms, for double and single.
 *
 * An N-d array reduced along dimension dim is viewed as pre x len x post (column-major:
 * pre = prod dims[0..dim-2], len = dims[dim-1], post = the rest) and every one of the pre*post
 * outputs combines its len elements with a "reducer": sum (in the class: single sums in float,
 * as Octave's FloatNDArray::sum does), max/min with the index, |x| sums, Octave's scaled 2-norm
 * and p-norm accumulators, max/min |x|.
 *
 * Versions (v1, this file; sum measured on the H100 at 2238-2848 GB/s, bench/NOTES-elementwise.md):
 *   red_cols       pre == 1, len >= 64 (along the contiguous dimension): one warp per (column,
 *                  chunk).  Lane l takes elements begin + l + 32*k of its chunk into accumulator
 *                  k mod 4 (4 independent loads in flight per lane: a warp then keeps 512 bytes
 *                  of doubles in flight, and 64 warps per SM 32 KB, twice the ~15 KB that
 *                  3.35 TB/s x ~600 ns of latency / 132 SMs needs); then (acc0 + acc1) +
 *                  (acc2 + acc3), then a shuffle tree over the 32 lanes (offsets 16, 8, 4, 2, 1).
 *   red_strided    pre > 1, or columns shorter than 64: one thread per (a, b, chunk),
 *                  consecutive threads on consecutive a (on consecutive columns when pre == 1),
 *                  so each step of a warp reads 32 consecutive elements; element i of the chunk
 *                  goes into accumulator i mod 4, then (acc0 + acc1) + (acc2 + acc3).
 *   red_partials   when len was cut into chunks: one warp per output, lane l takes chunks
 *                  l, l + 32, ... in order, then the same shuffle tree; this also applies the
 *                  final step (mean's division, a norm's scale * sqrt (sum), the 1-based index).
 *
 * Determinism: the chunking is a function of the shape only (never of the device: the targets
 * below are constants), chunk starts are multiples of 128 (red_cols) or 4 (red_strided) elements
 * from the start of the column, and there are no atomics.  The same input gives the same bits
 * on every run and every GPU; tests/test_reduce.cu checks it.  max/min need none of this: their
 * combine (non-NaN beats NaN, then the larger/smaller value, then the smaller index) is
 * associative and commutative, so any order gives Octave's sequential answer exactly.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "array_internal.h"

namespace {

constexpr int BLOCK = 256;
constexpr int WARPS = BLOCK / 32;
/* Work aimed at: 132 SMs x 64 resident warps (2048 threads) of an H100/H200.  A constant, so that
   the partition (and the bits of every sum) does not depend on the GPU. */
constexpr int64_t TARGET_WARPS = 132 * 64;
constexpr int64_t TARGET_THREADS = TARGET_WARPS * 32;
constexpr int64_t COLS_MIN_CHUNK = 4096;  /* red_cols: no chunk shorter (32 lanes x 128 each)    */
constexpr int64_t COLS_ALIGN = 128;
constexpr int64_t COLS_MIN_LEN = 64;      /* pre == 1 and shorter columns: red_strided        */
/* (red_cols chunk lengths are multiples of 32 lanes x 4) */
constexpr int64_t STRIDED_MIN_CHUNK = 64; /* red_strided: at least 64 sequential loads a thread */
constexpr int64_t GRID_CAP = (int64_t) 1 << 20;  /* grid-stride beyond this; no result changes */

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
inline int64_t min64 (int64_t a, int64_t b) { return a < b ? a : b; }
inline int64_t max64 (int64_t a, int64_t b) { return a > b ? a : b; }
inline unsigned grid_for (int64_t blocks) { return (unsigned) max64 (1, min64 (blocks, GRID_CAP)); }
gm_status launched (const char *what) { return gm_cuda_status (cudaGetLastError (), what); }

template <typename T> __device__ __forceinline__ T shfl (T v, int off)
{
  return __shfl_down_sync (0xffffffffu, v, off);
}
template <typename T> __device__ __forceinline__ T qnan ();
template <> __device__ __forceinline__ double qnan<double> ()
{
  return __longlong_as_double (0x7ff8000000000000ll);
}
template <> __device__ __forceinline__ float qnan<float> () { return __int_as_float (0x7fc00000); }

/* ---- reducers: state S, identity, make (element i of its column), combine, shuffle, and the
   final write of output o ------------------------------------------------------------------- */
template <typename T> struct SumR {
  typedef T S;
  T *out;
  int64_t len;
  bool mean, abs;
  __device__ S identity () const { return (T) 0; }
  __device__ S make (T x, int64_t) const { return abs ? fabs (x) : x; }
  __device__ S combine (S a, S b) const { return a + b; }
  __device__ S down (S s, int off) const { return shfl (s, off); }
  __device__ void write (int64_t o, S s) const { out[o] = mean ? s / (T) len : s; }
};

template <typename T> struct MinMaxState { T v; int64_t i; };
template <typename T, bool MAX> struct MinMaxR {
  typedef MinMaxState<T> S;
  T *out;
  double *index;
  __device__ S identity () const { return S{qnan<T> (), INT64_MAX}; }
  __device__ S make (T x, int64_t i) const { return S{x, i}; }
  /* Octave's mx_inline_max: the first non-NaN, then strictly larger values; all NaN gives the
     first element.  As a combine: non-NaN wins, then the larger value, then the smaller index
     (equal values include -0 == 0, and two NaNs). */
  __device__ S combine (S a, S b) const
  {
    const bool an = isnan (a.v), bn = isnan (b.v);
    if (an != bn)
      return an ? b : a;
    if (!an && a.v != b.v)
      return (MAX ? a.v > b.v : a.v < b.v) ? a : b;
    return a.i <= b.i ? a : b;
  }
  __device__ S down (S s, int off) const { return S{shfl (s.v, off), shfl (s.i, off)}; }
  __device__ void write (int64_t o, S s) const
  {
    out[o] = s.v;
    if (index)
      index[o] = (double) (s.i + 1);
  }
};

/* Octave's norm_accumulator_2 / _p, in parallel: (scale, sum) stands for scale * sum^(1/p),
   scale the largest |x| seen; two states combine on the larger scale.  P2: p == 2 (a product
   instead of pow).  p > 0 only (see gm_vector_norm for p < 0). */
template <typename T> struct ScaledState { T s, q; };
template <typename T, bool P2> struct NormPR {
  typedef ScaledState<T> S;
  T *out;
  T p;        /* > 0 */
  __device__ T rpow (T r) const { return P2 ? r * r : pow (r, p); }
  __device__ S identity () const { return S{(T) 0, (T) 0}; }
  __device__ S make (T x, int64_t) const
  {
    const T t = fabs (x);
    if (isnan (t)) return S{t, (T) 1};
    return t == (T) 0 ? S{(T) 0, (T) 0} : S{t, (T) 1};
  }
  __device__ S combine (S a, S b) const
  {
    if (isnan (a.s) || isnan (b.s))
      return S{qnan<T> (), (T) 1};
    if (a.s < b.s) { const S t = a; a = b; b = t; }
    if (b.s == (T) 0) return a;
    if (a.s == b.s) return S{a.s, a.q + b.q};          /* also Inf with Inf */
    return S{a.s, a.q + b.q * rpow (b.s / a.s)};       /* a.s == Inf: the ratio is 0 */
  }
  __device__ S down (S s, int off) const { return S{shfl (s.s, off), shfl (s.q, off)}; }
  __device__ void write (int64_t o, S s) const
  {
    const T n = s.s == (T) 0 ? (T) 0 : s.s * (P2 ? sqrt (s.q) : pow (s.q, (T) 1 / p));
    out[o] = n;
  }
};

/* max |x| (MAX) or min |x|, NaN anywhere gives NaN (Octave's norm_accumulator_inf / _minf). */
template <typename T, bool MAX> struct AbsExtR {
  typedef T S;
  T *out;
  __device__ S identity () const { return MAX ? (T) 0 : (T) INFINITY; }
  __device__ S make (T x, int64_t) const { return fabs (x); }
  __device__ S combine (S a, S b) const
  {
    if (isnan (a) || isnan (b)) return qnan<T> ();
    return MAX ? (a > b ? a : b) : (a < b ? a : b);
  }
  __device__ S down (S s, int off) const { return shfl (s, off); }
  __device__ void write (int64_t o, S s) const { out[o] = s; }
};

/* ---- kernels ------------------------------------------------------------------------------ */
/* Fold 4 accumulators in a fixed order, then the 32 lanes by the shuffle tree; lane 0 has it. */
template <typename R>
__device__ __forceinline__ typename R::S fold (const R &r, typename R::S (&acc)[4])
{
  typename R::S s = r.combine (r.combine (acc[0], acc[1]), r.combine (acc[2], acc[3]));
#pragma unroll
  for (int off = 16; off > 0; off >>= 1)
    s = r.combine (s, r.down (s, off));
  return s;
}

/* Launch: grid_for (ceil_div (post * nchunk, WARPS)) x BLOCK.  pre == 1: column b is
   x[b*len .. b*len + len), chunk c its elements [c*chunk_len, min (len, (c+1)*chunk_len)).  A warp
   per (b, c); nchunk == 1 writes the output, otherwise partial[b*nchunk + c]. */
template <typename R, typename T>
__global__ void __launch_bounds__ (BLOCK)
red_cols (R r, const T *__restrict__ x, int64_t len, int64_t post, int64_t chunk_len,
          int64_t nchunk, typename R::S *__restrict__ partial)
{
  typedef typename R::S S;
  const int lane = threadIdx.x & 31;
  const int64_t items = post * nchunk;
  for (int64_t w = (int64_t) blockIdx.x * WARPS + (threadIdx.x >> 5); w < items;
       w += (int64_t) gridDim.x * WARPS) {
    const int64_t b = w / nchunk, c = w % nchunk;
    const int64_t begin = c * chunk_len, end = min (len, begin + chunk_len);
    const T *col = x + b * len;
    S acc[4] = {r.identity (), r.identity (), r.identity (), r.identity ()};
    for (int64_t k = begin + lane; k < end; k += 128) {
#pragma unroll
      for (int u = 0; u < 4; u++) {
        const int64_t i = k + 32 * u;
        if (i < end)
          acc[u] = r.combine (acc[u], r.make (col[i], i));
      }
    }
    const S s = fold (r, acc);
    if (lane == 0) {
      if (nchunk == 1)
        r.write (b, s);
      else
        partial[w] = s;
    }
  }
}

/* Launch: grid_for (ceil_div (pre * nchunk * post, BLOCK)) x BLOCK.  pre > 1: a thread per
   (a, c, b), a fastest; element i of output (a, b) is x[a + i*pre + b*pre*len].  nchunk == 1
   writes the output a + b*pre, otherwise partial[(a + b*pre)*nchunk + c]. */
template <typename R, typename T>
__global__ void __launch_bounds__ (BLOCK)
red_strided (R r, const T *__restrict__ x, int64_t pre, int64_t len, int64_t post,
             int64_t chunk_len, int64_t nchunk, typename R::S *__restrict__ partial)
{
  typedef typename R::S S;
  const int64_t items = pre * nchunk * post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const int64_t a = t % pre, rest = t / pre, c = rest % nchunk, b = rest / nchunk;
    const int64_t begin = c * chunk_len, end = min (len, begin + chunk_len);
    const T *p = x + a + b * pre * len;
    S acc[4] = {r.identity (), r.identity (), r.identity (), r.identity ()};
    int64_t i = begin;
    for (; i + 4 <= end; i += 4) {
#pragma unroll
      for (int u = 0; u < 4; u++)
        acc[u] = r.combine (acc[u], r.make (p[(i + u) * pre], i + u));
    }
    for (int u = 0; i < end; i++, u++)
      acc[u] = r.combine (acc[u], r.make (p[i * pre], i));
    const S s = r.combine (r.combine (acc[0], acc[1]), r.combine (acc[2], acc[3]));
    const int64_t o = a + b * pre;
    if (nchunk == 1)
      r.write (o, s);
    else
      partial[o * nchunk + c] = s;
  }
}

/* Launch: grid_for (ceil_div (nout, WARPS)) x BLOCK.  A warp per output o: partials
   [o*nchunk, (o+1)*nchunk), lane l taking l, l + 32, ... in order. */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
red_partials (R r, const typename R::S *__restrict__ partial, int64_t nchunk, int64_t nout)
{
  typedef typename R::S S;
  const int lane = threadIdx.x & 31;
  for (int64_t o = (int64_t) blockIdx.x * WARPS + (threadIdx.x >> 5); o < nout;
       o += (int64_t) gridDim.x * WARPS) {
    S acc[4] = {r.identity (), r.identity (), r.identity (), r.identity ()};
    for (int64_t c = lane; c < nchunk; c += 32)
      acc[0] = r.combine (acc[0], partial[o * nchunk + c]);
    const S s = fold (r, acc);
    if (lane == 0)
      r.write (o, s);
  }
}

/* Fill n elements with v (sum or mean of nothing). */
template <typename T>
__global__ void __launch_bounds__ (BLOCK) fill (T *out, int64_t n, T v)
{
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < n;
       i += (int64_t) gridDim.x * BLOCK)
    out[i] = v;
}

/* Octave's RowVector::max on the column/row sums: a NaN first sum stays (every `>` against it
   is false); otherwise the max that ignores NaN, which *out already holds.  One thread. */
template <typename T> __global__ void first_nan_rule (const T *sums, T *out)
{
  if (isnan (sums[0]))
    *out = sums[0];
}

/* ---- planning ----------------------------------------------------------------------------- */
struct Plan {
  int64_t pre = 0, len = 0, post = 0;
  int64_t chunk_len, nchunk;    /* nchunk == 1: no partials */
  bool cols;                    /* red_cols; otherwise red_strided */
};

Plan make_plan (int64_t pre, int64_t len, int64_t post)
{
  /* Columns shorter than COLS_MIN_LEN would leave most of a warp idle in red_cols (3 of 32 lanes
     busy for sum (x) of a 3 x n x): red_strided takes them, a thread per column, whose
     neighbours' columns are adjacent in memory. */
  Plan p = {pre, len, post, len, 1, pre == 1 && len >= COLS_MIN_LEN};
  if (pre == 0 || post == 0 || len == 0)
    return p;
  if (p.cols) {
    int64_t n = min64 (ceil_div (TARGET_WARPS, post), ceil_div (len, COLS_MIN_CHUNK));
    n = max64 (n, 1);
    p.chunk_len = ceil_div (ceil_div (len, n), COLS_ALIGN) * COLS_ALIGN;
  } else {
    int64_t n = min64 (ceil_div (TARGET_THREADS, pre * post), ceil_div (len, STRIDED_MIN_CHUNK));
    n = max64 (n, 1);
    p.chunk_len = ceil_div (ceil_div (len, n), 4) * 4;
  }
  p.nchunk = ceil_div (len, p.chunk_len);
  return p;
}

size_t partial_bytes (const Plan &p, size_t state_bytes)
{
  return p.nchunk > 1 ? (size_t) (p.pre * p.post) * (size_t) p.nchunk * state_bytes : 0;
}

/* State sizes, the same for every reducer of a class family: the largest is a (value, index)
   pair, 16 bytes in both classes. */
size_t state_bytes (gm_class cls, gm_reduce_op op)
{
  if (op == GM_RED_MAX || op == GM_RED_MIN)
    return 16;
  return gm_class_size (cls);
}
size_t norm_state_bytes (gm_class cls) { return 2 * gm_class_size (cls); }

template <typename R, typename T>
gm_status run (const R &r, const Plan &p, const T *x, void *work, cudaStream_t stream,
               const char *who)
{
  typedef typename R::S S;
  S *partial = (S *) work;
  const int64_t nout = p.pre * p.post;
  if (nout == 0 || p.len == 0)
    return GM_OK;
  if (p.cols)
    red_cols<R, T><<<grid_for (ceil_div (p.post * p.nchunk, WARPS)), BLOCK, 0, stream>>> (
        r, x, p.len, p.post, p.chunk_len, p.nchunk, partial);
  else
    red_strided<R, T><<<grid_for (ceil_div (p.pre * p.nchunk * p.post, BLOCK)), BLOCK, 0,
                        stream>>> (r, x, p.pre, p.len, p.post, p.chunk_len, p.nchunk, partial);
  gm_status st = launched (who);
  if (st != GM_OK || p.nchunk == 1)
    return st;
  red_partials<R><<<grid_for (ceil_div (nout, WARPS)), BLOCK, 0, stream>>> (r, partial,
                                                                            p.nchunk, nout);
  return launched (who);
}



/* The view gm_reduce works on: Octave's 0x0 -> 0x1 for sum and mean. */
gm_status reduce_view (const char *who, gm_reduce_op op, int nd, const int64_t *dims, int dim,
                       int64_t *pre, int64_t *len, int64_t *post)
{
  return gm_line_view (who, nd, dims, dim, op == GM_RED_SUM || op == GM_RED_MEAN, pre, len, post);
}

template <typename T>
gm_status reduce_typed (gm_reduce_op op, const Plan &p, const void *x, void *out, double *index,
                        void *work, cudaStream_t stream)
{
  const char *who = "gm_reduce: launch";
  const int64_t nout = p.pre * p.post;
  if (nout == 0)
    return GM_OK;
  if (p.len == 0) {       /* max/min: nothing (the result is empty); sum 0, mean 0/0 = NaN */
    if (op == GM_RED_MAX || op == GM_RED_MIN)
      return GM_OK;
    fill<T><<<grid_for (ceil_div (nout, BLOCK)), BLOCK, 0, stream>>> (
        (T *) out, nout, op == GM_RED_SUM ? (T) 0 : (T) NAN);
    return launched ("gm_reduce: fill launch");
  }
  switch (op) {
  case GM_RED_SUM:
  case GM_RED_MEAN:
    return run (SumR<T>{(T *) out, p.len, op == GM_RED_MEAN, false}, p, (const T *) x, work,
                stream, who);
  case GM_RED_MAX:
    return run (MinMaxR<T, true>{(T *) out, index}, p, (const T *) x, work, stream, who);
  case GM_RED_MIN:
    return run (MinMaxR<T, false>{(T *) out, index}, p, (const T *) x, work, stream, who);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_reduce: unknown op %d", (int) op);
  }
}

/* The workspace of gm_vector_norm / gm_matrix_norm: sums (max (rows, cols) elements, rounded to
   16 bytes), then room for the largest partials any of their steps needs. */
size_t round16 (size_t b) { return (b + 15) / 16 * 16; }
size_t norm_sums_bytes (gm_class cls, int64_t rows, int64_t cols)
{
  return round16 ((size_t) max64 (rows, cols) * gm_class_size (cls));
}
size_t norm_partials_bytes (gm_class cls, int64_t rows, int64_t cols)
{
  const size_t e = gm_class_size (cls);
  size_t m = partial_bytes (make_plan (1, rows * cols, 1), norm_state_bytes (cls));
  m = max64 (m, partial_bytes (make_plan (1, rows, cols), e));        /* column sums */
  m = max64 (m, partial_bytes (make_plan (rows, cols, 1), e));        /* row sums    */
  m = max64 (m, partial_bytes (make_plan (1, max64 (rows, cols), 1), 16));   /* their max */
  return m;
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
gm_status vector_norm_typed (gm_norm_kind kind, double p, int64_t count, const T *x, T *out,
                             void *work, cudaStream_t stream)
{
  const Plan pl = make_plan (1, count, 1);
  const char *who = "gm_vector_norm: launch";
  switch (kind) {
  case GM_NORM_1:
    return run (SumR<T>{out, count, false, true}, pl, x, work, stream, who);
  case GM_NORM_2:
  case GM_NORM_FRO:
    return run (NormPR<T, true>{out, (T) 2}, pl, x, work, stream, who);
  case GM_NORM_INF:
    return run (AbsExtR<T, true>{out}, pl, x, work, stream, who);
  case GM_NORM_NEG_INF:
    return run (AbsExtR<T, false>{out}, pl, x, work, stream, who);
  case GM_NORM_P:
    return run (NormPR<T, false>{out, (T) p}, pl, x, work, stream, who);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_vector_norm: unknown kind %d", (int) kind);
  }
}

template <typename T>
gm_status matrix_norm_typed (gm_norm_kind kind, gm_class cls, int64_t rows, int64_t cols,
                             const T *x, T *out, void *work, cudaStream_t stream)
{
  const char *who = "gm_matrix_norm: launch";
  if (kind == GM_NORM_FRO)
    return vector_norm_typed<T> (GM_NORM_2, 2.0, rows * cols, x, out, work, stream);
  T *sums = (T *) work;
  void *partial = (char *) work + norm_sums_bytes (cls, rows, cols);
  int64_t n;
  gm_status st;
  if (kind == GM_NORM_1) {               /* the sum of |x| down each column, then their max */
    n = cols;
    st = run (SumR<T>{sums, rows, false, true}, make_plan (1, rows, cols), x, partial, stream,
              who);
  } else {                               /* GM_NORM_INF: along each row */
    n = rows;
    st = run (SumR<T>{sums, cols, false, true}, make_plan (rows, cols, 1), x, partial, stream,
              who);
  }
  if (st != GM_OK)
    return st;
  if ((st = run (MinMaxR<T, true>{out, NULL}, make_plan (1, n, 1), (const T *) sums, partial,
                 stream, who)) != GM_OK)
    return st;
  first_nan_rule<T><<<1, 1, 0, stream>>> (sums, out);
  return launched ("gm_matrix_norm: first_nan_rule launch");
}

} /* namespace */

/* ---- the C API ------------------------------------------------------------------------------ */
extern "C" int gm_default_dim (int nd, const int64_t *dims)
{
  for (int d = 0; dims && d < nd; d++)
    if (dims[d] != 1)
      return d + 1;
  return 1;
}

extern "C" gm_status gm_reduce_dims (gm_reduce_op op, int nd, const int64_t *dims, int dim,
                                     int *nd_out, int64_t *dims_out)
{
  int64_t pre = 0, len = 0, post = 0;
  if (!nd_out || !dims_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_reduce_dims: NULL result pointer");
  if ((int) op < 0 || op >= GM_RED_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_reduce_dims: unknown op %d", (int) op);
  gm_status st = gm_line_view ("gm_reduce_dims", nd, dims, dim, false, &pre, &len, &post);
  if (st != GM_OK)
    return st;
  int n = nd < 2 ? 2 : nd;
  for (int d = 0; d < n; d++)
    dims_out[d] = d < nd ? dims[d] : 1;
  const bool red = op == GM_RED_SUM || op == GM_RED_MEAN;
  if (red && nd == 2 && dims[0] == 0 && dims[1] == 0)
    dims_out[1] = 1;                                   /* sum ([]) is 0 */
  if (dim <= n && (red || dims_out[dim - 1] != 0))     /* max (zeros (0, 3)) is 0x3 */
    dims_out[dim - 1] = 1;
  while (n > 2 && dims_out[n - 1] == 1)
    n--;
  *nd_out = n;
  return GM_OK;
}

extern "C" gm_status gm_reduce_workspace_size (gm_reduce_op op, gm_class cls, int nd,
                                               const int64_t *dims, int dim, size_t *bytes)
{
  int64_t pre = 0, len = 0, post = 0;
  gm_status st;
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_reduce_workspace_size: NULL result pointer");
  *bytes = 0;
  if ((int) op < 0 || op >= GM_RED_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_reduce: unknown op %d", (int) op);
  if ((st = gm_check_real_float ("gm_reduce", cls)) != GM_OK
      || (st = reduce_view ("gm_reduce", op, nd, dims, dim, &pre, &len, &post)) != GM_OK)
    return st;
  *bytes = partial_bytes (make_plan (pre, len, post), state_bytes (cls, op));
  return GM_OK;
}

extern "C" gm_status gm_reduce (gm_reduce_op op, gm_class cls, int nd, const int64_t *dims,
                                int dim, const void *d_x, void *d_out, double *d_index,
                                void *d_workspace, size_t workspace_bytes, cudaStream_t stream)
{
  size_t need;
  int64_t pre = 0, len = 0, post = 0;
  gm_status st = gm_reduce_workspace_size (op, cls, nd, dims, dim, &need);
  if (st != GM_OK)
    return st;
  reduce_view ("gm_reduce", op, nd, dims, dim, &pre, &len, &post);
  const int64_t nout = pre * post;
  const bool has_out = nout > 0 && (len > 0 || op == GM_RED_SUM || op == GM_RED_MEAN);
  if (has_out && (!d_out || (len > 0 && !d_x)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_reduce: NULL device pointer with %lld outputs",
                    (long long) nout);
  if ((st = check_work ("gm_reduce", need, d_workspace, workspace_bytes)) != GM_OK)
    return st;
  const Plan p = make_plan (pre, len, post);
  return cls == GM_DOUBLE
             ? reduce_typed<double> (op, p, d_x, d_out, d_index, d_workspace, stream)
             : reduce_typed<float> (op, p, d_x, d_out, d_index, d_workspace, stream);
}

extern "C" gm_status gm_vector_norm_workspace_size (gm_class cls, int64_t count, size_t *bytes)
{
  gm_status st;
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_vector_norm_workspace_size: NULL result");
  *bytes = 0;
  if ((st = gm_check_real_float ("gm_vector_norm", cls)) != GM_OK)
    return st;
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_vector_norm: negative count");
  *bytes = partial_bytes (make_plan (1, count, 1), norm_state_bytes (cls));
  return GM_OK;
}

extern "C" gm_status gm_matrix_norm_workspace_size (gm_class cls, int64_t rows, int64_t cols,
                                                    size_t *bytes)
{
  gm_status st;
  size_t n;
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_matrix_norm_workspace_size: NULL result");
  *bytes = 0;
  if ((st = gm_check_real_float ("gm_matrix_norm", cls)) != GM_OK)
    return st;
  if (rows < 0 || cols < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_matrix_norm: negative size");
  if ((st = gm_mul_size3 ((size_t) rows, (size_t) cols, 16, &n)) != GM_OK)
    return st;
  *bytes = norm_sums_bytes (cls, rows, cols) + norm_partials_bytes (cls, rows, cols);
  return GM_OK;
}

extern "C" gm_status gm_vector_norm (gm_norm_kind kind, double p, gm_class cls, int64_t count,
                                     const void *d_x, void *d_out, void *d_workspace,
                                     size_t workspace_bytes, cudaStream_t stream)
{
  size_t need;
  gm_status st = gm_vector_norm_workspace_size (cls, count, &need);
  if (st != GM_OK)
    return st;
  if ((int) kind < 0 || kind > GM_NORM_FRO)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_vector_norm: unknown kind %d", (int) kind);
  if (kind == GM_NORM_P && !(p > 0 && !isinf (p)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "gm_vector_norm: p = %g (GM_NORM_P takes a finite p > 0; Inf and -Inf are "
                    "GM_NORM_INF and GM_NORM_NEG_INF; Octave's norm (x, p < 0) is Inf for any "
                    "finite x, left to the gateway)", p);
  if (!d_out || (count > 0 && !d_x))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_vector_norm: NULL device pointer");
  if ((st = check_work ("gm_vector_norm", need, d_workspace, workspace_bytes)) != GM_OK)
    return st;
  if (count == 0)                                     /* norm ([]) is 0 */
    return gm_cuda_status (cudaMemsetAsync (d_out, 0, gm_class_size (cls), stream),
                           "gm_vector_norm: cudaMemsetAsync");
  void *part = d_workspace;
  return cls == GM_DOUBLE ? vector_norm_typed<double> (kind, p, count, (const double *) d_x,
                                                       (double *) d_out, part, stream)
                          : vector_norm_typed<float> (kind, p, count, (const float *) d_x,
                                                      (float *) d_out, part, stream);
}

extern "C" gm_status gm_matrix_norm (gm_norm_kind kind, gm_class cls, int64_t rows, int64_t cols,
                                     const void *d_x, void *d_out, void *d_workspace,
                                     size_t workspace_bytes, cudaStream_t stream)
{
  size_t need;
  gm_status st = gm_matrix_norm_workspace_size (cls, rows, cols, &need);
  if (st != GM_OK)
    return st;
  if (kind != GM_NORM_1 && kind != GM_NORM_INF && kind != GM_NORM_FRO)
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "gm_matrix_norm: kind %d (1, Inf and \"fro\" only; the 2-norm needs an SVD)",
                    (int) kind);
  if (!d_out || (rows * cols > 0 && !d_x))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_matrix_norm: NULL device pointer");
  if ((st = check_work ("gm_matrix_norm", need, d_workspace, workspace_bytes)) != GM_OK)
    return st;
  if (rows == 0 || cols == 0)                          /* norm (zeros (0, 3)) is 0 */
    return gm_cuda_status (cudaMemsetAsync (d_out, 0, gm_class_size (cls), stream),
                           "gm_matrix_norm: cudaMemsetAsync");
  return cls == GM_DOUBLE ? matrix_norm_typed<double> (kind, cls, rows, cols, (const double *) d_x,
                                                       (double *) d_out, d_workspace, stream)
                          : matrix_norm_typed<float> (kind, cls, rows, cols, (const float *) d_x,
                                                      (float *) d_out, d_workspace, stream);
}
