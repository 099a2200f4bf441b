/* reduce_int.cu: reductions and scans of integer arrays (int8 ... uint64) along one dimension,
 * in the class, exactly as Octave 7.3's intNDArray<T> computes them: sum (x, dim, "native") and
 * cumsum (x, dim, "native") with octave_int's saturating addition, prod (x, dim, "native") with
 * its saturating product, and [m, i] = max / min (x, [], dim) (the first index on ties).
 *
 * The array is viewed as pre x len x post (column-major; element i of line (a, b) is
 * x[a + i*pre + b*pre*len]), a thread per (a, chunk, b), consecutive threads on consecutive a.
 * Exactness in parallel: a saturating step s -> clamp (s + x, lo, hi) and any run of them is a
 * map s -> clamp (s + A, L, H) (L <= H), and two such maps compose into one of the same form
 * (A = A1 + A2, L = clamp (L1 + A2, L2, H2), H = clamp (H1 + A2, L2, H2)); A is kept within
 * +-(hi - lo), past which it changes no result, so 128-bit integers hold every value (this is
 * why the state is __int128: uint64 and int64 sums need 65 bits and more).  So a sum chunks its
 * lines and combines the chunks' maps in order, and cumsum computes each chunk's starting value
 * from the maps before it, then walks the chunk again from there: the same sequence of
 * saturating additions as Octave's loop, in parallel.  max / min combine (value, index) pairs
 * (larger / smaller value, then smaller index), an associative and commutative choice.  prod has
 * no such closed form (a saturated product changes sign later): a thread walks each line.
 *
 * Compile time (the pkg install budget): the class is a runtime switch in the element load and
 * store (a uniform branch), not a template parameter: one instance a reducer, 14 kernels in all,
 * 1.9 s for sm_90 with nvcc 13.0 on the 2-core build machine (no spills; 63 registers at most).
 * pre * post * nchunk threads (nchunk <= 65536: a sum of one long vector on up to 65536 threads,
 * each ~3 clamps of 128-bit integers an element), then the chunks combined 64 to a thread and
 * the groups (<= 1024) one thread a line; prod walks a line in one thread.  Measured from Octave
 * on an H200 (bench/NOTES-integer.md, 4096 x 2048 int32, result gathered): sum "native" 0.26
 * ms (Octave's loop 10.5 ms), cumsum "native" 3.6 ms (32.9), max 0.26 ms (9.3).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <string.h>
#include "array_internal.h"

namespace {

typedef __int128 W;
typedef unsigned __int128 UW;

constexpr int BLOCK = 256;
/* Threads aimed at: 132 SMs x 2048 resident threads of an H100/H200.  A constant, so that the
   partition does not depend on the GPU (the results are exact whatever it is). */
constexpr int64_t TARGET_THREADS = 132 * 2048;
constexpr int64_t MIN_CHUNK = 256;      /* no chunk shorter: a chunk's map costs ~3 clamps a step */
/* A line's chunks are combined in order in two levels: groups of GROUP chunks, a thread each,
   then the groups, one thread a line (at most MAX_NCHUNK / GROUP = 1024 of them). */
constexpr int64_t MAX_NCHUNK = 65536;
constexpr int64_t GROUP = 64;
constexpr int64_t GRID_CAP = (int64_t) 1 << 20;

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
inline int64_t min64 (int64_t a, int64_t b) { return a < b ? a : b; }
inline int64_t max64 (int64_t a, int64_t b) { return a > b ? a : b; }
inline unsigned grid_for (int64_t threads)
{
  return (unsigned) max64 (1, min64 (ceil_div (threads, BLOCK), GRID_CAP));
}
gm_status launched (const char *what) { return gm_cuda_status (cudaGetLastError (), what); }

/* The class, at run time: k = cls - GM_INT8 (int8, uint8, int16, uint16, int32, uint32, int64,
   uint64), and its range. */
struct IC {
  int k;
  W lo, hi;
};

IC class_info (gm_class cls)
{
  IC c;
  c.k = (int) cls - (int) GM_INT8;
  const int bits = 8 << (c.k / 2);
  if (c.k % 2 == 0) {                                 /* signed */
    c.hi = ((W) 1 << (bits - 1)) - 1;
    c.lo = -c.hi - 1;
  } else {
    c.hi = ((W) 1 << bits) - 1;
    c.lo = 0;
  }
  return c;
}

__device__ __forceinline__ W load (const void *x, int64_t i, int k)
{
  switch (k) {
  case 0: return ((const int8_t *) x)[i];
  case 1: return ((const uint8_t *) x)[i];
  case 2: return ((const int16_t *) x)[i];
  case 3: return ((const uint16_t *) x)[i];
  case 4: return ((const int32_t *) x)[i];
  case 5: return ((const uint32_t *) x)[i];
  case 6: return ((const int64_t *) x)[i];
  default: return ((const uint64_t *) x)[i];
  }
}

/* v within the class's range (the callers saturate first) */
__device__ __forceinline__ void store (void *y, int64_t i, int k, W v)
{
  switch (k) {
  case 0: ((int8_t *) y)[i] = (int8_t) v; break;
  case 1: ((uint8_t *) y)[i] = (uint8_t) v; break;
  case 2: ((int16_t *) y)[i] = (int16_t) v; break;
  case 3: ((uint16_t *) y)[i] = (uint16_t) v; break;
  case 4: ((int32_t *) y)[i] = (int32_t) v; break;
  case 5: ((uint32_t *) y)[i] = (uint32_t) v; break;
  case 6: ((int64_t *) y)[i] = (int64_t) v; break;
  default: ((uint64_t *) y)[i] = (uint64_t) v; break;
  }
}

__device__ __forceinline__ W clampw (W v, W lo, W hi) { return v < lo ? lo : (v > hi ? hi : v); }

/* octave_int<T>'s product: the exact product, saturated.  |s|, |x| <= 2^64 - 1, so the product
   of the magnitudes fits 128 unsigned bits. */
__device__ __forceinline__ W mul_sat (W s, W x, const IC &c)
{
  const bool neg = (s < 0) != (x < 0);
  const UW p = (UW) (s < 0 ? -s : s) * (UW) (x < 0 ? -x : x);
  if (p == 0)
    return 0;
  if (neg)
    return p > (UW) (-c.lo) ? c.lo : -(W) p;
  return p > (UW) c.hi ? c.hi : (W) p;
}

/* ---- reducers: state S, identity, step (element x at index i of its line), combine (the
   state of an earlier run with that of the run right after it), and the output ----------- */
struct SumState { W a, l, h; };       /* the map s -> clamp (s + a, l, h) */
struct SumR {
  typedef SumState S;
  static constexpr bool chunked = true;
  __device__ S identity (const IC &c) const { return S{0, c.lo, c.hi}; }
  __device__ S step (S s, W x, int64_t, const IC &c) const
  {
    const W span = c.hi - c.lo;
    return S{clampw (s.a + x, -span, span), clampw (s.l + x, c.lo, c.hi),
             clampw (s.h + x, c.lo, c.hi)};
  }
  __device__ S combine (S p, S q, const IC &c) const
  {
    const W span = c.hi - c.lo;
    return S{clampw (p.a + q.a, -span, span), clampw (p.l + q.a, q.l, q.h),
             clampw (p.h + q.a, q.l, q.h)};
  }
  __device__ void write (void *out, double *, int64_t o, S s, const IC &c) const
  {
    store (out, o, c.k, clampw (s.a, s.l, s.h));     /* the map applied to 0 */
  }
};

struct ProdR {                        /* no combine: a line is never cut (make_plan) */
  typedef W S;
  static constexpr bool chunked = false;
  __device__ S identity (const IC &) const { return 1; }
  __device__ S step (S s, W x, int64_t, const IC &c) const { return mul_sat (s, x, c); }
  __device__ void write (void *out, double *, int64_t o, S s, const IC &c) const
  {
    store (out, o, c.k, s);
  }
};

struct ExtState { W v; int64_t i; };
template <bool MAX> struct ExtR {
  typedef ExtState S;
  static constexpr bool chunked = true;
  /* the identity loses to every element: an equal value with a smaller index */
  __device__ S identity (const IC &c) const { return S{MAX ? c.lo : c.hi, INT64_MAX}; }
  __device__ S step (S s, W x, int64_t i, const IC &c) const { return combine (s, S{x, i}, c); }
  __device__ S combine (S p, S q, const IC &) const
  {
    if (p.v != q.v)
      return (MAX ? p.v > q.v : p.v < q.v) ? p : q;
    return p.i <= q.i ? p : q;
  }
  __device__ void write (void *out, double *index, int64_t o, S s, const IC &c) const
  {
    store (out, o, c.k, s.v);
    if (index)
      index[o] = (double) (s.i + 1);
  }
};

/* ---- kernels -------------------------------------------------------------------------------- */
/* Launch: grid_for (pre * nchunk * post) x BLOCK.  A thread per (a, c, b), a fastest: chunk c
   of line (a, b) is its elements [c*chunk_len, min (len, (c+1)*chunk_len)).  nchunk == 1
   writes output a + b*pre, otherwise partial[(a + b*pre)*nchunk + c]. */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
ired_lines (R r, IC c, const void *__restrict__ x, int64_t pre, int64_t len, int64_t post,
            int64_t chunk_len, int64_t nchunk, typename R::S *__restrict__ partial, void *out,
            double *index)
{
  typedef typename R::S S;
  const int64_t items = pre * nchunk * post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const int64_t a = t % pre, rest = t / pre, ch = rest % nchunk, b = rest / nchunk;
    const int64_t begin = ch * chunk_len, end = len - begin < chunk_len ? len : begin + chunk_len;
    const int64_t base = a + b * pre * len;
    S s = r.identity (c);
    for (int64_t i = begin; i < end; i++)
      s = r.step (s, load (x, base + i * pre, c.k), i, c);
    const int64_t o = a + b * pre;
    if (nchunk == 1)
      r.write (out, index, o, s, c);
    else
      partial[o * nchunk + ch] = s;
  }
}

/* Launch: grid_for (nout) x BLOCK.  A thread per output o: its nchunk partials in order. */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
ired_partials (R r, IC c, const typename R::S *__restrict__ partial, int64_t nchunk,
               int64_t nout, void *out, double *index)
{
  typedef typename R::S S;
  for (int64_t o = (int64_t) blockIdx.x * BLOCK + threadIdx.x; o < nout;
       o += (int64_t) gridDim.x * BLOCK) {
    S s = partial[o * nchunk];
    for (int64_t ch = 1; ch < nchunk; ch++)
      s = r.combine (s, partial[o * nchunk + ch], c);
    r.write (out, index, o, s, c);
  }
}

/* Launch: grid_for (nout * ngroup) x BLOCK.  A thread per (group g, output o), g fastest:
   chunks [g*GROUP, min (nchunk, (g+1)*GROUP)) of line o combined in order into
   group[o*ngroup + g]. */
template <typename R>
__global__ void __launch_bounds__ (BLOCK)
ired_groups (R r, IC c, const typename R::S *__restrict__ partial, int64_t nchunk,
             int64_t ngroup, int64_t nout, typename R::S *__restrict__ group)
{
  typedef typename R::S S;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < nout * ngroup;
       t += (int64_t) gridDim.x * BLOCK) {
    const int64_t g = t % ngroup, o = t / ngroup;
    const int64_t first = g * GROUP, end = nchunk - first < GROUP ? nchunk : first + GROUP;
    S s = partial[o * nchunk + first];
    for (int64_t ch = first + 1; ch < end; ch++)
      s = r.combine (s, partial[o * nchunk + ch], c);
    group[t] = s;
  }
}

/* cumsum, launch: grid_for (nout * ngroup) x BLOCK.  A thread per (group g, line o), g
   fastest: each chunk's map of the group replaced, in its .a, by the line's running sum where
   the chunk starts, from the group's own (ired_carries on the groups' maps). */
__global__ void __launch_bounds__ (BLOCK)
ired_group_carries (IC c, SumState *__restrict__ partial, int64_t nchunk, int64_t ngroup,
                    int64_t nout, const SumState *__restrict__ group)
{
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < nout * ngroup;
       t += (int64_t) gridDim.x * BLOCK) {
    const int64_t g = t % ngroup, o = t / ngroup;
    const int64_t first = g * GROUP, end = nchunk - first < GROUP ? nchunk : first + GROUP;
    W s = group[t].a;
    for (int64_t ch = first; ch < end; ch++) {
      SumState &m = partial[o * nchunk + ch];
      const W next = clampw (s + m.a, m.l, m.h);
      m.a = s;
      s = next;
    }
  }
}

/* cumsum, launch: grid_for (nout) x BLOCK.  A thread per line: each map (of a group) replaced,
   in its .a, by the line's running sum where it starts (Octave's, from 0). */
__global__ void __launch_bounds__ (BLOCK)
ired_carries (IC c, SumState *__restrict__ partial, int64_t nchunk, int64_t nout)
{
  for (int64_t o = (int64_t) blockIdx.x * BLOCK + threadIdx.x; o < nout;
       o += (int64_t) gridDim.x * BLOCK) {
    W s = 0;
    for (int64_t ch = 0; ch < nchunk; ch++) {
      SumState &m = partial[o * nchunk + ch];
      const W next = clampw (s + m.a, m.l, m.h);
      m.a = s;
      s = next;
    }
  }
}

/* cumsum, launch as ired_lines: chunk c of line (a, b) walked from its starting value (0, or
   the carry of ired_carries when nchunk > 1), every running sum written. */
__global__ void __launch_bounds__ (BLOCK)
ired_cumsum (IC c, const void *__restrict__ x, int64_t pre, int64_t len, int64_t post,
             int64_t chunk_len, int64_t nchunk, const SumState *__restrict__ carry, void *out)
{
  const int64_t items = pre * nchunk * post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const int64_t a = t % pre, rest = t / pre, ch = rest % nchunk, b = rest / nchunk;
    const int64_t begin = ch * chunk_len, end = len - begin < chunk_len ? len : begin + chunk_len;
    const int64_t base = a + b * pre * len;
    W s = nchunk == 1 ? (W) 0 : carry[(a + b * pre) * nchunk + ch].a;
    for (int64_t i = begin; i < end; i++) {
      const int64_t e = base + i * pre;
      s = clampw (s + load (x, e, c.k), c.lo, c.hi);
      store (out, e, c.k, s);
    }
  }
}

/* n outputs set to v (a sum or product over no elements) */
__global__ void __launch_bounds__ (BLOCK) ired_fill (IC c, void *out, int64_t n, W v)
{
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < n;
       i += (int64_t) gridDim.x * BLOCK)
    store (out, i, c.k, v);
}

/* ---- planning -------------------------------------------------------------------------------- */
struct Plan {
  int64_t pre, len, post, chunk_len, nchunk, ngroup;   /* ngroup: groups of GROUP chunks */
};

Plan make_plan (gm_int_reduce_op op, int64_t pre, int64_t len, int64_t post)
{
  Plan p = {pre, len, post, len, 1, 1};
  if (pre == 0 || post == 0 || len == 0 || op == GM_IRED_PROD)
    return p;
  int64_t n = min64 (ceil_div (TARGET_THREADS, pre * post), ceil_div (len, MIN_CHUNK));
  n = max64 (1, min64 (n, MAX_NCHUNK));
  p.chunk_len = ceil_div (len, n);
  p.nchunk = ceil_div (len, p.chunk_len);
  p.ngroup = ceil_div (p.nchunk, GROUP);
  return p;
}

/* the largest state, the same for every op: a workspace size that depends on the shape only */
constexpr size_t STATE_BYTES = sizeof (SumState) > sizeof (ExtState) ? sizeof (SumState)
                                                                     : sizeof (ExtState);

gm_status check_class (gm_class cls)
{
  if (!gm_class_valid (cls) || !gm_class_is_integer (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "gm_int_reduce: class %d (int8 ... uint64 only; double and single data go "
                    "to gm_reduce and gm_scan)", (int) cls);
  return GM_OK;
}

/* pre, len, post of (nd, dims) along dim (1-based; past nd a length of 1), a 0x0 array taken
   as 0x1 for sum and prod (Octave's "sum ([]) is 0", mx-inlines.cc do_mx_red_op). */
gm_status extents (gm_int_reduce_op op, int nd, const int64_t *dims, int dim, Plan *p)
{
  if ((int) op < 0 || op >= GM_IRED_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_reduce: unknown op %d", (int) op);
  int64_t pre = 0, len = 0, post = 0;
  const gm_status st = gm_line_view ("gm_int_reduce", nd, dims, dim,
                                     op == GM_IRED_SUM || op == GM_IRED_PROD, &pre, &len, &post);
  if (st == GM_OK)
    *p = make_plan (op, pre, len, post);
  return st;
}

size_t work_bytes (const Plan &p)
{
  /* the chunks' states, then the groups' */
  return p.nchunk > 1 ? (size_t) (p.pre * p.post) * (size_t) (p.nchunk + p.ngroup) * STATE_BYTES
                      : 0;
}

template <typename R>
gm_status run (const R &r, const IC &c, const Plan &p, const void *x, void *out, double *index,
               void *work, cudaStream_t stream)
{
  typedef typename R::S S;
  const int64_t nout = p.pre * p.post;
  ired_lines<R><<<grid_for (nout * p.nchunk), BLOCK, 0, stream>>> (
      r, c, x, p.pre, p.len, p.post, p.chunk_len, p.nchunk, (S *) work, out, index);
  gm_status st = launched ("gm_int_reduce: launch");
  if constexpr (R::chunked) {                     /* (make_plan never cuts prod's lines) */
    if (st != GM_OK || p.nchunk == 1)
      return st;
    S *group = (S *) ((char *) work + (size_t) nout * (size_t) p.nchunk * STATE_BYTES);
    ired_groups<R><<<grid_for (nout * p.ngroup), BLOCK, 0, stream>>> (
        r, c, (const S *) work, p.nchunk, p.ngroup, nout, group);
    if ((st = launched ("gm_int_reduce: groups launch")) != GM_OK)
      return st;
    ired_partials<R><<<grid_for (nout), BLOCK, 0, stream>>> (r, c, (const S *) group, p.ngroup,
                                                             nout, out, index);
    st = launched ("gm_int_reduce: partials launch");
  }
  return st;
}

gm_status cumsum (const IC &c, const Plan &p, const void *x, void *out, void *work,
                  cudaStream_t stream)
{
  const int64_t nout = p.pre * p.post;
  SumState *part = (SumState *) work;
  if (p.nchunk > 1) {
    ired_lines<SumR><<<grid_for (nout * p.nchunk), BLOCK, 0, stream>>> (
        SumR (), c, x, p.pre, p.len, p.post, p.chunk_len, p.nchunk, part, NULL, NULL);
    gm_status st = launched ("gm_int_reduce: cumsum maps launch");
    if (st != GM_OK)
      return st;
    SumState *group = part + (size_t) nout * (size_t) p.nchunk;
    ired_groups<SumR><<<grid_for (nout * p.ngroup), BLOCK, 0, stream>>> (
        SumR (), c, part, p.nchunk, p.ngroup, nout, group);
    if ((st = launched ("gm_int_reduce: cumsum group maps launch")) != GM_OK)
      return st;
    ired_carries<<<grid_for (nout), BLOCK, 0, stream>>> (c, group, p.ngroup, nout);
    if ((st = launched ("gm_int_reduce: cumsum carries launch")) != GM_OK)
      return st;
    ired_group_carries<<<grid_for (nout * p.ngroup), BLOCK, 0, stream>>> (
        c, part, p.nchunk, p.ngroup, nout, group);
    if ((st = launched ("gm_int_reduce: cumsum group carries launch")) != GM_OK)
      return st;
  }
  ired_cumsum<<<grid_for (nout * p.nchunk), BLOCK, 0, stream>>> (
      c, x, p.pre, p.len, p.post, p.chunk_len, p.nchunk, part, out);
  return launched ("gm_int_reduce: cumsum launch");
}

} /* namespace */

/* ---- the C API ------------------------------------------------------------------------------ */
extern "C" gm_status gm_int_reduce_dims (gm_int_reduce_op op, int nd, const int64_t *dims,
                                         int dim, int *nd_out, int64_t *dims_out)
{
  Plan p;
  if (!nd_out || !dims_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_reduce_dims: NULL result pointer");
  gm_status st = extents (op, nd, dims, dim, &p);
  if (st != GM_OK)
    return st;
  if (op == GM_IRED_CUMSUM) {
    const int n = nd < 2 ? 2 : nd;
    for (int d = 0; d < n; d++)
      dims_out[d] = d < nd ? dims[d] : 1;
    *nd_out = n;
    return GM_OK;
  }
  return gm_reduce_dims (op == GM_IRED_SUM || op == GM_IRED_PROD ? GM_RED_SUM : GM_RED_MAX, nd,
                         dims, dim, nd_out, dims_out);
}

extern "C" gm_status gm_int_reduce_workspace_size (gm_int_reduce_op op, gm_class cls, int nd,
                                                   const int64_t *dims, int dim, size_t *bytes)
{
  Plan p;
  gm_status st;
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_reduce_workspace_size: NULL result pointer");
  *bytes = 0;
  if ((st = check_class (cls)) != GM_OK || (st = extents (op, nd, dims, dim, &p)) != GM_OK)
    return st;
  *bytes = work_bytes (p);
  return GM_OK;
}

extern "C" gm_status gm_int_reduce (gm_int_reduce_op op, gm_class cls, int nd,
                                    const int64_t *dims, int dim, const void *d_x, void *d_out,
                                    double *d_index, void *d_workspace, size_t workspace_bytes,
                                    cudaStream_t stream)
{
  Plan p;
  gm_status st;
  if ((st = check_class (cls)) != GM_OK || (st = extents (op, nd, dims, dim, &p)) != GM_OK)
    return st;
  const int64_t nout = p.pre * p.post;
  const bool extremum = op == GM_IRED_MAX || op == GM_IRED_MIN;
  /* max, min and cumsum of no elements have an empty result; sum and prod one a line */
  const bool writes = nout > 0 && (p.len > 0 || !(extremum || op == GM_IRED_CUMSUM));
  if (!writes)
    return GM_OK;
  if (!d_out || (p.len > 0 && !d_x))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_reduce: NULL device pointer with %lld "
                    "outputs", (long long) nout);
  const size_t need = work_bytes (p);
  if (need > 0 && (!d_workspace || workspace_bytes < need))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_reduce: workspace of %zu bytes, %zu needed",
                    d_workspace ? workspace_bytes : (size_t) 0, need);
  if (need > 0 && ((uintptr_t) d_workspace % 16) != 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_reduce: workspace not 16-byte aligned");
  const IC c = class_info (cls);
  if (p.len == 0) {
    ired_fill<<<grid_for (nout), BLOCK, 0, stream>>> (c, d_out, nout,
                                                       op == GM_IRED_PROD ? (W) 1 : (W) 0);
    return launched ("gm_int_reduce: fill launch");
  }
  switch (op) {
  case GM_IRED_SUM:
    return run (SumR (), c, p, d_x, d_out, NULL, d_workspace, stream);
  case GM_IRED_PROD:
    return run (ProdR (), c, p, d_x, d_out, NULL, d_workspace, stream);
  case GM_IRED_MAX:
    return run (ExtR<true> (), c, p, d_x, d_out, d_index, d_workspace, stream);
  case GM_IRED_MIN:
    return run (ExtR<false> (), c, p, d_x, d_out, d_index, d_workspace, stream);
  case GM_IRED_CUMSUM:
    return cumsum (c, p, d_x, d_out, d_workspace, stream);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_reduce: unknown op %d", (int) op);
  }
}
