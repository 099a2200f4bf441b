/* dot.cu: gm_dot, the dot product of double or single arrays along one dimension, with a
 * deterministic reduction (every other class pair: kernels/dot_mixed.cu).
 *
 * View x and y as pre x len x post column-major arrays and reduce over the middle index:
 *   out[a + b*pre] = sum_{i < len} x[a + i*pre + b*pre*len] * y[same]
 * accumulating in double (single inputs are widened, the result rounded once to single).
 *
 * Five kernels, picked by the shape alone.  Numbers: NVIDIA H200, median of 30, data on the
 * device, same run as cublasDdot/cublasSdot (bench/bench_dot.cu; bench/NOTES-dot.md has the
 * versions tried and what each measured):
 *   dot_cols_chunked  pre == 1, len > SHORT_MAX: a block per (column, chunk of whole tiles of
 *               BLOCK*U*VW elements), U = 4 independent 16-byte loads of each input in flight
 *               per thread into U accumulators, warp shuffles and one barrier across the 8
 *               warps.  2^27 doubles 0.483 ms (101.4% of cuBLAS), 2^28 singles 0.483 ms
 *               (101.5%); 4096 columns x 32768 doubles 0.479 ms (4.49 TB/s, 1.7x cuBLAS's
 *               strided-batched 1x1 GEMM); misaligned (x, y one element in) 97.1% / 99.0%.
 *   dot_cols_short    pre == 1, len <= SHORT_MAX: G = 1..32 lanes per column (G ~ len/4), all
 *               columns in one launch, written straight to out.  1e6 columns x 16 doubles:
 *               0.085 ms (3.0 TB/s; cuBLAS batched GEMM 1.05 ms).
 *   dot_strided       pre > 1 (pre >= 32, or short panels): a thread per (a, b, chunk of len),
 *               consecutive threads on consecutive a.  1024 x 1024 x 128: 94% of the cuBLAS dot
 *               rate; 64 x 2^21: 98%.
 *   dot_strided_narrow  1 < pre < 32 and pre*len >= 1024: a warp per (b, chunk), lanes of the
 *               same a summed by shuffles.  2 x 2^26 doubles: 0.492 ms (99.5%).
 *   dot_sum_partials  sums each output's partials in chunk order (a warp or a block per
 *               output, fixed tree), converts to the output class.
 * The classic version (dot_classic_partials + dot_classic_final: one vector, grid-stride, one
 * accumulator, shared-memory trees; 2^27 doubles 101.6%, 2^28 singles 99.7%) and other grids or
 * unrolls of dot_cols_chunked run only through gm_dot_tuned, for tests/ and bench/.
 * The long-column grid aims at TARGET_BLOCKS = 528 = 132 x 4 blocks: one wave on a 132-SM
 * H100/H200 (dot_internal.cuh).
 *
 * Determinism.  Which element goes into which accumulator, and the order of every tree, depend
 * only on (class, pre, len, post): the grid, the chunking and the tile are constants or functions
 * of the shape, never of the device or of timing, and there are no atomics.  The same inputs
 * therefore give the same bits on every run and every GPU.  Alignment does not change the order
 * either: a column whose x or y start is not 16-byte aligned takes the same elements into the same
 * accumulators with scalar loads (dot_cols_chunked's ALIGNED=false path) instead of peeling a
 * scalar prologue, which would shift the tile boundaries with the address and so change the
 * rounding (tests/test_dot.cu checks that aligned and misaligned copies give identical bits).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include "gpumat.h"
#include "dot_internal.cuh"

namespace {

/* ---- constants of gm_dot's own kernels (dot_internal.cuh has the shared ones) ---------- */
constexpr int DEFAULT_UNROLL = 4;          /* 16-byte loads of each input in flight per thread */
constexpr int64_t SHORT_MAX = 4096;        /* pre == 1 and len <= this: dot_cols_short          */
constexpr int64_t NARROW_MIN_CHUNK = 1024;  /* 1 < pre < 32: elements per warp, at least      */
constexpr int CLASSIC_BLOCKS = 1056;       /* classic: fixed grid, 132 x 8 (8 blocks/SM fit)     */
constexpr int FINAL_BLOCK_MIN = 256;       /* dot_sum_partials: a block per output from here up  */

/* 16-byte vector of T and its width in elements. */
template <typename T> struct vec16;
template <> struct vec16<double> {
  typedef double2 type;
  static constexpr int width = 2;
  __device__ static double get (const double2 &v, int k) { return k == 0 ? v.x : v.y; }
};
template <> struct vec16<float> {
  typedef float4 type;
  static constexpr int width = 4;
  __device__ static double get (const float4 &v, int k)
  {
    return k == 0 ? v.x : k == 1 ? v.y : k == 2 ? v.z : v.w;
  }
};

/* Sum over the 32 lanes, in a fixed tree; the total is in lane 0. */
__device__ __forceinline__ double warp_sum (double s)
{
#pragma unroll
  for (int off = 16; off > 0; off >>= 1)
    s += __shfl_down_sync (0xffffffffu, s, off);
  return s;
}

/* Sum over the block (BLOCK threads, all of which call this); the total is in thread 0.
   `scratch` holds WARPS doubles; the caller syncs before reusing it. */
__device__ __forceinline__ double block_sum (double s, double *scratch)
{
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  s = warp_sum (s);
  if (lane == 0)
    scratch[warp] = s;
  __syncthreads ();
  if (warp == 0) {
    s = lane < WARPS ? scratch[lane] : 0.0;
    s = warp_sum (s);
  }
  return s;
}

/* ======================================================================================== */
/* classic: grid-stride, one accumulator, shared-memory tree.  Contiguous x, y of n elements.  */
/* Launch: CLASSIC_BLOCKS blocks of BLOCK threads; partial[blockIdx.x] gets the block's sum.   */
template <typename T>
__global__ void __launch_bounds__ (BLOCK)
dot_classic_partials (const T *__restrict__ x, const T *__restrict__ y, int64_t n,
                      double *__restrict__ partial)
{
  __shared__ double s[BLOCK];
  double sum = 0.0;
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < n;
       i += (int64_t) gridDim.x * BLOCK)
    sum += (double) x[i] * (double) y[i];
  s[threadIdx.x] = sum;
  __syncthreads ();
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads ();
  }
  if (threadIdx.x == 0)
    partial[blockIdx.x] = s[0];
}

/* Launch: one block of BLOCK threads; sums count partials into out[0]. */
template <typename T>
__global__ void __launch_bounds__ (BLOCK)
dot_classic_final (const double *__restrict__ partial, int count, T *__restrict__ out)
{
  __shared__ double s[BLOCK];
  double sum = 0.0;
  for (int i = threadIdx.x; i < count; i += BLOCK)
    sum += partial[i];
  s[threadIdx.x] = sum;
  __syncthreads ();
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride)
      s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads ();
  }
  if (threadIdx.x == 0)
    out[0] = (T) s[0];
}

/* ======================================================================================== */
/* production                                                                                 */

/* Full tiles [begin, begin + ntiles*TILE) of one column, TILE = BLOCK*U*VW.  Thread t takes
   elements begin + k*TILE + u*BLOCK*VW + t*VW + v (v < VW) into acc[u], in order of k, then v.
   ALIGNED: xc + begin and yc + begin are 16-byte aligned, so each (k, u) is one 16-byte load;
   otherwise VW scalar loads take the same elements in the same order. */
template <typename T, int U, bool ALIGNED>
__device__ __forceinline__ void tiles_accumulate (const T *__restrict__ xc,
                                                  const T *__restrict__ yc, int64_t begin,
                                                  int64_t ntiles, double (&acc)[U])
{
  typedef typename vec16<T>::type V;
  constexpr int VW = vec16<T>::width;
  constexpr int64_t TILE = (int64_t) BLOCK * U * VW;
  const int64_t first = begin + (int64_t) threadIdx.x * VW;
  for (int64_t k = 0; k < ntiles; k++) {
    const int64_t base = first + k * TILE;
    if (ALIGNED) {
      V xa[U], ya[U];
#pragma unroll
      for (int u = 0; u < U; u++) {
        xa[u] = *reinterpret_cast<const V *> (xc + base + (int64_t) u * BLOCK * VW);
        ya[u] = *reinterpret_cast<const V *> (yc + base + (int64_t) u * BLOCK * VW);
      }
#pragma unroll
      for (int u = 0; u < U; u++)
#pragma unroll
        for (int v = 0; v < VW; v++)
          acc[u] = fma (vec16<T>::get (xa[u], v), vec16<T>::get (ya[u], v), acc[u]);
    } else {
      T xa[U][VW], ya[U][VW];
#pragma unroll
      for (int u = 0; u < U; u++)
#pragma unroll
        for (int v = 0; v < VW; v++) {
          xa[u][v] = xc[base + (int64_t) u * BLOCK * VW + v];
          ya[u][v] = yc[base + (int64_t) u * BLOCK * VW + v];
        }
#pragma unroll
      for (int u = 0; u < U; u++)
#pragma unroll
        for (int v = 0; v < VW; v++)
          acc[u] = fma ((double) xa[u][v], (double) ya[u][v], acc[u]);
    }
  }
}

/* pre == 1, long columns.  Column `col` is x[col*len .. col*len + len), contiguous.
   Work item = (col, chunk), item = col*nchunk + chunk; chunk c covers elements
   [c*chunk_len, min (len, (c+1)*chunk_len)), chunk_len a multiple of TILE (so a chunk of an
   aligned column starts aligned).  Launch: any grid of BLOCK threads (grid-stride over items).
   nchunk == 1: out[col] gets the column's sum; else partial[item] gets the chunk's sum. */
template <typename T, int U>
__global__ void __launch_bounds__ (BLOCK)
dot_cols_chunked (const T *__restrict__ x, const T *__restrict__ y, int64_t len, int64_t post,
                  int64_t chunk_len, int64_t nchunk, double *__restrict__ partial,
                  T *__restrict__ out)
{
  constexpr int VW = vec16<T>::width;
  constexpr int64_t TILE = (int64_t) BLOCK * U * VW;
  __shared__ double scratch[WARPS];
  const int64_t items = post * nchunk;
  for (int64_t item = blockIdx.x; item < items; item += gridDim.x) {
    const int64_t col = item / nchunk, chunk = item - col * nchunk;
    const int64_t begin = chunk * chunk_len, end = dmin64 (len, begin + chunk_len);
    const T *xc = x + col * len, *yc = y + col * len;
    const int64_t ntiles = (end - begin) / TILE;
    double acc[U];
#pragma unroll
    for (int u = 0; u < U; u++)
      acc[u] = 0.0;
    if ((((uintptr_t) xc | (uintptr_t) yc) & 15) == 0)   /* the same for every thread */
      tiles_accumulate<T, U, true> (xc, yc, begin, ntiles, acc);
    else
      tiles_accumulate<T, U, false> (xc, yc, begin, ntiles, acc);
    /* The last, partial tile: same element -> accumulator map, bounds-checked. */
    const int64_t tail = begin + ntiles * TILE + (int64_t) threadIdx.x * VW;
#pragma unroll
    for (int u = 0; u < U; u++)
#pragma unroll
      for (int v = 0; v < VW; v++) {
        const int64_t i = tail + (int64_t) u * BLOCK * VW + v;
        if (i < end)
          acc[u] = fma ((double) xc[i], (double) yc[i], acc[u]);
      }
    double s = acc[0];
#pragma unroll
    for (int u = 1; u < U; u++)
      s += acc[u];
    s = block_sum (s, scratch);
    if (threadIdx.x == 0) {
      if (nchunk == 1)
        out[col] = (T) s;
      else
        partial[item] = s;
    }
    __syncthreads ();          /* scratch is reused by the next item */
  }
}

/* x[i] * y[i] for i = first, first + step, ... < end, round-robin into 4 independent
   accumulators (4 loads in flight), added in a fixed order: (a0 + a1) + (a2 + a3). */
template <typename T>
__device__ __forceinline__ double strided_dot4 (const T *__restrict__ x, const T *__restrict__ y,
                                                int64_t first, int64_t end, int64_t step)
{
  double a0 = 0.0, a1 = 0.0, a2 = 0.0, a3 = 0.0;
  int64_t i = first;
  for (; i + 3 * step < end; i += 4 * step) {
    a0 = fma ((double) x[i], (double) y[i], a0);
    a1 = fma ((double) x[i + step], (double) y[i + step], a1);
    a2 = fma ((double) x[i + 2 * step], (double) y[i + 2 * step], a2);
    a3 = fma ((double) x[i + 3 * step], (double) y[i + 3 * step], a3);
  }
  if (i < end)
    a0 = fma ((double) x[i], (double) y[i], a0);
  if (i + step < end)
    a1 = fma ((double) x[i + step], (double) y[i + step], a1);
  if (i + 2 * step < end)
    a2 = fma ((double) x[i + 2 * step], (double) y[i + 2 * step], a2);
  return (a0 + a1) + (a2 + a3);
}

/* pre == 1, short columns: G lanes (a power of two <= 32) per column, 32/G columns per warp.
   Lane j of a column takes elements j, j+G, j+2G, ... round-robin into 4 accumulators, then
   the G lanes add up in a shuffle tree and lane 0 writes out[col].  Launch: any grid of BLOCK
   threads (grid-stride, warp-uniform, so every lane reaches the shuffles). */
template <typename T, int G>
__global__ void __launch_bounds__ (BLOCK)
dot_cols_short (const T *__restrict__ x, const T *__restrict__ y, int64_t len, int64_t post,
                T *__restrict__ out)
{
  const int64_t threads = post * G;
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t t0 = (int64_t) blockIdx.x * BLOCK + (threadIdx.x & ~31); t0 < threads;
       t0 += stride) {
    const int64_t t = t0 + (threadIdx.x & 31);
    const int64_t col = t / G;
    const int j = (int) (t % G);
    double s = col < post ? strided_dot4 (x + col * len, y + col * len, j, len, G) : 0.0;
#pragma unroll
    for (int off = G / 2; off > 0; off >>= 1)
      s += __shfl_down_sync (0xffffffffu, s, off, G);
    if (col < post && j == 0)
      out[col] = (T) s;
  }
}

/* pre > 1: a thread per (a, chunk c, b), a fastest so that consecutive threads read
   consecutive addresses at each step (index a + i*pre + b*pre*len, a contiguous).  The thread
   walks i over [c*chunk_len, min (len, (c+1)*chunk_len)) round-robin into 4 accumulators.
   nchunk == 1: out[a + b*pre]; else partial[(a + b*pre)*nchunk + c].  Launch: any grid of BLOCK
   threads (grid-stride). */
template <typename T>
__global__ void __launch_bounds__ (BLOCK)
dot_strided (const T *__restrict__ x, const T *__restrict__ y, int64_t pre, int64_t len,
             int64_t post, int64_t chunk_len, int64_t nchunk, double *__restrict__ partial,
             T *__restrict__ out)
{
  const int64_t items = pre * nchunk * post;
  for (int64_t t = (int64_t) blockIdx.x * BLOCK + threadIdx.x; t < items;
       t += (int64_t) gridDim.x * BLOCK) {
    const int64_t a = t % pre, r = t / pre;
    const int64_t c = r % nchunk, b = r / nchunk;
    const int64_t begin = c * chunk_len, end = dmin64 (len, begin + chunk_len);
    const int64_t off = a + b * pre * len;
    const T *xp = x + off, *yp = y + off;
    double a0 = 0.0, a1 = 0.0, a2 = 0.0, a3 = 0.0;
    int64_t i = begin;
    for (; i + 3 < end; i += 4) {
      a0 = fma ((double) xp[i * pre], (double) yp[i * pre], a0);
      a1 = fma ((double) xp[(i + 1) * pre], (double) yp[(i + 1) * pre], a1);
      a2 = fma ((double) xp[(i + 2) * pre], (double) yp[(i + 2) * pre], a2);
      a3 = fma ((double) xp[(i + 3) * pre], (double) yp[(i + 3) * pre], a3);
    }
    if (i < end)
      a0 = fma ((double) xp[i * pre], (double) yp[i * pre], a0);
    if (i + 1 < end)
      a1 = fma ((double) xp[(i + 1) * pre], (double) yp[(i + 1) * pre], a1);
    if (i + 2 < end)
      a2 = fma ((double) xp[(i + 2) * pre], (double) yp[(i + 2) * pre], a2);
    const double s = (a0 + a1) + (a2 + a3);
    const int64_t o = a + b * pre;
    if (nchunk == 1)
      out[o] = (T) s;
    else
      partial[o * nchunk + c] = s;
  }
}

/* 1 < pre < 32: the thread-per-output mapping above gives a warp only pre consecutive
   addresses per step (pre = 2: 16 of every 32 bytes read, 2.1 TB/s measured).  Here a warp takes
   one (b, chunk c): rows i in [c*chunk_len, min (len, (c+1)*chunk_len)) of panel b are contiguous
   memory, elements e = i*pre + a of the panel.  L = pre*(32/pre) lanes work; lane l takes
   e = begin + l + k*L, k = 0, 1, ..., whose a = l % pre is the same for every k because L is a
   multiple of pre, round-robin over k into 4 accumulators.  Lane a < pre then adds the lanes
   a, a+pre, ..., a+(32/pre-1)*pre in that order (shuffles) and writes output a + b*pre:
   out directly when nchunk == 1, else partial[(a + b*pre)*nchunk + c].
   Launch: any grid of BLOCK threads (grid-stride over items, warp-uniform). */
template <typename T>
__global__ void __launch_bounds__ (BLOCK)
dot_strided_narrow (const T *__restrict__ x, const T *__restrict__ y, int64_t pre, int64_t len,
                    int64_t post, int64_t chunk_len, int64_t nchunk, double *__restrict__ partial,
                    T *__restrict__ out)
{
  const int lane = threadIdx.x & 31;
  const int p = (int) pre, m = 32 / p, L = p * m;
  const int64_t items = post * nchunk;
  for (int64_t item = (int64_t) blockIdx.x * WARPS + (threadIdx.x >> 5); item < items;
       item += (int64_t) gridDim.x * WARPS) {
    const int64_t b = item / nchunk, c = item - b * nchunk;
    const int64_t begin = c * chunk_len * pre, end = dmin64 (len, (c + 1) * chunk_len) * pre;
    const T *xp = x + b * pre * len, *yp = y + b * pre * len;
    const double s = lane < L ? strided_dot4 (xp, yp, begin + lane, end, L) : 0.0;
    double total = s;
    for (int r = 1; r < m; r++)         /* lane + r*p < L <= 32 for the lanes that write */
      total += __shfl_sync (0xffffffffu, s, (lane + r * p) & 31);
    if (lane < p) {
      const int64_t o = lane + b * pre;
      if (nchunk == 1)
        out[o] = (T) total;
      else
        partial[o * nchunk + c] = total;
    }
  }
}

/* out[o] = sum over c < nchunk of partial[o*nchunk + c], for o < nout.  GROUP threads per output
   (32: a warp; BLOCK: the whole block); thread j adds c = j, j+GROUP, ... in order, then a fixed
   tree.  Launch: any grid of BLOCK threads (grid-stride, block-uniform). */
template <typename T, int GROUP>
__global__ void __launch_bounds__ (BLOCK)
dot_sum_partials (const double *__restrict__ partial, int64_t nchunk, int64_t nout,
                  T *__restrict__ out)
{
  constexpr int PER_BLOCK = BLOCK / GROUP;
  __shared__ double scratch[WARPS];
  for (int64_t base = (int64_t) blockIdx.x * PER_BLOCK; base < nout;
       base += (int64_t) gridDim.x * PER_BLOCK) {
    const int64_t o = base + threadIdx.x / GROUP;
    const int j = threadIdx.x % GROUP;
    double s = 0.0;
    if (o < nout)
      for (int64_t c = j; c < nchunk; c += GROUP)
        s += partial[o * nchunk + c];
    if (GROUP == 32) {
      s = warp_sum (s);
      if (o < nout && j == 0)
        out[o] = (T) s;
    } else {
      s = block_sum (s, scratch);
      if (threadIdx.x == 0)
        out[o] = (T) s;
      __syncthreads ();
    }
  }
}

/* ======================================================================================== */
/* Launchers and the plan.                                                                    */

typedef struct {
  plan_kind kind;
  int group;                 /* PLAN_SHORT: lanes per column                                   */
  int unroll;                /* PLAN_CHUNKED: U                                               */
  int64_t chunk_len, nchunk; /* PLAN_CHUNKED, PLAN_STRIDED                                    */
  int64_t nout;              /* pre*post                                                      */
  size_t partials;           /* doubles of workspace                                          */
} dot_plan;

typedef struct {
  int64_t target_blocks;     /* PLAN_CHUNKED: blocks aimed at                                 */
  int unroll;                /* PLAN_CHUNKED: 4 or 8                                           */
  int classic;               /* the classic version (pre*post == 1 only)                      */
} dot_tuning;

const dot_tuning default_tuning = {TARGET_BLOCKS, DEFAULT_UNROLL, 0};

gm_status check_args (gm_class cls, int64_t pre, int64_t len, int64_t post)
{
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot: unknown class %d", (int) cls);
  if (pre < 0 || len < 0 || post < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot: negative size (%lld, %lld, %lld)",
                    (long long) pre, (long long) len, (long long) post);
  size_t bytes;
  gm_status st = gm_mul_size3 ((size_t) pre, (size_t) len, (size_t) post, &bytes);
  if (st == GM_OK)
    st = gm_mul_size (bytes, gm_class_size (cls), &bytes);
  if (st == GM_OK && bytes > (size_t) INT64_MAX)
    st = gm_fail (GM_ERR_SIZE_OVERFLOW, "gm_dot: %zu bytes overflow a 64-bit index", bytes);
  return st;
}

/* The whole partition, from the shape and the tuning alone. */
gm_status make_plan (gm_class cls, int64_t pre, int64_t len, int64_t post,
                     const dot_tuning *tune, dot_plan *p)
{
  gm_status st = check_args (cls, pre, len, post);
  if (st != GM_OK)
    return st;
  *p = dot_plan{PLAN_NOTHING, 0, 0, 0, 1, pre * post, 0};
  if (pre == 0 || post == 0)
    return GM_OK;
  if (len == 0) {
    p->kind = PLAN_ZEROS;
    return GM_OK;
  }
  if (tune->classic) {
    if (pre * post != 1)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot: the classic version takes one vector");
    p->kind = PLAN_CLASSIC;
    p->partials = CLASSIC_BLOCKS;
    return GM_OK;
  }
  if (pre == 1 && len <= SHORT_MAX) {
    /* ~4 elements per lane: 3 -> 1 lane, 16 -> 4, 100 -> 32 */
    int g = 1;
    while (g < 32 && 4 * (int64_t) g < len)
      g <<= 1;
    p->kind = PLAN_SHORT;
    p->group = g;
    return GM_OK;
  }
  if (pre == 1) {
    if (tune->unroll != 4 && tune->unroll != 8)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot: unroll %d", tune->unroll);
    const int64_t tile = (int64_t) BLOCK * tune->unroll * (cls == GM_SINGLE ? 4 : 2);
    const int64_t tiles = ceil_div (len, tile);
    const int64_t want = max64 (1, ceil_div (max64 (1, tune->target_blocks), post));
    p->kind = PLAN_CHUNKED;
    p->unroll = tune->unroll;
    p->chunk_len = ceil_div (tiles, want) * tile;
    p->nchunk = ceil_div (len, p->chunk_len);
    p->partials = p->nchunk > 1 ? (size_t) post * (size_t) p->nchunk : 0;
    return GM_OK;
  }
  if (pre < 32 && pre * len >= NARROW_MIN_CHUNK) {
    /* a warp per (b, chunk): TARGET_THREADS/32 warps aimed at, >= NARROW_MIN_CHUNK elements.
       (Panels shorter than that stay with dot_strided: there a warp's threads span several
       whole panels, which are contiguous, so its loads are already dense.) */
    const int64_t want = max64 (1, ceil_div (TARGET_THREADS / 32, post));
    p->kind = PLAN_NARROW;
    p->chunk_len = max64 (ceil_div (NARROW_MIN_CHUNK, pre), ceil_div (len, want));
    p->nchunk = ceil_div (len, p->chunk_len);
    p->partials = p->nchunk > 1 ? (size_t) (pre * post) * (size_t) p->nchunk : 0;
    return GM_OK;
  }
  const int64_t want = max64 (1, ceil_div (TARGET_THREADS, pre * post));
  p->kind = PLAN_STRIDED;
  p->chunk_len = max64 (STRIDED_MIN_CHUNK, ceil_div (len, want));
  p->nchunk = ceil_div (len, p->chunk_len);
  p->partials = p->nchunk > 1 ? (size_t) (pre * post) * (size_t) p->nchunk : 0;
  return GM_OK;
}

gm_status plan_bytes (const dot_plan *p, size_t *bytes)
{
  return gm_mul_size (p->partials, sizeof (double), bytes);
}


template <typename T>
gm_status launch_short (int g, const T *x, const T *y, int64_t len, int64_t post, T *out,
                        cudaStream_t stream)
{
  const int grid = grid_for (ceil_div (post * g, BLOCK));
  switch (g) {
  case 1: dot_cols_short<T, 1><<<grid, BLOCK, 0, stream>>> (x, y, len, post, out); break;
  case 2: dot_cols_short<T, 2><<<grid, BLOCK, 0, stream>>> (x, y, len, post, out); break;
  case 4: dot_cols_short<T, 4><<<grid, BLOCK, 0, stream>>> (x, y, len, post, out); break;
  case 8: dot_cols_short<T, 8><<<grid, BLOCK, 0, stream>>> (x, y, len, post, out); break;
  case 16: dot_cols_short<T, 16><<<grid, BLOCK, 0, stream>>> (x, y, len, post, out); break;
  case 32: dot_cols_short<T, 32><<<grid, BLOCK, 0, stream>>> (x, y, len, post, out); break;
  default: return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot: group %d", g);
  }
  return launched ("gm_dot: dot_cols_short launch");
}

template <typename T>
gm_status launch_final (const double *partial, int64_t nchunk, int64_t nout, T *out,
                        cudaStream_t stream)
{
  if (nchunk >= FINAL_BLOCK_MIN)
    dot_sum_partials<T, BLOCK><<<grid_for (nout), BLOCK, 0, stream>>> (partial, nchunk, nout,
                                                                         out);
  else
    dot_sum_partials<T, 32><<<grid_for (ceil_div (nout, WARPS)), BLOCK, 0, stream>>> (
        partial, nchunk, nout, out);
  return launched ("gm_dot: dot_sum_partials launch");
}

template <typename T>
gm_status run_plan (const dot_plan *p, int64_t pre, int64_t len, int64_t post, const T *x,
                    const T *y, T *out, double *work, cudaStream_t stream)
{
  gm_status st;
  switch (p->kind) {
  case PLAN_NOTHING:
    return GM_OK;
  case PLAN_ZEROS:           /* 0.0 is all-zero bits in both classes */
    return gm_cuda_status (cudaMemsetAsync (out, 0, (size_t) p->nout * sizeof (T), stream),
                           "gm_dot: cudaMemsetAsync");
  case PLAN_CLASSIC:
    dot_classic_partials<T><<<CLASSIC_BLOCKS, BLOCK, 0, stream>>> (x, y, len, work);
    if ((st = launched ("gm_dot: dot_classic_partials launch")) != GM_OK)
      return st;
    dot_classic_final<T><<<1, BLOCK, 0, stream>>> (work, CLASSIC_BLOCKS, out);
    return launched ("gm_dot: dot_classic_final launch");
  case PLAN_SHORT:
    return launch_short<T> (p->group, x, y, len, post, out, stream);
  case PLAN_CHUNKED: {
    const int grid = grid_for (post * p->nchunk);
    if (p->unroll == 8)
      dot_cols_chunked<T, 8><<<grid, BLOCK, 0, stream>>> (x, y, len, post, p->chunk_len,
                                                          p->nchunk, work, out);
    else
      dot_cols_chunked<T, 4><<<grid, BLOCK, 0, stream>>> (x, y, len, post, p->chunk_len,
                                                          p->nchunk, work, out);
    if ((st = launched ("gm_dot: dot_cols_chunked launch")) != GM_OK || p->nchunk == 1)
      return st;
    return launch_final<T> (work, p->nchunk, post, out, stream);
  }
  case PLAN_STRIDED: {
    const int grid = grid_for (ceil_div (pre * p->nchunk * post, BLOCK));
    dot_strided<T><<<grid, BLOCK, 0, stream>>> (x, y, pre, len, post, p->chunk_len, p->nchunk,
                                                work, out);
    if ((st = launched ("gm_dot: dot_strided launch")) != GM_OK || p->nchunk == 1)
      return st;
    return launch_final<T> (work, p->nchunk, pre * post, out, stream);
  }
  case PLAN_NARROW: {
    const int grid = grid_for (ceil_div (post * p->nchunk, WARPS));
    dot_strided_narrow<T><<<grid, BLOCK, 0, stream>>> (x, y, pre, len, post, p->chunk_len,
                                                       p->nchunk, work, out);
    if ((st = launched ("gm_dot: dot_strided_narrow launch")) != GM_OK || p->nchunk == 1)
      return st;
    return launch_final<T> (work, p->nchunk, pre * post, out, stream);
  }
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot: unknown plan %d", (int) p->kind);
  }
}

gm_status dot_with (const dot_tuning *tune, gm_class cls, int64_t pre, int64_t len,
                    int64_t post, const void *d_x, const void *d_y, void *d_out,
                    void *d_workspace, size_t workspace_bytes, cudaStream_t stream)
{
  dot_plan p;
  size_t need;
  gm_status st = make_plan (cls, pre, len, post, tune, &p);
  if (st != GM_OK || (st = plan_bytes (&p, &need)) != GM_OK)
    return st;
  if (p.kind == PLAN_NOTHING)
    return GM_OK;
  if (!d_out || (p.kind != PLAN_ZEROS && (!d_x || !d_y)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot: NULL device pointer");
  if (workspace_bytes < need || (need > 0 && !d_workspace))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot: workspace of %zu bytes, %zu needed",
                    d_workspace ? workspace_bytes : (size_t) 0, need);
  double *work = (double *) d_workspace;
  if (cls == GM_SINGLE)
    return run_plan<float> (&p, pre, len, post, (const float *) d_x, (const float *) d_y,
                            (float *) d_out, work, stream);
  return run_plan<double> (&p, pre, len, post, (const double *) d_x, (const double *) d_y,
                           (double *) d_out, work, stream);
}

gm_status workspace_with (const dot_tuning *tune, gm_class cls, int64_t pre, int64_t len,
                          int64_t post, size_t *bytes)
{
  dot_plan p;
  gm_status st = make_plan (cls, pre, len, post, tune, &p);
  if (st == GM_OK)
    st = plan_bytes (&p, bytes);
  return st;
}

} /* namespace */

/* ---- the C API ------------------------------------------------------------------------- */
extern "C" gm_status gm_dot_workspace_size (gm_class cls, int64_t pre, int64_t len,
                                            int64_t post, size_t *bytes)
{
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_workspace_size: NULL result pointer");
  *bytes = 0;
  return workspace_with (&default_tuning, cls, pre, len, post, bytes);
}

extern "C" gm_status gm_dot (gm_class cls, int64_t pre, int64_t len, int64_t post,
                             const void *d_x, const void *d_y, void *d_out, void *d_workspace,
                             size_t workspace_bytes, cudaStream_t stream)
{
  return dot_with (&default_tuning, cls, pre, len, post, d_x, d_y, d_out, d_workspace,
                   workspace_bytes, stream);
}

/* For bench/ and tests/ only (declared there, not in gpumat.h): run the classic version
   (classic != 0; one vector), or the production one with another target grid or unroll for
   the long-column kernel (0 keeps the default).  Results are deterministic for a given tuning,
   but only the default tuning is what gm_dot computes. */
extern "C" gm_status gm_dot_tuned_workspace_size (int classic, int64_t target_blocks, int unroll,
                                                  gm_class cls, int64_t pre, int64_t len,
                                                  int64_t post, size_t *bytes)
{
  dot_tuning t = {target_blocks ? target_blocks : TARGET_BLOCKS, unroll ? unroll : DEFAULT_UNROLL,
                  classic};
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_tuned_workspace_size: NULL result");
  *bytes = 0;
  return workspace_with (&t, cls, pre, len, post, bytes);
}

extern "C" gm_status gm_dot_tuned (int classic, int64_t target_blocks, int unroll, gm_class cls,
                                   int64_t pre, int64_t len, int64_t post, const void *d_x,
                                   const void *d_y, void *d_out, void *d_workspace,
                                   size_t workspace_bytes, cudaStream_t stream)
{
  dot_tuning t = {target_blocks ? target_blocks : TARGET_BLOCKS, unroll ? unroll : DEFAULT_UNROLL,
                  classic};
  return dot_with (&t, cls, pre, len, post, d_x, d_y, d_out, d_workspace, workspace_bytes,
                   stream);
}
