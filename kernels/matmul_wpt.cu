/* matmul_wpt.cu: the work-per-thread family: a 2-D block tile, a 2-D register tile a thread.
 *
 * Versions (TFLOP/s at N = 4096 on an H200, single / double):
 *   1-D WPT   SGEMM_CUDA kernel 4 (8 outputs a thread along one dimension): 20.8 / 10.9
 *             (issue 2).
 *   wpt       2-D block tile (single 128x128x16, double 128x64x8) and 2-D register tile
 *             (8x8, 8x4): each shared-memory value feeds 8 products; 16-byte global loads
 *             where ld and alignment allow (scalar fallback), 16-byte shared loads, the next
 *             tile prefetched into registers while the current one is computed: 35.5 / 14.8.
 *   ops       (issue 10) both tiles live in shared memory as Xs[p][x] (x = i for A, j for B),
 *             whatever the layout in global memory: an MN-major operand (A, or Bᵀ) comes in
 *             16-byte loads along x and is stored straight, a K-major one (B, or Aᵀ) in 16-byte
 *             loads along p and is stored transposed (consecutive threads on consecutive x, so
 *             the scalar stores are conflict-free).  One loader (WptOperand) for both operands.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "matmul_internal.cuh"

namespace gm_matmul_detail {
namespace {

/* One operand's BK-deep tile of ROWS along x: loaded into registers (16-byte loads where
 * `vec`), then stored into Xs[p][x] (pitch ROWS). */
template <typename T, int ROWS, int BK, int THREADS, bool KMAJ> struct WptOperand {
  static constexpr int V = 16 / sizeof (T), L = ROWS * BK / V / THREADS;
  static_assert (L * V * THREADS == ROWS * BK && BK % V == 0, "tile/threads");
  Pack<T> r[L];

  __device__ __forceinline__ void load (const T *X, int64_t ld, int64_t rows, int64_t k,
                                        int64_t x0, int64_t p0, bool vec)
  {
    const int t = threadIdx.x;
#pragma unroll
    for (int l = 0; l < L; l++) {
      const int idx = t + l * THREADS;
      if constexpr (!KMAJ) {
        const int64_t gx = x0 + (idx % (ROWS / V)) * V, gp = p0 + idx / (ROWS / V);
        if (vec && gx + V <= rows && gp < k) {
          r[l] = *reinterpret_cast<const Pack<T> *> (X + gx + gp * ld);
        } else {
#pragma unroll
          for (int e = 0; e < V; e++)
            r[l].v[e] = (gx + e < rows && gp < k) ? X[gx + e + gp * ld] : T (0);
        }
      } else {
        const int64_t gx = x0 + idx % ROWS, gp = p0 + (idx / ROWS) * V;
        if (vec && gx < rows && gp + V <= k) {
          r[l] = *reinterpret_cast<const Pack<T> *> (X + gp + gx * ld);
        } else {
#pragma unroll
          for (int e = 0; e < V; e++)
            r[l].v[e] = (gx < rows && gp + e < k) ? X[gp + e + gx * ld] : T (0);
        }
      }
    }
  }

  __device__ __forceinline__ void store (T *Xs) const
  {
    const int t = threadIdx.x;
#pragma unroll
    for (int l = 0; l < L; l++) {
      const int idx = t + l * THREADS;
      if constexpr (!KMAJ) {
        *reinterpret_cast<Pack<T> *> (&Xs[(idx / (ROWS / V)) * ROWS + (idx % (ROWS / V)) * V]) = r[l];
      } else {
#pragma unroll
        for (int e = 0; e < V; e++)
          Xs[((idx / ROWS) * V + e) * ROWS + idx % ROWS] = r[l].v[e];
      }
    }
  }
};

/* THREADS = (BM/TM) * (BN/TN) threads (256 in both configurations).  Thread (tx, ty) owns
 * rows i = g*(BM*V/TM) + tx*V + e and columns j = h*(BN*V/TN) + ty*V + e of the block tile,
 * in groups of V, so its shared reads are 16-byte and a warp's are consecutive (As) or
 * broadcast (Bs): conflict-free. */
template <typename T, int BM, int BN, int BK, int TM, int TN, bool KA, bool KB>
__global__ void __launch_bounds__ ((BM / TM) * (BN / TN))
matmul_wpt_kernel (Gemm<T> g, bool vec_a, bool vec_b, bool vec_c)
{
  constexpr int V = 16 / sizeof (T);
  constexpr int THREADS = (BM / TM) * (BN / TN);
  static_assert (TM % V == 0 && TN % V == 0, "register tile in 16-byte groups");
  __shared__ __align__ (16) T As[BK][BM];
  __shared__ __align__ (16) T Bs[BK][BN];

  const int64_t ti = enter_block<KA, KB> (g);
  const int t = threadIdx.x;
  const int tx = t % (BM / TM), ty = t / (BM / TM);
  const int64_t i0 = ti * BM, j0 = blockIdx.y * (int64_t) BN;
  const int64_t m = g.m, n = g.n, k = g.k;

  WptOperand<T, BM, BK, THREADS, KA> la;
  WptOperand<T, BN, BK, THREADS, KB> lb;

  T acc[TM][TN];
#pragma unroll
  for (int a = 0; a < TM; a++)
#pragma unroll
    for (int b = 0; b < TN; b++)
      acc[a][b] = 0;

  la.load (g.A, g.lda, m, k, i0, 0, vec_a);
  lb.load (g.B, g.ldb, n, k, j0, 0, vec_b);
  for (int64_t p0 = 0; p0 < k; p0 += BK) {
    la.store (&As[0][0]);
    lb.store (&Bs[0][0]);
    __syncthreads ();
    if (p0 + BK < k) {
      la.load (g.A, g.lda, m, k, i0, p0 + BK, vec_a);
      lb.load (g.B, g.ldb, n, k, j0, p0 + BK, vec_b);
    }
#pragma unroll
    for (int p = 0; p < BK; p++) {
      Pack<T> a[TM / V], b[TN / V];
#pragma unroll
      for (int s = 0; s < TM / V; s++)
        a[s] = *reinterpret_cast<const Pack<T> *> (&As[p][s * (BM * V / TM) + tx * V]);
#pragma unroll
      for (int h = 0; h < TN / V; h++)
        b[h] = *reinterpret_cast<const Pack<T> *> (&Bs[p][h * (BN * V / TN) + ty * V]);
#pragma unroll
      for (int x = 0; x < TM; x++)
#pragma unroll
        for (int y = 0; y < TN; y++)
          acc[x][y] = fma (a[x / V].v[x % V], b[y / V].v[y % V], acc[x][y]);
    }
    __syncthreads ();
  }

#pragma unroll
  for (int y = 0; y < TN; y++) {
    const int64_t j = j0 + (y / V) * (BN * V / TN) + ty * V + y % V;
    if (j >= n)
      continue;
#pragma unroll
    for (int s = 0; s < TM / V; s++) {
      const int64_t i = i0 + s * (BM * V / TM) + tx * V;
      store_rows (g.C + i + j * g.ldc, m - i, vec_c, [&] (int e) { return acc[s * V + e][y]; });
    }
  }
}

/* Single: 128x128x16, 8x8 per thread (the SGEMM_CUDA kernel-5 shape).  Double: 128x64x8,
 * 8x4 per thread, which keeps the accumulators at 64 registers and the block at 256 threads. */
template <typename T> gm_status launch (const MatmulArgs &a)
{
  constexpr bool S = sizeof (T) == 4;
  constexpr int BM = 128, BN = S ? 128 : 64, BK = S ? 16 : 8, TM = 8, TN = S ? 8 : 4;
  const bool va = vec_ok (a.A, a.lda, a.sa, sizeof (T)), vb = vec_ok (a.B, a.ldb, a.sb, sizeof (T));
  const bool vc = vec_ok (a.C, a.ldc, a.sc, sizeof (T));
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    return for_each_launch<T> (a, BM, BN, 1, a.k, 0, "matmul wpt", [&] (const Gemm<T> &g,
                                                                         dim3 grid) {
      matmul_wpt_kernel<T, BM, BN, BK, TM, TN, KA, KB>
          <<<grid, (BM / TM) * (BN / TN), 0, a.stream>>> (g, va, vb, vc);
    });
  });
}

} /* namespace */

gm_status matmul_wpt (const MatmulArgs &a, gm_class cls)
{
  return cls == GM_DOUBLE ? launch<double> (a) : launch<float> (a);
}

} /* namespace gm_matmul_detail */
