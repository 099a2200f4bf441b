/* matmul_internal.cuh: what the matmul kernel families (matmul_<family>.cu) share with the
 * dispatch (matmul.cu): the arguments of one product, operand layouts, the grid walk over pages
 * and column slabs, cp.async, aligned workspace copies and split-K.  Not part of the C API.
 *
 * Operand layouts.  Every kernel computes C = op(A) * op(B) with C column-major.  It sees each
 * operand as an (x, p) matrix: x is the row i of op(A) or the column j of op(B), p the inner
 * index.  An operand is K-major when p is its contiguous index: A stored k x m (op(A) = Aᵀ) and
 * B stored k x n (op(B) = B); MN-major otherwise: A stored m x k, B stored n x k (op(B) = Bᵀ).
 * So the usual C = A * B has an MN-major A and a K-major B, and a transposed operand only flips
 * its layout: the loaders read either layout in place, nothing is copied to transpose.
 *
 * Pages.  A batch of products C_b = op(A_b) op(B_b), X_b = X + b * stride_x, rides on the grid:
 * blockIdx.x = page * tiles_i + tile along i (gridDim.x allows 2^31 - 1 blocks); blockIdx.y walks
 * tiles along j, gridDim.z the slices of a split k.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_MATMUL_INTERNAL_CUH
#define GPUMAT_MATMUL_INTERNAL_CUH

#include <stdint.h>
#include <atomic>
#include <type_traits>
#include <cuda_runtime.h>
#include "gpumat.h"

namespace gm_matmul_detail {

__host__ __device__ constexpr int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
/* The grid of a grid-stride loop over count elements, 256 threads a block: at most 8192 blocks,
   enough to fill any current GPU several times (sum_slices, gm_scale). */
inline unsigned grid_stride_blocks (int64_t count)
{
  return (unsigned) (ceil_div (count, 256) < 8192 ? ceil_div (count, 256) : 8192);
}
constexpr int64_t MAX_GRID_X = 2147483647, MAX_GRID_Y = 65535;

/* A 16-byte group of elements: 4 singles or 2 doubles. */
template <typename T> struct alignas (16) Pack { T v[16 / sizeof (T)]; };

/* Store V = 16 / sizeof (T) consecutive rows of one column of C, value e taken from value (e):
 * one 16-byte store where the column is aligned (vec) and all V rows exist, else element by
 * element up to rows_left. */
template <typename T, typename Value>
__device__ __forceinline__ void store_rows (T *c, int64_t rows_left, bool vec, Value value)
{
  constexpr int V = 16 / sizeof (T);
  if (vec && rows_left >= V) {
    Pack<T> out;
#pragma unroll
    for (int e = 0; e < V; e++)
      out.v[e] = value (e);
    *reinterpret_cast<Pack<T> *> (c) = out;
  } else {
#pragma unroll
    for (int e = 0; e < V; e++)
      if (e < rows_left)
        c[e] = value (e);
  }
}

/* Offset of element (x, p) of an operand of the given layout with leading dimension ld. */
template <bool KMAJ> __host__ __device__ __forceinline__ int64_t at (int64_t x, int64_t p, int64_t ld)
{
  return KMAJ ? p + x * ld : x + p * ld;
}

/* One product as the dispatch hands it to a family's launcher. */
struct MatmulArgs {
  bool ka, kb;                  /* A K-major (op(A) = Aᵀ), B K-major (op(B) = B) */
  int64_t m, n, k, lda, ldb, ldc;
  int64_t batch, sa, sb, sc;    /* pages and their element strides (0: one A or B for all) */
  const void *A, *B;
  void *C;
  cudaStream_t stream;
  bool ct;                      /* C stored transposed: element (i, j) at C[j + i*ldc] (a kernel
                                   that computes Cᵀ = op(B)ᵀ op(A)ᵀ; dmma only) */
  /* dmma's tile pass (matmul_dmma_tiles; NULL elsewhere): the 128x128 tiles of C to compute,
     tile (ti, tj) of page b (of this product's batch) marked where tile_mask[(b * mask_tn +
     tj) * mask_tm + ti] != 0; the others are left as they are */
  const int *tile_mask;
  int64_t mask_tm, mask_tn;
  bool mask_ct;                 /* the kernel's (i, j) is C's (j, i) for the mask: ct's flip,
                                   which swap_transposed makes to both and a split-K launch
                                   (run_slices: ct false, partials in the kernel's frame)
                                   keeps here only */
  bool auto_pick;               /* auto chose this kernel (pick_auto): ozaki may hand the whole
                                   product to dmma once its scan has seen the data */
  bool native_auto;             /* auto keeps to the native kernels (matmul_native.h) */
};
constexpr int64_t TILE_MASK_SIDE = 128;   /* tile_mask's tiles are 128x128 */

/* One launch's view, passed by value to every kernel. */
template <typename T> struct Gemm {
  int64_t m, n, k;
  const T *A;
  int64_t lda, sa;
  const T *B;
  int64_t ldb, sb;
  T *C;
  int64_t ldc, sc;
  int64_t tiles_i;              /* blocks along i per page */
  int64_t page0;                /* first page of this launch */
  int64_t k_slice, c_slice;     /* split-K: depth of a slice, elements between partial Cs */
  bool ct;                      /* MatmulArgs::ct */
  const int *tile_mask;         /* MatmulArgs's (NULL: every tile), tiles along i and j of C, */
  int64_t mask_tm, mask_tn;     /* and the launch's first block column (a column slab's) */
  int64_t tile_j0;
  bool mask_ct;                 /* MatmulArgs::mask_ct */
};

/* Whether this block of a kernel with 128x128 block tiles leaves its tile alone: the launch
 * carries a tile mask (dmma's tile pass) and the block's tile of C is unmarked.  A kernel that
 * computes Cᵀ has C's i along its j: it reads the mask with the sides swapped (mask_ct, not ct:
 * a split-K launch writes its partials untransposed, ct false, but its tiles are still Cᵀ's;
 * blockIdx.z, the slice, does not matter: every slice of an unmarked tile returns). */
template <typename T> __device__ __forceinline__ bool tile_unmarked (const Gemm<T> &g)
{
  if (!g.tile_mask)
    return false;
  const int64_t local = blockIdx.x / g.tiles_i, page = g.page0 + local;
  const int64_t ti = blockIdx.x - local * g.tiles_i, tj = g.tile_j0 + blockIdx.y;
  const int64_t ci = g.mask_ct ? tj : ti, cj = g.mask_ct ? ti : tj;
  return g.tile_mask[(page * g.mask_tn + cj) * g.mask_tm + ci] == 0;
}

/* Moves the pointers of g to this block's page (and k slice) and returns the block's tile
 * index along i.  Split-K: slice blockIdx.z covers k0 .. k0 + k_slice into its own partial C. */
template <bool KA, bool KB, typename T> __device__ __forceinline__ int64_t enter_block (Gemm<T> &g)
{
  const int64_t local = blockIdx.x / g.tiles_i, page = g.page0 + local;
  g.A += page * g.sa;
  g.B += page * g.sb;
  g.C += page * g.sc;
  if (gridDim.z > 1) {
    const int64_t k0 = blockIdx.z * g.k_slice;
    g.A += k0 * (KA ? 1 : g.lda);
    g.B += k0 * (KB ? 1 : g.ldb);
    g.k = g.k - k0 < g.k_slice ? g.k - k0 : g.k_slice;
    g.C += blockIdx.z * g.c_slice;
  }
  return blockIdx.x - local * g.tiles_i;
}

/* Aᵀ * Bᵀ as Cᵀ = B * A: operands swapped, C stored transposed (ct).  A kernel then runs the
 * loaders of A * B; as Aᵀ * Bᵀ directly, dmma ran at 87-91% and warp at 82-85% of their A * B
 * rates (H100, 4096 and 8192). */
inline MatmulArgs swap_transposed (const MatmulArgs &args)
{
  MatmulArgs a = args;
  if (a.ka && !a.kb) {
    a.ka = false;
    a.kb = true;
    a.m = args.n;
    a.n = args.m;
    a.A = args.B, a.lda = args.ldb, a.sa = args.sb;
    a.B = args.A, a.ldb = args.lda, a.sb = args.sa;
    a.ct = !args.ct;
    a.mask_ct = !args.mask_ct;
  }
  return a;
}

/* Runs f (std::bool_constant<KA>, std::bool_constant<KB>): one instance per layout pair. */
template <typename F> gm_status with_layouts (const MatmulArgs &a, F f)
{
  using Y = std::true_type;
  using N = std::false_type;
  if (a.ka)
    return a.kb ? f (Y{}, Y{}) : f (Y{}, N{});
  return a.kb ? f (N{}, Y{}) : f (N{}, N{});
}

/* 16-byte accesses to every page of an operand: base, leading dimension and page stride all
 * multiples of 16 bytes. */
inline bool vec_ok (const void *p, int64_t ld, int64_t stride, size_t elem)
{
  return ((uintptr_t) p % 16) == 0 && (ld * (int64_t) elem) % 16 == 0
         && (stride * (int64_t) elem) % 16 == 0;
}

/* Every launch of one product: column slabs of at most MAX_GRID_Y block columns (gridDim.y's
 * limit) and page ranges of at most MAX_GRID_X / tiles_i pages; for anything short of
 * 2^31 blocks and 65535 * bn columns that is one launch.  launch (g, grid) gets the slab's
 * view; its status is cudaGetLastError's. */
template <typename T, typename F>
gm_status for_each_launch (const MatmulArgs &a, int64_t bm, int64_t bn, int slices,
                           int64_t k_slice, int64_t c_slice, const char *where, F launch)
{
  const int64_t tiles_i = ceil_div (a.m, bm), slab = MAX_GRID_Y * bn;
  const int64_t pages_per = MAX_GRID_X / tiles_i;
  for (int64_t p0 = 0; p0 < a.batch; p0 += pages_per) {
    const int64_t pages = a.batch - p0 < pages_per ? a.batch - p0 : pages_per;
    for (int64_t j = 0; j < a.n; j += slab) {
      const int64_t cols = a.n - j < slab ? a.n - j : slab;
      Gemm<T> g = {a.m, cols, a.k,
                   (const T *) a.A, a.lda, a.sa,
                   (const T *) a.B + j * (a.kb ? a.ldb : 1), a.ldb, a.sb,
                   (T *) a.C + j * (a.ct ? 1 : a.ldc), a.ldc, a.sc,
                   tiles_i, p0, k_slice, c_slice, a.ct,
                   a.tile_mask, a.mask_tm, a.mask_tn, j / bn, a.mask_ct};
      const dim3 grid ((unsigned) (pages * tiles_i), (unsigned) ceil_div (cols, bn),
                       (unsigned) slices);
      launch (g, grid);
      cudaError_t err = cudaGetLastError ();
      if (err != cudaSuccess)
        return gm_cuda_status (err, where);
    }
  }
  return GM_OK;
}

/* Work done once per device and CUDA context: a kernel attribute set with cudaFuncSetAttribute
 * applies to the current device only, and a device reset after a fault (gm_reset) starts a
 * context without it.  So a flag that says "done" holds, per device, the gm_context_epoch it was
 * set in (0: never).  Atomic: the several-device product runs launchers on one host thread per
 * device at once; two threads may both set an attribute on first use, which is harmless. */
struct PerDeviceOnce {
  std::atomic<unsigned> epoch[GM_MAX_DEVICES];
  bool test (int dev) const
  {
    return dev >= 0 && dev < GM_MAX_DEVICES
           && epoch[dev].load (std::memory_order_acquire) == gm_context_epoch ();
  }
  void set (int dev)
  {
    if (dev >= 0 && dev < GM_MAX_DEVICES)
      epoch[dev].store (gm_context_epoch (), std::memory_order_release);
  }
};

/* The calling thread's current device (-1 when CUDA cannot say: then nothing is cached). */
inline int current_device_or_none ()
{
  int dev = -1;
  if (cudaGetDevice (&dev) != cudaSuccess) {
    (void) cudaGetLastError ();
    return -1;
  }
  return dev;
}

/* Raise a kernel's dynamic shared-memory limit once per device and context (per kernel
   instance). */
template <typename K> gm_status allow_smem (K kernel, size_t bytes, PerDeviceOnce *once,
                                            const char *where)
{
  const int dev = current_device_or_none ();
  if (once->test (dev))
    return GM_OK;
  cudaError_t err = cudaFuncSetAttribute (kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          (int) bytes);
  if (err != cudaSuccess)
    return gm_cuda_status (err, where);
  once->set (dev);
  return GM_OK;
}

/* A tiled kernel's whole product: its dynamic shared-memory limit raised once per device
 * (allow_smem; errors say smem_where), then every launch of for_each_launch, each
 * kernel<<<grid, threads, smem, a.stream>>> (g, extra...) (errors say where). */
template <typename T, typename K, typename... Extra>
gm_status launch_tiled_kernel (K kernel, unsigned threads, size_t smem, PerDeviceOnce *once,
                               const MatmulArgs &a, int64_t bm, int64_t bn, int slices,
                               int64_t k_slice, int64_t c_slice, const char *smem_where,
                               const char *where, Extra... extra)
{
  const gm_status st = allow_smem (kernel, smem, once, smem_where);
  if (st != GM_OK)
    return st;
  return for_each_launch<T> (a, bm, bn, slices, k_slice, c_slice, where,
                             [&] (const Gemm<T> &g, dim3 grid) {
                               kernel<<<grid, threads, smem, a.stream>>> (g, extra...);
                             });
}

/* What the dispatch needs of the current device, cached per device (matmul.cu). */
struct DeviceInfo {
  int cc;           /* compute capability, 10*major + minor */
  int sms;          /* multiprocessors */
  int smem_optin;   /* most dynamic shared memory a block may ask for, bytes */
};
gm_status device_info (DeviceInfo *info);

/* ---- cp.async (sm_80+) ------------------------------------------------------------------ */
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

/* ---- the cp.async tensor-core kernels' frame (matmul_dmma.cu, tf32/mma_sync.cu) ---------- */
/* Shared-memory layout of one operand tile of T, ROWS along x and BK along p: Xs[p][x]
 * (MN-major) or Xs[x][p] (K-major, pitch BK + 4).  A fragment load has the 32 lanes on
 * (x = g + const, p = t + const): MN-major at t*LD + g, K-major at g*LD + t.  double: MN-major
 * pitch ROWS + 4; both pitches 4 mod 16 doubles, so a half-warp's 16 loads hit 16 distinct bank
 * pairs.  float: MN-major pitch ROWS + 8; LD = 8 (mod 32) and LD = 4 (mod 32) put the lanes on
 * 32 distinct banks, and LD a multiple of 4 keeps rows 16-byte aligned. */
template <typename T, int ROWS, int BK, bool KMAJ> struct OperandTile {
  static_assert (sizeof (T) == 4 || sizeof (T) == 8, "float or double");
  static constexpr int LD = KMAJ ? BK + 4 : ROWS + (sizeof (T) == 8 ? 4 : 8);
  static constexpr int SIZE = KMAJ ? ROWS * LD : BK * LD;
  static_assert (sizeof (T) == 8 ? LD % 16 == 4
                                 : (KMAJ ? LD % 32 == 4 : LD % 32 == 8) && LD % 4 == 0,
                 "fragment loads conflict-free, 16-byte rows");
  static __device__ __forceinline__ int at (int x, int p) { return KMAJ ? x * LD + p : p * LD + x; }
};

/* One k-tile of an operand (ROWS x BK of (x, p)) into its tile, a straight copy of the global
 * layout: 16-byte copies along the contiguous index (VEC: ld a multiple of 16 bytes, aligned
 * bases), otherwise one element per copy with consecutive threads on consecutive addresses.
 * Edges and the k residue zero-filled through src-size.  Both layouts store element (other,
 * contiguous) at other * LD + contiguous.  A thread's copies share their contiguous index and
 * step the other one by STEP, so one base pointer serves them all: computing each copy's
 * address from (x, p) kept 16 pointers live and the dmma kernel spilled 104 bytes with both
 * operands MN-major (A * Bᵀ ran at 70% of DGEMM on an H100, against 91% for A * B). */
template <typename T, int ROWS, int BK, int THREADS, bool KMAJ, bool VEC,
          int LD = OperandTile<T, ROWS, BK, KMAJ>::LD>
__device__ __forceinline__ void load_tile_async (T *Xs, const T *X, int64_t ld, int64_t rows,
                                                 int64_t k, int64_t x0, int64_t p0)
{
  constexpr int ES = (int) sizeof (T);
  constexpr int CV = VEC ? 16 / ES : 1;                     /* elements per copy */
  constexpr int RUN = (KMAJ ? BK : ROWS) / CV;              /* copies along the contiguous index */
  constexpr int STEP = THREADS / RUN;                       /* other-index step between copies */
  constexpr int COPIES = (KMAJ ? ROWS : BK) / STEP;
  static_assert (THREADS % RUN == 0 && COPIES * STEP == (KMAJ ? ROWS : BK), "tile/threads");
  const int t = threadIdx.x, c = (t % RUN) * CV, o = t / RUN;
  const int64_t gc = (KMAJ ? p0 : x0) + c, go = (KMAJ ? x0 : p0) + o;
  const int64_t c_left = (KMAJ ? k : rows) - gc, o_extent = KMAJ ? rows : k;
  const int valid = c_left > 0 ? (c_left < CV ? (int) c_left : CV) : 0;
  const T *src = X + gc + go * ld;
  T *dst = Xs + o * LD + c;
#pragma unroll
  for (int r = 0; r < COPIES; r++) {
    const int v = go + r * STEP < o_extent ? valid : 0;
    const T *s = v ? src + (int64_t) r * STEP * ld : X;
    if constexpr (VEC)
      cp_async_16 (dst + r * STEP * LD, s, v * ES);
    else
      cp_async_small<ES> (dst + r * STEP * LD, s, v * ES);
  }
}

/* k-tile kt of both operands into one pipeline stage: op(A)'s BM x BK tile at `stage`, op(B)'s
 * BN x BK tile right after it (the tile layouts of OperandTile), for the block at (i0, j0). */
template <typename T, int BM, int BN, int BK, int THREADS, bool KA, bool KB, bool VEC>
__device__ __forceinline__ void load_operand_tiles (T *stage, const Gemm<T> &g, int64_t i0,
                                                    int64_t j0, int64_t kt)
{
  load_tile_async<T, BM, BK, THREADS, KA, VEC> (stage, g.A, g.lda, g.m, g.k, i0, kt * BK);
  load_tile_async<T, BN, BK, THREADS, KB, VEC> (stage + OperandTile<T, BM, BK, KA>::SIZE, g.B,
                                                g.ldb, g.n, g.k, j0, kt * BK);
}

/* ---- wgmma (sm_90a) pieces shared by tf32x3 v2 and Ozaki v3's gemm ------------------------
 * Descriptor of a K-major tile without swizzle at a shared address: core matrices of 8 rows x
 * 16 bytes, those along k 128 bytes apart (LBO), 8-row groups 1024 bytes apart (SBO), i.e. a
 * tile whose rows hold 128 bytes of k.  Adding 16 moves it 256 bytes on: one 32-byte k step (a
 * TF32 k8 or an s8 k32). */
__device__ __forceinline__ uint64_t wgmma_desc_kmajor (uint32_t saddr)
{
  return (uint64_t) ((saddr & 0x3FFFF) >> 4) | ((uint64_t) (128 >> 4) << 16)
         | ((uint64_t) (1024 >> 4) << 32);
}

/* Keeps the compiler from moving reads or writes of a warpgroup's 64 accumulators across a
   wgmma's issue or its wait (the registers are written asynchronously in between). */
__device__ __forceinline__ void wgmma_pin (float (&d)[64])
{
#pragma unroll
  for (int i = 0; i < 64; i++)
    asm volatile ("" : "+f"(d[i])::"memory");
}
/* int sums: 64 a thread (m64n128) or 128 (m64n256, Ozaki v3 gemm ws256) */
template <int N> __device__ __forceinline__ void wgmma_pin (int (&d)[N])
{
#pragma unroll
  for (int i = 0; i < N; i++)
    asm volatile ("" : "+r"(d[i])::"memory");
}

/* Byte offset of 16-byte chunk c (bytes 16c .. 16c + 15 of k) of row x in a K-major plane of
 * xpad rows (a multiple of 8) stored in wgmma's core-matrix order: k-tiles of 128 bytes, in
 * each the xpad / 8 row groups of 1024 bytes (the k-tile's 8 chunks, 8 rows of 16 bytes each).
 * Any 8-row-aligned run of a k-tile's rows is then contiguous: a block's stage is one bulk
 * copy, already in the layout wgmma_desc_kmajor describes.  `tile_bytes` spaces the k-tiles
 * (xpad * 128 for one plane; more where several planes interleave by k-tile). */
__host__ __device__ __forceinline__ int64_t kmajor_chunk (int64_t x, int64_t c, int64_t tile_bytes)
{
  return (c / 8) * tile_bytes + (x / 8) * 1024 + (c % 8) * 128 + (x % 8) * 16;
}

/* Pages a launch of a workspace-hungry kernel takes (Ozaki v3, tf32x3 v3): all `batch`, unless
 * per_page bytes a page on top of `fixed` would pass max_bytes (then as many as fit, at least
 * one), and at most gridDim.y. */
inline int64_t pages_per_launch (int64_t batch, double per_page, double fixed, double max_bytes)
{
  int64_t chunk = batch;
  if (per_page > 0 && (double) chunk * per_page + fixed > max_bytes)
    chunk = (int64_t) ((max_bytes - fixed) / per_page);
  if (chunk < 1)
    chunk = 1;
  return chunk > MAX_GRID_Y ? MAX_GRID_Y : chunk;
}

/* A grouped raster of the block tiles: row tiles in groups of `group`, each group swept over
 * all column tiles with i fastest, so that L2 holds the group's A blocks and the B blocks in
 * use (Ozaki v3, tf32x3 v3: one block an SM, ~132 in flight). */
__device__ __forceinline__ void grouped_tile (int64_t block, int64_t tiles_m, int64_t tiles_n,
                                              int group, int64_t &ti, int64_t &tj)
{
  const int64_t per_group = (int64_t) group * tiles_n, first = block / per_group * group;
  const int64_t rows = tiles_m - first < group ? tiles_m - first : group;
  const int64_t in_grp = block % per_group;
  ti = first + in_grp % rows;
  tj = in_grp / rows;
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
/* mbarriers and bulk copies (sm_90): a stage's barrier counts the bytes of its copies
   (expect_tx, then complete_tx as they land), so that one thread issues a whole stage and no
   proxy fence is needed between the copies and wgmma's reads. */
__device__ __forceinline__ void mbar_init (uint32_t bar, uint32_t count)
{
  asm volatile ("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(bar), "r"(count) : "memory");
}
__device__ __forceinline__ void mbar_init_fence ()
{
  asm volatile ("fence.mbarrier_init.release.cluster;\n" ::: "memory");
}
__device__ __forceinline__ void mbar_expect_tx (uint32_t bar, uint32_t bytes)
{
  asm volatile ("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(bar), "r"(bytes)
                : "memory");
}
__device__ __forceinline__ void mbar_arrive (uint32_t bar)
{
  asm volatile ("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(bar) : "memory");
}
__device__ __forceinline__ void mbar_wait (uint32_t bar, uint32_t parity)
{
  uint32_t done;
  do {
    asm volatile ("{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n"
                  "selp.u32 %0, 1, 0, p;\n}\n"
                  : "=r"(done) : "r"(bar), "r"(parity) : "memory");
  } while (!done);
}
/* The producer's step of a warp-specialized ring (Ozaki v3 gemm ws, tf32x3 v3): k-tile kt goes
   to stage kt % stages once both consumer warpgroups have handed back the k-tile it held
   (kt - stages) on its empty barrier; the stage's full barrier is armed for `bytes` of copies.
   Returns the stage. */
__device__ __forceinline__ int ws_claim_stage (uint32_t full, uint32_t empty, int64_t kt,
                                               int stages, uint32_t bytes)
{
  const int s = (int) (kt % stages);
  if (kt >= stages)
    mbar_wait (empty + 8 * s, (uint32_t) ((kt / stages - 1) & 1));
  mbar_expect_tx (full + 8 * s, bytes);
  return s;
}
/* bytes (a multiple of 16) from global src to shared dst, completing on bar */
__device__ __forceinline__ void bulk_copy_g2s (uint32_t dst, const void *src, uint32_t bytes,
                                               uint32_t bar)
{
  asm volatile ("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, "
                "[%3];\n" ::"r"(dst), "l"(__cvta_generic_to_global (src)), "r"(bytes), "r"(bar)
                : "memory");
}
#endif

/* A BM x BN block tile of T in warps of WM x WN (WARPS_I along i, WARPS_J along j): per warp
 * MT x NT = WM/16 x WN/8 m16n8 accumulators.  Dynamic shared memory: STAGES * (A tile + B
 * tile). */
template <typename T, int BM, int BN, int BK, int WM, int WN, int STAGES, bool KA, bool KB>
struct MmaCfg {
  static constexpr int WARPS_I = BM / WM, WARPS_J = BN / WN, THREADS = 32 * WARPS_I * WARPS_J;
  static constexpr int MT = WM / 16, NT = WN / 8;
  using TileA = OperandTile<T, BM, BK, KA>;
  using TileB = OperandTile<T, BN, BK, KB>;
  static constexpr int STAGE = TileA::SIZE + TileB::SIZE;
  static constexpr size_t SMEM = (size_t) STAGES * STAGE * sizeof (T);
  static_assert (BM % WM == 0 && BN % WN == 0 && WM % 16 == 0 && WN % 8 == 0 && BK % 8 == 0,
                 "mma tile: whole warps of whole m16n8k8 steps");
  static_assert (THREADS == 128 || THREADS == 256, "mma tile: 4 or 8 warps");
};

/* acc[x][y][e] = v for every accumulator of a warp's MT x NT m16n8 tiles. */
template <typename T, int MT, int NT> __device__ __forceinline__ void fill_acc (T (&acc)[MT][NT][4], T v)
{
#pragma unroll
  for (int x = 0; x < MT; x++)
#pragma unroll
    for (int y = 0; y < NT; y++)
#pragma unroll
      for (int e = 0; e < 4; e++)
        acc[x][y][e] = v;
}

/* The cp.async pipeline over KT k-tiles of STAGES stages: load_stage (stage, kt) issues tile
 * kt's copies into a stage, compute (kt) runs the MMAs on tile kt (in stage kt % STAGES).
 * STAGES - 1 tiles in flight ahead of the one computed; returns with every copy landed. */
template <int STAGES, typename Load, typename Compute>
__device__ __forceinline__ void mma_pipeline (int64_t KT, Load load_stage, Compute compute)
{
#pragma unroll
  for (int s = 0; s < STAGES - 1; s++) {
    if (s < KT)
      load_stage (s, s);
    cp_async_commit ();
  }
  for (int64_t kt = 0; kt < KT; kt++) {
    cp_async_wait<STAGES - 2> ();
    __syncthreads ();   /* tile kt has landed for everyone; tile kt - 1's stage is free */
    const int64_t next = kt + STAGES - 1;
    if (next < KT)
      load_stage ((int) (next % STAGES), next);
    cp_async_commit ();
    compute (kt);
  }
  cp_async_wait<0> ();
}

/* ---- aligned copies of misaligned operands ------------------------------------------------ */
/* An operand whose leading dimension is not a multiple of 16 bytes (N = 4097) sends the
 * cp.async kernels down their element-wise copy path (dmma fell to 79% of its 4096 rate that
 * way).  Copying it once into a workspace whose leading dimension is rounded up costs one pass
 * over it (4097^2 singles: 134 MB moved, tens of microseconds against milliseconds of product)
 * and gives the kernel its 16-byte path.  The copy is of the operand as stored, whatever its
 * op.  The workspace comes from the device's stream-ordered pool and is freed on the same
 * stream after the kernel; if the pool cannot spare it the kernel runs element-wise.  Worth it
 * from about 2^27 multiply-adds (~10 us of kernel). */
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
  Workspace (const Workspace &) = delete;
  Workspace &operator= (const Workspace &) = delete;

  /* A copy of the pages of an operand stored rows x cols (leading dimension *ld, page stride
   * *stride, `batch` pages) with a 16-byte leading dimension: on success *X, *ld and *stride
   * describe the copy.  Only for pages that are one matrix (stride 0) or back to back (stride
   * ld * cols), which are then one rows x (cols * pages) matrix; false otherwise, or where the
   * pool has no room (nothing allocated, no error left pending). */
  template <typename T> bool aligned_copy (const T **X, int64_t rows, int64_t cols, int64_t *ld,
                                           int64_t *stride, int64_t batch)
  {
    static_assert (sizeof (T) == 4 || sizeof (T) == 8, "element");
    const int64_t pages = *stride == 0 ? 1 : batch;
    if (pages > 1 && *stride != *ld * cols)
      return false;
    const int64_t V = 16 / sizeof (T), ld16 = ceil_div (rows, V) * V, all = cols * pages;
    void *p = NULL;
    if (!(p = scratch ((size_t) ld16 * (size_t) all * sizeof (T))))
      return false;
    /* Its own copy kernel: cudaMemcpy2DAsync moved 4097^2 doubles at 1.6 TB/s. */
    const dim3 grid ((unsigned) ceil_div (rows, 4 * 256),
                     (unsigned) (all < MAX_GRID_Y ? all : MAX_GRID_Y));
    copy_columns<T><<<grid, 256, 0, stream_>>> (rows, all, *X, *ld, (T *) p, ld16);
    if (cudaGetLastError () != cudaSuccess)
      return false;
    *X = (const T *) p;
    *stride = *stride == 0 ? 0 : ld16 * cols;
    *ld = ld16;
    return true;
  }

  /* bytes of stream-ordered scratch, or NULL (no error left pending) */
  void *scratch (size_t bytes)
  {
    set_pool_threshold ();
    void *p = NULL;
    if (used_ == MAX_PTRS)
      return NULL;
    if (cudaMallocAsync (&p, bytes, stream_) != cudaSuccess) {
      /* gpumat's own cache of freed arrays may hold the memory: give it back, ask once more */
      (void) cudaGetLastError ();
      gm_device_release_cached ();
      if (cudaMallocAsync (&p, bytes, stream_) != cudaSuccess) {
        (void) cudaGetLastError ();
        return NULL;
      }
    }
    ptrs_[used_++] = p;
    return p;
  }

private:
  /* Keep freed workspace in the pool between calls, up to a quarter of the device's memory:
     without it every call maps its workspace afresh.  ozaki's at 8192^3 double is 3.2 GB, and
     with a 1 GiB threshold each call from Octave (which waits, so the pool trims) took 18.2 ms
     where the kernels take 15.2 (H200).  gm_device_release_cached () trims the pool
     (gpumat_reset, gpumat_device, and a failed allocation: gm_device_alloc's and scratch's). */
  static void set_pool_threshold ()
  {
    static PerDeviceOnce done;       /* each device (and context) has its own default pool */
    const int dev = current_device_or_none ();
    cudaMemPool_t pool;
    if (dev < 0 || done.test (dev) || cudaDeviceGetDefaultMemPool (&pool, dev) != cudaSuccess) {
      (void) cudaGetLastError ();
      return;
    }
    size_t free_bytes = 0, total_bytes = 0;
    uint64_t keep = 1ull << 30;
    if (cudaMemGetInfo (&free_bytes, &total_bytes) == cudaSuccess && total_bytes / 4 > keep)
      keep = total_bytes / 4;
    if (cudaMemPoolSetAttribute (pool, cudaMemPoolAttrReleaseThreshold, &keep) == cudaSuccess)
      done.set (dev);
    (void) cudaGetLastError ();
  }
  cudaStream_t stream_;
  static constexpr int MAX_PTRS = 3;
  void *ptrs_[MAX_PTRS] = {NULL, NULL, NULL};
  int used_ = 0;
};

inline bool worth_aligned_copy (const MatmulArgs &a)
{
  return (double) a.m * (double) a.n * (double) a.k * (double) a.batch >= ALIGNED_COPY_MIN_FMAS;
}

/* The operand copies a cp.async kernel needs: every MN-major operand (the ones copied 16 bytes
 * along x) aligned, copying a misaligned one where worth_aligned_copy.  K-major operands go in
 * element by element anyway (warp), or need the same alignment (dmma: pass kmajor_vec).
 * Returns whether the 16-byte path applies; a, on success, points at the copies. */
template <typename T> bool align_operands (MatmulArgs &a, Workspace &ws, bool kmajor_vec)
{
  const size_t es = sizeof (T);
  const bool need_a = !a.ka || kmajor_vec, need_b = !a.kb || kmajor_vec;
  const bool bad_a = need_a && !vec_ok (a.A, a.lda, a.sa, es);
  const bool bad_b = need_b && !vec_ok (a.B, a.ldb, a.sb, es);
  if (!bad_a && !bad_b)
    return true;
  if (!worth_aligned_copy (a))
    return false;
  MatmulArgs c = a;
  const T *A = (const T *) a.A, *B = (const T *) a.B;
  if (bad_a && !ws.aligned_copy (&A, a.ka ? a.k : a.m, a.ka ? a.m : a.k, &c.lda, &c.sa, a.batch))
    return false;
  if (bad_b && !ws.aligned_copy (&B, a.kb ? a.k : a.n, a.kb ? a.n : a.k, &c.ldb, &c.sb, a.batch))
    return false;
  c.A = A;
  c.B = B;
  a = c;
  return true;
}

/* ---- split-K ------------------------------------------------------------------------------- */
/* A product whose tiles cannot fill the chip (8192x64x8192: 128 SMALL tiles for 396 slots on
 * an H200) is cut along k into slices that run side by side, each writing a partial C to a
 * workspace; sum_slices then adds the partials in slice order, so the result is the same from
 * run to run.  A slice is at least SPLIT_MIN_K deep (shallower slices spend their time in
 * pipeline fill), and the partials may take at most SPLIT_MAX_BYTES.  Pages count as tiles: a
 * batch of pages fills the GPU by itself. */
constexpr int64_t SPLIT_MIN_K = 256, SPLIT_MAX_SLICES = 512;
constexpr double SPLIT_MAX_BYTES = 256.0 * 1024 * 1024;

/* How many slices.  Where the tiles fill at most half the slots (resident blocks over all
 * SMs): enough to give each slot one block.  Otherwise only where the last wave would run
 * mostly empty: Xᵀ·X with X 40000x1500 double has 144 dmma tiles for 132 slots, two waves of
 * which the second is 9% full (55% of the GPU used); 11 slices make exactly 12 full waves.
 * Then the slice count (up to 16) that fills the waves best, if it gains over a tenth. */
inline double wave_fill (int64_t blocks, int64_t slots)
{
  return (double) blocks / (double) (ceil_div (blocks, slots) * slots);
}
inline int split_k_slices (const MatmulArgs &a, int64_t tiles, int64_t slots, size_t elem)
{
  if (tiles < 1)   /* an empty product (m, n or pages 0): nothing to split, and slots / tiles
                      below would divide by zero (gm_matmul_dmma_plan reaches here with m = 0) */
    return 1;
  int64_t most = a.k / SPLIT_MIN_K;
  if (most > SPLIT_MAX_SLICES)
    most = SPLIT_MAX_SLICES;
  while (most > 1 && (double) most * a.m * a.n * a.batch * elem > SPLIT_MAX_BYTES)
    most--;
  if (most < 2)
    return 1;
  if (2 * tiles <= slots)
    return (int) (slots / tiles < most ? slots / tiles : most);
  const double fill1 = wave_fill (tiles, slots);
  if (fill1 >= 0.8)
    return 1;
  int best = 1;
  double best_fill = fill1 + 0.1;
  for (int s = 2; s <= 16 && s <= most; s++)
    if (wave_fill (tiles * s, slots) > best_fill + 1e-9) {
      best = s;
      best_fill = wave_fill (tiles * s, slots);
    }
  return best;
}

/* C_b(i, j) = sum over s of partial[s][b](i, j), s in order (partials m x n, back to back by
 * page, then by slice), into C or, with ct, into Cᵀ.  slices == 0 writes zeros (the empty
 * sum of k == 0).  MASKED (dmma's tile pass): only the elements of marked tiles, the mask read
 * as tile_unmarked reads it (C's tile: sides swapped with mask_ct); an unmarked tile's
 * partials are neither read (its blocks returned: they hold whatever the pool gave) nor its C
 * written. */
template <typename T, bool MASKED>
__global__ void __launch_bounds__ (256)
sum_slices_kernel (int64_t m, int64_t n, int64_t batch, int slices, const T *__restrict__ partial,
                   T *C, int64_t ldc, int64_t sc, bool ct, const int *__restrict__ mask,
                   int64_t mask_tm, int64_t mask_tn, bool mask_ct)
{
  const int64_t page_count = m * n, count = page_count * batch;
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < count;
       e += (int64_t) gridDim.x * blockDim.x) {
    const int64_t b = e / page_count, r = e - b * page_count;
    const int64_t i = r % m, j = r / m;
    if constexpr (MASKED) {
      const int64_t ci = (mask_ct ? j : i) / TILE_MASK_SIDE;
      const int64_t cj = (mask_ct ? i : j) / TILE_MASK_SIDE;
      if (mask[(b * mask_tn + cj) * mask_tm + ci] == 0)
        continue;
    }
    T sum = slices ? partial[e] : T (0);
    for (int s = 1; s < slices; s++)
      sum += partial[e + s * count];
    C[b * sc + (ct ? j + i * ldc : i + j * ldc)] = sum;
  }
}
/* a.tile_mask NULL (every product but dmma's tile pass, which is double only, so the masked
   kernel is built for double alone): the unmasked kernel, as before */
template <typename T> gm_status sum_slices (const MatmulArgs &a, int slices, const T *partial)
{
  const unsigned blocks = grid_stride_blocks (a.m * a.n * a.batch);
  if (a.tile_mask) {
    if constexpr (std::is_same<T, double>::value)
      sum_slices_kernel<T, true><<<blocks, 256, 0, a.stream>>> (
          a.m, a.n, a.batch, slices, partial, (T *) a.C, a.ldc, a.sc, a.ct, a.tile_mask,
          a.mask_tm, a.mask_tn, a.mask_ct);
    else
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: a tile mask on a product not in double");
  } else {
    sum_slices_kernel<T, false><<<blocks, 256, 0, a.stream>>> (
        a.m, a.n, a.batch, slices, partial, (T *) a.C, a.ldc, a.sc, a.ct, NULL, 0, 0, false);
  }
  return gm_cuda_status (cudaGetLastError (), "matmul: split-K sum");
}

/* The depth of each of `slices` slices of k (a multiple of k_align, so that only the last has
 * a k residue and K-major operands stay 16-byte aligned) and how many slices that makes (the
 * rounding can leave fewer than asked: k = 1001 asked in 9 slices gets 8 of 128). */
inline int split_k_layout (int64_t k, int slices, int k_align, int64_t *k_slice)
{
  if (slices < 2 || k < 2) {
    *k_slice = k;
    return 1;
  }
  *k_slice = ceil_div (ceil_div (k, slices), k_align) * k_align;
  return (int) ceil_div (k, *k_slice);
}

/* The whole product through launch (args, slices, k_slice, c_slice) in `slices` slices of k
 * (split_k_layout), the partials then summed into C.  Unsplit where the workspace cannot be
 * had.  launch runs one kernel with gridDim.z = slices.  With a tile mask (dmma's tile pass)
 * the partial launch keeps it, and mask_ct, so that blocks of unmarked tiles return, and the
 * sum skips their elements: the workspace needs no fill. */
template <typename T, typename Launch>
gm_status run_slices (const MatmulArgs &a, Workspace &ws, int slices, int k_align, Launch launch)
{
  int64_t k_slice;
  const int used = split_k_layout (a.k, slices, k_align, &k_slice);
  T *partial = used > 1
                   ? (T *) ws.scratch ((size_t) used * a.m * a.n * a.batch * sizeof (T))
                   : NULL;
  if (!partial)
    return launch (a, 1, a.k, 0);
  MatmulArgs p = a;
  p.C = partial;
  p.ldc = a.m;
  p.sc = a.m * a.n;
  p.ct = false;
  gm_status st = launch (p, used, k_slice, a.m * a.n * a.batch);
  return st != GM_OK ? st : sum_slices<T> (a, used, partial);
}

/* run_slices with the slice count split_k_slices asks for (tiles: one page's, slots: resident
 * blocks on the whole GPU). */
template <typename T, typename Launch>
gm_status run_split_k (const MatmulArgs &a, Workspace &ws, int64_t tiles, int64_t slots,
                       int k_align, Launch launch)
{
  return run_slices<T> (a, ws, split_k_slices (a, tiles * a.batch, slots, sizeof (T)), k_align,
                        launch);
}

/* ---- the families (one file each), for double (cls GM_DOUBLE) and single ------------------ */
gm_status matmul_naive (const MatmulArgs &a, gm_class cls);
gm_status matmul_pages (const MatmulArgs &a, gm_class cls);
gm_status matmul_tiled (const MatmulArgs &a, gm_class cls);
/* one side a vector (m = 1 or n = 1), auto's choice: the matrix read once at memory speed */
gm_status matmul_vector (const MatmulArgs &a, gm_class cls, const DeviceInfo &dev);
gm_status matmul_wpt (const MatmulArgs &a, gm_class cls);
gm_status matmul_warp (const MatmulArgs &a, gm_class cls, const DeviceInfo &dev);
gm_status matmul_dmma (const MatmulArgs &a, const DeviceInfo &dev);
/* dmma's tile pass (issue 34, for ozaki scheme II): dmma's 128x128 kernel over C's whole grid of
 * 128x128 tiles, k split as matmul_dmma splits it for that tile (planned for plan_batch pages:
 * the whole product's where ozaki runs it in chunks of a.batch), where each block whose tile
 * a.tile_mask leaves unmarked returns at its first instruction and the split's sum skips its
 * elements: the marked tiles get exactly matmul_dmma's result under GPUMAT_DMMA_TILE=128x128
 * (and whatever GPUMAT_DMMA_SLICES says: the same slices, the same sums in the same order);
 * the rest of C is not written.  Split where split_k_slices splits (tiles that leave the GPU
 * half idle or a last wave mostly empty; m = n = 64, k = 16384: 1 tile, 64 slices): on NaN and
 * Inf data at that shape the unsplit pass had 10.6x dmma's error (H200); a big product stays
 * unsplit (4096^3: 1 slice, as before).  The mask is read on
 * the device (no host sync).  Only where dmma_tiles_fit (else, and for C stored transposed or
 * no mask, GM_ERR_INVALID_ARGUMENT). */
gm_status matmul_dmma_tiles (const MatmulArgs &a, const DeviceInfo &dev, int64_t plan_batch);
bool dmma_tiles_fit (const DeviceInfo &dev);
/* dmma's tile and split-K plan (matmul_dmma.cu): the tile's sides and the k slices run for the
 * product a (as gm_matmul hands it over, before Aᵀ * Bᵀ is swapped).  GPUMAT_DMMA_TILE and
 * GPUMAT_DMMA_SLICES (the tuning snapshot, tuning.h) override the choice (here
 * GM_ERR_INVALID_ARGUMENT for an unknown value; matmul_dmma ignores one); dmma_legacy_auto:
 * GPUMAT_DMMA_TILE=v2, the choice before the thin tiles (auto's old dmma-or-warp rule, 128x128
 * tiles only). */
gm_status dmma_plan (const MatmulArgs &a, const DeviceInfo &dev, int *tile_m, int *tile_n,
                     int *slices);
bool dmma_legacy_auto ();
/* Whether the device grants a block the shared memory of one of dmma's tiles (64x64: 108 KiB;
 * sm_120 grants 99 KiB, an A100 163). */
bool dmma_fits (const DeviceInfo &dev);
/* Single on the TF32 tensor cores by the 3xTF32 split (kernels/tf32/): k eps (|A||B|). */
gm_status matmul_tf32x3 (const MatmulArgs &a, const DeviceInfo &dev);
/* Whether tf32x3 would run its wgmma version (v2) on this product and device: sm_90a code
 * built, compute capability 9.0, k past v2's floor, GPUMAT_TF32X3_VERSION not 1. */
bool tf32x3_v2_takes (const MatmulArgs &a, const DeviceInfo &dev);
/* Double on the INT8 tensor cores by the Ozaki scheme II, scheme I past k = 131071 or where
 * GPUMAT_OZAKI_VERSION asks (kernels/ozaki/): k eps (|A||B|). */
gm_status matmul_ozaki (const MatmulArgs &a, const DeviceInfo &dev);
/* Whether ozaki runs this product on its fast path (ozaki/scheme2.cu): scheme II (GPUMAT_OZAKI_
 * VERSION unset or 3, 16 <= k <= 131071), C not stored transposed, the wgmma gemms (sm_90a
 * code on compute capability 9.0) and dmma's tile pass for the tiles it cannot keep.  auto
 * (pick_auto) asks it before its cost model: elsewhere ozaki is by name only. */
bool ozaki_fast_path (const MatmulArgs &a, const DeviceInfo &dev);
/* gm_matmul (native false) and gm_matmul_native (true): the checks, auto's choice and the
 * dispatch (matmul.cu). */
gm_status matmul_entry (bool native, gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                        int64_t m, int64_t n, int64_t k, const void *d_A, int64_t lda,
                        int64_t stride_a, const void *d_B, int64_t ldb, int64_t stride_b,
                        void *d_C, int64_t ldc, int64_t stride_c, int64_t batch,
                        cudaStream_t stream);
/* Complex classes (kernels/matmul_complex.cu): one real product of twice the rows and depth
 * through matmul_entry (a.native_auto passed on), with any kernel that runs the real class (gm_matmul has checked the kernel
 * against the registry). */
gm_status matmul_complex (const MatmulArgs &a, gm_class cls, gm_op opa, gm_op opb,
                          gm_matmul_kernel kernel);
/* Complex double on the FP64 tensor cores (matmul_dmma.cu): A stored as is (MN-major) and B
 * as is (K-major), both as real views (A 2m x k with ld 2*lda, B n x 2k with ld 2*ldb, strides
 * in doubles), C's ldc and stride in doubles; m, n, k count complex elements.  zdmma_takes:
 * the device, 16-byte alignment, and enough tiles to fill the SMs without splitting k. */
bool zdmma_takes (const MatmulArgs &a, const DeviceInfo &dev);
gm_status matmul_zdmma (const MatmulArgs &a);
/* Integer classes (kernels/matmul_int.cu): the exact product, saturated to cls once; kernel
 * GM_MATMUL_AUTO, GM_MATMUL_NAIVE or GM_MATMUL_TILED, the registry's kernels of the integer
 * classes, which gm_matmul has checked (others: GM_ERR_INVALID_ARGUMENT). */
gm_status matmul_integer (const MatmulArgs &a, gm_class cls, gm_matmul_kernel kernel,
                          const DeviceInfo &dev);
/* A kernel's launcher for real double and single products (the registry's rows,
 * matmul_registry.cu); NULL for "auto" and for a value outside gm_matmul_kernel. */
typedef gm_status (*MatmulLauncher) (const MatmulArgs &a, gm_class cls, const DeviceInfo &dev);
MatmulLauncher matmul_launcher (gm_matmul_kernel kernel);
/* Whether matmul_pages takes pages of this size (its whole pages fit a block's shared memory). */
bool pages_kernel_fits (int64_t m, int64_t n, int64_t k, gm_class cls);

} /* namespace gm_matmul_detail */

#endif
