/* tri_solve.cu: op(T) x = b for one vector, T an n x n real triangle (tri_solve.h), for the
 * condition estimate of G \ b: cuBLAS trsv runs one vector latency-bound, ~0.5 ms a solve at
 * n = 8192 double on the H200, and the estimate makes up to 22.  This kernel: 0.23 ms a solve
 * there (a block's step 1.6 us, 1.3 of it the hand-off; bench/NOTES-linalg.md, session 29).
 *
 * Prepared once per triangle (invert_diagonal, build_tiles): for each 64 x 64 diagonal block
 * and each op, the inverse of op (T_ii) and the "fold" inv (op (T_ii)) op(T)_{i,p}, p the block
 * solved just before i.  solve_kernel: one block of 256 threads per 64-row block of op(T), its
 * place in the order from an atomic ticket (it waits only for blocks that started before it: no
 * deadlock whatever blocks are resident).  It streams its row of tiles (two ahead in registers)
 * as the earlier parts of x appear, taking the parts of x of blocks whose done flags are set
 * into a ring in shared memory in batches, forms y_i = inv (op (T_ii)) (b_i - all but the last
 * contribution) ahead of time, and when x_p appears sets x_i = y_i - fold_i x_p: the chain from
 * one block to the next is one 64 x 64 product from registers and two shuffles.  The next two
 * blocks take x_p value by value: the solution is written into a buffer filled with an all-ones
 * NaN pattern first, and one warp of each spins on the 64 values until none is that pattern
 * (a result with those bits is stored as the ordinary NaN), so no fence or flag stands between
 * a value's store and its use on the chain.
 *
 * Accuracy: solving with a block's explicit inverse instead of by substitution costs about
 * cond (T_ii) eps in that block of x; the inverses and folds are computed in double (single
 * triangles too).  The condition estimate needs the norm of the solution only (solve.cu).
 * Results are the same bits run after run: every sum has a fixed order, no atomics in the
 * arithmetic.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <string.h>
#include "gpumat.h"
#include "tri_solve.h"

namespace {

constexpr int NB = 64;                  /* rows (and columns) of a block of T                   */
constexpr int THREADS = 256;            /* solve_kernel's block: thread (row, part), 4 per row  */
constexpr int PARTS = THREADS / NB;
constexpr int PER = NB / PARTS;         /* a thread's columns of a tile: part + PARTS k         */
#ifndef GM_TRI_SOLVE_RING
#define GM_TRI_SOLVE_RING 16            /* tests/cpu-standin builds with 2, to wrap at n = 321  */
#endif
constexpr int RING = GM_TRI_SOLVE_RING; /* blocks of x a solve block keeps in shared memory     */

/* bench/tri_solve_timeline.cu builds this file with GM_TRI_SOLVE_TIMELINE: thread 0 of each
   solve block stamps the GPU's clock (ns) at its stages, by ticket; nothing otherwise. */
#ifdef GM_TRI_SOLVE_TIMELINE
enum { STAMP_TICKET, STAMP_STREAMED, STAMP_Y, STAMP_PREV, STAMP_STORED, STAMP_FLAG, STAMPS };
constexpr int STAMP_BLOCKS = 4096;
__device__ unsigned long long gm_tri_solve_stamps[STAMPS][STAMP_BLOCKS];
#define STAMP(stage, t)                                                                      \
  do {                                                                                       \
    if (threadIdx.x == 0 && (t) < STAMP_BLOCKS) {                                            \
      unsigned long long ns_;                                                                \
      asm volatile ("mov.u64 %0, %%globaltimer;" : "=l"(ns_));                               \
      gm_tri_solve_stamps[stage][t] = ns_;                                                   \
    }                                                                                        \
  } while (0)
#else
#define STAMP(stage, t) do { } while (0)
#endif
constexpr size_t ALIGN = 256;

/* The workspace: the inverses of the diagonal blocks (column-major, as invert_diagonal leaves
   them), then by op (none, transpose) the blocks of inv (op (T_ii)) and of the folds (row-major:
   (r, c) at r NB + c), then the solution buffer (nb NB values), nb done flags by ticket and the
   ticket counter. */
struct work_layout {
  int64_t nb;
  size_t tiles_at[5];                   /* inverse, inv none, inv trans, fold none, fold trans */
  size_t out_at, flags_at, bytes;
};
enum { TILE_INVERSE = 0, TILE_INV_OP = 1, TILE_FOLD_OP = 3 };

int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
size_t aligned (size_t b) { return (b + ALIGN - 1) / ALIGN * ALIGN; }

work_layout layout_of (gm_class cls, int64_t n)
{
  work_layout w;
  w.nb = ceil_div (n, NB);
  const size_t es = gm_class_size (cls), tiles = aligned ((size_t) w.nb * NB * NB * es);
  for (int k = 0; k < 5; k++)
    w.tiles_at[k] = (size_t) k * tiles;
  w.out_at = 5 * tiles;
  w.flags_at = w.out_at + aligned ((size_t) w.nb * NB * es);
  w.bytes = w.flags_at + (size_t) (w.nb + 1) * sizeof (int);
  return w;
}

/* op(T) is lower triangular (rows solved in increasing order) for a lower T and no transpose,
   or an upper T transposed. */
__host__ __device__ inline bool forward_of (bool upper, bool trans) { return upper ? trans : !trans; }

/* A value of x not written yet: all bits set (a NaN no arithmetic produces). */
template <typename R> struct word;
template <> struct word<double> { typedef unsigned long long type; };
template <> struct word<float> { typedef unsigned int type; };

template <typename R>
__device__ __forceinline__ R from_word (typename word<R>::type u)
{
  R v;
  memcpy (&v, &u, sizeof v);
  return v;
}

/* Loads and stores of x's words that another block reads or writes while this one runs:
   relaxed at device scope (on CPU threads, tests/cpu-standin, volatile). */
#ifdef __CUDA_ARCH__
__device__ __forceinline__ unsigned long long load_word (const unsigned long long *p)
{
  unsigned long long u;
  asm volatile ("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(u) : "l"(p) : "memory");
  return u;
}
__device__ __forceinline__ unsigned load_word (const unsigned *p)
{
  unsigned u;
  asm volatile ("ld.relaxed.gpu.global.b32 %0, [%1];" : "=r"(u) : "l"(p) : "memory");
  return u;
}
__device__ __forceinline__ void store_word (unsigned long long *p, unsigned long long u)
{
  asm volatile ("st.relaxed.gpu.global.b64 [%0], %1;" :: "l"(p), "l"(u) : "memory");
}
__device__ __forceinline__ void store_word (unsigned *p, unsigned u)
{
  asm volatile ("st.relaxed.gpu.global.b32 [%0], %1;" :: "l"(p), "r"(u) : "memory");
}
#else
template <typename U> U load_word (const U *p) { return *(const volatile U *) p; }
template <typename U> void store_word (U *p, U u) { *(volatile U *) p = u; }
#endif

/* sh := x's block at j0 (NB values, 0 past n) once the block that owns them has stored them:
   warp 0 waits, two values a lane, every load issued before any is waited for; then a barrier
   (every thread calls it).  Only the two blocks next in the order wait this way, and only one
   warp of each spins: 256 threads of every waiting block spinning on the same words (v2a,
   session 28) slowed the whole chain. */
template <typename R>
__device__ __forceinline__ void wait_block (R (&sh)[NB], const R *x, int64_t j0, int64_t n)
{
  typedef typename word<R>::type U;
  if (threadIdx.x < 32) {
    const U *p = (const U *) x;
    const int64_t a = j0 + threadIdx.x, b = a + 32;
    U ua = a < n ? load_word (p + a) : U (0), ub = b < n ? load_word (p + b) : U (0);
    while (ua == ~U (0))
      ua = load_word (p + a);
    while (ub == ~U (0))
      ub = load_word (p + b);
    sh[threadIdx.x] = from_word<R> (ua);
    sh[threadIdx.x + 32] = from_word<R> (ub);
  }
  __syncthreads ();
}

template <typename R>
__device__ __forceinline__ void store_value (R *x, int64_t i, R v)
{
  typedef typename word<R>::type U;
  U u;
  memcpy (&u, &v, sizeof u);
  if (u == ~U (0))                              /* keep the pattern for "not yet" only      */
    u = sizeof (U) == 8 ? (U) 0x7ff8000000000000ULL : (U) 0x7fc00000u;
  store_word ((U *) (x + i), u);
}

/* ---- kernels ---------------------------------------------------------------------------- */
/* Column-major: T(i, j) at T[i + j * lda], i contiguous. */

/* inv[b] := the inverse of T's diagonal block b (NB x NB, column-major, zero outside the
   triangle and past n; a unit diagonal taken as 1), read from T's triangle only.  Launch: one
   block of NB threads a diagonal block; thread c reads row c of the block (coalesced), solves
   for column c of the inverse by substitution in double, and writes row c of it (coalesced,
   through shared memory). */
template <typename R>
__global__ void __launch_bounds__ (NB)
invert_diagonal (int64_t n, const R *__restrict__ T, int64_t lda, int upper, int unit, R *inv)
{
  __shared__ double t[NB][NB + 1];              /* t[j][i] = T(b0 + i, b0 + j)               */
  const int64_t b0 = (int64_t) blockIdx.x * NB;
  const int m = n - b0 < NB ? (int) (n - b0) : NB;
  const int c = threadIdx.x;
  for (int j = 0; j < NB; j++) {
    double v = 0;
    if (c < m && j < m && (upper ? c <= j : c >= j))
      v = c == j && unit ? 1.0 : (double) T[(b0 + c) + (b0 + j) * lda];
    t[j][c] = v;
  }
  __syncthreads ();
  double x[NB];
  for (int k = 0; k < NB; k++)
    x[k] = 0;
  if (c < m) {
    if (upper)
      for (int k = c; k >= 0; k--) {
        double s = k == c ? 1.0 : 0.0;
        for (int p = k + 1; p <= c; p++)
          s -= t[p][k] * x[p];
        x[k] = s / t[k][k];
      }
    else
      for (int k = c; k < m; k++) {
        double s = k == c ? 1.0 : 0.0;
        for (int p = c; p < k; p++)
          s -= t[p][k] * x[p];
        x[k] = s / t[k][k];
      }
  }
  __syncthreads ();                             /* every thread is done reading t             */
  for (int k = 0; k < NB; k++)
    t[c][k] = x[k];
  __syncthreads ();
  R *out = inv + (int64_t) blockIdx.x * NB * NB;
  for (int j = 0; j < NB; j++)
    out[c + j * NB] = (R) t[j][c];
}

/* For diagonal block bi = blockIdx.x / 2 and op o = blockIdx.x % 2 (0 none, 1 transpose):
   inv_op[bi] := inv (op (T_ii)) and fold[bi] := inv (op (T_ii)) op(T)(I, P), P the block solved
   just before bi for this op (zero when bi is the first), both row-major, in double from inv
   (invert_diagonal's).  op(T)(I, P) lies in T's triangle, off the diagonal blocks; it comes
   through shared memory a quarter (16 columns) at a time.  Launch: 2 nb blocks of THREADS
   threads; thread (r, part) = (tid / PARTS, tid % PARTS) makes row r's columns part + PARTS k. */
template <typename R>
__global__ void __launch_bounds__ (THREADS)
build_tiles (int64_t n, const R *__restrict__ T, int64_t lda, int upper, const R *__restrict__ inv,
             R *inv_op, R *fold)
{
  constexpr int QC = NB / 4;                    /* columns of op(T)(I, P) a pass            */
  __shared__ double s[NB][NB + 1];              /* s[r][c] = inv (op (T_ii))(r, c)          */
  __shared__ double pc[NB][QC + 1];             /* pc[q][c] = op(T)(i0 + q, p0 + c0 + c)    */
  const int o = blockIdx.x % 2;
  const int64_t nb = gridDim.x / 2, bi = blockIdx.x / 2, i0 = bi * NB;
  const int tid = threadIdx.x, r = tid / PARTS, part = tid % PARTS;
  const R *v = inv + bi * NB * NB;
  for (int e = tid; e < NB * NB; e += THREADS) {
    const int a = e % NB, b = e / NB;           /* v[e] = inv (T_ii)(a, b)                  */
    if (o)
      s[b][a] = (double) v[e];
    else
      s[a][b] = (double) v[e];
  }
  __syncthreads ();
  R *io = inv_op + (o * nb + bi) * NB * NB, *fo = fold + (o * nb + bi) * NB * NB;
  for (int k = 0; k < PER; k++)
    io[r * NB + part + PARTS * k] = (R) s[r][part + PARTS * k];
  const int64_t pb = forward_of (upper != 0, o != 0) ? bi - 1 : bi + 1;
  const int64_t p0 = pb * NB;
  const bool has = pb >= 0 && pb < nb;
  for (int c0 = 0; c0 < NB; c0 += QC) {
    for (int e = tid; e < NB * QC; e += THREADS) {
      /* o = 0: q runs fastest (down T's column); o = 1: c does (down T's column too) */
      const int q = o ? e / QC : e % NB, c = o ? e % QC : e / NB;
      const int64_t i = i0 + q, j = p0 + c0 + c;
      pc[q][c] = has && i < n && j < n ? (double) (o ? T[j + i * lda] : T[i + j * lda]) : 0.0;
    }
    __syncthreads ();
    for (int k = 0; k < QC / PARTS; k++) {
      const int c = part + PARTS * k;
      double f = 0;
#pragma unroll 16
      for (int q = 0; q < NB; q++)
        f += s[r][q] * pc[q][c];
      fo[r * NB + c0 + c] = (R) f;
    }
    __syncthreads ();
  }
}

/* out := inv (op (T)) x, op = T' when TRANS; at launch out is all ones ("not yet") and the
   flags and the ticket zero.  forward: block rows of op(T) in increasing order, else decreasing.
   Launch: nb blocks of THREADS threads.  While streaming, thread (r, part) holds row r's sums
   over columns part + PARTS k of each tile: r = tid % NB for op(T) = T (a warp reads 32 rows of
   a column), r = tid / PARTS for the transpose (a warp reads 4 consecutive rows of 8 columns of
   T); the products with inv_op and fold use the second layout, summed by shuffles.
   A block waits for the parts of x two ways: for the last two blocks before it, value by value
   (wait_block); for the others, by their done flags (set after their values and a fence),
   thread 0 polling and taking every later flag already set, as blocks finish in ticket order. */
template <typename R, bool TRANS>
__global__ void __launch_bounds__ (THREADS, 1)
solve_kernel (int64_t n, const R *__restrict__ T, int64_t lda, int forward,
              const R *__restrict__ inv_op, const R *__restrict__ fold, const R *__restrict__ x,
              int *flags, R *out)
{
  __shared__ R sums[PARTS][NB];
  __shared__ R res[NB];
  __shared__ R last_sh[NB], prev_sh[NB];        /* x of the last streamed block, of the last */
  __shared__ R ring[RING][NB];                  /* x of flagged blocks, block s at s % RING  */
  __shared__ int64_t ticket_sh, ready_sh, copied_sh;
  const int tid = threadIdx.x;
  const int r = TRANS ? tid / PARTS : tid % NB, part = TRANS ? tid % PARTS : tid / NB;
  const int fr = tid / PARTS, fp = tid % PARTS; /* the product layout                        */
  const int64_t nb = gridDim.x;
  if (tid == 0) {
    ticket_sh = atomicAdd (flags + nb, 1);
    ready_sh = 0;
    copied_sh = 0;
  }
  __syncthreads ();
  const int64_t t = ticket_sh;                  /* this block's place in the order            */
  STAMP (STAMP_TICKET, t);
  const int64_t bi = forward ? t : nb - 1 - t;
  const int64_t i0 = bi * NB;
  auto block_of = [&] (int64_t s) { return forward ? s : nb - 1 - s; };
  /* row fr's columns fp + PARTS k of inv (op (T_ii)) and of the fold, loaded first */
  R minv[PER], mfold[PER];
#pragma unroll
  for (int k = 0; k < PER; k++) {
    minv[k] = inv_op[bi * NB * NB + fr * NB + fp + PARTS * k];
    mfold[k] = t > 0 ? fold[bi * NB * NB + fr * NB + fp + PARTS * k] : R (0);
  }
  /* the tile of op(T) at block row bi, block column block_of (s), zero past n */
  auto load_tile = [&] (R (&v)[PER], int64_t s) {
    const int64_t j0 = block_of (s) * NB;
#pragma unroll
    for (int k = 0; k < PER; k++) {
      const int64_t i = i0 + r, j = j0 + part + PARTS * k;
      v[k] = i < n && j < n ? (TRANS ? T[j + i * lda] : T[i + j * lda]) : R (0);
    }
  };
  /* every contribution but the last block's, as the parts of x appear: tiles two ahead in
     registers; the parts of x of blocks whose flags are set come into a ring in shared memory
     in batches (one round trip for up to RING tiles, not one a tile) */
  const int64_t streamed = t > 0 ? t - 1 : 0;
  R acc = 0, cur[PER], next[PER], after[PER];
  if (streamed > 0)
    load_tile (cur, 0);
  if (streamed > 1)
    load_tile (next, 1);
  for (int64_t s = 0; s < streamed; s++) {
    if (s + 2 < streamed)
      load_tile (after, s + 2);
    R xs[PER];
    if (s + 1 == streamed) {
      wait_block (last_sh, out, block_of (s) * NB, n);
#pragma unroll
      for (int k = 0; k < PER; k++)
        xs[k] = last_sh[part + PARTS * k];
    } else {
      if (s >= copied_sh) {                     /* uniform: read after a barrier            */
        __syncthreads ();                       /* all have read copied_sh and are done with
                                                   the ring's older blocks                   */
        if (s >= ready_sh) {                    /* uniform, as copied_sh                    */
          __syncthreads ();                     /* all have read ready_sh                    */
          if (tid == 0) {
            /* blocks finish in ticket order: wait for ticket s, take every later one done */
            int64_t k = s;
            while (load_word ((const unsigned *) flags + k) == 0)
              ;
            while (k + 2 < streamed && load_word ((const unsigned *) flags + k + 1) != 0)
              k++;
            __threadfence ();
            ready_sh = k + 1;
          }
          __syncthreads ();
        }
        int64_t e = ready_sh < s + RING ? ready_sh : s + RING;
        if (e > streamed - 1)
          e = streamed - 1;
        for (int q = tid; q < (int) (e - s) * NB; q += THREADS) {
          const int64_t bq = s + q / NB, j = block_of (bq) * NB + q % NB;
          /* stored before the flag: read from L2 */
          ring[bq % RING][q % NB] = j < n ? __ldcg (out + j) : R (0);
        }
        if (tid == 0)
          copied_sh = e;
        __syncthreads ();
      }
#pragma unroll
      for (int k = 0; k < PER; k++)
        xs[k] = ring[s % RING][part + PARTS * k];
    }
#pragma unroll
    for (int k = 0; k < PER; k++)
      acc += cur[k] * xs[k];
#pragma unroll
    for (int k = 0; k < PER; k++) {
      cur[k] = next[k];
      next[k] = after[k];
    }
  }
  STAMP (STAMP_STREAMED, t);
  sums[part][r] = acc;
  __syncthreads ();
  if (tid < NB)
    res[tid] = (i0 + tid < n ? x[i0 + tid] : R (0))
               - ((sums[0][tid] + sums[1][tid]) + (sums[2][tid] + sums[3][tid]));
  __syncthreads ();
  /* y = inv (op (T_ii)) res, then x_i = y - fold x_p once x_p appears */
  R y = 0;
#pragma unroll
  for (int k = 0; k < PER; k++)
    y += minv[k] * res[fp + PARTS * k];
  y += __shfl_xor_sync (0xffffffffu, y, 1);
  y += __shfl_xor_sync (0xffffffffu, y, 2);
  STAMP (STAMP_Y, t);
  R d = 0;
  if (t > 0) {
    wait_block (prev_sh, out, block_of (t - 1) * NB, n);
    STAMP (STAMP_PREV, t);
#pragma unroll
    for (int k = 0; k < PER; k++)
      d += mfold[k] * prev_sh[fp + PARTS * k];
  }
  d += __shfl_xor_sync (0xffffffffu, d, 1);
  d += __shfl_xor_sync (0xffffffffu, d, 2);
  if (fp == 0 && i0 + fr < n)
    store_value (out, i0 + fr, y - d);
  STAMP (STAMP_STORED, t);
  /* the flag for the blocks further on, after every value of this block */
  __threadfence ();
  __syncthreads ();
  if (tid == 0)
    store_word ((unsigned *) flags + t, 1u);
  STAMP (STAMP_FLAG, t);
}

/* ---- launchers -------------------------------------------------------------------------- */

gm_status check_args (const char *who, gm_class cls, int64_t n, const void *d_T, int64_t lda,
                      const void *d_other)
{
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: class %s (double or single only)", who,
                    gm_class_name (cls));
  if (n < 0 || lda < (n > 1 ? n : 1))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: n = %lld, lda = %lld", who, (long long) n,
                    (long long) lda);
  if (n > 0 && (!d_T || !d_other))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: no matrix or no vector/workspace", who);
  if (ceil_div (n, NB) > 1073741823)            /* build_tiles' grid: 2 nb blocks           */
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: n = %lld", who, (long long) n);
  return GM_OK;
}

gm_status launched (const char *where)
{
  return gm_cuda_status (cudaGetLastError (), where);
}

template <typename R>
gm_status prepare_t (int upper, int unit, int64_t n, const R *T, int64_t lda, char *work)
{
  const work_layout w = layout_of (sizeof (R) == 8 ? GM_DOUBLE : GM_SINGLE, n);
  R *inv = (R *) (work + w.tiles_at[TILE_INVERSE]);
  invert_diagonal<R><<<(unsigned) w.nb, NB>>> (n, T, lda, upper != 0, unit != 0, inv);
  gm_status st = launched ("tri_solve: invert_diagonal");
  if (st != GM_OK)
    return st;
  build_tiles<R><<<(unsigned) (2 * w.nb), THREADS>>> (n, T, lda, upper != 0, inv,
                                                      (R *) (work + w.tiles_at[TILE_INV_OP]),
                                                      (R *) (work + w.tiles_at[TILE_FOLD_OP]));
  return launched ("tri_solve: build_tiles");
}

template <typename R>
gm_status apply_t (int upper, bool trans, int64_t n, const R *T, int64_t lda, char *work, R *x)
{
  const work_layout w = layout_of (sizeof (R) == 8 ? GM_DOUBLE : GM_SINGLE, n);
  R *out = (R *) (work + w.out_at);
  int *flags = (int *) (work + w.flags_at);
  /* the solution buffer all ones ("not yet"), the flags and the ticket zero */
  gm_status st = gm_cuda_status (cudaMemsetAsync (out, 0xff, w.flags_at - w.out_at, 0),
                                 "tri_solve: cudaMemsetAsync");
  if (st == GM_OK)
    st = gm_fill_bytes (flags, 0, (size_t) (w.nb + 1) * sizeof (int));
  if (st != GM_OK)
    return st;
  const int forward = forward_of (upper != 0, trans);
  const int o = trans ? 1 : 0;
  const R *inv_op = (const R *) (work + w.tiles_at[TILE_INV_OP]) + o * w.nb * NB * NB;
  const R *fold = (const R *) (work + w.tiles_at[TILE_FOLD_OP]) + o * w.nb * NB * NB;
  if (trans)
    solve_kernel<R, true><<<(unsigned) w.nb, THREADS>>> (n, T, lda, forward, inv_op, fold, x,
                                                         flags, out);
  else
    solve_kernel<R, false><<<(unsigned) w.nb, THREADS>>> (n, T, lda, forward, inv_op, fold, x,
                                                          flags, out);
  if ((st = launched ("tri_solve: solve_kernel")) != GM_OK)
    return st;
  return gm_cuda_status (cudaMemcpyAsync (x, out, (size_t) n * sizeof (R),
                                          cudaMemcpyDeviceToDevice, 0),
                         "tri_solve: cudaMemcpyAsync");
}

} /* namespace */

extern "C" gm_status gm_tri_solve_work_bytes (gm_class cls, int64_t n, size_t *bytes)
{
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_tri_solve_work_bytes: no result");
  *bytes = 0;
  /* the size checks alone (lda = max (1, n); bytes stands in for the pointers) */
  gm_status st = check_args ("gm_tri_solve_work_bytes", cls, n, bytes, n > 1 ? n : 1, bytes);
  if (st == GM_OK && n > 0)
    *bytes = layout_of (cls, n).bytes;
  return st;
}

extern "C" gm_status gm_tri_solve_prepare (gm_class cls, int upper, int unit, int64_t n,
                                           const void *d_T, int64_t lda, void *d_work)
{
  gm_status st = check_args ("gm_tri_solve_prepare", cls, n, d_T, lda, d_work);
  if (st != GM_OK || n == 0)
    return st;
  return cls == GM_DOUBLE
           ? prepare_t<double> (upper, unit, n, (const double *) d_T, lda, (char *) d_work)
           : prepare_t<float> (upper, unit, n, (const float *) d_T, lda, (char *) d_work);
}

extern "C" gm_status gm_tri_solve_apply (gm_class cls, int upper, gm_op op, int64_t n,
                                         const void *d_T, int64_t lda, void *d_work, void *d_x)
{
  gm_status st = check_args ("gm_tri_solve_apply", cls, n, d_T, lda, d_work);
  if (st == GM_OK && n > 0 && !d_x)
    st = gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_tri_solve_apply: no vector");
  if (st == GM_OK && !gm_op_name (op))
    st = gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_tri_solve_apply: op %d", (int) op);
  if (st != GM_OK || n == 0)
    return st;
  const bool trans = op != GM_OP_NONE;
  return cls == GM_DOUBLE
           ? apply_t<double> (upper, trans, n, (const double *) d_T, lda, (char *) d_work, (double *) d_x)
           : apply_t<float> (upper, trans, n, (const float *) d_T, lda, (char *) d_work, (float *) d_x);
}

extern "C" gm_status gm_tri_solve_vector (gm_class cls, int upper, gm_op op, int unit, int64_t n,
                                          const void *d_T, int64_t lda, void *d_x)
{
  gm_status st = check_args ("gm_tri_solve_vector", cls, n, d_T, lda, d_x);
  if (st != GM_OK || n == 0)
    return st;
  void *work = NULL;
  if ((st = gm_device_alloc (&work, layout_of (cls, n).bytes)) != GM_OK)
    return st;
  st = gm_tri_solve_prepare (cls, upper, unit, n, d_T, lda, work);
  if (st == GM_OK)
    st = gm_tri_solve_apply (cls, upper, op, n, d_T, lda, work, d_x);
  gm_device_free (work);                        /* stream-ordered: the cache reuses it later */
  return st;
}
