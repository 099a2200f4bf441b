/* tri_solve.cu: op(T) x = b for one vector, T an n x n real triangle (tri_solve.h), for the
 * condition estimate of G \ b: cuBLAS trsv runs one vector latency-bound, ~0.8 ms a solve at
 * n = 8192 double on the H200, and the estimate makes about ten (bench/NOTES-linalg.md).
 *
 * Two kernels.  invert_diagonal (once per triangle): the inverse of each 64 x 64 diagonal block,
 * one thread a column by substitution in double, into the workspace.  solve_kernel: one block
 * of 256 threads per 64-row block of op(T).  A block takes its place in the solve order from an
 * atomic ticket, so it waits only for blocks that started before it: no deadlock whatever blocks
 * the scheduler keeps resident.  It subtracts each earlier block's contribution as that block's
 * ready flag appears (the tile read coalesced, one tile ahead, before the wait), then sets
 * x_i = inv (op (T_ii)) r_i and publishes its flag.  Blocks finish in ticket order, so the
 * critical path is one tile product, one inverse product and a flag hand-off a block: 128 steps
 * at n = 8192, while the matrix (256 MiB there) streams in behind them.
 *
 * Accuracy: solving with a block's explicit inverse instead of by substitution costs about
 * cond (T_ii) eps in that block of x; the inverses are computed in double (single triangles
 * too).  The condition estimate needs the norm of the solution only (solve.cu).  Results are
 * the same bits run after run: every sum has a fixed order, no atomics in the arithmetic.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat.h"
#include "tri_solve.h"

namespace {

constexpr int NB = 64;                  /* rows (and columns) of a block of T                   */
constexpr int THREADS = 256;            /* solve_kernel's block: thread (r, part), 4 per row    */
constexpr int PARTS = THREADS / NB;
constexpr int PER = NB / PARTS;         /* a thread's columns of a tile: part + PARTS k         */
constexpr size_t ALIGN = 256;

/* The workspace: nb inverses of NB x NB (column-major), then nb ready flags and the ticket. */
struct work_layout {
  int64_t nb;
  size_t flags_at, bytes;
};

int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }

work_layout layout_of (gm_class cls, int64_t n)
{
  work_layout w;
  w.nb = ceil_div (n, NB);
  const size_t inv = (size_t) w.nb * NB * NB * gm_class_size (cls);
  w.flags_at = (inv + ALIGN - 1) / ALIGN * ALIGN;
  w.bytes = w.flags_at + (size_t) (w.nb + 1) * sizeof (int);
  return w;
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

/* v[k] := A(r, part + PARTS k) of the block of A at (a0, b0), A(i, j) at A[i + j * lda], zero
   past rows or cols.  Consecutive threads read consecutive rows: coalesced.  Loads only. */
template <typename R>
__device__ __forceinline__ void load_block (R (&v)[PER], const R *A, int64_t lda, int64_t a0,
                                            int64_t b0, int64_t rows, int64_t cols)
{
  const int r = threadIdx.x % NB, part = threadIdx.x / NB;
#pragma unroll
  for (int k = 0; k < PER; k++) {
    const int64_t i = a0 + r, j = b0 + part + PARTS * k;
    v[k] = i < rows && j < cols ? A[i + j * lda] : R (0);
  }
}

/* The transpose of what load_block loaded: v[k] := A'(r, part + PARTS k), through sh.  Called
   by every thread; sh is free again when it returns. */
template <typename R>
__device__ __forceinline__ void transpose_block (R (&v)[PER], R (&sh)[NB][NB + 1])
{
  const int r = threadIdx.x % NB, part = threadIdx.x / NB;
#pragma unroll
  for (int k = 0; k < PER; k++)
    sh[part + PARTS * k][r] = v[k];             /* sh[a][b] = A(b, a) = A'(a, b)             */
  __syncthreads ();
#pragma unroll
  for (int k = 0; k < PER; k++)
    v[k] = sh[r][part + PARTS * k];
  __syncthreads ();
}

/* x := inv (op (T)) x, op = T' when TRANS.  forward: block rows of op(T) in increasing order
   (op(T) lower triangular), else decreasing.  flags: nb ready flags by ticket, then the ticket
   counter, all zero at launch.  Launch: nb blocks of THREADS threads; thread (r, part) =
   (threadIdx.x % NB, threadIdx.x / NB) holds row r's partial sums over columns part + PARTS k. */
template <typename R, bool TRANS>
__global__ void __launch_bounds__ (THREADS)
solve_kernel (int64_t n, const R *__restrict__ T, int64_t lda, int forward,
              const R *__restrict__ inv, int *flags, R *x)
{
  __shared__ R sh[NB][NB + 1];
  __shared__ R sums[PARTS][NB];
  __shared__ int64_t ticket_sh, ready_sh;
  const int tid = threadIdx.x, r = tid % NB, part = tid / NB;
  const int64_t nb = gridDim.x;
  if (tid == 0) {
    ticket_sh = atomicAdd (flags + nb, 1);
    ready_sh = 0;
  }
  __syncthreads ();
  const int64_t t = ticket_sh;                  /* this block's place in the order            */
  const int64_t bi = forward ? t : nb - 1 - t;
  const int64_t i0 = bi * NB;
  /* this block's right-hand side: no other block writes it */
  const R b = tid < NB && i0 + tid < n ? x[i0 + tid] : R (0);
  R minv[PER], cur[PER], next[PER] = {};
  load_block (minv, inv + bi * NB * NB, NB, 0, 0, NB, NB);
  if (TRANS)
    transpose_block (minv, sh);
  /* the tile of op(T) at block row bi, block column bj: T(I, J), or T(J, I)' */
  auto load_tile = [&] (R (&v)[PER], int64_t s) {
    const int64_t j0 = (forward ? s : nb - 1 - s) * NB;
    load_block (v, T, lda, TRANS ? j0 : i0, TRANS ? i0 : j0, n, n);
  };
  R acc = 0;
  if (t > 0)
    load_tile (cur, 0);
  for (int64_t s = 0; s < t; s++) {
    if (s + 1 < t)
      load_tile (next, s + 1);
    if (s >= ready_sh) {                        /* uniform: ready_sh is read after a barrier */
      __syncthreads ();                         /* all have read ready_sh                    */
      if (tid == 0) {
        /* blocks finish in ticket order: wait for ticket s, then take every later one done */
        int64_t k = s;
        while (*(volatile int *) (flags + k) == 0)
          ;
        while (k + 1 < t && *(volatile int *) (flags + k + 1) != 0)
          k++;
        __threadfence ();
        ready_sh = k + 1;
      }
      __syncthreads ();
    }
    if (TRANS)
      transpose_block (cur, sh);
    const int64_t j0 = (forward ? s : nb - 1 - s) * NB;
#pragma unroll
    for (int k = 0; k < PER; k++) {
      const int64_t j = j0 + part + PARTS * k;
      /* x_J was written by another block: read it from L2, past this SM's L1 */
      const R xj = j < n ? __ldcg (x + j) : R (0);
      acc += cur[k] * xj;
    }
#pragma unroll
    for (int k = 0; k < PER; k++)
      cur[k] = next[k];
  }
  /* r_i = b_i - sum of the four parts; x_i = inv (op (T_ii)) r_i */
  sums[part][r] = acc;
  __syncthreads ();
  if (tid < NB)
    sh[0][tid] = b - ((sums[0][tid] + sums[1][tid]) + (sums[2][tid] + sums[3][tid]));
  __syncthreads ();
  R d = 0;
#pragma unroll
  for (int k = 0; k < PER; k++)
    d += minv[k] * sh[0][part + PARTS * k];
  sums[part][r] = d;
  __syncthreads ();
  if (tid < NB && i0 + tid < n)
    x[i0 + tid] = (sums[0][tid] + sums[1][tid]) + (sums[2][tid] + sums[3][tid]);
  __threadfence ();                             /* x_i visible before the flag               */
  __syncthreads ();
  if (tid == 0)
    *(volatile int *) (flags + t) = 1;
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
  if (ceil_div (n, NB) > 2147483647)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: n = %lld", who, (long long) n);
  return GM_OK;
}

gm_status launched (const char *where)
{
  return gm_cuda_status (cudaGetLastError (), where);
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
  const work_layout w = layout_of (cls, n);
  if (cls == GM_DOUBLE)
    invert_diagonal<double><<<(unsigned) w.nb, NB>>> (n, (const double *) d_T, lda, upper != 0,
                                                      unit != 0, (double *) d_work);
  else
    invert_diagonal<float><<<(unsigned) w.nb, NB>>> (n, (const float *) d_T, lda, upper != 0,
                                                     unit != 0, (float *) d_work);
  return launched ("tri_solve: invert_diagonal");
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
  const work_layout w = layout_of (cls, n);
  int *flags = (int *) ((char *) d_work + w.flags_at);
  if ((st = gm_fill_bytes (flags, 0, (size_t) (w.nb + 1) * sizeof (int))) != GM_OK)
    return st;
  const bool trans = op != GM_OP_NONE;
  const int forward = upper ? trans : !trans;   /* op(T) lower: rows in increasing order    */
  const unsigned grid = (unsigned) w.nb;
  if (cls == GM_DOUBLE) {
    const double *T = (const double *) d_T, *inv = (const double *) d_work;
    if (trans)
      solve_kernel<double, true><<<grid, THREADS>>> (n, T, lda, forward, inv, flags, (double *) d_x);
    else
      solve_kernel<double, false><<<grid, THREADS>>> (n, T, lda, forward, inv, flags, (double *) d_x);
  } else {
    const float *T = (const float *) d_T, *inv = (const float *) d_work;
    if (trans)
      solve_kernel<float, true><<<grid, THREADS>>> (n, T, lda, forward, inv, flags, (float *) d_x);
    else
      solve_kernel<float, false><<<grid, THREADS>>> (n, T, lda, forward, inv, flags, (float *) d_x);
  }
  return launched ("tri_solve: solve_kernel");
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
