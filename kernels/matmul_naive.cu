/* matmul_naive.cu: the naive family: one thread per element of C.
 *
 * Versions (TFLOP/s at N = 4096 on an H200, single / double, cuBLAS 49.7 / 47.9):
 *   textbook  one thread per element, two scalar loads per product: 5.3 / 4.0 (issue 2).
 *   vec_b     B(p..p+V-1, j) as one 16-byte load where ldb and B allow: one B load per 4
 *             (single) or 2 (double) products instead of one per product; A loads unrolled
 *             (4 single, 16 double) for more loads in flight: 5.47 / 4.02.
 *   ops       (issue 10) any layout of either operand: a K-major operand (B, or Aᵀ) comes in
 *             16-byte runs along p, an MN-major one (A, or Bᵀ) element by element; pages on
 *             the grid (blockIdx.x = page * tiles + tile).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "matmul_internal.cuh"

namespace gm_matmul_detail {
namespace {

/* V consecutive p of one operand row x: one 16-byte load when the operand is K-major and VEC
 * (16-byte aligned), else V loads. */
template <typename T, bool KMAJ, bool VEC>
__device__ __forceinline__ Pack<T> fetch_run (const T *x, int64_t p, int64_t ld)
{
  constexpr int V = 16 / sizeof (T);
  if constexpr (KMAJ && VEC) {
    return *reinterpret_cast<const Pack<T> *> (x + p);
  } else {
    Pack<T> r;
#pragma unroll
    for (int q = 0; q < V; q++)
      r.v[q] = x[KMAJ ? p + q : (p + q) * ld];
    return r;
  }
}

template <typename T, bool KA, bool KB, bool VA, bool VB>
__device__ __forceinline__ T naive_dot (const T *a, int64_t lda, const T *b, int64_t ldb, int64_t k)
{
  constexpr int V = 16 / sizeof (T);
  /* More loads in flight per thread: unroll 4 took double from 2.80 to 3.85 TFLOP/s at
     N = 4096 (H200).  Double went 3.76 -> 3.74 -> 4.02 TFLOP/s for unroll 4, 8, 16, while
     single was best at 4 (5.47; 5.26 at 16). */
  constexpr int UNROLL = sizeof (T) == 8 ? 16 : 4;
  T acc = 0;
  int64_t p = 0;
#pragma unroll UNROLL
  for (; p + V <= k; p += V) {
    const Pack<T> av = fetch_run<T, KA, VA> (a, p, lda), bv = fetch_run<T, KB, VB> (b, p, ldb);
#pragma unroll
    for (int q = 0; q < V; q++)
      acc = fma (av.v[q], bv.v[q], acc);
  }
  for (; p < k; p++)
    acc = fma (a[KA ? p : p * lda], b[KB ? p : p * ldb], acc);
  return acc;
}

/* blockDim (32, 8): threadIdx.x along i (contiguous in C, and in an MN-major A: coalesced),
 * threadIdx.y along j (a K-major B's loads are one broadcast address per warp).  vec_a /
 * vec_b: that operand is K-major and its 16-byte runs along p are aligned. */
template <typename T, bool KA, bool KB>
__global__ void __launch_bounds__ (256)
matmul_naive_kernel (Gemm<T> g, bool vec_a, bool vec_b)
{
  const int64_t ti = enter_block<KA, KB> (g);
  const int64_t i = ti * 32 + threadIdx.x;
  const int64_t j = blockIdx.y * (int64_t) blockDim.y + threadIdx.y;
  if (i >= g.m || j >= g.n)
    return;
  const T *a = g.A + (KA ? i * g.lda : i), *b = g.B + (KB ? j * g.ldb : j);
  T acc;
  if (vec_a)
    acc = vec_b ? naive_dot<T, KA, KB, true, true> (a, g.lda, b, g.ldb, g.k)
                : naive_dot<T, KA, KB, true, false> (a, g.lda, b, g.ldb, g.k);
  else
    acc = vec_b ? naive_dot<T, KA, KB, false, true> (a, g.lda, b, g.ldb, g.k)
                : naive_dot<T, KA, KB, false, false> (a, g.lda, b, g.ldb, g.k);
  g.C[i + j * g.ldc] = acc;
}

/* 32x8 threads.  32x32 (A read from L2 4 times less) measured slower on an H200 at N = 4096:
 * single 5.26 against 5.65, double 2.64 against 2.80. */
template <typename T> gm_status launch (const MatmulArgs &a)
{
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    const bool va = KA && vec_ok (a.A, a.lda, a.sa, sizeof (T));
    const bool vb = KB && vec_ok (a.B, a.ldb, a.sb, sizeof (T));
    return for_each_launch<T> (a, 32, 8, 1, a.k, 0, "matmul naive", [&] (const Gemm<T> &g,
                                                                          dim3 grid) {
      matmul_naive_kernel<T, KA, KB><<<grid, dim3 (32, 8), 0, a.stream>>> (g, va, vb);
    });
  });
}

} /* namespace */

gm_status matmul_naive (const MatmulArgs &a, gm_class cls)
{
  return cls == GM_DOUBLE ? launch<double> (a) : launch<float> (a);
}

} /* namespace gm_matmul_detail */
