/* tf32.cuh: what the tf32x3 family's files share (kernels/tf32/: mma_sync.cu, v1 on mma.sync;
 * wgmma.cu, v2 on wgmma with the planning and the entry point; wgmma_ws.cu, v3's split pass and
 * warp-specialized wgmma gemm).  The family computes single products (and complex single ones,
 * through matmul_complex.cu) on the TF32 tensor cores by the 3xTF32 split, every element
 * within FP32's own componentwise bound k eps(single) (|A||B|) for k >= 22, derived below
 * (below k = 22 the FFMA warp kernel runs; a block whose inputs leave the analysed range
 * recomputes its tile by sequential FFMA).  Here: the error analysis, v1's block configuration
 * (which the planning reads) and the runs each file lends the entry point.  The versions
 * tried: bench/NOTES-matmul.md ("the tf32x3 family's versions").
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
#ifndef GPUMAT_TF32_CUH
#define GPUMAT_TF32_CUH

#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "matmul_internal.cuh"

/* The sm_75 pass compiles the sm_80 kernel's body away, leaving its helpers unreferenced. */
#pragma nv_diag_suppress 177

namespace gm_matmul_detail {

namespace {

/* The operand tiles (MN-major pitch BM + 8, K-major BK + 4), their cp.async loader and the
 * block configuration are matmul_internal.cuh's (OperandTile, load_tile_async, MmaCfg), shared
 * with dmma.  256 threads, 8 warps of WM x WN = 64 x 32 in a 128 x 128 block tile: per warp
 * 4 x 4 m16n8 tiles, each with a main and a correction accumulator (128 floats a thread). */
template <int BM, int BN, int BK, int WM, int WN, int STAGES, bool KA, bool KB>
using Tf32Cfg = MmaCfg<float, BM, BN, BK, WM, WN, STAGES, KA, KB>;

constexpr int TF32_BM = 128, TF32_BN = 128, TF32_BK = 32, TF32_WM = 64, TF32_WN = 32;

} /* namespace */

/* mma_sync.cu: one v1 launch (split-K slices as run_split_k hands them), instantiated there for
   the three layouts matmul_tf32x3 runs (not KA && !KB), both VEC and 2 or 3 stages */
template <bool KA, bool KB, bool VEC, int STAGES>
gm_status launch_v (const MatmulArgs &a, int slices, int64_t k_slice, int64_t c_slice);

/* wgmma_ws.cu: v3 for one product, instantiated there for the four layouts */
template <bool KA, bool KB>
gm_status run_v3 (const MatmulArgs &a, int group);

} /* namespace gm_matmul_detail */

#endif /* GPUMAT_TF32_CUH */
