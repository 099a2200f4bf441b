/* scheme2.cu: the ozaki family's scheme II (Ozaki, Uchino and Imamura's integer-modular
 * scheme), the default where k <= 131071: each row of op(A) and column of op(B) scaled to
/* scheme2.cu: the ozaki family's scheme II (Ozaki, Uchino and Imamura's integer-modular
 * scheme), the default where k <= 131071: each row of op(A) and column of op(B) scaled to
 * integers of b bits, A' B' computed exactly from its residues modulo N = 15 (k <= 1024) or 16
 * pairwise coprime moduli <= 256, the fewest that keep b = 53 (GPUMAT_OZAKI_MODULI = 12..16
 * forces a count), one int8 GEMM each, by the Chinese remainder theorem, rounded once: N + 1
 * int8 GEMMs with the guard's where scheme I takes 37.  Passes:
 * scan (ozaki.cuh), the premark (issue 34: 128-row blocks of A or B holding a row whose 1-norm
 * is below min (16, k / 32) times its top, ozaki2_sparse_blocks; every tile of C they touch is
 * dmma's), slice (N residue planes and a plane of 7-bit tops per operand; premarked blocks not
 * sliced), the tops gemm (premarked tiles skipped), the guard (it marks each 128x128 tile of C
 * holding an element it cannot keep, and the premarked ones without T), the N residue gemms
 * (here on mma.sync; on wgmma in scheme2_wgmma.cu where sm_90a code runs; blocks of marked
 * tiles return at once), crt (marked tiles skipped; a result near overflow or underflow marks
 * its tile), then dmma's tile pass (matmul_dmma_tiles) computes the marked tiles, bit for bit
 * what GPUMAT_DMMA_TILE=128x128 gives (k in dmma's slices where its tiles leave the GPU idle:
 * one chain of k = 16384 at m = n = 64 had 10.6x dmma's error on NaN and Inf data, H200, issue
 * 34; unsplit at 4096^3 as before).  Where every block is premarked (element-wise exponent
 * spread over 12+ binades) ozaki costs dmma plus the scan, the flags and launches whose blocks
 * return at once: ~3.28 ms at 4096^3 on an H200
 * predicted, ~0.93x dmma's speed (0.872x measured with the tops sliced and their gemm run,
 * session 30; 0.007x before the tile pass, where a sequential FP64 loop took each element).
 * Where dmma's 128x128 tile does not fit the device, no premark, and the crt's guard and FP64
 * loop as before.  Every element within k eps S (below), and where nothing is premarked and no
 * tile marked bit for bit the results of before.  H100: 4096^3 2.05-2.11 ms, 128-152% of DGEMM
 * in every op pair; 8192^3 ~16 ms, 135-149%; modelled first on the CPU in these very steps
 * (bench/ozaki2_model.c against __float128; the passes' skips in bench/ozaki2_tiles_model.cpp);
 * versions: bench/NOTES-matmul.md ("the ozaki family's versions").
 * The family's entry point is here too (matmul_ozaki, the "ozaki" row of matmul_registry.cu):
 * scheme II where k <= 131071 and GPUMAT_OZAKI_VERSION is unset or 3, else scheme I
 * (scheme1.cu); products of k < 16 on the FP64 path (dmma, or warp where dmma's tiles do not
 * fit), as are the elements neither scheme can certify; gm_matmul_ozaki_stats.
 *
 * ---- Scheme II (v3): error analysis ---------------------------------------------------------
 * Rows: E with max |a_p| < 2^E, A'_p = trunc (a_p 2^(b - E)), |A'_p| < 2^b, |a_p - A'_p 2^(E-b)|
 * < min (|a_p|, 2^(E-b)); columns likewise with F.  b is the largest with k 2^2b <= M / 2,
 * M = prod m_t, at most 53 (A' exact in a double): then |A' B'| < M / 2, and the residue of
 * A' B' modulo M in the symmetric range is A' B' itself.  The residues: A'_t = A' mod m_t in
 * [-128, 127], sums of k products exact in int32 for k < 2^17; c_t = (A'_t B'_t) mod m_t, stored
 * as its CRT weight w_t = (c_t inv_t) mod m_t (exact integer steps); the CRT is exact (N <= 16:
 * M < 2^125.4; its three limb sums are exact FP64 FMAs, q exact, the 128-bit assembly of
 * A' B' exact: ozaki2_crt).  The one
 * rounding is C' 2^(E+F-2b) to double: <= u |C|.  Truncation:
 *     |a.b - A'.B' 2^(E+F-2b)| <= 2^(E-b) ||b||_1 + 2^(F-b) ||a||_1 + k 2^(E+F-2b) =: e
 * (per p: |da||b| + |a||db| + |da||db|).  Guard, with T the int8 sum of the 7-bit tops
 * (T 2^(E+F-14) <= S = sum |a_p||b_p|, as scheme I's: scheme1.cu) and the 1-norms rounded up
 * in the scan (and stored as ||a||_1 2^-E, ||b||_1 2^-F: exact power-of-two scalings, values
 * in [1/2, k)):
 *     keep C only if 1.01 e <= (2k - 1.01) u T 2^(E+F-14)
 * then e + u |C| <= e + u (S + e) <= 2k u S = k eps S.  The same overflow, underflow and
 * non-finite rules as v1 (scheme1.cu, ozaki.cuh) send the rest to the FP64 path.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <vector>
#include "scheme2.cuh"

namespace gm_matmul_detail {

namespace {

/* Elements the last ozaki call recomputed on the FP64 path (all pages): for tests and notes.
 * This file's kernels count here; scheme1.cu's in their own (ozaki.cuh).  ozaki_marked: the
 * 128x128 tiles of C the last call sent to dmma's tile pass (gm_matmul_ozaki_tiles). */
__device__ unsigned long long ozaki_fixups, ozaki_marked;

/* Four bytes (each value < 256) in one word, b0 lowest: three PRMT. */
__device__ __forceinline__ uint32_t oz2_pack4 (uint32_t b0, uint32_t b1, uint32_t b2, uint32_t b3)
{
  return __byte_perm (__byte_perm (b0, b1, 0x0040), __byte_perm (b2, b3, 0x0040), 0x5410);
}

/* (1'') the premark (issue 34): a 128-row block of an operand is sparse where one of its live
 * rows (finite, not all zeros) has a 1-norm (times 2^-code, ozaki_scan's l1, in [1/2, k)) below
 * dense_l1 = oz2_premark_l1 (k) = min (16, k / 32) (scheme2.cuh).  Below it most of the row's
 * mass sits in a few elements, as in rows with element-wise exponent spread (l1 ~0.8-1.2 at 12
 * binades or more, any k), whose tiles the guard marks at any b: with the tops of rows and
 * columns at unrelated p, S is far below the room the guard needs (bench/NOTES-matmul.md: it
 * keeps at most 2% of exp 12 and exp 30 elements from k = 1024 at b = 53, 16% at k = 16, and a
 * 128x128 tile is marked by any one).  Randn rows sit at l1 ~ k / 5 (min 9.5 in 2 M rows at
 * k = 128, 387 at 4096), uniform ones at ~k / 2: k / 32 keeps them 2x clear of the line at
 * small k, where 16 would have flagged 1% of randn rows at k = 128 (two thirds of its blocks).
 * Every tile of C in a sparse block's rows (columns) goes to dmma's tile pass without the
 * slices or the tops gemm: on data where the guard marks every tile those cost ~0.2 ms of the
 * ~0.44 ozaki spent beyond dmma at 4096^3 (H200, session 30).  Where the guard would have kept
 * such a tile (a row of ~4-16 comparable elements against dense columns: a band stored dense)
 * it is dmma's now: as accurate, not the same bits, at dmma's speed plus the scan instead of
 * ozaki's.
 * One block a 128-row block (grid x: xpad / 128, y: pages), a thread a row. */
__global__ void __launch_bounds__ (OZ2_BM)
ozaki2_sparse_blocks (int64_t rows, int64_t xpad, const int *__restrict__ code,
                      const double *__restrict__ l1, double dense_l1, int *__restrict__ sparse)
{
  const int64_t page = blockIdx.y, x = blockIdx.x * (int64_t) OZ2_BM + threadIdx.x;
  const int c = x < rows ? code[page * xpad + x] : OZ_ZERO;
  const bool thin = c != OZ_ZERO && c != OZ_NONFINITE && l1[page * xpad + x] < dense_l1;
  const int any = __syncthreads_or (thin);
  if (threadIdx.x == 0)
    sparse[page * (xpad / OZ2_BM) + blockIdx.x] = any ? 1 : 0;
}

/* ozaki2_slice's parameters for one operand: with a tile pass (sparse set) the rows of a
 * 128-row block holding a sparse row (ozaki2_sparse_blocks) are not sliced at all: every tile of
 * C they touch is dmma's (the premark, issue 34), so no gemm reads their planes.  One pass: a
 * second after the guard for the residues of rows below the line (bench/NOTES-matmul.md, "tops
 * before the guard") would find none in a block not premarked. */
struct Oz2Slice {
  Oz2Moduli mods;
  const int *sparse;   /* a flag a 128-row block, xpad / 128 a page; NULL: slice every row */
};

/* (2') slice for scheme II: planes[t] (t < N: residues of A' = trunc (x 2^(bits - code))
 * modulo m_t; t = N: the 7-bit tops trunc (|x| 2^(7 - code)), for T), each in kmajor_chunk's
 * order; one thread a 16-byte chunk of k of a row, as ozaki_slice, but rows fastest in either
 * layout (below); rows of sparse blocks skipped (Oz2Slice).
 * In integers (v3 slice2; the FP64 form took 14 rint / fma / F2I a value and ran at twice its
 * memory floor, 240 us an operand at 4096^2 under ncu): A' by one F2I, V = A' + 2^53 in
 * [0, 2^54) is cut into u2 2^44 + u1 2^22 + u0 (u0, u1 < 2^22, u2 < 2^10), and
 *     y = u2 (2^44 mod m) + u1 (2^22 mod m) + u0 + ((128 - 2^53) mod m)  <  2^31,  y == A' + 128,
 * r = y mod m by y - m floor (y ceil (2^39 / m) / 2^39) (exact for y < 2^31: the excess of the
 * magic number, below m, times y stays below 2^39), and the byte stored is r - 128 (r ^ 0x80):
 * a residue of A' in [-128, m - 129], which the int8 GEMM takes as it would the symmetric one
 * (|residue| <= 128 is all its int32 sums need).  m = 256 (plane 0) is A's own low byte.  The
 * tops are |A'| >> (bits - 7) (floor of a floor). */
template <bool KMAJ>
__global__ void __launch_bounds__ (256)
ozaki2_slice (int64_t rows, int64_t k, const double *__restrict__ X, int64_t ld, int64_t sx,
              int64_t page0, const int *__restrict__ code, int64_t xpad, int64_t kpad,
              Oz2Slice s, int8_t *__restrict__ planes)
{
  const int64_t page = blockIdx.y, groups = kpad / 16;
  const int64_t id = blockIdx.x * (int64_t) blockDim.x + threadIdx.x;
  if (id >= xpad * groups)
    return;
  /* consecutive threads write consecutive 16-byte chunks of kmajor_chunk's order (8 rows of one
     chunk, 128 bytes): rows fastest for either layout.  K-major rows were k-fastest before,
     each thread's 16-byte writes 128 bytes apart: 2.5 ms at 8192 against 0.92 for the other
     layout (ncu, H100) */
  const int64_t x = KMAJ ? (id / 8 / groups) * 8 + id % 8 : id % xpad;
  const int64_t pg = KMAJ ? (id / 8) % groups : id / xpad;
  X += (page0 + page) * sx;
  code += page * xpad;
  const Oz2Moduli &mods = s.mods;
  const int N = mods.n;
  planes += page * (int64_t) (N + 1) * xpad * kpad;
  const int c = code[x];
  const bool live = x < rows && c != OZ_ZERO && c != OZ_NONFINITE;
  if (s.sparse && s.sparse[page * (xpad / OZ2_BM) + x / OZ2_BM])
    return;   /* a premarked block: dmma computes every tile it touches */
  /* A' = trunc (x 2^sc), sc = bits - code: the scaling is exact (a power of two) unless the
     product falls below 2^-1022, where A' is 0 either way, and F2I truncates it (one
     conversion a value: the integer extraction from the significand's bits it replaced took
     ~40 instructions).  2^sc is built from its exponent field; rows below 2^-970 (sc up to
     1127) take two factors.  Rows not live read zeros (sc 0). */
  const int sc = live ? mods.bits - c : 0;
  const int sc2 = sc > 1023 ? sc / 2 : 0;
  const double f1 = __longlong_as_double ((long long) (sc - sc2 + 1023) << 52);
  const double f2 = __longlong_as_double ((long long) (sc2 + 1023) << 52);
  uint32_t u0[16], u1[16], u2[16], t7[16];
#pragma unroll
  for (int q = 0; q < 16; q++) {
    const int64_t p = pg * 16 + q;
    const double e = live && p < k ? X[KMAJ ? p + x * ld : x + p * ld] : 0.0;
    const long long a = __double2ll_rz (e * f1 * f2);   /* A', |A'| < 2^bits <= 2^53 */
    const unsigned long long V = (unsigned long long) (a + (1ll << 53));
    const unsigned long long U = (unsigned long long) (a < 0 ? -a : a);
    u0[q] = (uint32_t) V & 0x3fffffu;
    u1[q] = (uint32_t) (V >> 22) & 0x3fffffu;
    u2[q] = (uint32_t) (V >> 44);
    t7[q] = (uint32_t) (U >> (mods.bits - 7));   /* 0 .. 127 */
    /* made here once: unpinned, the compiler sank the shifts of V into each modulus's use
       (468 shr.u64 in the PTX for 16 values, two a value a modulus) */
    asm volatile ("" : "+r"(u0[q]), "+r"(u1[q]), "+r"(u2[q]));
  }
  int8_t *dst = planes + kmajor_chunk (x, pg, xpad * OZ2_KT);
  const int64_t plane = xpad * kpad;
  *reinterpret_cast<uint4 *> (dst + N * plane) =
      make_uint4 (oz2_pack4 (t7[0], t7[1], t7[2], t7[3]), oz2_pack4 (t7[4], t7[5], t7[6], t7[7]),
                  oz2_pack4 (t7[8], t7[9], t7[10], t7[11]),
                  oz2_pack4 (t7[12], t7[13], t7[14], t7[15]));
  *reinterpret_cast<uint4 *> (dst) =
      make_uint4 (oz2_pack4 (u0[0], u0[1], u0[2], u0[3]), oz2_pack4 (u0[4], u0[5], u0[6], u0[7]),
                  oz2_pack4 (u0[8], u0[9], u0[10], u0[11]),
                  oz2_pack4 (u0[12], u0[13], u0[14], u0[15]));   /* m = 256: bytes of PRMT */
#pragma unroll
  for (int t = 1; t < OZ2_MAX_MODULI; t++)
    if (t < N) {
      const uint32_t c22 = mods.c22[t], c44 = mods.c44[t], off = mods.off[t];
      const uint32_t magic = mods.magic39[t], neg_m = mods.neg_mod[t];
      uint32_t r[16];
#pragma unroll
      for (int q = 0; q < 16; q++) {
        const uint32_t y = u2[q] * c44 + u1[q] * c22 + u0[q] + off;
        r[q] = y + (__umulhi (y, magic) >> 7) * neg_m;   /* y - q m: ptxas spent an IMAD.MOV on -q */
      }
      *reinterpret_cast<uint4 *> (dst + t * plane) =
          make_uint4 (oz2_pack4 (r[0], r[1], r[2], r[3]) ^ 0x80808080u,
                      oz2_pack4 (r[4], r[5], r[6], r[7]) ^ 0x80808080u,
                      oz2_pack4 (r[8], r[9], r[10], r[11]) ^ 0x80808080u,
                      oz2_pack4 (r[12], r[13], r[14], r[15]) ^ 0x80808080u);
    }
}

/* (3') one int8 GEMM of planes t = plane0 + blockIdx.y of A and B for a 128x128 tile: 8 warps
 * of 64x32 (16 m16n8k32 MMAs from 16 + 8 LDS.32 a k32), 3-stage cp.async pipeline.  TOPS: the
 * tops plane, .satfinite (T stays a lower bound at any k), stored as int32; else the exact
 * int32 sum reduced modulo m_t, stored as a byte.  Grid: x tiles, y planes, z pages. */
template <bool TOPS>
__global__ void __launch_bounds__ (OZ_THREADS, 1)
ozaki2_gemm (Oz2Gemm g)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  int8_t *smem = reinterpret_cast<int8_t *> (smem_raw);
  const int t = g.plane0 + (int) blockIdx.y;
  const int64_t page = blockIdx.z;
  const int64_t ti = blockIdx.x % g.tiles_m, tj = blockIdx.x / g.tiles_m;
  const int64_t i0 = ti * OZ2_BM, j0 = tj * OZ2_BN;
  if (oz2_tile_skipped<OZ2_BN> (g, page, i0, j0))   /* dmma's tile pass computes the tile */
    return;
  const int8_t *pa = g.pa + page * g.pa_page + t * g.mpad * g.kpad;
  const int8_t *pb = g.pb + page * g.pb_page + t * g.npad * g.kpad;
  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  const int wi = (warp % 2) * OZ2_WM, wj = (warp / 2) * OZ2_WN;
  const int gr = lane / 4, tg = lane % 4;
  const int64_t KT = g.kpad / OZ2_BK;

  /* 128 rows x 4 chunks of 16 bytes, per operand: 2 + 2 a thread (planes in kmajor_chunk order) */
  auto load_stage = [&] (int stage, int64_t kt) {
    int8_t *sm = smem + stage * OZ2_STAGE_BYTES;
#pragma unroll
    for (int q = tid; q < OZ2_BM * 4; q += OZ_THREADS) {
      const int r = q >> 2, c = q & 3;
      const int64_t chunk = kt * (OZ2_BK / 16) + c;
      cp_async_16 (sm + r * OZ_PITCH + c * 16, pa + kmajor_chunk (i0 + r, chunk, g.mpad * OZ2_KT), 16);
      cp_async_16 (sm + (OZ2_BM + r) * OZ_PITCH + c * 16, pb + kmajor_chunk (j0 + r, chunk, g.npad * OZ2_KT),
                   16);
    }
  };

  int acc[OZ2_MT][OZ2_NT][4];
  fill_acc (acc, 0);

  auto compute = [&] (int64_t kt) {
    const int8_t *as = smem + (kt % OZ2_STAGES) * OZ2_STAGE_BYTES;
    const int8_t *bs = as + OZ2_BM * OZ_PITCH;
#pragma unroll
    for (int kk = 0; kk < OZ2_BK; kk += 32) {
      uint32_t af[OZ2_MT][4], bf[OZ2_NT][2];
#pragma unroll
      for (int x = 0; x < OZ2_MT; x++) {
        const int8_t *p = as + (wi + x * 16 + gr) * OZ_PITCH + kk + 4 * tg;
        af[x][0] = *reinterpret_cast<const uint32_t *> (p);
        af[x][1] = *reinterpret_cast<const uint32_t *> (p + 8 * OZ_PITCH);
        af[x][2] = *reinterpret_cast<const uint32_t *> (p + 16);
        af[x][3] = *reinterpret_cast<const uint32_t *> (p + 8 * OZ_PITCH + 16);
      }
#pragma unroll
      for (int y = 0; y < OZ2_NT; y++) {
        const int8_t *p = bs + (wj + y * 8 + gr) * OZ_PITCH + kk + 4 * tg;
        bf[y][0] = *reinterpret_cast<const uint32_t *> (p);
        bf[y][1] = *reinterpret_cast<const uint32_t *> (p + 16);
      }
#pragma unroll
      for (int x = 0; x < OZ2_MT; x++)
#pragma unroll
        for (int y = 0; y < OZ2_NT; y++) {
          if constexpr (TOPS)
            mma_s8_sat (acc[x][y], af[x], bf[y]);
          else
            mma_s8 (acc[x][y], af[x], bf[y]);
        }
    }
  };
  mma_pipeline<OZ2_STAGES> (KT, load_stage, compute);

#pragma unroll
  for (int x = 0; x < OZ2_MT; x++)
#pragma unroll
    for (int y = 0; y < OZ2_NT; y++)
#pragma unroll
      for (int e = 0; e < 4; e++) {
        /* every padded element is written (zeros in, zeros out): the CRT pass reads only
           i < m, j < n, and the planes' padding is zero */
        const int64_t i = i0 + wi + x * 16 + gr + (e / 2) * 8;
        const int64_t j = j0 + wj + y * 8 + 2 * tg + (e % 2);
        if constexpr (TOPS) {
          g.T[(page * g.npad + j) * g.mpad + i] = acc[x][y][e];
        } else {
          g.R[((page * g.n_moduli + t) * g.npad + j) * g.mpad + i] =
              (uint8_t) oz2_weight (g, acc[x][y][e], t);
        }
      }
#endif
}

struct Oz2Crt;
using Oz2CrtKernel = void (*) (Oz2Crt);
struct Oz2Crt {
  int64_t m, n, k, mpad, npad;
  Oz2Moduli mods;
  const uint8_t *R;
  const int *T;
  const int *ca, *cb;           /* codes of page 0 of this launch */
  int64_t ca_page, cb_page;
  const double *l1a, *l1b;      /* 1-norms of the rows (columns) times 2^-code (ozaki_scan) */
  const double *A, *B;          /* the operands (the fixups read them), page 0 of the call */
  int64_t lda, sa, ldb, sb;
  double *C;
  int64_t ldc, sc;
  int64_t page0;
  int ovf_exp;                  /* as OzGemm */
  double inv_quads;             /* 4 / mpad: a thread's column without a 64-bit division */
  double ulp_b, ulp_2b;         /* 2^-bits, 2^-2 bits */
  double inv_M;                 /* 1 / M, rounded */
  /* the tile mask (Oz2Gemm's; NULL where no dmma tile pass follows: the crt then computes
     the elements the guard cannot keep by the FP64 loop) */
  int *mask;
  int64_t mask_tm, mask_tn;
  /* the sparse blocks of A (mask_tm a page) and B (npad / 128 a page), ozaki2_sparse_blocks';
     NULL without a tile pass */
  const int *sparse_a, *sparse_b;
};

/* The guard of one element from the row's and column's codes and 1-norms (scaled by 2^-code,
 * ozaki_scan) and T (the error analysis above): OZ2_KEEP where the int8 result is certified
 * (before the range checks on its value), OZ2_ZERO for a row or column of zeros against finite
 * values (exactly 0), OZ2_FP64 for a NaN or Inf, a possible overflow, or a truncation error
 * the guard cannot bound.  ozaki2_guard and ozaki2_crt run the same function. */
enum Oz2Verdict { OZ2_KEEP, OZ2_ZERO, OZ2_FP64 };
/* its two parts: from the codes alone (OZ2_KEEP: T decides), */
__device__ __forceinline__ Oz2Verdict oz2_guard_codes (const Oz2Crt &g, int ea, int eb)
{
  if (ea == OZ_NONFINITE || eb == OZ_NONFINITE)
    return OZ2_FP64;
  if (ea == OZ_ZERO || eb == OZ_ZERO)
    return OZ2_ZERO;
  return ea + eb > g.ovf_exp ? OZ2_FP64 : OZ2_KEEP;
}
/* and the truncation error against T (for finite, non-zero codes; room_per_T and e_k:
   oz2_guard_consts) */
struct Oz2GuardConsts {
  double room_per_T, e_k;
};
__device__ __forceinline__ Oz2GuardConsts oz2_guard_consts (const Oz2Crt &g)
{
  return {(2.0 * (double) g.k - 1.01) * 0x1p-53 * 0x1p-14, (double) g.k * g.ulp_2b};
}
__device__ __forceinline__ bool oz2_guard_keeps (const Oz2Crt &g, const Oz2GuardConsts &c, int Tv,
                                                 double l1a, double l1b)
{
  const double err = (l1b + l1a) * g.ulp_b + c.e_k;
  return 1.01 * err <= c.room_per_T * (double) Tv;
}
__device__ __forceinline__ Oz2Verdict oz2_guard (const Oz2Crt &g, const Oz2GuardConsts &c, int ea,
                                                 int eb, int Tv, double l1a, double l1b)
{
  const Oz2Verdict v = oz2_guard_codes (g, ea, eb);
  return v != OZ2_KEEP || oz2_guard_keeps (g, c, Tv, l1a, l1b) ? v : OZ2_FP64;
}

/* Four consecutive values of a per-row array at row i0 (a multiple of 4): one 16-byte load */
__device__ __forceinline__ int oz2_pick (const int4 &v, int e)
{
  return e == 0 ? v.x : e == 1 ? v.y : e == 2 ? v.z : v.w;
}

/* (3'') the guard before the residue gemms (issue 34): it needs only T (the tops gemm), the
 * codes and the 1-norms, so it runs right after the tops gemm.  One block a 128x128 tile of C
 * (grid x: mask_tm * mask_tn tiles, i fastest; y: pages), each thread four rows (a 16-byte
 * load of T, codes and 1-norms) of 16 columns, a warp a column's 128 rows.  The tile's flag
 * is 1 where an element of it is OZ2_FP64, else 0: every flag of the mask is written here, so
 * it needs no clearing.  The OZ2_FP64 elements are counted (ozaki_fixups: the count
 * gm_matmul_ozaki_stats has always given), the marked tiles too (ozaki_marked).  A premarked
 * tile (a sparse block's rows or columns) is marked without its T, all its elements counted.
 * At 4096^2 it reads T's 64 MB once: ~15 us against ozaki's ~2 ms. */
__global__ void __launch_bounds__ (256)
ozaki2_guard (Oz2Crt g)
{
  const int64_t page = blockIdx.y;
  const int64_t ti = blockIdx.x % g.mask_tm, tj = blockIdx.x / g.mask_tm;
  const int64_t i0 = ti * OZ2_BM + 4 * (threadIdx.x % 32);
  unsigned fails = 0;
  const Oz2GuardConsts c = oz2_guard_consts (g);
  /* a premarked tile (ozaki2_sparse_blocks): all of it dmma's, its T not computed */
  const bool pre = g.sparse_a[(g.ca_page ? page : 0) * g.mask_tm + ti]
                   || g.sparse_b[(g.cb_page ? page : 0) * (g.npad / OZ2_BN) + tj];
  if (i0 < g.m) {
    const int4 ea4 = *reinterpret_cast<const int4 *> (g.ca + page * g.ca_page + i0);
    const double *l1a = g.l1a + page * g.ca_page + i0;
    for (int r = 0; r < OZ2_BN / 8; r++) {
      const int64_t j = tj * OZ2_BN + threadIdx.x / 32 + 8 * r;
      if (j >= g.n)
        break;
      const int eb = g.cb[page * g.cb_page + j];
      const double l1b = g.l1b[page * g.cb_page + j];
      const int *Tj = g.T + (page * g.npad + j) * g.mpad + i0;
      const int4 T4 = pre ? make_int4 (0, 0, 0, 0) : *reinterpret_cast<const int4 *> (Tj);
#pragma unroll
      for (int e = 0; e < 4; e++)
        if (i0 + e < g.m
            && (pre
                || oz2_guard (g, c, oz2_pick (ea4, e), eb, oz2_pick (T4, e), l1a[e], l1b)
                       == OZ2_FP64))
          fails++;
    }
  }
  const int marked = __syncthreads_or (fails != 0);
  for (int o = 16; o > 0; o /= 2)
    fails += __shfl_xor_sync (0xffffffffu, fails, o);
  if (threadIdx.x % 32 == 0 && fails)
    atomicAdd (&ozaki_fixups, (unsigned long long) fails);
  if (threadIdx.x == 0) {
    g.mask[(page * g.mask_tn + tj) * g.mask_tm + ti] = marked ? 1 : 0;
    if (marked)
      atomicAdd (&ozaki_marked, 1ull);
  }
}

/* A 128-bit magnitude (hi, lo) to the nearest double (one rounding): the top 64 bits with the
 * rest as a sticky bit, converted (53 of 64 kept: the sticky bit sits below the rounding
 * position), then scaled by 2^(64 - n) (n = clz (hi): a power of two built from its exponent
 * field, exact).  Written on the two words: the 128-bit shifts by a variable amount it took
 * before cost ~25 instructions an element. */
__device__ __forceinline__ double oz2_to_double (unsigned long long hi, unsigned long long lo)
{
  if (hi == 0)
    return (double) lo;
  const int n = __clzll ((long long) hi);
  const unsigned long long top = n == 0 ? hi : (hi << n) | (lo >> (64 - n));
  const unsigned long long sticky = (lo << n) != 0 ? 1ull : 0ull;
  return (double) (top | sticky) * __longlong_as_double ((long long) (64 - n + 1023) << 52);
}

/* (4') CRT, scaling and guard: one thread four rows i0 .. i0 + 3 of a column of C (i0 = 4q,
 * quads fastest), grid y pages.  With a tile mask (dmma's tile pass follows) a thread in a marked
 * tile does nothing, and an element the guard or the range of its value sends to FP64 marks its
 * tile instead of running the FP64 loop; without one (devices where dmma's 128x128 tile does not
 * fit) the loop computes it, as before issue 34.  Four rows a thread so that each residue plane is
 * one 32-bit load for the four, as are T and the row codes (a 16-byte load each), and the (q, j) of
 * the thread is found once: ncu (H100, 4096^3) had the one-element form at 788 instructions an
 * element, 55% of its stalls on its 14 + 4 scattered loads, 3.3 ms at 8192^3. */
template <bool KA, bool KB, int NT, bool MASKED>
__global__ void __launch_bounds__ (256)
ozaki2_crt (Oz2Crt g)
{
  const int64_t page = blockIdx.y, quads = g.mpad / 4;
  const int64_t id = blockIdx.x * (int64_t) blockDim.x + threadIdx.x;
  /* j = id / quads from the double quotient (id < 2^53: off by at most one, corrected) */
  int64_t j = (int64_t) ((double) id * g.inv_quads), q = id - j * quads;
  if (q < 0) {
    j--;
    q += quads;
  } else if (q >= quads) {
    j++;
    q -= quads;
  }
  const int64_t i0 = 4 * q;
  unsigned fixed = 0, marked = 0;
  /* a tile the guard marked is dmma's tile pass's: nothing to do here (a flag this kernel sets
     meanwhile, below, may be seen or not: the tile pass overwrites the tile either way) */
  int *const tile = MASKED ? g.mask + (page * g.mask_tn + j / OZ2_BN) * g.mask_tm + i0 / OZ2_BM
                           : NULL;
  if (id < quads * g.n && i0 < g.m && !(MASKED && *tile)) {
    const int64_t pg = g.page0 + page;
    const int eb = g.cb[page * g.cb_page + j];
    const int4 ea4 = *reinterpret_cast<const int4 *> (g.ca + page * g.ca_page + i0);
    const int4 T4 = *reinterpret_cast<const int4 *> (g.T + (page * g.npad + j) * g.mpad + i0);
    const double2 l1a01 = *reinterpret_cast<const double2 *> (g.l1a + page * g.ca_page + i0);
    const double2 l1a23 = *reinterpret_cast<const double2 *> (g.l1a + page * g.ca_page + i0 + 2);
    const double l1b = g.l1b[page * g.cb_page + j];
    const int N = g.mods.n;
    /* the residues of the four rows, one word a plane (bytes of rows i0 .. i0 + 3) */
    uint32_t word[NT];
    {
      const uint8_t *r = g.R + (page * N * g.npad + j) * g.mpad + i0;
      const int64_t plane = g.npad * g.mpad;
#pragma unroll
      for (int t = 0; t < NT; t++) {
        word[t] = t < N ? *reinterpret_cast<const uint32_t *> (r) : 0u;
        r += plane;
      }
    }
    /* sum of w_t M/m_t in three limbs of doubles (v3 crt5): S_l = sum_t w_t P_t,l with M / m_t =
       P_t,0 2^78 + P_t,1 2^39 + P_t,2.  Each product is below 2^47.4 and each sum below 2^51.4
       (16 moduli; the top limb's P_t,0 < 2^39.4 is the largest: bench/ozaki2_model --crt checks
       the sums and the steps below for 12 to 16 moduli), so every FMA is exact and the FP64
       pipe (idle here) does the 3 N multiply-adds the integer pipe took 4 N IMAD.WIDE for.  NT
       terms, N's rounded up to 14, 15 or 16 (the limbs and words past N are zeros): a branch a
       term cost more than the term.  Terms outermost, the
       four rows inside: each limb is brought from the constant bank once for the four (SASS: a
       ULDC.64 a limb a term a row was a third of the sum's instructions).  Rows past m and rows
       the guard sends elsewhere are summed too, from bytes that are there (mpad): no branch.
       w_t comes from the gemm as it is (oz2_weight), made a double by its bits (2^52 + w, less
       2^52). */
    double sum[4][3];
#pragma unroll
    for (int e = 0; e < 4; e++)
      sum[e][0] = sum[e][1] = sum[e][2] = 0.0;
#pragma unroll
    for (int t = 0; t < NT; t++) {
      const double p0 = g.mods.pt[0][t], p1 = g.mods.pt[1][t], p2 = g.mods.pt[2][t];
#pragma unroll
      for (int e = 0; e < 4; e++) {
        const int w = (int) __byte_perm (word[t], 0u, 0x4440u + e);   /* byte e, zero-extended */
        const double wd = __hiloint2double (0x43300000, w) - 0x1p52;
        sum[e][0] = fma (wd, p0, sum[e][0]);
        sum[e][1] = fma (wd, p1, sum[e][1]);
        sum[e][2] = fma (wd, p2, sum[e][2]);
      }
    }
    const Oz2GuardConsts gcon = oz2_guard_consts (g);
#pragma unroll
    for (int e = 0; e < 4; e++) {
      const int64_t i = i0 + e;
      if (i >= g.m)
        break;
      const int ea = oz2_pick (ea4, e);
      const int Tv = oz2_pick (T4, e);
      const double l1a = e == 0 ? l1a01.x : e == 1 ? l1a01.y : e == 2 ? l1a23.x : l1a23.y;
      const Oz2Verdict verdict = oz2_guard_codes (g, ea, eb);
      double v = 0.0;   /* OZ2_ZERO: exactly 0 */
      bool fix = verdict == OZ2_FP64;
      if (verdict == OZ2_KEEP) {
        const double s0 = sum[e][0], s1 = sum[e][1], s2 = sum[e][2];
        /* sum = y + q M with y = A' B', |y| <= M / 2 - margin, margin >= 0.05 M (ozaki2_setup
           checks it against 2^-40 M): sum / M < 20 is at least the margin from a half-integer,
           and its estimate from the top two limbs is within 2^-42.9 (three roundings of a value
           below 20, s2 / M < 2^-43), so q = round (sum / M) is exact and y needs no correction.
           r_l = S_l - q M_l exactly (q M_l < 2^51.4, |r_l| < 2^51), each an int64 by its bits
           (r + 1.5 2^52 holds r + 2^51 in its significand), and y = sum_l r_l 2^(39 (2 - l))
           in 128 bits (|y| < 2^124.4). */
        const double q = rint (fma (s0, 0x1p78, s1 * 0x1p39) * g.inv_M);
        const long long r0 = __double_as_longlong (fma (-q, g.mods.ml[0], s0) + 0x1.8p52)
                             - 0x4338000000000000ll;
        const long long r1 = __double_as_longlong (fma (-q, g.mods.ml[1], s1) + 0x1.8p52)
                             - 0x4338000000000000ll;
        const long long r2 = __double_as_longlong (fma (-q, g.mods.ml[2], s2) + 0x1.8p52)
                             - 0x4338000000000000ll;
        const __int128 y = ((__int128) r0 << 78) + ((__int128) r1 << 39) + (__int128) r2;
        const bool neg = y < 0;
        const unsigned __int128 ay = (unsigned __int128) (neg ? -y : y);
        const double mag = oz2_to_double ((unsigned long long) (ay >> 64), (unsigned long long) ay);
        /* C' 2^sh: where 2^sh is a normal double (all but extreme scales) a multiply by it
           built from its exponent field, one rounding, the same correctly rounded value
           scalbn gives (exact unless the result is subnormal, which the guard below sends to
           the FP64 path either way) */
        const int sh = ea + eb - 2 * g.mods.bits;
        v = neg ? -mag : mag;
        v = sh >= -1022 && sh <= 1023 ? v * __longlong_as_double ((long long) (sh + 1023) << 52)
                                      : scalbn (v, sh);
        /* the guard on T, then the range: near overflow or below the normal range, FP64 */
        const double av = fabs (v);
        fix = !oz2_guard_keeps (g, gcon, Tv, l1a, l1b) || !(av < 0x1p1023)
              || (av < 0x1p-1022 && y != 0);
      }
      if (MASKED && fix) {
        /* dmma's tile pass recomputes the tile (issue 34: the loop below ran 137x slower than
           dmma where most elements took it); only a value out of range gets here, the
           guard's own verdicts having marked their tiles before */
        marked += atomicOr (tile, 1) == 0;
        fixed++;
        continue;
      }
      if (!MASKED && fix) {
        const double *A = g.A + pg * g.sa, *B = g.B + pg * g.sb;
        double sum = 0.0;
        for (int64_t p = 0; p < g.k; p++)
          sum = fma (A[at<KA> (i, p, g.lda)], B[at<KB> (j, p, g.ldb)], sum);
        v = sum;
        fixed++;
      }
      g.C[pg * g.sc + i + j * g.ldc] = v;
    }
  }
  for (int o = 16; o > 0; o /= 2) {
    fixed += __shfl_xor_sync (0xffffffffu, fixed, o);
    marked += __shfl_xor_sync (0xffffffffu, marked, o);
  }
  if (threadIdx.x % 32 == 0 && fixed)
    atomicAdd (&ozaki_fixups, (unsigned long long) fixed);
  if (threadIdx.x % 32 == 0 && marked)
    atomicAdd (&ozaki_marked, (unsigned long long) marked);
}

} /* namespace */

/* The slice count of a call: GPUMAT_OZAKI_SLICES (2 .. OZ_MAX_SLICES) where set and valid,
 * else OZ_DEFAULT_SLICES (scheme1.cu's header, point 6); from the tuning snapshot
 * (tuning.h). */
int ozaki_slices () { return gm_tuning ()->ozaki_slices; }

/* The version: scheme II (v3) unless GPUMAT_OZAKI_VERSION says 1 (scheme I, v1's gemm) or 2
   (scheme I with gemm v2 where s = 8).  v3 is the default since session 15 (1.2-1.35x DGEMM at
   4096^3, 1.35-1.5x at 8192^3 on an H100, against v1's 15%), with the same bound and guard. */
int ozaki_version () { return gm_tuning ()->ozaki_version; }

/* gm_matmul_ozaki_stats: s of the last call, 0 where it ran FP64.  Atomic: the several-device
   product (host_ooc.cu) runs products from one host thread per GPU at once. */
std::atomic<int> last_slices{0};
/* gm_matmul_ozaki_tiles: the 128x128 tiles of C (all pages) the last call's guard looked at, 0
   where no dmma tile pass ran */
static std::atomic<int64_t> last_tiles{0};

gm_status fp64_path (const MatmulArgs &a, const DeviceInfo &dev)
{
  last_slices.store (0);
  last_tiles.store (0);
  return dmma_fits (dev) ? matmul_dmma (a, dev) : matmul_warp (a, GM_DOUBLE, dev);
}

/* Zeroes this file's fixup and marked-tile counters and scheme1.cu's fixup counter (ozaki.cuh)
 * before a product. */
gm_status reset_fixup_count (cudaStream_t stream)
{
  void *counter = NULL, *counter1 = NULL, *marked = NULL;
  last_tiles.store (0);
  cudaError_t err = cudaGetSymbolAddress (&counter, ozaki_fixups);
  if (err == cudaSuccess)
    err = cudaMemsetAsync (counter, 0, sizeof (unsigned long long), stream);
  if (err == cudaSuccess)
    err = cudaGetSymbolAddress (&marked, ozaki_marked);
  if (err == cudaSuccess)
    err = cudaMemsetAsync (marked, 0, sizeof (unsigned long long), stream);
  if (err == cudaSuccess)
    err = ozaki1_fixup_counter (&counter1);
  if (err == cudaSuccess)
    err = cudaMemsetAsync (counter1, 0, sizeof (unsigned long long), stream);
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "matmul ozaki: reset the fixup count");
}

namespace {

/* The moduli of scheme II at depth k: GPUMAT_OZAKI_MODULI (12 .. 16) where set and valid, else
 * oz2_moduli_for (k) (scheme2.cuh: 15 to k = 1024, 16 past it; until session 29, 14 at every k,
 * which kept dense data within the bound but 4-97x dmma's error on randn). */
int ozaki2_moduli (int64_t k)
{
  const int asked = gm_tuning ()->ozaki_moduli;
  return asked ? asked : oz2_moduli_for (k);
}

/* M, the CRT weights and the bits for N moduli at depth k: the largest b <= 53 with
 * k 2^2b <= M / 2 (so |A' B'| < M / 2 and the symmetric residue is A' B' itself). */
Oz2Moduli ozaki2_setup (int N, int64_t k)
{
  Oz2Moduli md = {};
  md.n = N;
  unsigned __int128 M = 1;
  for (int t = 0; t < N; t++)
    M *= (unsigned) oz2_modulus (t);
  int log2_M = 0;   /* floor (log2 M) */
  while (log2_M < 127 && (M >> (log2_M + 1)) != 0)
    log2_M++;
  int log2_k = 0;   /* ceil (log2 k) */
  while (((int64_t) 1 << log2_k) < k)
    log2_k++;
  int bits = (log2_M - 1 - log2_k) / 2;
  bits = bits > 53 ? 53 : bits;
  /* the crt takes q = round ((A' B' + q M) / M) from a double estimate within 2^-42.9 of it,
     exact while |A' B'| <= k (2^b - 1)^2 stays 2^-40 M short of M / 2 (the least margin of
     N = 12..15 at any k is 0.05 M: never taken, a guard) */
  while (bits > 8 && (M >> 1) - (unsigned __int128) k * ((((unsigned __int128) 1) << bits) - 1)
                                      * ((((unsigned __int128) 1) << bits) - 1) < (M >> 40))
    bits--;
  md.bits = bits;
  const unsigned __int128 limb = ((unsigned __int128) 1 << 39) - 1;
  for (int t = 0; t < N; t++) {
    const int mt = oz2_modulus (t);
    const unsigned __int128 q = M / (unsigned) mt;
    const int r = (int) (q % (unsigned) mt);
    md.mod[t] = mt;
    md.inv[t] = 0;
    for (int y = 1; y < mt; y++)
      if ((r * y) % mt == 1)
        md.inv[t] = y;
    md.c22[t] = (unsigned) ((1ull << 22) % mt);
    md.c44[t] = (unsigned) ((1ull << 44) % mt);
    md.off[t] = (unsigned) ((128 + mt - (int) ((1ull << 53) % mt)) % mt);
    md.magic39[t] = (unsigned) (((1ull << 39) + mt - 1) / mt);
    md.neg_mod[t] = 0u - (unsigned) mt;
    md.pt[0][t] = (double) (unsigned long long) (q >> 78);
    md.pt[1][t] = (double) (unsigned long long) ((q >> 39) & limb);
    md.pt[2][t] = (double) (unsigned long long) (q & limb);
  }
  md.ml[0] = (double) (unsigned long long) (M >> 78);
  md.ml[1] = (double) (unsigned long long) ((M >> 39) & limb);
  md.ml[2] = (double) (unsigned long long) (M & limb);
  md.m_lo = (unsigned long long) M;
  md.m_hi = (unsigned long long) (M >> 64);
  return md;
}

/* Scheme II's gemm where sm_90a code was built (GPUMAT_SM90A) and a compute capability 9.0
 * device grants its shared memory: ws256 (warp-specialized wgmma, 128 x 256 tiles) where
 * rounding n up to 256 rather than 128 adds at most 1/16 to the padded columns (n in
 * 129..256, any multiple of 256, and every n > 1920: the wider tile's 0.75x L2 traffic an op
 * pays for that; at n <= 128 it would double the work), else ws (128 x 128).
 * GPUMAT_OZAKI2_GEMM names another: "ws256" (at any n: for tests), "ws", "wg" (wgmma with a
 * block barrier a k-tile) or "mma" (mma.sync, what other devices run). */
Oz2GemmKind ozaki2_gemm_kind (const DeviceInfo &dev, int64_t n)
{
#if defined(GPUMAT_SM90A)
  const int asked = gm_tuning ()->ozaki2_gemm;
  if (dev.cc != 90 || (size_t) dev.smem_optin < OZ2S_SMEM || asked == GM_OZAKI2_GEMM_MMA)
    return OZ2_GEMM_MMA;
#if defined(GPUMAT_BENCH_VERSIONS)
  if (asked == GM_OZAKI2_GEMM_WG)    /* built for benchmarks only (BENCH_VERSIONS=1); else ws */
    return OZ2_GEMM_WG;
#endif
  if (asked == GM_OZAKI2_GEMM_WS || (size_t) dev.smem_optin < OZ2S256_SMEM)
    return OZ2_GEMM_WS;
  const int64_t npad_narrow = ceil_div (n, OZ2_BN) * OZ2_BN;
  const int64_t npad_wide = ceil_div (n, OZ2S_BN_WIDE) * OZ2S_BN_WIDE;
  return asked == GM_OZAKI2_GEMM_WS256 || 16 * (npad_wide - npad_narrow) <= npad_narrow
             ? OZ2_GEMM_WS256
             : OZ2_GEMM_WS;
#else
  (void) dev;
  (void) n;
  return OZ2_GEMM_MMA;
#endif
}


/* auto's second look (pick_auto chose ozaki from the shape alone): the share of C's 128x128
 * tiles that the premark hands to dmma, from the flags of A's and B's 128-row blocks (one host
 * read of (m + n) / 128 ints a page after the scan: ~10 us of waiting in a product of
 * milliseconds).  A premarked tile costs dmma's time inside ozaki, and the passes around it
 * ~7% of dmma's time where all are (0.934x dmma at 4096^3 on an H200, session 31), while a
 * clean tile costs ~0.72 of dmma's: past half the tiles the whole product goes to dmma (at
 * 3/4 the two costs meet; the guard may mark more tiles later).  *to_dmma set, the flags
 * otherwise unused. */
gm_status premark_hands_to_dmma (const MatmulArgs &a, const int *sparse, int64_t pages_a,
                                 int64_t blocks_a, int64_t pages_b, int64_t blocks_b,
                                 int64_t tiles_n, bool *to_dmma)
{
  *to_dmma = false;
  /* A's flags then B's, one after the other (run_ozaki2's workspace): blocks_a a page of A,
     blocks_b (npad / 128, of which the first tiles_n hold columns of C) a page of B */
  std::vector<int> flags ((size_t) (pages_a * blocks_a + pages_b * blocks_b));
  cudaError_t err = cudaMemcpyAsync (flags.data (), sparse, flags.size () * sizeof (int),
                                     cudaMemcpyDeviceToHost, a.stream);
  if (err == cudaSuccess)
    err = cudaStreamSynchronize (a.stream);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "matmul ozaki: the premark's flags");
  const int64_t tiles_m = blocks_a;
  double marked = 0;
  for (int64_t p = 0; p < a.batch; p++) {
    const int *fa = flags.data () + (pages_a == 1 ? 0 : p) * blocks_a;
    const int *fb = flags.data () + pages_a * blocks_a + (pages_b == 1 ? 0 : p) * blocks_b;
    int64_t rows = 0, cols = 0;
    for (int64_t i = 0; i < tiles_m; i++)
      rows += fa[i] != 0;
    for (int64_t j = 0; j < tiles_n; j++)
      cols += fb[j] != 0;
    marked += (double) rows * (double) tiles_n + (double) cols * (double) (tiles_m - rows);
  }
  *to_dmma = 2.0 * marked > (double) a.batch * (double) tiles_m * (double) tiles_n;
  return GM_OK;
}

/* The crt's instance for N moduli: NT terms, N rounded up to 14, 15 or 16 (the terms past N are
   zeros: a branch a term cost more than the term).  With the tile pass the crt has no FP64
   loop, so no layout (one instance a term count: with the loop beside the marking the kernel
   took 80 registers where it took 64). */
Oz2CrtKernel crt_masked (int N)
{
  return N <= 14 ? ozaki2_crt<false, false, 14, true>
         : N == 15 ? ozaki2_crt<false, false, 15, true>
                   : ozaki2_crt<false, false, 16, true>;
}
template <bool KA, bool KB>
Oz2CrtKernel crt_looped (int N)
{
  return N <= 14 ? ozaki2_crt<KA, KB, 14, false>
         : N == 15 ? ozaki2_crt<KA, KB, 15, false>
                   : ozaki2_crt<KA, KB, 16, false>;
}
static_assert (OZ2_MAX_MODULI == 16, "crt_masked and crt_looped: an instance a term count");

/* Scheme II: scan (codes and 1-norms), slice (N residue planes and the tops plane of each
 * operand), the tops gemm, the guard (where dmma's 128x128 tile fits the device: its tile
 * mask), the N residue gemms, the CRT, then dmma's tile pass over the marked tiles; pages in
 * chunks as run_ozaki.  Where dmma's tile does not fit, no guard pass: the crt's guard sends
 * what it cannot keep to its FP64 loop.  *handed_over set where auto's product goes to dmma
 * whole after the premark (premark_hands_to_dmma): C not written, the caller runs dmma. */
template <bool KA, bool KB>
gm_status run_ozaki2 (const MatmulArgs &a, const DeviceInfo &dev, int N, bool *handed_over)
{
  const int64_t m = a.m, n = a.n, k = a.k;
  const Oz2GemmKind kind = ozaki2_gemm_kind (dev, n);
  /* the column tile: 256 for ws256, whose blocks read B's planes, write R and T and so need
     them, 256 rows at a time (B's planes, R, T, codes and 1-norms of B, and the crt's indexing
     all follow npad) */
  const int64_t bn = kind == OZ2_GEMM_WS256 ? OZ2S_BN_WIDE : OZ2_BN;
  const int64_t mpad = ceil_div (m, OZ2_BM) * OZ2_BM, npad = ceil_div (n, bn) * bn;
  const int64_t kpad = ceil_div (k, OZ2_KT) * OZ2_KT;
  const size_t smem = kind == OZ2_GEMM_WS256 ? OZ2S256_SMEM
                      : kind == OZ2_GEMM_WS  ? OZ2S_SMEM
                      : kind == OZ2_GEMM_WG  ? OZ2W_SMEM
                                             : (size_t) (OZ2_STAGES * OZ2_STAGE_BYTES);
  const unsigned threads =
      kind == OZ2_GEMM_WS256 || kind == OZ2_GEMM_WS ? OZ2S_THREADS : OZ_THREADS;
  const Oz2Moduli mods = ozaki2_setup (N, k);
  if (smem > (size_t) dev.smem_optin || mods.bits < 8)
    return fp64_path (a, dev);
  /* wg, ws and ws256 from scheme2_wgmma.cu (ozaki2_gemm_kind returns wg only where it is built) */
  const Oz2GemmKernel gemm_v =
      kind == OZ2_GEMM_MMA ? ozaki2_gemm<false> : ozaki2_gemm_wgmma (kind, false);
  const Oz2GemmKernel gemm_t =
      kind == OZ2_GEMM_MMA ? ozaki2_gemm<true> : ozaki2_gemm_wgmma (kind, true);
  /* once per device and kernel: an attribute is set for the current device only */
  static PerDeviceOnce smem_set[OZ2_GEMM_KINDS][2];
  gm_status st = allow_smem (gemm_v, smem, &smem_set[kind][0], "matmul ozaki: shared memory");
  if (st == GM_OK)
    st = allow_smem (gemm_t, smem, &smem_set[kind][1], "matmul ozaki: shared memory");
  if (st != GM_OK)
    return st;

  /* per page: planes, codes and 1-norms of each operand (none for a broadcast one beyond the
     first), and the residues and T of C */
  const bool bcast_a = a.sa == 0, bcast_b = a.sb == 0;
  const size_t plane_bytes_a = (size_t) (N + 1) * mpad * kpad;
  const size_t plane_bytes_b = (size_t) (N + 1) * npad * kpad;
  /* and the sparse block flags (ozaki2_sparse_blocks), an int a 128 rows */
  const double bytes_a = (double) plane_bytes_a + 12.0 * mpad + mpad / 32.0;
  const double bytes_b = (double) plane_bytes_b + 12.0 * npad + npad / 32.0;
  /* the guard's tile mask, C's 128x128 tiles (mask_tn: those with a column of C; in ws256's
     npad the last 128 columns may be padding only) */
  const bool tile_pass = dmma_tiles_fit (dev);
  const int64_t mask_tm = mpad / OZ2_BM, mask_tn = ceil_div (n, OZ2_BN);
  const double bytes_c = (double) N * mpad * npad + 4.0 * mpad * npad + 4.0 * mask_tm * mask_tn;
  const int64_t chunk = pages_per_launch (
      a.batch, (bcast_a ? 0 : bytes_a) + (bcast_b ? 0 : bytes_b) + bytes_c, bytes_a + bytes_b,
      OZ_MAX_WORKSPACE);
  const int64_t pages_a = bcast_a ? 1 : chunk, pages_b = bcast_b ? 1 : chunk;
  const size_t r_bytes = (size_t) chunk * N * mpad * npad, t_bytes = (size_t) chunk * 4 * mpad * npad;
  /* the mask, then the sparse flags of A's and B's 128-row blocks; in ints, a multiple of 64:
     the planes after it stay 256-byte aligned (bulk copies) */
  const int64_t sparse_tn = npad / OZ2_BN;
  const int64_t flags = chunk * mask_tm * mask_tn + pages_a * mask_tm + pages_b * sparse_tn;
  const size_t mask_ints = tile_pass ? (size_t) ceil_div (flags, 64) * 64 : 0;
  const size_t total = pages_a * plane_bytes_a + pages_b * plane_bytes_b + r_bytes + t_bytes
                       + pages_a * 12 * mpad + pages_b * 12 * npad + 4 * mask_ints;
  Workspace ws (a.stream);
  unsigned char *buf = (unsigned char *) ws.scratch (total);
  if (!buf)
    return fp64_path (a, dev);
  /* 8-byte items first (the workspace is 256-byte aligned), then 4-byte, then bytes */
  double *l1_a = (double *) buf;
  double *l1_b = l1_a + pages_a * mpad;
  int *T = (int *) (l1_b + pages_b * npad);
  int *codes_a = T + chunk * mpad * npad;
  int *codes_b = codes_a + pages_a * mpad;
  int *mask = tile_pass ? codes_b + pages_b * npad : NULL;
  int *sparse_a = tile_pass ? mask + chunk * mask_tm * mask_tn : NULL;
  int *sparse_b = tile_pass ? sparse_a + pages_a * mask_tm : NULL;
  int8_t *planes_a = (int8_t *) (codes_b + pages_b * npad + mask_ints);
  int8_t *planes_b = planes_a + pages_a * plane_bytes_a;
  uint8_t *R = (uint8_t *) (planes_b + pages_b * plane_bytes_b);

  if ((st = reset_fixup_count (a.stream)) != GM_OK)
    return st;
  const double *A = (const double *) a.A, *B = (const double *) a.B;
  const int64_t tiles_m = mpad / OZ2_BM, tiles = tiles_m * (npad / bn);
  const int log2_k = ceil_log2 (k);
  const int64_t crt_threads = mpad / 4 * n;   /* ozaki2_crt: four rows a thread */
  if (tiles > MAX_GRID_X || ceil_div (crt_threads, 256) > MAX_GRID_X
      || mask_tm * mask_tn > MAX_GRID_X)
    return fp64_path (a, dev);
  Oz2Gemm gg = {planes_a, planes_b, bcast_a ? 0 : (int64_t) plane_bytes_a,
                bcast_b ? 0 : (int64_t) plane_bytes_b, mpad, npad, kpad, tiles_m, 0, {}, {}, {},
                {}, {}, R, T, N, NULL, mask_tm, mask_tn, sparse_a, sparse_b};
  for (int t = 0; t < N; t++) {
    const unsigned mt = (unsigned) mods.mod[t];
    gg.inv[t] = (unsigned) mods.inv[t];
    gg.inv_hi[t] = (unsigned) (((1ull << 16) * (unsigned) mods.inv[t]) % mt);
    gg.w_off[t] = ((1u << 23) + mt - 1) / mt * mt;
    gg.magic39[t] = mods.magic39[t];
    gg.neg_mod[t] = mods.neg_mod[t];
  }
  Oz2Crt gc = {m, n, k, mpad, npad, mods, R, T, codes_a, codes_b, bcast_a ? 0 : mpad,
               bcast_b ? 0 : npad, l1_a, l1_b, A, B, a.lda, a.sa, a.ldb, a.sb, (double *) a.C,
               a.ldc, a.sc, 0, 1022 - log2_k, 4.0 / (double) mpad, ldexp (1.0, -mods.bits),
               ldexp (1.0, -2 * mods.bits),
               1.0 / ((double) mods.m_hi * 0x1p64 + (double) mods.m_lo), mask, mask_tm,
               mask_tn, sparse_a, sparse_b};
  const double dense_l1 = oz2_premark_l1 (k);   /* ozaki2_sparse_blocks */
  const Oz2Slice slice_args_a = {mods, sparse_a}, slice_args_b = {mods, sparse_b};
  for (int64_t p0 = 0; p0 < a.batch; p0 += chunk) {
    const int64_t pages = a.batch - p0 < chunk ? a.batch - p0 : chunk;
    const int64_t pa = bcast_a ? 1 : pages, pb = bcast_b ? 1 : pages;
    const int64_t base_a = bcast_a ? 0 : p0, base_b = bcast_b ? 0 : p0;
    launch_scans<KA, KB> (a, base_a, pa, base_b, pb, mpad, npad, codes_a, codes_b, l1_a, l1_b);
    if (tile_pass) {
      ozaki2_sparse_blocks<<<dim3 ((unsigned) mask_tm, (unsigned) pa), OZ2_BM, 0, a.stream>>> (
          m, mpad, codes_a, l1_a, dense_l1, sparse_a);
      ozaki2_sparse_blocks<<<dim3 ((unsigned) sparse_tn, (unsigned) pb), OZ2_BM, 0, a.stream>>> (
          n, npad, codes_b, l1_b, dense_l1, sparse_b);
      /* auto's product in one chunk: where the premark hands most tiles to dmma, all of it */
      if (a.auto_pick && chunk >= a.batch) {
        bool to_dmma = false;
        if ((st = premark_hands_to_dmma (a, sparse_a, pages_a, mask_tm, pb, sparse_tn, mask_tn,
                                         &to_dmma)) != GM_OK)
          return st;
        if (to_dmma) {   /* C untouched: matmul_ozaki runs dmma once ws is freed */
          last_slices.store (0);   /* gm_matmul_ozaki_stats: not ozaki's product */
          last_tiles.store (0);
          *handed_over = true;
          return GM_OK;
        }
      }
    }
    launch_slices (KA ? ozaki2_slice<true> : ozaki2_slice<false>,
                   KB ? ozaki2_slice<true> : ozaki2_slice<false>, a, base_a, pa, base_b, pb, mpad,
                   npad, kpad, codes_a, codes_b, slice_args_a, slice_args_b, planes_a, planes_b);
    /* the tops first: the guard needs only T, the codes and the 1-norms, and its mask lets the
       residue gemms skip the tiles dmma computes */
    gc.page0 = p0;
    gg.plane0 = N;
    gg.mask = NULL;
    gemm_t<<<dim3 ((unsigned) tiles, 1, (unsigned) pages), threads, smem, a.stream>>> (gg);
    if (tile_pass)
      ozaki2_guard<<<dim3 ((unsigned) (mask_tm * mask_tn), (unsigned) pages), 256, 0,
                     a.stream>>> (gc);
    gg.plane0 = 0;
    gg.mask = mask;
    gemm_v<<<dim3 ((unsigned) tiles, (unsigned) N, (unsigned) pages), threads, smem, a.stream>>> (gg);
    const dim3 crt_grid ((unsigned) ceil_div (crt_threads, 256), (unsigned) pages);
    /* with the tile pass the crt has no FP64 loop, so no layout (one instance a term count:
       with the loop beside the marking the kernel took 80 registers where it took 64) */
    const Oz2CrtKernel crt = tile_pass ? crt_masked (N) : crt_looped<KA, KB> (N);
    crt<<<crt_grid, 256, 0, a.stream>>> (gc);
    if (const cudaError_t err = cudaGetLastError (); err != cudaSuccess)
      return gm_cuda_status (err, "matmul ozaki: launch");
    if (tile_pass) {
      /* the marked tiles of these pages by dmma, every block of the grid reading its flag on
         the device: launched whatever the mask holds (no host sync; on clean data its blocks
         all return at once, and a split's sum writes nothing); k's slices planned on all
         a.batch pages, as matmul_dmma plans the whole product */
      MatmulArgs d = a;
      d.A = A + p0 * a.sa;
      d.B = B + p0 * a.sb;
      d.C = (double *) a.C + p0 * a.sc;
      d.batch = pages;
      d.tile_mask = mask;
      d.mask_tm = mask_tm;
      d.mask_tn = mask_tn;
      if ((st = matmul_dmma_tiles (d, dev, a.batch)) != GM_OK)
        return st;
    }
  }
  last_slices.store (N);
  last_tiles.store (tile_pass ? a.batch * mask_tm * mask_tn : 0);
  return GM_OK;
}

} /* namespace */

/* Products of k < OZAKI_K_FLOOR run on the FP64 path (scheme1.cu's header, point 5). */
constexpr int64_t OZAKI_K_FLOOR = 16;

bool ozaki_fast_path (const MatmulArgs &a, const DeviceInfo &dev)
{
  return !a.ct && a.k >= OZAKI_K_FLOOR && a.k <= OZ2_MAX_K && ozaki_version () == 3
         && dmma_tiles_fit (dev) && ozaki2_gemm_kind (dev, a.n) != OZ2_GEMM_MMA;
}

gm_status matmul_ozaki (const MatmulArgs &a, const DeviceInfo &dev)
{
  if (a.ct)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul ozaki: C stored transposed");
  if (a.k < OZAKI_K_FLOOR)
    return fp64_path (a, dev);
  const int s = ozaki_slices ();
  /* scheme II (the default) where its int32 sums stay exact, else scheme I */
  const bool scheme2 = ozaki_version () == 3 && a.k <= OZ2_MAX_K;
  bool handed_over = false;   /* auto's product given to dmma whole (premark_hands_to_dmma) */
  const gm_status st = with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    return scheme2 ? run_ozaki2<KA, KB> (a, dev, ozaki2_moduli (a.k), &handed_over)
                   : run_ozaki<KA, KB> (a, dev, s);
  });
  return st == GM_OK && handed_over ? matmul_dmma (a, dev) : st;
}

} /* namespace gm_matmul_detail */

extern "C" gm_status gm_matmul_ozaki_stats (int *slices, int64_t *fixups)
{
  if (!slices || !fixups)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul ozaki stats: null output");
  unsigned long long f = 0, f1 = 0;
  void *counter1 = NULL;
  cudaError_t err = cudaDeviceSynchronize ();
  if (err == cudaSuccess)
    err = cudaMemcpyFromSymbol (&f, gm_matmul_detail::ozaki_fixups, sizeof f);
  /* and scheme1.cu's counter: reset_fixup_count zeroed both before the last call */
  if (err == cudaSuccess)
    err = gm_matmul_detail::ozaki1_fixup_counter (&counter1);
  if (err == cudaSuccess)
    err = cudaMemcpy (&f1, counter1, sizeof f1, cudaMemcpyDeviceToHost);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "matmul ozaki stats");
  const int slices_seen = gm_matmul_detail::last_slices.load ();
  *slices = slices_seen;
  *fixups = slices_seen ? (int64_t) (f + f1) : 0;
  return GM_OK;
}

extern "C" gm_status gm_matmul_ozaki_tiles (int64_t *marked, int64_t *tiles)
{
  if (!marked || !tiles)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul ozaki tiles: null output");
  unsigned long long f = 0;
  cudaError_t err = cudaDeviceSynchronize ();
  if (err == cudaSuccess)
    err = cudaMemcpyFromSymbol (&f, gm_matmul_detail::ozaki_marked, sizeof f);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "matmul ozaki tiles");
  *tiles = gm_matmul_detail::last_tiles.load ();
  *marked = *tiles ? (int64_t) f : 0;
  return GM_OK;
}
