/* scheme1.cu: the ozaki family's scheme I (error-free slices): each row of op(A) and column of
 * op(B) cut into s signed 7-bit digits (s = 8 by default, GPUMAT_OZAKI_SLICES 2..11), the
 * s(s+1)/2 slice pairs that matter multiplied exactly on the INT8 tensor cores (mma.sync, 64x64
 * tiles: 36 int8 GEMMs and 1 for the guard's T at s = 8), folded into doubles by Horner;
 * every element within k eps S (below) or recomputed on the FP64 path.  Runs where k > 131071
 * (scheme II's int32 sums would not be exact) or GPUMAT_OZAKI_VERSION is 1 or 2; gemm v2 (all
 * diagonals at once, s = 8) is built with BENCH_VERSIONS=1 only.  H100: 7.3 / 7.7 TFLOP/s at
 * 4096^3 / 8192^3 (15-16% of DGEMM); its versions: bench/NOTES-matmul.md ("Ozaki v1", "the
 * ozaki family's versions").
 *
 * ---- Error analysis (u = 2^-53, eps = eps(double) = 2u) -----------------------------------
 * Claim: every element of C that the int8 path writes satisfies
 *     |C - C_exact| <= k eps S,   S = sum_p |a_p| |b_p|   (a = row i of op(A), b = column j)
 * for any k and any data; the guard sends every element where the bound cannot be certified to
 * the FP64 path (sequential FMA: within gamma_k S <= k u S / (1 - k u), plus underflow).
 * Work in scaled units: x_p = a_p 2^-Ea, y_p = b_p 2^-Eb, |x|, |y| < 1, with Ea = ilogb(max_p
 * |a_p|) + 1 (likewise Eb); everything below is in units of 2^(Ea + Eb).
 * 1. Slicing.  x = sum_{t=1..s} d_t 2^-7t + rx, d_t = trunc(128 (x - sum_{<t})): each step
 *    (multiply by 128, take the integer part, keep the fraction) is exact in double, so the
 *    digits are exact, of x's sign, |d_t| <= 127 and |rx| < 2^-7s.  x = a 2^-Ea is exact (a
 *    power-of-two scaling; where it would be subnormal it is off by at most 2^-1075, folded
 *    into rx).  Since the digits share x's sign, |X_s| = sum |d_t| 2^-7t <= |x|.
 * 2. Dropped terms.  xy = sum_{t,u<=s} d_t e_u 2^-7(t+u) + X_s ry + rx Y_s + rx ry; the int8
 *    path keeps the pairs t + u <= s + 1.  The rest: pairs d = t + u >= s + 2, (2s + 1 - d) of
 *    them, each < 127^2 2^-7d: sum < (s - 1) (127/128)^2 2^-7s / (1 - 2^-7) < (s - 1) 2^-7s;
 *    plus |X_s ry| + |rx Y_s| + |rx ry| < (2 + 2^-7s) 2^-7s.  Per p: < (s + 1.01) 2^-7s, and
 *    0 where x_p or y_p is 0.  In all:  E_trunc <= k (s + 1.01) 2^-7s.
 * 3. Integer sums.  Per k-tile (64 deep) and diagonal d, G_d = sum_{t+u=d} sum_p d_t e_u is
 *    at most s 64 127^2 < 2^23 in size: exact in int32 (no K split needed at any k).  T (the
 *    |d_1| |e_1| MMA, .satfinite) clamps at 2^31 - 1 instead of wrapping, so it stays a lower
 *    bound of sum |d_1| |e_1| <= 2^14 S at any k.
 * 4. Horner per k-tile, in double: h = G_{s+1}; h = fma (h, 2^-7, G_d) for d = s .. 2; the
 *    tile's value is 2^-14 h.  Each fma rounds once; level d's rounding weighs 2^-7(d-2) in the
 *    result, so the error is <= u sum_pairs (t + u - 1) |d_t e_u| 2^-7(t+u) <= s u S_tile (the
 *    kept |d_t e_u| 2^-7(t+u) sum to at most |X_s||Y_s| <= |x||y|).  The KT = ceil(k/64)
 *    tiles added in order: <= (KT - 1) u S.  Both with their (1 + O(s u)) factors:
 *        E_acc <= 1.01 (s + KT) u S.
 *    The final scaling by 2^(Ea + Eb - 14) is exact unless the result is subnormal or
 *    overflows; the guard sends those elements to the FP64 path.
 * 5. Guard.  T 2^-14 <= S (|d_1| 2^-7 <= |x|).  An element keeps its int8 value only if
 *        k (s + 1.02) 2^-7s  <=  (2k - 1.02 (s + KT)) u T 2^-14
 *    (then E_trunc + E_acc <= 2k u S = k eps S; 1.02 covers the check's own rounding), its
 *    row and column are finite, Ea + Eb <= 1022 - ceil(log2 k) (then every product and every
 *    partial sum, in any order, stays below 2^1022: no overflow an FP64 kernel would meet and
 *    the exact value would hide), and 2^-1022 <= |C| < 2^1023 or C == 0 exactly.  Otherwise the element is recomputed on the
 *    FP64 path.  For s = 8 the guard asks T 2^-14 >~ 0.57 at
 *    any k >= 36 (1.14 for k = 16): dense data with sum |x||y| ~ k/4 pass from k = 3 on; a
 *    row or column whose entries lie far below its largest (exponent spread) gives small T
 *    where the far entries meet, and those elements take the FP64 path (slow, exact to IEEE).
 *    Below OZAKI_K_FLOOR = 16 the factor 2k - 1.02 (s + KT) leaves too little: the whole
 *    product runs on the FP64 path.
 * 6. Slice count.  s = 8 (56 bits per entry against double's 53; 36 int8 GEMMs + 1 for T):
 *    the least s whose truncation error on dense data is at DGEMM's level.  The bound alone
 *    would let s = 7 pass dense data from k ~ 4100 on (k eps grows with k) but with 49 bits,
 *    below what DGEMM delivers; GPUMAT_OZAKI_SLICES (2..11, tuning.h) overrides it
 *    for measurements: the guard keeps any s correct, fewer slices only send more elements to
 *    the FP64 path.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "ozaki.cuh"

namespace gm_matmul_detail {

namespace {

/* Elements the last ozaki call recomputed on the FP64 path (all pages): for tests and notes.
 * This file's kernels count here; scheme2.cu's in their own (ozaki.cuh). */
__device__ unsigned long long ozaki_fixups;

/* ---- (2) slice ---------------------------------------------------------------------------- */
/* planes[t][x][p] (t < s, x < xpad, p < kpad, int8, p contiguous) of every page: the digits of
 * element (x, p) scaled by 2^-code[x]; zeros outside the matrix and in rows that are all zero
 * or not finite.  One thread: 16 consecutive p of one x (16-byte stores); consecutive threads
 * take consecutive p-groups (KMAJ: the reads run along p) or consecutive x (else). */
template <bool KMAJ>
__global__ void __launch_bounds__ (256)
ozaki_slice (int64_t rows, int64_t k, const double *__restrict__ X, int64_t ld, int64_t sx,
             int64_t page0, const int *__restrict__ code, int64_t xpad, int64_t kpad, int s,
             int8_t *__restrict__ planes)
{
  const int64_t page = blockIdx.y, groups = kpad / 16;
  const int64_t id = blockIdx.x * (int64_t) blockDim.x + threadIdx.x;
  if (id >= xpad * groups)
    return;
  const int64_t x = KMAJ ? id / groups : id % xpad, pg = KMAJ ? id % groups : id / xpad;
  X += (page0 + page) * sx;
  code += page * xpad;
  planes += page * (int64_t) s * xpad * kpad;
  const int c = code[x];
  const bool live = x < rows && c != OZ_ZERO && c != OZ_NONFINITE;
  double r[16];
#pragma unroll
  for (int q = 0; q < 16; q++) {
    const int64_t p = pg * 16 + q;
    r[q] = live && p < k ? scalbn (X[KMAJ ? p + x * ld : x + p * ld], -c) : 0.0;
  }
  int8_t *dst = planes + x * kpad + pg * 16;
  for (int t = 0; t < s; t++) {
    uint32_t w[4] = {0, 0, 0, 0};
#pragma unroll
    for (int q = 0; q < 16; q++) {
      const double v = r[q] * 128.0;   /* exact: |r| < 1, a power-of-two scaling */
      const double d = trunc (v);      /* |d| <= 127, of r's sign */
      r[q] = v - d;                    /* exact: the fraction of v */
      w[q / 4] |= ((uint32_t) (uint8_t) (int8_t) (int) d) << (8 * (q % 4));
    }
    *reinterpret_cast<uint4 *> (dst + (int64_t) t * xpad * kpad) = make_uint4 (w[0], w[1], w[2], w[3]);
  }
}

struct OzGemm {
  int64_t m, n, k;
  int s;
  const int8_t *pa, *pb;        /* planes of page 0 of this launch */
  int64_t pa_page, pb_page;     /* bytes between pages' planes (0: one for all) */
  int64_t mpad, npad, kpad;
  const int *ca, *cb;           /* row / column codes of page 0 */
  int64_t ca_page, cb_page;
  const double *A, *B;          /* the operands (the fixups read them), page 0 of the call */
  int64_t lda, sa, ldb, sb;
  double *C;
  int64_t ldc, sc;
  int64_t page0;                /* first page of this launch */
  int64_t tiles_m;
  double trunc_bound;           /* k (s + 1.02) 2^-7s */
  double guard_coef;            /* (2k - 1.02 (s + KT)) u 2^-14: times T */
  int ovf_exp;                  /* 1022 - ceil(log2 k): rows and columns with Ea + Eb above
                                   it take the FP64 path (products or sums could overflow) */
};

/* Launch contract: 256 threads, oz_stage_bytes (s) * OZ_STAGES bytes of dynamic shared memory,
 * grid x = tiles along i * tiles along j, y = pages of this launch.  Planes padded (mpad, npad
 * multiples of 64, kpad of 64, zeros beyond the matrix).  Operand layouts KA (op(A) = Aᵀ: A
 * stored k x m), KB (op(B) = B: B stored k x n), for the fixups only. */
template <bool KA, bool KB, int S2>
__global__ void __launch_bounds__ (OZ_THREADS, 1)
ozaki_gemm (OzGemm g)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  int8_t *smem = reinterpret_cast<int8_t *> (smem_raw);
  const int s = g.s;
  const int64_t page = blockIdx.y;
  const int64_t ti = blockIdx.x % g.tiles_m, tj = blockIdx.x / g.tiles_m;
  const int64_t i0 = ti * OZ_BM, j0 = tj * OZ_BN;
  const int8_t *pa = g.pa + page * g.pa_page + i0 * g.kpad;
  const int8_t *pb = g.pb + page * g.pb_page + j0 * g.kpad;
  const int64_t plane_a = g.mpad * g.kpad, plane_b = g.npad * g.kpad;
  const int64_t stage_bytes = oz_stage_bytes (s), a_bytes = (int64_t) s * OZ_BM * OZ_PITCH;

  const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  const int wi = (warp % 2) * OZ_WM, wj = (warp / 2) * OZ_WN;
  const int gr = lane / 4, tg = lane % 4;
  const int64_t KT = g.kpad / OZ_BK;

  /* s planes x 64 rows x 4 chunks of 16 bytes, per operand */
  auto load_stage = [&] (int stage, int64_t kt) {
    int8_t *sm = smem + stage * stage_bytes;
    const int chunks = s * 64 * 4;
    for (int q = tid; q < chunks; q += OZ_THREADS) {
      const int t = q >> 8, r = (q >> 2) & 63, c = q & 3;
      const int64_t off = kt * OZ_BK + c * 16;
      cp_async_16 (sm + (t * 64 + r) * OZ_PITCH + c * 16, pa + t * plane_a + r * g.kpad + off, 16);
      cp_async_16 (sm + a_bytes + (t * 64 + r) * OZ_PITCH + c * 16,
                   pb + t * plane_b + r * g.kpad + off, 16);
    }
  };

  double acc[OZ_MT][OZ_NT][4];
  int tsum[OZ_MT][OZ_NT][4];
#pragma unroll
  for (int x = 0; x < OZ_MT; x++)
#pragma unroll
    for (int y = 0; y < OZ_NT; y++)
#pragma unroll
      for (int e = 0; e < 4; e++) {
        acc[x][y][e] = 0.0;
        tsum[x][y][e] = 0;
      }

  auto compute = [&] (int64_t kt) {
    const int8_t *as = smem + (kt % OZ_STAGES) * stage_bytes;
    const int8_t *bs = as + a_bytes;
    double h[OZ_MT][OZ_NT][4];
    for (int d = s + 1; d >= 2; d--) {   /* diagonal d = t + u, slices t, u = 1 .. s */
      int tmp[OZ_MT][OZ_NT][4];
#pragma unroll
      for (int x = 0; x < OZ_MT; x++)
#pragma unroll
        for (int y = 0; y < OZ_NT; y++)
#pragma unroll
          for (int e = 0; e < 4; e++)
            tmp[x][y][e] = 0;
#pragma unroll
      for (int kk = 0; kk < OZ_BK; kk += 32) {
        for (int t = 1; t < d; t++) {
          const int u = d - t;
          uint32_t af[OZ_MT][4], bf[OZ_NT][2];
#pragma unroll
          for (int x = 0; x < OZ_MT; x++) {
            const int8_t *p = as + ((t - 1) * 64 + wi + x * 16 + gr) * OZ_PITCH + kk + 4 * tg;
            af[x][0] = *reinterpret_cast<const uint32_t *> (p);
            af[x][1] = *reinterpret_cast<const uint32_t *> (p + 8 * OZ_PITCH);
            af[x][2] = *reinterpret_cast<const uint32_t *> (p + 16);
            af[x][3] = *reinterpret_cast<const uint32_t *> (p + 8 * OZ_PITCH + 16);
          }
#pragma unroll
          for (int y = 0; y < OZ_NT; y++) {
            const int8_t *p = bs + ((u - 1) * 64 + wj + y * 8 + gr) * OZ_PITCH + kk + 4 * tg;
            bf[y][0] = *reinterpret_cast<const uint32_t *> (p);
            bf[y][1] = *reinterpret_cast<const uint32_t *> (p + 16);
          }
#pragma unroll
          for (int x = 0; x < OZ_MT; x++)
#pragma unroll
            for (int y = 0; y < OZ_NT; y++)
              mma_s8 (tmp[x][y], af[x], bf[y]);
          if (d == 2) {   /* the leading pair again on |digits|: T, a lower bound of S */
#pragma unroll
            for (int x = 0; x < OZ_MT; x++)
#pragma unroll
              for (int r = 0; r < 4; r++)
                af[x][r] = __vabsss4 (af[x][r]);
#pragma unroll
            for (int y = 0; y < OZ_NT; y++)
#pragma unroll
              for (int r = 0; r < 2; r++)
                bf[y][r] = __vabsss4 (bf[y][r]);
#pragma unroll
            for (int x = 0; x < OZ_MT; x++)
#pragma unroll
              for (int y = 0; y < OZ_NT; y++)
                mma_s8_sat (tsum[x][y], af[x], bf[y]);
          }
        }
      }
#pragma unroll
      for (int x = 0; x < OZ_MT; x++)
#pragma unroll
        for (int y = 0; y < OZ_NT; y++)
#pragma unroll
          for (int e = 0; e < 4; e++)
            h[x][y][e] = d == s + 1 ? (double) tmp[x][y][e]
                                    : fma (h[x][y][e], 0x1p-7, (double) tmp[x][y][e]);
    }
#pragma unroll
    for (int x = 0; x < OZ_MT; x++)
#pragma unroll
      for (int y = 0; y < OZ_NT; y++)
#pragma unroll
        for (int e = 0; e < 4; e++)
          acc[x][y][e] += h[x][y][e];
  };

  /* v2 (S2 = s, compile-time): per k32 the warp's B fragments of all S2 slices stay in
     registers and each A slice is loaded once, every diagonal accumulated at once: 12 S2
     LDS.32 a k32 (96 at s = 8) instead of 6 s(s+1) (432); the same sums, in the same order
     within each diagonal's int32 (exact anyway), the same Horner fold. */
  auto compute_v2 = [&] (int64_t kt) {
    constexpr int S = S2 > 0 ? S2 : 1;
    const int8_t *as = smem + (kt % OZ_STAGES) * stage_bytes;
    const int8_t *bs = as + a_bytes;
    int tmp[S][OZ_MT][OZ_NT][4];   /* tmp[d - 2]: diagonal d */
#pragma unroll
    for (int d = 0; d < S; d++)
#pragma unroll
      for (int x = 0; x < OZ_MT; x++)
#pragma unroll
        for (int y = 0; y < OZ_NT; y++)
#pragma unroll
          for (int e = 0; e < 4; e++)
            tmp[d][x][y][e] = 0;
#pragma unroll
    for (int kk = 0; kk < OZ_BK; kk += 32) {
      uint32_t bf[S][OZ_NT][2];
#pragma unroll
      for (int u = 0; u < S; u++)
#pragma unroll
        for (int y = 0; y < OZ_NT; y++) {
          const int8_t *p = bs + (u * 64 + wj + y * 8 + gr) * OZ_PITCH + kk + 4 * tg;
          bf[u][y][0] = *reinterpret_cast<const uint32_t *> (p);
          bf[u][y][1] = *reinterpret_cast<const uint32_t *> (p + 16);
        }
#pragma unroll
      for (int t = 1; t <= S; t++) {
        uint32_t af[OZ_MT][4];
#pragma unroll
        for (int x = 0; x < OZ_MT; x++) {
          const int8_t *p = as + ((t - 1) * 64 + wi + x * 16 + gr) * OZ_PITCH + kk + 4 * tg;
          af[x][0] = *reinterpret_cast<const uint32_t *> (p);
          af[x][1] = *reinterpret_cast<const uint32_t *> (p + 8 * OZ_PITCH);
          af[x][2] = *reinterpret_cast<const uint32_t *> (p + 16);
          af[x][3] = *reinterpret_cast<const uint32_t *> (p + 8 * OZ_PITCH + 16);
        }
#pragma unroll
        for (int u = 1; u + t <= S + 1; u++)
#pragma unroll
          for (int x = 0; x < OZ_MT; x++)
#pragma unroll
            for (int y = 0; y < OZ_NT; y++)
              mma_s8 (tmp[t + u - 2][x][y], af[x], bf[u - 1][y]);
        if (t == 1) {   /* T: the leading pair on |digits| */
          uint32_t ab[OZ_MT][4], bb[OZ_NT][2];
#pragma unroll
          for (int x = 0; x < OZ_MT; x++)
#pragma unroll
            for (int r = 0; r < 4; r++)
              ab[x][r] = __vabsss4 (af[x][r]);
#pragma unroll
          for (int y = 0; y < OZ_NT; y++)
#pragma unroll
            for (int r = 0; r < 2; r++)
              bb[y][r] = __vabsss4 (bf[0][y][r]);
#pragma unroll
          for (int x = 0; x < OZ_MT; x++)
#pragma unroll
            for (int y = 0; y < OZ_NT; y++)
              mma_s8_sat (tsum[x][y], ab[x], bb[y]);
        }
      }
    }
#pragma unroll
    for (int x = 0; x < OZ_MT; x++)
#pragma unroll
      for (int y = 0; y < OZ_NT; y++)
#pragma unroll
        for (int e = 0; e < 4; e++) {
          double h = (double) tmp[S - 1][x][y][e];
#pragma unroll
          for (int d = S - 2; d >= 0; d--)
            h = fma (h, 0x1p-7, (double) tmp[d][x][y][e]);
          acc[x][y][e] += h;
        }
  };

  if constexpr (S2 > 0)
    mma_pipeline<OZ_STAGES> (KT, load_stage, compute_v2);
  else
    mma_pipeline<OZ_STAGES> (KT, load_stage, compute);

  /* Epilogue: keep the int8 value where the guard certifies it, else the FP64 path. */
  const int *ca = g.ca + page * g.ca_page, *cb = g.cb + page * g.cb_page;
  const int64_t pg = g.page0 + page;
  const double *A = g.A + pg * g.sa, *B = g.B + pg * g.sb;
  double *C = g.C + pg * g.sc;
  unsigned fixed = 0;
#pragma unroll
  for (int x = 0; x < OZ_MT; x++)
#pragma unroll
    for (int y = 0; y < OZ_NT; y++)
#pragma unroll
      for (int e = 0; e < 4; e++) {
        const int64_t i = i0 + wi + x * 16 + gr + (e / 2) * 8;
        const int64_t j = j0 + wj + y * 8 + 2 * tg + (e % 2);
        if (i >= g.m || j >= g.n)
          continue;
        const int ea = ca[i], eb = cb[j];
        double v = 0.0;
        bool fix;
        if (ea == OZ_NONFINITE || eb == OZ_NONFINITE)
          fix = true;
        else if (ea == OZ_ZERO || eb == OZ_ZERO)
          fix = false;   /* a row or column of zeros against finite values: exactly 0 */
        else if (ea + eb > g.ovf_exp)
          fix = true;   /* a product or a partial sum might overflow: IEEE's outcome */
        else {
          v = scalbn (acc[x][y][e], ea + eb - 14);
          const double av = fabs (v);
          fix = !(g.trunc_bound <= g.guard_coef * (double) tsum[x][y][e])
                || !(av < 0x1p1023) || (av < 0x1p-1022 && acc[x][y][e] != 0.0);
        }
        if (fix) {
          double sum = 0.0;
          for (int64_t p = 0; p < g.k; p++)
            sum = fma (A[at<KA> (i, p, g.lda)], B[at<KB> (j, p, g.ldb)], sum);
          v = sum;
          fixed++;
        }
        C[i + j * g.ldc] = v;
      }
  /* one atomic a warp */
#pragma unroll
  for (int o = 16; o > 0; o /= 2)
    fixed += __shfl_xor_sync (0xffffffffu, fixed, o);
  if (lane == 0 && fixed)
    atomicAdd (&ozaki_fixups, (unsigned long long) fixed);
#endif
}

} /* namespace */

cudaError_t ozaki1_fixup_counter (void **counter)
{
  return cudaGetSymbolAddress (counter, ozaki_fixups);
}

template <bool KA, bool KB>
gm_status run_ozaki (const MatmulArgs &a, const DeviceInfo &dev, int s)
{
  const int64_t m = a.m, n = a.n, k = a.k;
  const int64_t mpad = ceil_div (m, OZ_BM) * OZ_BM, npad = ceil_div (n, OZ_BN) * OZ_BN;
  const int64_t kpad = ceil_div (k, OZ_BK) * OZ_BK, KT = kpad / OZ_BK;
  const size_t smem = (size_t) (OZ_STAGES * oz_stage_bytes (s));
  const double guard_coef = (2.0 * (double) k - 1.02 * (double) (s + KT)) * 0x1p-53 * 0x1p-14;
  if (smem > (size_t) dev.smem_optin || !(guard_coef > 0))
    return fp64_path (a, dev);
  /* v2 (all diagonals at once) where asked and s is its compile-time 8, else v1; v2 is built
     only for benchmarks (make BENCH_VERSIONS=1: it and gemm wg below are 6 s of this file's 16 s
     of compiling for sm_90a) */
#if defined(GPUMAT_BENCH_VERSIONS)
  const int version = s == OZ_DEFAULT_SLICES && ozaki_version () == 2 ? 2 : 1;
  auto kernel = version == 2 ? ozaki_gemm<KA, KB, OZ_DEFAULT_SLICES> : ozaki_gemm<KA, KB, 0>;
#else
  const int version = 1;
  auto kernel = ozaki_gemm<KA, KB, 0>;
#endif
  /* the kernel's dynamic shared-memory limit, raised to the largest s seen (per instance and
     per device: the attribute is the current device's; a device past GM_MAX_DEVICES sets it
     every time; a device reset, gm_reset after a fault, starts over) */
  static std::atomic<size_t> smem_allowed[GM_MAX_DEVICES][3];
  static std::atomic<unsigned> smem_epoch[GM_MAX_DEVICES];
  const int ordinal = current_device_or_none ();
  const bool cached = ordinal >= 0 && ordinal < GM_MAX_DEVICES;
  if (cached && smem_epoch[ordinal].load () != gm_context_epoch ()) {
    for (int v = 0; v < 3; v++)
      smem_allowed[ordinal][v].store (0);
    smem_epoch[ordinal].store (gm_context_epoch ());
  }
  if (!cached || smem > smem_allowed[ordinal][version].load ()) {
    const cudaError_t e = cudaFuncSetAttribute (kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                (int) smem);
    if (e != cudaSuccess)
      return gm_cuda_status (e, "matmul ozaki: shared memory");
    if (cached) {
      size_t seen = smem_allowed[ordinal][version].load ();
      while (smem > seen && !smem_allowed[ordinal][version].compare_exchange_weak (seen, smem)) {
      }
    }
  }

  /* per page: the planes and codes of each operand (none for a broadcast one beyond the first) */
  const bool bcast_a = a.sa == 0, bcast_b = a.sb == 0;
  const double bytes_a = (double) s * mpad * kpad + 4.0 * mpad;
  const double bytes_b = (double) s * npad * kpad + 4.0 * npad;
  const int64_t chunk = pages_per_launch (
      a.batch, (bcast_a ? 0 : bytes_a) + (bcast_b ? 0 : bytes_b), bytes_a + bytes_b,
      OZ_MAX_WORKSPACE);
  const int64_t pages_a = bcast_a ? 1 : chunk, pages_b = bcast_b ? 1 : chunk;
  const size_t plane_bytes_a = (size_t) s * mpad * kpad, plane_bytes_b = (size_t) s * npad * kpad;
  const size_t total = pages_a * (plane_bytes_a + 4 * mpad) + pages_b * (plane_bytes_b + 4 * npad);
  Workspace ws (a.stream);
  unsigned char *buf = (unsigned char *) ws.scratch (total);
  if (!buf)
    return fp64_path (a, dev);
  int8_t *planes_a = (int8_t *) buf;
  int8_t *planes_b = planes_a + pages_a * plane_bytes_a;
  int *codes_a = (int *) (planes_b + pages_b * plane_bytes_b);
  int *codes_b = codes_a + pages_a * mpad;

  if (const gm_status st = reset_fixup_count (a.stream); st != GM_OK)
    return st;
  const double *A = (const double *) a.A, *B = (const double *) a.B;
  const int64_t tiles_m = mpad / OZ_BM, tiles = tiles_m * (npad / OZ_BN);
  const int log2_k = ceil_log2 (k);
  if (tiles > MAX_GRID_X)
    return fp64_path (a, dev);
  OzGemm g = {m, n, k, s, planes_a, planes_b,
              bcast_a ? 0 : (int64_t) plane_bytes_a, bcast_b ? 0 : (int64_t) plane_bytes_b,
              mpad, npad, kpad, codes_a, codes_b, bcast_a ? 0 : mpad, bcast_b ? 0 : npad,
              A, B, a.lda, a.sa, a.ldb, a.sb, (double *) a.C, a.ldc, a.sc, 0, tiles_m,
              (double) k * (s + 1.02) * ldexp (1.0, -7 * s), guard_coef, 1022 - log2_k};
  for (int64_t p0 = 0; p0 < a.batch; p0 += chunk) {
    const int64_t pages = a.batch - p0 < chunk ? a.batch - p0 : chunk;
    const int64_t pa = bcast_a ? 1 : pages, pb = bcast_b ? 1 : pages;
    const int64_t base_a = bcast_a ? 0 : p0, base_b = bcast_b ? 0 : p0;
    launch_scans<KA, KB> (a, base_a, pa, base_b, pb, mpad, npad, codes_a, codes_b, nullptr, nullptr);
    launch_slices (KA ? ozaki_slice<true> : ozaki_slice<false>,
                   KB ? ozaki_slice<true> : ozaki_slice<false>, a, base_a, pa, base_b, pb, mpad,
                   npad, kpad, codes_a, codes_b, s, s, planes_a, planes_b);
    g.page0 = p0;
    kernel<<<dim3 ((unsigned) tiles, (unsigned) pages), OZ_THREADS, smem, a.stream>>> (g);
    if (const cudaError_t err = cudaGetLastError (); err != cudaSuccess)
      return gm_cuda_status (err, "matmul ozaki: launch");
  }
  last_slices.store (s);
  return GM_OK;
}

template gm_status run_ozaki<false, false> (const MatmulArgs &, const DeviceInfo &, int);
template gm_status run_ozaki<false, true> (const MatmulArgs &, const DeviceInfo &, int);
template gm_status run_ozaki<true, false> (const MatmulArgs &, const DeviceInfo &, int);
template gm_status run_ozaki<true, true> (const MatmulArgs &, const DeviceInfo &, int);

} /* namespace gm_matmul_detail */
