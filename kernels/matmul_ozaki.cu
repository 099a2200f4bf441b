/* matmul_ozaki.cu: the ozaki family: double products on the INT8 tensor cores (compute
 * capability 8.0+; wgmma on 9.0 where sm_90a is built), by default by the Ozaki scheme II
 * (integer-modular, 14 moduli: ozaki v3 below) where k <= 131071, else by scheme I (error-free
 * slices, 8 by default), accurate to FP64's own componentwise bound k eps(double) (|A||B|)
 * (below).  Double (and complex double, through matmul_complex.cu) only; by name ("ozaki"),
 * not chosen by auto.
 *
 * Versions:
 *   ozaki v1  (issue 13; H100: correct, 7.3 / 7.7 TFLOP/s at 4096 / 8192 = 15-16% of DGEMM;
 *             bench/NOTES-matmul.md "Ozaki v1")
 *            Three passes a page.  (1) scan: per row of op(A) and per column of op(B) the
 *            largest finite |x| (its exponent E: every |x| < 2^E) and whether a NaN or Inf is
 *            there.  (2) slice: x 2^-E in (-1, 1) cut into s = 8 signed 7-bit digits
 *            (truncation, all of one sign, |digit| <= 127) written as s int8 planes, K-contiguous
 *            for both operands (the layout mma.sync .row.col wants; A's planes are the slicing's
 *            output, not a copy of A), rows padded to 64 and k to 64 with zeros.  (3) gemm: 64x64
 *            block tile, 8 warps of 32x16, both operands' s planes per k-tile of 64 through a
 *            2-stage cp.async pipeline (pitch 80 bytes: conflict-free 32-bit fragment loads);
 *            per k-tile the s(s+1)/2 slice pairs (t + u <= s + 1) in diagonals d = t + u,
 *            each diagonal exact in int32, folded into doubles by Horner (d = s+1 .. 2) and
 *            added to the element's double accumulator; one more MMA per k32 on |digit 1|
 *            (satfinite) gives a lower bound T of sum |a||b| used by the per-element guard.
 *            Epilogue: each element passes the guard (below) and is scaled by 2^(Ea + Eb), or
 *            is recomputed by sequential FP64 FMA from the operands themselves (the "fixup":
 *            rows/columns with NaN/Inf, too-small T, results near under/overflow).  Products
 *            with k < OZAKI_K_FLOOR, devices without the shared memory of s planes, and
 *            workspace that cannot be had run on the FP64 path (dmma, or warp where dmma's
 *            tiles do not fit).
 *   ozaki v2  (not yet run on a GPU; opt-in: GPUMAT_OZAKI_VERSION=2, s = 8 only) the gemm's
 *            inner loop reordered: per k32 the warp keeps the B fragments of all 8 slices in
 *            registers and loads each A slice once, accumulating all 8 diagonals at once
 *            (8 x 16 int32 a thread): 96 LDS.32 a warp per k32 instead of 432, so the tile
 *            should be tensor-bound rather than shared-memory-bound (NOTES: ~2x predicted).
 *            Same integer sums, same Horner fold, same guard: the analysis below holds
 *            unchanged.  255 registers, 16 bytes of spill (sm_90).
 *   ozaki v3  (scheme II; written without a GPU, correct on its first run; the default since
 *            session 15 where k <= 131071, else v1; GPUMAT_OZAKI_VERSION=1 or 2 asks for
 *            scheme I) Ozaki, Uchino and Imamura's
 *            integer-modular scheme: each row of op(A) and column of op(B) scaled to integers of
 *            b bits, A' B' computed exactly from its residues modulo N = 14 pairwise coprime
 *            moduli <= 256 (GPUMAT_OZAKI_MODULI = 12..15), one int8 GEMM each, by the Chinese
 *            remainder theorem: 15 int8 GEMMs with the guard's where scheme I takes 37.
 *            Passes: scan (codes and row 1-norms), slice (N residue planes and a plane of
 *            7-bit tops per operand), gemm (one plane pair a block: 128x128 tile, 8 warps of
 *            64x32, 3-stage cp.async; residues reduced modulo m_t to bytes, the tops' sum T
 *            as int32), crt (one thread an element: 128-bit CRT, one rounding to double, the
 *            guard, the FP64 path where it fails).  Modelled first on the CPU in exactly these
 *            steps (bench/ozaki2_model.c against __float128): dense data kept within
 *            0.25 k eps S at every k from 16, the guard never keeping an element past the
 *            bound.  Predicted at 4096^3 with this gemm: ~2x v2.  H100: correct on the whole
 *            test set, 18.5 / 21.3 TFLOP/s at 4096 / 8192 (39 / 45% of DGEMM; 2.4x v1's rate).
 *            ncu at 8192: the int8 gemm 49 of 60 ms (~310 TOP/s, a quarter of IGEMM's 1266).
 *   ozaki v3 gemm wg  (sm_90a; H100: correct on first run; 4096^3 3.10 ms, 92% of DGEMM,
 *            8192^3 21.5-22.4 ms, 102-107%; every op pair at 8192 97-112%; the gemm ~1090 TOP/s
 *            by ncu; with the slice and crt mends below; NOTES "Thirteenth session") the
 *            planes stored in wgmma's K-major core-matrix order ([k-tile of 128][8-row
 *            group][16-byte chunk][row of 8]: one
 *            stage of an operand, 128 rows x 128 k, is 16 KB contiguous), brought by
 *            cp.async.bulk (one thread, completing on an mbarrier a stage: no proxy fence, which
 *            would wait for every copy in flight) and multiplied by wgmma m64n128k32 s8, 2
 *            warpgroups of 64x128, 4 stages, tiles rastered in groups of 8 along i (L2 holds
 *            the 8 A blocks and ~17 B blocks in use).  The mma.sync gemm reads the same layout
 *            (GPUMAT_OZAKI2_GEMM=mma forces it), and got slower on it (H100, 8192^3 72.7 ms
 *            against 51.7; not profiled yet).  Predicted: the gemm near 1500 TOP/s, so 8192^3
 *            from ~52 ms to ~17 ms, ~1.3x DGEMM; measured 1090 and 22 ms.  Mends measured with
 *            it: the K-major slice writes rows fastest (2.50 -> 0.89 ms at 8192), the crt
 *            unrolls over the constant moduli and finds (i, j) without a 64-bit division
 *            (4.05 -> 3.16 ms).
 *   ozaki v3 gemm ws  (H100: correct, 8192^3 105.8% of DGEMM; the gemm 13.83 ms by ncu, ~1113
 *            TOP/s) gemm wg with a producer warp of its own and "empty" mbarriers in place of
 *            the block barrier a k-tile (below, at the kernel); GPUMAT_OZAKI2_GEMM=ws selects
 *            it.  Predicted: the gemm ~1300 TOP/s, 8192^3 ~19.5 ms (~1.15x DGEMM); measured
 *            1113, barely above gemm wg's 1090.  With it, the crt's sum in four 32-bit limbs
 *            (one mad.wide.u32 a limb a term; PTX: 73 64-bit multiplies and 16 mul.hi before,
 *            20 and none now) and q M from the small q (crt 3.37 ms at 8192).
 *   ozaki v3 gemm ws256  (H100: correct on first run; the 14 GEMMs 13.83 -> 12.01 ms at
 *              8192^3, ~1280 TOP/s; 8192^3 112.5% of DGEMM, 4096^3 103.2%) gemm ws with
 *            128 x 256 tiles: wgmma m64n256k32, 128 int32 sums a consumer thread (164 / 168
 *            registers, no spills, 288 threads: no setmaxnreg needed), stages of 48 KB (A's
 *            128 rows + B's 256), 4 of them; npad a multiple of 256.  Why: ws is bound by
 *            L2-to-SM traffic (32 KB a 128x128x128 k-tile a block, ~8.3 TB/s at 1113 TOP/s),
 *            not by its barriers; the wide tile moves 48 KB for twice the work, 0.75x the
 *            bytes an op.  The default where sm_90a code runs and n pads to 256 with at most
 *            1/16 more columns (n in 129..256 or > 1920, multiples of 256), else ws;
 *            GPUMAT_OZAKI2_GEMM=ws256 / ws / wg / mma force one.  Predicted: the gemm ~1420
 *            TOP/s (8192^3 ~10.8 ms for 13.83), 8192^3 ~18.2 ms, ~1.25x DGEMM.  With it, the
 *            crt without scalbn where it can: the scan stores the 1-norms times 2^-code
 *            (exact, below), the scaling of C' a multiply by 2^sh built from its exponent where
 *            2^sh is normal (the same one rounding); bit for bit the results of before.
 *   ozaki v3 crt4  (H100, NOTES "Fourteenth session": crt 837 -> 494 us at 4096^3; 4096^3
 *              2.47-2.55 ms, 106-117% of DGEMM (TT 99%), 8192^3 16.8-18.4 ms, 125-139%)
 *            ncu had the crt (one thread an element) at 788 instructions an element, 55% of
 *            its stalls on its 18 scattered loads.  Now four rows a thread (a 32-bit load a
 *            plane, 16-byte loads of T and the codes, one (q, j) a thread: 581 us), and the
 *            gemm's epilogue stores the CRT weight w_t = (c_t inv_t) mod m_t itself,
 *            reduced by multiply-high (oz2_weight) where it took a runtime division for c_t
 *            alone (494 us, and the whole product 0.7 ms faster at 8192^3).
 *   ozaki v3 slice2, crt5, scan16, weight32, staged epilogue  (session 15, the default from
 *            then on; H100: each step correct on its first run, bit for bit the results of
 *            before; 4096^3 2.49 -> 2.05-2.11 ms, 128-152% of DGEMM in every op pair, 8192^3
 *            ~16 ms, 135-149%; NOTES "Fifteenth session", times by ncu at 4096^3) the passes
 *            around the gemm on cheaper units, and the gemm's epilogue.  slice2: the residues
 *            in integers (A' by one F2I, then two 32-bit multiply-adds, one multiply-high and a
 *            shift a modulus, where FP64 rint / fma / F2I ran at half their memory floor): 240
 *            -> 163 us an operand.  crt5: the CRT sum in three limbs of exact FP64 FMAs (the
 *            FP64 pipe sat idle; 4 N IMAD.WIDE on the integer pipe before), terms outermost so
 *            a limb is loaded once for four rows, q = round (sum / M) exact from a double
 *            estimate (the margin of |A' B'| below M / 2 is >= 0.05 M, checked in
 *            ozaki2_setup), no 128-bit correction, a 14- or 15-term form without a branch a
 *            term, the rounding to double on two 64-bit words: 494 -> 234 us.  scan16: the
 *            non-K-major scan 16 rows a block (256 blocks at 4096, not 128): 76 -> 60 us.
 *            weight32: oz2_weight in 7 32-bit instructions (64-bit multiply-highs before), and
 *            the staged epilogue (gemm ws / ws256): the weights through shared memory and out
 *            as 16-byte stores, where each was a byte store: the 14 GEMMs 1.80 -> 1.70 -> 1.60
 *            ms (~1200 TOP/s at ncu's clocks).  Tried and left out: the gemm persistent (a
 *            block an SM looping over the tiles, the stage ring running on across them): no
 *            gain (4096^3 2.28-2.30 ms against 2.28 one block a tile; 8192^3 16.19 against
 *            16.03), the ring's refill at a tile's start was not a cost.
 *
 * ---- Scheme II (v3): error analysis ---------------------------------------------------------
 * Rows: E with max |a_p| < 2^E, A'_p = trunc (a_p 2^(b - E)), |A'_p| < 2^b, |a_p - A'_p 2^(E-b)|
 * < min (|a_p|, 2^(E-b)); columns likewise with F.  b is the largest with k 2^2b <= M / 2,
 * M = prod m_t, at most 53 (A' exact in a double): then |A' B'| < M / 2, and the residue of
 * A' B' modulo M in the symmetric range is A' B' itself.  The residues: A'_t = A' mod m_t in
 * [-128, 127], sums of k products exact in int32 for k < 2^17; c_t = (A'_t B'_t) mod m_t, stored
 * as its CRT weight w_t = (c_t inv_t) mod m_t (exact integer steps); the CRT is exact (N <= 15:
 * M < 2^119, the weighted sum < 2^123; its three limb sums are exact FP64 FMAs, q exact, the
 * 128-bit assembly exact: ozaki2_crt).  The one
 * rounding is C' 2^(E+F-2b) to double: <= u |C|.  Truncation:
 *     |a.b - A'.B' 2^(E+F-2b)| <= 2^(E-b) ||b||_1 + 2^(F-b) ||a||_1 + k 2^(E+F-2b) =: e
 * (per p: |da||b| + |a||db| + |da||db|).  Guard, with T the int8 sum of the 7-bit tops
 * (T 2^(E+F-14) <= S = sum |a_p||b_p|, as scheme I's) and the 1-norms rounded up in the scan
 * (and stored as ||a||_1 2^-E, ||b||_1 2^-F: exact power-of-two scalings, values in [1/2, k)):
 *     keep C only if 1.01 e <= (2k - 1.01) u T 2^(E+F-14)
 * then e + u |C| <= e + u (S + e) <= 2k u S = k eps S.  The same overflow, underflow and
 * non-finite rules as v1 send the rest to the FP64 path.
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
 * Non-finite inputs.  A row of op(A) or column of op(B) with a NaN or Inf is marked in the
 * scan; its digits are zero and every element of C in that row (column) is recomputed by
 * sequential FMA from the operands, which gives what the IEEE product gives (Inf * 0 = NaN,
 * Inf - Inf = NaN, x * Inf = +-Inf, products that overflow: Inf).  Finite products that
 * overflow (|a b| > DBL_MAX), and sums that could, lie in rows and columns with Ea + Eb >
 * 1022 - ceil(log2 k) and take the same path: they overflow as the FP64 kernels do.  (Two
 * overflowing products of opposite signs give Inf or NaN on any FMA-based FP64 kernel,
 * dmma's and BLAS's included, depending on the order: a fused product is never rounded.)
 * Rows (columns) of zeros give exact zeros (the other side finite) without a fixup.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "matmul_internal.cuh"

/* The sm_75 pass compiles the sm_80 kernel's body away, leaving its helpers unreferenced. */
#pragma nv_diag_suppress 177

namespace gm_matmul_detail {

/* Elements the last ozaki call recomputed on the FP64 path (all pages): for tests and notes. */
__device__ unsigned long long ozaki_fixups;

namespace {

constexpr int OZ_BM = 64, OZ_BN = 64, OZ_BK = 64;   /* block tile; k-tile in int8 elements */
constexpr int OZ_PITCH = OZ_BK + 16;   /* 80 bytes = 20 words: lanes (g, t) on 20g + t, 32
                                          distinct banks for g < 8, t < 4; 16-byte rows */
constexpr int OZ_THREADS = 256, OZ_WM = 32, OZ_WN = 16;   /* 8 warps, 2 along i, 4 along j */
constexpr int OZ_MT = OZ_WM / 16, OZ_NT = OZ_WN / 8;
constexpr int OZ_STAGES = 2;
constexpr int OZ_DEFAULT_SLICES = 8, OZ_MAX_SLICES = 11;
static_assert (OZ_DEFAULT_SLICES == GM_TUNE_OZAKI_SLICES_DEFAULT
                   && OZ_MAX_SLICES == GM_TUNE_OZAKI_SLICES_MAX, "tuning.h: GPUMAT_OZAKI_SLICES");
/* Codes of a row's exponent (every other value is Ea, |x| < 2^Ea for the whole row). */
constexpr int OZ_ZERO = -100000, OZ_NONFINITE = 100000;

/* Shared memory of one stage: s planes of the A tile, then s of the B tile. */
__host__ __device__ constexpr int64_t oz_stage_bytes (int s)
{
  return (int64_t) s * (OZ_BM + OZ_BN) * OZ_PITCH;
}

/* ---- (1) scan ----------------------------------------------------------------------------- */
/* code[x] for x < xpad of every page (x >= rows: OZ_ZERO).  The operand as (x, p): KMAJ, p
 * contiguous (element at X[p + x * ld]); else x contiguous (X[x + p * ld]).  256 threads:
 * KMAJ, 8 rows a block, a warp along p; else 16 rows a block, 16 threads along p each (a warp
 * reads 128 contiguous bytes at two p).  It was 32 rows a block: 128 blocks for 4096 rows, one
 * an SM, 76 us at 4096^2 against the K-major form's 51 (ncu, H100). */
/* l1 (scheme II, else NULL): each row's sum of |x| over its finite entries, rounded up (times
 * 1 + (k + 32) 2^-52: the summation's rounding, in any order), then scaled by 2^-code: the
 * guard's ||a||_1 2^-E, exact (the sum is at least max |x| >= 2^(E-1) and below k 2^E, so
 * the scaled value lies in [1/2, k): no underflow, no rounding), once a row here rather than
 * by a scalbn an element in the crt; 0 beyond the rows and for rows of zeros or with a NaN or
 * Inf (the crt never reads those). */
template <bool KMAJ>
__global__ void __launch_bounds__ (256)
ozaki_scan (int64_t rows, int64_t k, const double *__restrict__ X, int64_t ld, int64_t sx,
            int64_t page0, int *__restrict__ code, int64_t xpad, double *__restrict__ l1)
{
  constexpr int ROWS = KMAJ ? 8 : 16, LANES = 256 / ROWS;   /* rows a block, threads a row */
  __shared__ unsigned long long smax[256];
  __shared__ int sbad[256];
  __shared__ double ssum[256];
  const int row = KMAJ ? threadIdx.x / 32 : threadIdx.x % ROWS;
  const int lane = KMAJ ? threadIdx.x % 32 : threadIdx.x / ROWS;
  const int64_t page = blockIdx.y;
  X += (page0 + page) * sx;
  code += page * xpad;
  if (l1)
    l1 += page * xpad;
  const int64_t x = blockIdx.x * (int64_t) ROWS + row;
  unsigned long long mx = 0;
  int bad = 0;
  double sum = 0.0;
  if (x < rows) {
    for (int64_t p = lane; p < k; p += LANES) {
      const double v = X[KMAJ ? p + x * ld : x + p * ld];
      const unsigned long long bits = (unsigned long long) __double_as_longlong (v)
                                      & 0x7fffffffffffffffull;
      if (bits >= 0x7ff0000000000000ull) {
        bad = 1;
      } else {
        mx = bits > mx ? bits : mx;
        sum += fabs (v);
      }
    }
  }
  smax[threadIdx.x] = mx;
  sbad[threadIdx.x] = bad;
  ssum[threadIdx.x] = sum;
  __syncthreads ();
  /* the row's lane 0 combines its LANES values */
  if (lane != 0 || x >= xpad)
    return;
  if (x < rows) {
    for (int q = 1; q < LANES; q++) {
      const int at = KMAJ ? row * 32 + q : q * ROWS + row;
      const unsigned long long v = smax[at];
      mx = v > mx ? v : mx;
      bad |= sbad[at];
      sum += ssum[at];
    }
  }
  int c = OZ_ZERO;
  if (x < rows && bad)
    c = OZ_NONFINITE;
  else if (x < rows && mx != 0)
    c = (mx >> 52) != 0 ? (int) (mx >> 52) - 1023 + 1                  /* normal: ilogb + 1 */
                        : (63 - __clzll ((long long) mx)) - 1074 + 1;    /* subnormal */
  code[x] = c;
  if (l1)
    l1[x] = c == OZ_ZERO || c == OZ_NONFINITE
                ? 0.0
                : scalbn (sum * (1.0 + (double) (k + 32) * 0x1p-52), -c);
}

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

/* ---- (3) gemm ----------------------------------------------------------------------------- */
/* D = A*B + C, m16n8k32, s8 inputs, s32 accumulate (exact).  Fragments (g = lane / 4, t =
 * lane % 4), four int8 a register, low byte first:
 *   a[0] = A(g, 4t..4t+3)   a[1] = A(g+8, 4t..4t+3)   a[2] = A(g, 16+4t..)   a[3] = A(g+8, 16+4t..)
 *   b[0] = B(4t..4t+3, g)   b[1] = B(16+4t..16+4t+3, g)
 *   d[0] = D(g, 2t)  d[1] = D(g, 2t+1)  d[2] = D(g+8, 2t)  d[3] = D(g+8, 2t+1)
 * (PTX ISA, "Matrix Fragments for mma.m16n8k32"). */
__device__ __forceinline__ void mma_s8 (int (&d)[4], const uint32_t (&a)[4], const uint32_t (&b)[2])
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile ("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 "
                "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
}
/* The same, clamping the sum at +-(2^31 - 1) instead of wrapping (for T, all terms >= 0). */
__device__ __forceinline__ void mma_s8_sat (int (&d)[4], const uint32_t (&a)[4],
                                            const uint32_t (&b)[2])
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile ("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 "
                "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
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

/* ==== Scheme II (v3, the default; header) ==================================================== */
constexpr int OZ2_MAX_MODULI = 15, OZ2_DEFAULT_MODULI = 14;
static_assert (OZ2_DEFAULT_MODULI == GM_TUNE_OZAKI_MODULI_DEFAULT
                   && OZ2_MAX_MODULI == GM_TUNE_OZAKI_MODULI_MAX, "tuning.h: GPUMAT_OZAKI_MODULI");
/* The largest pairwise coprime moduli up to 256 (bench/ozaki2_model.c checks the set).  With 15
   of them M < 2^119, so 15 terms M/m_t * w (each < M) sum below 2^123: no 128-bit overflow. */
__host__ __device__ constexpr int oz2_modulus (int t)
{
  constexpr int moduli[OZ2_MAX_MODULI] = {256, 255, 253, 251, 247, 241, 239, 233,
                                          229, 227, 223, 217, 211, 199, 197};
  return moduli[t];
}
constexpr int OZ2_BM = 128, OZ2_BN = 128, OZ2_BK = 64, OZ2_STAGES = 3;
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
     2^40 for M, < 2^33 for M / m_t), as doubles (exact integers) */
  double pt[3][OZ2_MAX_MODULI], ml[3];
  unsigned long long m_lo, m_hi;            /* M */
};
static_assert (oz2_modulus (0) == 256, "ozaki2_slice takes plane 0's residues as A's low byte");

/* Four bytes (each value < 256) in one word, b0 lowest: three PRMT. */
__device__ __forceinline__ uint32_t oz2_pack4 (uint32_t b0, uint32_t b1, uint32_t b2, uint32_t b3)
{
  return __byte_perm (__byte_perm (b0, b1, 0x0040), __byte_perm (b2, b3, 0x0040), 0x5410);
}

/* (2') slice for scheme II: planes[t] (t < N: residues of A' = trunc (x 2^(bits - code))
 * modulo m_t; t = N: the 7-bit tops trunc (|x| 2^(7 - code)), for T), each in kmajor_chunk's
 * order; one thread a 16-byte chunk of k of a row, as ozaki_slice, but rows fastest in either
 * layout (below).
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
              Oz2Moduli mods, int8_t *__restrict__ planes)
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
  const int N = mods.n;
  planes += page * (int64_t) (N + 1) * xpad * kpad;
  const int c = code[x];
  const bool live = x < rows && c != OZ_ZERO && c != OZ_NONFINITE;
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
  *reinterpret_cast<uint4 *> (dst + N * plane) =
      make_uint4 (oz2_pack4 (t7[0], t7[1], t7[2], t7[3]), oz2_pack4 (t7[4], t7[5], t7[6], t7[7]),
                  oz2_pack4 (t7[8], t7[9], t7[10], t7[11]),
                  oz2_pack4 (t7[12], t7[13], t7[14], t7[15]));
}

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
};

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

/* ---- v3 gemm wg: wgmma (sm_90a) ---------------------------------------------------------
 * One plane pair a block as ozaki2_gemm, 128x128 tile, 256 threads = 2 warpgroups of 64 rows x
 * 128 columns, wgmma m64n128k32 s8 with both operands from shared memory in the planes' own
 * core-matrix order (LBO 128 B along k, SBO 1024 B along the rows; +256 B a k32 step).  A
 * stage is one k-tile of 128: the A and B blocks, 16 KB each, contiguous in the planes, brought
 * by thread 0 with cp.async.bulk on the stage's mbarrier (expect_tx 32 KB).  Per k-tile: wait
 * for the stage, 4 wgmma, commit, wait_group 1 (the previous k-tile's group is done), a barrier
 * (both warpgroups are), then thread 0 refills the previous k-tile's stage with k-tile
 * kt - 1 + OZ2W_STAGES: OZ2W_STAGES - 1 k-tiles stay in flight (4 stages: 3, ~0.9 us of
 * tensor work ahead at IGEMM's rate, more than DRAM's latency).  The int32 sums are exact for
 * kpad < 2^17 as in ozaki2_gemm; the tops plane uses .satfinite as there. */
constexpr int OZ2W_STAGES = 4;
constexpr int OZ2W_TILE = OZ2_BM * OZ2_KT;                         /* 16 KB */
constexpr size_t OZ2W_SMEM = (size_t) OZ2W_STAGES * 2 * OZ2W_TILE + 8 * OZ2W_STAGES;
constexpr int OZ2W_GROUP = 8;   /* row tiles a raster group */

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#define OZ2W_R8(i) "+r"(d[i]), "+r"(d[i + 1]), "+r"(d[i + 2]), "+r"(d[i + 3]), "+r"(d[i + 4]), \
                   "+r"(d[i + 5]), "+r"(d[i + 6]), "+r"(d[i + 7])
#define OZ2W_REGS "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "     \
                  "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, " \
                  "%31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, " \
                  "%46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, " \
                  "%61, %62, %63}"
/* d (64 x 128 over the warpgroup) += A (64 x 32) * B (32 x 128), int8 in, int32 sums */
template <bool SAT>
__device__ __forceinline__ void oz2w_wgmma (int (&d)[64], uint64_t da, uint64_t db)
{
  if constexpr (SAT)
    asm volatile ("{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
                  "wgmma.mma_async.sync.aligned.m64n128k32.satfinite.s32.s8.s8 " OZ2W_REGS
                  ", %64, %65, p;\n}\n"
                  : OZ2W_R8 (0), OZ2W_R8 (8), OZ2W_R8 (16), OZ2W_R8 (24), OZ2W_R8 (32),
                    OZ2W_R8 (40), OZ2W_R8 (48), OZ2W_R8 (56)
                  : "l"(da), "l"(db));
  else
    asm volatile ("{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
                  "wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 " OZ2W_REGS
                  ", %64, %65, p;\n}\n"
                  : OZ2W_R8 (0), OZ2W_R8 (8), OZ2W_R8 (16), OZ2W_R8 (24), OZ2W_R8 (32),
                    OZ2W_R8 (40), OZ2W_R8 (48), OZ2W_R8 (56)
                  : "l"(da), "l"(db));
}
#define OZ2W_REGS128                                                                          \
  "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, "     \
  "%19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, "      \
  "%36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, "      \
  "%53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, "      \
  "%70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, "      \
  "%87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, "        \
  "%103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, "       \
  "%117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}"
#define OZ2W_R64(i) OZ2W_R8 (i), OZ2W_R8 (i + 8), OZ2W_R8 (i + 16), OZ2W_R8 (i + 24),          \
                    OZ2W_R8 (i + 32), OZ2W_R8 (i + 40), OZ2W_R8 (i + 48), OZ2W_R8 (i + 56)
/* d (64 x 256 over the warpgroup, 128 int32 a thread) += A (64 x 32) * B (32 x 256) */
template <bool SAT>
__device__ __forceinline__ void oz2w_wgmma256 (int (&d)[128], uint64_t da, uint64_t db)
{
  if constexpr (SAT)
    asm volatile ("{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
                  "wgmma.mma_async.sync.aligned.m64n256k32.satfinite.s32.s8.s8 " OZ2W_REGS128
                  ", %128, %129, p;\n}\n"
                  : OZ2W_R64 (0), OZ2W_R64 (64)
                  : "l"(da), "l"(db));
  else
    asm volatile ("{\n.reg .pred p;\nsetp.ne.b32 p, 1, 0;\n"
                  "wgmma.mma_async.sync.aligned.m64n256k32.s32.s8.s8 " OZ2W_REGS128
                  ", %128, %129, p;\n}\n"
                  : OZ2W_R64 (0), OZ2W_R64 (64)
                  : "l"(da), "l"(db));
}
#undef OZ2W_R64
#undef OZ2W_REGS128
#undef OZ2W_R8
#undef OZ2W_REGS

/* The block's 128 x BN tile: row tiles in groups of OZ2W_GROUP, each group swept over all
 * column tiles, i fastest (L2 holds the group's A blocks and the B blocks in use). */
template <int BN = OZ2_BN>
__device__ __forceinline__ void oz2w_tile (const Oz2Gemm &g, int64_t &i0, int64_t &j0)
{
  int64_t ti, tj;
  grouped_tile (blockIdx.x, g.tiles_m, g.npad / BN, OZ2W_GROUP, ti, tj);
  i0 = ti * OZ2_BM;
  j0 = tj * BN;
}

/* One k-tile of warpgroup wg from the stage at shared address `stage` (A's 128 rows, then
 * B's NACC / 2 = 128 or 256): 4 wgmma, committed; returns once the previous k-tile's group is
 * done (wait_group 1).  B's descriptor is the same for either width: m64n256 reads 32 row
 * groups SBO = 1024 B apart where m64n128 reads 16. */
template <bool TOPS, int NACC>
__device__ __forceinline__ void oz2w_ktile (int (&acc)[NACC], uint32_t stage, int wg)
{
  static_assert (NACC == 64 || NACC == 128, "oz2w_ktile: m64n128 or m64n256");
  const uint64_t da = wgmma_desc_kmajor (stage + wg * (OZ2W_TILE / 2));
  const uint64_t db = wgmma_desc_kmajor (stage + OZ2W_TILE);
  asm volatile ("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
  for (int q = 0; q < OZ2_KT / 32; q++) {
    /* +16 in the descriptor = +256 bytes: the next k32 step, two core matrices along k */
    if constexpr (NACC == 128)
      oz2w_wgmma256<TOPS> (acc, da + 16 * q, db + 16 * q);
    else
      oz2w_wgmma<TOPS> (acc, da + 16 * q, db + 16 * q);
  }
  asm volatile ("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  asm volatile ("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
}

/* A warpgroup's 64 x (NACC / 2) sums (64 x 128 for gemm wg and ws, 64 x 256 for ws256) to R
 * (reduced modulo m_t, bytes) or T (the tops plane, int32): acc[4y + e] is row row0 + 8 (e /
 * 2), column col0 + 8 y + e % 2 (wgmma's s32 D layout, row0 = 16 w4 + gr of the warpgroup's
 * rows, col0 = 2 tg); every padded element is written, as in ozaki2_gemm. */
template <bool TOPS, int NACC>
__device__ __forceinline__ void oz2w_store (const Oz2Gemm &g, const int (&acc)[NACC], int t,
                                            int64_t page, int64_t row0, int64_t col0)
{
#pragma unroll
  for (int y = 0; y < NACC / 4; y++)
#pragma unroll
    for (int e = 0; e < 4; e++) {
      const int64_t i = row0 + 8 * (e / 2), j = col0 + 8 * y + e % 2;
      if constexpr (TOPS) {
        g.T[(page * g.npad + j) * g.mpad + i] = acc[4 * y + e];
      } else {
        const unsigned r = oz2_weight (g, acc[4 * y + e], t);
        g.R[((page * g.n_moduli + t) * g.npad + j) * g.mpad + i] = (uint8_t) r;
      }
    }
}
#endif

/* Launch contract: 256 threads, OZ2W_SMEM bytes of dynamic shared memory, grid as ozaki2_gemm
 * (x tiles, y planes, z pages); compute capability 9.0 with sm_90a code (GPUMAT_SM90A). */
template <bool TOPS>
__global__ void __launch_bounds__ (256, 1)
ozaki2_gemm_wg (Oz2Gemm g)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__ (1024) unsigned char smem_w[];
  const uint32_t sbase = (uint32_t) __cvta_generic_to_shared (smem_w);
  const uint32_t bars = sbase + OZ2W_STAGES * 2 * OZ2W_TILE;
  const int t = g.plane0 + (int) blockIdx.y;
  const int64_t page = blockIdx.z;
  int64_t i0, j0;
  oz2w_tile (g, i0, j0);
  /* a k-tile of a plane: xpad / 8 groups of 1024 bytes, so the block's 128 rows sit at x0 * 128 */
  const int8_t *pa = g.pa + page * g.pa_page + t * g.mpad * g.kpad + i0 * OZ2_KT;
  const int8_t *pb = g.pb + page * g.pb_page + t * g.npad * g.kpad + j0 * OZ2_KT;
  const int64_t a_step = g.mpad * OZ2_KT, b_step = g.npad * OZ2_KT;
  const int tid = threadIdx.x, lane = tid % 32, wg = tid / 128, w4 = (tid / 32) % 4;
  const int gr = lane / 4, tg = lane % 4;
  const int64_t KT = g.kpad / OZ2_KT;

  if (tid == 0) {
    for (int s = 0; s < OZ2W_STAGES; s++)
      mbar_init (bars + 8 * s, 1);
    mbar_init_fence ();
  }
  __syncthreads ();
  auto fill = [&] (int s, int64_t kt) {
    const uint32_t bar = bars + 8 * s, dst = sbase + s * 2 * OZ2W_TILE;
    mbar_expect_tx (bar, 2 * OZ2W_TILE);
    bulk_copy_g2s (dst, pa + kt * a_step, OZ2W_TILE, bar);
    bulk_copy_g2s (dst + OZ2W_TILE, pb + kt * b_step, OZ2W_TILE, bar);
  };
  if (tid == 0)
    for (int s = 0; s < OZ2W_STAGES && s < KT; s++)
      fill (s, s);

  int acc[64];
#pragma unroll
  for (int i = 0; i < 64; i++)
    acc[i] = 0;
  for (int64_t kt = 0; kt < KT; kt++) {
    const int s = (int) (kt % OZ2W_STAGES);
    mbar_wait (bars + 8 * s, (uint32_t) ((kt / OZ2W_STAGES) & 1));
    oz2w_ktile<TOPS> (acc, sbase + s * 2 * OZ2W_TILE, wg);
    __syncthreads ();   /* both warpgroups are done with k-tile kt - 1's stage */
    if (tid == 0 && kt >= 1 && kt - 1 + OZ2W_STAGES < KT)
      fill ((int) ((kt - 1) % OZ2W_STAGES), kt - 1 + OZ2W_STAGES);
  }
  asm volatile ("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  wgmma_pin (acc);

  oz2w_store<TOPS> (g, acc, t, page, i0 + wg * 64 + w4 * 16 + gr, j0 + 2 * tg);
#else
  __trap ();   /* launched only where sm_90a code was built (GPUMAT_SM90A) */
#endif
}

/* ---- v3 gemm ws: warp-specialized wgmma (sm_90a; H100: correct, the gemm ~1113 TOP/s) -----
 * As gemm wg (tile, layout, wgmma, stages, raster, epilogue), but the copies come from a
 * producer warp of their own and the stages are handed back on "empty" mbarriers instead of a
 * block barrier a k-tile: 288 threads, warpgroups 0 and 1 multiply (64 x BN each), warp 8's
 * lane 0 issues the bulk copies.  Per k-tile a consumer waits for the stage's full barrier,
 * issues its 4 wgmma, commits, waits for the previous k-tile's group (wait_group 1) and then
 * arrives (one thread a warpgroup) on that k-tile's empty barrier; the producer refills a stage
 * once both warpgroups have arrived.  gemm wg's __syncthreads a k-tile made every warp wait for
 * the slower warpgroup and for thread 0's copies before the next wgmma could issue.  Predicted
 * the gemm from ~1090 to ~1300 TOP/s; measured (ncu, 8192^3, 14 moduli) 13.83 ms, ~1113: the
 * barriers were not what held it (gemm ws256 below).
 *
 * ---- v3 gemm ws256: 128 x 256 tiles (sm_90a; not yet run on a GPU) --------------------------
 * The same kernel with BN = 256: each consumer warpgroup computes 64 x 256 with wgmma
 * m64n256k32 (128 int32 sums a thread), a stage is A's 128 rows (16 KB) and B's 256 rows
 * (32 KB, contiguous in the planes: one k-tile of 256 consecutive rows is 32 groups of 1024 B,
 * so one bulk copy), 4 stages = 192 KB.  Why: gemm ws moves 32 KB from L2 per 128x128x128
 * k-tile, 8.3 TB/s over 132 SMs at its 1113 TOP/s, and removing gemm wg's barriers gained only
 * 2%: L2-to-SM traffic, not issue, is the bound.  128 x 256 moves 48 KB for twice the work,
 * 0.75x the bytes an op; at the same 8.3 TB/s that allows ~1480 TOP/s, below wgmma s8's 1911;
 * less ~5% for the epilogue (one block an SM: a tile's 32 K modulo reductions and byte stores
 * are not hidden behind the next tile's loads, against ~50 us of main loop a tile at 8192):
 * ~1420 TOP/s, the 14 residue GEMMs at 8192^3 ~10.8 ms for ws's 13.83 (measured: 12.01 ms,
 * ~1280 TOP/s).  Registers: 288 threads are 9 warps, 3 of them on one SM quarter of 16384
 * registers, so 168 a thread at most (tf32x3 v3 failed to launch above it); the 128 sums fit
 * (ptxas: 168 / 164, no spills) without setmaxnreg (which would need the producer to be a
 * whole warpgroup, 384 threads, and 168 registers before the consumers' increase).  The
 * column tiles are 256 wide, so npad is a multiple of 256 for B's planes, R, T and the crt
 * (run_ozaki2); ozaki2_gemm_kind picks it only where that padding costs at most 1/16 more
 * columns. */
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

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
/* The body of gemm ws (BN = 128) and ws256 (BN = 256), 288 threads. */
template <bool TOPS, int BN>
__device__ __forceinline__ void oz2s_gemm (const Oz2Gemm &g)
{
  constexpr uint32_t TILE_B = BN * OZ2_KT, STAGE = OZ2W_TILE + TILE_B;
  static_assert (BN * OZ2S_EPI_PITCH <= STAGE, "gemm ws: the epilogue tile past stage 0");
  extern __shared__ __align__ (1024) unsigned char smem_s[];
  const uint32_t sbase = (uint32_t) __cvta_generic_to_shared (smem_s);
  const uint32_t full = sbase + OZ2W_STAGES * STAGE, empty = full + 8 * OZ2W_STAGES;
  const int t = g.plane0 + (int) blockIdx.y;
  const int64_t page = blockIdx.z;
  int64_t i0, j0;
  oz2w_tile<BN> (g, i0, j0);
  const int64_t KT = g.kpad / OZ2_KT;
  const int tid = threadIdx.x;

  if (tid == 0) {
    for (int s = 0; s < OZ2W_STAGES; s++) {
      mbar_init (full + 8 * s, 1);
      mbar_init (empty + 8 * s, 2);
    }
    mbar_init_fence ();
  }
  __syncthreads ();   /* the last block-wide barrier: the producer warp leaves after its loop */

  if (tid >= 256) {
    if (tid == 256) {
      /* a k-tile of a plane: xpad / 8 groups of 1024 bytes, so rows x0 .. x0 + BN - 1 of it
         are BN * 128 contiguous bytes at x0 * 128 */
      const int8_t *pa = g.pa + page * g.pa_page + t * g.mpad * g.kpad + i0 * OZ2_KT;
      const int8_t *pb = g.pb + page * g.pb_page + t * g.npad * g.kpad + j0 * OZ2_KT;
      const int64_t a_step = g.mpad * OZ2_KT, b_step = g.npad * OZ2_KT;
      for (int64_t kt = 0; kt < KT; kt++) {
        const int s = ws_claim_stage (full, empty, kt, OZ2W_STAGES, STAGE);
        const uint32_t bar = full + 8 * s, dst = sbase + s * STAGE;
        bulk_copy_g2s (dst, pa + kt * a_step, OZ2W_TILE, bar);
        bulk_copy_g2s (dst + OZ2W_TILE, pb + kt * b_step, TILE_B, bar);
      }
    }
    return;
  }

  const int lane = tid % 32, wg = tid / 128, w4 = (tid / 32) % 4;
  const int gr = lane / 4, tg = lane % 4;
  int acc[BN / 2];   /* 64 x BN over the warpgroup */
#pragma unroll
  for (int i = 0; i < BN / 2; i++)
    acc[i] = 0;
  for (int64_t kt = 0; kt < KT; kt++) {
    const int s = (int) (kt % OZ2W_STAGES);
    mbar_wait (full + 8 * s, (uint32_t) ((kt / OZ2W_STAGES) & 1));
    oz2w_ktile<TOPS> (acc, sbase + s * STAGE, wg);
    if (kt >= 1 && tid % 128 == 0)   /* this warpgroup's reads of k-tile kt - 1 are done */
      mbar_arrive (empty + 8 * (uint32_t) ((kt - 1) % OZ2W_STAGES));
  }
  asm volatile ("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
  wgmma_pin (acc);
  if constexpr (TOPS) {
    oz2w_store<TOPS> (g, acc, t, page, i0 + wg * 64 + w4 * 16 + gr, j0 + 2 * tg);
  } else {
    /* The weights through shared memory (session 15): each thread's 128 (64) bytes lie at
       rows r and r + 8 of columns 2 tg + 8 y, +1, so stored straight to R (column-major,
       mpad a column) they took a byte store each, 4 rows of 8 bytes a warp instruction.  Here
       the tile goes to stage 0 as columns of 128 bytes, OZ2S_EPI_PITCH apart (36 words: the
       warp's 32 byte stores land in 8 distinct banks, 4 bytes of a word each), then out as
       16-byte stores, 8 threads a column.  Both warpgroups first finish reading the stages
       (the last k-tile may sit in stage 0), hence the named barrier of the 256 consumer
       threads before and after. */
    unsigned char *tile = smem_s;
    asm volatile ("bar.sync 1, 256;\n" ::: "memory");
    const int row0 = wg * 64 + w4 * 16 + gr;
#pragma unroll
    for (int y = 0; y < BN / 8; y++)
#pragma unroll
      for (int e = 0; e < 4; e++)
        tile[(2 * tg + 8 * y + e % 2) * OZ2S_EPI_PITCH + row0 + 8 * (e / 2)] =
            (unsigned char) oz2_weight (g, acc[4 * y + e], t);
    asm volatile ("bar.sync 1, 256;\n" ::: "memory");
    uint8_t *R = g.R + ((page * g.n_moduli + t) * g.npad + j0) * g.mpad + i0;
#pragma unroll
    for (int q = tid; q < BN * (OZ2_BM / 16); q += 256) {
      const int col = q / (OZ2_BM / 16), chunk = q % (OZ2_BM / 16);
      *reinterpret_cast<uint4 *> (R + col * g.mpad + 16 * chunk) =
          *reinterpret_cast<const uint4 *> (tile + col * OZ2S_EPI_PITCH + 16 * chunk);
    }
  }
}
#endif

/* Launch contract: OZ2S_THREADS threads, grid as ozaki2_gemm (x tiles, y planes, z pages);
 * compute capability 9.0 with sm_90a code (GPUMAT_SM90A).  gemm ws (BN = OZ2_BN): OZ2S_SMEM
 * bytes of dynamic shared memory, npad a multiple of 128; ws256 (BN = OZ2S_BN_WIDE):
 * OZ2S256_SMEM, npad a multiple of 256 and tiles_m * npad / 256 tiles. */
template <bool TOPS, int BN>
__global__ void __launch_bounds__ (OZ2S_THREADS, 1)
ozaki2_gemm_ws (Oz2Gemm g)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  oz2s_gemm<TOPS, BN> (g);
#else
  __trap ();   /* launched only where sm_90a code was built (GPUMAT_SM90A) */
#endif
}

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
};

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
 * quads fastest), grid y pages.  Four rows a thread so that each residue plane is one 32-bit
 * load for the four, as are T and the row codes (a 16-byte load each), and the (q, j) of the
 * thread is found once: ncu (H100, 4096^3) had the one-element form at 788 instructions an
 * element, 55% of its stalls on its 14 + 4 scattered loads, 3.3 ms at 8192^3. */
template <bool KA, bool KB, int NT>
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
  unsigned fixed = 0;
  if (id < quads * g.n && i0 < g.m) {
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
       P_t,0 2^78 + P_t,1 2^39 + P_t,2, each product below 2^47 and each sum below 15 255 2^39 <
       2^51, so every FMA is exact and the FP64 pipe (idle here) does the 3 N multiply-adds the
       integer pipe took 4 N IMAD.WIDE for.  NT terms, N's rounded up to 14 or 15 (the limbs and
       words past N are zeros): a branch a term cost more than the term.  Terms outermost, the
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
    const double room_per_T = (2.0 * (double) g.k - 1.01) * 0x1p-53 * 0x1p-14;
    const double e_k = (double) g.k * g.ulp_2b;
#pragma unroll
    for (int e = 0; e < 4; e++) {
      const int64_t i = i0 + e;
      if (i >= g.m)
        break;
      const int ea = e == 0 ? ea4.x : e == 1 ? ea4.y : e == 2 ? ea4.z : ea4.w;
      const int Tv = e == 0 ? T4.x : e == 1 ? T4.y : e == 2 ? T4.z : T4.w;
      const double l1a = e == 0 ? l1a01.x : e == 1 ? l1a01.y : e == 2 ? l1a23.x : l1a23.y;
      double v = 0.0;
      bool fix;
      if (ea == OZ_NONFINITE || eb == OZ_NONFINITE)
        fix = true;
      else if (ea == OZ_ZERO || eb == OZ_ZERO)
        fix = false;   /* a zero row or column against finite values: exactly 0 */
      else if (ea + eb > g.ovf_exp)
        fix = true;
      else {
        const double s0 = sum[e][0], s1 = sum[e][1], s2 = sum[e][2];
        /* sum = y + q M with y = A' B', |y| <= M / 2 - margin, margin >= 0.05 M (ozaki2_setup
           checks it against 2^-40 M): sum / M < 20 is at least the margin from a half-integer,
           and its estimate from the top two limbs is within 2^-42.9 (three roundings of a value
           below 20, s2 / M < 2^-43), so q = round (sum / M) is exact and y needs no correction.
           r_l = S_l - q M_l exactly (q M_l < 2^45, |r_l| < 2^51), each an int64 by its bits
           (r + 1.5 2^52 holds r + 2^51 in its significand), and y = sum_l r_l 2^(39 (2 - l))
           in 128 bits (|y| < 2^123). */
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
        /* the 1-norms come scaled by 2^-eb and 2^-ea from the scan */
        const double err = (l1b + l1a) * g.ulp_b + e_k;
        const double room = room_per_T * (double) Tv;
        const double av = fabs (v);
        fix = !(1.01 * err <= room) || !(av < 0x1p1023) || (av < 0x1p-1022 && y != 0);
      }
      if (fix) {
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
  for (int o = 16; o > 0; o /= 2)
    fixed += __shfl_xor_sync (0xffffffffu, fixed, o);
  if (threadIdx.x % 32 == 0 && fixed)
    atomicAdd (&ozaki_fixups, (unsigned long long) fixed);
}

/* The slice count of a call: GPUMAT_OZAKI_SLICES (2 .. OZ_MAX_SLICES) where set and valid,
 * else OZ_DEFAULT_SLICES (header, point 6); from the tuning snapshot (tuning.h). */
int ozaki_slices () { return gm_tuning ()->ozaki_slices; }

/* The version: scheme II (v3) unless GPUMAT_OZAKI_VERSION says 1 (scheme I, v1's gemm) or 2
   (scheme I with gemm v2 where s = 8).  v3 is the default since session 15 (1.2-1.35x DGEMM at
   4096^3, 1.35-1.5x at 8192^3 on an H100, against v1's 15%), with the same bound and guard. */
int ozaki_version () { return gm_tuning ()->ozaki_version; }

/* gm_matmul_ozaki_stats: s of the last call, 0 where it ran FP64.  Atomic: the several-device
   product (host_ooc.cu) runs products from one host thread per GPU at once. */
std::atomic<int> last_slices{0};

gm_status fp64_path (const MatmulArgs &a, const DeviceInfo &dev)
{
  last_slices.store (0);
  return dmma_fits (dev) ? matmul_dmma (a, dev) : matmul_warp (a, GM_DOUBLE, dev);
}

/* Workspace a launch of scheme I or II may take (pages_per_launch): planes, codes and sums. */
constexpr double OZ_MAX_WORKSPACE = 2.0 * 1024 * 1024 * 1024;

/* ceil (log2 (k)) */
int ceil_log2 (int64_t k)
{
  int l = 0;
  while (((int64_t) 1 << l) < k)
    l++;
  return l;
}

gm_status reset_fixup_count (cudaStream_t stream)
{
  void *counter = NULL;
  cudaError_t err = cudaGetSymbolAddress (&counter, ozaki_fixups);
  if (err == cudaSuccess)
    err = cudaMemsetAsync (counter, 0, sizeof (unsigned long long), stream);
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "matmul ozaki: reset the fixup count");
}

/* (1) the scans of both operands for pages base_a.. (pa of them) and base_b.. (pb): A as
 * (x = i, p), K-major when op(A) = Aᵀ; B as (x = j, p), K-major when op(B) = B.  l1_a, l1_b:
 * NULL for scheme I. */
template <bool KA, bool KB>
void launch_scans (const MatmulArgs &a, int64_t base_a, int64_t pa, int64_t base_b, int64_t pb,
                   int64_t mpad, int64_t npad, int *codes_a, int *codes_b, double *l1_a, double *l1_b)
{
  const double *A = (const double *) a.A, *B = (const double *) a.B;
  if (KA)
    ozaki_scan<true><<<dim3 ((unsigned) ceil_div (mpad, 8), (unsigned) pa), 256, 0, a.stream>>> (
        a.m, a.k, A, a.lda, a.sa, base_a, codes_a, mpad, l1_a);
  else
    ozaki_scan<false><<<dim3 ((unsigned) ceil_div (mpad, 16), (unsigned) pa), 256, 0, a.stream>>> (
        a.m, a.k, A, a.lda, a.sa, base_a, codes_a, mpad, l1_a);
  if (KB)
    ozaki_scan<true><<<dim3 ((unsigned) ceil_div (npad, 8), (unsigned) pb), 256, 0, a.stream>>> (
        a.n, a.k, B, a.ldb, a.sb, base_b, codes_b, npad, l1_b);
  else
    ozaki_scan<false><<<dim3 ((unsigned) ceil_div (npad, 16), (unsigned) pb), 256, 0, a.stream>>> (
        a.n, a.k, B, a.ldb, a.sb, base_b, codes_b, npad, l1_b);
}

/* (2) the slice pass of both operands, one thread a 16-byte chunk of k of a row: slice_a and
 * slice_b the scheme's kernels for each operand's layout, extra its parameter (scheme I's slice
 * count, scheme II's moduli). */
template <typename Slice, typename Extra>
void launch_slices (Slice slice_a, Slice slice_b, const MatmulArgs &a, int64_t base_a, int64_t pa,
                    int64_t base_b, int64_t pb, int64_t mpad, int64_t npad, int64_t kpad,
                    const int *codes_a, const int *codes_b, Extra extra, int8_t *planes_a,
                    int8_t *planes_b)
{
  const double *A = (const double *) a.A, *B = (const double *) a.B;
  const unsigned blocks_a = (unsigned) ceil_div (mpad * (kpad / 16), 256);
  const unsigned blocks_b = (unsigned) ceil_div (npad * (kpad / 16), 256);
  slice_a<<<dim3 (blocks_a, (unsigned) pa), 256, 0, a.stream>>> (a.m, a.k, A, a.lda, a.sa, base_a,
                                                                codes_a, mpad, kpad, extra, planes_a);
  slice_b<<<dim3 (blocks_b, (unsigned) pb), 256, 0, a.stream>>> (a.n, a.k, B, a.ldb, a.sb, base_b,
                                                                codes_b, npad, kpad, extra, planes_b);
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
                   npad, kpad, codes_a, codes_b, s, planes_a, planes_b);
    g.page0 = p0;
    kernel<<<dim3 ((unsigned) tiles, (unsigned) pages), OZ_THREADS, smem, a.stream>>> (g);
    if (const cudaError_t err = cudaGetLastError (); err != cudaSuccess)
      return gm_cuda_status (err, "matmul ozaki: launch");
  }
  last_slices.store (s);
  return GM_OK;
}

/* The moduli of scheme II: GPUMAT_OZAKI_MODULI (12 .. 15) where set and valid, else 14
 * (bench/NOTES-matmul.md, "Ozaki scheme II: a CPU model": 14 keep dense data within the bound
 * at every k). */
int ozaki2_moduli () { return gm_tuning ()->ozaki_moduli; }

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
enum Oz2GemmKind { OZ2_GEMM_MMA, OZ2_GEMM_WG, OZ2_GEMM_WS, OZ2_GEMM_WS256 };
constexpr int OZ2_GEMM_KINDS = 4;
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

/* Scheme II: scan (codes and 1-norms), slice (N residue planes and the tops plane of each
 * operand), N + 1 int8 GEMMs, CRT with the guard; pages in chunks as run_ozaki. */
template <bool KA, bool KB>
gm_status run_ozaki2 (const MatmulArgs &a, const DeviceInfo &dev, int N)
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
  auto gemm_v = kind == OZ2_GEMM_WS256 ? ozaki2_gemm_ws<false, OZ2S_BN_WIDE>
                : kind == OZ2_GEMM_WS  ? ozaki2_gemm_ws<false, OZ2_BN>
#if defined(GPUMAT_BENCH_VERSIONS)
                : kind == OZ2_GEMM_WG  ? ozaki2_gemm_wg<false>
#endif
                                       : ozaki2_gemm<false>;
  auto gemm_t = kind == OZ2_GEMM_WS256 ? ozaki2_gemm_ws<true, OZ2S_BN_WIDE>
                : kind == OZ2_GEMM_WS  ? ozaki2_gemm_ws<true, OZ2_BN>
#if defined(GPUMAT_BENCH_VERSIONS)
                : kind == OZ2_GEMM_WG  ? ozaki2_gemm_wg<true>
#endif
                                       : ozaki2_gemm<true>;
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
  const double bytes_a = (double) plane_bytes_a + 12.0 * mpad;
  const double bytes_b = (double) plane_bytes_b + 12.0 * npad;
  const double bytes_c = (double) N * mpad * npad + 4.0 * mpad * npad;
  const int64_t chunk = pages_per_launch (
      a.batch, (bcast_a ? 0 : bytes_a) + (bcast_b ? 0 : bytes_b) + bytes_c, bytes_a + bytes_b,
      OZ_MAX_WORKSPACE);
  const int64_t pages_a = bcast_a ? 1 : chunk, pages_b = bcast_b ? 1 : chunk;
  const size_t r_bytes = (size_t) chunk * N * mpad * npad, t_bytes = (size_t) chunk * 4 * mpad * npad;
  const size_t total = pages_a * plane_bytes_a + pages_b * plane_bytes_b + r_bytes + t_bytes
                       + pages_a * 12 * mpad + pages_b * 12 * npad;
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
  int8_t *planes_a = (int8_t *) (codes_b + pages_b * npad);
  int8_t *planes_b = planes_a + pages_a * plane_bytes_a;
  uint8_t *R = (uint8_t *) (planes_b + pages_b * plane_bytes_b);

  if ((st = reset_fixup_count (a.stream)) != GM_OK)
    return st;
  const double *A = (const double *) a.A, *B = (const double *) a.B;
  const int64_t tiles_m = mpad / OZ2_BM, tiles = tiles_m * (npad / bn);
  const int log2_k = ceil_log2 (k);
  const int64_t crt_threads = mpad / 4 * n;   /* ozaki2_crt: four rows a thread */
  if (tiles > MAX_GRID_X || ceil_div (crt_threads, 256) > MAX_GRID_X)
    return fp64_path (a, dev);
  Oz2Gemm gg = {planes_a, planes_b, bcast_a ? 0 : (int64_t) plane_bytes_a,
                bcast_b ? 0 : (int64_t) plane_bytes_b, mpad, npad, kpad, tiles_m, 0, {}, {}, {},
                {}, {}, R, T, N};
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
               1.0 / ((double) mods.m_hi * 0x1p64 + (double) mods.m_lo)};
  for (int64_t p0 = 0; p0 < a.batch; p0 += chunk) {
    const int64_t pages = a.batch - p0 < chunk ? a.batch - p0 : chunk;
    const int64_t pa = bcast_a ? 1 : pages, pb = bcast_b ? 1 : pages;
    const int64_t base_a = bcast_a ? 0 : p0, base_b = bcast_b ? 0 : p0;
    launch_scans<KA, KB> (a, base_a, pa, base_b, pb, mpad, npad, codes_a, codes_b, l1_a, l1_b);
    launch_slices (KA ? ozaki2_slice<true> : ozaki2_slice<false>,
                   KB ? ozaki2_slice<true> : ozaki2_slice<false>, a, base_a, pa, base_b, pb, mpad,
                   npad, kpad, codes_a, codes_b, mods, planes_a, planes_b);
    gg.plane0 = 0;
    gemm_v<<<dim3 ((unsigned) tiles, (unsigned) N, (unsigned) pages), threads, smem, a.stream>>> (gg);
    gg.plane0 = N;
    gemm_t<<<dim3 ((unsigned) tiles, 1, (unsigned) pages), threads, smem, a.stream>>> (gg);
    gc.page0 = p0;
    const dim3 crt_grid ((unsigned) ceil_div (crt_threads, 256), (unsigned) pages);
    if (N <= OZ2_DEFAULT_MODULI)
      ozaki2_crt<KA, KB, OZ2_DEFAULT_MODULI><<<crt_grid, 256, 0, a.stream>>> (gc);
    else
      ozaki2_crt<KA, KB, OZ2_MAX_MODULI><<<crt_grid, 256, 0, a.stream>>> (gc);
    if (const cudaError_t err = cudaGetLastError (); err != cudaSuccess)
      return gm_cuda_status (err, "matmul ozaki: launch");
  }
  last_slices.store (N);
  return GM_OK;
}

} /* namespace */

/* Products of k < OZAKI_K_FLOOR run on the FP64 path (header, point 5). */
constexpr int64_t OZAKI_K_FLOOR = 16;

gm_status matmul_ozaki (const MatmulArgs &a, const DeviceInfo &dev)
{
  if (a.ct)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul ozaki: C stored transposed");
  if (a.k < OZAKI_K_FLOOR)
    return fp64_path (a, dev);
  const int s = ozaki_slices ();
  /* scheme II (the default) where its int32 sums stay exact, else scheme I */
  const bool scheme2 = ozaki_version () == 3 && a.k <= OZ2_MAX_K;
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    return scheme2 ? run_ozaki2<KA, KB> (a, dev, ozaki2_moduli ()) : run_ozaki<KA, KB> (a, dev, s);
  });
}

} /* namespace gm_matmul_detail */

extern "C" gm_status gm_matmul_ozaki_stats (int *slices, int64_t *fixups)
{
  if (!slices || !fixups)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul ozaki stats: null output");
  unsigned long long f = 0;
  cudaError_t err = cudaDeviceSynchronize ();
  if (err == cudaSuccess)
    err = cudaMemcpyFromSymbol (&f, gm_matmul_detail::ozaki_fixups, sizeof f);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "matmul ozaki stats");
  const int slices_seen = gm_matmul_detail::last_slices.load ();
  *slices = slices_seen;
  *fixups = slices_seen ? (int64_t) f : 0;
  return GM_OK;
}
