/* transpose.cu: dst = op(src) on the device (transpose, conjugate transpose, copy; any class),
 * and the mirror of a symmetric product's upper
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

/* Elements are moved as bits of their size; complex elements as a pair, so that the conjugate
 * transpose can negate the imaginary part on the way. */
struct alignas (16) pair64 { double re, im; };
struct alignas (8) pair32 { float re, im; };
template <typename T> __device__ __forceinline__ T conjugated (T x) { return x; }
/* The sign bit flipped as an integer, as std::conj (and so Octave) does for any value: `-x.im`
 * is PTX neg, whose result for a NaN input PTX leaves unspecified, and on the H100 it was not the
 * flipped bits (test_mirrors on random bits: 1-2 of 4950 doubles wrong, 18 singles, about the
 * share of NaN patterns, 2^-11 and 2^-8). */
template <> __device__ __forceinline__ pair64 conjugated (pair64 x)
{
  return {x.re, __longlong_as_double (__double_as_longlong (x.im) ^ (1ll << 63))};
}
template <> __device__ __forceinline__ pair32 conjugated (pair32 x)
{
  return {x.re, __int_as_float (__float_as_int (x.im) ^ (int) 0x80000000u)};
}

/* blockDim (32, 8); blockIdx.x over 32-row tiles of src, blockIdx.y (grid-stride) over
 * 32-column tiles.  TRANS false copies (op none), CONJ conjugates. */
template <typename T, bool TRANS, bool CONJ>
__global__ void __launch_bounds__ (256)
transpose_kernel (int64_t rows, int64_t cols, const T *__restrict__ src, int64_t ld_src,
                  T *__restrict__ dst, int64_t ld_dst)
{
  __shared__ T tile[32][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int64_t i0 = blockIdx.x * (int64_t) 32;
  for (int64_t j0 = blockIdx.y * (int64_t) 32; j0 < cols; j0 += gridDim.y * (int64_t) 32) {
    if constexpr (!TRANS) {
#pragma unroll
      for (int r = 0; r < 32; r += 8) {
        const int64_t i = i0 + tx, j = j0 + ty + r;
        if (i < rows && j < cols)
          dst[i + j * ld_dst] = CONJ ? conjugated (src[i + j * ld_src]) : src[i + j * ld_src];
      }
    } else {
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
        dst[j + i * ld_dst] = CONJ ? conjugated (tile[tx][ty + r]) : tile[tx][ty + r];
    }
    __syncthreads ();
    }
  }
}

template <typename T, bool TRANS, bool CONJ>
void launch_transpose (dim3 grid, int64_t rows, int64_t cols, const void *src, int64_t ld_src,
                       void *dst, int64_t ld_dst, cudaStream_t stream)
{
  transpose_kernel<T, TRANS, CONJ><<<grid, dim3 (32, 8), 0, stream>>> (
      rows, cols, (const T *) src, ld_src, (T *) dst, ld_dst);
}

} /* namespace */

extern "C" gm_status gm_transpose_op (gm_class cls, gm_op op, int64_t rows, int64_t cols,
                                      const void *d_src, int64_t ld_src, void *d_dst,
                                      int64_t ld_dst, cudaStream_t stream)
{
  if (!gm_class_valid (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "transpose: unknown class %d", (int) cls);
  if (!gm_op_name (op))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "transpose: unknown operation %d", (int) op);
  if (rows < 0 || cols < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "transpose: negative size");
  if (rows == 0 || cols == 0)
    return GM_OK;
  const bool trans = op != GM_OP_NONE;
  const bool conj = op == GM_OP_CTRANSPOSE && gm_class_is_complex (cls);
  if (ld_src < rows || ld_dst < (trans ? cols : rows))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "transpose: leading dimensions too small");
  if (!d_src || !d_dst)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "transpose: null device pointer");
  const int64_t bx = (rows + 31) / 32, by = (cols + 31) / 32;
  if (bx > 2147483647)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "transpose: %lld rows", (long long) rows);
  const dim3 grid ((unsigned) bx, (unsigned) (by < 65535 ? by : 65535));
  if (cls == GM_COMPLEX_DOUBLE)
    (conj ? launch_transpose<pair64, true, true>
          : trans ? launch_transpose<pair64, true, false>
                  : launch_transpose<pair64, false, false>) (grid, rows, cols, d_src, ld_src,
                                                             d_dst, ld_dst, stream);
  else if (cls == GM_COMPLEX_SINGLE)
    (conj ? launch_transpose<pair32, true, true>
          : trans ? launch_transpose<pair32, true, false>
                  : launch_transpose<pair32, false, false>) (grid, rows, cols, d_src, ld_src,
                                                             d_dst, ld_dst, stream);
  else {
    void (*f) (dim3, int64_t, int64_t, const void *, int64_t, void *, int64_t, cudaStream_t);
    switch (gm_class_size (cls)) {
    case 8: f = trans ? launch_transpose<uint64_t, true, false>
                      : launch_transpose<uint64_t, false, false>; break;
    case 4: f = trans ? launch_transpose<uint32_t, true, false>
                      : launch_transpose<uint32_t, false, false>; break;
    case 2: f = trans ? launch_transpose<uint16_t, true, false>
                      : launch_transpose<uint16_t, false, false>; break;
    default: f = trans ? launch_transpose<uint8_t, true, false>
                       : launch_transpose<uint8_t, false, false>; break;
    }
    f (grid, rows, cols, d_src, ld_src, d_dst, ld_dst, stream);
  }
  return gm_cuda_status (cudaGetLastError (), "transpose: launch");
}

extern "C" gm_status gm_transpose (gm_class cls, int64_t rows, int64_t cols, const void *d_src,
                                   int64_t ld_src, void *d_dst, int64_t ld_dst,
                                   cudaStream_t stream)
{
  return gm_transpose_op (cls, GM_OP_TRANSPOSE, rows, cols, d_src, ld_src, d_dst, ld_dst, stream);
}

namespace {

/* C(j, i) = C(i, j) for i < j (conjugated for CONJ, whose diagonal also gets a zero imaginary
 * part): a 32x32 tile of the upper triangle read coalesced along its columns, written
 * transposed into the lower one through shared memory (as transpose_kernel); blockIdx.x >=
 * blockIdx.y only, the diagonal tiles mirroring themselves. */
template <typename T, bool CONJ>
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
      C[j + i * ldc] = CONJ ? conjugated (tile[tx][ty + r]) : tile[tx][ty + r];
    if constexpr (CONJ) {
      if (i < n && j == i) {   /* a Hermitian matrix has a real diagonal */
        T d = tile[tx][ty + r];
        d.im = 0;
        C[i + i * ldc] = d;
      }
    }
  }
}

template <typename T, bool CONJ>
void launch_mirror (dim3 grid, int64_t n, void *C, int64_t ldc, cudaStream_t stream)
{
  mirror_kernel<T, CONJ><<<grid, dim3 (32, 8), 0, stream>>> (n, (T *) C, ldc);
}

} /* namespace */

extern "C" gm_status gm_mirror_upper_op (gm_class cls, gm_op op, int64_t n, void *d_C,
                                         int64_t ldc, cudaStream_t stream)
{
  if (!gm_class_valid (cls) || gm_class_is_integer (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "mirror: class %s", gm_class_name (cls));
  if (!gm_op_name (op))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "mirror: unknown operation %d", (int) op);
  if (n < 0 || ldc < n)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "mirror: bad size or leading dimension");
  const bool herm = op == GM_OP_CTRANSPOSE && gm_class_is_complex (cls);
  if (n < (herm ? 1 : 2))
    return GM_OK;
  const int64_t tiles = (n + 31) / 32;
  if (tiles > 65535)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "mirror: %lld rows", (long long) n);
  const dim3 grid ((unsigned) tiles, (unsigned) tiles);
  switch (cls) {
  case GM_DOUBLE: launch_mirror<double, false> (grid, n, d_C, ldc, stream); break;
  case GM_SINGLE: launch_mirror<float, false> (grid, n, d_C, ldc, stream); break;
  case GM_COMPLEX_DOUBLE:
    (herm ? launch_mirror<pair64, true> : launch_mirror<pair64, false>) (grid, n, d_C, ldc, stream);
    break;
  default:
    (herm ? launch_mirror<pair32, true> : launch_mirror<pair32, false>) (grid, n, d_C, ldc, stream);
    break;
  }
  return gm_cuda_status (cudaGetLastError (), "mirror: launch");
}

extern "C" gm_status gm_mirror_upper (gm_class cls, int64_t n, void *d_C, int64_t ldc,
                                      cudaStream_t stream)
{
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "mirror: unknown class %d", (int) cls);
  return gm_mirror_upper_op (cls, GM_OP_TRANSPOSE, n, d_C, ldc, stream);
}
