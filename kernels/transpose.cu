/* transpose.cu: dst = srcᵀ on the device, and the mirror of a symmetric product's upper
 * triangle into its lower one.  The matrix products never need it (their loaders
 * read either layout); it materializes a lazily transposed gpumat array (G') when something
 * needs its data laid out: gather, dot, a copy.
 *
 * 32x32 tiles through shared memory padded to 33 columns: reads coalesced along src's
 * columns, writes coalesced along dst's, no bank conflicts either way.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat.h"

namespace {

/* blockDim (32, 8); blockIdx.x over 32-row tiles of src, blockIdx.y (grid-stride) over
 * 32-column tiles. */
template <typename T>
__global__ void __launch_bounds__ (256)
transpose_kernel (int64_t rows, int64_t cols, const T *__restrict__ src, int64_t ld_src,
                  T *__restrict__ dst, int64_t ld_dst)
{
  __shared__ T tile[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int64_t i0 = blockIdx.x * (int64_t) 32;
  for (int64_t j0 = blockIdx.y * (int64_t) 32; j0 < cols; j0 += gridDim.y * (int64_t) 32) {
#pragma unroll
    for (int r = 0; r < 32; r += 8) {
      const int64_t i = i0 + tx, j = j0 + ty + r;
      if (i < rows && j < cols)
        tile[ty + r][tx] = src[i + j * ld_src];
    }
    __syncthreads ();
#pragma unroll
    for (int r = 0; r < 32; r += 8) {
      const int64_t j = j0 + tx, i = i0 + ty + r;   /* dst(j, i) = src(i, j) */
      if (i < rows && j < cols)
        dst[j + i * ld_dst] = tile[tx][ty + r];
    }
    __syncthreads ();
  }
}

} /* namespace */

extern "C" gm_status gm_transpose (gm_class cls, int64_t rows, int64_t cols, const void *d_src,
                                   int64_t ld_src, void *d_dst, int64_t ld_dst,
                                   cudaStream_t stream)
{
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "transpose: unknown class %d", (int) cls);
  if (rows < 0 || cols < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "transpose: negative size");
  if (rows == 0 || cols == 0)
    return GM_OK;
  if (ld_src < rows || ld_dst < cols)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "transpose: leading dimensions too small");
  if (!d_src || !d_dst)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "transpose: null device pointer");
  const int64_t bx = (rows + 31) / 32, by = (cols + 31) / 32;
  if (bx > 2147483647)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "transpose: %lld rows", (long long) rows);
  const dim3 grid ((unsigned) bx, (unsigned) (by < 65535 ? by : 65535));
  if (cls == GM_DOUBLE)
    transpose_kernel<double><<<grid, dim3 (32, 8), 0, stream>>> (
        rows, cols, (const double *) d_src, ld_src, (double *) d_dst, ld_dst);
  else
    transpose_kernel<float><<<grid, dim3 (32, 8), 0, stream>>> (
        rows, cols, (const float *) d_src, ld_src, (float *) d_dst, ld_dst);
  return gm_cuda_status (cudaGetLastError (), "transpose: launch");
}

namespace {

/* C(j, i) = C(i, j) for i < j: a 32x32 tile of the upper triangle read coalesced along its
 * columns, written transposed into the lower one through shared memory (as transpose_kernel);
 * blockIdx.x >= blockIdx.y only, the diagonal tiles mirroring themselves. */
template <typename T>
__global__ void __launch_bounds__ (256)
mirror_kernel (int64_t n, T *C, int64_t ldc)
{
  __shared__ T tile[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int64_t bi = blockIdx.y, bj = blockIdx.x;   /* source tile (rows bi, columns bj) */
  if (bi > bj)
    return;
  const int64_t i0 = bi * 32, j0 = bj * 32;
#pragma unroll
  for (int r = 0; r < 32; r += 8) {
    const int64_t i = i0 + tx, j = j0 + ty + r;
    if (i < n && j < n)
      tile[ty + r][tx] = C[i + j * ldc];
  }
  __syncthreads ();
#pragma unroll
  for (int r = 0; r < 32; r += 8) {
    const int64_t j = j0 + tx, i = i0 + ty + r;   /* C(j, i) = C(i, j), strictly below */
    if (i < n && j < n && j > i)
      C[j + i * ldc] = tile[tx][ty + r];
  }
}

} /* namespace */

extern "C" gm_status gm_mirror_upper (gm_class cls, int64_t n, void *d_C, int64_t ldc,
                                      cudaStream_t stream)
{
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "mirror: unknown class %d", (int) cls);
  if (n < 0 || ldc < n)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "mirror: bad size or leading dimension");
  if (n < 2)
    return GM_OK;
  const int64_t tiles = (n + 31) / 32;
  if (tiles > 65535)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "mirror: %lld rows", (long long) n);
  const dim3 grid ((unsigned) tiles, (unsigned) tiles);
  if (cls == GM_DOUBLE)
    mirror_kernel<double><<<grid, dim3 (32, 8), 0, stream>>> (n, (double *) d_C, ldc);
  else
    mirror_kernel<float><<<grid, dim3 (32, 8), 0, stream>>> (n, (float *) d_C, ldc);
  return gm_cuda_status (cudaGetLastError (), "mirror: launch");
}
