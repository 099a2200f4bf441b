/* mma_sync.cu: tf32x3 v1, the family's generic form (compute capability 8.0+): mma.sync
 * m16n8k8 tf32 in dmma's frame in single (matmul_internal.cuh's tiles and cp.async loader):
 * 128x128x32 block tile, 8 warps of 64x32, 3 stages (2 where a block cannot have 111 KB),
 * each fragment element split into hi and lo once as it is loaded from shared memory, hi*hi
 * into a zeroed temporary added to the main accumulator with FADD a k8 step, hi*lo and lo*hi
 * into a correction accumulator: within k eps S from k >= 22 (tf32.cuh, parts 1-6).  Runs
 * where v2 cannot (no sm_90a code or a device other than 9.0, k below v2's floor,
 * GPUMAT_TF32X3_VERSION=1).  H100: 30.5 / 32.1 TFLOP/s at 4096 / 8192 = 0.60-0.62x SGEMM
 * (bench/NOTES-matmul.md "3xTF32 v1").
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "tf32.cuh"

namespace gm_matmul_detail {

namespace {

/* The split of one fp32 value: hi and lo as TF32 bit patterns (low 13 bits zero). */
struct Split {
  uint32_t hi, lo;
};

__device__ __forceinline__ uint32_t to_tf32 (float x)
{
  uint32_t r = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm ("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
#endif
  return r;
}

/* Range of the tensor path: 0, NaN, Inf, or 2^-103 <= |x| < 2^61 (tf32.cuh). */
constexpr float TF32X3_TINY = 0x1p-103f, TF32X3_HUGE = 0x1p61f;

/* x = hi + lo (+ d, |d| <= eps |x|); *bad set when x is outside the tensor path's range. */
__device__ __forceinline__ Split split (float x, bool &bad)
{
  const float ax = fabsf (x);
  bad |= (ax < TF32X3_TINY && ax != 0.0f) || (ax >= TF32X3_HUGE && ax <= FLT_MAX);
  const uint32_t h = to_tf32 (x);
  const float r = x - __uint_as_float (h);   /* exact; NaN when x is Inf or NaN */
  const uint32_t l = to_tf32 (r);
  Split s;
  s.hi = x != x ? 0x7fc00000u : h;           /* a quiet NaN in the bits the MMA reads */
  s.lo = r != r ? 0u : l;                    /* Inf and NaN: lo = 0 */
  return s;
}

/* D = A*B + C, m16n8k8, TF32 inputs, FP32 accumulate.  Fragments (g = lane / 4, t = lane % 4):
 *   a[0] = A(g, t)  a[1] = A(g+8, t)  a[2] = A(g, t+4)  a[3] = A(g+8, t+4)
 *   b[0] = B(t, g)  b[1] = B(t+4, g)
 *   d[0] = D(g, 2t) d[1] = D(g, 2t+1) d[2] = D(g+8, 2t) d[3] = D(g+8, 2t+1)
 * (the f64 shape's layout: matmul_dmma.cu). */
__device__ __forceinline__ void mma_tf32 (float (&d)[4], const uint32_t (&a)[4],
                                          const uint32_t (&b)[2], const float (&c)[4])
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile ("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
                : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
                : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]),
                  "f"(c[0]), "f"(c[1]), "f"(c[2]), "f"(c[3]));
#endif
}

/* Launch contract: blockDim.x = 256, Cfg::SMEM bytes of dynamic shared memory, grid as
 * for_each_launch makes it (pages * tiles along i, tiles along j, k slices); g.k >= 1.
 * Layouts KA, KB: A K-major (op(A) = Aᵀ), B K-major (op(B) = B); not (KA && !KB). */
template <int BM, int BN, int BK, int WM, int WN, int STAGES, bool KA, bool KB, bool VEC>
__global__ void __launch_bounds__ (256, 1)
matmul_tf32x3_kernel (Gemm<float> g)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  /* sm_90a code runs only on compute capability 9.0 devices, which give v1 its three stages:
     the two-stage form is not built there (matmul_tf32x3 never launches it) */
  if constexpr (STAGES == 2) {
    __trap ();
    return;
  }
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const int64_t ti = enter_block<KA, KB> (g);
  using Cfg = Tf32Cfg<BM, BN, BK, WM, WN, STAGES, KA, KB>;
  static_assert (Cfg::THREADS == 256, "tf32x3 tile: 8 warps");
  using TileA = typename Cfg::TileA;
  using TileB = typename Cfg::TileB;
  constexpr int MT = Cfg::MT, NT = Cfg::NT;
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  float *smem = reinterpret_cast<float *> (smem_raw);

  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int wi = (warp % Cfg::WARPS_I) * WM, wj = (warp / Cfg::WARPS_I) * WN;
  const int gr = lane / 4, tg = lane % 4;
  const int64_t i0 = ti * BM, j0 = blockIdx.y * (int64_t) BN;
  const int64_t m = g.m, n = g.n, k = g.k;
  const int64_t KT = ceil_div (k, BK);

  auto load_stage = [&] (int stage, int64_t kt) {
    load_operand_tiles<float, BM, BN, BK, 256, KA, KB, VEC> (smem + stage * Cfg::STAGE, g, i0, j0,
                                                             kt);
  };

  float acc[MT][NT][4], cor[MT][NT][4];   /* main (hi*hi) and correction (hi*lo + lo*hi) */
  fill_acc (acc, 0.0f);
  fill_acc (cor, 0.0f);
  bool bad = false;   /* an input outside the tensor path's range was seen */

  /* The pipeline and the store written out, not through matmul_internal.cuh's mma_pipeline
     and a shared store: through them nvcc allocated this kernel's registers differently
     (sm_90: 230 -> 246 for some layouts, the spilling instance 80 -> 72 bytes), not yet
     measured on a GPU. */
#pragma unroll
  for (int s = 0; s < STAGES - 1; s++) {
    if (s < KT)
      load_stage (s, s);
    cp_async_commit ();
  }

  const float zero[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int64_t kt = 0; kt < KT; kt++) {
    cp_async_wait<STAGES - 2> ();
    __syncthreads ();   /* tile kt has landed for everyone; tile kt - 1's stage is free */
    const int64_t next = kt + STAGES - 1;
    if (next < KT)
      load_stage ((int) (next % STAGES), next);
    cp_async_commit ();

    const float *as = smem + (kt % STAGES) * Cfg::STAGE;
    const float *bs = as + TileA::SIZE;
#pragma unroll
    for (int kb = 0; kb < BK; kb += 8) {
      /* B fragments of the whole warp tile, split; then A one m16 slice at a time */
      uint32_t bh[NT][2], bl[NT][2];
#pragma unroll
      for (int y = 0; y < NT; y++) {
        const int j = wj + y * 8 + gr;
        const Split s0 = split (bs[TileB::at (j, kb + tg)], bad);
        const Split s1 = split (bs[TileB::at (j, kb + tg + 4)], bad);
        bh[y][0] = s0.hi; bl[y][0] = s0.lo;
        bh[y][1] = s1.hi; bl[y][1] = s1.lo;
      }
#pragma unroll
      for (int x = 0; x < MT; x++) {
        const int i = wi + x * 16 + gr;
        const Split s0 = split (as[TileA::at (i, kb + tg)], bad);
        const Split s1 = split (as[TileA::at (i + 8, kb + tg)], bad);
        const Split s2 = split (as[TileA::at (i, kb + tg + 4)], bad);
        const Split s3 = split (as[TileA::at (i + 8, kb + tg + 4)], bad);
        const uint32_t ah[4] = {s0.hi, s1.hi, s2.hi, s3.hi};
        const uint32_t al[4] = {s0.lo, s1.lo, s2.lo, s3.lo};
#pragma unroll
        for (int y = 0; y < NT; y++) {
          float big[4];
          mma_tf32 (big, ah, bh[y], zero);   /* 8 exact products, truncated once */
#pragma unroll
          for (int e = 0; e < 4; e++)
            acc[x][y][e] += big[e];          /* rounded to nearest */
          mma_tf32 (cor[x][y], ah, bl[y], cor[x][y]);
          mma_tf32 (cor[x][y], al, bh[y], cor[x][y]);
        }
      }
    }
  }
  cp_async_wait<0> ();

  /* main + correction, main alone where it is not finite */
#pragma unroll
  for (int x = 0; x < MT; x++)
#pragma unroll
    for (int y = 0; y < NT; y++)
#pragma unroll
      for (int e = 0; e < 4; e++) {
        const float main = acc[x][y][e], c = cor[x][y][e];
        const bool finite = fabsf (main) <= FLT_MAX;
        bad |= finite && !(fabsf (c) < 0x1p120f);
        acc[x][y][e] = finite ? main + c : main;
      }

  /* Inputs outside the range of the analysis anywhere in this block's tiles: the whole tile
     again by sequential FFMA from global memory (IEEE throughout; rare, so simple). */
  if (__syncthreads_or (bad)) {
    fill_acc (acc, 0.0f);
    for (int64_t p = 0; p < k; p++) {
      float av[MT][2], bv[NT][2];
#pragma unroll
      for (int x = 0; x < MT; x++)
#pragma unroll
        for (int h = 0; h < 2; h++) {
          const int64_t i = i0 + wi + x * 16 + gr + 8 * h;
          av[x][h] = i < m ? g.A[at<KA> (i, p, g.lda)] : 0.0f;
        }
#pragma unroll
      for (int y = 0; y < NT; y++)
#pragma unroll
        for (int c = 0; c < 2; c++) {
          const int64_t j = j0 + wj + y * 8 + 2 * tg + c;
          bv[y][c] = j < n ? g.B[at<KB> (j, p, g.ldb)] : 0.0f;
        }
#pragma unroll
      for (int x = 0; x < MT; x++)
#pragma unroll
        for (int y = 0; y < NT; y++)
#pragma unroll
          for (int e = 0; e < 4; e++)
            acc[x][y][e] = __fmaf_rn (av[x][e / 2], bv[y][e % 2], acc[x][y][e]);
    }
  }

#pragma unroll
  for (int x = 0; x < MT; x++) {
#pragma unroll
    for (int y = 0; y < NT; y++) {
      const int64_t i = i0 + wi + x * 16 + gr, j = j0 + wj + y * 8 + 2 * tg;
#pragma unroll
      for (int e = 0; e < 4; e++) {
        const int64_t ii = i + (e / 2) * 8, jj = j + e % 2;
        if (ii < m && jj < n)
          g.C[g.ct ? jj + ii * g.ldc : ii + jj * g.ldc] = acc[x][y][e];
      }
    }
  }
#endif
}

} /* namespace */

template <bool KA, bool KB, bool VEC, int STAGES>
gm_status launch_v (const MatmulArgs &a, int slices, int64_t k_slice, int64_t c_slice)
{
  constexpr int BM = TF32_BM, BN = TF32_BN, BK = TF32_BK, WM = TF32_WM, WN = TF32_WN;
  using Cfg = Tf32Cfg<BM, BN, BK, WM, WN, STAGES, KA, KB>;
  /* once per device: an attribute is set for the current device only */
  static PerDeviceOnce smem_set;
  return launch_tiled_kernel<float> (matmul_tf32x3_kernel<BM, BN, BK, WM, WN, STAGES, KA, KB, VEC>,
                                     Cfg::THREADS, Cfg::SMEM, &smem_set, a, BM, BN, slices,
                                     k_slice, c_slice, "matmul tf32x3: shared memory",
                                     "matmul tf32x3");
}

template gm_status launch_v<false, false, false, 2> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<false, false, false, 3> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<false, false, true, 2> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<false, false, true, 3> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<false, true, false, 2> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<false, true, false, 3> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<false, true, true, 2> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<false, true, true, 3> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<true, true, false, 2> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<true, true, false, 3> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<true, true, true, 2> (const MatmulArgs &, int, int64_t, int64_t);
template gm_status launch_v<true, true, true, 3> (const MatmulArgs &, int, int64_t, int64_t);

} /* namespace gm_matmul_detail */
