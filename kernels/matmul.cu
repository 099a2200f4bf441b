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
 *   naive  5.47 / 4.02    tiled 16.8 / 9.19    wpt 35.5 / 14.8    warp 38.1 / 18.5
 *   dmma   - / 40.8       auto  38.0 / 41.1 (76% / 86% of cuBLAS)
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
 *   warp   warp tiling on top of that (each warp a 64x32 (single) / 32x32 (double) piece of a
 *          128x128 / 64x128 block tile) and a 4-stage cp.async pipeline (sm_80+): global
 *          loads bypass registers and overlap the arithmetic, one barrier per k-tile, edges
 *          zero-filled by the copy engine (src-size) so the main loop has no residue branch.
 *          B kept as stored (p contiguous) with a row pitch of an odd number of 16-byte units:
 *          conflict-free 16-byte reads.
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
/* 256 threads = WARPS_I x WARPS_J warps of WM x WN.  In a warp, lane_i = lane % 8 and
 * lane_j = lane / 8: the thread owns rows wi + g*8V + lane_i*V + e (g < GI, e < V) and columns
 * wj + e*4 + lane_j (e < TN).  Its As reads are 8 consecutive 16-byte groups per warp
 * (broadcast over lane_j), its Bs reads four consecutive rows at one p, whose pitch LDB is an
 * odd number of 16-byte units: four distinct bank groups, one wavefront each.  Dynamic shared
 * memory: STAGES * (BK*BM + BN*LDB) elements. */
template <typename T, int BM, int BN, int BK, int WM, int WN, int STAGES>
struct WarpCfg {
  static constexpr int V = 16 / sizeof (T);
  static constexpr int WARPS_I = BM / WM, WARPS_J = BN / WN, THREADS = 32 * WARPS_I * WARPS_J;
  static constexpr int GI = WM / (8 * V), TN = WN / 4;
  static constexpr int LDA = BM, LDB = BK + V;
  static constexpr int STAGE = BK * LDA + BN * LDB;
  static constexpr size_t SMEM = (size_t) STAGES * STAGE * sizeof (T);
  static_assert (GI * 8 * V == WM && TN * 4 == WN && THREADS == 256, "warp tile");
  static_assert (((LDB * sizeof (T)) / 16) % 2 == 1 && (LDB * sizeof (T)) % 16 == 0, "LDB");
};

#ifndef GM_WARP_MIN_BLOCKS
#define GM_WARP_MIN_BLOCKS 1
#endif
template <typename T, int BM, int BN, int BK, int WM, int WN, int STAGES, bool VEC>
__global__ void __launch_bounds__ (256, GM_WARP_MIN_BLOCKS)
matmul_warp (int64_t m, int64_t n, int64_t k, const T *__restrict__ A, int64_t lda,
             const T *__restrict__ B, int64_t ldb, T *__restrict__ C, int64_t ldc, bool vec_c)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  using Cfg = WarpCfg<T, BM, BN, BK, WM, WN, STAGES>;
  constexpr int V = Cfg::V, GI = Cfg::GI, TN = Cfg::TN, LDA = Cfg::LDA, LDB = Cfg::LDB;
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  T *smem = reinterpret_cast<T *> (smem_raw);

  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int wi = (warp % Cfg::WARPS_I) * WM, wj = (warp / Cfg::WARPS_I) * WN;
  const int lane_i = lane % 8, lane_j = lane / 8;
  const int64_t i0 = blockIdx.x * (int64_t) BM, j0 = blockIdx.y * (int64_t) BN;
  const int64_t KT = ceil_div (k, BK);

  T acc[GI * V][TN];
#pragma unroll
  for (int x = 0; x < GI * V; x++)
#pragma unroll
    for (int y = 0; y < TN; y++)
      acc[x][y] = 0;

#pragma unroll
  for (int s = 0; s < STAGES - 1; s++) {
    if (s < KT)
      load_tile_async<T, BM, BN, BK, LDA, LDB, 256, VEC> (smem + s * Cfg::STAGE,
                                                          smem + s * Cfg::STAGE + BK * LDA, A,
                                                          lda, B, ldb, m, n, k, i0, j0,
                                                          s * (int64_t) BK);
    cp_async_commit ();
  }

  for (int64_t kt = 0; kt < KT; kt++) {
    cp_async_wait<STAGES - 2> ();
    __syncthreads ();   /* tile kt has landed for everyone; stage (kt-1) % STAGES is free */
    const int64_t next = kt + STAGES - 1;
    if (next < KT) {
      T *as = smem + (next % STAGES) * Cfg::STAGE;
      load_tile_async<T, BM, BN, BK, LDA, LDB, 256, VEC> (as, as + BK * LDA, A, lda, B, ldb, m,
                                                          n, k, i0, j0, next * BK);
    }
    cp_async_commit ();

    const T *as = smem + (kt % STAGES) * Cfg::STAGE;
    const T *bs = as + BK * LDA;
#pragma unroll
    for (int kk = 0; kk < BK; kk += V) {
      Pack<T> b[TN];
#pragma unroll
      for (int y = 0; y < TN; y++)
        b[y] = *reinterpret_cast<const Pack<T> *> (bs + (wj + y * 4 + lane_j) * LDB + kk);
#pragma unroll
      for (int q = 0; q < V; q++) {
        Pack<T> a[GI];
#pragma unroll
        for (int g = 0; g < GI; g++)
          a[g] = *reinterpret_cast<const Pack<T> *> (as + (kk + q) * LDA + wi + g * 8 * V
                                                     + lane_i * V);
#pragma unroll
        for (int x = 0; x < GI * V; x++)
#pragma unroll
          for (int y = 0; y < TN; y++)
            acc[x][y] = fma (a[x / V].v[x % V], b[y].v[q], acc[x][y]);
      }
    }
  }
  cp_async_wait<0> ();

#pragma unroll
  for (int y = 0; y < TN; y++) {
    const int64_t j = j0 + wj + y * 4 + lane_j;
    if (j >= n)
      continue;
#pragma unroll
    for (int g = 0; g < GI; g++) {
      const int64_t i = i0 + wi + g * 8 * V + lane_i * V;
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
             const double *__restrict__ B, int64_t ldb, double *__restrict__ C, int64_t ldc)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
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

/* Single: 128x128x16 block, warps of 64x32 (8x8 per thread), 4 stages (74 KB).  Double:
 * 64x128x16, warps of 32x32 (4x8 per thread), 4 stages (104 KB).  One block an SM (168 and 190
 * registers): capping at 128 for two blocks spilled and ran 34.0 against 37.5 TFLOP/s; 4
 * stages against 3: 38.0 against 37.5 (single, N = 4096, H200). */
#ifndef GM_WARP_BK
#define GM_WARP_BK 16
#endif
#ifndef GM_WARP_STAGES
#define GM_WARP_STAGES 4
#endif
template <typename T, bool VEC> gm_status launch_warp_v (const Args &a)
{
  constexpr bool S = sizeof (T) == 4;
  constexpr int BM = S ? 128 : 64, BN = 128, BK = GM_WARP_BK, WM = S ? 64 : 32, WN = 32;
  constexpr int STAGES = GM_WARP_STAGES;
  using Cfg = WarpCfg<T, BM, BN, BK, WM, WN, STAGES>;
  auto kernel = matmul_warp<T, BM, BN, BK, WM, WN, STAGES, VEC>;
  static bool smem_set = false;
  gm_status st = allow_smem (kernel, Cfg::SMEM, &smem_set, "matmul warp: shared memory");
  if (st != GM_OK)
    return st;
  const bool vc = vec_ok (a.C, a.ldc, sizeof (T));
  return for_each_slab<T> (a, BN, "matmul warp", [&] (const T *B, T *C, int64_t cols) {
    const dim3 grid ((unsigned) ceil_div (a.m, BM), (unsigned) ceil_div (cols, BN));
    kernel<<<grid, Cfg::THREADS, Cfg::SMEM, a.stream>>> (a.m, cols, a.k, (const T *) a.A, a.lda,
                                                         B, a.ldb, C, a.ldc, vc);
  });
}
template <typename T> gm_status launch_warp (const Args &a)
{
  return vec_ok (a.A, a.lda, sizeof (T)) && vec_ok (a.B, a.ldb, sizeof (T))
             ? launch_warp_v<T, true> (a) : launch_warp_v<T, false> (a);
}

/* 128x128, 8 warps of 64x32, one block an SM. */
/* 16-byte path: BK = 32, 3 stages (207 KB): half the barriers per k; 41.1 TFLOP/s against
 * 39.3 for BK = 16 with 4 stages at N = 4096 on an H200.  The scalar path (odd ld) keeps
 * BK = 16 and 4 stages (146 KB): with BK = 32 it fell from 32.1 to 20.6 at N = 4097. */
template <bool VEC> gm_status launch_dmma_v (const Args &a)
{
  constexpr int BM = 128, BN = 128, BK = VEC ? 32 : 16, WM = 64, WN = 32, STAGES = VEC ? 3 : 4;
  using Cfg = DmmaCfg<BM, BN, BK, WM, WN, STAGES>;
  auto kernel = matmul_dmma<BM, BN, BK, WM, WN, STAGES, VEC>;
  static bool smem_set = false;
  gm_status st = allow_smem (kernel, Cfg::SMEM, &smem_set, "matmul dmma: shared memory");
  if (st != GM_OK)
    return st;
  return for_each_slab<double> (a, BN, "matmul dmma", [&] (const double *B, double *C,
                                                           int64_t cols) {
    const dim3 grid ((unsigned) ceil_div (a.m, BM), (unsigned) ceil_div (cols, BN));
    kernel<<<grid, Cfg::THREADS, Cfg::SMEM, a.stream>>> (a.m, cols, a.k, (const double *) a.A,
                                                         a.lda, B, a.ldb, C, a.ldc);
  });
}
gm_status launch_dmma (const Args &a)
{
  return vec_ok (a.A, a.lda, 8) && vec_ok (a.B, a.ldb, 8) ? launch_dmma_v<true> (a)
                                                          : launch_dmma_v<false> (a);
}

/* ---- dispatch --------------------------------------------------------------------------- */
/* Compute capability of the current device (10*major + minor) and its multiprocessor count,
 * cached per device. */
gm_status device_cc (int *cc, int *sms)
{
  static int cached_device = -1, cached_cc = 0, cached_sms = 0;
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
    if ((err = cudaDeviceGetAttribute (&cached_sms, cudaDevAttrMultiProcessorCount, dev))
        != cudaSuccess)
      return gm_cuda_status (err, "matmul: multiprocessor count");
    cached_cc = 10 * major + minor;
    cached_device = dev;
  }
  *cc = cached_cc;
  *sms = cached_sms;
  return GM_OK;
}

/* auto: the cp.async kernels from sm_80 on (dmma for double where the FP64 tensor cores run at
 * full rate: sm_80 and sm_90+; sm_86/89 have the FP64 tensor rate of their slow FFMA, and the
 * FFMA warp kernel there).  A problem too small to fill the chip with 128x128 tiles (under
 * about one tile per SM) goes to tiled, whose 32x32 tiles give 16 times more blocks. */
gm_matmul_kernel pick_auto (gm_class cls, int cc, int sms, int64_t m, int64_t n, int64_t k)
{
  (void) k;
  if (cc < 80)
    return GM_MATMUL_WPT;
  const int64_t tiles = ceil_div (m, 128) * ceil_div (n, 128);
  /* Single with under half a 128x128 tile per SM (8192x64x8192 on 132 SMs: 64 tiles): tiled
     ran 13.3 TFLOP/s there on an H200, warp 9.4.  In double dmma stayed ahead (9.8 vs 8.0). */
  if (tiles < 32 || (cls == GM_SINGLE && 2 * tiles < sms))
    return GM_MATMUL_TILED;
  if (cls == GM_DOUBLE && (cc == 80 || cc >= 90))
    return GM_MATMUL_DMMA;
  return GM_MATMUL_WARP;
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

  int cc = 0, sms = 0;
  if ((st = device_cc (&cc, &sms)) != GM_OK)
    return st;
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
  case GM_MATMUL_WARP:  return dbl ? launch_warp<double> (a) : launch_warp<float> (a);
  case GM_MATMUL_DMMA:  return launch_dmma (a);
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
