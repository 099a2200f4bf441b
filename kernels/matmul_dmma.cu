/* matmul_dmma.cu: the dmma family: double on the FP64 tensor cores (mma.sync f64, compute
 * capability 8.0+), IEEE double products and sums as the FFMA kernels (no reduced precision).
 *
 * Versions (TFLOP/s at N = 4096 on an H200, DGEMM 46.5 in the same run):
 *   dmma v1  128x128 block tile, 8 warps of 64x32, mma.sync m16n8k8 f64 (two m8n8k4 per half
 *            on sm_80), cp.async pipeline (BK 16, 4 stages), padded layouts so that fragment
 *            loads are conflict-free: 39.3.
 *   dmma v2  BK 32 and 3 stages on the 16-byte path (half the barriers per k): 41.1 (88%);
 *            misaligned operands copied aligned first; split-K where the tiles cannot fill the
 *            GPU (2048x128x16384: 5.2 -> 37.4).
 *   ops      (issue 10) each operand keeps its global layout in shared memory, so every copy
 *            stays a straight 16-byte one: an MN-major operand (A, or Bᵀ) as Xs[p][x] with
 *            pitch BM + 4, a K-major one (B, or Aᵀ) as Xs[x][p] with pitch BK + 4; the fragment
 *            loads read either (both pitches are 4 mod 16 doubles: a half-warp's 16 loads hit
 *            16 distinct bank pairs).  Loader: one base pointer a thread (the per-copy
 *            addresses spilled 104 bytes).  Aᵀ * Bᵀ runs as Cᵀ = B * A with C stored
 *            transposed.  H100: A * B 45.8 TFLOP/s (98% of DGEMM; 91% before the loader
 *            change), A * Bᵀ, Aᵀ * B and Aᵀ * Bᵀ 97-100% of that.  Pages on the grid.
 *   thin     (issue 13) the kernel templated on its block tile and warp layout: 128x64 and
 *            64x128 (8 warps of 32x32, 4 stages) for products with a side of 64 or less and
 *            for grids the 128x128 tiles cannot fill, 64x64 (4 warps, two blocks an SM) for
 *            both sides small; plan_swapped costs each tile with its split-K (blocks on the
 *            busiest SM, tile fill, partial sums) and picks the cheapest.  128x128 unchanged
 *            (same registers, no spills).  Predicted on an H100 (NOTES-matmul.md, not yet
 *            run): 8192x64x8192 47% -> ~85-90% of DGEMM, 1024^3 75% -> ~85-90%.
 *   thin r   (review, no GPU yet) an invalid GPUMAT_DMMA_TILE / _SLICES is ignored by the
 *            products (it failed every double product), refused by gm_matmul_dmma_plan; auto
 *            sends double here only where a tile fits the device's shared memory (dmma_fits).
 *   k16      (issue 15) the m16n8k16 f64 MMA of sm_90: one instruction where the k8 loop issues
 *            two, fed the same fragments (a k16 step's B fragments, 16 doubles, held for the
 *            warp tile; 226-246 registers, no spills; before sm_90 it runs as two k8).  H100 in
 *            one run, on sustained loads where the card sits at its 700 W cap (SM clock
 *            1.4-1.9 GHz): 8192^3 43.9 -> 44.9 TFLOP/s (91.3 -> 93.2% of DGEMM),
 *            1920x60000x60000 41.8 -> 42.6 (95.5 -> 97.5%), 4096^3 unchanged (94%, too short
 *            to reach the cap); the 60000^2 out-of-core product 40.01 -> 40.48 TFLOP/s end to
 *            end.  Fewer instructions and register-file reads for the same flops, so more
 *            clock under the cap.  GPUMAT_DMMA_MMA=k8 runs the k8 loop (benchmarks side by side).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdlib.h>
#include <string.h>
#include "matmul_internal.cuh"

#pragma nv_diag_suppress 177

namespace gm_matmul_detail {
namespace {

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

/* One m16n8k16 f64 product (sm_90), D = A*B + D.  The fragments extend m16n8k8's along k
 * (PTX ISA, mma.m16n8k16 .f64; CUTLASS's SM90_16x8x16_F64F64F64F64_TN layouts say the same):
 *   a[2q] = A(g, t + 4q)  a[2q+1] = A(g+8, t + 4q)  (q = 0..3)     b[q] = B(t + 4q, g)
 * so a[0..3], b[0..1] are the k = 0..7 half's m16n8k8 fragments and a[4..7], b[2..3] the
 * k = 8..15 half's: before sm_90 it runs as those two m16n8k8. */
__device__ __forceinline__ void mma_16x8x16 (double (&d)[4], const double (&a)[8],
                                             const double (&b)[4])
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile ("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 "
                "{%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15}, "
                "{%0, %1, %2, %3};\n"
                : "+d"(d[0]), "+d"(d[1]), "+d"(d[2]), "+d"(d[3])
                : "d"(a[0]), "d"(a[1]), "d"(a[2]), "d"(a[3]), "d"(a[4]), "d"(a[5]), "d"(a[6]),
                  "d"(a[7]), "d"(b[0]), "d"(b[1]), "d"(b[2]), "d"(b[3]));
#else
  const double lo_a[4] = {a[0], a[1], a[2], a[3]}, hi_a[4] = {a[4], a[5], a[6], a[7]};
  const double lo_b[2] = {b[0], b[1]}, hi_b[2] = {b[2], b[3]};
  mma_16x8x8 (d, lo_a, lo_b);
  mma_16x8x8 (d, hi_a, hi_b);
#endif
}

/* The tile layout, loader and block configuration are matmul_internal.cuh's (OperandTile,
 * load_tile_async, MmaCfg), shared with tf32x3. */
template <int BM, int BN, int BK, int WM, int WN, int STAGES, bool KA, bool KB>
using DmmaCfg = MmaCfg<double, BM, BN, BK, WM, WN, STAGES, KA, KB>;

/* Launch contract: blockDim.x = DmmaCfg::THREADS (32 * (BM/WM) * (BN/WN)), dynamic shared
 * memory DmmaCfg::SMEM, grid as for_each_launch makes it (x: pages * tiles along i, y: tiles
 * along j, z: k slices); any m, n, k (edges and the k residue zero-filled); VEC: every operand
 * 16-byte aligned with a leading dimension a multiple of 2.  MINB blocks an SM (launch bounds:
 * at 2, 128 threads may still take 255 registers). */
template <int BM, int BN, int BK, int WM, int WN, int STAGES, int MINB, bool KA, bool KB,
          bool VEC, int MMAK>
__global__ void __launch_bounds__ (32 * (BM / WM) * (BN / WN), MINB)
matmul_dmma_kernel (Gemm<double> g)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if (tile_unmarked (g))   /* the tile pass (matmul_dmma_tiles): not this block's tile */
    return;
  const int64_t ti = enter_block<KA, KB> (g);
  using Cfg = DmmaCfg<BM, BN, BK, WM, WN, STAGES, KA, KB>;
  using TileA = typename Cfg::TileA;
  using TileB = typename Cfg::TileB;
  constexpr int MT = Cfg::MT, NT = Cfg::NT;
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  double *smem = reinterpret_cast<double *> (smem_raw);

  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int wi = (warp % Cfg::WARPS_I) * WM, wj = (warp / Cfg::WARPS_I) * WN;
  const int gr = lane / 4, tg = lane % 4;
  const int64_t i0 = ti * BM, j0 = blockIdx.y * (int64_t) BN;
  const int64_t m = g.m, n = g.n, k = g.k;
  const int64_t KT = ceil_div (k, BK);

  auto load_stage = [&] (int stage, int64_t kt) {
    load_operand_tiles<double, BM, BN, BK, Cfg::THREADS, KA, KB, VEC> (smem + stage * Cfg::STAGE,
                                                                       g, i0, j0, kt);
  };

  double acc[MT][NT][4];
  fill_acc (acc, 0.0);

  /* The pipeline and the store written out, not through matmul_internal.cuh's mma_pipeline
     (which zdmma uses) and a shared store: through them nvcc allocated this kernel's
     registers differently (sm_90: 128x128 252 -> 230, 64x64 196 -> 214, most tiles 20-30
     fewer), not yet measured on a GPU. */
#pragma unroll
  for (int s = 0; s < STAGES - 1; s++) {
    if (s < KT)
      load_stage (s, s);
    cp_async_commit ();
  }

  for (int64_t kt = 0; kt < KT; kt++) {
    cp_async_wait<STAGES - 2> ();
    __syncthreads ();
    const int64_t next = kt + STAGES - 1;
    if (next < KT)
      load_stage ((int) (next % STAGES), next);
    cp_async_commit ();

    const double *as = smem + (kt % STAGES) * Cfg::STAGE;
    const double *bs = as + TileA::SIZE;
    if constexpr (MMAK == 16) {
#pragma unroll
      for (int kb = 0; kb < BK; kb += 16) {
        /* as below, one k16 MMA where that runs two k8 */
        double b[NT][4];
#pragma unroll
        for (int y = 0; y < NT; y++) {
          const int j = wj + y * 8 + gr;
#pragma unroll
          for (int q = 0; q < 4; q++)
            b[y][q] = bs[TileB::at (j, kb + tg + 4 * q)];
        }
#pragma unroll
        for (int x = 0; x < MT; x++) {
          const int i = wi + x * 16 + gr;
          double a[8];
#pragma unroll
          for (int q = 0; q < 4; q++) {
            a[2 * q] = as[TileA::at (i, kb + tg + 4 * q)];
            a[2 * q + 1] = as[TileA::at (i + 8, kb + tg + 4 * q)];
          }
#pragma unroll
          for (int y = 0; y < NT; y++)
            mma_16x8x16 (acc[x][y], a, b[y]);
        }
      }
    } else {
#pragma unroll
      for (int kb = 0; kb < BK; kb += 8) {
        /* B fragments for the whole warp tile, then A one m16 slice at a time: 152 live
           registers instead of 176, which kept the kernel from spilling under 255. */
        double b[NT][2];
#pragma unroll
        for (int y = 0; y < NT; y++) {
          const int j = wj + y * 8 + gr;
          b[y][0] = bs[TileB::at (j, kb + tg)];
          b[y][1] = bs[TileB::at (j, kb + tg + 4)];
        }
#pragma unroll
        for (int x = 0; x < MT; x++) {
          const int i = wi + x * 16 + gr;
          const double a[4] = {as[TileA::at (i, kb + tg)], as[TileA::at (i + 8, kb + tg)],
                               as[TileA::at (i, kb + tg + 4)], as[TileA::at (i + 8, kb + tg + 4)]};
#pragma unroll
          for (int y = 0; y < NT; y++)
            mma_16x8x8 (acc[x][y], a, b[y]);
        }
      }
    }
  }
  cp_async_wait<0> ();

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

/* The block tiles.  Each runs BK = 32 on the 16-byte path and BK = 16 with 4 stages on the
 * scalar path (odd ld: BK = 32 there fell from 32.1 to 20.6 TFLOP/s at N = 4097).
 *   128x128  8 warps of 64x32, 3 stages (198-216 KiB), one block an SM: 41.1 TFLOP/s against
 *            39.3 for BK = 16 with 4 stages at N = 4096 on an H200.  Large products.
 *   128x64   (issue 13) 8 warps of 32x32, 4 stages (200-216 KiB), one block an SM: n <= 64
 *            (8192x64x8192: the 128x128 tiles ran half empty, 47% of DGEMM), and grids the
 *            128x128 tiles cannot fill (1024^3: 64 tiles on 132 SMs; 128 of these).
 *   64x128   the same with the sides swapped: m <= 64.
 *   64x64    4 warps of 32x32, 3 stages (102-108 KiB), two blocks an SM: both sides small,
 *            and deep k split across the chip (64x64x65536).
 * Warps of 32x32 read 2 fragments (LDS.64) an MMA where 64x32 reads 1.5, and a smaller tile
 * reads more of A and B from L2 an MMA (bytes a k-step: 128x128 128 a MMA, 128x64 192,
 * 64x64 256): dmma_tiles' rates below are the estimates behind auto's choice. */
template <int BM_, int BN_, int WM_, int WN_, int STAGES_VEC_, int PER_SM_> struct DmmaShape {
  static constexpr int BM = BM_, BN = BN_, WM = WM_, WN = WN_, PER_SM = PER_SM_;
  static constexpr int BK_VEC = 32, STAGES_VEC = STAGES_VEC_, BK_SCALAR = 16, STAGES_SCALAR = 4;
  /* shared memory of the largest layout pair (both operands K-major) on either path */
  static constexpr size_t SMEM_VEC =
      DmmaCfg<BM, BN, BK_VEC, WM, WN, STAGES_VEC, true, true>::SMEM;
  static constexpr size_t SMEM_SCALAR =
      DmmaCfg<BM, BN, BK_SCALAR, WM, WN, STAGES_SCALAR, true, true>::SMEM;
  static constexpr size_t SMEM = SMEM_VEC > SMEM_SCALAR ? SMEM_VEC : SMEM_SCALAR;
};
using DmmaSquare = DmmaShape<128, 128, 64, 32, 3, 1>;
using DmmaTallM = DmmaShape<128, 64, 32, 32, 4, 1>;
using DmmaTallN = DmmaShape<64, 128, 32, 32, 4, 1>;
using DmmaSmall = DmmaShape<64, 64, 32, 32, 3, 2>;
enum DmmaTileId { DMMA_128x128, DMMA_128x64, DMMA_64x128, DMMA_64x64, DMMA_TILE_COUNT };

template <typename S, bool KA, bool KB, bool VEC, int MMAK>
gm_status launch_v (const MatmulArgs &a, int slices, int64_t k_slice, int64_t c_slice)
{
  constexpr int BK = VEC ? S::BK_VEC : S::BK_SCALAR;
  constexpr int STAGES = VEC ? S::STAGES_VEC : S::STAGES_SCALAR;
  using Cfg = DmmaCfg<S::BM, S::BN, BK, S::WM, S::WN, STAGES, KA, KB>;
  auto kernel = matmul_dmma_kernel<S::BM, S::BN, BK, S::WM, S::WN, STAGES, S::PER_SM, KA, KB,
                                   VEC, MMAK>;
  /* once per device: an attribute is set for the current device only */
  static PerDeviceOnce smem_set, carveout_set;
  gm_status st = allow_smem (kernel, Cfg::SMEM, &smem_set, "matmul dmma: shared memory");
  if (st != GM_OK)
    return st;
  const int dev = current_device_or_none ();
  if (S::PER_SM > 1 && !carveout_set.test (dev)) {
    /* the whole of the SM's shared memory for the carveout, so that PER_SM blocks fit (the
       default leaves the split to the driver, which need only fit one) */
    cudaError_t err = cudaFuncSetAttribute (kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                            (int) cudaSharedmemCarveoutMaxShared);
    if (err != cudaSuccess)
      return gm_cuda_status (err, "matmul dmma: shared memory carveout");
    carveout_set.set (dev);
  }
  return for_each_launch<double> (a, S::BM, S::BN, slices, k_slice, c_slice, "matmul dmma",
                                  [&] (const Gemm<double> &g, dim3 grid) {
                                    kernel<<<grid, Cfg::THREADS, Cfg::SMEM, a.stream>>> (g);
                                  });
}

template <bool KA, bool KB, bool VEC, int MMAK>
gm_status launch_tile_mma (int tile, const MatmulArgs &a, int slices, int64_t k_slice,
                           int64_t c_slice)
{
  switch (tile) {
  case DMMA_128x128: return launch_v<DmmaSquare, KA, KB, VEC, MMAK> (a, slices, k_slice, c_slice);
  case DMMA_128x64:  return launch_v<DmmaTallM, KA, KB, VEC, MMAK> (a, slices, k_slice, c_slice);
  case DMMA_64x128:  return launch_v<DmmaTallN, KA, KB, VEC, MMAK> (a, slices, k_slice, c_slice);
  case DMMA_64x64:   return launch_v<DmmaSmall, KA, KB, VEC, MMAK> (a, slices, k_slice, c_slice);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul dmma: unknown tile %d", tile);
  }
}

template <bool KA, bool KB, bool VEC>
gm_status launch_tile (int tile, const MatmulArgs &a, int slices, int64_t k_slice,
                       int64_t c_slice)
{
  /* GPUMAT_DMMA_MMA=k8: the m16n8k8 loop, the version before k16 (anything else: k16), in a
     build that keeps the earlier versions for benchmarks (make BENCH_VERSIONS=1: half of this
     file's compiling, 13.8 -> 7.3 s for sm_90); elsewhere k16 */
#if defined(GPUMAT_BENCH_VERSIONS)
  if (gm_tuning ()->dmma_mma_k8)
    return launch_tile_mma<KA, KB, VEC, 8> (tile, a, slices, k_slice, c_slice);
#endif
  return launch_tile_mma<KA, KB, VEC, 16> (tile, a, slices, k_slice, c_slice);
}

/* ---- auto's tile and split-K (issue 13) ----------------------------------------------------
 * Every tile is costed with the split-K it would get, in multiply-adds of the busiest SM:
 *
 *   cost = ceil (blocks / SMs) * (BM * BN * k_slice / rate + FILL)       the tiles
 *        + (2 slices + 1) * m * n * pages * 8 bytes * MACS_PER_BYTE / SMs  the partials
 *
 * blocks = tiles * slices; ceil (blocks / SMs) is the blocks the busiest SM runs, one after
 * another or (64x64, two an SM) side by side at half the rate each: either way its work.  A
 * tile's empty part costs as much as its full part (the MMAs run on the zero fill), so tile
 * fill and wave fill are both in the first term.  k_slice rounds up to BK = 32.
 *   rate: MMA throughput a block keeps, against 128x128's: 1.0; 128x64 and 64x128 0.9 (2 LDS
 *     an MMA against 1.5, 192 bytes from L2 an MMA against 128); 64x64 0.8 (256 bytes an MMA:
 *     22 bytes a clock an SM at 70% of the DMMA peak, about the L2's share of an SM on an
 *     H100).  Estimates, to be measured (GPUMAT_DMMA_TILE runs each tile).
 *   FILL = 2^18 multiply-adds: the first tile's wait, ~1 us of DRAM latency (2048 clocks at
 *     128 multiply-adds a clock).
 *   MACS_PER_BYTE = 8: the split's partial Cs go through DRAM (written by the kernel, read and
 *     C written by sum_slices); an H100 does ~10 double multiply-adds (33.5 T/s at the DMMA
 *     peak) in the time it moves a byte (3.35 TB/s), ~8 at the rates reached.
 * Slices per tile: 1, or what split_k_slices plans for the tile's slots (PER_SM * SMs), the
 * cheaper of the two.  Among the tiles whose shared memory the device grants a block, the
 * cheapest wins, ties to the larger tile.  The model's choices (H100, 132 SMs):
 *   4096^3, 2048^3, 4097^3        128x128, unsplit (as before)
 *   1024^3                        128x64 unsplit, 128 blocks (was 128x128 in 2 slices)
 *   8192x64x8192                  128x64 in 2 slices, 128 blocks (was 128x128, 2 slices)
 *   64x8192x8192                  64x128 in 2 slices
 *   64x64x65536                   64x64 in 256 slices (two blocks an SM)
 */
struct DmmaTileInfo {   /* in DmmaTileId's order; GPUMAT_DMMA_TILE names them (tuning.cu) */
  int bm, bn, per_sm;
  double rate;
  size_t smem;
};
const DmmaTileInfo dmma_tiles[DMMA_TILE_COUNT] = {
    {128, 128, DmmaSquare::PER_SM, 1.0, DmmaSquare::SMEM},
    {128, 64, DmmaTallM::PER_SM, 0.9, DmmaTallM::SMEM},
    {64, 128, DmmaTallN::PER_SM, 0.9, DmmaTallN::SMEM},
    {64, 64, DmmaSmall::PER_SM, 0.8, DmmaSmall::SMEM}};
constexpr double DMMA_FILL_MACS = 262144.0, DMMA_MACS_PER_BYTE = 8.0;
constexpr int DMMA_K_ALIGN = 32;

double dmma_cost (const MatmulArgs &a, const DmmaTileInfo &t, int slices, int64_t k_slice,
                  int sms)
{
  const int64_t tiles = ceil_div (a.m, t.bm) * ceil_div (a.n, t.bn) * a.batch;
  const double busiest = (double) ceil_div (tiles * slices, sms);
  const double depth = (double) (ceil_div (k_slice, DMMA_K_ALIGN) * DMMA_K_ALIGN);
  double cost = busiest * ((double) t.bm * t.bn * depth / t.rate + DMMA_FILL_MACS);
  if (slices > 1)
    cost += (2.0 * slices + 1) * (double) a.m * a.n * a.batch * 8.0 * DMMA_MACS_PER_BYTE / sms;
  return cost;
}

int dmma_split (const MatmulArgs &a, const DmmaTileInfo &t, int sms)
{
  return split_k_slices (a, ceil_div (a.m, t.bm) * ceil_div (a.n, t.bn) * a.batch,
                         (int64_t) t.per_sm * sms, sizeof (double));
}

/* GPUMAT_DMMA_TILE: unset, empty or "auto": the model above; "v2": the choice before issue 13
 * (128x128 tiles, split_k_slices on one block an SM, and auto's old dmma-or-warp rule); a
 * tile's name: that tile (split-K planned for it).  GPUMAT_DMMA_SLICES = s > 0: s slices of k
 * whatever the tile (fewer where k is too shallow, see split_k_layout).  Read from the tuning
 * snapshot (tuning.h), which a benchmark reloads to run the choices side by side in one
 * process.  An invalid value counts as unset for the products themselves (a typo in a
 * benchmark switch left in a shell must not fail every double product of an Octave session:
 * auto sends them all here on sm_80 / sm_90);
 * gm_matmul_dmma_plan reports it (GM_ERR_INVALID_ARGUMENT), which is where test_matmul and
 * bench_matmul --dmma-tiles check their settings. */
struct DmmaSetting {
  bool legacy;
  int tile;     /* -1: auto's model */
  int slices;   /* 0: planned */
};
static_assert (GM_TUNE_DMMA_SLICES_MAX == SPLIT_MAX_SLICES, "tuning.h: dmma's slice range");
static_assert (GM_DMMA_TILE_128x128 - 2 == DMMA_128x128 && GM_DMMA_TILE_128x64 - 2 == DMMA_128x64
                   && GM_DMMA_TILE_64x128 - 2 == DMMA_64x128
                   && GM_DMMA_TILE_64x64 - 2 == DMMA_64x64,
               "tuning.h: GPUMAT_DMMA_TILE's tiles in DmmaTileId's order");
/* The setting from the tuning snapshot; false (and *bad the text) where a variable is set to
   something invalid: that variable then reads as unset, the other one still counts */
bool dmma_setting (DmmaSetting *s, const char **bad)
{
  const gm_tuning_t *t = gm_tuning ();
  *s = {t->dmma_tile == GM_DMMA_TILE_V2,
        t->dmma_tile >= GM_DMMA_TILE_128x128 ? t->dmma_tile - GM_DMMA_TILE_128x128 : -1,
        t->dmma_slices};
  const char *bad_tile = gm_tuning_invalid ("GPUMAT_DMMA_TILE");
  const char *bad_slices = gm_tuning_invalid ("GPUMAT_DMMA_SLICES");
  if (bad_slices || bad_tile)
    *bad = bad_slices ? bad_slices : bad_tile;
  return !bad_slices && !bad_tile;
}

struct DmmaPlan {
  int tile, slices;
};
/* The plan for a (Aᵀ * Bᵀ already swapped).  strict: an invalid setting is an error (the plan
   query), else ignored (the products).  tile >= 0 (the tile pass's 128x128): that tile whatever
   GPUMAT_DMMA_TILE says, its slices planned as GPUMAT_DMMA_TILE naming it plans them (and
   GPUMAT_DMMA_SLICES still counts). */
gm_status plan_swapped (const MatmulArgs &a, const DeviceInfo &dev, bool strict, DmmaPlan *plan,
                        int tile = -1)
{
  DmmaSetting set;
  const char *bad = NULL;
  if (!dmma_setting (&set, &bad) && strict)
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "matmul dmma: GPUMAT_DMMA_TILE or GPUMAT_DMMA_SLICES '%s' (tiles: auto, v2, "
                    "128x128, 128x64, 64x128, 64x64; slices: 1 to %d)", bad,
                    (int) SPLIT_MAX_SLICES);
  if (tile >= 0) {
    set.legacy = false;
    set.tile = tile;
  }
  if (set.legacy) {
    plan->tile = DMMA_128x128;
    plan->slices = split_k_slices (a, ceil_div (a.m, 128) * ceil_div (a.n, 128) * a.batch,
                                   dev.sms, sizeof (double));
  } else if (set.tile >= 0) {
    plan->tile = set.tile;
    plan->slices = dmma_split (a, dmma_tiles[set.tile], dev.sms);
  } else {
    plan->tile = DMMA_128x128;
    plan->slices = dmma_split (a, dmma_tiles[DMMA_128x128], dev.sms);
    double best = -1;
    for (int i = 0; i < DMMA_TILE_COUNT; i++) {
      const DmmaTileInfo &t = dmma_tiles[i];
      if (t.smem > (size_t) dev.smem_optin)
        continue;
      const int tries[2] = {1, dmma_split (a, t, dev.sms)};
      for (int s : tries) {
        int64_t k_slice;
        const int used = split_k_layout (a.k, s, DMMA_K_ALIGN, &k_slice);
        const double c = dmma_cost (a, t, used, k_slice, dev.sms);
        if (best < 0 || c < best) {
          best = c;
          plan->tile = i;
          plan->slices = used;
        }
      }
    }
  }
  if (set.slices > 0)
    plan->slices = set.slices;
  return GM_OK;
}

/* ---- complex double (issue 11) ------------------------------------------------------------
 * C = A * B for complex A (m x k, stored as is) and B (k x n, stored as is), interleaved
 * (re, im).  Each thread keeps Cr and Ci apart and feeds every fragment to two MMAs:
 *   Cr += ar*br + (-ai)*bi,   Ci += ar*bi + ai*br,
 * the textbook four-real-product form (BLAS zgemm's), the sign of ai flipped in registers.  A
 * 16-byte shared-memory load returns a whole complex element, so one k step of a warp issues
 * 16 LDS.128 for 32 MMAs, where the real kernel on the expanded 2m x 2k form (Â, see
 * matmul_complex.cu) issues 24 LDS.64 for 16 and copies Â first.
 * Tiles: 64 complex rows x 128 columns, 8 warps of 32 x 32 (2 x 4 m16n8 tiles, each of Cr and
 * Ci: 64 accumulators a thread as the real kernel); BK = 16 complex, 3 stages (174 KB; 255
 * registers, 20 bytes spilled).  A's
 * tile is its own layout, As[p][2x + part] with pitch 132 (4 mod 16 doubles: a quarter-warp's
 * LDS.128, 4 p x 2 x, hit 8 distinct 16-byte slots); B's Bs[j][2p + part] with pitch 40 (8 mod
 * 16: 2 j x 4 p distinct).  Views handed in: A and B as real matrices (2m x k MN-major with
 * ld 2*lda; n x 2k K-major with ld 2*ldb), C's ldc and strides in doubles; no split-K. */
constexpr int ZDMMA_BM = 64, ZDMMA_BN = 128;
template <int BK, int STAGES> struct Zdmma {
  static constexpr int LDA = 2 * ZDMMA_BM + 4, LDB = 2 * BK + 8;
  static constexpr int STAGE = BK * LDA + ZDMMA_BN * LDB;
  static constexpr size_t SMEM = (size_t) STAGES * STAGE * sizeof (double);
};
constexpr size_t ZDMMA_SMEM = Zdmma<16, 3>::SMEM;

template <int BK, int STAGES>
__global__ void __launch_bounds__ (256, 1)
matmul_zdmma_kernel (Gemm<double> g)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  constexpr int BM = ZDMMA_BM, BN = ZDMMA_BN, ZDMMA_STAGE = Zdmma<BK, STAGES>::STAGE;
  constexpr int LDA = Zdmma<BK, STAGES>::LDA, LDB = Zdmma<BK, STAGES>::LDB;
  constexpr int WM = 32, WN = 32, WARPS_I = BM / WM;
  constexpr int MT = WM / 16, NT = WN / 8;
  const int64_t ti = enter_block<false, true> (g);
  extern __shared__ __align__ (16) unsigned char smem_raw[];
  double *smem = reinterpret_cast<double *> (smem_raw);

  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const int wi = (warp % WARPS_I) * WM, wj = (warp / WARPS_I) * WN;
  const int gr = lane / 4, tg = lane % 4;
  const int64_t i0 = ti * BM, j0 = blockIdx.y * (int64_t) BN;
  const int64_t m = g.m, n = g.n, k = g.k;
  const int64_t KT = ceil_div (k, BK);

  auto load_stage = [&] (int stage, int64_t kt) {
    double *as = smem + stage * ZDMMA_STAGE;
    load_tile_async<double, 2 * BM, BK, 256, false, true, LDA> (as, g.A, g.lda, 2 * m, k, 2 * i0,
                                                               kt * BK);
    load_tile_async<double, BN, 2 * BK, 256, true, true, LDB> (as + BK * LDA, g.B, g.ldb, n,
                                                              2 * k, j0, 2 * kt * BK);
  };

  double cr[MT][NT][4], ci[MT][NT][4];
  fill_acc (cr, 0.0);
  fill_acc (ci, 0.0);

  mma_pipeline<STAGES> (KT, load_stage, [&] (int64_t kt) {
    const double *as = smem + (kt % STAGES) * ZDMMA_STAGE;
    const double *bs = as + BK * LDA;
#pragma unroll
    for (int kb = 0; kb < BK; kb += 8) {
      double br[NT][2], bi[NT][2];
#pragma unroll
      for (int y = 0; y < NT; y++) {
        const int j = wj + y * 8 + gr;
        const double2 v0 = *(const double2 *) &bs[j * LDB + 2 * (kb + tg)];
        const double2 v1 = *(const double2 *) &bs[j * LDB + 2 * (kb + tg + 4)];
        br[y][0] = v0.x; bi[y][0] = v0.y;
        br[y][1] = v1.x; bi[y][1] = v1.y;
      }
#pragma unroll
      for (int x = 0; x < MT; x++) {
        const int i = wi + x * 16 + gr;
        const double2 a0 = *(const double2 *) &as[(kb + tg) * LDA + 2 * i];
        const double2 a1 = *(const double2 *) &as[(kb + tg) * LDA + 2 * (i + 8)];
        const double2 a2 = *(const double2 *) &as[(kb + tg + 4) * LDA + 2 * i];
        const double2 a3 = *(const double2 *) &as[(kb + tg + 4) * LDA + 2 * (i + 8)];
        const double ar[4] = {a0.x, a1.x, a2.x, a3.x};
        const double ai[4] = {a0.y, a1.y, a2.y, a3.y};
        const double an[4] = {-a0.y, -a1.y, -a2.y, -a3.y};
#pragma unroll
        for (int y = 0; y < NT; y++) {
          mma_16x8x8 (cr[x][y], ar, br[y]);
          mma_16x8x8 (cr[x][y], an, bi[y]);
          mma_16x8x8 (ci[x][y], ar, bi[y]);
          mma_16x8x8 (ci[x][y], ai, br[y]);
        }
      }
    }
  });

#pragma unroll
  for (int x = 0; x < MT; x++) {
#pragma unroll
    for (int y = 0; y < NT; y++) {
      const int64_t i = i0 + wi + x * 16 + gr, j = j0 + wj + y * 8 + 2 * tg;
#pragma unroll
      for (int e = 0; e < 4; e++) {
        const int64_t ii = i + (e / 2) * 8, jj = j + e % 2;
        if (ii < m && jj < n)
          *(double2 *) &g.C[2 * ii + jj * g.ldc] = make_double2 (cr[x][y][e], ci[x][y][e]);
      }
    }
  }
#endif
}

} /* namespace */

bool zdmma_takes (const MatmulArgs &a, const DeviceInfo &dev)
{
  return !a.ka && a.kb && !a.ct && (dev.cc == 80 || dev.cc >= 90)
         && (size_t) dev.smem_optin >= ZDMMA_SMEM && vec_ok (a.A, a.lda, a.sa, 8)
         && vec_ok (a.B, a.ldb, a.sb, 8) && ((uintptr_t) a.C % 16) == 0
         && ceil_div (a.m, ZDMMA_BM) * ceil_div (a.n, ZDMMA_BN) * a.batch >= dev.sms;
}

template <int BK, int STAGES> gm_status launch_zdmma (const MatmulArgs &a)
{
  /* once per device: an attribute is set for the current device only */
  static PerDeviceOnce smem_set;
  constexpr size_t SMEM = Zdmma<BK, STAGES>::SMEM;
  auto kernel = matmul_zdmma_kernel<BK, STAGES>;
  gm_status st = allow_smem (kernel, SMEM, &smem_set, "matmul zdmma: shared memory");
  if (st != GM_OK)
    return st;
  return for_each_launch<double> (a, ZDMMA_BM, ZDMMA_BN, 1, a.k, 0, "matmul zdmma",
                                  [&] (const Gemm<double> &g, dim3 grid) {
                                    kernel<<<grid, 256, SMEM, a.stream>>> (g);
                                  });
}

/* BK = 16 complex and 3 stages: 83-86% of ZGEMM at 4096 and 86-87% at 8192 (H100, two runs);
 * BK 16 / 2 stages 85%, BK 8 / 4 stages 82-85%, BK 8 / 6 stages 78-83% in the same run. */
gm_status matmul_zdmma (const MatmulArgs &a)
{
  return launch_zdmma<16, 3> (a);
}

/* Both operands need the 16-byte path (copies along either layout's contiguous index): a
 * misaligned one is copied aligned first (align_operands).  The tile and the k slices come from
 * plan_swapped; slices are multiples of 32 deep so that K-major operands stay 16-byte aligned.
 * Aᵀ * Bᵀ runs as Cᵀ = B * A (swap_transposed), so its tile is planned on Cᵀ. */
namespace {
/* The product a (Aᵀ * Bᵀ already swapped) with `tile` in `slices` slices of k, operands aligned
 * where align_operands can (the copies in ws). */
gm_status run_swapped (MatmulArgs a, Workspace &ws, int tile, int slices)
{
  const bool vec = align_operands<double> (a, ws, true);
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    if constexpr (KA && !KB) {
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul dmma: internal layout error");
    } else {
      return run_slices<double> (
          a, ws, slices, DMMA_K_ALIGN,
          [&] (const MatmulArgs &p, int s, int64_t k_slice, int64_t c_slice) {
            return vec ? launch_tile<KA, KB, true> (tile, p, s, k_slice, c_slice)
                       : launch_tile<KA, KB, false> (tile, p, s, k_slice, c_slice);
          });
    }
  });
}
} /* namespace */

gm_status matmul_dmma (const MatmulArgs &args, const DeviceInfo &dev)
{
  MatmulArgs a = swap_transposed (args);
  a.tile_mask = NULL;
  DmmaPlan plan;
  gm_status st = plan_swapped (a, dev, false, &plan);
  if (st != GM_OK)
    return st;
  Workspace ws (a.stream);
  return run_swapped (a, ws, plan.tile, plan.slices);
}

/* The tile pass: the 128x128 tile with the slices plan_swapped gives it on the whole product
 * (plan_batch pages; the same as GPUMAT_DMMA_TILE=128x128 plans, GPUMAT_DMMA_SLICES included),
 * on the 16-byte path where the operands are or can be copied aligned, as matmul_dmma; its
 * blocks read the mask (tile_unmarked; in a split launch too: mask_ct keeps C's frame) and so
 * does the split's sum (sum_slices): each marked element's partials and their sum are
 * matmul_dmma's, computed in the same order.  A big product plans 1 slice: one launch, as
 * before the split. */
gm_status matmul_dmma_tiles (const MatmulArgs &args, const DeviceInfo &dev, int64_t plan_batch)
{
  if (!args.tile_mask || args.ct || args.mask_ct || !dmma_tiles_fit (dev))
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "matmul dmma tiles: no tile mask, C stored transposed, or no 128x128 tile on "
                    "this device");
  MatmulArgs a = swap_transposed (args), whole = a;
  whole.batch = plan_batch > a.batch ? plan_batch : a.batch;
  DmmaPlan plan;
  gm_status st = plan_swapped (whole, dev, false, &plan, DMMA_128x128);
  if (st != GM_OK)
    return st;
  Workspace ws (a.stream);
  return run_swapped (a, ws, DMMA_128x128, plan.slices);
}

bool dmma_tiles_fit (const DeviceInfo &dev)
{
  return dev.cc >= 80 && dmma_tiles[DMMA_128x128].smem <= (size_t) dev.smem_optin;
}

gm_status dmma_plan (const MatmulArgs &args, const DeviceInfo &dev, int *tile_m, int *tile_n,
                     int *slices)
{
  const MatmulArgs a = swap_transposed (args);
  DmmaPlan plan;
  gm_status st = plan_swapped (a, dev, true, &plan);
  if (st != GM_OK)
    return st;
  const DmmaTileInfo &t = dmma_tiles[plan.tile];
  const bool swapped = a.ct != args.ct;   /* the kernel computes Cᵀ: its tile's sides swap */
  *tile_m = swapped ? t.bn : t.bm;
  *tile_n = swapped ? t.bm : t.bn;
  int64_t k_slice;
  *slices = split_k_layout (a.k, plan.slices, DMMA_K_ALIGN, &k_slice);
  return GM_OK;
}

bool dmma_fits (const DeviceInfo &dev)
{
  for (const DmmaTileInfo &t : dmma_tiles)
    if (t.smem <= (size_t) dev.smem_optin)
      return true;
  return false;
}

bool dmma_legacy_auto ()
{
  DmmaSetting set;
  const char *bad;
  dmma_setting (&set, &bad);
  return set.legacy;
}

} /* namespace gm_matmul_detail */
