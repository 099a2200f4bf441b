/* matmul_tiled.cu: the tiled family: 32x32 tiles of A and B staged in shared memory.
 *
 * Versions (TFLOP/s at N = 4096 on an H200, single / double):
 *   textbook  cuda-samples matrixMul: one output a thread, multiples of the tile only:
 *             9.1 / 4.8 (issue 2).
 *   tiled     any size (zero-filled edge loads, guarded stores), 4 outputs a thread (32x8
 *             threads), B read from shared memory as 16-byte vectors along p: 16.8 / 9.19.
 *   ops       (issue 10) either layout of either operand: each tile is loaded with
 *             consecutive threads on the operand's contiguous index (coalesced), and stored
 *             into As[p][i] / Bs[j][p] straight or transposed; As is padded to 33 columns so
 *             that transposed stores do not all hit one bank.  Pages on the grid: a batch of
 *             32x32 pages is one block each.
 *   Tried for 10^4 pages of 32x32x32 double (issue 10: 79.4-80.9% of gemmStridedBatched on an
 *   H200 over three runs, 88% on an H100) and dropped; ms, this version's in the same run
 *   (bench/NOTES-matmul.md, "Pages of 32x32"):
 *     rb    64 threads of 4x4 outputs, a quarter of the shared-memory reads.  H100: double
 *           0.119 against 0.105, single 0.092 against 0.063; slower at 1024^3 and 4096^3.
 *     pipe  a persistent grid walking tiles and k-tiles, the next tile's cp.async copies in
 *           flight during the arithmetic.  H100: double 0.100 against 0.105, single 0.077
 *           against 0.063, 4096^3 double 8.55 against 9.27 TFLOP/s; H200: double 0.101
 *           against 0.097-0.098 (78.3-78.5% of gemmStridedBatched against 80.5-80.9%).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "matmul_internal.cuh"

namespace gm_matmul_detail {
namespace {

/* blockDim (32, 8); a 32x32 tile of C per block, 4 elements per thread (j = ty + 8r).  The
 * inner loop reads As[p][tx] (32 consecutive words) and Bs[j][p..p+V-1] (one broadcast
 * 16-byte read): Bs keeps rows of whole 16-byte groups (pitch 32 + V). */
template <typename T, bool KA, bool KB>
__global__ void __launch_bounds__ (256)
matmul_tiled_kernel (Gemm<T> g)
{
  constexpr int TILE = 32, V = 16 / sizeof (T);
  __shared__ __align__ (16) T As[TILE][TILE + 1];
  __shared__ __align__ (16) T Bs[TILE][TILE + V];
  const int64_t ti = enter_block<KA, KB> (g);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int64_t i0 = ti * TILE, j0 = blockIdx.y * (int64_t) TILE;
  const int64_t m = g.m, n = g.n, k = g.k;
  T acc[4] = {0, 0, 0, 0};
  for (int64_t p0 = 0; p0 < k; p0 += TILE) {
#pragma unroll
    for (int r = 0; r < 4; r++) {
      const int row = ty + 8 * r;
      if constexpr (!KA) /* A(i, p) at A[i + p*lda]: tx along i */
        As[row][tx] = (i0 + tx < m && p0 + row < k) ? g.A[(i0 + tx) + (p0 + row) * g.lda] : T (0);
      else               /* A(i, p) at A[p + i*lda]: tx along p */
        As[tx][row] = (i0 + row < m && p0 + tx < k) ? g.A[(p0 + tx) + (i0 + row) * g.lda] : T (0);
      if constexpr (KB)  /* B(p, j) at B[p + j*ldb]: tx along p */
        Bs[row][tx] = (j0 + row < n && p0 + tx < k) ? g.B[(p0 + tx) + (j0 + row) * g.ldb] : T (0);
      else               /* B(p, j) at B[j + p*ldb]: tx along j */
        Bs[tx][row] = (j0 + tx < n && p0 + row < k) ? g.B[(j0 + tx) + (p0 + row) * g.ldb] : T (0);
    }
    __syncthreads ();
#pragma unroll
    for (int p = 0; p < TILE; p += V) {
      Pack<T> b[4];
#pragma unroll
      for (int r = 0; r < 4; r++)
        b[r] = *reinterpret_cast<const Pack<T> *> (&Bs[ty + 8 * r][p]);
#pragma unroll
      for (int q = 0; q < V; q++) {
        const T a = As[p + q][tx];
#pragma unroll
        for (int r = 0; r < 4; r++)
          acc[r] = fma (a, b[r].v[q], acc[r]);
      }
    }
    __syncthreads ();
  }
  const int64_t i = i0 + tx;
  if (i < m) {
#pragma unroll
    for (int r = 0; r < 4; r++) {
      const int64_t j = j0 + ty + 8 * r;
      if (j < n)
        g.C[i + j * g.ldc] = acc[r];
    }
  }
}

template <typename T> gm_status launch (const MatmulArgs &a)
{
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    return for_each_launch<T> (a, 32, 32, 1, a.k, 0, "matmul tiled", [&] (const Gemm<T> &g,
                                                                           dim3 grid) {
      matmul_tiled_kernel<T, KA, KB><<<grid, dim3 (32, 8), 0, a.stream>>> (g);
    });
  });
}

} /* namespace */

gm_status matmul_tiled (const MatmulArgs &a, gm_class cls)
{
  return cls == GM_DOUBLE ? launch<double> (a) : launch<float> (a);
}

} /* namespace gm_matmul_detail */
