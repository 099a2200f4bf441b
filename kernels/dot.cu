/* dot.cu: the dot product along one dimension, with a deterministic reduction.
 *
 * View x and y as pre x len x post column-major arrays and reduce over the middle index:
 *   out[a + b*pre] = sum_{i < len} x[a + i*pre + b*pre*len] * y[same]
 * accumulating in double (single inputs are widened, the result rounded once to single).
 *
 * Versions, side by side.  Numbers: NVIDIA H200, median of 30, data on the device, same run as
 * cublasDdot/cublasSdot (bench/bench_dot.cu; bench/NOTES-dot.md has the whole story):
 *
 *   classic     dot_classic_partials + dot_classic_final.  One vector only (pre*post == 1).
 *               Grid-stride partial sum per thread (one scalar load of each input per step, one
 *               accumulator), a shared-memory tree per block (8 barriers), one partial per block,
 *               then one block sums the partials with the same tree.  2^27 doubles 0.481 ms
 *               (101.6% of cuBLAS), 2^28 singles 0.492 ms (99.7%): on one long vector the full
 *               occupancy of its 1056 x 256 threads already keeps enough bytes in flight.  What
 *               it cannot do: many columns or pre > 1 in one launch.
 *   production  What gm_dot runs.  Five kernels, picked by the shape alone:
 *     dot_cols_chunked  pre == 1, len > SHORT_MAX: each block reduces one (column, chunk), a
 *               chunk being a run of whole tiles of BLOCK*U*VW elements (VW = 2 doubles or 4
 *               singles: one 16-byte load).  U = 4 independent 16-byte loads of each input per
 *               thread are in flight before the first use (LDG.E.128), into U accumulators; the
 *               block then reduces with warp shuffles and one barrier across its 8 warps.  One
 *               partial per (column, chunk) goes to the workspace.  2^27 doubles 0.483 ms
 *               (101.4% of cuBLAS), 2^28 singles 0.483 ms (101.5%); 4096 columns x 32768 doubles
 *               0.479 ms (4.49 TB/s, 1.7x cuBLAS's strided-batched 1x1 GEMM).  Misaligned (x, y
 *               one element in): 97.1% / 99.0%.  U = 8 (74 registers, 3 blocks/SM) lost: 94% / 84%.
 *     dot_cols_short    pre == 1, len <= SHORT_MAX: G = 1..32 lanes per column (G ~ len/4), all
 *               columns in one launch, a shuffle tree inside the G lanes, written straight to
 *               out.  1e6 columns x 16 doubles: 0.085 ms (3.0 TB/s; cuBLAS batched GEMM 1.05 ms).
 *     dot_strided       pre > 1 (pre >= 32, or short panels): a thread per (a, b, chunk of len);
 *               consecutive threads take consecutive a (coalesced across a).  len is cut into
 *               chunks when pre*post alone would leave the GPU idle.  1024 x 1024 x 128: 94% of
 *               the cuBLAS dot rate; 64 x 2^21: 98%.
 *     dot_strided_narrow  1 < pre < 32 and pre*len >= 1024: a warp per (b, chunk), its lanes
 *               reading the panel's contiguous memory, lanes of the same a summed by shuffles.
 *               2 x 2^26 doubles: 0.492 ms (99.5%), up from 1.005 ms (49%) with dot_strided.
 *     dot_sum_partials  sums each output's partials in chunk order (a warp or a block per
 *               output, fixed tree), converts to the output class.
 *
 *   mixed       What gm_dot_mixed runs for every class pair gm_dot does not take (complex with
 *               complex or real, an integer class with itself, double or single, double with
 *               single): mixed_cols / mixed_strided / mixed_sum_partials, one family templated
 *               on the product term and the accumulator, scalar loads, the partition a function
 *               of the shape only.  Integer products follow Octave's rules to the bit (including
 *               int64 .* double as oct-inttypes.cc computes it) and are summed exactly, then
 *               rounded to double once.  Not yet timed (bench/bench_integer.cu times int8).
 *
 * The long-column grid aims at TARGET_BLOCKS = 528 = 132 x 4 blocks: one wave on a 132-SM
 * H100/H200 (6 to 8 blocks of this kernel fit per SM).  1056 measured 99.4% (doubles: 1.3 waves
 * at 6 blocks/SM), 2112 100.5%.
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
#include <string.h>
#include <type_traits>
#include "gpumat.h"

namespace {

/* ---- constants: the partition depends on these and on the shape, nothing else ------------- */
constexpr int BLOCK = 256;                 /* threads per block, every kernel here               */
constexpr int WARPS = BLOCK / 32;
/* Blocks aimed at for the long-column kernel: 132 SMs x 4, one wave on an H100/H200 (132 SMs,
   6 to 8 blocks of dot_cols_chunked resident per SM); 132 x 8 left the double kernel 1.3 waves
   and 2% slower.  A constant, so that the partition (and the bits of the result) is the same on
   every GPU. */
constexpr int64_t TARGET_BLOCKS = 132 * 4;
constexpr int DEFAULT_UNROLL = 4;          /* 16-byte loads of each input in flight per thread */
constexpr int64_t SHORT_MAX = 4096;        /* pre == 1 and len <= this: dot_cols_short          */
/* pre > 1: threads aimed at (132 SMs x 2048 resident threads), chunks at least this long. */
constexpr int64_t TARGET_THREADS = 132 * 2048;
constexpr int64_t STRIDED_MIN_CHUNK = 64;
constexpr int64_t NARROW_MIN_CHUNK = 1024;  /* 1 < pre < 32: elements per warp, at least      */
/* Grids are grid-stride loops over work items; a cap keeps gridDim.x legal for any shape.  The
   work of an item does not depend on which block does it, so the cap changes no result. */
constexpr int64_t GRID_CAP = (int64_t) 1 << 24;
constexpr int CLASSIC_BLOCKS = 1056;       /* classic: fixed grid, 132 x 8 (8 blocks/SM fit)     */
constexpr int FINAL_BLOCK_MIN = 256;       /* dot_sum_partials: a block per output from here up  */

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
inline int64_t min64 (int64_t a, int64_t b) { return a < b ? a : b; }
inline int64_t max64 (int64_t a, int64_t b) { return a > b ? a : b; }
__device__ __forceinline__ int64_t dmin64 (int64_t a, int64_t b) { return a < b ? a : b; }

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

enum plan_kind { PLAN_NOTHING, PLAN_ZEROS, PLAN_SHORT, PLAN_CHUNKED, PLAN_STRIDED, PLAN_NARROW,
                 PLAN_CLASSIC };

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

int grid_for (int64_t blocks) { return (int) min64 (max64 (blocks, 1), GRID_CAP); }

gm_status launched (const char *what)
{
  return gm_cuda_status (cudaGetLastError (), what);
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


/* ======================================================================================== */
/* mixed classes (gm_dot_mixed): complex, integer, and double with single                      */
/*                                                                                            */
/* One generic family, templated on a Term (how element i of x and y becomes a product and is  */
/* added to an accumulator) and an Acc (the accumulator type and its shuffles):               */
/*   mixed_cols      pre == 1, len > MIXED_COLS_MIN: a block per (column, chunk), thread t     */
/*                   takes elements begin + t, + BLOCK, ... (coalesced), warp shuffles and one */
/*                   barrier across the warps, as dot_cols_chunked without its 16-byte loads.  */
/*   mixed_strided   otherwise: a thread per (a, b, chunk of len), consecutive threads on      */
/*                   consecutive a (coalesced for pre >= 32; pre == 1 only for short columns). */
/*   mixed_sum_partials  a warp per output sums its chunk partials in a fixed tree.            */
/* The partition is a function of (pre, len, post) only, so the order of every floating-point  */
/* addition (complex, double with single) is fixed: bitwise reproducible.  Integer products    */
/* are summed exactly (int64 for 8- and 16-bit classes, whose saturated products are at most   */
/* 2^16: exact below 2^47 elements; __int128 for 32- and 64-bit classes) and converted to      */
/* double once, correctly rounded: exact whenever the exact sum is representable, which is     */
/* also when Octave's left-to-right double sum is exact, so the two agree there; where Octave's */
/* sum rounds, ours is the correctly rounded one, in any order.                                */

typedef __int128 i128;
typedef unsigned __int128 u128;

constexpr int64_t MIXED_COLS_MIN = 1024;     /* pre == 1: longer columns get a block (chunk)  */
constexpr int64_t MIXED_MIN_CHUNK = 4096;    /* mixed_cols: elements a block, at least         */

/* ---- accumulators ---- */
struct AccI64 {
  typedef int64_t type;
  __device__ static type zero () { return 0; }
  __device__ static void add (type &a, type b) { a += b; }
  __device__ static type shfl_down (type v, int off) { return __shfl_down_sync (0xffffffffu, v, off); }
};
struct AccI128 {
  typedef i128 type;
  __device__ static type zero () { return 0; }
  __device__ static void add (type &a, type b) { a += b; }
  __device__ static type shfl_down (type v, int off)
  {
    const uint64_t lo = __shfl_down_sync (0xffffffffu, (unsigned long long) (uint64_t) v, off);
    const int64_t hi = __shfl_down_sync (0xffffffffu, (long long) (v >> 64), off);
    return (i128) (((u128) (uint64_t) hi << 64) | lo);
  }
};
struct AccReal {
  typedef double type;
  __device__ static type zero () { return 0.0; }
  __device__ static void add (type &a, type b) { a += b; }
  __device__ static type shfl_down (type v, int off) { return __shfl_down_sync (0xffffffffu, v, off); }
};
struct AccCplx {
  typedef double2 type;
  __device__ static type zero () { return make_double2 (0.0, 0.0); }
  __device__ static void add (type &a, type b) { a.x += b.x; a.y += b.y; }
  __device__ static type shfl_down (type v, int off)
  {
    return make_double2 (__shfl_down_sync (0xffffffffu, v.x, off),
                         __shfl_down_sync (0xffffffffu, v.y, off));
  }
};

/* ---- exact integer to double ---- */
/* Correctly rounded (to nearest, ties to even): the top 64 bits of |v| with a sticky bit for
   whatever lies below, converted by the hardware (the sticky bit sits 11 places below the
   last kept bit, so it only breaks ties), then scaled by a power of two (exact). */
__device__ __forceinline__ double i128_to_double (i128 v)
{
  if (v >= (i128) INT64_MIN && v <= (i128) INT64_MAX)
    return (double) (int64_t) v;
  const bool neg = v < 0;
  const u128 u = neg ? (u128) 0 - (u128) v : (u128) v;
  const uint64_t hi = (uint64_t) (u >> 64);
  const int lead = 64 + (63 - __clzll ((long long) hi));   /* index of the top bit, >= 64 */
  const int s = lead - 63;                                  /* 1 .. 64                      */
  uint64_t top = (uint64_t) (u >> s);
  if ((u & (((u128) 1 << s) - 1)) != 0)
    top |= 1;
  const double d = ldexp ((double) top, s);
  return neg ? -d : d;
}

/* ---- Octave's integer products ---- */
template <typename T> struct IntLimits;
template <> struct IntLimits<int8_t>   { static constexpr int64_t lo = INT8_MIN, hi = INT8_MAX; };
template <> struct IntLimits<uint8_t>  { static constexpr int64_t lo = 0, hi = UINT8_MAX; };
template <> struct IntLimits<int16_t>  { static constexpr int64_t lo = INT16_MIN, hi = INT16_MAX; };
template <> struct IntLimits<uint16_t> { static constexpr int64_t lo = 0, hi = UINT16_MAX; };
template <> struct IntLimits<int32_t>  { static constexpr int64_t lo = INT32_MIN, hi = INT32_MAX; };
template <> struct IntLimits<uint32_t> { static constexpr int64_t lo = 0, hi = UINT32_MAX; };

/* x .* y in the class: the exact product, saturated (octave_int's operator *). */
template <typename T> __device__ __forceinline__ int64_t int_mul (T a, T b)
{
  if constexpr (std::is_unsigned<T>::value) {   /* uint32: up to (2^32 - 1)^2, past int64 */
    const uint64_t p = (uint64_t) a * (uint64_t) b;
    return p > (uint64_t) IntLimits<T>::hi ? IntLimits<T>::hi : (int64_t) p;
  } else {
    const int64_t p = (int64_t) a * (int64_t) b;   /* |p| <= 2^62 */
    return p < IntLimits<T>::lo ? IntLimits<T>::lo : p > IntLimits<T>::hi ? IntLimits<T>::hi : p;
  }
}
template <> __device__ __forceinline__ int64_t int_mul<int64_t> (int64_t a, int64_t b)
{
  const i128 p = (i128) a * b;
  return p < (i128) INT64_MIN ? INT64_MIN : p > (i128) INT64_MAX ? INT64_MAX : (int64_t) p;
}
/* uint64: returned as the bits of a uint64 (the caller reads it unsigned) */
__device__ __forceinline__ uint64_t uint64_mul (uint64_t a, uint64_t b)
{
  const u128 p = (u128) a * b;
  return (p >> 64) ? UINT64_MAX : (uint64_t) p;
}

/* 8- to 32-bit classes times a double (octave_int<T> (double (x) * y)): the double product,
   rounded once as IEEE does (no fma contraction), then Octave's conversion: NaN to 0, round
   to nearest with ties away from zero (round ()), saturate. */
template <typename T> __device__ __forceinline__ int64_t int_mul (T a, double y)
{
  const double p = __dmul_rn ((double) a, y);
  if (isnan (p))
    return 0;
  const double r = round (p);
  return r <= (double) IntLimits<T>::lo ? IntLimits<T>::lo
         : r >= (double) IntLimits<T>::hi ? IntLimits<T>::hi : (int64_t) r;
}

/* int64 / uint64 times a double, as liboctave/util/oct-inttypes.cc (INT_DOUBLE_BINOP_DECL (*,
   int64) and (*, uint64)) computes it on x86-64, reproduced step by step because its rules are
   not the exact product rounded; checked against octave-cli 7.3.0 on 10540 pairs (random
   int64 / uint64 with integral, half-integral, tiny, huge and special doubles: all equal):
     - y integral and |y| < 2^63 (uint64: 0 <= y < 2^64): the exact integer product, saturated;
     - |y| == 0.5: x / 2, rounded half away (int64 (7) * 0.5 is 4).  For y = -0.5 Octave
       divides by octave_int64 (static_cast<uint64_t> (-2.0)), which on x86-64 is 2^64 - 2,
       saturated to intmax: so int64 (2^62) * -0.5 is 1 and int64 (7) * -0.5 is 0 in Octave 7.3
       (uint64 * -0.5 takes the negative branch: 0);
     - NaN or Inf (uint64: also y < 0): octave_int (double (x) * y): NaN (0 * Inf) gives 0;
     - otherwise y is split as its mantissa truncated to 52 bits (frexp, then ldexp (m, 52)
       cast to an integer drops the 53rd bit: int64 (2^62) * (-1/3) is -1537228672809128960,
       not the exact -1537228672809129216) times 2^e; |x| times that 52-bit integer as four
       32-bit words, each word scaled, rounded half away and saturated on its own, the four
       added with saturation. */
__host__ __device__ __forceinline__ int64_t oct_int64_of (double v)   /* octave_int64 (double) */
{
  if (isnan (v))
    return 0;
  if (v >= 9223372036854775808.0)
    return INT64_MAX;
  if (v < -9223372036854775808.0)
    return INT64_MIN;
  return (int64_t) round (v);
}
__host__ __device__ __forceinline__ uint64_t oct_uint64_of (double v)  /* octave_uint64 (double) */
{
  if (isnan (v) || v <= 0)
    return 0;
  if (v >= 18446744073709551616.0)
    return UINT64_MAX;
  return (uint64_t) round (v);
}
/* |x| * mantissa of |y|: the four 32-bit words of umul128 (oct-inttypes.cc), and the exponent
   of the lowest */
__host__ __device__ __forceinline__ void oct_split_mul (uint64_t ax, double y, uint32_t w[4],
                                                        int *e)
{
  int exp;
  const double m = frexp (fabs (y), &exp);
  const uint64_t my = (uint64_t) ldexp (m, 52);   /* truncates: Octave's 52-bit mantissa */
  *e = exp - 52;
  const u128 p = (u128) ax * my;
  w[0] = (uint32_t) p;
  w[1] = (uint32_t) (p >> 32);
  w[2] = (uint32_t) (p >> 64);
  w[3] = (uint32_t) (p >> 96);
}
/* x / d for d > 0, rounded half away from zero (octave_int<int64_t> division) */
__host__ __device__ __forceinline__ int64_t oct_div_round (int64_t x, int64_t d)
{
  int64_t q = x / d, r = x % d;
  const uint64_t ar = r < 0 ? (uint64_t) 0 - (uint64_t) r : (uint64_t) r;
  if (2 * ar >= (uint64_t) d)
    q += x < 0 ? -1 : 1;
  return q;
}
__host__ __device__ __forceinline__ int64_t oct_int64_times (int64_t x, double y)
{
  if (fabs (y) < 9223372036854775808.0 && y == round (y)) {
    const i128 p = (i128) x * (int64_t) y;
    return p > (i128) INT64_MAX ? INT64_MAX : p < (i128) INT64_MIN ? INT64_MIN : (int64_t) p;
  }
  if (fabs (y) == 0.5)
    return oct_div_round (x, y > 0 ? 2 : INT64_MAX);
  if (isnan (y) || isinf (y))
    return oct_int64_of ((double) x * y);
  const bool neg = (y < 0) != (x < 0);
  const uint64_t ax = x < 0 ? (uint64_t) 0 - (uint64_t) x : (uint64_t) x;
  uint32_t w[4];
  int e;
  oct_split_mul (ax, y, w, &e);
  i128 sum = 0;   /* the terms share one sign: saturating each add is saturating the sum */
  for (int i = 0; i < 4; i++, e += 32) {
    const double t = ldexp ((double) w[i], e);
    sum += oct_int64_of (neg ? -t : t);
  }
  return sum > (i128) INT64_MAX ? INT64_MAX : sum < (i128) INT64_MIN ? INT64_MIN : (int64_t) sum;
}
__host__ __device__ __forceinline__ uint64_t oct_uint64_times (uint64_t x, double y)
{
  if (y >= 0 && y < 18446744073709551616.0 && y == round (y)) {
    const u128 p = (u128) x * (uint64_t) y;
    return (p >> 64) ? UINT64_MAX : (uint64_t) p;
  }
  if (y == 0.5)
    return (x >> 1) + (x & 1);   /* x / 2 rounded half up */
  if (y < 0 || isnan (y) || isinf (y))
    return oct_uint64_of ((double) x * y);
  uint32_t w[4];
  int e;
  oct_split_mul (x, y, w, &e);
  u128 sum = 0;
  for (int i = 0; i < 4; i++, e += 32)
    sum += oct_uint64_of (ldexp ((double) w[i], e));
  return (sum >> 64) ? UINT64_MAX : (uint64_t) sum;
}
__device__ __forceinline__ int64_t int_mul (int64_t a, double y) { return oct_int64_times (a, y); }
__device__ __forceinline__ uint64_t uint64_times (uint64_t a, double y)
{
  return oct_uint64_times (a, y);
}
/* times single: Octave widens the single to double (exact) and multiplies as above */

/* ---- terms: element i of x and y into an accumulator ---- */
/* Integer class T against U (T itself, double or float); the integer operand is x. */
template <typename T, typename U> struct IntTerm {
  typedef typename std::conditional<(sizeof (T) >= 4), AccI128, AccI64>::type Acc;
  typedef double Out;
  static constexpr int OUT_PARTS = 1;
  const T *x;
  const U *y;
  __device__ __forceinline__ void add (typename Acc::type &acc, int64_t i) const
  {
    if constexpr (std::is_same<T, U>::value)
      acc += int_mul<T> (x[i], y[i]);
    else
      acc += int_mul (x[i], (double) y[i]);
  }
};
template <typename U> struct IntTerm<uint64_t, U> {
  typedef AccI128 Acc;
  typedef double Out;
  static constexpr int OUT_PARTS = 1;
  const uint64_t *x;
  const U *y;
  __device__ __forceinline__ void add (i128 &acc, int64_t i) const
  {
    if constexpr (std::is_same<uint64_t, U>::value)
      acc += (i128) uint64_mul (x[i], y[i]);
    else
      acc += (i128) uint64_times (x[i], (double) y[i]);
  }
};
/* Complex: x and y of precision R, XR / YR: that operand is real (read as real, its
   imaginary part taken as +0 in the arithmetic, as Octave's promotion to complex does: so
   [1 2] dotted with [0+Inf*i 1] is NaN + Inf i, as in Octave).  conj (x) .* y:
   re += xr yr + xi yi, im += xr yi - xi yr, each an fma into a double, in this order. */
template <typename R, bool XR, bool YR> struct CplxTerm {
  typedef AccCplx Acc;
  typedef R Out;
  static constexpr int OUT_PARTS = 2;
  const R *x;
  const R *y;
  __device__ __forceinline__ void add (double2 &acc, int64_t i) const
  {
    const double xr = XR ? (double) x[i] : (double) x[2 * i];
    const double xi = XR ? 0.0 : (double) x[2 * i + 1];
    const double yr = YR ? (double) y[i] : (double) y[2 * i];
    const double yi = YR ? 0.0 : (double) y[2 * i + 1];
    acc.x = fma (xr, yr, acc.x);
    acc.x = fma (xi, yi, acc.x);
    acc.y = fma (xr, yi, acc.y);
    acc.y = fma (-xi, yr, acc.y);
  }
};
/* double with single: Octave converts the double operand to single (rounding to nearest) and
   takes the single dot; here the products of the two singles (exact in double) are summed in
   double and the result rounded once to single, as gm_dot does for single.  x is the double. */
struct HalfSingleTerm {
  typedef AccReal Acc;
  typedef float Out;
  static constexpr int OUT_PARTS = 1;
  const double *x;
  const float *y;
  __device__ __forceinline__ void add (double &acc, int64_t i) const
  {
    acc = fma ((double) __double2float_rn (x[i]), (double) y[i], acc);
  }
};

/* The final value of an output, written in its class. */
__device__ __forceinline__ void write_out (double *out, int64_t o, int64_t v) { out[o] = (double) v; }
__device__ __forceinline__ void write_out (double *out, int64_t o, i128 v) { out[o] = i128_to_double (v); }
__device__ __forceinline__ void write_out (float *out, int64_t o, double v) { out[o] = (float) v; }
template <typename R> __device__ __forceinline__ void write_out (R *out, int64_t o, double2 v)
{
  out[2 * o] = (R) v.x;
  out[2 * o + 1] = (R) v.y;
}

template <typename Acc> __device__ __forceinline__ typename Acc::type warp_total (typename Acc::type s)
{
#pragma unroll
  for (int off = 16; off > 0; off >>= 1)
    Acc::add (s, Acc::shfl_down (s, off));
  return s;
}

/* pre == 1.  Item (col, chunk) = blockIdx.x (grid-stride), chunk c covering elements
   [c*chunk_len, min (len, (c+1)*chunk_len)) of column col.  Thread t takes begin + t + BLOCK*q
   for q = 0, 1, ... into one accumulator (4 loads in flight), then the block tree.  Launch:
   any grid of BLOCK threads.  nchunk == 1: out written; else partial[item]. */
template <typename Term>
__global__ void __launch_bounds__ (BLOCK)
mixed_cols (Term t, int64_t len, int64_t post, int64_t chunk_len, int64_t nchunk,
            typename Term::Acc::type *__restrict__ partial, typename Term::Out *__restrict__ out)
{
  typedef typename Term::Acc Acc;
  typedef typename Acc::type A;
  __shared__ A scratch[WARPS];
  const int64_t items = post * nchunk;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (int64_t item = blockIdx.x; item < items; item += gridDim.x) {
    const int64_t col = item / nchunk, chunk = item - col * nchunk;
    const int64_t begin = col * len + chunk * chunk_len;
    const int64_t end = col * len + dmin64 (len, (chunk + 1) * chunk_len);
    A acc = Acc::zero ();
    int64_t i = begin + threadIdx.x;
    for (; i + 3 * BLOCK < end; i += 4 * BLOCK) {
      t.add (acc, i);
      t.add (acc, i + BLOCK);
      t.add (acc, i + 2 * BLOCK);
      t.add (acc, i + 3 * BLOCK);
    }
    for (; i < end; i += BLOCK)
      t.add (acc, i);
    acc = warp_total<Acc> (acc);
    if (lane == 0)
      scratch[warp] = acc;
    __syncthreads ();
    if (warp == 0) {
      A s = lane < WARPS ? scratch[lane] : Acc::zero ();
      s = warp_total<Acc> (s);
      if (lane == 0) {
        if (nchunk == 1)
          write_out (out, col, s);
        else
          partial[item] = s;
      }
    }
    __syncthreads ();          /* scratch is reused by the next item */
  }
}

/* A thread per (a, c, b): item = a + pre * (c + nchunk * b), elements a + i*pre + b*pre*len for
   i in chunk c.  Launch: any grid of BLOCK threads (grid-stride). */
template <typename Term>
__global__ void __launch_bounds__ (BLOCK)
mixed_strided (Term t, int64_t pre, int64_t len, int64_t post, int64_t chunk_len, int64_t nchunk,
               typename Term::Acc::type *__restrict__ partial,
               typename Term::Out *__restrict__ out)
{
  typedef typename Term::Acc Acc;
  const int64_t items = pre * nchunk * post;
  for (int64_t item = blockIdx.x * (int64_t) BLOCK + threadIdx.x; item < items;
       item += (int64_t) gridDim.x * BLOCK) {
    const int64_t a = item % pre, r = item / pre, c = r % nchunk, b = r / nchunk;
    const int64_t i0 = c * chunk_len, i1 = dmin64 (len, i0 + chunk_len);
    const int64_t base = a + b * pre * len;
    typename Acc::type acc = Acc::zero ();
    for (int64_t i = i0; i < i1; i++)
      t.add (acc, base + i * pre);
    const int64_t o = a + b * pre;
    if (nchunk == 1)
      write_out (out, o, acc);
    else
      partial[o * nchunk + c] = acc;
  }
}

/* out[o] = the sum of partial[o*nchunk .. o*nchunk + nchunk), a warp per output: lane j adds
   c = j, j + 32, ... in order, then the warp tree.  Launch: any grid of BLOCK threads. */
template <typename Term>
__global__ void __launch_bounds__ (BLOCK)
mixed_sum_partials (const typename Term::Acc::type *__restrict__ partial, int64_t nchunk,
                    int64_t nout, typename Term::Out *__restrict__ out)
{
  typedef typename Term::Acc Acc;
  const int lane = threadIdx.x & 31;
  for (int64_t o = (int64_t) blockIdx.x * WARPS + (threadIdx.x >> 5); o < nout;
       o += (int64_t) gridDim.x * WARPS) {
    typename Acc::type s = Acc::zero ();
    for (int64_t c = lane; c < nchunk; c += 32)
      Acc::add (s, partial[o * nchunk + c]);
    s = warp_total<Acc> (s);
    if (lane == 0)
      write_out (out, o, s);
  }
}

typedef struct {
  plan_kind kind;            /* PLAN_NOTHING, PLAN_ZEROS, PLAN_CHUNKED (mixed_cols) or
                                PLAN_STRIDED (mixed_strided)                               */
  int64_t chunk_len, nchunk, nout;
  size_t partials;           /* accumulators of workspace */
} mixed_plan;

mixed_plan make_mixed_plan (int64_t pre, int64_t len, int64_t post)
{
  mixed_plan p = {PLAN_NOTHING, 0, 1, pre * post, 0};
  if (pre == 0 || post == 0)
    return p;
  if (len == 0) {
    p.kind = PLAN_ZEROS;
    return p;
  }
  if (pre == 1 && len > MIXED_COLS_MIN) {
    const int64_t want = max64 (1, ceil_div (TARGET_BLOCKS, post));
    p.kind = PLAN_CHUNKED;
    p.chunk_len = max64 (MIXED_MIN_CHUNK, ceil_div (len, want));
  } else {
    const int64_t want = max64 (1, ceil_div (TARGET_THREADS, pre * post));
    p.kind = PLAN_STRIDED;
    p.chunk_len = max64 (STRIDED_MIN_CHUNK, ceil_div (len, want));
  }
  p.nchunk = ceil_div (len, p.chunk_len);
  p.partials = p.nchunk > 1 ? (size_t) (pre * post) * (size_t) p.nchunk : 0;
  return p;
}

template <typename Term>
gm_status run_mixed (const mixed_plan &p, Term t, int64_t pre, int64_t len, int64_t post,
                     void *d_out, void *work, cudaStream_t stream)
{
  typedef typename Term::Acc::type A;
  typedef typename Term::Out O;
  O *out = (O *) d_out;
  A *partial = (A *) work;
  gm_status st;
  switch (p.kind) {
  case PLAN_NOTHING:
    return GM_OK;
  case PLAN_ZEROS:
    return gm_cuda_status (cudaMemsetAsync (out, 0, (size_t) p.nout * Term::OUT_PARTS * sizeof (O),
                                            stream),
                           "gm_dot_mixed: cudaMemsetAsync");
  case PLAN_CHUNKED:
    mixed_cols<Term><<<grid_for (post * p.nchunk), BLOCK, 0, stream>>> (t, len, post, p.chunk_len,
                                                                         p.nchunk, partial, out);
    st = launched ("gm_dot_mixed: mixed_cols launch");
    break;
  case PLAN_STRIDED:
    mixed_strided<Term><<<grid_for (ceil_div (pre * p.nchunk * post, BLOCK)), BLOCK, 0, stream>>> (
        t, pre, len, post, p.chunk_len, p.nchunk, partial, out);
    st = launched ("gm_dot_mixed: mixed_strided launch");
    break;
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: unknown plan %d", (int) p.kind);
  }
  if (st != GM_OK || p.nchunk == 1)
    return st;
  mixed_sum_partials<Term><<<grid_for (ceil_div (p.nout, WARPS)), BLOCK, 0, stream>>> (
      partial, p.nchunk, p.nout, out);
  return launched ("gm_dot_mixed: mixed_sum_partials launch");
}

/* The accumulator size of a class pair (for the workspace). */
size_t mixed_acc_bytes (gm_class x, gm_class y)
{
  if (gm_class_is_complex (x) || gm_class_is_complex (y))
    return sizeof (double2);
  const gm_class ic = gm_class_is_integer (x) ? x : y;
  if (gm_class_is_integer (ic))
    return gm_class_size (ic) >= 4 ? sizeof (i128) : sizeof (int64_t);
  return sizeof (double);
}

gm_status mixed_check (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len, int64_t post,
                       gm_class *out_cls)
{
  gm_status st = gm_dot_result_class (x_cls, y_cls, out_cls);
  if (st != GM_OK)
    return st;
  if (pre < 0 || len < 0 || post < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: negative size (%lld, %lld, %lld)",
                    (long long) pre, (long long) len, (long long) post);
  size_t bytes;
  const size_t es = gm_class_size (x_cls) > gm_class_size (y_cls) ? gm_class_size (x_cls)
                                                                  : gm_class_size (y_cls);
  if ((st = gm_mul_size3 ((size_t) pre, (size_t) len, (size_t) post, &bytes)) == GM_OK
      && (st = gm_mul_size (bytes, es, &bytes)) == GM_OK && bytes > (size_t) INT64_MAX)
    st = gm_fail (GM_ERR_SIZE_OVERFLOW, "gm_dot_mixed: %zu bytes overflow a 64-bit index", bytes);
  return st;
}

template <typename T>
gm_status run_int (gm_class other, const mixed_plan &p, const void *xi, const void *yo,
                   int64_t pre, int64_t len, int64_t post, void *out, void *work,
                   cudaStream_t stream)
{
  if (other == GM_DOUBLE)
    return run_mixed (p, IntTerm<T, double>{(const T *) xi, (const double *) yo}, pre, len, post,
                      out, work, stream);
  if (other == GM_SINGLE)
    return run_mixed (p, IntTerm<T, float>{(const T *) xi, (const float *) yo}, pre, len, post,
                      out, work, stream);
  return run_mixed (p, IntTerm<T, T>{(const T *) xi, (const T *) yo}, pre, len, post, out, work,
                    stream);
}

template <typename R>
gm_status run_cplx (bool xr, bool yr, const mixed_plan &p, const void *x, const void *y,
                    int64_t pre, int64_t len, int64_t post, void *out, void *work,
                    cudaStream_t stream)
{
  const R *X = (const R *) x, *Y = (const R *) y;
  if (xr)
    return run_mixed (p, CplxTerm<R, true, false>{X, Y}, pre, len, post, out, work, stream);
  if (yr)
    return run_mixed (p, CplxTerm<R, false, true>{X, Y}, pre, len, post, out, work, stream);
  return run_mixed (p, CplxTerm<R, false, false>{X, Y}, pre, len, post, out, work, stream);
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

/* ---- mixed classes ---------------------------------------------------------------------- */
extern "C" gm_status gm_dot_result_class (gm_class x_cls, gm_class y_cls, gm_class *out_cls)
{
  if (!out_cls)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_result_class: NULL result pointer");
  if (!gm_class_valid (x_cls) || !gm_class_valid (y_cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "dot: unknown class (%d, %d)", (int) x_cls,
                    (int) y_cls);
  const int xi = gm_class_is_integer (x_cls), yi = gm_class_is_integer (y_cls);
  const int xc = gm_class_is_complex (x_cls), yc = gm_class_is_complex (y_cls);
  if (xi || yi) {
    /* Octave's dot takes x .* y then sums in double: one integer class, with itself, double
       or single.  (With a complex operand Octave converts the integer to complex double;
       that pair is not taken here.) */
    const gm_class other = xi ? y_cls : x_cls;
    if ((xi && yi && x_cls != y_cls) || xc || yc)
      return gm_fail (GM_ERR_INVALID_ARGUMENT,
                      "dot: the classes %s and %s do not go together (Octave has no %s .* %s)",
                      gm_class_name (x_cls), gm_class_name (y_cls), gm_class_name (x_cls),
                      gm_class_name (y_cls));
    (void) other;
    *out_cls = GM_DOUBLE;
    return GM_OK;
  }
  if (xc || yc) {
    if (gm_class_real (x_cls) != gm_class_real (y_cls))
      return gm_fail (GM_ERR_INVALID_ARGUMENT,
                      "dot: %s with %s: complex operands of one precision only",
                      gm_class_name (x_cls), gm_class_name (y_cls));
    *out_cls = gm_class_complex (gm_class_real (x_cls));
    return GM_OK;
  }
  /* double and single: single, as Octave's dot (it converts to single and calls sdot) */
  *out_cls = x_cls == GM_DOUBLE && y_cls == GM_DOUBLE ? GM_DOUBLE : GM_SINGLE;
  return GM_OK;
}

extern "C" gm_status gm_dot_mixed_workspace_size (gm_class x_cls, gm_class y_cls, int64_t pre,
                                                  int64_t len, int64_t post, size_t *bytes)
{
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed_workspace_size: NULL result pointer");
  *bytes = 0;
  gm_class out_cls;
  gm_status st = mixed_check (x_cls, y_cls, pre, len, post, &out_cls);
  if (st != GM_OK)
    return st;
  if (x_cls == y_cls && (x_cls == GM_DOUBLE || x_cls == GM_SINGLE))
    return gm_dot_workspace_size (x_cls, pre, len, post, bytes);
  const mixed_plan p = make_mixed_plan (pre, len, post);
  return gm_mul_size (p.partials, mixed_acc_bytes (x_cls, y_cls), bytes);
}

extern "C" gm_status gm_dot_mixed (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len,
                                   int64_t post, const void *d_x, const void *d_y, void *d_out,
                                   void *d_workspace, size_t workspace_bytes,
                                   cudaStream_t stream)
{
  gm_class out_cls;
  gm_status st = mixed_check (x_cls, y_cls, pre, len, post, &out_cls);
  if (st != GM_OK)
    return st;
  if (x_cls == y_cls && (x_cls == GM_DOUBLE || x_cls == GM_SINGLE))
    return gm_dot (x_cls, pre, len, post, d_x, d_y, d_out, d_workspace, workspace_bytes, stream);
  const mixed_plan p = make_mixed_plan (pre, len, post);
  if (p.kind == PLAN_NOTHING)
    return GM_OK;
  size_t need;
  if ((st = gm_mul_size (p.partials, mixed_acc_bytes (x_cls, y_cls), &need)) != GM_OK)
    return st;
  if (!d_out || (p.kind != PLAN_ZEROS && (!d_x || !d_y)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: NULL device pointer");
  if (workspace_bytes < need || (need > 0 && !d_workspace))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: workspace of %zu bytes, %zu needed",
                    d_workspace ? workspace_bytes : (size_t) 0, need);
  if (need > 0 && ((uintptr_t) d_workspace % 16) != 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: workspace not 16-byte aligned");

  if (gm_class_is_complex (out_cls)) {
    const bool xr = !gm_class_is_complex (x_cls), yr = !gm_class_is_complex (y_cls);
    return out_cls == GM_COMPLEX_DOUBLE
               ? run_cplx<double> (xr, yr, p, d_x, d_y, pre, len, post, d_out, d_workspace, stream)
               : run_cplx<float> (xr, yr, p, d_x, d_y, pre, len, post, d_out, d_workspace, stream);
  }
  if (!gm_class_is_integer (x_cls) && !gm_class_is_integer (y_cls)) {   /* double with single */
    const bool xd = x_cls == GM_DOUBLE;
    return run_mixed (p, HalfSingleTerm{(const double *) (xd ? d_x : d_y),
                                        (const float *) (xd ? d_y : d_x)},
                      pre, len, post, d_out, d_workspace, stream);
  }
  /* integer: the product is commutative in Octave (double .* int is int .* double), so the
     integer operand goes first */
  const bool xi = gm_class_is_integer (x_cls);
  const gm_class ic = xi ? x_cls : y_cls, other = xi ? y_cls : x_cls;
  const void *a = xi ? d_x : d_y, *b = xi ? d_y : d_x;
  void *w = d_workspace;
  switch (ic) {
  case GM_INT8:   return run_int<int8_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_UINT8:  return run_int<uint8_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_INT16:  return run_int<int16_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_UINT16: return run_int<uint16_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_INT32:  return run_int<int32_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_UINT32: return run_int<uint32_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_INT64:  return run_int<int64_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_UINT64: return run_int<uint64_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: class %s", gm_class_name (ic));
  }
}

/* The workspace comes from gm_device_alloc and goes back to it on every path.  Queued on
   stream 0, not waited for (issue 12). */
extern "C" gm_status gm_dot_mixed_device (gm_class x_cls, gm_class y_cls, int64_t pre,
                                          int64_t len, int64_t post, const void *d_x,
                                          const void *d_y, void *d_out)
{
  size_t work_bytes = 0;
  gm_status st = gm_dot_mixed_workspace_size (x_cls, y_cls, pre, len, post, &work_bytes);
  if (st != GM_OK)
    return st;
  void *d_work = NULL;
  if ((st = gm_device_alloc (&d_work, work_bytes)) != GM_OK)
    return st;
  st = gm_dot_mixed (x_cls, y_cls, pre, len, post, d_x, d_y, d_out, d_work, work_bytes, 0);
  gm_device_free (d_work);   /* queued work may still use it: its next owner queues after */
  return st;
}

extern "C" gm_status gm_dot_mixed_host (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len,
                                        int64_t post, const void *h_x, const void *h_y,
                                        void *h_out)
{
  gm_class out_cls;
  gm_status st = mixed_check (x_cls, y_cls, pre, len, post, &out_cls);
  if (st != GM_OK)
    return st;
  size_t count, bytes_x, bytes_y, bytes_out;
  if ((st = gm_mul_size3 ((size_t) pre, (size_t) len, (size_t) post, &count)) != GM_OK
      || (st = gm_mul_size (count, gm_class_size (x_cls), &bytes_x)) != GM_OK
      || (st = gm_mul_size (count, gm_class_size (y_cls), &bytes_y)) != GM_OK
      || (st = gm_mul_size3 ((size_t) pre, (size_t) post, gm_class_size (out_cls), &bytes_out))
             != GM_OK)
    return st;
  if (bytes_out == 0)
    return GM_OK;
  if (!h_out || (len > 0 && (!h_x || !h_y)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed_host: NULL host pointer");
  if (len == 0) {             /* the empty sum; 0.0 is all-zero bits in every result class */
    memset (h_out, 0, bytes_out);
    return GM_OK;
  }
  if ((st = gm_init ()) != GM_OK)
    return st;
  void *d_x = NULL, *d_y = NULL, *d_out = NULL;
  if ((st = gm_device_alloc (&d_x, bytes_x)) == GM_OK
      && (st = gm_device_alloc (&d_y, bytes_y)) == GM_OK
      && (st = gm_device_alloc (&d_out, bytes_out)) == GM_OK
      && (st = gm_copy_to_device (d_x, h_x, bytes_x)) == GM_OK
      && (st = gm_copy_to_device (d_y, h_y, bytes_y)) == GM_OK
      && (st = gm_dot_mixed_device (x_cls, y_cls, pre, len, post, d_x, d_y, d_out)) == GM_OK)
    st = gm_copy_to_host (h_out, d_out, bytes_out);
  gm_device_free (d_x);
  gm_device_free (d_y);
  gm_device_free (d_out);
  return st;
}
