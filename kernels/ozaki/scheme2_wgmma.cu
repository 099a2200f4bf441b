/* scheme2_wgmma.cu: scheme II's int8 GEMMs on wgmma (sm_90a code, compute capability 9.0;
 * scheme2.cu runs the mma.sync gemm elsewhere).  The planes in wgmma's K-major core-matrix
 * order, brought by cp.async.bulk on mbarriers, 4 stages, tiles rastered in groups of 8 along
 * i.  gemm ws256 (the default where n pads to 256 with at most 1/16 more columns): a producer
 * warp and two consumer warpgroups of 64 x 256 (wgmma m64n256k32), the 14 GEMMs of 8192^3 in
 * 12.01 ms on an H100 (~1280 TOP/s); gemm ws: the same with 128 x 128 tiles (13.83 ms, ~1113
 * TOP/s); gemm wg: a block barrier a k-tile instead of the producer warp (~1090 TOP/s; built
 * with BENCH_VERSIONS=1 only).  Sums exact in int32 (k <= 131071); the tops plane's with
 * .satfinite, a lower bound at any k.  A residue gemm's block whose tiles of C the guard sent
 * to dmma's tile pass returns at once (oz2_tile_skipped).  Versions: bench/NOTES-matmul.md.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "scheme2.cuh"

namespace gm_matmul_detail {

namespace {

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
  if (oz2_tile_skipped<OZ2_BN> (g, page, i0, j0))   /* dmma's tile pass computes the tile */
    return;
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
  if (oz2_tile_skipped<BN> (g, page, i0, j0))   /* dmma's tile pass computes the tiles */
    return;
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

} /* namespace */

Oz2GemmKernel ozaki2_gemm_wgmma (Oz2GemmKind kind, bool tops)
{
  switch (kind) {
  case OZ2_GEMM_WS256:
    return tops ? ozaki2_gemm_ws<true, OZ2S_BN_WIDE> : ozaki2_gemm_ws<false, OZ2S_BN_WIDE>;
  case OZ2_GEMM_WS:
    return tops ? ozaki2_gemm_ws<true, OZ2_BN> : ozaki2_gemm_ws<false, OZ2_BN>;
#if defined(GPUMAT_BENCH_VERSIONS)
  case OZ2_GEMM_WG:   /* built for benchmarks only (BENCH_VERSIONS=1) */
    return tops ? ozaki2_gemm_wg<true> : ozaki2_gemm_wg<false>;
#endif
  default:
    return nullptr;
  }
}

} /* namespace gm_matmul_detail */
