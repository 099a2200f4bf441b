/* matmul.cu: C = A * B for column-major double and single matrices, and C = alpha * B.
 *
 * Column-major throughout (Octave's layout): A(i,p) = A[i + p*lda], so the row index i is the
 * contiguous one in A and C, and the inner index p is the contiguous one in B.  Every version
 * takes any m, n, k, zero-fills its loads outside the matrices, guards its stores, and computes
 * every product (NaN and Inf propagate; nothing special-cases a zero).  Global offsets are 64-bit.
 *
 * The versions, each growing from the one before.  TFLOP/s at N = 4096 on an H200, single /
 * double, cuBLAS in the same run 49.7 / 47.9 (bench/NOTES-matmul.md has the rest); the classic
 * textbook forms issue 2 measured there: naive 5.3 / 4.0, tiled 9.1 / 4.8, 1-D WPT 20.8 / 10.9.
 *
 *   naive  5.47 / 4.02    tiled 16.8 / 9.19    wpt 35.5 / 14.8    warp 47.0 / 22.8
 *   dmma   - / 41.1       auto  47.0 / 41.3 (94% / 89% of cuBLAS)
 *
 *   naive  one thread per element of C, threadIdx.x along i: the warp's loads of A and stores
 *          of C are coalesced, its loads of B are one broadcast address.  Improves on the
 *          classic by reading B as 16-byte vectors along p where alignment allows: one B load
 *          per 4 (single) or 2 (double) products instead of one per product.
 *   tiled  32x32 tiles of A and B staged in shared memory, two barriers per tile: each value
 *          read from global memory is used 32 times.  Each thread owns 4 outputs (32x8
 *          threads) and reads B from shared memory as vectors along p.
 *   wpt    work per thread: a 2-D block tile (single 128x128x16, double 128x64x8) and a 2-D
 *          register tile per thread (8x8, 8x4): each shared-memory value feeds 8 products.
 *          16-byte global loads where ld and pointer alignment allow (scalar fallback),
 *          16-byte shared loads, B transposed on the way into shared memory, next tile
 *          prefetched into registers while the current one is computed.
 *   warp   warp tiling on top of that and a multi-stage cp.async pipeline (sm_80+): global
 *          loads bypass registers and overlap the arithmetic, edges zero-filled by the copy
 *          engine (src-size) so the main loop has no residue branch, fragments double-buffered
 *          in registers, one barrier per k-tile.  Two shapes chosen by how well their tiles fill
 *          the last wave: single 256x128x32 with 8 warps of 64x64 (8x16 outputs a thread, the
 *          shape of cuBLAS's own FFMA kernel) or 128x64x16 at three blocks an SM.  The first
 *          version (128x128, 8x8 a thread, B read along p, one block an SM) ran 38.1 / 18.5.
 *          A misaligned A (odd lda) is copied aligned first (Workspace) so that 16-byte
 *          copies still apply; a product too small to fill the GPU splits k (split-K).
 *   dmma   double on the FP64 tensor cores: mma.sync m16n8k8 f64 on sm_90 (two m8n8k4 per
 *          half on sm_80), 128x128 block tile, 8 warps of 64x32, cp.async pipeline (BK 32 and
 *          3 stages, or BK 16 and 4 stages on the scalar path), padded layouts so that
 *          fragment loads are conflict-free.  IEEE double products and sums, as the FFMA
 *          kernels (no TF32 or reduced precision anywhere).
 *
 *   auto   picks by class, shape and device (compute capability cached): dmma for double and
 *          warp for single on sm_80 and newer (warp for double on sm_86/89, whose FP64 tensor
 *          rate is the FFMA rate), wpt below sm_80; see pick_auto ().
 *
 * Launch contract of every kernel: blockDim as its launcher sets it, gridDim.x over tiles of i,
 * gridDim.y over tiles of j (at most 65535: the launcher walks wider matrices in column slabs).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <strings.h>
#include <cuda_runtime.h>
#include "gpumat.h"

/* The sm_75 pass compiles the sm_80 kernels' bodies away, leaving their helpers unreferenced. */
#pragma nv_diag_suppress 177

namespace {

__host__ __device__ constexpr int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
constexpr int64_t MAX_GRID_Y = 65535;

/* A 16-byte group of elements: 4 singles or 2 doubles. */
template <typename T> struct alignas (16) Pack { T v[16 / sizeof (T)]; };

template <typename T> __device__ __forceinline__ bool aligned16 (const T *p)
{
  return ((uintptr_t) p & 15) == 0;
}

/* ---- naive ------------------------------------------------------------------------------ */
/* blockDim (32, 8): threadIdx.x along i (contiguous in A and C), threadIdx.y along j.  One
 * element of C per thread.  B(p..p+V-1, j) comes as one 16-byte load when ldb and B allow
 * (vec_b), which cuts the load instructions per product from 2 to 1 + 1/V. */
template <typename T>
__global__ void __launch_bounds__ (256)
matmul_naive (int64_t m, int64_t n, int64_t k, const T *__restrict__ A, int64_t lda,
              const T *__restrict__ B, int64_t ldb, T *__restrict__ C, int64_t ldc, bool vec_b)
{
  constexpr int V = 16 / sizeof (T);
  const int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x;
  const int64_t j = blockIdx.y * (int64_t) blockDim.y + threadIdx.y;
  if (i >= m || j >= n)
    return;
  const T *a = A + i;
  const T *b = B + j * ldb;
  T acc = 0;
  int64_t p = 0;
  /* More A loads in flight per thread: unroll 4 took double from 2.80 to 3.85 TFLOP/s at
     N = 4096 (H200).  Double issues two products per 16-byte B load; in one run on an H200
     (.exp naive sweep, 2026-11-21) double went 3.76 -> 3.74 -> 4.02 TFLOP/s for unroll 4, 8, 16
     (32 A loads in flight), while single was best at 4 (5.47; 5.26 at 16). */
  constexpr int UNROLL = sizeof (T) == 8 ? 16 : 4;
  if (vec_b) {
#pragma unroll UNROLL
    for (; p + V <= k; p += V) {
      const Pack<T> bv = *reinterpret_cast<const Pack<T> *> (b + p);
#pragma unroll
      for (int q = 0; q < V; q++)
        acc = fma (a[(p + q) * lda], bv.v[q], acc);
    }
  }
  for (; p < k; p++)
    acc = fma (a[p * lda], b[p], acc);
  C[i + j * ldc] = acc;
}

/* ---- tiled ------------------------------------------------------------------------------ */
/* blockDim (32, 8); a 32x32 tile of C per block, 4 elements per thread (j = ty + 8r).
 * As[p][i] and Bs[j][p] keep the global layout (both loads coalesced along the contiguous
 * index, both stores to shared memory conflict-free); the inner loop reads As[p][tx] (32
 * consecutive words) and Bs[j][p..p+V-1] (one broadcast 16-byte read). */
template <typename T>
__global__ void __launch_bounds__ (256)
matmul_tiled (int64_t m, int64_t n, int64_t k, const T *__restrict__ A, int64_t lda,
              const T *__restrict__ B, int64_t ldb, T *__restrict__ C, int64_t ldc)
{
  constexpr int TILE = 32, V = 16 / sizeof (T);
  __shared__ __align__ (16) T As[TILE][TILE];
  __shared__ __align__ (16) T Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int64_t i0 = blockIdx.x * (int64_t) TILE, j0 = blockIdx.y * (int64_t) TILE;
  const int64_t i = i0 + tx;
  T acc[4] = {0, 0, 0, 0};
  for (int64_t p0 = 0; p0 < k; p0 += TILE) {
#pragma unroll
    for (int r = 0; r < 4; r++) {
      const int row = ty + 8 * r;
      const int64_t pa = p0 + row, jb = j0 + row, pb = p0 + tx;
      As[row][tx] = (i < m && pa < k) ? A[i + pa * lda] : T (0);
      Bs[row][tx] = (jb < n && pb < k) ? B[pb + jb * ldb] : T (0);
    }
    __syncthreads ();
#pragma unroll
    for (int p = 0; p < TILE; p += V) {
      Pack<T> b[4];
#pragma unroll
      for (int r = 0; r < 4; r++)
        b[r] = *reinterpret_cast<const Pack<T> *> (&Bs[ty + 8 * r][p]);
#pragma unroll
      for (int q = 0; q < V; q++) {
        const T a = As[p + q][tx];
#pragma unroll
        for (int r = 0; r < 4; r++)
          acc[r] = fma (a, b[r].v[q], acc[r]);
      }
    }
    __syncthreads ();
  }
  if (i < m) {
#pragma unroll
    for (int r = 0; r < 4; r++) {
      const int64_t j = j0 + ty + 8 * r;
      if (j < n)
        C[i + j * ldc] = acc[r];
    }
  }
}

/* ---- wpt -------------------------------------------------------------------------------- */
/* THREADS = (BM/TM) * (BN/TN) threads (256 in both configurations).  Thread (tx, ty) owns
 * rows i = g*(BM*V/TM) + tx*V + e and columns j = h*(BN*V/TN) + ty*V + e of the block tile,
 * in groups of V, so its shared reads are 16-byte and a warp's are consecutive (As) or
 * broadcast (Bs): conflict-free.  As[p][i] is a straight copy of A (16-byte loads along i);
 * Bs[p][j] is B transposed on the way in (consecutive threads take consecutive j, so the
 * transposing scalar stores are conflict-free).  The next tile is loaded into registers while
 * the current one is computed. */
template <typename T, int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__ ((BM / TM) * (BN / TN))
matmul_wpt (int64_t m, int64_t n, int64_t k, const T *__restrict__ A, int64_t lda,
            const T *__restrict__ B, int64_t ldb, T *__restrict__ C, int64_t ldc,
            bool vec_a, bool vec_b, bool vec_c)
{
  constexpr int V = 16 / sizeof (T);
  constexpr int THREADS = (BM / TM) * (BN / TN);
  constexpr int LA = BM * BK / V / THREADS;   /* A vectors per thread per tile */
  constexpr int LB = BN * BK / V / THREADS;   /* B vectors per thread per tile */
  static_assert (LA * V * THREADS == BM * BK && LB * V * THREADS == BN * BK, "tile/threads");
  static_assert (TM % V == 0 && TN % V == 0, "register tile in 16-byte groups");
  __shared__ __align__ (16) T As[BK][BM];
  __shared__ __align__ (16) T Bs[BK][BN];

  const int t = threadIdx.x;
  const int tx = t % (BM / TM), ty = t / (BM / TM);
  const int64_t i0 = blockIdx.x * (int64_t) BM, j0 = blockIdx.y * (int64_t) BN;

  Pack<T> ra[LA], rb[LB];
  auto load = [&] (int64_t p0) {
#pragma unroll
    for (int r = 0; r < LA; r++) {
      const int idx = t + r * THREADS;
      const int64_t gi = i0 + (idx % (BM / V)) * V, gp = p0 + idx / (BM / V);
      if (vec_a && gi + V <= m && gp < k) {
        ra[r] = *reinterpret_cast<const Pack<T> *> (A + gi + gp * lda);
      } else {
#pragma unroll
        for (int e = 0; e < V; e++)
          ra[r].v[e] = (gi + e < m && gp < k) ? A[gi + e + gp * lda] : T (0);
      }
    }
#pragma unroll
    for (int r = 0; r < LB; r++) {
      const int idx = t + r * THREADS;
      const int64_t gj = j0 + idx % BN, gp = p0 + (idx / BN) * V;
      if (vec_b && gj < n && gp + V <= k) {
        rb[r] = *reinterpret_cast<const Pack<T> *> (B + gp + gj * ldb);
      } else {
#pragma unroll
        for (int e = 0; e < V; e++)
          rb[r].v[e] = (gj < n && gp + e < k) ? B[gp + e + gj * ldb] : T (0);
      }
    }
  };
  auto store = [&] () {
#pragma unroll
    for (int r = 0; r < LA; r++) {
      const int idx = t + r * THREADS;
      *reinterpret_cast<Pack<T> *> (&As[idx / (BM / V)][(idx % (BM / V)) * V]) = ra[r];
    }
#pragma unroll
    for (int r = 0; r < LB; r++) {
      const int idx = t + r * THREADS;
#pragma unroll
      for (int e = 0; e < V; e++)
        Bs[(idx / BN) * V + e][idx % BN] = rb[r].v[e];
    }
  };

  T acc[TM][TN];
#pragma unroll
  for (int a = 0; a < TM; a++)
#pragma unroll
    for (int b = 0; b < TN; b++)
      acc[a][b] = 0;

  load (0);
  for (int64_t p0 = 0; p0 < k; p0 += BK) {
    store ();
    __syncthreads ();
    if (p0 + BK < k)
      load (p0 + BK);
#pragma unroll
    for (int p = 0; p < BK; p++) {
      Pack<T> a[TM / V], b[TN / V];
#pragma unroll
      for (int g = 0; g < TM / V; g++)
        a[g] = *reinterpret_cast<const Pack<T> *> (&As[p][g * (BM * V / TM) + tx * V]);
#pragma unroll
      for (int h = 0; h < TN / V; h++)
        b[h] = *reinterpret_cast<const Pack<T> *> (&Bs[p][h * (BN * V / TN) + ty * V]);
#pragma unroll
      for (int x = 0; x < TM; x++)
#pragma unroll
        for (int y = 0; y < TN; y++)
          acc[x][y] = fma (a[x / V].v[x % V], b[y / V].v[y % V], acc[x][y]);
    }
    __syncthreads ();
  }

#pragma unroll
  for (int y = 0; y < TN; y++) {
    const int64_t j = j0 + (y / V) * (BN * V / TN) + ty * V + y % V;
    if (j >= n)
      continue;
#pragma unroll
    for (int g = 0; g < TM / V; g++) {
      const int64_t i = i0 + g * (BM * V / TM) + tx * V;
      T *c = C + i + j * ldc;
      if (vec_c && i + V <= m) {
        Pack<T> out;
#pragma unroll
        for (int e = 0; e < V; e++)
          out.v[e] = acc[g * V + e][y];
        *reinterpret_cast<Pack<T> *> (c) = out;
      } else {
#pragma unroll
        for (int e = 0; e < V; e++)
          if (i + e < m)
            c[e] = acc[g * V + e][y];
      }
    }
  }
}

/* ---- cp.async helpers (sm_80+) ---------------------------------------------------------- */
/* src_bytes < size zero-fills the rest of the destination: that is how every edge and the
 * k residue are handled, without a branch in the main loop. */
__device__ __forceinline__ void cp_async_16 (void *smem, const void *gmem, int src_bytes)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned s = (unsigned) __cvta_generic_to_shared (smem);
  asm volatile ("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(s),
                "l"(__cvta_generic_to_global (gmem)), "r"(src_bytes));
#endif
}
template <int BYTES>
__device__ __forceinline__ void cp_async_small (void *smem, const void *gmem, int src_bytes)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned s = (unsigned) __cvta_generic_to_shared (smem);
  asm volatile ("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" ::"r"(s),
                "l"(__cvta_generic_to_global (gmem)), "n"(BYTES), "r"(src_bytes));
#endif
}
__device__ __forceinline__ void cp_async_commit ()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile ("cp.async.commit_group;\n" ::);
#endif
}
template <int N> __device__ __forceinline__ void cp_async_wait ()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile ("cp.async.wait_group %0;\n" ::"n"(N));
#endif
}

/* One k-tile of A (BM x BK, into As[p][i], pitch LDA) and of B (BK x BN, into Bs[j][p], pitch
 * LDB), both straight copies of the global layout.  VEC: 16-byte copies, which need both lds a
 * multiple of 16 bytes and 16-byte aligned bases; otherwise one element per copy, with
 * consecutive threads on consecutive addresses so that the requests still coalesce (N = 4097
 * runs this path).  A template parameter, not a run-time flag: with both paths in one kernel
 * the compiler hoisted the addresses of both out of the k loop (234 registers in warp<float>,
 * spills in dmma). */
template <typename T, int BM, int BN, int BK, int LDA, int LDB, int THREADS, bool VEC>
__device__ __forceinline__ void
load_tile_async (T *As, T *Bs, const T *A, int64_t lda, const T *B, int64_t ldb, int64_t m,
                 int64_t n, int64_t k, int64_t i0, int64_t j0, int64_t p0)
{
  constexpr int V = 16 / sizeof (T);
  static_assert ((BM * BK / V) % THREADS == 0 && (BN * BK / V) % THREADS == 0, "tile/threads");
  const int t = threadIdx.x;
  if constexpr (VEC) {
#pragma unroll
    for (int r = 0; r < BM * BK / V / THREADS; r++) {
      const int idx = t + r * THREADS, iv = idx % (BM / V), p = idx / (BM / V);
      const int64_t gi = i0 + iv * V, gp = p0 + p;
      const int64_t left = m - gi;
      const int valid = (gp < k && left > 0) ? (left < V ? (int) left : V) : 0;
      cp_async_16 (As + p * LDA + iv * V, valid ? A + gi + gp * lda : A, valid * (int) sizeof (T));
    }
  } else {
#pragma unroll
    for (int r = 0; r < BM * BK / THREADS; r++) {
      const int idx = t + r * THREADS, i = idx % BM, p = idx / BM;
      const int64_t gi = i0 + i, gp = p0 + p;
      const bool ok = gi < m && gp < k;
      cp_async_small<sizeof (T)> (As + p * LDA + i, ok ? A + gi + gp * lda : A,
                                  ok ? (int) sizeof (T) : 0);
    }
  }
  if constexpr (VEC) {
#pragma unroll
    for (int r = 0; r < BN * BK / V / THREADS; r++) {
      const int idx = t + r * THREADS, pv = idx % (BK / V), j = idx / (BK / V);
      const int64_t gp = p0 + pv * V, gj = j0 + j;
      const int64_t left = k - gp;
      const int valid = (gj < n && left > 0) ? (left < V ? (int) left : V) : 0;
      cp_async_16 (Bs + j * LDB + pv * V, valid ? B + gp + gj * ldb : B, valid * (int) sizeof (T));
    }
  } else {
#pragma unroll
    for (int r = 0; r < BN * BK / THREADS; r++) {
      const int idx = t + r * THREADS, p = idx % BK, j = idx / BK;
      const int64_t gp = p0 + p, gj = j0 + j;
      const bool ok = gj < n && gp < k;
      cp_async_small<sizeof (T)> (Bs + j * LDB + p, ok ? B + gp + gj * ldb : B,
                                  ok ? (int) sizeof (T) : 0);
    }
  }
}

/* ---- warp ------------------------------------------------------------------------------- */
/* THREADS = 32 * (BM/WM) * (BN/WN): warps of WM x WN.  In a warp, lane_i = lane % 8 and
 * lane_j = lane / 8; the thread owns MI x NJ sub-blocks of V x V (V = 4 singles or 2 doubles):
 * rows wi + s*8V + lane_i*V + e (s < MI) and columns wj + s*4V + lane_j*V + e (s < NJ).
 * As[p][i] (pitch BM) is a straight copy of A, 16 bytes per cp.async where A allows it.
 * Bs[p][j] (pitch BN + V) is B transposed on its way in, one element per cp.async (a 16-byte
 * copy cannot scatter), with consecutive threads on consecutive p so that requests coalesce.
 * Per p a thread makes MI + NJ 16-byte shared reads, each conflict-free (8 or 4 consecutive
 * 16-byte groups per warp), for MI*NJ*V*V FMAs; the reads for p+1 are issued before the FMAs
 * of p (fragments double-buffered in registers), and the barrier of each k-tile sits before
 * the FMAs of its last p, so the first reads of the next tile overlap them.  Dynamic shared
 * memory: STAGES * BK * (LDA + LDB) elements. */
/* Fragments as CUDA's 16-byte vector types, with element access and the FMA per class. */
template <typename T> struct Vec16;
template <> struct Vec16<float> {
  using type = float4;
  static __device__ __forceinline__ float at (const float4 &v, int e)
  {
    return e == 0 ? v.x : e == 1 ? v.y : e == 2 ? v.z : v.w;
  }
  static __device__ __forceinline__ float fma (float a, float b, float c) { return __fmaf_rn (a, b, c); }
};
template <> struct Vec16<double> {
  using type = double2;
  static __device__ __forceinline__ double at (const double2 &v, int e) { return e == 0 ? v.x : v.y; }
  static __device__ __forceinline__ double fma (double a, double b, double c) { return __fma_rn (a, b, c); }
};

template <typename T, int BM, int BN, int BK, int WM, int WN, int STAGES>
struct WarpCfg {
  static constexpr int V = 16 / sizeof (T);
  static constexpr int WARPS_I = BM / WM, WARPS_J = BN / WN, THREADS = 32 * WARPS_I * WARPS_J;
  static constexpr int MI = WM / (8 * V), NJ = WN / (4 * V);
  static constexpr int LDA = BM, LDB = BN + V;
  static constexpr int STAGE = BK * (LDA + LDB);
  static constexpr size_t SMEM = (size_t) STAGES * STAGE * sizeof (T);
  static_assert (MI * 8 * V == WM && NJ * 4 * V == WN && BM % WM == 0 && BN % WN == 0, "warp");
};

/* The copies of one thread for one k-tile, with everything that does not change from tile to
 * tile computed once: tiles are loaded in order, so the source pointers just step BK columns
 * of A and BK rows of B.  VEC: 16-byte copies of A (lda a multiple of 16 bytes and A aligned);
 * otherwise one element per copy.  Rows past m and columns past n are zero-filled through
 * cp.async's src-size; the k residue (the last tile only) is checked per copy. */
template <typename T, int BM, int BN, int BK, int THREADS, int LDA, int LDB, bool VEC>
struct WarpTileLoader {
  static constexpr int AV = VEC ? 16 / sizeof (T) : 1;   /* elements per A copy */
  static constexpr int A_PER_P = BM / AV;                /* copies across one column of As */
  static constexpr int A_COPIES = BM * BK / AV / THREADS;
  static constexpr int A_PSTEP = THREADS / A_PER_P;      /* p step between a thread's copies */
  static constexpr int B_COPIES = BN * BK / THREADS;
  static constexpr int B_JSTEP = THREADS / BK;           /* j step between a thread's copies */
  static_assert (THREADS % A_PER_P == 0 && THREADS % BK == 0 && A_COPIES >= 1
                     && A_COPIES * THREADS * AV == BM * BK && B_COPIES * THREADS == BN * BK,
                 "warp loader");
  const T *a_src, *b_src;
  int a_bytes;       /* bytes of this thread's A copies inside m (0 past it) */
  unsigned b_cols;   /* bit r: copy r of B lies inside n */
  int a_p, b_p, a_dst, b_dst;

  __device__ __forceinline__ WarpTileLoader (const T *A, int64_t lda, const T *B, int64_t ldb,
                                             int64_t m, int64_t n, int64_t i0, int64_t j0)
  {
    const int t = threadIdx.x, ai = (t % A_PER_P) * AV, bj = t / BK;
    const int64_t rows_left = m - (i0 + ai);
    a_p = t / A_PER_P;
    a_bytes = (int) sizeof (T) * (rows_left <= 0 ? 0 : rows_left < AV ? (int) rows_left : AV);
    a_src = a_bytes ? A + i0 + ai + a_p * lda : A;
    a_dst = a_p * LDA + ai;
    b_p = t % BK;
    b_cols = 0;
#pragma unroll
    for (int r = 0; r < B_COPIES; r++)
      b_cols |= (j0 + bj + r * B_JSTEP < n ? 1u : 0u) << r;
    b_src = B + b_p + (j0 + bj < n ? j0 + bj : 0) * ldb;
    b_dst = b_p * LDB + bj;
  }

  /* Copy the next k-tile into (As, Bs).  p_left: columns of A (rows of B) left from this
   * tile's first; full: p_left >= BK.  A copy outside the matrix keeps its running pointer
   * with src-size 0, which reads nothing: taking the kernel's A and B parameters there
   * instead (constant-bank loads every tile) and a 64-bit p_left cost the LARGE single kernel
   * 7% (42.6 against 45.6 TFLOP/s at N = 4096 on an H200). */
  __device__ __forceinline__ void load (T *As, T *Bs, bool full, int p_left, int64_t lda,
                                        int64_t ldb)
  {
#pragma unroll
    for (int r = 0; r < A_COPIES; r++) {
      const int bytes = (full || a_p + r * A_PSTEP < p_left) ? a_bytes : 0;
      const T *src = bytes ? a_src + (int64_t) r * A_PSTEP * lda : a_src;
      if constexpr (VEC)
        cp_async_16 (As + a_dst + r * A_PSTEP * LDA, src, bytes);
      else
        cp_async_small<sizeof (T)> (As + a_dst + r * A_PSTEP * LDA, src, bytes);
    }
    const bool p_in = full || b_p < p_left;
#pragma unroll
    for (int r = 0; r < B_COPIES; r++) {
      const bool ok = p_in && ((b_cols >> r) & 1u);
      cp_async_small<sizeof (T)> (Bs + b_dst + r * B_JSTEP,
                                  ok ? b_src + (int64_t) r * B_JSTEP * ldb : b_src,
                                  ok ? (int) sizeof (T) : 0);
    }
    a_src += BK * lda;
    b_src += BK;
  }
};

template <typename T, int BM, int BN, int BK, int WM, int WN, int STAGES, int MIN_BLOCKS,
          bool VEC>
__global__ void __launch_bounds__ (WarpCfg<T, BM, BN, BK, WM, WN, STAGES>::THREADS, MIN_BLOCKS)
matmul_warp (int64_t m, int64_t n, int64_t k, const T *__restrict__ A, int64_t lda,
             const T *__restrict__ B, int64_t ldb, T *__restrict__ C, int64_t ldc, bool vec_c,
             int64_t k_slice, int64_t c_slice)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if (gridDim.z > 1) { /* split-K: slice blockIdx.z of k, into its own partial C */
    const int64_t k0 = blockIdx.z * k_slice;
    A += k0 * lda;
    B += k0;
    k = k - k0 < k_slice ? k - k0 : k_slice;
    C += blockIdx.z * c_slice;
  }
  using Cfg = WarpCfg<T, BM, BN, BK, WM, WN, STAGES>;
  constexpr int V = Cfg::V, MI = Cfg::MI, NJ = Cfg::NJ, LDA = Cfg::LDA, LDB = Cfg::LDB;
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  T *smem = reinterpret_cast<T *> (smem_raw);

  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int wi = (warp % Cfg::WARPS_I) * WM, wj = (warp / Cfg::WARPS_I) * WN;
  const int a_off = wi + (lane % 8) * V, b_off = wj + (lane / 8) * V;
  const int64_t i0 = blockIdx.x * (int64_t) BM, j0 = blockIdx.y * (int64_t) BN;
  const int64_t KT = ceil_div (k, BK), KT_FULL = k / BK;
  WarpTileLoader<T, BM, BN, BK, Cfg::THREADS, LDA, LDB, VEC> loader (A, lda, B, ldb, m, n, i0,
                                                                      j0);

  T acc[MI * V][NJ * V];
#pragma unroll
  for (int x = 0; x < MI * V; x++)
#pragma unroll
    for (int y = 0; y < NJ * V; y++)
      acc[x][y] = 0;

  /* Every stage filled before the first FMA; then, at the barrier of tile kt, the stage of
     tile kt (fully read by then) is refilled with tile kt + STAGES. */
#pragma unroll
  for (int s = 0; s < STAGES; s++) {
    if (s < KT)
      loader.load (smem + s * Cfg::STAGE, smem + s * Cfg::STAGE + BK * LDA, s < KT_FULL,
                   s < KT_FULL ? BK : (int) (k - s * BK), lda, ldb);
    cp_async_commit ();
  }
  cp_async_wait<STAGES - 1> ();
  __syncthreads ();

  using Vec = typename Vec16<T>::type;
  Vec fa[2][MI], fb[2][NJ];
#pragma unroll
  for (int s = 0; s < MI; s++)
    fa[0][s] = *reinterpret_cast<const Vec *> (smem + a_off + s * 8 * V);
#pragma unroll
  for (int s = 0; s < NJ; s++)
    fb[0][s] = *reinterpret_cast<const Vec *> (smem + BK * LDA + b_off + s * 4 * V);

  /* The FMAs of one p from fragment buffer cur, and the shared reads of one p into buffer nxt.
     Each A element is picked out of its vector once per x, outside the y loop: picked per
     (x, y), the selects made the k-tile loop look too big to the unroller, which then unrolled
     4 of its 16 steps (512 FFMAs a tile in the SASS instead of 2048; 81% of SGEMM instead of
     89.5% at N = 4096 on an H200). */
  auto fma_step = [&] (int cur) {
#pragma unroll
    for (int x = 0; x < MI * V; x++) {
      const T a = Vec16<T>::at (fa[cur][x / V], x % V);
#pragma unroll
      for (int y = 0; y < NJ * V; y++)
        acc[x][y] = Vec16<T>::fma (a, Vec16<T>::at (fb[cur][y / V], y % V), acc[x][y]);
    }
  };
  auto read_step = [&] (int nxt, const T *as, const T *bs) {
#pragma unroll
    for (int s = 0; s < MI; s++)
      fa[nxt][s] = *reinterpret_cast<const Vec *> (as + a_off + s * 8 * V);
#pragma unroll
    for (int s = 0; s < NJ; s++)
      fb[nxt][s] = *reinterpret_cast<const Vec *> (bs + b_off + s * 4 * V);
  };
  static_assert (BK % 2 == 0, "the last p of a tile uses buffer 1, the next tile's first 0");

  for (int64_t kt = 0; kt < KT; kt++) {
    const int stage = (int) (kt % STAGES);
    const T *as = smem + stage * Cfg::STAGE, *bs = as + BK * LDA;
#pragma unroll
    for (int kk = 0; kk < BK; kk++) {
      if (kk < BK - 1) {
        read_step ((kk + 1) % 2, as + (kk + 1) * LDA, bs + (kk + 1) * LDB);
      } else {
        cp_async_wait<STAGES - 2> ();
        __syncthreads ();   /* tile kt+1 has landed for everyone; stage of tile kt is free */
        const int64_t next = kt + STAGES;
        if (next < KT)
          loader.load (smem + stage * Cfg::STAGE, smem + stage * Cfg::STAGE + BK * LDA,
                       next < KT_FULL, next < KT_FULL ? BK : (int) (k - next * BK), lda, ldb);
        cp_async_commit ();
        if (kt + 1 < KT) {
          const T *na = smem + (int) ((kt + 1) % STAGES) * Cfg::STAGE;
          read_step (0, na, na + BK * LDA);
        }
      }
      fma_step (kk % 2);
    }
  }
  cp_async_wait<0> ();

#pragma unroll
  for (int y = 0; y < NJ * V; y++) {
    const int64_t j = j0 + b_off + (y / V) * 4 * V + y % V;
    if (j >= n)
      continue;
#pragma unroll
    for (int s = 0; s < MI; s++) {
      const int64_t i = i0 + a_off + s * 8 * V;
      T *c = C + i + j * ldc;
      if (vec_c && i + V <= m) {
        Pack<T> out;
#pragma unroll
        for (int e = 0; e < V; e++)
          out.v[e] = acc[s * V + e][y];
        *reinterpret_cast<Pack<T> *> (c) = out;
      } else {
#pragma unroll
        for (int e = 0; e < V; e++)
          if (i + e < m)
            c[e] = acc[s * V + e][y];
      }
    }
  }
#endif
}

/* ---- dmma ------------------------------------------------------------------------------- */
/* One m16n8k8 f64 product, D = A*B + D.  Fragments (g = lane / 4, t = lane % 4):
 *   a[0] = A(g, t)  a[1] = A(g+8, t)  a[2] = A(g, t+4)  a[3] = A(g+8, t+4)
 *   b[0] = B(t, g)  b[1] = B(t+4, g)
 *   d[0] = D(g, 2t) d[1] = D(g, 2t+1) d[2] = D(g+8, 2t) d[3] = D(g+8, 2t+1)
 * sm_90 has the shape natively; sm_80 runs it as four m8n8k4, whose fragments are those above
 * restricted to one half (the k = 0..3 half takes a[0]/a[1] and b[0]). */
__device__ __forceinline__ void mma_16x8x8 (double (&d)[4], const double (&a)[4],
                                            const double (&b)[2])
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile ("mma.sync.aligned.m16n8k8.row.col.f64.f64.f64.f64 "
                "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
                : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(b[0]), "d"(b[1]));
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile ("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                : "+d"(d[0]), "+d"(d[1]) : "d"(a[0]), "d"(b[0]));
  asm volatile ("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                : "+d"(d[0]), "+d"(d[1]) : "d"(a[2]), "d"(b[1]));
  asm volatile ("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                : "+d"(d[2]), "+d"(d[3]) : "d"(a[1]), "d"(b[0]));
  asm volatile ("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};\n"
                : "+d"(d[2]), "+d"(d[3]) : "d"(a[3]), "d"(b[1]));
#endif
}

/* 256 threads, 8 warps of WM x WN = 64 x 32 in a 128 x 128 block tile: per warp 4 x 4
 * m16n8 accumulators (64 doubles a thread).  As[p][i] with pitch 132 and Bs[j][p] with pitch
 * 20 (both 4 mod 16 doubles): a half-warp's fragment loads (4 values of t x 4 of g) land in 16
 * distinct banks.  Dynamic shared memory: STAGES * (BK*LDA + BN*LDB) doubles. */
template <int BM, int BN, int BK, int WM, int WN, int STAGES> struct DmmaCfg {
  static constexpr int WARPS_I = BM / WM, WARPS_J = BN / WN, THREADS = 32 * WARPS_I * WARPS_J;
  static constexpr int MT = WM / 16, NT = WN / 8;
  static constexpr int LDA = BM + 4, LDB = BK + 4;
  static constexpr int STAGE = BK * LDA + BN * LDB;
  static constexpr size_t SMEM = (size_t) STAGES * STAGE * sizeof (double);
  static_assert (THREADS == 256 && BK % 8 == 0 && LDA % 16 == 4 && LDB % 16 == 4, "dmma tile");
};

template <int BM, int BN, int BK, int WM, int WN, int STAGES, bool VEC>
__global__ void __launch_bounds__ (256, 1)
matmul_dmma (int64_t m, int64_t n, int64_t k, const double *__restrict__ A, int64_t lda,
             const double *__restrict__ B, int64_t ldb, double *__restrict__ C, int64_t ldc,
             int64_t k_slice, int64_t c_slice)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if (gridDim.z > 1) { /* split-K, as in matmul_warp */
    const int64_t k0 = blockIdx.z * k_slice;
    A += k0 * lda;
    B += k0;
    k = k - k0 < k_slice ? k - k0 : k_slice;
    C += blockIdx.z * c_slice;
  }
  using Cfg = DmmaCfg<BM, BN, BK, WM, WN, STAGES>;
  constexpr int MT = Cfg::MT, NT = Cfg::NT, LDA = Cfg::LDA, LDB = Cfg::LDB;
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  double *smem = reinterpret_cast<double *> (smem_raw);

  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int wi = (warp % Cfg::WARPS_I) * WM, wj = (warp / Cfg::WARPS_I) * WN;
  const int g = lane / 4, tg = lane % 4;
  const int64_t i0 = blockIdx.x * (int64_t) BM, j0 = blockIdx.y * (int64_t) BN;
  const int64_t KT = ceil_div (k, BK);

  double acc[MT][NT][4];
#pragma unroll
  for (int x = 0; x < MT; x++)
#pragma unroll
    for (int y = 0; y < NT; y++)
#pragma unroll
      for (int e = 0; e < 4; e++)
        acc[x][y][e] = 0;

#pragma unroll
  for (int s = 0; s < STAGES - 1; s++) {
    if (s < KT)
      load_tile_async<double, BM, BN, BK, LDA, LDB, 256, VEC> (
          smem + s * Cfg::STAGE, smem + s * Cfg::STAGE + BK * LDA, A, lda, B, ldb, m, n, k, i0,
          j0, s * (int64_t) BK);
    cp_async_commit ();
  }

  for (int64_t kt = 0; kt < KT; kt++) {
    cp_async_wait<STAGES - 2> ();
    __syncthreads ();
    const int64_t next = kt + STAGES - 1;
    if (next < KT) {
      double *as = smem + (next % STAGES) * Cfg::STAGE;
      load_tile_async<double, BM, BN, BK, LDA, LDB, 256, VEC> (as, as + BK * LDA, A, lda, B,
                                                               ldb, m, n, k, i0, j0, next * BK);
    }
    cp_async_commit ();

    const double *as = smem + (kt % STAGES) * Cfg::STAGE;
    const double *bs = as + BK * LDA;
#pragma unroll
    for (int kb = 0; kb < BK; kb += 8) {
      /* B fragments for the whole warp tile, then A one m16 slice at a time: 152 live
         registers instead of 176, which kept the kernel from spilling under 255. */
      double b[NT][2];
#pragma unroll
      for (int y = 0; y < NT; y++) {
        const double *pb = bs + (wj + y * 8 + g) * LDB + kb + tg;
        b[y][0] = pb[0];
        b[y][1] = pb[4];
      }
#pragma unroll
      for (int x = 0; x < MT; x++) {
        const double *pa = as + (kb + tg) * LDA + wi + x * 16 + g;
        const double a[4] = {pa[0], pa[8], pa[4 * LDA], pa[4 * LDA + 8]};
#pragma unroll
        for (int y = 0; y < NT; y++)
          mma_16x8x8 (acc[x][y], a, b[y]);
      }
    }
  }
  cp_async_wait<0> ();

#pragma unroll
  for (int x = 0; x < MT; x++) {
#pragma unroll
    for (int y = 0; y < NT; y++) {
      const int64_t i = i0 + wi + x * 16 + g, j = j0 + wj + y * 8 + 2 * tg;
#pragma unroll
      for (int e = 0; e < 4; e++) {
        const int64_t ii = i + (e / 2) * 8, jj = j + e % 2;
        if (ii < m && jj < n)
          C[ii + jj * ldc] = acc[x][y][e];
      }
    }
  }
#endif
}

/* ---- scale ------------------------------------------------------------------------------ */
template <typename T>
__global__ void scale_kernel (int64_t count, const T *__restrict__ alpha, const T *__restrict__ B,
                              T *__restrict__ C)
{
  const T a = *alpha;
  const int64_t stride = (int64_t) gridDim.x * blockDim.x;
  for (int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; i < count; i += stride)
    C[i] = a * B[i];
}

/* ---- launchers -------------------------------------------------------------------------- */
struct Args {
  int64_t m, n, k, lda, ldb, ldc;
  const void *A, *B;
  void *C;
  cudaStream_t stream;
};

inline bool vec_ok (const void *p, int64_t ld, size_t elem)
{
  return ((uintptr_t) p % 16) == 0 && (ld * (int64_t) elem) % 16 == 0;
}

/* Walk C in slabs of at most MAX_GRID_Y block columns (gridDim.y's limit); `launch` gets the
 * slab's B and C and its column count, and returns cudaGetLastError's status. */
template <typename T, typename F>
gm_status for_each_slab (const Args &a, int64_t bn, const char *where, F launch)
{
  const int64_t slab = MAX_GRID_Y * bn;
  for (int64_t j = 0; j < a.n; j += slab) {
    const int64_t cols = a.n - j < slab ? a.n - j : slab;
    launch ((const T *) a.B + j * a.ldb, (T *) a.C + j * a.ldc, cols);
    cudaError_t err = cudaGetLastError ();
    if (err != cudaSuccess)
      return gm_cuda_status (err, where);
  }
  return GM_OK;
}

/* 32x8 threads.  32x32 (A read from L2 4 times less) measured slower on an H200 at N = 4096:
 * single 5.26 against 5.65, double 2.64 against 2.80. */
template <typename T> gm_status launch_naive (const Args &a)
{
  const dim3 block (32, 8);
  const bool vb = vec_ok (a.B, a.ldb, sizeof (T));
  return for_each_slab<T> (a, 8, "matmul naive", [&] (const T *B, T *C, int64_t cols) {
    const dim3 grid ((unsigned) ceil_div (a.m, 32), (unsigned) ceil_div (cols, 8));
    matmul_naive<T><<<grid, block, 0, a.stream>>> (a.m, cols, a.k, (const T *) a.A, a.lda, B,
                                                   a.ldb, C, a.ldc, vb);
  });
}

template <typename T> gm_status launch_tiled (const Args &a)
{
  const dim3 block (32, 8);
  return for_each_slab<T> (a, 32, "matmul tiled", [&] (const T *B, T *C, int64_t cols) {
    const dim3 grid ((unsigned) ceil_div (a.m, 32), (unsigned) ceil_div (cols, 32));
    matmul_tiled<T><<<grid, block, 0, a.stream>>> (a.m, cols, a.k, (const T *) a.A, a.lda, B,
                                                   a.ldb, C, a.ldc);
  });
}

/* Single: 128x128x16, 8x8 per thread (the SGEMM_CUDA kernel-5 shape).  Double: 128x64x8,
 * 8x4 per thread, which keeps the accumulators at 64 registers and the block at 256 threads. */
template <typename T> gm_status launch_wpt (const Args &a)
{
  constexpr bool S = sizeof (T) == 4;
  constexpr int BM = 128, BN = S ? 128 : 64, BK = S ? 16 : 8, TM = 8, TN = S ? 8 : 4;
  const bool va = vec_ok (a.A, a.lda, sizeof (T)), vb = vec_ok (a.B, a.ldb, sizeof (T));
  const bool vc = vec_ok (a.C, a.ldc, sizeof (T));
  return for_each_slab<T> (a, BN, "matmul wpt", [&] (const T *B, T *C, int64_t cols) {
    const dim3 grid ((unsigned) ceil_div (a.m, BM), (unsigned) ceil_div (cols, BN));
    matmul_wpt<T, BM, BN, BK, TM, TN><<<grid, (BM / TM) * (BN / TN), 0, a.stream>>> (
        a.m, cols, a.k, (const T *) a.A, a.lda, B, a.ldb, C, a.ldc, va, vb, vc);
  });
}

/* Raise a kernel's dynamic shared-memory limit once per process (per kernel instance). */
template <typename K> gm_status allow_smem (K kernel, size_t bytes, bool *done, const char *where)
{
  if (*done)
    return GM_OK;
  cudaError_t err = cudaFuncSetAttribute (kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          (int) bytes);
  if (err != cudaSuccess)
    return gm_cuda_status (err, where);
  *done = true;
  return GM_OK;
}

/* ---- aligned copies of misaligned operands ------------------------------------------------ */
/* An operand whose leading dimension is not a multiple of 16 bytes (N = 4097) sends the
 * cp.async kernels down their element-wise copy path (dmma fell to 79% of its 4096 rate that
 * way).  Copying it once into a workspace whose leading dimension is rounded up costs one pass
 * over it (4097^2 singles: 134 MB moved, tens of microseconds against milliseconds of product)
 * and gives the kernel its 16-byte path.  The workspace comes from the device's stream-ordered
 * pool and is freed on the same stream after the kernel; if the pool cannot spare it the
 * kernel runs element-wise.  Worth it from about 2^27 multiply-adds (~10 us of kernel). */
constexpr double ALIGNED_COPY_MIN_FMAS = 134217728.0;

/* dst(:, j) = src(:, j) for a rows x cols matrix: blockIdx.y walks columns (grid-stride),
 * each thread 4 elements of a column, consecutive threads on consecutive elements. */
template <typename T>
__global__ void __launch_bounds__ (256)
copy_columns (int64_t rows, int64_t cols, const T *__restrict__ src, int64_t ld_src,
              T *__restrict__ dst, int64_t ld_dst)
{
  const int64_t i0 = blockIdx.x * (int64_t) (4 * 256) + threadIdx.x;
  for (int64_t j = blockIdx.y; j < cols; j += gridDim.y) {
    const T *s = src + j * ld_src;
    T *d = dst + j * ld_dst;
    T v[4];
#pragma unroll
    for (int e = 0; e < 4; e++)
      if (i0 + e * 256 < rows)
        v[e] = s[i0 + e * 256];
#pragma unroll
    for (int e = 0; e < 4; e++)
      if (i0 + e * 256 < rows)
        d[i0 + e * 256] = v[e];
  }
}

class Workspace {
public:
  explicit Workspace (cudaStream_t stream) : stream_ (stream) {}
  ~Workspace ()
  {
    for (void *p : ptrs_)
      if (p)
        cudaFreeAsync (p, stream_);
  }
  /* A copy of src (rows x cols, leading dimension ld) with a 16-byte leading dimension, or
   * false (nothing allocated, no error left pending) where the pool has no room for it. */
  template <typename T> bool aligned_copy (const T *src, int64_t rows, int64_t cols, int64_t ld,
                                           const T **copy, int64_t *copy_ld)
  {
    static_assert (sizeof (T) == 4 || sizeof (T) == 8, "element");
    const int64_t V = 16 / sizeof (T), ld16 = ceil_div (rows, V) * V;
    void *p = NULL;
    if (!(p = scratch ((size_t) ld16 * (size_t) cols * sizeof (T))))
      return false;
    /* Its own copy kernel: cudaMemcpy2DAsync moved 4097^2 doubles at 1.6 TB/s. */
    const dim3 grid ((unsigned) ceil_div (rows, 4 * 256),
                     (unsigned) (cols < MAX_GRID_Y ? cols : MAX_GRID_Y));
    copy_columns<T><<<grid, 256, 0, stream_>>> (rows, cols, src, ld, (T *) p, ld16);
    if (cudaGetLastError () != cudaSuccess)
      return false;
    *copy = (const T *) p;
    *copy_ld = ld16;
    return true;
  }

  /* bytes of stream-ordered scratch, or NULL (no error left pending) */
  void *scratch (size_t bytes)
  {
    set_pool_threshold ();
    void *p = NULL;
    if (used_ == MAX_PTRS || cudaMallocAsync (&p, bytes, stream_) != cudaSuccess) {
      (void) cudaGetLastError ();
      return NULL;
    }
    ptrs_[used_++] = p;
    return p;
  }

private:
  /* Keep up to 1 GiB of freed workspace in the pool between calls: without it every call maps
     its workspace afresh.  gm_device_release_cached () trims the pool (gpumat_reset, and a
     failed allocation). */
  static void set_pool_threshold ()
  {
    static int done_for = -1;
    int dev;
    cudaMemPool_t pool;
    if (cudaGetDevice (&dev) != cudaSuccess || dev == done_for
        || cudaDeviceGetDefaultMemPool (&pool, dev) != cudaSuccess) {
      (void) cudaGetLastError ();
      return;
    }
    uint64_t keep = 1ull << 30;
    if (cudaMemPoolSetAttribute (pool, cudaMemPoolAttrReleaseThreshold, &keep) == cudaSuccess)
      done_for = dev;
    (void) cudaGetLastError ();
  }
  cudaStream_t stream_;
  static constexpr int MAX_PTRS = 3;
  void *ptrs_[MAX_PTRS] = {NULL, NULL, NULL};
  int used_ = 0;
};

inline bool worth_aligned_copy (const Args &a)
{
  return (double) a.m * (double) a.n * (double) a.k >= ALIGNED_COPY_MIN_FMAS;
}

/* ---- split-K ------------------------------------------------------------------------------- */
/* A product whose tiles cannot fill the chip (8192x64x8192: 128 SMALL tiles for 396 slots on
 * an H200) is cut along k into slices that run side by side, each writing a partial C to a
 * workspace; sum_slices then adds the partials in slice order, so the result is the same from
 * run to run.  A slice is at least SPLIT_MIN_K deep (shallower slices spend their time in
 * pipeline fill), and the partials may take at most SPLIT_MAX_BYTES. */
constexpr int64_t SPLIT_MIN_K = 256, SPLIT_MAX_SLICES = 512;
constexpr double SPLIT_MAX_BYTES = 256.0 * 1024 * 1024;

/* How many slices: enough to give each of the kernel's slots (resident blocks over all SMs)
 * one block; 1 where the tiles alone fill half the slots or k is too short. */
inline int split_k_slices (const Args &a, int64_t tiles, int64_t slots, size_t elem)
{
  if (2 * tiles > slots)
    return 1;
  int64_t slices = slots / tiles;
  if (slices > a.k / SPLIT_MIN_K)
    slices = a.k / SPLIT_MIN_K;
  if (slices > SPLIT_MAX_SLICES)
    slices = SPLIT_MAX_SLICES;
  while (slices > 1 && (double) slices * a.m * a.n * elem > SPLIT_MAX_BYTES)
    slices--;
  return (int) (slices > 1 ? slices : 1);
}

/* C(i, j) = sum over s of partial[s](i, j), s in order (partials m x n, leading dimension m). */
template <typename T>
__global__ void __launch_bounds__ (256)
sum_slices_kernel (int64_t m, int64_t n, int slices, const T *__restrict__ partial, T *C,
                   int64_t ldc)
{
  const int64_t count = m * n;
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < count;
       e += (int64_t) gridDim.x * blockDim.x) {
    T sum = partial[e];
    for (int s = 1; s < slices; s++)
      sum += partial[e + s * count];
    C[e % m + (e / m) * ldc] = sum;
  }
}
template <typename T> gm_status sum_slices (const Args &a, int slices, const T *partial)
{
  const int64_t blocks = ceil_div (a.m * a.n, 256) < 4096 ? ceil_div (a.m * a.n, 256) : 4096;
  sum_slices_kernel<T><<<(unsigned) blocks, 256, 0, a.stream>>> (a.m, a.n, slices, partial,
                                                                (T *) a.C, a.ldc);
  return gm_cuda_status (cudaGetLastError (), "matmul warp: split-K sum");
}

/* The whole product through launch (args, slices, k_slice, c_slice), split along k where
 * split_k_slices asks for it (each slice a multiple of k_align deep, so that only the last
 * has a k residue), the partials then summed into C.  Unsplit where the workspace cannot be
 * had.  launch runs one kernel of (a.m, a.n) tiles with gridDim.z = slices. */
template <typename T, typename Launch>
gm_status run_split_k (const Args &a, Workspace &ws, int64_t tiles, int64_t slots, int k_align,
                       Launch launch)
{
  const int slices = split_k_slices (a, tiles, slots, sizeof (T));
  T *partial = slices > 1 ? (T *) ws.scratch ((size_t) slices * a.m * a.n * sizeof (T)) : NULL;
  if (!partial)
    return launch (a, 1, a.k, 0);
  const int64_t k_slice = ceil_div (ceil_div (a.k, slices), k_align) * k_align;
  const int used = (int) ceil_div (a.k, k_slice);
  Args p = a;
  p.C = partial;
  p.ldc = a.m;
  gm_status st = launch (p, used, k_slice, a.m * a.n);
  return st != GM_OK ? st : sum_slices<T> (a, used, partial);
}

/* ---- warp launchers ------------------------------------------------------------------------ */
/* One configuration of the warp kernel: block BM x BN x BK, warps WM x WN, STAGES, and
 * MIN_BLOCKS resident per SM (the register budget).  Runs with 16-byte copies of A (of an
 * aligned copy where A is misaligned), and splits k where its tiles cannot fill the GPU. */
template <typename T, int BM, int BN, int BK, int WM, int WN, int STAGES, int MIN_BLOCKS>
struct WarpShape {
  using Cfg = WarpCfg<T, BM, BN, BK, WM, WN, STAGES>;
  static constexpr int TILE_M = BM, TILE_N = BN;
  template <bool VEC> static gm_status run (const Args &a, const T *A, int64_t lda, int slices,
                                            int64_t k_slice, int64_t c_slice)
  {
    auto kernel = matmul_warp<T, BM, BN, BK, WM, WN, STAGES, MIN_BLOCKS, VEC>;
    static bool smem_set = false;
    gm_status st = allow_smem (kernel, Cfg::SMEM, &smem_set, "matmul warp: shared memory");
    if (st != GM_OK)
      return st;
    const bool vc = vec_ok (a.C, a.ldc, sizeof (T));
    return for_each_slab<T> (a, BN, "matmul warp", [&] (const T *B, T *C, int64_t cols) {
      const dim3 grid ((unsigned) ceil_div (a.m, BM), (unsigned) ceil_div (cols, BN),
                       (unsigned) slices);
      kernel<<<grid, Cfg::THREADS, Cfg::SMEM, a.stream>>> (a.m, cols, a.k, A, lda, B, a.ldb, C,
                                                           a.ldc, vc, k_slice, c_slice);
    });
  }
  static gm_status run (const Args &a, int sms)
  {
    Workspace ws (a.stream);
    const T *A = (const T *) a.A;
    int64_t lda = a.lda;
    const bool vec = vec_ok (A, lda, sizeof (T))
                     || (worth_aligned_copy (a) && ws.aligned_copy (A, a.m, a.k, a.lda, &A, &lda));
    return run_split_k<T> (a, ws, ceil_div (a.m, BM) * ceil_div (a.n, BN), MIN_BLOCKS * sms, BK,
                           [&] (const Args &p, int slices, int64_t k_slice, int64_t c_slice) {
                             return vec ? run<true> (p, A, lda, slices, k_slice, c_slice)
                                        : run<false> (p, A, lda, slices, k_slice, c_slice);
                           });
  }
};

/* Single (H200, N = 4096 / 8192, % of cuBLAS SGEMM in the same run):
 *   LARGE 256x128x32, 8 warps of 64x64 (8x16 per thread), 3 stages (149 KB), one block an
 *         SM (255 registers): 92.2 / 94.0%.  With BK = 16 (74.5 KB, for devices that cannot
 *         give a block 149 KB, as sm_86/89 with 99 KB): 89.6-90.7 / 90.2-91.1%.  cuBLAS's own
 *         FFMA kernel has this shape with BK = 8 (warps 4x2, 3 stages, 254 registers: read
 *         with ncu).
 *   SMALL 128x64x16, 4 warps of 64x32 (8x8 per thread), 4 stages, three blocks an SM (167
 *         registers): 86.0 / 87.2%, and 4 times the blocks: it wins where LARGE's last wave
 *         would run mostly empty (N = 4097: 17x33 LARGE tiles are 4.25 waves of 132).
 * Tried and slower: 128x128 with 8 warps of 64x32 at two blocks an SM (128-register cap: 82%);
 * BK = 8 (83.7% LARGE); BK = 32 with 2 stages (91.7 / 93.1%); 5 or 6 stages; 128x256 (79.7%). */
using WarpLargeS = WarpShape<float, 256, 128, 32, 64, 64, 3, 1>;
using WarpLargeS16 = WarpShape<float, 256, 128, 16, 64, 64, 3, 1>;
using WarpSmallS = WarpShape<float, 128, 64, 16, 64, 32, 4, 3>;
/* Double (the auto path on sm_86/89 only; dmma elsewhere): 128x64x16 with 4 warps of 64x32
 * (8x8 doubles a thread) ran 22.6 TFLOP/s at N = 4096, 64x64x16 at three blocks an SM 21.3,
 * 128x128x16 22.8 but 19.3 at 4097; the first warp version 18.5. */
using WarpLargeD = WarpShape<double, 128, 64, 16, 64, 32, 3, 1>;
using WarpSmallD = WarpShape<double, 64, 64, 16, 32, 32, 4, 3>;

/* LARGE when its tiles fill the last wave at least 90%: there each block does 4 times SMALL's
 * work at higher efficiency; otherwise SMALL, whose short tiles even the waves out. */
template <typename Large> bool large_tiles_fit (const Args &a, int sms)
{
  const int64_t tiles = ceil_div (a.m, Large::TILE_M) * ceil_div (a.n, Large::TILE_N);
  const int64_t slots = ceil_div (tiles, sms) * sms;
  return tiles >= sms / 2 && 10 * tiles >= 9 * slots;
}

struct DeviceInfo;
template <typename T> gm_status launch_warp (const Args &a, const DeviceInfo &dev);

/* 128x128, 8 warps of 64x32, one block an SM. */
/* 16-byte path: BK = 32, 3 stages (207 KB): half the barriers per k; 41.1 TFLOP/s against
 * 39.3 for BK = 16 with 4 stages at N = 4096 on an H200.  The scalar path (odd ld) keeps
 * BK = 16 and 4 stages (146 KB): with BK = 32 it fell from 32.1 to 20.6 at N = 4097. */
constexpr int DMMA_BM = 128, DMMA_BN = 128;
template <bool VEC> gm_status launch_dmma_v (const Args &a, const double *A, int64_t lda,
                                              const double *B_all, int64_t ldb, int slices,
                                              int64_t k_slice, int64_t c_slice)
{
  constexpr int BM = DMMA_BM, BN = DMMA_BN, BK = VEC ? 32 : 16, WM = 64, WN = 32;
  constexpr int STAGES = VEC ? 3 : 4;
  using Cfg = DmmaCfg<BM, BN, BK, WM, WN, STAGES>;
  auto kernel = matmul_dmma<BM, BN, BK, WM, WN, STAGES, VEC>;
  static bool smem_set = false;
  gm_status st = allow_smem (kernel, Cfg::SMEM, &smem_set, "matmul dmma: shared memory");
  if (st != GM_OK)
    return st;
  Args b = a;
  b.B = B_all;
  b.ldb = ldb;
  return for_each_slab<double> (b, BN, "matmul dmma", [&] (const double *B, double *C,
                                                           int64_t cols) {
    const dim3 grid ((unsigned) ceil_div (a.m, BM), (unsigned) ceil_div (cols, BN),
                     (unsigned) slices);
    kernel<<<grid, Cfg::THREADS, Cfg::SMEM, a.stream>>> (a.m, cols, a.k, A, lda, B, ldb, C,
                                                         a.ldc, k_slice, c_slice);
  });
}
/* Both operands need the 16-byte path: a misaligned one is copied aligned first (see
 * Workspace).  One block an SM; grids that cannot fill the SMs split k (run_split_k), each
 * slice a multiple of 32 deep so that B + k0 stays 16-byte aligned. */
gm_status launch_dmma (const Args &a, int sms)
{
  const double *A = (const double *) a.A, *B = (const double *) a.B;
  int64_t lda = a.lda, ldb = a.ldb;
  Workspace ws (a.stream);
  bool vec = true;
  if (!vec_ok (A, lda, 8))
    vec = worth_aligned_copy (a) && ws.aligned_copy (A, a.m, a.k, lda, &A, &lda);
  if (vec && !vec_ok (B, ldb, 8))
    vec = worth_aligned_copy (a) && ws.aligned_copy (B, a.k, a.n, ldb, &B, &ldb);
  if (!vec) {
    A = (const double *) a.A, lda = a.lda;
    B = (const double *) a.B, ldb = a.ldb;
  }
  return run_split_k<double> (a, ws, ceil_div (a.m, DMMA_BM) * ceil_div (a.n, DMMA_BN), sms, 32,
                              [&] (const Args &p, int slices, int64_t k_slice, int64_t c_slice) {
                                return vec ? launch_dmma_v<true> (p, A, lda, B, ldb, slices,
                                                                  k_slice, c_slice)
                                           : launch_dmma_v<false> (p, A, lda, B, ldb, slices,
                                                                   k_slice, c_slice);
                              });
}

/* ---- dispatch --------------------------------------------------------------------------- */
/* What the dispatch needs of the current device, cached per device. */
struct DeviceInfo {
  int cc;           /* compute capability, 10*major + minor */
  int sms;          /* multiprocessors */
  int smem_optin;   /* most dynamic shared memory a block may ask for, bytes */
};
gm_status device_info (DeviceInfo *info)
{
  static int cached_device = -1;
  static DeviceInfo cached;
  int dev;
  cudaError_t err = cudaGetDevice (&dev);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "matmul: cudaGetDevice");
  if (dev != cached_device) {
    int major, minor;
    if ((err = cudaDeviceGetAttribute (&major, cudaDevAttrComputeCapabilityMajor, dev))
            != cudaSuccess
        || (err = cudaDeviceGetAttribute (&minor, cudaDevAttrComputeCapabilityMinor, dev))
               != cudaSuccess)
      return gm_cuda_status (err, "matmul: compute capability");
    if ((err = cudaDeviceGetAttribute (&cached.sms, cudaDevAttrMultiProcessorCount, dev))
        != cudaSuccess)
      return gm_cuda_status (err, "matmul: multiprocessor count");
    if ((err = cudaDeviceGetAttribute (&cached.smem_optin,
                                       cudaDevAttrMaxSharedMemoryPerBlockOptin, dev))
        != cudaSuccess)
      return gm_cuda_status (err, "matmul: shared memory per block");
    cached.cc = 10 * major + minor;
    cached_device = dev;
  }
  *info = cached;
  return GM_OK;
}

template <typename T> gm_status launch_warp (const Args &a, const DeviceInfo &dev)
{
  const int sms = dev.sms;
  if (sizeof (T) == 4) {
    if (!large_tiles_fit<WarpLargeS> (a, sms))
      return WarpSmallS::run (a, sms);
    return dev.smem_optin >= (int) WarpLargeS::Cfg::SMEM ? WarpLargeS::run (a, sms)
                                                         : WarpLargeS16::run (a, sms);
  }
  return large_tiles_fit<WarpLargeD> (a, sms) ? WarpLargeD::run (a, sms)
                                               : WarpSmallD::run (a, sms);
}

/* auto: the cp.async kernels from sm_80 on: dmma for double where the FP64 tensor cores run at
 * full rate (sm_80 and sm_90+; sm_86/89 have the FP64 tensor rate of their slow FFMA), the FFMA
 * warp kernel otherwise.  Measured on an H200 (TFLOP/s):
 *   - dmma's 128x128 tiles run half empty when m or n is under 128: at 64x64x65536 dmma (k
 *     split in 132) ran 7.6, warp 10.1; at 8192x64x8192 both 19.4.  So warp takes shapes
 *     whose dmma tiles would be at most half full and fewer than the SMs.  Both split k where
 *     their tiles cannot fill the chip: dmma at 2048x128x16384 went from 5.2 to 37.4 (88% of
 *     DGEMM), at 1024^3 from 19.0 to 29.9;
 *   - in single, warp now beats tiled even on thin shapes (8192x64x8192: 17.6 against 13.6;
 *     1000x3000x17: 5.8 against 5.1); tiled is left for products with under one 128x64
 *     tile per 8 SMs and too little k to split (warp splits k where its tiles cannot fill
 *     the chip), where its 32x32 tiles make 8 times the blocks. */
gm_matmul_kernel pick_auto (gm_class cls, int cc, int sms, int64_t m, int64_t n, int64_t k)
{
  if (cc < 80)
    return GM_MATMUL_WPT;
  if (8 * ceil_div (m, 128) * ceil_div (n, 64) < sms && k < 2 * SPLIT_MIN_K)
    return GM_MATMUL_TILED;
  if (cls == GM_SINGLE || !(cc == 80 || cc >= 90))
    return GM_MATMUL_WARP;
  const int64_t dmma_tiles = ceil_div (m, 128) * ceil_div (n, 128);
  const bool half_empty = 2.0 * (double) m * (double) n <= (double) dmma_tiles * 128 * 128;
  return half_empty && dmma_tiles < sms ? GM_MATMUL_WARP : GM_MATMUL_DMMA;
}

const char *const kernel_names[GM_MATMUL_KERNEL_COUNT] = {"auto", "naive", "tiled", "wpt",
                                                          "warp", "dmma"};

} /* namespace */

extern "C" const char *gm_matmul_kernel_name (gm_matmul_kernel kernel)
{
  if ((int) kernel < 0 || (int) kernel >= GM_MATMUL_KERNEL_COUNT)
    return NULL;
  return kernel_names[kernel];
}

extern "C" gm_status gm_matmul_kernel_from_name (const char *name, gm_matmul_kernel *kernel)
{
  if (!name || !kernel)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: no kernel name");
  for (int i = 0; i < GM_MATMUL_KERNEL_COUNT; i++)
    if (strcasecmp (name, kernel_names[i]) == 0) {
      *kernel = (gm_matmul_kernel) i;
      return GM_OK;
    }
  return gm_fail (GM_ERR_INVALID_ARGUMENT,
                  "unknown kernel '%s' (auto, naive, tiled, wpt, warp or dmma)", name);
}

extern "C" gm_status gm_matmul (gm_matmul_kernel kernel, gm_class cls, int64_t m, int64_t n,
                                int64_t k, const void *d_A, int64_t lda, const void *d_B,
                                int64_t ldb, void *d_C, int64_t ldc, cudaStream_t stream)
{
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown class %d", (int) cls);
  if ((int) kernel < 0 || (int) kernel >= GM_MATMUL_KERNEL_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown kernel %d", (int) kernel);
  if (m < 0 || n < 0 || k < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: negative size (%lld x %lld x %lld)",
                    (long long) m, (long long) n, (long long) k);
  if (m == 0 || n == 0)
    return GM_OK;
  if (lda < m || ldb < (k > 0 ? k : 1) || ldc < m)
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "matmul: leading dimensions too small (lda %lld, ldb %lld, ldc %lld for "
                    "%lld x %lld x %lld)", (long long) lda, (long long) ldb, (long long) ldc,
                    (long long) m, (long long) n, (long long) k);
  if (!d_C || (k > 0 && (!d_A || !d_B)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: null device pointer");
  const size_t elem = gm_class_size (cls);
  size_t pitch, width, span;
  gm_status st;
  if ((st = gm_mul_size ((size_t) ldc, elem, &pitch)) != GM_OK
      || (st = gm_mul_size ((size_t) m, elem, &width)) != GM_OK
      || (st = gm_mul_size ((size_t) ldc, (size_t) n, &span)) != GM_OK
      || (st = gm_mul_size (span, elem, &span)) != GM_OK)
    return st;

  DeviceInfo dev;
  if ((st = device_info (&dev)) != GM_OK)
    return st;
  const int cc = dev.cc, sms = dev.sms;
  if (kernel == GM_MATMUL_AUTO)
    kernel = pick_auto (cls, cc, sms, m, n, k);
  if ((kernel == GM_MATMUL_WARP || kernel == GM_MATMUL_DMMA) && cc < 80)
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "matmul: kernel '%s' needs compute capability 8.0 or newer (this device: "
                    "%d.%d)", kernel_names[kernel], cc / 10, cc % 10);
  if (kernel == GM_MATMUL_DMMA && cls != GM_DOUBLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: kernel 'dmma' computes in double only");

  if (k == 0) /* an empty sum: zeros, whatever the kernel */
    return gm_cuda_status (cudaMemset2DAsync (d_C, pitch, 0, width, (size_t) n, stream),
                           "matmul: cudaMemset2DAsync");

  const Args a = {m, n, k, lda, ldb, ldc, d_A, d_B, d_C, stream};
  const bool dbl = cls == GM_DOUBLE;
  switch (kernel) {
  case GM_MATMUL_NAIVE: return dbl ? launch_naive<double> (a) : launch_naive<float> (a);
  case GM_MATMUL_TILED: return dbl ? launch_tiled<double> (a) : launch_tiled<float> (a);
  case GM_MATMUL_WPT:   return dbl ? launch_wpt<double> (a) : launch_wpt<float> (a);
  case GM_MATMUL_WARP:  return dbl ? launch_warp<double> (a, dev) : launch_warp<float> (a, dev);
  case GM_MATMUL_DMMA:  return launch_dmma (a, sms);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: unknown kernel %d", (int) kernel);
  }
}

extern "C" gm_status gm_scale (gm_class cls, int64_t count, const void *d_alpha, const void *d_B,
                               void *d_C, cudaStream_t stream)
{
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "scale: unknown class %d", (int) cls);
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "scale: negative count %lld", (long long) count);
  if (count == 0)
    return GM_OK;
  if (!d_alpha || !d_B || !d_C)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "scale: null device pointer");
  /* Grid-stride: at most 8192 blocks of 256, enough to fill any current GPU several times. */
  const int64_t blocks = ceil_div (count, 256) < 8192 ? ceil_div (count, 256) : 8192;
  if (cls == GM_DOUBLE)
    scale_kernel<double><<<(unsigned) blocks, 256, 0, stream>>> (
        count, (const double *) d_alpha, (const double *) d_B, (double *) d_C);
  else
    scale_kernel<float><<<(unsigned) blocks, 256, 0, stream>>> (
        count, (const float *) d_alpha, (const float *) d_B, (float *) d_C);
  return gm_cuda_status (cudaGetLastError (), "scale: launch");
}
