/* scheme2.cuh: what scheme II's files share (scheme2.cu: the slice, the mma.sync gemm, the
 * guard, the crt, the planning and the entry point; scheme2_wgmma.cu: the wgmma gemms of
 * sm_90a).  The moduli: the 15 largest pairwise coprime ones up to 256, 14 by default (12 ..
 * 15: M < 2^119); the tiles and the planes' K-major layout; a gemm's parameters, the CRT weight
 * it stores for each int32 sum (exact: k <= 131071) and its test of the guard's tile mask
 * (oz2_tile_skipped); the shared memory each gemm takes; the gemm kinds.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_OZAKI_SCHEME2_CUH
#define GPUMAT_OZAKI_SCHEME2_CUH

#include "ozaki.cuh"

namespace gm_matmul_detail {

/* ==== Scheme II (v3, the default; scheme2.cu's header) ======================================== */
constexpr int OZ2_MAX_MODULI = 16;
static_assert (OZ2_MAX_MODULI == GM_TUNE_OZAKI_MODULI_MAX, "tuning.h: GPUMAT_OZAKI_MODULI");
/* The largest pairwise coprime moduli up to 256 (bench/ozaki2_model.c checks the set).  M of all
   16 is below 2^125.4: A' B' (below M / 2) fits the crt's 128-bit assembly; the weighted sum
   sum_t w_t M / m_t (below 16 M) is never assembled, only its three limb sums (ozaki2_crt). */
__host__ __device__ constexpr int oz2_modulus (int t)
{
  constexpr int moduli[OZ2_MAX_MODULI] = {256, 255, 253, 251, 247, 241, 239, 233,
                                          229, 227, 223, 217, 211, 199, 197, 193};
  return moduli[t];
}
/* The moduli of a product of depth k when GPUMAT_OZAKI_MODULI leaves the choice open: the fewest
   that keep b = 53 bits of each operand (ozaki2_setup's rule), 15 to k = 1024 and 16 past it
   to the int32 limit, so that the truncation is the least scheme II can make (issue 34: with 14,
   b = 47 to 50 and the error 4-97x dmma's on randn, bench/NOTES-matmul.md). */
__host__ __device__ constexpr int oz2_moduli_for (int64_t k)
{
  return k <= 1024 ? 15 : 16;
}
constexpr int OZ2_BM = 128, OZ2_BN = 128, OZ2_BK = 64, OZ2_STAGES = 3;
/* The premark's line (ozaki2_sparse_blocks, scheme2.cu): a 128-row block of A or B holding a
   live row whose 1-norm is below this many times its top is dmma's.  16: exponent-spread rows
   sit at ~1, randn ones at ~k / 5; k / 32 below k = 512 keeps randn and uniform rows 2x clear
   of it at small k (the smallest of 2 M randn rows: 1.12 at k = 16, 9.5 at 128, 21 at 256). */
constexpr double OZ2_DENSE_L1 = 16.0;
__host__ __device__ constexpr double oz2_premark_l1 (int64_t k)
{
  return (double) k / 32.0 < OZ2_DENSE_L1 ? (double) k / 32.0 : OZ2_DENSE_L1;
}
constexpr int OZ2_WM = 64, OZ2_WN = 32;   /* 8 warps, 2 along i, 4 along j */
constexpr int OZ2_MT = OZ2_WM / 16, OZ2_NT = OZ2_WN / 8;
constexpr int64_t OZ2_STAGE_BYTES = (int64_t) (OZ2_BM + OZ2_BN) * OZ_PITCH;
/* int32 sums of k products of residues (|r| <= 128) stay exact below 2^31 */
constexpr int64_t OZ2_MAX_K = 131071;

/* The planes (xpad rows, a multiple of 128; k padded to a multiple of OZ2_KT) are stored in
 * wgmma's K-major core-matrix order, k-tiles of OZ2_KT bytes: chunk c of row x at
 * kmajor_chunk (x, c, xpad * OZ2_KT), in each k-tile the 8-row groups (1024 bytes: the 8 chunks
 * of the k-tile, 8 rows of 16 bytes each).  A block's stage (128 rows of one k-tile) is then
 * 16 KB contiguous. */
constexpr int OZ2_KT = 128;

struct Oz2Moduli {
  int n, bits;
  int mod[OZ2_MAX_MODULI];
  int inv[OZ2_MAX_MODULI];                  /* ((M / m_t) mod m_t)^-1 mod m_t */
  /* the slice's integer residues (ozaki2_slice): 2^22 and 2^44 mod m_t, the offset
     (128 - 2^53) mod m_t, ceil (2^39 / m_t), 2^32 - m_t (y - q m_t as one IMAD) */
  unsigned c22[OZ2_MAX_MODULI], c44[OZ2_MAX_MODULI], off[OZ2_MAX_MODULI], magic39[OZ2_MAX_MODULI];
  unsigned neg_mod[OZ2_MAX_MODULI];
  /* the crt's: M / m_t and M in limbs, x = x_0 2^78 + x_1 2^39 + x_2 (x_1, x_2 < 2^39; x_0 <
     2^47.4 for M, < 2^39.4 for M / m_t with all 16 moduli), as doubles (exact integers) */
  double pt[3][OZ2_MAX_MODULI], ml[3];
  unsigned long long m_lo, m_hi;            /* M */
};
static_assert (oz2_modulus (0) == 256, "ozaki2_slice takes plane 0's residues as A's low byte");

struct Oz2Gemm {
  const int8_t *pa, *pb;        /* planes of page 0 of this launch */
  int64_t pa_page, pb_page;     /* bytes between pages' planes (0: one for all) */
  int64_t mpad, npad, kpad, tiles_m;
  int plane0;                   /* the launch's first plane (blockIdx.y adds to it) */
  /* oz2_weight's constants for plane t: inv_t = ((M / m_t) mod m_t)^-1 mod m_t (Oz2Moduli),
     (2^16 inv_t) mod m_t, the least multiple of m_t from 2^23, ceil (2^39 / m_t), 2^32 - m_t */
  unsigned inv[OZ2_MAX_MODULI], inv_hi[OZ2_MAX_MODULI], w_off[OZ2_MAX_MODULI];
  unsigned magic39[OZ2_MAX_MODULI], neg_mod[OZ2_MAX_MODULI];
  uint8_t *R;                   /* CRT weights: R[((page N + t) npad + j) mpad + i] */
  int *T;                       /* T[(page npad + j) mpad + i] */
  int n_moduli;
  /* the residue gemms' tile mask (ozaki2_guard's; NULL: none, and for the tops gemm):
     mask[(page mask_tn + tj) mask_tm + ti] != 0 where C's 128x128 tile (ti, tj) goes to dmma's
     tile pass; mask_tm = mpad / 128, mask_tn = ceil (n / 128) */
  const int *mask;
  int64_t mask_tm, mask_tn;
  /* the premark (ozaki2_sparse_blocks, scheme2.cu; NULL: none): sparse_a[pa ti] (mask_tm a
     page), sparse_b[pb (npad / 128) + tj], pa and pb the operands' pages (0 for one shared);
     a tile in a sparse block's rows or columns is dmma's, for the tops gemm too */
  const int *sparse_a, *sparse_b;
};

/* Whether a gemm's block, 128 rows from i0 and BN columns from j0 of page `page`, may return
 * at once: every 128x128 tile of C it covers is premarked (sparse_a, sparse_b) or, for the
 * residue gemms, marked in the mask (tiles past mask_tn hold only padding columns and count
 * as marked; a block's first tile is never padding).  The block's R (T) is then left
 * unwritten: the guard reads no T of a premarked tile, the crt skips marked tiles. */
template <int BN>
__device__ __forceinline__ bool oz2_tile_skipped (const Oz2Gemm &g, int64_t page, int64_t i0,
                                                  int64_t j0)
{
  if (!g.mask && !g.sparse_a)
    return false;
  const int64_t ti = i0 / OZ2_BM;
  if (g.sparse_a && g.sparse_a[(g.pa_page ? page : 0) * g.mask_tm + ti])
    return true;
#pragma unroll
  for (int c = 0; c < BN / OZ2_BN; c++) {
    const int64_t tj = j0 / OZ2_BN + c;
    const bool pre = g.sparse_b && g.sparse_b[(g.pb_page ? page : 0) * (g.npad / OZ2_BN) + tj];
    if (tj < g.mask_tn && !pre && !(g.mask && g.mask[(page * g.mask_tn + tj) * g.mask_tm + ti]))
      return false;
  }
  return true;
}

/* gemm wg (scheme2_wgmma.cu): stages of A's and B's 128 rows of one k-tile, then the mbarriers */
constexpr int OZ2W_STAGES = 4;
constexpr int OZ2W_TILE = OZ2_BM * OZ2_KT;                         /* 16 KB */
constexpr size_t OZ2W_SMEM = (size_t) OZ2W_STAGES * 2 * OZ2W_TILE + 8 * OZ2W_STAGES;
constexpr int OZ2W_GROUP = 8;   /* row tiles a raster group */

/* gemm ws and ws256 (scheme2_wgmma.cu): a producer warp and two consumer warpgroups */
constexpr int OZ2S_THREADS = 288;
constexpr int OZ2S_BN_WIDE = 256;   /* gemm ws256's column tile */
/* dynamic shared memory of gemm ws with column tiles of bn: OZ2W_STAGES stages of A's 128 rows
   and B's bn rows of one k-tile, then the full and empty mbarriers */
__host__ __device__ constexpr size_t oz2s_smem (int bn)
{
  return (size_t) OZ2W_STAGES * (OZ2W_TILE + bn * OZ2_KT) + 16 * OZ2W_STAGES;
}
/* gemm ws's epilogue tile in stage 0: a column of the 128 rows every 144 bytes (16-byte
   aligned, 36 words: the byte stores of a warp fall in distinct banks) */
constexpr int OZ2S_EPI_PITCH = OZ2_BM + 16;
constexpr size_t OZ2S_SMEM = oz2s_smem (OZ2_BN);                 /* 128 KB + 64 */
constexpr size_t OZ2S256_SMEM = oz2s_smem (OZ2S_BN_WIDE);        /* 192 KB + 64 */
static_assert (OZ2S256_SMEM <= 227 * 1024, "gemm ws256: stages past the opt-in shared memory");

/* The gemms of scheme II (ozaki2_gemm_kind, scheme2.cu, picks one) */
enum Oz2GemmKind { OZ2_GEMM_MMA, OZ2_GEMM_WG, OZ2_GEMM_WS, OZ2_GEMM_WS256 };
constexpr int OZ2_GEMM_KINDS = 4;

/* The kernel of gemm wg, ws or ws256 (scheme2_wgmma.cu) for the residue planes (tops false) or
 * the tops plane; NULL for another kind, and for wg where it is not built (BENCH_VERSIONS).
 * Pointers, since nvcc gives the host stub of a __global__ template's instance internal
 * linkage (-static-global-template-stub, the default): only the file that instantiates a
 * kernel template can name it. */
using Oz2GemmKernel = void (*) (Oz2Gemm);
Oz2GemmKernel ozaki2_gemm_wgmma (Oz2GemmKind kind, bool tops);

namespace {

/* The CRT weight of plane t of an int32 sum: w = (acc inv_t) mod m_t in [0, m_t), what the
 * crt multiplies M / m_t by, so that the crt reads it as it is.  In 32-bit integers, 7
 * instructions (session 15; 64-bit multiply-highs before, ~15: the epilogue of every tile runs
 * it 128 times a thread): acc = h 2^16 + l (h = acc >> 16 in [-2^15, 2^15), l < 2^16), so
 *     y = h ((2^16 inv_t) mod m_t) + l inv_t + w_off_t  ==  acc inv_t  (mod m_t)
 * with |h (..)| < 2^23, l inv_t < 2^24 and w_off_t, a multiple of m_t, in [2^23, 2^23 + m_t):
 * 0 < y < 2^25 + 2^8, and y mod m_t is y - m_t floor (y ceil (2^39 / m_t) / 2^39), exact for
 * y < 2^31 (the magic number's excess, below m_t, times y stays below 2^39), as ozaki2_slice
 * reduces.  The same w as before, bit for bit. */
__device__ __forceinline__ unsigned oz2_weight (const Oz2Gemm &g, int acc, int t)
{
  const int h = acc >> 16;
  const unsigned l = (unsigned) acc & 0xffffu;
  const unsigned y = (unsigned) (h * (int) g.inv_hi[t]) + l * g.inv[t] + g.w_off[t];
  return y + (__umulhi (y, g.magic39[t]) >> 7) * g.neg_mod[t];
}

} /* namespace */

} /* namespace gm_matmul_detail */

#endif /* GPUMAT_OZAKI_SCHEME2_CUH */
