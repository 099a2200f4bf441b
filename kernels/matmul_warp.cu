/* matmul_warp.cu: the warp family: warp-tiled FFMA fed by a multi-stage cp.async pipeline
 * (compute capability 8.0+), both classes.
 *
 * Versions (TFLOP/s at N = 4096 on an H200, single / double; cuBLAS 50.1 / 46.5):
 *   warp v1  128x128 block tile, 8x8 outputs a thread, B read along p, one block an SM:
 *            38.1 / 18.5.
 *   warp v2  cuBLAS-shaped tiles chosen by how well they fill the last wave: single LARGE
 *            256x128x32 with 8 warps of 64x64 (8x16 outputs a thread, the shape of cuBLAS's
 *            own FFMA kernel) or SMALL 128x64x16 at three blocks an SM; B transposed on its
 *            way into shared memory by element-wise cp.async; fragments double-buffered in
 *            registers; one barrier per k-tile; misaligned A copied aligned first (Workspace);
 *            split-K where the tiles cannot fill the GPU: 47.0 / 22.8 (94% of SGEMM).
 *   ops      (issue 10) both tiles live in shared memory as Xs[p][x] (x = i or j), whatever
 *            the global layout: an MN-major operand (A, or Bᵀ) goes in by straight 16-byte
 *            copies (WarpMnLoader, v2's A loader), a K-major one (B, or Aᵀ) by element-wise
 *            transposing copies with consecutive threads on consecutive p (WarpKLoader, v2's
 *            B loader); per-copy offsets as running pointers (no spills).  Aᵀ * Bᵀ runs as
 *            Cᵀ = B * A with C stored transposed.  Aᵀ * B on the LARGE single tiles kept A
 *            K-major in shared memory (swizzled, read as scalars).  H100, 4096 / 8192, % of
 *            this kernel's own A * B: single Aᵀ * B 87 / 88 (80 before the swizzle), A * Bᵀ
 *            97, Aᵀ * Bᵀ 98-100.  Pages on the grid.
 *   kk       (issue 10) Aᵀ * B on the LARGE single tiles: matmul_warp_kk_kernel keeps BOTH
 *            tiles K-major and swizzled (16-byte copies for both), reads four p at a time
 *            (6 vector reads a p, as A * B), barrier at the tile's start: 90.6 / 89.9% of A * B
 *            against 87.2 / 87.3% for the swizzled-A form in the same run (H100), which it
 *            replaced.  Tried: the same with the reads software-pipelined per column block
 *            (double buffers, 255 registers): 83.2 / 82.6%.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "matmul_internal.cuh"

/* The sm_75 pass compiles the sm_80 kernels' bodies away, leaving their helpers unreferenced. */
#pragma nv_diag_suppress 177

namespace gm_matmul_detail {
namespace {

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

/* THREADS = 32 * (BM/WM) * (BN/WN): warps of WM x WN.  In a warp, lane_i = lane % 8 and
 * lane_j = lane / 8; the thread owns MI x NJ sub-blocks of V x V (V = 4 singles or 2 doubles):
 * rows wi + s*8V + lane_i*V + e (s < MI) and columns wj + s*4V + lane_j*V + e (s < NJ).
 * As[p][i] (pitch BM + V) and Bs[p][j] (pitch BN + V).  Per p a thread makes MI + NJ 16-byte
 * shared reads, each conflict-free (8 or 4 consecutive 16-byte groups per warp), for
 * MI*NJ*V*V FMAs.  Dynamic shared memory: STAGES * BK * (LDA + LDB) elements. */
template <typename T, int BM, int BN, int BK, int WM, int WN, int STAGES>
struct WarpCfg {
  static constexpr int V = 16 / sizeof (T);
  static constexpr int WARPS_I = BM / WM, WARPS_J = BN / WN, THREADS = 32 * WARPS_I * WARPS_J;
  static constexpr int MI = WM / (8 * V), NJ = WN / (4 * V);
  static constexpr int LDA = BM + V, LDB = BN + V;
  static constexpr int STAGE = BK * (LDA + LDB);
  static constexpr size_t SMEM = (size_t) STAGES * STAGE * sizeof (T);
  static_assert (MI * 8 * V == WM && NJ * 4 * V == WN && BM % WM == 0 && BN % WN == 0, "warp");
  /* The first row and column of this thread's sub-blocks in the block tile. */
  static __device__ __forceinline__ int a_offset ()
  {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    return (warp % WARPS_I) * WM + (lane % 8) * V;
  }
  static __device__ __forceinline__ int b_offset ()
  {
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    return (warp / WARPS_I) * WN + (lane / 8) * V;
  }
};

/* The copies of one thread for one k-tile of an MN-major operand (x contiguous: A, or Bᵀ) into
 * Xs[p][x], with everything that does not change from tile to tile computed once: tiles are
 * loaded in order, so the source pointer just steps BK columns.  VEC: 16-byte copies (ld a
 * multiple of 16 bytes and the base aligned); otherwise one element per copy, consecutive
 * threads on consecutive addresses so that the requests still coalesce.  Rows past the
 * operand's x extent are zero-filled through cp.async's src-size; the k residue (the last tile
 * only) is checked per copy. */
template <typename T, int ROWS, int BK, int THREADS, int LD, bool VEC> struct WarpMnLoader {
  static constexpr int XV = VEC ? 16 / sizeof (T) : 1;   /* elements per copy */
  static constexpr int PER_P = ROWS / XV;                /* copies across one p of Xs */
  static constexpr int COPIES = ROWS * BK / XV / THREADS;
  static constexpr int PSTEP = THREADS / PER_P;          /* p step between a thread's copies */
  static_assert (THREADS % PER_P == 0 && COPIES >= 1 && COPIES * THREADS * XV == ROWS * BK,
                 "warp MN loader");
  const T *src;
  int bytes;         /* bytes of this thread's copies inside the x extent (0 past it) */
  int p, dst;

  __device__ __forceinline__ WarpMnLoader (const T *X, int64_t ld, int64_t rows, int64_t x0)
  {
    const int t = threadIdx.x, xi = (t % PER_P) * XV;
    const int64_t left = rows - (x0 + xi);
    p = t / PER_P;
    bytes = (int) sizeof (T) * (left <= 0 ? 0 : left < XV ? (int) left : XV);
    src = bytes ? X + x0 + xi + p * ld : X;
    dst = p * LD + xi;
  }

  /* Copy the next k-tile into Xs.  p_left: inner indices left from this tile's first; full:
   * p_left >= BK.  A copy outside the operand keeps its running pointer with src-size 0,
   * which reads nothing: taking the kernel's parameters there instead (constant-bank loads
   * every tile) and a 64-bit p_left cost the LARGE single kernel 7% (42.6 against 45.6
   * TFLOP/s at N = 4096 on an H200). */
  __device__ __forceinline__ void load (T *Xs, bool full, int p_left, int64_t ld)
  {
    const T *s = src;   /* a running pointer, as in WarpKLoader */
    const int64_t step = PSTEP * ld;
#pragma unroll
    for (int r = 0; r < COPIES; r++) {
      const int b = (full || p + r * PSTEP < p_left) ? bytes : 0;
      if constexpr (VEC)
        cp_async_16 (Xs + dst + r * PSTEP * LD, b ? s : src, b);
      else
        cp_async_small<sizeof (T)> (Xs + dst + r * PSTEP * LD, b ? s : src, b);
      s += step;
    }
    src += BK * ld;
  }
};

/* The same for a K-major operand (p contiguous: B, or Aᵀ), transposed on its way into Xs[p][x]
 * one element per cp.async (a 16-byte copy cannot scatter), 32 lanes on 32 consecutive p of one
 * x so that a warp's copies are one 128-byte request.  With pitch LD = ROWS + V the copies land
 * in banks 4p, a 4-way conflict.  Tried on an H100: lanes on 8 p x 4 x (32 distinct banks,
 * four 32-byte sectors a request) measured the same for Aᵀ * B (35.7-36.8 TFLOP/s at 4096
 * either way) and cost A * B up to 4%. */
template <typename T, int ROWS, int BK, int THREADS, int LD> struct WarpKLoader {
  static constexpr int COPIES = ROWS * BK / THREADS;
  static constexpr int XSTEP = THREADS / BK;             /* x step between a thread's copies */
  static_assert (THREADS % BK == 0 && COPIES * THREADS == ROWS * BK && COPIES <= 32,
                 "warp K loader");
  const T *src;
  unsigned cols;     /* bit r: copy r lies inside the x extent */
  int p, dst;

  __device__ __forceinline__ WarpKLoader (const T *X, int64_t ld, int64_t rows, int64_t x0)
  {
    const int t = threadIdx.x, xj = t / BK;
    p = t % BK;
    cols = 0;
#pragma unroll
    for (int r = 0; r < COPIES; r++)
      cols |= (x0 + xj + r * XSTEP < rows ? 1u : 0u) << r;
    src = X + p + (x0 + xj < rows ? x0 + xj : 0) * ld;
    dst = p * LD + xj;
  }

  __device__ __forceinline__ void load (T *Xs, bool full, int p_left, int64_t ld)
  {
    const bool p_in = full || p < p_left;
    /* a running pointer: per-copy offsets r * XSTEP * ld were hoisted out of the k loop as 32
       64-bit registers, and Aᵀ * B spilled 52 bytes */
    const T *s = src;
    const int64_t step = XSTEP * ld;
#pragma unroll
    for (int r = 0; r < COPIES; r++) {
      const bool ok = p_in && ((cols >> r) & 1u);
      cp_async_small<sizeof (T)> (Xs + dst + r * XSTEP, ok ? s : src, ok ? (int) sizeof (T) : 0);
      s += step;
    }
    src += BK;
  }
};

/* A K-major operand kept K-major in shared memory, for Aᵀ * B (both operands K-major, where
 * the loaders above would copy both element by element: 48 four-byte cp.async a thread a tile,
 * against 16 plus 8 sixteen-byte ones for A * B; Aᵀ * B ran at 79% of A * B's rate on an H100
 * that way).  The operand comes in 16-byte copies along p into Xs[x][chunk], BK / V = 8 chunks
 * of V a row, chunk c of row x stored at position c ^ ((x / V) % 8): rows V apart then have
 * distinct keys, so 8 of them read at one chunk land on 8 distinct 16-byte positions (without
 * the swizzle every row starts in bank 0, pitch BK = 32 words, and such reads conflict 8-way).
 * Used for both tiles of matmul_warp_kk_kernel (v1 used it for A alone). */
template <typename T, int ROWS, int BK, int THREADS> struct WarpKSwizzledLoader {
  static constexpr int V = 16 / sizeof (T), CH = BK / V;
  static constexpr int STEP = THREADS / CH;              /* rows between a thread's copies */
  static constexpr int COPIES = ROWS / STEP;
  static_assert (CH == 8 && THREADS % CH == 0 && COPIES * STEP == ROWS && STEP % (8 * V) == 0
                     && COPIES <= 32, "warp swizzled loader");
  /* offset of element (x, p) in a tile */
  static __device__ __forceinline__ int at (int x, int p)
  {
    return x * BK + (((p / V) ^ ((x / V) & 7)) * V) + p % V;
  }
  const T *src;
  unsigned rows_in;  /* bit r: copy r lies inside the x extent */
  int c, dst;

  __device__ __forceinline__ WarpKSwizzledLoader (const T *X, int64_t ld, int64_t rows, int64_t x0)
  {
    const int t = threadIdx.x, x = t / CH;
    c = t % CH;
    rows_in = 0;
#pragma unroll
    for (int r = 0; r < COPIES; r++)
      rows_in |= (x0 + x + r * STEP < rows ? 1u : 0u) << r;
    src = X + c * V + (x0 + x < rows ? x0 + x : 0) * ld;
    dst = at (x, c * V);   /* the same for every copy: STEP keeps (x / V) % 8 */
  }

  __device__ __forceinline__ void load (T *Xs, bool full, int p_left, int64_t ld)
  {
    const int left = full ? V : p_left - c * V;
    const int bytes = (left <= 0 ? 0 : left < V ? left : V) * (int) sizeof (T);
    const T *s = src;
    const int64_t step = STEP * ld;
#pragma unroll
    for (int r = 0; r < COPIES; r++) {
      const int b = ((rows_in >> r) & 1u) ? bytes : 0;
      cp_async_16 (Xs + dst + r * STEP * BK, b ? s : src, b);
      s += step;
    }
    src += BK;
  }
};

/* Whether Aᵀ * B with these tiles runs matmul_warp_kk_kernel (both operands K-major in shared
 * memory): single with BK = 32 (8 chunks a row), 16-byte copies possible. */
template <typename T, int BK, bool KA, bool KB, bool VEC>
__host__ __device__ constexpr bool kk_tiles () { return KA && KB && VEC && sizeof (T) == 4 && BK == 32; }

/* Write a thread's MI*V x NJ*V accumulators: row i0 + a_off + s*8V + e holds acc[s*V + e],
 * column j0 + b_off + (y / V)*4V + y % V holds acc[.][y] (the layout of WarpCfg). */
template <typename T, int MI, int NJ>
__device__ __forceinline__ void store_acc (const Gemm<T> &g, const T (&acc)[MI * (16 / sizeof (T))][NJ * (16 / sizeof (T))],
                                           int64_t i0, int64_t j0, int a_off, int b_off, bool vec_c)
{
  constexpr int V = 16 / sizeof (T);
  const int64_t m = g.m, n = g.n;
#pragma unroll
  for (int y = 0; y < NJ * V; y++) {
    const int64_t j = j0 + b_off + (y / V) * 4 * V + y % V;
    if (j >= n)
      continue;
#pragma unroll
    for (int s = 0; s < MI; s++) {
      const int64_t i = i0 + a_off + s * 8 * V;
      if (g.ct) {   /* C stored transposed (Aᵀ * Bᵀ as B * A): scalar stores */
#pragma unroll
        for (int e = 0; e < V; e++)
          if (i + e < m)
            g.C[j + (i + e) * g.ldc] = acc[s * V + e][y];
        continue;
      }
      store_rows (g.C + i + j * g.ldc, m - i, vec_c, [&] (int e) { return acc[s * V + e][y]; });
    }
  }
}

template <typename T, int BM, int BN, int BK, int WM, int WN, int STAGES, int MIN_BLOCKS,
          bool KA, bool KB, bool VEC>
__global__ void __launch_bounds__ (WarpCfg<T, BM, BN, BK, WM, WN, STAGES>::THREADS, MIN_BLOCKS)
matmul_warp_kernel (Gemm<T> g, bool vec_c)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const int64_t ti = enter_block<KA, KB> (g);
  using Cfg = WarpCfg<T, BM, BN, BK, WM, WN, STAGES>;
  constexpr int V = Cfg::V, MI = Cfg::MI, NJ = Cfg::NJ, LDA = Cfg::LDA, LDB = Cfg::LDB;
  constexpr int THREADS = Cfg::THREADS;
  using LoadA = std::conditional_t<KA, WarpKLoader<T, BM, BK, THREADS, LDA>,
                                   WarpMnLoader<T, BM, BK, THREADS, LDA, VEC>>;
  using LoadB = std::conditional_t<KB, WarpKLoader<T, BN, BK, THREADS, LDB>,
                                   WarpMnLoader<T, BN, BK, THREADS, LDB, VEC>>;
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  T *smem = reinterpret_cast<T *> (smem_raw);

  const int a_off = Cfg::a_offset (), b_off = Cfg::b_offset ();
  const int64_t i0 = ti * BM, j0 = blockIdx.y * (int64_t) BN;
  const int64_t m = g.m, n = g.n, k = g.k, lda = g.lda, ldb = g.ldb;
  const int64_t KT = ceil_div (k, BK), KT_FULL = k / BK;
  LoadA load_a (g.A, lda, m, i0);
  LoadB load_b (g.B, ldb, n, j0);

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
    if (s < KT) {
      const bool full = s < KT_FULL;
      const int left = full ? BK : (int) (k - s * BK);
      load_a.load (smem + s * Cfg::STAGE, full, left, lda);
      load_b.load (smem + s * Cfg::STAGE + BK * LDA, full, left, ldb);
    }
    cp_async_commit ();
  }
  cp_async_wait<STAGES - 1> ();
  __syncthreads ();

  using Vec = typename Vec16<T>::type;
  Vec fa[2][MI], fb[2][NJ];

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
  /* the shared reads of step p of a stage into buffer nxt */
  auto read_step = [&] (int nxt, const T *as, int p) {
    const T *bs = as + BK * LDA + p * LDB;
#pragma unroll
    for (int s = 0; s < MI; s++)
      fa[nxt][s] = *reinterpret_cast<const Vec *> (as + p * LDA + a_off + s * 8 * V);
#pragma unroll
    for (int s = 0; s < NJ; s++)
      fb[nxt][s] = *reinterpret_cast<const Vec *> (bs + b_off + s * 4 * V);
  };
  read_step (0, smem, 0);
  static_assert (BK % 2 == 0, "the last p of a tile uses buffer 1, the next tile's first 0");

  for (int64_t kt = 0; kt < KT; kt++) {
    const int stage = (int) (kt % STAGES);
    const T *as = smem + stage * Cfg::STAGE;
#pragma unroll
    for (int kk = 0; kk < BK; kk++) {
      if (kk < BK - 1) {
        read_step ((kk + 1) % 2, as, kk + 1);
      } else {
        cp_async_wait<STAGES - 2> ();
        __syncthreads ();   /* tile kt+1 has landed for everyone; stage of tile kt is free */
        const int64_t next = kt + STAGES;
        if (next < KT) {
          const bool full = next < KT_FULL;
          const int left = full ? BK : (int) (k - next * BK);
          load_a.load (smem + stage * Cfg::STAGE, full, left, lda);
          load_b.load (smem + stage * Cfg::STAGE + BK * LDA, full, left, ldb);
        }
        cp_async_commit ();
        if (kt + 1 < KT) {
          read_step (0, smem + (int) ((kt + 1) % STAGES) * Cfg::STAGE, 0);
        }
      }
      fma_step (kk % 2);
    }
  }
  cp_async_wait<0> ();
  store_acc<T, MI, NJ> (g, acc, i0, j0, a_off, b_off, vec_c);
#endif
}

/* Aᵀ * B on the single LARGE tiles (BK = 32; both operands K-major): BOTH tiles come in by
 * 16-byte copies along p into the swizzled K-major layout of WarpKSwizzledLoader, and the FMA
 * loop reads them four p at a time, one 16-byte read a row: per 4 p a thread makes MI*V = 8
 * reads of A and NJ*V = 16 of B, i.e. 6 a p, the count of A * B's loop (MI + NJ = 6 vector
 * reads a p), where matmul_warp_kernel's swizzled-A path made 8 scalar reads of A plus 4 of B a
 * p and copied B element by element (16 four-byte cp.async a thread a tile, against 4 here).
 * Banks: for one (s, e) the 8 A rows of a warp are V apart, keys lane % 8, so their chunks land
 * on 8 distinct 16-byte positions (one wavefront); the 4 B rows likewise (keys lane / 8 + 4s).
 * One barrier a k-tile, at its start. */
template <int BM, int BN, int WM, int WN, int STAGES, int MIN_BLOCKS>
__global__ void __launch_bounds__ (WarpCfg<float, BM, BN, 32, WM, WN, STAGES>::THREADS, MIN_BLOCKS)
matmul_warp_kk_kernel (Gemm<float> g, bool vec_c)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  using T = float;
  constexpr int BK = 32;
  const int64_t ti = enter_block<true, true> (g);
  using Cfg = WarpCfg<T, BM, BN, BK, WM, WN, STAGES>;
  constexpr int V = Cfg::V, MI = Cfg::MI, NJ = Cfg::NJ, THREADS = Cfg::THREADS;
  constexpr int STAGE = (BM + BN) * BK, GROUPS = BK / V;
  static_assert (STAGE <= Cfg::STAGE, "the K-major tiles fit WarpCfg's stage");
  using LoadA = WarpKSwizzledLoader<T, BM, BK, THREADS>;
  using LoadB = WarpKSwizzledLoader<T, BN, BK, THREADS>;
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  T *smem = reinterpret_cast<T *> (smem_raw);

  const int a_off = Cfg::a_offset (), b_off = Cfg::b_offset ();
  const int64_t i0 = ti * BM, j0 = blockIdx.y * (int64_t) BN;
  const int64_t k = g.k, lda = g.lda, ldb = g.ldb;
  const int64_t KT = ceil_div (k, BK), KT_FULL = k / BK;
  LoadA load_a (g.A, lda, g.m, i0);
  LoadB load_b (g.B, ldb, g.n, j0);

  T acc[MI * V][NJ * V];
#pragma unroll
  for (int x = 0; x < MI * V; x++)
#pragma unroll
    for (int y = 0; y < NJ * V; y++)
      acc[x][y] = 0;

  /* STAGES - 1 tiles in flight before the first FMA; at the start of tile kt, once it has
     landed for everyone, the stage that tile kt - 1 used is refilled with tile kt + STAGES - 1.
     The barrier sits where no fragment is live: placed after the last group's reads (as in
     matmul_warp_kernel) it held 96 fragment registers beside the 128 accumulators and the
     loaders' state, and spilled 80 bytes. */
#pragma unroll
  for (int s = 0; s < STAGES - 1; s++) {
    if (s < KT) {
      const bool full = s < KT_FULL;
      const int left = full ? BK : (int) (k - s * BK);
      load_a.load (smem + s * STAGE, full, left, lda);
      load_b.load (smem + s * STAGE + BM * BK, full, left, ldb);
    }
    cp_async_commit ();
  }

  /* Row x of a tile holds chunk q (p = 4q .. 4q+3) at position q ^ ((x / V) % 8).  A's rows
     a_off + s*8V + e all have the key (a_off / V) % 8; B's rows b_off + s*4V + e the key
     (b_off / V + 4s) % 8. */
  const int a_key = (a_off / V) & 7, b_key = (b_off / V) & 7;
  const T *a_rows = smem + a_off * BK, *b_rows = smem + BM * BK + b_off * BK;

  for (int64_t kt = 0; kt < KT; kt++) {
    cp_async_wait<STAGES - 2> ();
    __syncthreads ();   /* tile kt has landed for everyone; tile kt - 1's stage is free */
    const int64_t next = kt + STAGES - 1;
    if (next < KT) {
      const int refill = (int) (next % STAGES);
      const bool full = next < KT_FULL;
      const int left = full ? BK : (int) (k - next * BK);
      load_a.load (smem + refill * STAGE, full, left, lda);
      load_b.load (smem + refill * STAGE + BM * BK, full, left, ldb);
    }
    cp_async_commit ();
    const int stage = (int) (kt % STAGES);
    const T *as = a_rows + stage * STAGE, *bs = b_rows + stage * STAGE;
#pragma unroll
    for (int q = 0; q < GROUPS; q++) {
      float4 fa[MI * V], fb[NJ * V];
#pragma unroll
      for (int s = 0; s < MI; s++)
#pragma unroll
        for (int e = 0; e < V; e++)
          fa[s * V + e] = *reinterpret_cast<const float4 *> (
              as + (s * 8 * V + e) * BK + (q ^ a_key) * V);
#pragma unroll
      for (int s = 0; s < NJ; s++)
#pragma unroll
        for (int e = 0; e < V; e++)
          fb[s * V + e] = *reinterpret_cast<const float4 *> (
              bs + (s * 4 * V + e) * BK + (q ^ ((b_key + 4 * s) & 7)) * V);
#pragma unroll
      for (int pp = 0; pp < V; pp++)
#pragma unroll
        for (int x = 0; x < MI * V; x++) {
          const T a = Vec16<T>::at (fa[x], pp);
#pragma unroll
          for (int y = 0; y < NJ * V; y++)
            acc[x][y] = __fmaf_rn (a, Vec16<T>::at (fb[y], pp), acc[x][y]);
        }
    }
  }
  cp_async_wait<0> ();
  store_acc<T, MI, NJ> (g, acc, i0, j0, a_off, b_off, vec_c);
#endif
}

/* One configuration of the warp kernel: block BM x BN x BK, warps WM x WN, STAGES, and
 * MIN_BLOCKS resident per SM (the register budget).  Runs with 16-byte copies of every
 * MN-major operand (of an aligned copy where one is misaligned), and splits k where its tiles
 * cannot fill the GPU. */
template <typename T, int BM, int BN, int BK, int WM, int WN, int STAGES, int MIN_BLOCKS>
struct WarpShape {
  using Cfg = WarpCfg<T, BM, BN, BK, WM, WN, STAGES>;
  static constexpr int TILE_M = BM, TILE_N = BN;
  template <bool KA, bool KB, bool VEC>
  static gm_status run_v (const MatmulArgs &a, int slices, int64_t k_slice, int64_t c_slice)
  {
    constexpr bool KK = kk_tiles<T, BK, KA, KB, VEC> ();
    auto kernel = matmul_warp_kernel<T, BM, BN, BK, WM, WN, STAGES, MIN_BLOCKS, KA, KB, VEC>;
    size_t smem = Cfg::SMEM;
    if constexpr (KK) {
      kernel = (decltype (kernel)) matmul_warp_kk_kernel<BM, BN, WM, WN, STAGES, MIN_BLOCKS>;
      smem = (size_t) STAGES * (BM + BN) * BK * sizeof (T);
    }
    /* once per device: an attribute is set for the current device only */
    static PerDeviceOnce smem_set;
    gm_status st = allow_smem (kernel, Cfg::SMEM, &smem_set, "matmul warp: shared memory");
    if (st != GM_OK)
      return st;
    const bool vc = vec_ok (a.C, a.ldc, a.sc, sizeof (T));
    return for_each_launch<T> (a, BM, BN, slices, k_slice, c_slice, "matmul warp",
                               [&] (const Gemm<T> &g, dim3 grid) {
                                 kernel<<<grid, Cfg::THREADS, smem, a.stream>>> (g, vc);
                               });
  }
  static gm_status run (const MatmulArgs &args, int sms)
  {
    Workspace ws (args.stream);
    MatmulArgs a = swap_transposed (args);
    /* Aᵀ * B on the K-major tiles needs both operands aligned */
    const bool k_vec = a.ka && a.kb && kk_tiles<T, BK, true, true, true> ();
    const bool vec = align_operands<T> (a, ws, k_vec);
    return with_layouts (a, [&] (auto ka, auto kb) {
      constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
      return run_split_k<T> (a, ws, ceil_div (a.m, BM) * ceil_div (a.n, BN), MIN_BLOCKS * sms,
                             BK, [&] (const MatmulArgs &p, int slices, int64_t k_slice,
                                      int64_t c_slice) {
                               /* with both operands K-major every copy is element-wise;
                                  Aᵀ * Bᵀ never gets here (swap_transposed) */
                               if constexpr (KA && !KB)
                                 return gm_fail (GM_ERR_INVALID_ARGUMENT,
                                                 "matmul warp: internal layout error");
                               else if constexpr (KA && KB && !kk_tiles<T, BK, KA, KB, true> ())
                                 return run_v<KA, KB, true> (p, slices, k_slice, c_slice);
                               else
                                 return vec ? run_v<KA, KB, true> (p, slices, k_slice, c_slice)
                                            : run_v<KA, KB, false> (p, slices, k_slice, c_slice);
                             });
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
#if defined(GPUMAT_WARP_BK16)
using WarpLargeS16 = WarpShape<float, 256, 128, 16, 64, 64, 3, 1>;
#endif
using WarpSmallS = WarpShape<float, 128, 64, 16, 64, 32, 4, 3>;
/* Double (the auto path on sm_86/89 only; dmma elsewhere): 128x64x16 with 4 warps of 64x32
 * (8x8 doubles a thread) ran 22.6 TFLOP/s at N = 4096, 64x64x16 at three blocks an SM 21.3,
 * 128x128x16 22.8 but 19.3 at 4097; the first warp version 18.5. */
using WarpLargeD = WarpShape<double, 128, 64, 16, 64, 32, 3, 1>;
using WarpSmallD = WarpShape<double, 64, 64, 16, 32, 32, 4, 3>;

/* LARGE when its tiles (over all pages) fill the last wave at least 90% and are themselves at
 * least 3/4 full: there each block does 4 times SMALL's work at higher efficiency; otherwise
 * SMALL, whose short tiles even the waves out.  (Pages of 64x64 single took LARGE tiles 1/8
 * full before the second rule: 10^4 of them ran at 20% of cuBLAS on an H100.) */
template <typename Large> bool large_tiles_fit (const MatmulArgs &a, int sms)
{
  const int64_t ti = ceil_div (a.m, Large::TILE_M), tj = ceil_div (a.n, Large::TILE_N);
  const int64_t tiles = ti * tj * a.batch;
  const int64_t slots = ceil_div (tiles, sms) * sms;
  const bool full = 4.0 * (double) a.m * (double) a.n
                    >= 3.0 * (double) (ti * Large::TILE_M) * (double) (tj * Large::TILE_N);
  return full && tiles >= sms / 2 && 10 * tiles >= 9 * slots;
}

template <typename T> gm_status launch (const MatmulArgs &a, const DeviceInfo &dev)
{
  const int sms = dev.sms;
  if (sizeof (T) == 4) {
    if (!large_tiles_fit<WarpLargeS> (a, sms))
      return WarpSmallS::run (a, sms);
    if (dev.smem_optin >= (int) WarpLargeS::Cfg::SMEM)
      return WarpLargeS::run (a, sms);
    /* a device that cannot give a block 149 KB (sm_75, sm_86/89, sm_120): LARGE with BK = 16
       where it was built for one (build.mk's GPUMAT_WARP_BK16), else SMALL, whose 4 stages of
       37 KB every device takes (PTX of a listed capability run on such a device) */
#if defined(GPUMAT_WARP_BK16)
    return WarpLargeS16::run (a, sms);
#else
    return WarpSmallS::run (a, sms);
#endif
  }
  return large_tiles_fit<WarpLargeD> (a, sms) ? WarpLargeD::run (a, sms)
                                               : WarpSmallD::run (a, sms);
}

} /* namespace */

gm_status matmul_warp (const MatmulArgs &a, gm_class cls, const DeviceInfo &dev)
{
  return cls == GM_DOUBLE ? launch<double> (a, dev) : launch<float> (a, dev);
}

} /* namespace gm_matmul_detail */
