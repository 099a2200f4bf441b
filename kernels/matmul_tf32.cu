/* matmul_tf32.cu: the tf32x3 family: single precision on the TF32 tensor cores (mma.sync
 * m16n8k8 tf32, compute capability 8.0+; wgmma on sm_90a) by the 3xTF32 split, accurate to
 * FP32's own componentwise bound (below).  Single (and complex single, through matmul_complex.cu) only.
 *
 * Versions:
 *   tf32x3 v1  (issue 13; H100: correct, 30.5 / 32.1 TFLOP/s at 4096 / 8192 = 0.60-0.62x SGEMM;
 *              bench/NOTES-matmul.md "3xTF32 v1")
 *            dmma's frame in single: 128x128x32 block tile, 8 warps of 64x32 (4 x 4 m16n8
 *            tiles a warp), cp.async pipeline (3 stages, 2 where a block cannot have 111 KB),
 *            each operand kept in shared memory in its global layout (MN-major Xs[p][x] pitch
 *            BM + 8, K-major Xs[x][p] pitch BK + 4: both conflict-free for the fragment
 *            loads), Aᵀ * Bᵀ as Cᵀ = B * A, split-K where the tiles cannot fill the GPU.  Each
 *            fragment element is split into hi and lo once as it is loaded from shared memory
 *            (not per product): per k8 step a thread splits 16 A and 8 B values and issues 48
 *            MMAs with them.  Per k8 step: hi*hi into a zeroed temporary, added to the main
 *            accumulator with FADD (round to nearest); hi*lo and lo*hi into a separate
 *            correction accumulator; main + correction once, at the end.  Products of k below
 *            TF32X3_K_FLOOR go to the FFMA warp kernel (matmul_warp.cu); a block whose inputs
 *            leave the range where the analysis holds recomputes its tile with FFMA.
 *   tf32x3 v2  (2026-11-26; H100: 4096^3 66.8-67.4 TFLOP/s = 1.30x SGEMM, 8192^3 64.5-68.7 =
 *              1.22-1.31x; every op pair within 2% of A*B but A*Bᵀ, 5-12% above it; runs
 *              under auto for single on compute capability 9.0; NOTES-matmul.md "3xTF32 v2")
 *            wgmma (sm_90a: m64n128k8 tf32, both operands from shared memory), 128x128x32
 *            block tile, 2 warpgroups of 64x128.  The split moved out of the MMA loop: each
 *            raw k-tile (v1's loader and tiles, 2 stages) is split once per element by all
 *            threads into four K-major TF32 tiles (A hi, A lo, B hi, B lo; wgmma's TF32 has
 *            no transpose, so MN-major operands are transposed here), two buffers, so that
 *            the split of tile t + 1 runs while the tensor cores work on tile t.  Per k-tile
 *            12 wgmma (lo*hi, hi*lo, then hi*hi, 4 k8 steps each) into a temporary that starts
 *            from zero each `group` k-tiles (2 by default), then one FADD of the temporary
 *            into the main accumulator (part 7).  Inf, NaN and the v1 range limits send the
 *            block to FFMA (the split would turn Inf * lo = Inf * 0 into NaN).  First form 55-57
 *            TFLOP/s; cvt.rna.tf32 as 2 integer operations (it compiled to 4, with NaN and
 *            overflow cases that v2 never meets), a constant buffer parity in each copy of the
 *            loop body and no integer division per k-tile (kt % group) took it to 65-69.
 *   tf32x3 v3  (2026-11-26, fourteenth session; H100: 4096^3 110.3 TFLOP/s = 2.14x SGEMM,
 *              8192^3 109.1 = 2.11x, v2 in the same run 1.29x / 1.30x; NOTES-matmul.md
 *              "tf32x3 v3") the split taken out of the gemm: one pass splits each element of
 *            op(A) and op(B) once into hi and lo planes in wgmma's K-major core-matrix order
 *            (v2 split each element n / 128 or m / 128 times, in the SM that multiplies), and a
 *            warp-specialized gemm (Ozaki v3 gemm ws's frame: a producer warp, cp.async.bulk,
 *            full and empty mbarriers, 3 stages of 64 KB) runs v2's 12 wgmma a k-tile in v2's
 *            order and grouping, so part 7 and the floors hold unchanged and v3's results are
 *            v2's.  Where its 128x128 tiles fill the GPU at least once (no split-K), and the
 *            workspace (8 bytes an element of each operand) can be had; else v2.
 *
 * ---- Error analysis (u = 2^-24, eps = eps(single) = 2u = 2^-23) -----------------------------
 * Claim: for every element, with S = sum_p |a_p| |b_p| (a = row of op(A), b = column of op(B)),
 *     |C - C_exact| <= k eps S  (+ an absolute underflow term, at most 3 (k + 8) 2^-126)
 * for every k >= TF32X3_K_FLOOR = 22 on the tensor path, and for every k on the FFMA path
 * (sequential FMA: gamma_k S <= k u S / (1 - k u) plus k 2^-150 of underflow).
 *
 * Range of the tensor path.  Every nonzero finite input must satisfy 2^-103 <= |x| < 2^61;
 * NaN and Inf are handled in place (below).  A block that meets any other value (subnormals,
 * tiny normals, huge finite values) in the tiles it reads sets a flag and recomputes its whole
 * tile by sequential FFMA from global memory (IEEE in every case, slow, only for such data).
 * Why these limits: from 2^-103 up, a residual lo is a normal number whenever it is nonzero
 * (|lo| >= ulp(x) >= 2^-126), so no tensor-core handling of subnormal inputs matters (TF32
 * subnormals keep only 10 - z bits: a residual rounded there loses up to 2^-137 absolute, i.e.
 * 2^-17 relative for x = 2^-120); below 2^61 no product reaches 2^122 and no 8-product group
 * reaches 2^125, so neither the hi*hi temporaries nor the corrections can overflow (whether the
 * tensor core's truncating accumulator overflows to Inf or saturates is not known, so nothing
 * relies on it).  The same flag is raised where main is finite but the correction is not below
 * 2^120 (only reachable by sums of ~2^17 products near 2^122 that cancel in main).  main itself
 * (FADD of the temporaries) overflows only where a running sum passes FLT_MAX (|A||B| above
 * 2^128), as a sequential FFMA sum can; such an Inf is kept, not recomputed.
 *
 * 1. The split.  hi = rna11(x) (cvt.rna.tf32.f32: 11 significant bits, ties away), r = x - hi
 *    exactly (FSUB; |r| <= 2^(e-11) for 2^e <= |x| < 2^(e+1), a multiple of 2^(e-23), so at most
 *    13 significant bits), lo = rna11(r).  If |r| = 2^(e-11), lo = r; otherwise its exponent is
 *    at most e - 12 and lo is off by at most half a TF32 ulp there, 2^(e-12-11) = 2^(e-23).  So
 *        d = x - hi - lo,  |d| <= 2^-23 |x| = eps |x|,  |lo| <= 2^-11 |x|,  |hi + lo| <= (1 + eps)|x|.
 *    (x = 1 + 2^-11 + 2^-23 reaches it: hi = 1 + 2^-10, r = -(2^-11 - 2^-23) needs 12 bits, lo =
 *    -2^-11, d = 2^-23.)  hi and lo are exact TF32 numbers, so the tensor core reads them whole.
 * 2. The dropped terms.  ab - (ha hb + ha lb + la hb) = la lb + (ha + la) db + da (hb + lb) + da db:
 *        E1 <= (2^-22 + 2 (1 + eps) 2^-23 + 2^-46) |ab| <= 4 (1 + 2^-22) eps |ab|   per product.
 * 3. The tensor core (Fasi, Higham, Mikaitis, Pranesh, "Numerical behavior of NVIDIA tensor
 *    cores", PeerJ CS 2021: products exact; a fused step aligns its terms to the largest
 *    exponent and truncates what falls below the accumulator's 24 bits, then normalizes by
 *    truncation; Hopper assumed the same).  A fused step of t terms then errs by less than
 *    (t - 1) eps max|term| + eps |result| <= t eps sum|terms|.  An m16n8k8 adds 8 products to C
 *    in s fused steps (s = 2 on A100 by Fasi et al.: 4 products a step; s = 8 is the worst
 *    grouping), so it errs by < (8 + s) eps (|C| + sum|p|); s = 8 below.  Products of TF32
 *    values (11 x 11 bits) are exact; ha hb is at most (1 + 2^-11)^2 |ab|.
 *      E2  the hi*hi temporaries (C = 0, 8 products each): <= 16 (1 + 2^-11)^2 eps S in all.
 *      E3  main = FADD (round to nearest) of the n = ceil(k/8) temporaries in order:
 *          <= (n - 1) u (1 + 16 eps)(1 + 2^-11)^2 S (1 + O(nu)) ~ (n - 1)/2 eps S.
 *      E4  the correction accumulator: 2n MMAs, each erring by < 16 eps times the sum of all
 *          corrections, which is <= 2^-10 (1 + 2^-11)^2 S: <= 2n 16 2^-10 eps S = n eps S / 32.
 *      E5  main + correction, rounded to nearest once: <= u |C| ~ eps S / 2.
 *    (Accumulating hi*hi in the tensor core itself for all of k would cost E2 ~ k eps S alone:
 *    truncation instead of rounding, the loss Ootomo & Yokota and triton #4603 trace; hence the
 *    FADD a k8 step.)
 * 4. Sum: |C - C_exact| <= (E1 + ... + E5) / S  <= 4 + 16.01 + 0.5 (n-1) + n/32 + 0.5 (eps S
 *    units) = 20.5 + 0.53 n, n = ceil(k/8) <= (k + 7)/8: at most k eps S for every k >= 22 and
 *    not at k = 21 (tools: the arithmetic with every (1 + ...) factor kept exactly gives 21.56 at
 *    k = 22).  With s = 2 (A100's grouping) the floor would be 16.  At k = 4096: 284 eps S, 14x
 *    inside the k eps S bound (FP32 FFMA's own worst case is 2048 eps S).
 * 5. Split-K: slices of k_s >= 256 summed in order with FADD: the slice bounds add up to
 *    (20.5 + 0.0665 k_s) eps S plus (slices - 1) u S, below k eps S since k >= k_s >= 256.
 * 6. Underflow: every fused step and FADD can lose up to one subnormal ulp (2^-149), or all of
 *    a subnormal result if the tensor core flushes them (2^-126); 3n steps' worth per element:
 *    the absolute term above.  Relative bounds of any FP32 product fail in that range anyway.
 *
 * 7. v2 (wgmma).  hi and lo as in 1 (the integer form of cvt.rna: add 2^12 to the bits,
 *    clear the low 13), so E1 as in 2.  All three products of a k-tile go into one temporary
 *    T that starts from zero every G = group k-tiles (32 G products, 12 G MMAs, k8 each, in
 *    the order lo*hi, hi*lo, hi*hi), and acc += T (FADD) at the group's end.  With the MMA
 *    model of 3 (each errs by < 16 eps (|T| + the sum of its |products|)) and S_g the group's
 *    sum of |a||b|: the 8 G correction MMAs see |T| <= 2^-10 (1 + 2^-11)^2 S_g, so they err by
 *    < 0.25 G eps S_g in all; each of the 4 G hi*hi MMAs sees |T| <= 1.003 S_g, so they err by
 *    < (64.2 G + 16.1) eps S_g.  The FADDs of the n_g = ceil(k / 32 G) groups add (n_g - 1) u
 *    1.003 S.  Summed over the groups: |C - C_exact| <= (4 + 16.1 + 64.45 G + k / (64 G))
 *    eps S, within k eps S from k >= 85 (G = 1), 152 (2), 215 (3), 280 (4): v2 runs from
 *    k >= max (128, 72 G + 24).  Split-K slices add their constant parts in proportion to
 *    their S, so the total k decides.  Overflow: a group's T sums up to 32 G products below
 *    2^122, so from G = 2 on it may pass FLT_MAX where the sum itself does; any result at or
 *    above 2^126 in magnitude (Inf and NaN included) sends the block to FFMA, so whatever the
 *    tensor core does then never reaches C.  Measured (test_tf32 on an H100): max error / S
 *    1000-2100x below 1xTF32's on uniform, wide and residual data, as v1.
 *
 * Non-finite inputs (v1).  hi of NaN is a canonical quiet NaN (the tensor core reads only the top
 * 19 bits, so a NaN whose payload sits in the low 13 bits would read as Inf); lo = 0 when hi
 * is not finite (x - hi would be Inf - Inf = NaN, and hi*lo = Inf*0 = NaN where IEEE gives
 * Inf).  At the end C = main where main is not finite (the corrections can hold Inf*0 = NaN
 * there), else main + correction.  Inf * 0 still gives NaN through hi*hi, as IEEE does.
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

/* Range of the tensor path: 0, NaN, Inf, or 2^-103 <= |x| < 2^61 (see the header). */
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

/* The operand tiles (MN-major pitch BM + 8, K-major BK + 4), their cp.async loader and the
 * block configuration are matmul_internal.cuh's (OperandTile, load_tile_async, MmaCfg), shared
 * with dmma.  256 threads, 8 warps of WM x WN = 64 x 32 in a 128 x 128 block tile: per warp
 * 4 x 4 m16n8 tiles, each with a main and a correction accumulator (128 floats a thread). */
template <int BM, int BN, int BK, int WM, int WN, int STAGES, bool KA, bool KB>
using Tf32Cfg = MmaCfg<float, BM, BN, BK, WM, WN, STAGES, KA, KB>;

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

/* ---- tf32x3 v2: wgmma (sm_90a) ------------------------------------------------------------
 * Block tile 128 x 128 x 32, 256 threads = 2 warpgroups of 64 x 128.  Per k-tile:
 *   1. cp.async brings the raw fp32 tiles of op(A) and op(B) in their global layouts (v1's
 *      loader and padded tiles), two stages;
 *   2. all 256 threads split them once: hi = rna(x), lo = rna(x - hi), written as four TF32
 *      tiles (A hi, A lo, B hi, B lo) in wgmma's K-major layout without swizzle: 8 x 4 "core
 *      matrices" of 128 contiguous bytes, the 8 k-chunks of 8 rows side by side (LBO 128 B),
 *      row groups 1024 B apart (SBO).  The split of tile t + 1 runs while the tensor cores
 *      work on tile t (two hi/lo buffers: 2 x 64 KiB);
 *   3. each warpgroup issues 12 wgmma.m64n128k8 for its 64 rows: lo*hi and hi*lo for the four
 *      k8 steps, then hi*hi, all into one temporary that starts from zero every `group`
 *      k-tiles;
 *   4. at a group's end (after wait_group 0: see the loop for why not earlier) the temporary
 *      is added to the main accumulator with FADD (round to nearest).
 * So the tensor core's truncating accumulation spans the 32 group products of a group, not all
 * of k: the error analysis (part 7 of the header) gives (84.1 + k/64) eps S for group 1, hence
 * the floors.
 * Any input outside the tensor path's range (v1's, now including Inf and NaN, which v2 does
 * not carry through the split: Inf * lo = Inf * 0 would make NaN) sends the block's tile to
 * sequential FFMA from global memory, as in v1. */
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


/* Splits one raw k-tile of an operand (128 rows x 32, layout KMAJ as v1 keeps it) into its hi
   and lo tiles.  Each thread takes 4 quads (a row and 4 consecutive k).  K-major raw: 8
   neighbouring lanes read rows 144 B apart (32 distinct banks) and write one core-matrix's
   128 contiguous bytes; MN-major raw: 32 lanes read 32 consecutive rows of one k (LDS.32).
   amax / amin1 keep the range of |x| seen (bits; zero counts as in range). */
template <bool KMAJ>
__device__ __forceinline__ void v2_split_tile (const float *src, unsigned char *hi, unsigned char *lo,
                                               uint32_t &amax, uint32_t &amin1)
{
  using Tile = OperandTile<float, V2_BM, V2_BK, KMAJ>;
  const int t = threadIdx.x;
#pragma unroll
  for (int r = 0; r < 4; r++) {
    int x, c;
    float v[4];
    if (KMAJ) {
      const int q = t + 256 * r;
      x = (q / 64) * 8 + q % 8;
      c = (q / 8) % 8;
      const float4 f = *reinterpret_cast<const float4 *> (src + Tile::at (x, 4 * c));
      v[0] = f.x; v[1] = f.y; v[2] = f.z; v[3] = f.w;
    } else {
      x = t % 128;
      c = 2 * r + t / 128;
#pragma unroll
      for (int e = 0; e < 4; e++)
        v[e] = src[Tile::at (x, 4 * c + e)];
    }
    uint32_t h[4], l[4];
#pragma unroll
    for (int e = 0; e < 4; e++) {
      const uint32_t b = __float_as_uint (v[e]), a = b & 0x7fffffffu;
      amax = max (amax, a);
      amin1 = min (amin1, a - 1u);
      h[e] = rna_tf32_bits (b);
      l[e] = rna_tf32_bits (__float_as_uint (v[e] - __uint_as_float (h[e])));
    }
    const int off = (x / 8) * 1024 + c * 128 + (x % 8) * 16;
    *reinterpret_cast<uint4 *> (hi + off) = make_uint4 (h[0], h[1], h[2], h[3]);
    *reinterpret_cast<uint4 *> (lo + off) = make_uint4 (l[0], l[1], l[2], l[3]);
  }
}
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

/* Launch contract: blockDim.x = 256, V2Cfg<KA, KB>::SMEM bytes of dynamic shared memory, grid
 * as for_each_launch makes it; g.k >= 1; compute capability 9.0 with sm_90a code. */
template <bool KA, bool KB, bool VEC>
__global__ void __launch_bounds__ (256, 1)
matmul_tf32x3_v2_kernel (Gemm<float> g, int group)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  const int64_t ti = enter_block<KA, KB> (g);
  using Cfg = V2Cfg<KA, KB>;
  using TileA = typename Cfg::TileA;
  extern __shared__ __align__ (1024) unsigned char smem_v2[];
  unsigned char *const hl = smem_v2;   /* 2 buffers: A hi, A lo, B hi, B lo */
  float *const raw = reinterpret_cast<float *> (smem_v2 + 2 * V2_HL_BYTES);
  const uint32_t hl_s = (uint32_t) __cvta_generic_to_shared (hl);

  const int t = threadIdx.x, lane = t % 32, wg = t / 128, w4 = (t / 32) % 4;
  const int gr = lane / 4, tg = lane % 4;
  const int64_t i0 = ti * V2_BM, j0 = blockIdx.y * (int64_t) V2_BN;
  const int64_t m = g.m, n = g.n, k = g.k;
  const int64_t KT = ceil_div (k, V2_BK);

  auto load_stage = [&] (int slot, int64_t kt) {
    load_operand_tiles<float, V2_BM, V2_BN, V2_BK, 256, KA, KB, VEC> (raw + slot * Cfg::RAW, g, i0,
                                                                      j0, kt);
  };
  uint32_t amax = 0, amin1 = 0xffffffffu;
  /* stage P of the raw tiles into hi/lo buffer P (P = kt % 2, a constant in each copy of the
     loop body below, so that every shared address is a constant offset) */
  auto split_stage = [&] (auto parity) {
    constexpr int P = decltype (parity)::value;
    const float *as = raw + P * Cfg::RAW;
    unsigned char *buf = hl + P * V2_HL_BYTES;
    v2_split_tile<KA> (as, buf, buf + V2_TILE_BYTES, amax, amin1);
    v2_split_tile<KB> (as + TileA::SIZE, buf + 2 * V2_TILE_BYTES, buf + 3 * V2_TILE_BYTES, amax,
                       amin1);
    /* the generic-proxy stores must be visible to wgmma's (async-proxy) reads */
    asm volatile ("fence.proxy.async.shared::cta;\n" ::: "memory");
  };

  float acc[64], tmp[64];
#pragma unroll
  for (int i = 0; i < 64; i++)
    acc[i] = tmp[i] = 0.0f;

  load_stage (0, 0);
  cp_async_commit ();
  if (KT > 1)
    load_stage (1, 1);
  cp_async_commit ();
  cp_async_wait<1> ();
  __syncthreads ();
  split_stage (std::integral_constant<int, 0> ());
  __syncthreads ();

  /* Per k-tile: its wgmma group into tmp (from zero at the start of a group of `group`
     k-tiles); the split of tile kt + 1 into the other buffer while the tensor cores work; the
     copy of tile kt + 2; at a group's end, tmp into acc.  ptxas serializes every wgmma of a
     kernel that reads an accumulator before a wait_group 0 (C7514), so tmp is read only after
     one: the FADD and the barrier after it are the tensor cores' idle time, once a group. */
  int in_group = 0;
  auto step = [&] (int64_t kt, auto parity) {
    constexpr int P = decltype (parity)::value;
    const uint32_t buf = hl_s + (uint32_t) (P * V2_HL_BYTES);
    const uint64_t a_hi = wgmma_desc_kmajor (buf + wg * 8192), a_lo = wgmma_desc_kmajor (buf + V2_TILE_BYTES + wg * 8192);
    const uint64_t b_hi = wgmma_desc_kmajor (buf + 2 * V2_TILE_BYTES), b_lo = wgmma_desc_kmajor (buf + 3 * V2_TILE_BYTES);
    const int fresh = in_group == 0 ? 0 : 1;
    asm volatile ("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int s = 0; s < 4; s++)   /* the small products first, while the temporary is small */
      v2_wgmma (tmp, a_lo + 16 * s, b_hi + 16 * s, s == 0 ? fresh : 1);
#pragma unroll
    for (int s = 0; s < 4; s++)
      v2_wgmma (tmp, a_hi + 16 * s, b_lo + 16 * s, 1);
#pragma unroll
    for (int s = 0; s < 4; s++)
      v2_wgmma (tmp, a_hi + 16 * s, b_hi + 16 * s, 1);
    asm volatile ("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    if (kt + 1 < KT) {
      /* buffer 1 - P was read by group kt - 1 */
      asm volatile ("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
      cp_async_wait<0> ();
      __syncthreads ();   /* tile kt + 1 landed; every warpgroup is done with buffer 1 - P */
      split_stage (std::integral_constant<int, 1 - P> ());
    }
    /* The copy of tile kt + 2 goes out after the split's proxy fence, which compiles to
       MEMBAR.ALL.CTA and would otherwise wait for it to land. */
    if (kt + 2 < KT)
      load_stage (P, kt + 2);
    cp_async_commit ();
    if (++in_group == group || kt + 1 == KT) {
      in_group = 0;
      asm volatile ("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
      wgmma_pin (tmp);
#pragma unroll
      for (int i = 0; i < 64; i++)
        acc[i] += tmp[i];   /* rounded to nearest */
    }
    __syncthreads ();     /* buffer 1 - P written; raw stage 1 - P read */
  };
  for (int64_t kt = 0; kt < KT; kt += 2) {
    step (kt, std::integral_constant<int, 0> ());
    if (kt + 1 < KT)
      step (kt + 1, std::integral_constant<int, 1> ());
  }
  cp_async_wait<0> ();

  /* accumulator layout (wgmma's f32 D): acc[4y + e] is row 16 w4 + gr + 8 (e / 2) of the
     warpgroup's 64, column 8 y + 2 tg + e % 2 */
  v2_finish<KA, KB> (g, acc, i0 + wg * 64 + w4 * 16 + gr, j0 + 2 * tg,
                     amax >= V2_HUGE_BITS || amin1 < V2_TINY_BITS - 1u);
#else
  __trap ();   /* launched only where sm_90a code was built (GPUMAT_SM90A) */
#endif
}

template <bool KA, bool KB, bool VEC>
gm_status launch_v2 (const MatmulArgs &a, int slices, int64_t k_slice, int64_t c_slice,
                     int group)
{
  static PerDeviceOnce smem_set;
  return launch_tiled_kernel<float> (matmul_tf32x3_v2_kernel<KA, KB, VEC>, 256, V2Cfg<KA, KB>::SMEM,
                                     &smem_set, a, V2_BM, V2_BN, slices, k_slice, c_slice,
                                     "matmul tf32x3 v2: shared memory", "matmul tf32x3 v2", group);
}

/* ---- tf32x3 v3: split once into planes, then a warp-specialized wgmma gemm (sm_90a) ------
 * v2 split every raw k-tile in the block that multiplies it, so each element of op(A) was split
 * n / 128 times and each of op(B) m / 128 times, and the split's shared-memory traffic and
 * issue slots competed with the MMAs in the same SM (v2's probes: MMA alone 85 TFLOP/s, the
 * split alone 72-82, both 57-69).  v3 splits each element once, in a pass of its own, into
 * hi and lo planes in wgmma's K-major core-matrix order (kmajor_chunk; k-tiles of 32 singles,
 * the hi and lo tiles of a k-tile side by side), and the gemm only copies and multiplies:
 *   split  one thread a 16-byte chunk (4 k) of a row, rows fastest (as Ozaki v3's slice);
 *          hi and lo exactly as v2 (rna_tf32_bits), zeros in the padding; a row or column
 *          with a value outside the tensor path's range gets a flag;
 *   gemm   128 x 128 block tile, 288 threads: warpgroups 0 and 1 multiply 64 x 128 each, warp
 *          8 (one lane) copies.  A stage is one k-tile: A hi, A lo, B hi, B lo, 16 KB each,
 *          four cp.async.bulk onto the stage's "full" mbarrier; the consumers hand a stage
 *          back on its "empty" mbarrier (as Ozaki v3 gemm ws).  3 stages (192 KB).  Per
 *          k-tile the 12 wgmma of v2 in v2's order into v2's temporary, and the temporary
 *          into the main accumulator every `group` k-tiles (after wait_group 0, as v2: part 7
 *          of the header holds unchanged, and so do the k floors).
 *   end    a tile whose rows or columns carry a flag, or whose result reaches 2^126, is
 *          recomputed by FFMA (v2_finish), so v3 gives v2's results bit for bit.
 * Traffic: a k-tile of a block reads 64 KB from L2 (v2: 32 KB raw, but split in the SM); the
 * split pass moves 12 bytes an element of each operand once (8192^3: 1.6 GB, ~0.5 ms).
 * Workspace: 8 bytes an element of op(A) and op(B) a page (8192^2: 1 GB); where it cannot be
 * had, v2 runs. */
constexpr int V3_STAGES = 3, V3_THREADS = 288, V3_GROUP = 8;
constexpr int V3_STAGE_BYTES = 4 * V2_TILE_BYTES;                           /* 64 KB */
constexpr size_t V3_SMEM = (size_t) V3_STAGES * V3_STAGE_BYTES + 16 * V3_STAGES;
constexpr int64_t V3_KT = 32;   /* singles a k-tile: 128 bytes of a row */

/* One launch of v3's gemm.  Planes: per page, per k-tile, hi then lo of all xpad rows
   (2 xpad 128 bytes a k-tile). */
struct V3Gemm {
  Gemm<float> g;                /* sizes, operands and C at page 0 of the launch (the FFMA path) */
  const unsigned char *pa, *pb; /* planes of page 0 of this launch */
  int64_t pa_page, pb_page;     /* bytes between pages' planes (0: one for all pages) */
  const unsigned char *flag_a, *flag_b;   /* a nonzero byte: a row (column) out of range */
  int64_t fa_page, fb_page;
  int64_t mpad, npad, kpad, tiles_m;
  int group;
};

/* The split of rows x k of op(X) (layout KMAJ, page stride sx) into planes of xpad x kpad. */
template <bool KMAJ>
__global__ void __launch_bounds__ (256)
tf32x3_split (int64_t rows, int64_t k, const float *__restrict__ X, int64_t ld, int64_t sx,
              int64_t page0, int64_t xpad, int64_t kpad, unsigned char *__restrict__ planes,
              unsigned char *__restrict__ flags)
{
  const int64_t page = blockIdx.y, chunks = kpad / 4;
  const int64_t id = blockIdx.x * (int64_t) blockDim.x + threadIdx.x;
  if (id >= xpad * chunks)
    return;
  /* consecutive threads write consecutive 16-byte chunks of the plane (8 rows of one chunk,
     128 bytes) and read along the operand's contiguous index where it is the rows */
  const int64_t x = KMAJ ? (id / 8 / chunks) * 8 + id % 8 : id % xpad;
  const int64_t c = KMAJ ? (id / 8) % chunks : id / xpad;
  X += (page0 + page) * sx;
  planes += page * 8 * xpad * kpad;
  uint32_t h[4], l[4];
  bool out = false;
#pragma unroll
  for (int q = 0; q < 4; q++) {
    const int64_t p = 4 * c + q;
    const float v = x < rows && p < k ? X[at<KMAJ> (x, p, ld)] : 0.0f;
    const uint32_t b = __float_as_uint (v), a = b & 0x7fffffffu;
    out |= a >= V2_HUGE_BITS || a - 1u < V2_TINY_BITS - 1u;
    h[q] = rna_tf32_bits (b);
    l[q] = rna_tf32_bits (__float_as_uint (v - __uint_as_float (h[q])));
  }
  unsigned char *dst = planes + kmajor_chunk (x, c, 2 * xpad * 128);
  *reinterpret_cast<uint4 *> (dst) = make_uint4 (h[0], h[1], h[2], h[3]);
  *reinterpret_cast<uint4 *> (dst + xpad * 128) = make_uint4 (l[0], l[1], l[2], l[3]);
  if (out)
    flags[page * xpad + x] = 1;   /* every writer stores the same value */
}

/* Launch contract: V3_THREADS threads, V3_SMEM bytes of dynamic shared memory, grid (tiles_m
 * x tiles_n, pages); compute capability 9.0 with sm_90a code; g.k >= TF32X3_V2_K_FLOOR. */
template <bool KA, bool KB>
__global__ void __launch_bounds__ (V3_THREADS, 1)
matmul_tf32x3_v3_kernel (V3Gemm v)
{
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  extern __shared__ __align__ (1024) unsigned char smem_v3[];
  const uint32_t sbase = (uint32_t) __cvta_generic_to_shared (smem_v3);
  const uint32_t full = sbase + V3_STAGES * V3_STAGE_BYTES, empty = full + 8 * V3_STAGES;
  const int64_t page = blockIdx.y;
  int64_t ti, tj;
  grouped_tile (blockIdx.x, v.tiles_m, v.npad / V2_BN, V3_GROUP, ti, tj);
  const int64_t i0 = ti * V2_BM, j0 = tj * V2_BN;
  const int64_t KT = v.kpad / V3_KT;
  const int tid = threadIdx.x;
  Gemm<float> g = v.g;
  const int64_t pg = g.page0 + page;
  g.A += pg * g.sa;
  g.B += pg * g.sb;
  g.C += pg * g.sc;

  if (tid == 0) {
    for (int s = 0; s < V3_STAGES; s++) {
      mbar_init (full + 8 * s, 1);
      mbar_init (empty + 8 * s, 2);   /* one arrival a multiplying warpgroup */
    }
    mbar_init_fence ();
  }
  /* a flagged row or column: the whole tile by FFMA, without the tensor cores (the last
     block-wide barrier: the copying warp leaves after its loop) */
  bool flagged = false;
  if (tid < V2_BM)
    flagged = v.flag_a[page * v.fa_page + i0 + tid] != 0;
  else if (tid < V2_BM + V2_BN)
    flagged = v.flag_b[page * v.fb_page + j0 + tid - V2_BM] != 0;
  if (__syncthreads_or (flagged)) {
    if (tid < 256) {
      float acc[64];
#pragma unroll
      for (int i = 0; i < 64; i++)
        acc[i] = 0.0f;
      const int lane = tid % 32, wg = tid / 128, w4 = (tid / 32) % 4;
      v2_finish<KA, KB> (g, acc, i0 + wg * 64 + w4 * 16 + lane / 4, j0 + 2 * (lane % 4), true);
    }
    return;
  }

  const int role = __shfl_sync (0xffffffffu, tid / 128, 0);   /* warp-uniform */
  if (role == 2) {
    if (tid == 256) {
      const int64_t a_tile = 2 * v.mpad * 128, b_tile = 2 * v.npad * 128;
      const unsigned char *pa = v.pa + page * v.pa_page + i0 * 128;
      const unsigned char *pb = v.pb + page * v.pb_page + j0 * 128;
      for (int64_t kt = 0; kt < KT; kt++) {
        const int s = ws_claim_stage (full, empty, kt, V3_STAGES, V3_STAGE_BYTES);
        const uint32_t bar = full + 8 * s, dst = sbase + s * V3_STAGE_BYTES;
        bulk_copy_g2s (dst, pa + kt * a_tile, V2_TILE_BYTES, bar);
        bulk_copy_g2s (dst + V2_TILE_BYTES, pa + kt * a_tile + v.mpad * 128, V2_TILE_BYTES, bar);
        bulk_copy_g2s (dst + 2 * V2_TILE_BYTES, pb + kt * b_tile, V2_TILE_BYTES, bar);
        bulk_copy_g2s (dst + 3 * V2_TILE_BYTES, pb + kt * b_tile + v.npad * 128, V2_TILE_BYTES,
                       bar);
      }
    }
    return;
  }

  const int lane = tid % 32, wg = tid / 128, w4 = (tid / 32) % 4;
  float acc[64], tmp[64];
#pragma unroll
  for (int i = 0; i < 64; i++)
    acc[i] = tmp[i] = 0.0f;
  int in_group = 0;
  int64_t released = 0;   /* k-tiles before this one are handed back */
  auto release_to = [&] (int64_t end) {
    for (; released < end; released++)
      if (tid % 128 == 0)
        mbar_arrive (empty + 8 * (uint32_t) (released % V3_STAGES));
  };
  for (int64_t kt = 0; kt < KT; kt++) {
    const int s = (int) (kt % V3_STAGES);
    mbar_wait (full + 8 * s, (uint32_t) ((kt / V3_STAGES) & 1));
    const uint32_t stage = sbase + s * V3_STAGE_BYTES;
    const uint64_t a_hi = wgmma_desc_kmajor (stage + wg * 8192);
    const uint64_t a_lo = wgmma_desc_kmajor (stage + V2_TILE_BYTES + wg * 8192);
    const uint64_t b_hi = wgmma_desc_kmajor (stage + 2 * V2_TILE_BYTES);
    const uint64_t b_lo = wgmma_desc_kmajor (stage + 3 * V2_TILE_BYTES);
    const int fresh = in_group == 0 ? 0 : 1;
    asm volatile ("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int q = 0; q < 4; q++)   /* v2's order: the small products first */
      v2_wgmma (tmp, a_lo + 16 * q, b_hi + 16 * q, q == 0 ? fresh : 1);
#pragma unroll
    for (int q = 0; q < 4; q++)
      v2_wgmma (tmp, a_hi + 16 * q, b_lo + 16 * q, 1);
#pragma unroll
    for (int q = 0; q < 4; q++)
      v2_wgmma (tmp, a_hi + 16 * q, b_hi + 16 * q, 1);
    asm volatile ("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    if (++in_group == v.group || kt + 1 == KT) {
      /* tmp is read only after wait_group 0 (ptxas C7514: v2's loop) */
      in_group = 0;
      asm volatile ("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
      wgmma_pin (tmp);
#pragma unroll
      for (int i = 0; i < 64; i++)
        acc[i] += tmp[i];   /* rounded to nearest */
      release_to (kt + 1);
    } else {
      asm volatile ("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
      release_to (kt);
    }
  }
  v2_finish<KA, KB> (g, acc, i0 + wg * 64 + w4 * 16 + lane / 4, j0 + 2 * (lane % 4), false);
#else
  __trap ();   /* launched only where sm_90a code was built (GPUMAT_SM90A) */
#endif
}

/* v3 for one product: pages in chunks whose planes stay within V3_MAX_WORKSPACE (at least
 * one page a chunk).  GM_ERR_OUT_OF_MEMORY (nothing launched, no error left pending) where the
 * workspace cannot be had: the caller runs v2. */
constexpr double V3_MAX_WORKSPACE = 2.0 * 1024 * 1024 * 1024;

template <bool KA, bool KB>
gm_status run_v3 (const MatmulArgs &a, int group)
{
  static PerDeviceOnce smem_set;
  gm_status st = allow_smem (matmul_tf32x3_v3_kernel<KA, KB>, V3_SMEM, &smem_set,
                             "matmul tf32x3 v3: shared memory");
  if (st != GM_OK)
    return st;
  const int64_t m = a.m, n = a.n, k = a.k;
  const int64_t mpad = ceil_div (m, V2_BM) * V2_BM, npad = ceil_div (n, V2_BN) * V2_BN;
  const int64_t kpad = ceil_div (k, V3_KT) * V3_KT;
  const bool bcast_a = a.sa == 0, bcast_b = a.sb == 0;
  const double bytes_a = 8.0 * mpad * kpad + mpad, bytes_b = 8.0 * npad * kpad + npad;
  const double per_page = (bcast_a ? 0 : bytes_a) + (bcast_b ? 0 : bytes_b);
  const int64_t chunk = pages_per_launch (a.batch, per_page, 0.0, V3_MAX_WORKSPACE);
  const int64_t pages_a = bcast_a ? 1 : chunk, pages_b = bcast_b ? 1 : chunk;
  const size_t planes_a = (size_t) (8 * mpad * kpad), planes_b = (size_t) (8 * npad * kpad);
  const size_t total = pages_a * (planes_a + mpad) + pages_b * (planes_b + npad);
  const int64_t tiles_m = mpad / V2_BM, tiles = tiles_m * (npad / V2_BN);
  if (tiles > MAX_GRID_X || ceil_div ((mpad > npad ? mpad : npad) * (kpad / 4), 256) > MAX_GRID_X)
    return GM_ERR_OUT_OF_MEMORY;
  Workspace ws (a.stream);
  unsigned char *buf = (unsigned char *) ws.scratch (total);
  if (!buf)
    return GM_ERR_OUT_OF_MEMORY;
  unsigned char *pl_a = buf, *pl_b = pl_a + pages_a * planes_a;
  unsigned char *fl_a = pl_b + pages_b * planes_b, *fl_b = fl_a + pages_a * mpad;
  V3Gemm v = {{m, n, k, (const float *) a.A, a.lda, a.sa, (const float *) a.B, a.ldb, a.sb,
               (float *) a.C, a.ldc, a.sc, tiles_m, 0, k, 0, a.ct},
              pl_a, pl_b, bcast_a ? 0 : (int64_t) planes_a, bcast_b ? 0 : (int64_t) planes_b,
              fl_a, fl_b, bcast_a ? 0 : mpad, bcast_b ? 0 : npad, mpad, npad, kpad, tiles_m, group};
  for (int64_t p0 = 0; p0 < a.batch; p0 += chunk) {
    const int64_t pages = a.batch - p0 < chunk ? a.batch - p0 : chunk;
    const int64_t pa = bcast_a ? 1 : pages, pb = bcast_b ? 1 : pages;
    /* a chunk's flags start from zero: the split only ever sets them */
    if (p0 == 0 || !bcast_a)
      if (const cudaError_t err = cudaMemsetAsync (fl_a, 0, pa * mpad, a.stream); err != cudaSuccess)
        return gm_cuda_status (err, "matmul tf32x3 v3: flags");
    if (p0 == 0 || !bcast_b)
      if (const cudaError_t err = cudaMemsetAsync (fl_b, 0, pb * npad, a.stream); err != cudaSuccess)
        return gm_cuda_status (err, "matmul tf32x3 v3: flags");
    if (p0 == 0 || !bcast_a)
      tf32x3_split<KA><<<dim3 ((unsigned) ceil_div (mpad * (kpad / 4), 256), (unsigned) pa), 256, 0,
                         a.stream>>> (m, k, (const float *) a.A, a.lda, a.sa, bcast_a ? 0 : p0,
                                      mpad, kpad, pl_a, fl_a);
    if (p0 == 0 || !bcast_b)
      tf32x3_split<KB><<<dim3 ((unsigned) ceil_div (npad * (kpad / 4), 256), (unsigned) pb), 256, 0,
                         a.stream>>> (n, k, (const float *) a.B, a.ldb, a.sb, bcast_b ? 0 : p0,
                                      npad, kpad, pl_b, fl_b);
    v.g.page0 = p0;
    matmul_tf32x3_v3_kernel<KA, KB><<<dim3 ((unsigned) tiles, (unsigned) pages), V3_THREADS,
                                      V3_SMEM, a.stream>>> (v);
    if (const cudaError_t err = cudaGetLastError (); err != cudaSuccess)
      return gm_cuda_status (err, "matmul tf32x3 v3: launch");
  }
  return GM_OK;
}

constexpr int TF32_BM = 128, TF32_BN = 128, TF32_BK = 32, TF32_WM = 64, TF32_WN = 32;

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

} /* namespace */

/* The smallest k for which the header's analysis bounds the tensor path by k eps (|A||B|):
 * v1 from 22; v2, with a FADD every `group` k-tiles, from 72 group + 24 (part 7 of the
 * header), and v2 takes k >= max (128, 72 group + 24). */
constexpr int64_t TF32X3_K_FLOOR = 22;
constexpr int64_t TF32X3_V2_K_FLOOR = 128;

/* GPUMAT_TF32X3_VERSION=1 runs v1 everywhere, =2 v2 where v2 can run (never v3), =3 v3
   wherever it can run (any number of tiles); GPUMAT_TF32X3_GROUP=1..4 sets v2's and v3's
   k-tiles a FADD (default: v2_group).  From the tuning snapshot (tuning.h), which tests and
   benchmarks reload to run every form in one process.  0: none forced. */
static int tf32x3_version_forced () { return gm_tuning ()->tf32x3_version; }
static bool tf32x3_v1_forced () { return tf32x3_version_forced () == 1; }
/* 2 where k allows it (k >= 168): 1-2% faster than 1 on an H100 (bench/NOTES-matmul.md) */
static int v2_group (int64_t k)
{
  const int forced = gm_tuning ()->tf32x3_group;
  return forced ? forced : k >= 168 ? 2 : 1;
}

/* v2 needs sm_90a code (wgmma: built where CUDA_ARCH lists 90, GPUMAT_SM90A), a compute
   capability 9.0 device and V2Cfg's shared memory (201-205 KB; an H100 grants 227). */
static bool v2_runs (const MatmulArgs &a, const DeviceInfo &dev, int group)
{
#if defined(GPUMAT_SM90A)
  return dev.cc == 90 && a.k >= TF32X3_V2_K_FLOOR && a.k >= 72 * group + 24 && !tf32x3_v1_forced ()
         && (size_t) dev.smem_optin >= V2Cfg<true, true>::SMEM;
#else
  (void) a;
  (void) dev;
  (void) group;
  return false;
#endif
}

/* v3 where v2 runs, v3's shared memory is granted and its grid fills the GPU at least once
   (tiles times pages >= SMs: v3 has no split-K; below that v2 splits k), or where forced. */
static bool v3_runs (const MatmulArgs &a, const DeviceInfo &dev, int group)
{
  const int forced = tf32x3_version_forced ();
  const double fill = (double) ceil_div (a.m, V2_BM) * (double) ceil_div (a.n, V2_BN) * (double) a.batch;
  return v2_runs (a, dev, group) && (size_t) dev.smem_optin >= V3_SMEM
         && (forced == 3 || (forced == 0 && fill >= dev.sms));
}

bool tf32x3_v2_takes (const MatmulArgs &a, const DeviceInfo &dev)
{
  return v2_runs (a, dev, v2_group (a.k));
}

/* Products of k < TF32X3_K_FLOOR run on the FFMA warp kernel (within k u (|A||B|) for any k).
 * Both operands need the 16-byte path (copies along either layout's contiguous index): a
 * misaligned one is copied aligned first where worth it (align_operands), else the element-wise
 * copies run.  One block an SM; grids that cannot fill the SMs split k (run_split_k), each slice
 * a multiple of 32 deep so that K-major operands stay 16-byte aligned.  v1: 3 stages (111 KB)
 * where the device gives a block that much, else 2 (74 KB: sm_86 and sm_89 allow 99 KB).
 * Aᵀ * Bᵀ runs as Cᵀ = B * A (swap_transposed). */
gm_status matmul_tf32x3 (const MatmulArgs &args, const DeviceInfo &dev)
{
  if (args.k < TF32X3_K_FLOOR)
    return matmul_warp (args, GM_SINGLE, dev);
  MatmulArgs a = swap_transposed (args);
  const int group = v2_group (a.k);
  if (v3_runs (a, dev, group)) {
    const gm_status st = with_layouts (a, [&] (auto ka, auto kb) {
      return run_v3<decltype (ka)::value, decltype (kb)::value> (a, group);
    });
    if (st != GM_ERR_OUT_OF_MEMORY)
      return st;   /* else v2, which needs no workspace of its own */
  }
  Workspace ws (a.stream);
  const bool vec = align_operands<float> (a, ws, true);
  const bool v2 = v2_runs (a, dev, group);
  const bool three = (size_t) dev.smem_optin
                     >= Tf32Cfg<TF32_BM, TF32_BN, TF32_BK, TF32_WM, TF32_WN, 3, true, true>::SMEM;
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    if constexpr (KA && !KB) {
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul tf32x3: internal layout error");
    } else {
      return run_split_k<float> (
          a, ws, ceil_div (a.m, TF32_BM) * ceil_div (a.n, TF32_BN), dev.sms, 32,
          [&] (const MatmulArgs &p, int slices, int64_t k_slice, int64_t c_slice) {
            if (v2)
              return vec ? launch_v2<KA, KB, true> (p, slices, k_slice, c_slice, group)
                         : launch_v2<KA, KB, false> (p, slices, k_slice, c_slice, group);
            if (three)
              return vec ? launch_v<KA, KB, true, 3> (p, slices, k_slice, c_slice)
                         : launch_v<KA, KB, false, 3> (p, slices, k_slice, c_slice);
            return vec ? launch_v<KA, KB, true, 2> (p, slices, k_slice, c_slice)
                       : launch_v<KA, KB, false, 2> (p, slices, k_slice, c_slice);
          });
    }
  });
}

} /* namespace gm_matmul_detail */
