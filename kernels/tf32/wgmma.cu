/* wgmma.cu: tf32x3 v2 on wgmma (sm_90a code, compute capability 9.0), and the family's
 * planning and entry point (matmul_tf32x3: the FFMA warp kernel below k = 22, else v3, v2 or
 * v1).  v2: m64n128k8 tf32 with both operands from shared memory, 128x128x32 block tile, 2
 * warpgroups of 64x128; each raw k-tile split once by all threads into four K-major TF32 tiles,
 * so that the split of tile t + 1 runs while the tensor cores work on tile t; 12 wgmma a k-tile
 * into a temporary added to the main accumulator with FADD every `group` k-tiles: within k eps
 * S from k >= max (128, 72 group + 24) (tf32.cuh, part 7).  H100: 4096^3 66.8-67.4 TFLOP/s =
 * 1.30x SGEMM, 8192^3 64.5-68.7 = 1.22-1.31x (bench/NOTES-matmul.md "3xTF32 v2"); it runs
 * where v3 does not (tiles too few to fill the GPU, which v2 splits along k; no workspace).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "wgmma.cuh"

namespace gm_matmul_detail {

namespace {

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
 * of k: the error analysis (part 7 of tf32.cuh's header) gives (84.1 + k/64) eps S for group
 * 1, hence the floors.
 * Any input outside the tensor path's range (v1's, now including Inf and NaN, which v2 does
 * not carry through the split: Inf * lo = Inf * 0 would make NaN) sends the block's tile to
 * sequential FFMA from global memory, as in v1. */

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)

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

} /* namespace */

/* The smallest k for which tf32.cuh's analysis bounds the tensor path by k eps (|A||B|):
 * v1 from 22; v2, with a FADD every `group` k-tiles, from 72 group + 24 (part 7 of
 * tf32.cuh's header), and v2 takes k >= max (128, 72 group + 24). */
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
