/* wgmma_ws.cu: tf32x3 v3 (sm_90a code, compute capability 9.0), the default for large single
 * products there: one pass splits each element of op(A) and op(B) once into hi and lo planes
 * in wgmma's K-major core-matrix order, then a warp-specialized gemm (a producer warp,
 * cp.async.bulk on full and empty mbarriers, 3 stages of 64 KB) runs v2's 12 wgmma a k-tile
 * in v2's order and grouping: v2's bound (tf32.cuh, part 7) and v2's results, bit for bit.
 * H100: 4096^3 110.3 TFLOP/s = 2.14x SGEMM, 8192^3 109.1 = 2.11x (bench/NOTES-matmul.md
 * "tf32x3 v3").  Where its 128x128 tiles fill the GPU at least once (no split-K) and the
 * workspace (8 bytes an element of each operand) can be had; else v2 (wgmma.cu).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "wgmma.cuh"

namespace gm_matmul_detail {

namespace {

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
 *          of tf32.cuh's header holds unchanged, and so do the k floors).
 *   end    a tile whose rows or columns carry a flag, or whose result reaches 2^126, is
 *          recomputed by FFMA (v2_finish), so v3 gives v2's results bit for bit.
 * Traffic: a k-tile of a block reads 64 KB from L2 (v2: 32 KB raw, but split in the SM); the
 * split pass moves 12 bytes an element of each operand once (8192^3: 1.6 GB, ~0.5 ms).
 * Workspace: 8 bytes an element of op(A) and op(B) a page (8192^2: 1 GB); where it cannot be
 * had, v2 runs. */

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

} /* namespace */

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

template gm_status run_v3<false, false> (const MatmulArgs &, int);
template gm_status run_v3<false, true> (const MatmulArgs &, int);
template gm_status run_v3<true, false> (const MatmulArgs &, int);
template gm_status run_v3<true, true> (const MatmulArgs &, int);

} /* namespace gm_matmul_detail */
