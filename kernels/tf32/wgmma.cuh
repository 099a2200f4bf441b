/* wgmma.cuh: what tf32x3 v2 (wgmma.cu) and v3 (wgmma_ws.cu) share, both sm_90a code: v2's
 * tile and its shared memory, v3's stages (the planning reads both), the integer form of
 * cvt.rna.tf32, the m64n128k8 tf32 wgmma, and the end of a tile (v2_finish: the FFMA fallback
 * for blocks outside the tensor path's range, which is what makes v3's results v2's bit for
 * bit).  The frames themselves are described in wgmma.cu (v2) and wgmma_ws.cu (v3).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_TF32_WGMMA_CUH
#define GPUMAT_TF32_WGMMA_CUH

#include "tf32.cuh"

namespace gm_matmul_detail {

namespace {

/* v2's block tile (wgmma.cu) */
constexpr int V2_BM = 128, V2_BN = 128, V2_BK = 32;
constexpr int V2_TILE_BYTES = V2_BM * V2_BK * 4;        /* one hi or lo tile: 16 KiB */
constexpr int V2_HL_BYTES = 4 * V2_TILE_BYTES;          /* A hi, A lo, B hi, B lo */
constexpr uint32_t V2_HUGE_BITS = 0x5e000000u;          /* 2^61: v1's TF32X3_HUGE */
constexpr uint32_t V2_TINY_BITS = 0x0c000000u;          /* 2^-103: v1's TF32X3_TINY */

template <bool KA, bool KB> struct V2Cfg {
  using TileA = OperandTile<float, V2_BM, V2_BK, KA>;
  using TileB = OperandTile<float, V2_BN, V2_BK, KB>;
  static constexpr int RAW = TileA::SIZE + TileB::SIZE;   /* floats a raw stage */
  static constexpr size_t SMEM = 2 * (size_t) V2_HL_BYTES + 2 * (size_t) RAW * sizeof (float);
};

/* cvt.rna.tf32.f32 on the bits of a finite value in the tensor path's range: half of the
   dropped 13 bits' weight added to the magnitude, then truncated (ties away from zero; a
   carry moves into the exponent as it should).  2 integer operations where the cvt takes 4
   (FSETP, IADD, LOP3, SEL: its NaN and overflow cases, which v2 sends to FFMA anyway). */
__device__ __forceinline__ uint32_t rna_tf32_bits (uint32_t b) { return (b + 0x1000u) & 0xffffe000u; }

/* v3's stages (wgmma_ws.cu) */
constexpr int V3_STAGES = 3, V3_THREADS = 288, V3_GROUP = 8;
constexpr int V3_STAGE_BYTES = 4 * V2_TILE_BYTES;                           /* 64 KB */
constexpr size_t V3_SMEM = (size_t) V3_STAGES * V3_STAGE_BYTES + 16 * V3_STAGES;
constexpr int64_t V3_KT = 32;   /* singles a k-tile: 128 bytes of a row */

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define V2_R8(i) "+f"(d[i]), "+f"(d[i + 1]), "+f"(d[i + 2]), "+f"(d[i + 3]), "+f"(d[i + 4]), \
                 "+f"(d[i + 5]), "+f"(d[i + 6]), "+f"(d[i + 7])
/* d (64 rows x 128 columns over the warpgroup) += or = A (64 x 8) * B (8 x 128) */
__device__ __forceinline__ void v2_wgmma (float (&d)[64], uint64_t da, uint64_t db, int accumulate)
{
  asm volatile ("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
                "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 "
                "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
                "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
                "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
                "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, "
                "%64, %65, p, 1, 1;\n}\n"
                : V2_R8 (0), V2_R8 (8), V2_R8 (16), V2_R8 (24), V2_R8 (32), V2_R8 (40),
                  V2_R8 (48), V2_R8 (56)
                : "l"(da), "l"(db), "r"(accumulate));
}
#undef V2_R8

/* True on all 256 threads (the two warpgroups: barrier 1, which a producer warp of v3 does not
   join) when `pred` holds on any of them. */
__device__ __forceinline__ bool any_of_256 (bool pred)
{
  uint32_t r;
  asm volatile ("{\n.reg .pred p, q;\nsetp.ne.u32 q, %1, 0;\nbar.red.or.pred p, 1, 256, q;\n"
                "selp.u32 %0, 1, 0, p;\n}\n"
                : "=r"(r) : "r"((uint32_t) pred) : "memory");
  return r != 0;
}

/* The end of a v2 or v3 tile, on its 256 multiplying threads: acc[4y + e] is element (row0 +
 * 8 (e / 2), col0 + 8 y + e % 2) of C (wgmma's f32 D layout; g's pointers at the page).  Inputs
 * outside the tensor path's range (`bad` on any thread), or a result at or past 2^126 (a
 * group's temporary of 32 group products below 2^122 each can pass FLT_MAX from group = 2 on,
 * where the tensor core's behaviour is not known): the tile by FFMA, IEEE throughout. */
template <bool KA, bool KB>
__device__ __forceinline__ void v2_finish (const Gemm<float> &g, float (&acc)[64], int64_t row0,
                                           int64_t col0, bool bad)
{
  const int64_t m = g.m, n = g.n, k = g.k;
#pragma unroll
  for (int i = 0; i < 64; i++)
    bad |= !(fabsf (acc[i]) < 0x1p126f);
  if (any_of_256 (bad)) {
    /* column by column, each a sequential FFMA sum over p: p outermost would keep 32 column
       addresses live (v3's consumers have 168 registers: 9 warps, 3 on some SM quarter) */
#pragma unroll
    for (int y = 0; y < 16; y++)
#pragma unroll
      for (int c = 0; c < 2; c++) {
        const int64_t j = col0 + 8 * y + c;
        if (j >= n)
          continue;
        float s0 = 0.0f, s1 = 0.0f;
        for (int64_t p = 0; p < k; p++) {
          const float bv = g.B[at<KB> (j, p, g.ldb)];
          s0 = __fmaf_rn (row0 < m ? g.A[at<KA> (row0, p, g.lda)] : 0.0f, bv, s0);
          s1 = __fmaf_rn (row0 + 8 < m ? g.A[at<KA> (row0 + 8, p, g.lda)] : 0.0f, bv, s1);
        }
        acc[4 * y + c] = s0;
        acc[4 * y + 2 + c] = s1;
      }
  }
#pragma unroll
  for (int y = 0; y < 16; y++)
#pragma unroll
    for (int e = 0; e < 4; e++) {
      const int64_t ii = row0 + 8 * (e / 2), jj = col0 + 8 * y + e % 2;
      if (ii < m && jj < n)
        g.C[g.ct ? jj + ii * g.ldc : ii + jj * g.ldc] = acc[4 * y + e];
    }
}
#endif

} /* namespace */

} /* namespace gm_matmul_detail */

#endif /* GPUMAT_TF32_WGMMA_CUH */
