/* ozaki.cuh: what the ozaki family's files share (kernels/ozaki/: scheme1.cu, scheme2.cu with
 * the entry point, scheme2_wgmma.cu).  The family computes double products on the INT8 tensor
 * cores (compute capability 8.0+), every element within FP64's own componentwise bound
 * k eps(double) (|A||B|) or recomputed on the FP64 path (scheme1.cu and scheme2.cu derive the
 * bound and the guard that certifies it).  Here: the scan both schemes run first (per row of
 * op(A) and column of op(B): the exponent code, a NaN/Inf mark, scheme II's 1-norm), the int8
 * mma.sync of both schemes' mma.sync gemms, the launchers of the scan and slice passes, and
 * what scheme I takes from scheme2.cu's entry point (the FP64 path, the fixup counters).
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
#ifndef GPUMAT_OZAKI_CUH
#define GPUMAT_OZAKI_CUH

#include <float.h>
#include <stdlib.h>
#include <string.h>
#include "matmul_internal.cuh"

/* The sm_75 pass compiles the sm_80 kernel's body away, leaving its helpers unreferenced. */
#pragma nv_diag_suppress 177

namespace gm_matmul_detail {

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

/* scheme2.cu, which holds the entry point (matmul_ozaki): the tuning (GPUMAT_OZAKI_VERSION), s
 * or N of the last call (gm_matmul_ozaki_stats), the FP64 path, and the reset of the fixup
 * counters before a product */
int ozaki_version ();
extern std::atomic<int> last_slices;
gm_status fp64_path (const MatmulArgs &a, const DeviceInfo &dev);
gm_status reset_fixup_count (cudaStream_t stream);

/* scheme1.cu: the device address of its fixup counter.  Without relocatable device code a
 * __device__ variable belongs to the file that defines it, so scheme1.cu's kernels and
 * scheme2.cu's count the elements they recompute on the FP64 path each in their own file's
 * counter; reset_fixup_count zeroes both, gm_matmul_ozaki_stats adds them. */
cudaError_t ozaki1_fixup_counter (void **counter);

/* scheme1.cu: scheme I's run of s slices, instantiated there for the four layouts */
template <bool KA, bool KB>
gm_status run_ozaki (const MatmulArgs &a, const DeviceInfo &dev, int s);

/* Workspace a launch of scheme I or II may take (pages_per_launch): planes, codes and sums. */
constexpr double OZ_MAX_WORKSPACE = 2.0 * 1024 * 1024 * 1024;

namespace {

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

/* ceil (log2 (k)) */
int ceil_log2 (int64_t k)
{
  int l = 0;
  while (((int64_t) 1 << l) < k)
    l++;
  return l;
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
 * slice_b the scheme's kernels for each operand's layout, extra_a and extra_b their parameter
 * (scheme I's slice count; scheme II's moduli, 1-norms and pass, per operand). */
template <typename Slice, typename Extra>
void launch_slices (Slice slice_a, Slice slice_b, const MatmulArgs &a, int64_t base_a, int64_t pa,
                    int64_t base_b, int64_t pb, int64_t mpad, int64_t npad, int64_t kpad,
                    const int *codes_a, const int *codes_b, const Extra &extra_a,
                    const Extra &extra_b, int8_t *planes_a, int8_t *planes_b)
{
  const double *A = (const double *) a.A, *B = (const double *) a.B;
  const unsigned blocks_a = (unsigned) ceil_div (mpad * (kpad / 16), 256);
  const unsigned blocks_b = (unsigned) ceil_div (npad * (kpad / 16), 256);
  slice_a<<<dim3 (blocks_a, (unsigned) pa), 256, 0, a.stream>>> (
      a.m, a.k, A, a.lda, a.sa, base_a, codes_a, mpad, kpad, extra_a, planes_a);
  slice_b<<<dim3 (blocks_b, (unsigned) pb), 256, 0, a.stream>>> (
      a.n, a.k, B, a.ldb, a.sb, base_b, codes_b, npad, kpad, extra_b, planes_b);
}

} /* namespace */

} /* namespace gm_matmul_detail */

#endif /* GPUMAT_OZAKI_CUH */
