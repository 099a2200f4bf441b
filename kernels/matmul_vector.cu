/* matmul_vector.cu: real products with one side a vector, y = op(A) x (n = 1) or
 * y = x op(B) (m = 1): auto's choice for every such product.  The matrix is read once, in the
 * order it is stored, so the product runs at the memory's speed; a GEMM tile kernel spends
 * most of its tile on the missing columns (the 64-wide dmma tile is 1/64 used at n = 1).
 *
 * Both cases are one form, y(o) = sum over l of M(o, l) x(l), o < outs, l < k, page by page,
 * with M, x and y strided as they are stored:
 *   - rows:    one thread an output, unrolled 8 deep over l; coalesced where consecutive
 *              outputs are consecutive in memory (A x, x Bᵀ), and the choice for k < 32;
 *   - columns: one warp an output, the lanes along l (contiguous: Aᵀ x, x B), summed by a
 *              butterfly of shuffles.
 * Where the outputs cannot fill the GPU, k is cut into slices whose partial sums go to a
 * workspace and are then added in slice order (sum_slices), so the result is the same from
 * run to run, as every kernel here.  Accuracy: a plain sum of fma steps, |y - yref| <=
 * k eps (|M| |x|), the bound of every product; NaN and Inf as the sum says (0 * Inf = NaN).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "matmul_internal.cuh"

namespace gm_matmul_detail {
namespace {

constexpr int THREADS = 256, WARPS = THREADS / 32;
constexpr int UNROLL = 8;
/* A slice is at least this deep; products under this many multiply-adds are never split (the
   sum's launch would cost more than it saves). */
constexpr int64_t SLICE_MIN_K = 64;
constexpr double SPLIT_MIN_FMAS = 1 << 20;

/* y(o) = sum_l M(o, l) x(l) for pages page0 + blockIdx.z, k slice blockIdx.y:
   M(o, l) at M[o*mo + l*ml + page*sm], x(l) at x[l*xl + page*sx],
   y(o) at y[o*yo + page*sy + slice*sz]. */
template <typename T> struct VectorProduct {
  const T *M;
  int64_t mo, ml, sm;
  const T *x;
  int64_t xl, sx;
  T *y;
  int64_t yo, sy, sz;
  int64_t outs, k, k_slice, page0;
};

template <typename T>
__global__ void __launch_bounds__ (THREADS)
vector_rows_kernel (VectorProduct<T> v)
{
  const int64_t o = blockIdx.x * (int64_t) THREADS + threadIdx.x;
  if (o >= v.outs)
    return;
  const int64_t page = v.page0 + blockIdx.z, l0 = blockIdx.y * v.k_slice;
  const int64_t len = v.k - l0 < v.k_slice ? v.k - l0 : v.k_slice;
  const T *M = v.M + page * v.sm + o * v.mo + l0 * v.ml;
  const T *x = v.x + page * v.sx + l0 * v.xl;
  T acc = 0;
  int64_t l = 0;
  for (; l + UNROLL <= len; l += UNROLL) {
    T m[UNROLL], xv[UNROLL];
#pragma unroll
    for (int q = 0; q < UNROLL; q++) {
      m[q] = M[(l + q) * v.ml];
      xv[q] = __ldg (x + (l + q) * v.xl);
    }
#pragma unroll
    for (int q = 0; q < UNROLL; q++)
      acc = fma (m[q], xv[q], acc);
  }
  for (; l < len; l++)
    acc = fma (M[l * v.ml], __ldg (x + l * v.xl), acc);
  v.y[o * v.yo + page * v.sy + blockIdx.y * v.sz] = acc;
}

/* ml == 1: lane t takes l = t, t + 32, ...; 4 loads in flight a lane. */
template <typename T>
__global__ void __launch_bounds__ (THREADS)
vector_columns_kernel (VectorProduct<T> v)
{
  const int lane = threadIdx.x % 32;
  const int64_t o = blockIdx.x * (int64_t) WARPS + threadIdx.x / 32;
  if (o >= v.outs)   /* the whole warp: o is the warp's */
    return;
  const int64_t page = v.page0 + blockIdx.z, l0 = blockIdx.y * v.k_slice;
  const int64_t len = v.k - l0 < v.k_slice ? v.k - l0 : v.k_slice;
  const T *M = v.M + page * v.sm + o * v.mo + l0;
  const T *x = v.x + page * v.sx + l0 * v.xl;
  T acc = 0;
  int64_t l = lane;
  for (; l + 3 * 32 < len; l += 4 * 32) {
    T m[4], xv[4];
#pragma unroll
    for (int q = 0; q < 4; q++) {
      m[q] = M[l + q * 32];
      xv[q] = __ldg (x + (l + q * 32) * v.xl);
    }
#pragma unroll
    for (int q = 0; q < 4; q++)
      acc = fma (m[q], xv[q], acc);
  }
  for (; l < len; l += 32)
    acc = fma (M[l], __ldg (x + l * v.xl), acc);
#pragma unroll
  for (int d = 16; d > 0; d /= 2)
    acc += __shfl_xor_sync (0xffffffffu, acc, d);
  if (lane == 0)
    v.y[o * v.yo + page * v.sy + blockIdx.y * v.sz] = acc;
}

/* One launch per 65535 pages (gridDim.z's limit). */
template <typename T>
gm_status launch_slices (VectorProduct<T> v, int64_t pages, int slices, bool columns,
                         cudaStream_t stream)
{
  const int64_t per_block = columns ? WARPS : THREADS;
  const unsigned blocks = (unsigned) ceil_div (v.outs, per_block);
  for (int64_t p0 = 0; p0 < pages; p0 += 65535) {
    v.page0 = p0;
    const dim3 grid (blocks, (unsigned) slices, (unsigned) (pages - p0 < 65535 ? pages - p0 : 65535));
    if (columns)
      vector_columns_kernel<T><<<grid, THREADS, 0, stream>>> (v);
    else
      vector_rows_kernel<T><<<grid, THREADS, 0, stream>>> (v);
    const cudaError_t err = cudaGetLastError ();
    if (err != cudaSuccess)
      return gm_cuda_status (err, "matmul vector");
  }
  return GM_OK;
}

template <typename T> gm_status launch (const MatmulArgs &a, const DeviceInfo &dev)
{
  if (a.ct || (a.m != 1 && a.n != 1))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul vector: internal error (%lld x %lld%s)",
                    (long long) a.m, (long long) a.n, a.ct ? ", C transposed" : "");
  VectorProduct<T> v = {};
  if (a.n == 1) { /* y = op(A) x: A(o, l) stored at o + l*lda, or at l + o*lda for Aᵀ */
    v.M = (const T *) a.A;
    v.mo = a.ka ? a.lda : 1;
    v.ml = a.ka ? 1 : a.lda;
    v.sm = a.sa;
    v.x = (const T *) a.B;
    v.xl = a.kb ? 1 : a.ldb;
    v.sx = a.sb;
    v.outs = a.m;
    v.yo = 1;
  } else {        /* y = x op(B): B(l, o) stored at l + o*ldb, or at o + l*ldb for Bᵀ */
    v.M = (const T *) a.B;
    v.mo = a.kb ? a.ldb : 1;
    v.ml = a.kb ? 1 : a.ldb;
    v.sm = a.sb;
    v.x = (const T *) a.A;
    v.xl = a.ka ? 1 : a.lda;
    v.sx = a.sa;
    v.outs = a.n;
    v.yo = a.ldc;
  }
  v.k = a.k;
  const bool columns = v.ml == 1 && a.k >= 32;
  /* slices: enough blocks for two waves of 8 blocks an SM, none shallower than SLICE_MIN_K,
     the partials within split-K's workspace cap */
  const int64_t blocks = ceil_div (v.outs, columns ? (int64_t) WARPS : (int64_t) THREADS) * a.batch;
  const int64_t want = 2 * 8 * (int64_t) dev.sms;
  int64_t slices = 1;
  if ((double) v.outs * (double) a.k * (double) a.batch >= SPLIT_MIN_FMAS && blocks < want) {
    slices = ceil_div (want, blocks);
    const int64_t most = a.k / SLICE_MIN_K;
    slices = slices < most ? slices : most;
    slices = slices < SPLIT_MAX_SLICES ? slices : SPLIT_MAX_SLICES;
    while (slices > 1 && (double) slices * v.outs * a.batch * sizeof (T) > SPLIT_MAX_BYTES)
      slices--;
  }
  int64_t k_slice = a.k;
  if (slices > 1) {
    k_slice = ceil_div (ceil_div (a.k, slices), 32) * 32;
    slices = ceil_div (a.k, k_slice);
  }
  Workspace ws (a.stream);
  T *partial = slices > 1 ? (T *) ws.scratch ((size_t) slices * v.outs * a.batch * sizeof (T))
                          : NULL;
  if (!partial) { /* unsplit, straight into C */
    v.y = (T *) a.C;
    v.sy = a.sc;
    v.sz = 0;
    v.k_slice = a.k;
    return launch_slices<T> (v, a.batch, 1, columns, a.stream);
  }
  /* partials in sum_slices' order: output o of page b at o + b*outs, slices back to back */
  v.y = partial;
  v.yo = 1;
  v.sy = v.outs;
  v.sz = v.outs * a.batch;
  v.k_slice = k_slice;
  gm_status st = launch_slices<T> (v, a.batch, (int) slices, columns, a.stream);
  return st != GM_OK ? st : sum_slices<T> (a, (int) slices, partial);
}

} /* namespace */

gm_status matmul_vector (const MatmulArgs &a, gm_class cls, const DeviceInfo &dev)
{
  return cls == GM_DOUBLE ? launch<double> (a, dev) : launch<float> (a, dev);
}

} /* namespace gm_matmul_detail */
