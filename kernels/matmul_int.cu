/* matmul_int.cu: the integer family: C = op(A) * op(B) for the eight integer classes, exact.
 *
 * Semantics (an extension of Octave's `*`, which refuses two integer matrices): both operands
 * of class cls; each C(i, j) is the exact mathematical sum of the products, carried without
 * overflow, converted to cls once with Octave's saturation (clamped to intmin .. intmax).  So
 * int8 ([100 100]) * int8 ([100; -100]) is 0, not 127 + (-128) = -1 as a per-step saturation
 * would give, and the order of the additions never matters (integer sums are exact): every
 * kernel and every split gives the same bits.  For integers ctranspose is transpose.
 *
 * Accumulators (Acc) by class, each exact for any k a device can hold:
 *   int8, uint8     products |p| <= 2^14 (uint8 < 2^16); a k-tile of 32 is summed in int32
 *                   (< 2^21) and that added to a 64-bit Acc: one 32-bit add a product.
 *   int16, uint16   products <= 2^30 (uint16 < 2^32) straight into a 64-bit Acc: exact for
 *                   k < 2^33 (signed) / 2^32 (unsigned), i.e. an 8 GiB column of A.
 *   int32, uint32   products < 2^64 into (unsigned) __int128: exact for k < 2^63.
 *   int64, uint64   a product needs up to 127 bits (signed: (-2^63)^2 = 2^126) and a sum of
 *                   two can already pass 2^127, so Acc is 192 bits: an unsigned __int128 low
 *                   part and a signed 64-bit word of carries (Wide below).
 *
 * Versions (all bounds-checked, any size, every op pair, pages on the grid):
 *   naive   one thread per element of C, blockDim (32, 8), threadIdx.x along i (contiguous in
 *           C and in an MN-major A).  The reference the others are tested against.
 *   tiled   a BM x BN block tile staged through shared memory BK = 32 deep, each of the 256
 *           threads a TM x TN register tile (4x4 for 8- to 32-bit classes: 16 accumulators of
 *           up to 4 registers; 2x2 for 64-bit classes, whose 192-bit Wide accumulators take
 *           6 registers each).  Its rows are ty + 16 r and columns tx + 16 c, so that a warp
 *           reads 16 consecutive As entries and 16 consecutive Bs entries (no bank conflicts
 *           beyond the broadcast).  Tiles are loaded with consecutive threads on the operand's
 *           contiguous index (coalesced) whatever its layout.  auto runs this one.
 *   imma    int8 / uint8 from sm_80, auto only: mma.sync m16n8k32 (s8 / u8, int32 sums, exact
 *           for k <= 32768 in both: 32768 * 65025 < 2^31), a 128 x 128 block tile, 8 warps of
 *           64 x 32, 16-byte tile loads where aligned, no pipeline: a first version, to be
 *           measured against cublasGemmEx INT8 (bench/bench_integer.cu).  Deeper products go
 *           to tiled.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <type_traits>
#include "matmul_internal.cuh"

/* The sm_75 pass compiles the imma kernel's body away, leaving its tile constants unreferenced
 * (warning 177 in every package build before this). */
#pragma nv_diag_suppress 177

namespace gm_matmul_detail {
namespace {

typedef __int128 i128;
typedef unsigned __int128 u128;

/* 192-bit two's-complement accumulator: value = hi * 2^128 + lo (lo unsigned). */
struct Wide {
  u128 lo;
  int64_t hi;
};
__host__ __device__ __forceinline__ void wide_add (Wide &w, i128 p)
{
  const u128 lo = w.lo + (u128) p;
  w.hi += (lo < w.lo ? 1 : 0) + (p < 0 ? -1 : 0);
  w.lo = lo;
}
__host__ __device__ __forceinline__ void wide_add (Wide &w, u128 p)
{
  const u128 lo = w.lo + p;
  w.hi += lo < w.lo ? 1 : 0;
  w.lo = lo;
}

/* Per class: the accumulator, the product of two elements (exact, in a type that holds it),
 * the inner k-tile sum type (int32 for 8-bit classes) and the saturating conversion. */
template <typename T> struct IntOps;

template <typename T, typename P, typename A, typename I> struct SmallOps {
  typedef A Acc;     /* whole sum                                                     */
  typedef I Inner;   /* sum of one k-tile of at most 32 products; Acc itself where a
                        narrower exact type would not hold 32 products                */
  static __device__ __forceinline__ P mul (T a, T b) { return (P) a * (P) b; }
  static __device__ __forceinline__ void add (Acc &acc, Inner s) { acc += (Acc) s; }
  static __device__ __forceinline__ T saturate (Acc v)
  {
    /* all ones below the sign bit: the largest value of T */
    constexpr Acc hi = (Acc) (T) ~((uint64_t) (std::is_signed<T>::value ? 1 : 0)
                                   << (8 * sizeof (T) - 1));
    if constexpr (std::is_signed<T>::value) {
      constexpr Acc lo = -hi - 1;
      return (T) (v < lo ? lo : v > hi ? hi : v);
    } else {
      return (T) (v > hi ? hi : v);
    }
  }
};
/* Products in 32 bits for 8- and 16-bit classes ((-2^15)^2 = 2^30, 65535^2 < 2^32), 64 for
   32-bit ones; a 32-product k-tile sums in 32 bits for 8-bit classes (< 2^21), 64 for 16-bit
   (< 2^37); 32-bit classes add each product to the 128-bit Acc (a tile could reach 2^67). */
template <> struct IntOps<int8_t> : SmallOps<int8_t, int32_t, int64_t, int32_t> {};
template <> struct IntOps<uint8_t> : SmallOps<uint8_t, uint32_t, uint64_t, uint32_t> {};
template <> struct IntOps<int16_t> : SmallOps<int16_t, int32_t, int64_t, int64_t> {};
template <> struct IntOps<uint16_t> : SmallOps<uint16_t, uint32_t, uint64_t, uint64_t> {};
template <> struct IntOps<int32_t> : SmallOps<int32_t, int64_t, i128, i128> {};
template <> struct IntOps<uint32_t> : SmallOps<uint32_t, uint64_t, u128, u128> {};

template <> struct IntOps<int64_t> {
  typedef Wide Acc;
  typedef Wide Inner;
  static __device__ __forceinline__ i128 mul (int64_t a, int64_t b) { return (i128) a * b; }
  static __device__ __forceinline__ void add (Acc &acc, const Wide &s)
  {
    const u128 lo = acc.lo + s.lo;
    acc.hi += s.hi + (lo < acc.lo ? 1 : 0);
    acc.lo = lo;
  }
  static __device__ __forceinline__ int64_t saturate (const Wide &v)
  {
    /* fits when the top 129 bits are all equal: hi == 0 and lo < 2^63, or hi == -1 and
       lo >= 2^128 - 2^63 */
    const u128 half = (u128) 1 << 63;
    if (v.hi == 0 && v.lo < half)
      return (int64_t) (uint64_t) v.lo;
    if (v.hi == -1 && v.lo >= (u128) 0 - half)
      return (int64_t) (uint64_t) v.lo;
    return v.hi < 0 ? INT64_MIN : INT64_MAX;
  }
};
template <> struct IntOps<uint64_t> {
  typedef Wide Acc;
  typedef Wide Inner;
  static __device__ __forceinline__ u128 mul (uint64_t a, uint64_t b) { return (u128) a * b; }
  static __device__ __forceinline__ void add (Acc &acc, const Wide &s)
  {
    const u128 lo = acc.lo + s.lo;
    acc.hi += s.hi + (lo < acc.lo ? 1 : 0);
    acc.lo = lo;
  }
  static __device__ __forceinline__ uint64_t saturate (const Wide &v)
  {
    return v.hi == 0 && (v.lo >> 64) == 0 ? (uint64_t) v.lo : UINT64_MAX;
  }
};

/* inner += a * b, for the inner type of each class */
template <typename T, typename I> __device__ __forceinline__ void mac (I &inner, T a, T b)
{
  inner += IntOps<T>::mul (a, b);
}
template <> __device__ __forceinline__ void mac<int64_t, Wide> (Wide &inner, int64_t a, int64_t b)
{
  wide_add (inner, IntOps<int64_t>::mul (a, b));
}
template <> __device__ __forceinline__ void mac<uint64_t, Wide> (Wide &inner, uint64_t a, uint64_t b)
{
  wide_add (inner, IntOps<uint64_t>::mul (a, b));
}

template <typename X> __device__ __forceinline__ X zero_of () { return X (0); }
template <> __device__ __forceinline__ Wide zero_of<Wide> () { return Wide{0, 0}; }

template <typename T> __device__ __forceinline__ void store (const Gemm<T> &g, int64_t i, int64_t j, T v)
{
  g.C[g.ct ? j + i * g.ldc : i + j * g.ldc] = v;
}

/* ---- naive ---------------------------------------------------------------------------------- */
/* blockDim (32, 8): threadIdx.x along i, threadIdx.y along j; one element of C a thread.
 * k is walked in tiles of 32 so that the 8-bit classes sum a tile in int32 as tiled does. */
template <typename T, bool KA, bool KB>
__global__ void __launch_bounds__ (256)
matmul_int_naive_kernel (Gemm<T> g)
{
  typedef IntOps<T> Ops;
  const int64_t ti = enter_block<KA, KB> (g);
  const int64_t i = ti * 32 + threadIdx.x;
  const int64_t j = blockIdx.y * (int64_t) blockDim.y + threadIdx.y;
  if (i >= g.m || j >= g.n)
    return;
  const T *a = g.A + (KA ? i * g.lda : i), *b = g.B + (KB ? j * g.ldb : j);
  typedef typename Ops::Acc Acc;
  typedef typename Ops::Inner Inner;
  Acc acc = zero_of<Acc> ();
  if constexpr (std::is_same<Inner, Acc>::value) {
    for (int64_t p = 0; p < g.k; p++)
      mac<T> (acc, a[KA ? p : p * g.lda], b[KB ? p : p * g.ldb]);
  } else {
    for (int64_t p0 = 0; p0 < g.k; p0 += 32) {
      const int64_t p1 = p0 + 32 < g.k ? p0 + 32 : g.k;
      Inner s = zero_of<Inner> ();
      for (int64_t p = p0; p < p1; p++)
        mac<T> (s, a[KA ? p : p * g.lda], b[KB ? p : p * g.ldb]);
      Ops::add (acc, s);
    }
  }
  store (g, i, j, Ops::saturate (acc));
}

/* ---- tiled ---------------------------------------------------------------------------------- */
/* sum[r][c] += As[p][ty + 16 r] * Bs[p][tx + 16 c] over the BK = 32 rows of a staged tile. */
template <typename T, int TM, int TN, typename S, typename ATile, typename BTile>
__device__ __forceinline__ void tile_products (const ATile &As, const BTile &Bs, int tx, int ty,
                                               S (&sum)[TM][TN])
{
#pragma unroll 8
  for (int p = 0; p < 32; p++) {
    T av[TM], bv[TN];
#pragma unroll
    for (int r = 0; r < TM; r++)
      av[r] = As[p][ty + 16 * r];
#pragma unroll
    for (int c = 0; c < TN; c++)
      bv[c] = Bs[p][tx + 16 * c];
#pragma unroll
    for (int r = 0; r < TM; r++)
#pragma unroll
      for (int c = 0; c < TN; c++)
        mac<T> (sum[r][c], av[r], bv[c]);
  }
}

/* Launch contract: 256 threads (16 x 16), tile BM = 16 TM rows by BN = 16 TN columns of C,
 * BK = 32 deep.  Thread (tx, ty) owns rows ty + 16 r (r < TM) and columns tx + 16 c (c < TN).
 * As[p][i] and Bs[p][j]: p-major so that the inner loop reads a row of each. */
template <typename T, bool KA, bool KB, int TM, int TN>
__global__ void __launch_bounds__ (256)
matmul_int_tiled_kernel (Gemm<T> g)
{
  typedef IntOps<T> Ops;
  typedef typename Ops::Acc Acc;
  typedef typename Ops::Inner Inner;
  constexpr int BM = 16 * TM, BN = 16 * TN, BK = 32;
  /* +1 (of a 4-byte word for small types) keeps a K-major tile's transposed stores apart */
  constexpr int PAD = sizeof (T) >= 4 ? 1 : 4 / (int) sizeof (T);
  __shared__ T As[BK][BM + PAD];
  __shared__ T Bs[BK][BN + PAD];
  const int64_t ti = enter_block<KA, KB> (g);
  const int tid = threadIdx.x, tx = tid & 15, ty = tid >> 4;
  const int64_t i0 = ti * BM, j0 = blockIdx.y * (int64_t) BN;
  const int64_t m = g.m, n = g.n, k = g.k;
  Acc acc[TM][TN];
#pragma unroll
  for (int r = 0; r < TM; r++)
#pragma unroll
    for (int c = 0; c < TN; c++)
      acc[r][c] = zero_of<Acc> ();
  for (int64_t p0 = 0; p0 < k; p0 += BK) {
    /* A tile: consecutive threads on A's contiguous index (i for MN-major, p for K-major). */
#pragma unroll
    for (int e = tid; e < BM * BK; e += 256) {
      const int x = KA ? e / BK : e % BM, p = KA ? e % BK : e / BM;
      const int64_t gi = i0 + x, gp = p0 + p;
      As[p][x] = (gi < m && gp < k) ? g.A[at<KA> (gi, gp, g.lda)] : T (0);
    }
#pragma unroll
    for (int e = tid; e < BN * BK; e += 256) {
      const int x = KB ? e / BK : e % BN, p = KB ? e % BK : e / BN;
      const int64_t gj = j0 + x, gp = p0 + p;
      Bs[p][x] = (gj < n && gp < k) ? g.B[at<KB> (gj, gp, g.ldb)] : T (0);
    }
    __syncthreads ();
    if constexpr (std::is_same<Inner, Acc>::value) {
      tile_products<T, TM, TN> (As, Bs, tx, ty, acc);
    } else {
      Inner s[TM][TN];
#pragma unroll
      for (int r = 0; r < TM; r++)
#pragma unroll
        for (int c = 0; c < TN; c++)
          s[r][c] = zero_of<Inner> ();
      tile_products<T, TM, TN> (As, Bs, tx, ty, s);
#pragma unroll
      for (int r = 0; r < TM; r++)
#pragma unroll
        for (int c = 0; c < TN; c++)
          Ops::add (acc[r][c], s[r][c]);
    }
    __syncthreads ();
  }
#pragma unroll
  for (int r = 0; r < TM; r++) {
    const int64_t i = i0 + ty + 16 * r;
#pragma unroll
    for (int c = 0; c < TN; c++) {
      const int64_t j = j0 + tx + 16 * c;
      if (i < m && j < n)
        store (g, i, j, Ops::saturate (acc[r][c]));
    }
  }
}

/* ---- imma: int8 / uint8 on the tensor cores (sm_80+) ------------------------------------- */
/* mma.sync.aligned.m16n8k32.row.col.s32.{s8,u8}: int32 sums, exact while k * max |product| <
 * 2^31: int8 products are at most 2^14 (k < 131072), uint8 ones 65025 (k <= 33025); this
 * kernel takes k <= IMMA_MAX_K = 32768 for both and leaves deeper products to tiled.
 *
 * Launch contract: 256 threads (8 warps as 2 along i x 4 along j), a 128 x 128 tile of C per
 * block, BK = 32 (one mma depth).  Shared memory holds As[i][p] and Bs[j][p] (p contiguous, the
 * layout the fragments want: each fragment register is 4 consecutive p of one row, one 32-bit
 * load) with rows of 48 bytes: 32 + 16 of padding puts the 8 rows a warp's fragment load
 * touches on 8 distinct groups of 4 banks (a 32-byte pitch would be a 2-way conflict).  Warp
 * (wi, wj) owns rows wi*64 .. +63 and columns wj*32 .. +31: 4 x 4 mma tiles of 16 x 8, 64 int32
 * accumulators a thread.  Tiles are loaded as bytes with consecutive threads on the operand's
 * contiguous index (coalesced) in 16-byte pieces where aligned (imma_load_tile), zero outside
 * the matrix.  No cp.async pipeline yet. */
constexpr int IMMA_BM = 128, IMMA_BN = 128, IMMA_BK = 32, IMMA_PITCH = 48;
constexpr int64_t IMMA_MAX_K = 32768;

/* One 128 x 32 tile of an operand (rows x < rows_x of op, p0 .. p0 + 31 of k) into S[x][p],
 * 16 bytes a thread, zero outside the matrix.  K-major (p contiguous): thread t takes row
 * t / 2, bytes 16 (t % 2) .. + 15, one 16-byte load where `vec` (base, ld and page stride
 * 16-byte multiples) and the 16 lie inside k.  MN-major (x contiguous): thread t takes column
 * p = t / 8, rows 16 (t % 8) .. + 15, one 16-byte load where `vec` and the rows lie inside,
 * stored transposed byte by byte.  Otherwise byte loads of the same elements. */
template <bool KMAJ>
__device__ __forceinline__ void imma_load_tile (uint8_t (*S)[IMMA_PITCH], const uint8_t *X,
                                                int64_t ld, int64_t x0, int64_t rows_x,
                                                int64_t p0, int64_t k, bool vec, int tid)
{
  if constexpr (KMAJ) {
    const int x = tid >> 1, h = (tid & 1) * 16;
    const int64_t gx = x0 + x, gp = p0 + h;
    if (vec && gx < rows_x && gp + 16 <= k) {
      *reinterpret_cast<int4 *> (&S[x][h]) = *reinterpret_cast<const int4 *> (X + gp + gx * ld);
    } else {
#pragma unroll
      for (int q = 0; q < 16; q++)
        S[x][h + q] = (gx < rows_x && gp + q < k) ? X[gp + q + gx * ld] : (uint8_t) 0;
    }
  } else {
    const int p = tid >> 3, xs = (tid & 7) * 16;
    const int64_t gp = p0 + p, gx = x0 + xs;
    union { int4 w; uint8_t b[16]; } v;
    if (vec && gp < k && gx + 16 <= rows_x) {
      v.w = *reinterpret_cast<const int4 *> (X + gx + gp * ld);
    } else {
#pragma unroll
      for (int q = 0; q < 16; q++)
        v.b[q] = (gp < k && gx + q < rows_x) ? X[gx + q + gp * ld] : (uint8_t) 0;
    }
#pragma unroll
    for (int q = 0; q < 16; q++)
      S[xs + q][p] = v.b[q];
  }
}

template <typename T, bool KA, bool KB>
__global__ void __launch_bounds__ (256)
matmul_int_imma_kernel (Gemm<T> g, bool vec_a, bool vec_b)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  __shared__ __align__ (16) uint8_t As[IMMA_BM][IMMA_PITCH];
  __shared__ __align__ (16) uint8_t Bs[IMMA_BN][IMMA_PITCH];
  const int64_t ti = enter_block<KA, KB> (g);
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int wi = warp >> 2, wj = warp & 3, grp = lane >> 2, tig = lane & 3;
  const int64_t i0 = ti * IMMA_BM, j0 = blockIdx.y * (int64_t) IMMA_BN;
  const int64_t m = g.m, n = g.n, k = g.k;
  const uint8_t *A = (const uint8_t *) g.A, *B = (const uint8_t *) g.B;
  int32_t acc[4][4][4];
#pragma unroll
  for (int a = 0; a < 4; a++)
#pragma unroll
    for (int b = 0; b < 4; b++)
#pragma unroll
      for (int c = 0; c < 4; c++)
        acc[a][b][c] = 0;
  for (int64_t p0 = 0; p0 < k; p0 += IMMA_BK) {
    imma_load_tile<KA> (As, A, g.lda, i0, m, p0, k, vec_a, tid);
    imma_load_tile<KB> (Bs, B, g.ldb, j0, n, p0, k, vec_b, tid);
    __syncthreads ();
    uint32_t af[4][4], bf[4][2];
#pragma unroll
    for (int a = 0; a < 4; a++) {
      const int r0 = wi * 64 + a * 16 + grp;
      af[a][0] = *reinterpret_cast<const uint32_t *> (&As[r0][tig * 4]);
      af[a][1] = *reinterpret_cast<const uint32_t *> (&As[r0 + 8][tig * 4]);
      af[a][2] = *reinterpret_cast<const uint32_t *> (&As[r0][16 + tig * 4]);
      af[a][3] = *reinterpret_cast<const uint32_t *> (&As[r0 + 8][16 + tig * 4]);
    }
#pragma unroll
    for (int b = 0; b < 4; b++) {
      const int c0 = wj * 32 + b * 8 + grp;
      bf[b][0] = *reinterpret_cast<const uint32_t *> (&Bs[c0][tig * 4]);
      bf[b][1] = *reinterpret_cast<const uint32_t *> (&Bs[c0][16 + tig * 4]);
    }
#pragma unroll
    for (int a = 0; a < 4; a++)
#pragma unroll
      for (int b = 0; b < 4; b++) {
        int32_t *c = acc[a][b];
        if constexpr (std::is_signed<T>::value)
          asm volatile ("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, "
                        "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                        : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
                        : "r"(af[a][0]), "r"(af[a][1]), "r"(af[a][2]), "r"(af[a][3]),
                          "r"(bf[b][0]), "r"(bf[b][1]));
        else
          asm volatile ("mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32 {%0,%1,%2,%3}, "
                        "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
                        : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
                        : "r"(af[a][0]), "r"(af[a][1]), "r"(af[a][2]), "r"(af[a][3]),
                          "r"(bf[b][0]), "r"(bf[b][1]));
      }
    __syncthreads ();
  }
  /* c0, c1: row grp, columns 2 tig, 2 tig + 1; c2, c3: row grp + 8 */
  constexpr int32_t LO = std::is_signed<T>::value ? -128 : 0, HI = std::is_signed<T>::value ? 127 : 255;
#pragma unroll
  for (int a = 0; a < 4; a++)
#pragma unroll
    for (int b = 0; b < 4; b++)
#pragma unroll
      for (int c = 0; c < 4; c++) {
        const int64_t i = i0 + wi * 64 + a * 16 + grp + (c >> 1) * 8;
        const int64_t j = j0 + wj * 32 + b * 8 + tig * 2 + (c & 1);
        const int32_t v = acc[a][b][c];
        if (i < m && j < n)
          store (g, i, j, (T) (v < LO ? LO : v > HI ? HI : v));
      }
#endif
}

template <typename T> gm_status launch_imma (const MatmulArgs &a)
{
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    const bool va = vec_ok (a.A, a.lda, a.sa, 1), vb = vec_ok (a.B, a.ldb, a.sb, 1);
    return for_each_launch<T> (a, IMMA_BM, IMMA_BN, 1, a.k, 0, "matmul integer imma",
                               [&] (const Gemm<T> &g, dim3 grid) {
      matmul_int_imma_kernel<T, KA, KB><<<grid, 256, 0, a.stream>>> (g, va, vb);
    });
  });
}

/* auto: imma for 8-bit classes from sm_80, k <= IMMA_MAX_K and work enough to fill some of a
 * 128 x 128 tile (2^17 multiply-adds); tiled otherwise. */
template <typename T> bool use_imma (const MatmulArgs &a, const DeviceInfo &dev)
{
  return sizeof (T) == 1 && dev.cc >= 80 && a.k <= IMMA_MAX_K
         && (double) a.m * (double) a.n * (double) a.k * (double) a.batch >= 131072.0;
}

template <typename T> gm_status launch_naive (const MatmulArgs &a)
{
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    return for_each_launch<T> (a, 32, 8, 1, a.k, 0, "matmul integer naive",
                               [&] (const Gemm<T> &g, dim3 grid) {
      matmul_int_naive_kernel<T, KA, KB><<<grid, dim3 (32, 8), 0, a.stream>>> (g);
    });
  });
}

template <typename T> gm_status launch_tiled (const MatmulArgs &a)
{
  /* 64-bit classes: 2x2 a thread (32x32 tiles); their Wide accumulators are 6 registers. */
  constexpr int TT = sizeof (T) == 8 ? 2 : 4;
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    return for_each_launch<T> (a, 16 * TT, 16 * TT, 1, a.k, 0, "matmul integer tiled",
                               [&] (const Gemm<T> &g, dim3 grid) {
      matmul_int_tiled_kernel<T, KA, KB, TT, TT><<<grid, 256, 0, a.stream>>> (g);
    });
  });
}

template <typename T>
gm_status run (const MatmulArgs &a, gm_matmul_kernel kernel, const DeviceInfo &dev)
{
  /* gm_matmul has checked the kernel against the registry (auto, naive, tiled take integers) */
  if (a.k == 0)   /* the empty sum: zeros (gm_matmul hands integer classes over before its own
                     k == 0 fill) */
    return sum_slices<T> (a, 0, NULL);
  switch (kernel) {
  case GM_MATMUL_NAIVE: return launch_naive<T> (a);
  case GM_MATMUL_AUTO:
    if constexpr (sizeof (T) == 1)
      if (use_imma<T> (a, dev))
        return launch_imma<T> (a);
    return launch_tiled<T> (a);
  case GM_MATMUL_TILED: return launch_tiled<T> (a);
  default:   /* a registry row that lists integer classes without a case here */
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: kernel '%s' has no integer version",
                    gm_matmul_kernel_name (kernel) ? gm_matmul_kernel_name (kernel) : "?");
  }
}

} /* namespace */

gm_status matmul_integer (const MatmulArgs &a, gm_class cls, gm_matmul_kernel kernel,
                          const DeviceInfo &dev)
{
  switch (cls) {
  case GM_INT8:   return run<int8_t> (a, kernel, dev);
  case GM_UINT8:  return run<uint8_t> (a, kernel, dev);
  case GM_INT16:  return run<int16_t> (a, kernel, dev);
  case GM_UINT16: return run<uint16_t> (a, kernel, dev);
  case GM_INT32:  return run<int32_t> (a, kernel, dev);
  case GM_UINT32: return run<uint32_t> (a, kernel, dev);
  case GM_INT64:  return run<int64_t> (a, kernel, dev);
  case GM_UINT64: return run<uint64_t> (a, kernel, dev);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul: class %s is not an integer class",
                    gm_class_name (cls));
  }
}

} /* namespace gm_matmul_detail */
