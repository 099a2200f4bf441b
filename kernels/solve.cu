/* solve.cu: square solves (\ and /) and inverses through cuSOLVER and cuBLAS, with Octave 7.3's
 * choice of method and LAPACK's condition estimate (gpumat.h says the rules).  det, lu and chol
 * are kernels/factor.cu's; the libraries are loaded by kernels/solver_lib.cu.
 *
 * Host code calling the libraries, plus the few kernels they lack: Octave's matrix_type probe
 * (one pass over A in 32x32 tile pairs, coalesced in both triangles), a NaN/Inf flag, column sums
 * of |A| for the 1-norm, the identity, and the split of complex right-hand sides for a real
 * matrix.  The probe, the flag, the norm and the estimate serve factor.cu too (solve_internal.h).
 * Every call waits (it reads getrf's or potrf's info), so its workspaces go back to the cache
 * at return; a failure frees them too.
 *
 * The condition estimate follows LAPACK's xGECON / xPOCON / xTRCON step for step: the 1-norm of
 * the matrix, and Hager and Higham's estimate of the 1-norm of its inverse (xLACN2, at most 5
 * iterations and a final alternating-sign test vector), each step a pair of triangular solves
 * with the factors on the device (kernels/tri_solve.cu for real factors, cuBLAS trsv for complex
 * ones) and the vector's small bookkeeping (signs, argmax, sums) on the host, n values copied
 * each way.  LAPACK's xLATRS scales against overflow; here a
 * solve that overflows makes the estimate infinite, the reciprocal condition 0, and the answer
 * the host's (below gm_solve_rcond_floor), which is where LAPACK's scaling would matter.
 * From n = 1024 the LU solve itself (getrs) runs on a stream of its own beside the estimate
 * (side_stream), its answer dropped when the estimate sends A to the host: at 8192 on an H200
 * that took ~2 ms off G \ b's critical path (1.045x getrf + getrs; bench/NOTES-linalg.md).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <cublas_v2.h>
#include <cusolverDn.h>
#include <cmath>
#include <complex>
#include <functional>
#include <limits>
#include <vector>
#include "gpumat.h"
#include "solver_lib.h"
#include "solve_internal.h"
#include "tri_solve.h"

/* ---- what factor.cu uses too (solve_internal.h declares it) ----------------------------- */

namespace gm_solver {

bool is_float_class (gm_class c)
{
  return c == GM_DOUBLE || c == GM_SINGLE || c == GM_COMPLEX_DOUBLE || c == GM_COMPLEX_SINGLE;
}

int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }

/* Blocks for a grid-stride kernel over count items (at most 65535 * 8: the loop does the rest). */
unsigned grid_for (int64_t count)
{
  const int64_t g = ceil_div (count, 256);
  return (unsigned) (g < 1 ? 1 : g > 524280 ? 524280 : g);
}

gm_status launched (const char *where)
{
  return gm_cuda_status (cudaGetLastError (), where);
}

} /* namespace gm_solver */

namespace {

using namespace gm_solver;

/* ---- kernels ---------------------------------------------------------------------------- */
/* Column-major throughout: element (i, j) of an n-row matrix at i + j*n, i contiguous.  A
   complex element is the pair (re, im) at 2k, 2k+1; R is the real type, C says complex. */

enum { NOT_UPPER = 1, NOT_LOWER = 2, NOT_HERMITIAN = 4, NONFINITE = 8 };

__device__ inline bool finite_r (double x) { return isfinite (x); }
__device__ inline bool finite_r (float x) { return isfinite (x); }
/* Products and sums rounded on their own (no fused multiply-add), as Octave's host code rounds
   them in its comparison |A(i,j)|^2 < A(i,i) A(j,j). */
__device__ inline double mul_rn (double a, double b) { return __dmul_rn (a, b); }
__device__ inline float mul_rn (float a, float b) { return __fmul_rn (a, b); }
__device__ inline double add_rn (double a, double b) { return __dadd_rn (a, b); }
__device__ inline float add_rn (float a, float b) { return __fadd_rn (a, b); }

/* Octave's matrix_type probe (MatrixType.cc, matrix_real_probe / matrix_complex_probe) in one
   pass: block (tj, ti) with ti <= tj loads the tile A(I, J) of the upper triangle and its mirror
   A(J, I), coalesced (tx runs down a column), and checks each pair i < j (and the diagonal on
   diagonal tiles); blocks below the diagonal return at once.  The checks are Octave's, applied
   to every element rather than stopping at the first that decides (the answer is the same).
   Flags are or-ed into *flags once per thread that found something.  type_only: NaN and Inf
   are not looked for, and a block that finds the matrix already known full returns at once
   (a full matrix's probe then reads a few tiles, not all of A).  Launch: blockDim (32, 8),
   grid (tiles, tiles). */
template <typename R, bool C>
__global__ void probe_kernel (int64_t n, const R *__restrict__ A, int *flags, int type_only)
{
  constexpr int T = 32;
  __shared__ R up_re[T][T + 1], up_im[C ? T : 1][T + 1];
  __shared__ R lo_re[T][T + 1], lo_im[C ? T : 1][T + 1];
  __shared__ R diag_i[T], diag_j[T];
  const int64_t ti = blockIdx.y, tj = blockIdx.x;
  if (ti > tj)
    return;
  if (type_only) {
    __shared__ int known_full;
    constexpr int TYPE_BITS = NOT_UPPER | NOT_LOWER | NOT_HERMITIAN;
    if (threadIdx.x == 0 && threadIdx.y == 0)
      known_full = (*(volatile int *) flags & TYPE_BITS) == TYPE_BITS;
    __syncthreads ();
    if (known_full)
      return;
  }
  const int64_t I0 = ti * T, J0 = tj * T;
  const int tx = threadIdx.x;
  int bits = 0;
  for (int r = threadIdx.y; r < T; r += blockDim.y) {
    /* up(r, tx) = A(I0 + tx, J0 + r); lo(r, tx) = A(J0 + tx, I0 + r) */
    const int64_t ui = I0 + tx, uj = J0 + r, li = J0 + tx, lj = I0 + r;
    R ur = 0, uim = 0, lr = 0, lim = 0;
    if (ui < n && uj < n) {
      const int64_t k = ui + uj * n;
      ur = C ? A[2 * k] : A[k];
      uim = C ? A[2 * k + 1] : 0;
      if (!finite_r (ur) || !finite_r (uim))
        bits |= NONFINITE;
    }
    if (li < n && lj < n) {
      const int64_t k = li + lj * n;
      lr = C ? A[2 * k] : A[k];
      lim = C ? A[2 * k + 1] : 0;
      if (!finite_r (lr) || !finite_r (lim))
        bits |= NONFINITE;
    }
    up_re[r][tx] = ur;
    lo_re[r][tx] = lr;
    if (C) {
      up_im[C ? r : 0][tx] = uim;
      lo_im[C ? r : 0][tx] = lim;
    }
  }
  if (threadIdx.y == 0) {
    const int64_t di = I0 + tx, dj = J0 + tx;
    diag_i[tx] = di < n ? (C ? A[2 * (di + di * n)] : A[di + di * n]) : 0;
    diag_j[tx] = dj < n ? (C ? A[2 * (dj + dj * n)] : A[dj + dj * n]) : 0;
  }
  __syncthreads ();
  for (int r = threadIdx.y; r < T; r += blockDim.y) {
    const int a = tx, b = r;                  /* element (I0 + a, J0 + b) of the up tile */
    const int64_t i = I0 + a, j = J0 + b;
    if (i >= n || j >= n || i > j)
      continue;
    const R re = up_re[b][a], im = C ? up_im[C ? b : 0][a] : 0;
    if (i == j) {
      if (re == 0 && im == 0)
        bits |= NOT_UPPER | NOT_LOWER | NOT_HERMITIAN;
      if (!(re > 0 && im == 0))
        bits |= NOT_HERMITIAN;
      continue;
    }
    /* the mirror A(j, i) = lo(a, b) */
    const R mre = lo_re[a][b], mim = C ? lo_im[C ? a : 0][b] : 0;
    if (re != 0 || im != 0)
      bits |= NOT_LOWER;
    if (mre != 0 || mim != 0)
      bits |= NOT_UPPER;
    const R norm2 = C ? add_rn (mul_rn (re, re), mul_rn (im, im)) : mul_rn (re, re);
    if (!(re == mre && im == -mim && norm2 < mul_rn (diag_i[a], diag_j[b])))
      bits |= NOT_HERMITIAN;
  }
  if (bits)
    atomicOr (flags, bits);
}

/* *flag = 1 where one of count reals is NaN or Inf (grid-stride). */
template <typename R>
__global__ void nonfinite_kernel (int64_t count, const R *__restrict__ x, int *flag)
{
  for (int64_t k = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; k < count;
       k += (int64_t) gridDim.x * blockDim.x)
    if (!finite_r (x[k])) {
      *flag = 1;
      return;
    }
}

/* sums[j] = sum over i of |A(i, j)| (a complex element's modulus), one block of 256 a column. */
template <typename R, bool C>
__global__ void column_abs_sums (int64_t m, const R *__restrict__ A, R *sums)
{
  __shared__ R part[256];
  const int64_t j = blockIdx.x;
  R s = 0;
  for (int64_t i = threadIdx.x; i < m; i += blockDim.x) {
    const int64_t k = i + j * m;
    s += C ? hypot (A[2 * k], A[2 * k + 1]) : fabs (A[k]);
  }
  part[threadIdx.x] = s;
  __syncthreads ();
  for (int w = 128; w > 0; w >>= 1) {
    if (threadIdx.x < w)
      part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads ();
  }
  if (threadIdx.x == 0)
    sums[j] = part[0];
}

/* The n x n identity (grid-stride over the elements). */
template <typename R, bool C>
__global__ void identity_kernel (int64_t n, R *X)
{
  for (int64_t k = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; k < n * n;
       k += (int64_t) gridDim.x * blockDim.x) {
    const R v = k % n == k / n ? 1 : 0;
    if (C) {
      X[2 * k] = v;
      X[2 * k + 1] = 0;
    } else
      X[k] = v;
  }
}

/* A complex n x k matrix as the real n x 2k one [real(B), imag(B)] (Octave's
   stack_complex_matrix), and back. */
template <typename R>
__global__ void split_complex (int64_t count, const R *__restrict__ Z, R *S)
{
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < count;
       e += (int64_t) gridDim.x * blockDim.x) {
    S[e] = Z[2 * e];
    S[count + e] = Z[2 * e + 1];
  }
}

template <typename R>
__global__ void merge_complex (int64_t count, const R *__restrict__ S, R *Z)
{
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < count;
       e += (int64_t) gridDim.x * blockDim.x) {
    Z[2 * e] = S[e];
    Z[2 * e + 1] = S[count + e];
  }
}

} /* namespace */

namespace gm_solver {

/* ---- small launchers -------------------------------------------------------------------- */

static gm_status probe_impl (gm_class cls, int64_t n, const void *d_A, gm_matrix_type *type,
                             int *nonfinite, int type_only)
{
  *type = GM_MATRIX_FULL;
  *nonfinite = 0;
  if (n == 0) {
    *type = GM_MATRIX_UPPER;      /* Octave: an empty square matrix probes as upper */
    return GM_OK;
  }
  const int64_t tiles = ceil_div (n, 32);
  if (tiles > 65535)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "matrix probe: %lld rows", (long long) n);
  blocks b;
  int *d_flags;
  gm_status st = b.alloc ((void **) &d_flags, sizeof (int));
  if (st == GM_OK)
    st = gm_fill_bytes (d_flags, 0, sizeof (int));
  if (st != GM_OK)
    return st;
  const dim3 grid ((unsigned) tiles, (unsigned) tiles), block (32, 8);
  switch (cls) {
  case GM_DOUBLE: probe_kernel<double, false><<<grid, block>>> (n, (const double *) d_A, d_flags, type_only); break;
  case GM_SINGLE: probe_kernel<float, false><<<grid, block>>> (n, (const float *) d_A, d_flags, type_only); break;
  case GM_COMPLEX_DOUBLE: probe_kernel<double, true><<<grid, block>>> (n, (const double *) d_A, d_flags, type_only); break;
  default: probe_kernel<float, true><<<grid, block>>> (n, (const float *) d_A, d_flags, type_only); break;
  }
  int bits = 0;
  if ((st = launched ("matrix probe")) != GM_OK || (st = read_int (d_flags, &bits)) != GM_OK)
    return st;
  *nonfinite = (bits & NONFINITE) != 0;
  *type = !(bits & NOT_UPPER) ? GM_MATRIX_UPPER : !(bits & NOT_LOWER) ? GM_MATRIX_LOWER
          : !(bits & NOT_HERMITIAN) ? GM_MATRIX_HERMITIAN : GM_MATRIX_FULL;
  return GM_OK;
}

gm_status probe (gm_class cls, int64_t n, const void *d_A, gm_matrix_type *type, int *nonfinite)
{
  return probe_impl (cls, n, d_A, type, nonfinite, 0);
}

gm_status probe_type (gm_class cls, int64_t n, const void *d_A, gm_matrix_type *type)
{
  int unused;
  return probe_impl (cls, n, d_A, type, &unused, 1);
}

gm_status any_nonfinite (gm_class cls, int64_t count, const void *d_x, int *h_any)
{
  *h_any = 0;
  const int64_t reals = count * (gm_class_is_complex (cls) ? 2 : 1);
  if (reals == 0)
    return GM_OK;
  blocks b;
  int *d_flag;
  gm_status st = b.alloc ((void **) &d_flag, sizeof (int));
  if (st == GM_OK)
    st = gm_fill_bytes (d_flag, 0, sizeof (int));
  if (st != GM_OK)
    return st;
  if (gm_class_real (cls) == GM_DOUBLE)
    nonfinite_kernel<double><<<grid_for (reals), 256>>> (reals, (const double *) d_x, d_flag);
  else
    nonfinite_kernel<float><<<grid_for (reals), 256>>> (reals, (const float *) d_x, d_flag);
  if ((st = launched ("NaN and Inf check")) != GM_OK)
    return st;
  return read_int (d_flag, h_any);
}

/* Octave's norm1: the largest column sum of |A|, in the class's precision. */
template <typename R, bool C>
gm_status norm1_t (int64_t m, int64_t n, const void *d_A, double *h_norm)
{
  *h_norm = 0;
  if (n == 0)
    return GM_OK;
  if (n > 2147483647)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "norm1: %lld columns", (long long) n);
  blocks b;
  R *d_sums;
  gm_status st = b.alloc ((void **) &d_sums, (size_t) n, sizeof (R));
  if (st != GM_OK)
    return st;
  column_abs_sums<R, C><<<(unsigned) n, 256>>> (m, (const R *) d_A, d_sums);
  if ((st = launched ("column sums")) != GM_OK)
    return st;
  std::vector<R> sums ((size_t) n);
  if ((st = gm_copy_to_host (sums.data (), d_sums, (size_t) n * sizeof (R))) != GM_OK)
    return st;
  R best = 0;
  for (R s : sums)
    if (s > best || s != s)
      best = s;
  *h_norm = (double) best;
  return GM_OK;
}

gm_status norm1 (gm_class cls, int64_t m, int64_t n, const void *d_A, double *h_norm)
{
  switch (cls) {
  case GM_DOUBLE: return norm1_t<double, false> (m, n, d_A, h_norm);
  case GM_SINGLE: return norm1_t<float, false> (m, n, d_A, h_norm);
  case GM_COMPLEX_DOUBLE: return norm1_t<double, true> (m, n, d_A, h_norm);
  default: return norm1_t<float, true> (m, n, d_A, h_norm);
  }
}

gm_status identity (gm_class cls, int64_t n, void *d_X)
{
  switch (cls) {
  case GM_DOUBLE: identity_kernel<double, false><<<grid_for (n * n), 256>>> (n, (double *) d_X); break;
  case GM_SINGLE: identity_kernel<float, false><<<grid_for (n * n), 256>>> (n, (float *) d_X); break;
  case GM_COMPLEX_DOUBLE: identity_kernel<double, true><<<grid_for (n * n), 256>>> (n, (double *) d_X); break;
  default: identity_kernel<float, true><<<grid_for (n * n), 256>>> (n, (float *) d_X); break;
  }
  return launched ("identity");
}

/* ---- LAPACK's condition estimate ------------------------------------------------------------ */

/* The triangular solves of one step of the estimate, as data: x := inv (M) x (kase 1) or
   inv (M)' x (kase 2) for the matrix M that factors of a kind stand for, each solve with one
   triangle of F (upper or lower, unit diagonal or not) or its (conjugate) transpose.  Each
   kind uses one triangle, or for LU two, with the same diagonal in both kases. */
struct tri_step {
  bool upper, unit, trans;
};
struct kind_steps {
  int count;
  tri_step kase1[2], kase2[2];
};
const kind_steps STEPS[] = {   /* by factor_kind */
  /* LU_FACTORS: A = L U (the row swaps do not change the 1-norm) */
  {2, {{false, true, false}, {true, false, false}}, {{true, false, true}, {false, true, true}}},
  /* CHOL_UPPER: A = U' U, inv (A) Hermitian: both kases alike */
  {2, {{true, false, true}, {true, false, false}}, {{true, false, true}, {true, false, false}}},
  /* CHOL_LOWER: A = L L' */
  {2, {{false, false, false}, {false, false, true}}, {{false, false, false}, {false, false, true}}},
  /* TRI_UPPER */
  {1, {{true, false, false}}, {{true, false, true}}},
  /* TRI_LOWER */
  {1, {{false, false, false}}, {{false, false, true}}},
};

/* Hager and Higham's estimate of the 1-norm of inv (M), M n x n, in xLACN2's steps (real) or
   xLACN2's complex steps (complex: unit-modulus sign vectors, no repeated-sign test).  The
   vector lives on the device for the solves and comes back for the bookkeeping; *est is
   infinite when a solve overflowed or gave NaN (LAPACK would have scaled: the matrix is
   numerically singular either way). */
template <typename R, bool C>
gm_status estimate_inverse_norm (int64_t n, void *d_x,
                                 const std::function<gm_status (int)> &apply, double *est)
{
  typedef std::complex<R> Z;
  const size_t count = (size_t) n * (C ? 2 : 1);
  const size_t bytes = count * sizeof (R);
  std::vector<R> x (count);
  std::vector<int> isgn ((size_t) n);
  const R safmin = std::numeric_limits<R>::min ();
  auto at = [&] (int64_t i) { return C ? Z (x[2 * i], x[2 * i + 1]) : Z (x[i], 0); };
  auto set = [&] (int64_t i, Z v) {
    if (C) {
      x[2 * i] = v.real ();
      x[2 * i + 1] = v.imag ();
    } else
      x[i] = v.real ();
  };
  bool overflow = false;
  /* one step: upload x, apply, bring it back */
  auto step = [&] (int kase) -> gm_status {
    gm_status st = gm_copy_to_device (d_x, x.data (), bytes);
    if (st == GM_OK)
      st = apply (kase);
    if (st == GM_OK)
      st = gm_copy_to_host (x.data (), d_x, bytes);
    for (size_t k = 0; st == GM_OK && k < count; k++)
      if (!std::isfinite (x[k]))
        overflow = true;
    return st;
  };
  auto sum_abs = [&] () {
    R s = 0;
    for (int64_t i = 0; i < n; i++)
      s += C ? std::abs (at (i)) : std::fabs (x[i]);
    return s;
  };
  auto argmax_abs = [&] () {
    int64_t j = 0;
    R best = -1;
    for (int64_t i = 0; i < n; i++) {
      const R a = C ? std::abs (at (i)) : std::fabs (x[i]);
      if (a > best) {
        best = a;
        j = i;
      }
    }
    return j;
  };
  /* x := sign (x): +-1 for real data, x / |x| for complex (1 where |x| is tiny) */
  auto signs = [&] () {
    for (int64_t i = 0; i < n; i++) {
      if (C) {
        const Z v = at (i);
        const R a = std::abs (v);
        set (i, a > safmin ? Z (v.real () / a, v.imag () / a) : Z (1, 0));
      } else {
        x[i] = x[i] >= 0 ? 1 : -1;
        isgn[i] = (int) x[i];
      }
    }
  };
  gm_status st;
  *est = 0;
  for (int64_t i = 0; i < n; i++)
    set (i, Z (R (1) / R (n), 0));
  if ((st = step (1)) != GM_OK)
    return st;
  R e;
  if (n == 1) {
    e = C ? std::abs (at (0)) : std::fabs (x[0]);
  } else {
    e = sum_abs ();
    signs ();
    if ((st = step (2)) != GM_OK)
      return st;
    int64_t j = argmax_abs ();
    for (int iter = 2;; iter++) {
      for (int64_t i = 0; i < n; i++)
        set (i, Z (i == j ? 1 : 0, 0));
      if ((st = step (1)) != GM_OK)
        return st;
      const R old = e;
      e = sum_abs ();
      bool repeated = !C;
      for (int64_t i = 0; !C && i < n; i++)
        if ((x[i] >= 0 ? 1 : -1) != isgn[i])
          repeated = false;
      if (repeated || e <= old)
        break;
      signs ();
      if ((st = step (2)) != GM_OK)
        return st;
      const int64_t last = j;
      j = argmax_abs ();
      const R xl = C ? std::abs (at (last)) : x[last];
      const R xj = C ? std::abs (at (j)) : std::fabs (x[j]);
      if (!(xl != xj && iter < 5))
        break;
    }
    /* the final test vector: alternating signs, growing magnitudes */
    R alt = 1;
    for (int64_t i = 0; i < n; i++) {
      set (i, Z (alt * (1 + R (i) / R (n - 1)), 0));
      alt = -alt;
    }
    if ((st = step (1)) != GM_OK)
      return st;
    const R temp = 2 * (sum_abs () / R (3 * n));
    if (temp > e)
      e = temp;
  }
  *est = overflow ? INFINITY : (double) e;
  return GM_OK;
}

/* rcond = 1 / (anorm * est), LAPACK's order of operations; 0 for a zero norm or an infinite
   estimate. */
gm_status condition (solver_handles *h, gm_class cls, factor_kind kind, int64_t n, const void *F,
                     double anorm, double *rcond)
{
  *rcond = 0;
  if (n == 0) {
    *rcond = 1;
    return GM_OK;
  }
  if (!(anorm > 0))
    return GM_OK;
  blocks b;
  void *d_x;
  gm_status st = b.alloc (&d_x, (size_t) n, gm_class_size (cls));
  if (st != GM_OK)
    return st;
  const kind_steps &steps = STEPS[kind];
  /* Real factors: kernels/tri_solve.cu's solve (trsv takes ~0.8 ms a vector at n = 8192), the
     diagonal blocks' inverses of each triangle prepared once for the estimate's ~10 solves.
     Complex factors: cuBLAS trsv. */
  const bool fast = !gm_class_is_complex (cls);
  void *work[2] = {NULL, NULL};                 /* by upper */
  size_t work_bytes = 0;
  if (fast && (st = gm_tri_solve_work_bytes (cls, n, &work_bytes)) != GM_OK)
    return st;
  for (int k = 0; fast && k < steps.count; k++) {
    const tri_step &t = steps.kase1[k];
    if (!work[t.upper] && ((st = b.alloc (&work[t.upper], work_bytes)) != GM_OK
                           || (st = gm_tri_solve_prepare (cls, t.upper, t.unit, n, F, n,
                                                          work[t.upper])) != GM_OK))
      return st;
  }
  auto apply = [&] (int kase) {
    const tri_step *t = kase == 1 ? steps.kase1 : steps.kase2;
    gm_status r = GM_OK;
    for (int k = 0; r == GM_OK && k < steps.count; k++)
      r = fast ? gm_tri_solve_apply (cls, t[k].upper, t[k].trans ? GM_OP_TRANSPOSE : GM_OP_NONE,
                                     n, F, n, work[t[k].upper], d_x)
               : trsv (h->blas, cls, t[k].upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER,
                       t[k].trans ? CUBLAS_OP_C : CUBLAS_OP_N,
                       t[k].unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT, n, F, d_x);
    return r;
  };
  double est = 0;
  switch (cls) {
  case GM_DOUBLE: st = estimate_inverse_norm<double, false> (n, d_x, apply, &est); break;
  case GM_SINGLE: st = estimate_inverse_norm<float, false> (n, d_x, apply, &est); break;
  case GM_COMPLEX_DOUBLE: st = estimate_inverse_norm<double, true> (n, d_x, apply, &est); break;
  default: st = estimate_inverse_norm<float, true> (n, d_x, apply, &est); break;
  }
  if (st != GM_OK || est == 0 || !isfinite (est))
    return st;
  const bool single = gm_class_real (cls) == GM_SINGLE;
  const bool triangular = kind == TRI_UPPER || kind == TRI_LOWER;
  if (single) {
    const float a = (float) anorm, e = (float) est;
    *rcond = triangular ? (1.0f / a) / e : (1.0f / e) / a;
  } else
    *rcond = triangular ? (1.0 / anorm) / est : (1.0 / est) / anorm;
  return GM_OK;
}

bool below_floor (gm_class cls, double rcond)
{
  return !(rcond >= gm_solve_rcond_floor (cls));
}

void report_init (gm_solve_report *r)
{
  r->outcome = GM_SOLVE_DONE;
  r->type = GM_MATRIX_FULL;
  r->factored = GM_MATRIX_FULL;
  r->chol_failed = 0;
  r->info = 0;
  r->rcond = 0;
}

gm_status check_square_args (const char *what, gm_class cls, int64_t n, const void *d_A,
                             gm_solve_report *report)
{
  if (!report)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: no report", what);
  report_init (report);
  if (!is_float_class (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: class %s", what, gm_class_name (cls));
  if (n < 0 || (n > 0 && !d_A))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: bad size or no matrix", what);
  return GM_OK;
}

} /* namespace gm_solver */

namespace {

/* Library work queued beside stream 0's (gm_solve's getrs beside the condition estimate): on a
   non-blocking stream of its own (the estimate's copies on stream 0 do not wait for it), after
   all that stream 0 holds when start () is called.  finish () waits for it; the destructor too,
   so that no error path frees what it still uses (declare it after the blocks it reads). */
struct side_stream {
  cudaStream_t stream = NULL;

  ~side_stream () { finish (); }

  gm_status start ()
  {
    cudaEvent_t queued;
    gm_status st = gm_cuda_status (cudaStreamCreateWithFlags (&stream, cudaStreamNonBlocking),
                                   "cudaStreamCreateWithFlags");
    if (st != GM_OK) {
      stream = NULL;
      return st;
    }
    if ((st = gm_cuda_status (cudaEventCreateWithFlags (&queued, cudaEventDisableTiming),
                              "cudaEventCreateWithFlags")) != GM_OK)
      return st;
    st = gm_cuda_status (cudaEventRecord (queued, 0), "cudaEventRecord");
    if (st == GM_OK)
      st = gm_cuda_status (cudaStreamWaitEvent (stream, queued, 0), "cudaStreamWaitEvent");
    cudaEventDestroy (queued);
    return st;
  }

  /* work () with the cuSOLVER handle on this stream, then back on stream 0 */
  template <typename Work>
  gm_status run (gm_solver::solver_handles *h, Work work)
  {
    gm_status st = gm_solver::check_cusolver (gm_solver::lib.cusolverDnSetStream (h->dn, stream),
                                              "cusolverDnSetStream");
    if (st == GM_OK)
      st = work ();
    const gm_status back = gm_solver::check_cusolver (
        gm_solver::lib.cusolverDnSetStream (h->dn, 0), "cusolverDnSetStream");
    return st != GM_OK ? st : back;
  }

  gm_status finish ()
  {
    if (!stream)
      return GM_OK;
    const gm_status st = gm_cuda_status (cudaStreamSynchronize (stream), "cudaStreamSynchronize");
    cudaStreamDestroy (stream);
    stream = NULL;
    return st;
  }
};

} /* namespace */

/* ---- the C API -------------------------------------------------------------------------- */

extern "C" double gm_solve_rcond_floor (gm_class cls)
{
  return 128.0 * (gm_class_real (cls) == GM_SINGLE ? 0x1.0p-23 : 0x1.0p-52);
}

extern "C" gm_status gm_matrix_probe (gm_class cls, int64_t n, const void *d_A,
                                      gm_matrix_type *type, int *nonfinite)
{
  if (!is_float_class (cls) || n < 0 || (n > 0 && !d_A) || !type || !nonfinite)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_matrix_probe: bad argument");
  gm_status st = n ? gm_init () : GM_OK;
  return st != GM_OK ? st : probe (cls, n, d_A, type, nonfinite);
}

extern "C" gm_status gm_any_nonfinite (gm_class cls, int64_t count, const void *d_x, int *h_any)
{
  if (!is_float_class (cls) || count < 0 || (count > 0 && !d_x) || !h_any)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_any_nonfinite: bad argument");
  gm_status st = count ? gm_init () : GM_OK;
  return st != GM_OK ? st : any_nonfinite (cls, count, d_x, h_any);
}

extern "C" gm_status gm_norm1 (gm_class cls, int64_t m, int64_t n, const void *d_A,
                               double *h_norm)
{
  if (!is_float_class (cls) || m < 0 || n < 0 || (m * n > 0 && !d_A) || !h_norm)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_norm1: bad argument");
  gm_status st = m * n ? gm_init () : GM_OK;
  return st != GM_OK ? st : norm1 (cls, m, n, d_A, h_norm);
}

extern "C" gm_status gm_solve (gm_class a_cls, gm_class b_cls, gm_op op, int64_t n, int64_t nrhs,
                               const void *d_A, const void *d_B, void *d_X,
                               gm_solve_report *report)
{
  gm_status st = check_square_args ("gm_solve", a_cls, n, d_A, report);
  if (st != GM_OK)
    return st;
  const bool split = !gm_class_is_complex (a_cls) && gm_class_is_complex (b_cls);
  if (!is_float_class (b_cls) || gm_class_real (a_cls) != gm_class_real (b_cls)
      || (gm_class_is_complex (a_cls) && !gm_class_is_complex (b_cls)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_solve: %s matrix with %s right-hand sides",
                    gm_class_name (a_cls), gm_class_name (b_cls));
  if (!gm_op_name (op) || nrhs < 0 || (n * nrhs > 0 && (!d_B || !d_X)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_solve: bad operation, size or pointer");
  if (n == 0 || nrhs == 0)
    return GM_OK;                   /* an empty X, and no warning, as Octave */
  solver_handles *h;
  if ((st = get_handles (&h)) != GM_OK)
    return st;
  const size_t es = gm_class_size (a_cls), bs = gm_class_size (b_cls);
  int nonfinite = 0;
  if ((st = any_nonfinite (b_cls, n * nrhs, d_B, &nonfinite)) != GM_OK)
    return st;
  /* NaN or Inf in A shows in its 1-norm, below */
  gm_matrix_type type = GM_MATRIX_FULL;
  if (!nonfinite && (st = probe_type (a_cls, n, d_A, &type)) != GM_OK)
    return st;
  if (nonfinite) {
    report->outcome = GM_SOLVE_NONFINITE;
    return GM_OK;
  }
  report->type = type;
  const bool triangular = type == GM_MATRIX_UPPER || type == GM_MATRIX_LOWER;
  blocks b;
  void *W = NULL, *S = NULL, *d_info;
  int64_t *d_ipiv;
  if ((st = b.alloc (&d_info, sizeof (int))) != GM_OK)
    return st;
  /* W: op (A) laid out, to be factored; a triangular solve reads A itself (op goes to trsm).
     The right-hand sides in X, or split into the real S = [real(B), imag(B)] for a real A. */
  auto lay_out_w = [&] () {
    return op == GM_OP_NONE ? gm_copy_device (W, d_A, (size_t) n * n * es)
                            : gm_transpose_op (a_cls, op, n, n, d_A, n, W, n, 0);
  };
  if (!triangular && ((st = b.alloc (&W, (size_t) n, (size_t) n, es)) != GM_OK
                      || (st = lay_out_w ()) != GM_OK))
    return st;
  const void *F = triangular ? d_A : W;
  const int64_t cols = split ? 2 * nrhs : nrhs;
  void *rhs = d_X;
  if (split) {
    if ((st = b.alloc (&S, (size_t) n, (size_t) cols, es)) != GM_OK)
      return st;
    if (gm_class_real (a_cls) == GM_DOUBLE)
      split_complex<double><<<grid_for (n * nrhs), 256>>> (n * nrhs, (const double *) d_B, (double *) S);
    else
      split_complex<float><<<grid_for (n * nrhs), 256>>> (n * nrhs, (const float *) d_B, (float *) S);
    if ((st = launched ("split complex")) != GM_OK)
      return st;
    rhs = S;
  } else if ((st = gm_copy_device (d_X, d_B, (size_t) n * nrhs * bs)) != GM_OK)
    return st;
  double anorm = 0;
  if ((st = norm1 (a_cls, n, n, F, &anorm)) != GM_OK)
    return st;
  if (!std::isfinite (anorm)) {   /* a NaN or Inf in A, or column sums past the largest value */
    report->outcome = GM_SOLVE_NONFINITE;
    return GM_OK;
  }
  int info = 0;
  if (triangular) {
    const bool upper = type == GM_MATRIX_UPPER;
    report->factored = type;
    if ((st = condition (h, a_cls, upper ? TRI_UPPER : TRI_LOWER, n, F, anorm, &report->rcond)) != GM_OK)
      return st;
    if (below_floor (a_cls, report->rcond)) {
      report->outcome = GM_SOLVE_ILL_CONDITIONED;
      return GM_OK;
    }
    st = trsm (h->blas, a_cls, upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER,
               blas_op (op), n, cols, F, rhs);
  } else {
    const cudaDataType t = data_type (a_cls);
    bool lu = type == GM_MATRIX_FULL;
    if (!lu) {
      /* Octave's fsolve: Cholesky of the lower triangle; LU when potrf refuses */
      if ((st = potrf (h, a_cls, CUBLAS_FILL_MODE_LOWER, n, W, (int *) d_info, &info)) != GM_OK)
        return st;
      if (info == 0) {
        report->factored = GM_MATRIX_HERMITIAN;
        if ((st = condition (h, a_cls, CHOL_LOWER, n, W, anorm, &report->rcond)) != GM_OK)
          return st;
        if (below_floor (a_cls, report->rcond)) {
          report->outcome = GM_SOLVE_ILL_CONDITIONED;
          return GM_OK;
        }
        st = check_cusolver (lib.cusolverDnXpotrs (h->dn, h->params, CUBLAS_FILL_MODE_LOWER, n, cols,
                                               t, W, n, t, rhs, n, (int *) d_info),
                             "cusolverDnXpotrs");
      } else {
        report->chol_failed = 1;
        lu = true;
        if ((st = lay_out_w ()) != GM_OK)
          return st;
      }
    }
    if (lu) {
      report->factored = GM_MATRIX_FULL;
      if ((st = b.alloc ((void **) &d_ipiv, (size_t) n, sizeof (int64_t))) != GM_OK
          || (st = getrf (h, a_cls, n, n, W, d_ipiv, (int *) d_info, &info)) != GM_OK)
        return st;
      report->info = info;
      if (info > 0) {
        report->outcome = GM_SOLVE_SINGULAR;
        return GM_OK;
      }
      /* From n = 1024 getrs runs beside the estimate, on a stream of its own (~2 ms of the
         critical path at 8192 on an H200); its answer is dropped if the estimate sends A to
         the host. */
      auto getrs = [&] () {
        return check_cusolver (lib.cusolverDnXgetrs (h->dn, h->params, CUBLAS_OP_N, n, cols, t,
                                                     W, n, d_ipiv, t, rhs, n, (int *) d_info),
                               "cusolverDnXgetrs");
      };
      side_stream side;
      const bool beside = n >= 1024;
      if (beside && ((st = side.start ()) != GM_OK || (st = side.run (h, getrs)) != GM_OK))
        return st;
      if ((st = condition (h, a_cls, LU_FACTORS, n, W, anorm, &report->rcond)) != GM_OK
          || (st = side.finish ()) != GM_OK)
        return st;
      if (below_floor (a_cls, report->rcond)) {
        report->outcome = GM_SOLVE_ILL_CONDITIONED;
        return GM_OK;
      }
      if (!beside)
        st = getrs ();
    }
  }
  if (st == GM_OK && split) {
    if (gm_class_real (a_cls) == GM_DOUBLE)
      merge_complex<double><<<grid_for (n * nrhs), 256>>> (n * nrhs, (const double *) S, (double *) d_X);
    else
      merge_complex<float><<<grid_for (n * nrhs), 256>>> (n * nrhs, (const float *) S, (float *) d_X);
    st = launched ("merge complex");
  }
  /* the solve is queued; wait for it here, so that a failure is this call's */
  return st != GM_OK ? st : gm_sync ();
}

extern "C" gm_status gm_inverse (gm_class cls, int64_t n, const void *d_A, void *d_X,
                                 gm_solve_report *report)
{
  gm_status st = check_square_args ("gm_inverse", cls, n, d_A, report);
  if (st != GM_OK)
    return st;
  if (n == 0 || !d_X)
    return n == 0 ? GM_OK : gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_inverse: no result");
  solver_handles *h;
  if ((st = get_handles (&h)) != GM_OK)
    return st;
  gm_matrix_type type;
  int nonfinite = 0;
  if ((st = probe (cls, n, d_A, &type, &nonfinite)) != GM_OK)
    return st;
  report->type = type;
  if (nonfinite) {
    report->outcome = GM_SOLVE_NONFINITE;
    return GM_OK;
  }
  const size_t es = gm_class_size (cls);
  const size_t bytes = (size_t) n * n * es;
  blocks b;
  void *W, *d_info;
  if ((st = b.alloc (&W, (size_t) n, (size_t) n, es)) != GM_OK
      || (st = b.alloc (&d_info, sizeof (int))) != GM_OK)
    return st;
  int info = 0;
  if (type == GM_MATRIX_UPPER || type == GM_MATRIX_LOWER) {
    /* Octave's tinverse: trtri, then xTRCON of the inverse itself */
    const cublasFillMode_t uplo = type == GM_MATRIX_UPPER ? CUBLAS_FILL_MODE_UPPER
                                                          : CUBLAS_FILL_MODE_LOWER;
    report->factored = type;
    if ((st = gm_copy_device (d_X, d_A, bytes)) != GM_OK)
      return st;
    size_t dev_bytes = 0, host_bytes = 0;
    const cudaDataType t = data_type (cls);
    void *d_work = NULL;
    st = check_cusolver (lib.cusolverDnXtrtri_bufferSize (h->dn, uplo, CUBLAS_DIAG_NON_UNIT, n, t, d_X,
                                                      n, &dev_bytes, &host_bytes),
                         "cusolverDnXtrtri_bufferSize");
    if (st == GM_OK)
      st = b.alloc (&d_work, dev_bytes);
    if (st != GM_OK)
      return st;
    std::vector<char> h_work (host_bytes);
    if ((st = check_cusolver (lib.cusolverDnXtrtri (h->dn, uplo, CUBLAS_DIAG_NON_UNIT, n, t, d_X, n,
                                                d_work, dev_bytes,
                                                host_bytes ? h_work.data () : NULL, host_bytes,
                                                (int *) d_info),
                              "cusolverDnXtrtri")) != GM_OK
        || (st = read_int ((int *) d_info, &info)) != GM_OK)
      return st;
    report->info = info;
    if (info != 0) {
      /* a zero on the diagonal (the probe lets none through): Octave's answer is the host's */
      report->outcome = GM_SOLVE_SINGULAR;
      return GM_OK;
    }
    double xnorm = 0;
    if ((st = norm1 (cls, n, n, d_X, &xnorm)) != GM_OK
        || (st = condition (h, cls, type == GM_MATRIX_UPPER ? TRI_UPPER : TRI_LOWER, n, d_X, xnorm,
                            &report->rcond)) != GM_OK)
      return st;
    if (below_floor (cls, report->rcond))
      report->outcome = GM_SOLVE_ILL_CONDITIONED;
    return GM_OK;
  }
  double anorm = 0;
  if ((st = norm1 (cls, n, n, d_A, &anorm)) != GM_OK
      || (st = gm_copy_device (W, d_A, bytes)) != GM_OK)
    return st;
  if (type == GM_MATRIX_HERMITIAN) {
    /* Octave: chol (upper) with its xPOCON estimate, then chol2inv (xPOTRI, mirrored) */
    if ((st = potrf (h, cls, CUBLAS_FILL_MODE_UPPER, n, W, (int *) d_info, &info)) != GM_OK)
      return st;
    if (info == 0) {
      report->factored = GM_MATRIX_HERMITIAN;
      if ((st = condition (h, cls, CHOL_UPPER, n, W, anorm, &report->rcond)) != GM_OK)
        return st;
      if (below_floor (cls, report->rcond)) {
        report->outcome = GM_SOLVE_ILL_CONDITIONED;
        return GM_OK;
      }
      if (n > 2147483647)
        return gm_fail (GM_ERR_SIZE_OVERFLOW, "gm_inverse: %lld rows", (long long) n);
      const int ni = (int) n;
      int lwork = 0;
      const cublasFillMode_t up = CUBLAS_FILL_MODE_UPPER;
      cusolverStatus_t s;
      switch (cls) {
      case GM_DOUBLE: s = lib.cusolverDnDpotri_bufferSize (h->dn, up, ni, (double *) W, ni, &lwork); break;
      case GM_SINGLE: s = lib.cusolverDnSpotri_bufferSize (h->dn, up, ni, (float *) W, ni, &lwork); break;
      case GM_COMPLEX_DOUBLE: s = lib.cusolverDnZpotri_bufferSize (h->dn, up, ni, (cuDoubleComplex *) W, ni, &lwork); break;
      default: s = lib.cusolverDnCpotri_bufferSize (h->dn, up, ni, (cuComplex *) W, ni, &lwork); break;
      }
      void *d_work = NULL;
      if ((st = check_cusolver (s, "cusolverDn<t>potri_bufferSize")) != GM_OK
          || (st = b.alloc (&d_work, (size_t) (lwork > 0 ? lwork : 1), es)) != GM_OK)
        return st;
      switch (cls) {
      case GM_DOUBLE: s = lib.cusolverDnDpotri (h->dn, up, ni, (double *) W, ni, (double *) d_work, lwork, (int *) d_info); break;
      case GM_SINGLE: s = lib.cusolverDnSpotri (h->dn, up, ni, (float *) W, ni, (float *) d_work, lwork, (int *) d_info); break;
      case GM_COMPLEX_DOUBLE: s = lib.cusolverDnZpotri (h->dn, up, ni, (cuDoubleComplex *) W, ni, (cuDoubleComplex *) d_work, lwork, (int *) d_info); break;
      default: s = lib.cusolverDnCpotri (h->dn, up, ni, (cuComplex *) W, ni, (cuComplex *) d_work, lwork, (int *) d_info); break;
      }
      if ((st = check_cusolver (s, "cusolverDn<t>potri")) != GM_OK
          || (st = gm_mirror_upper_op (cls, GM_OP_CTRANSPOSE, n, W, n, 0)) != GM_OK
          || (st = gm_copy_device (d_X, W, bytes)) != GM_OK)
        return st;
      return gm_sync ();
    }
    report->chol_failed = 1;
    if ((st = gm_copy_device (W, d_A, bytes)) != GM_OK)
      return st;
  }
  /* Octave's finverse: getrf, xGECON, then the inverse (here getrs against the identity) */
  report->factored = GM_MATRIX_FULL;
  int64_t *d_ipiv;
  if ((st = b.alloc ((void **) &d_ipiv, (size_t) n, sizeof (int64_t))) != GM_OK
      || (st = getrf (h, cls, n, n, W, d_ipiv, (int *) d_info, &info)) != GM_OK)
    return st;
  report->info = info;
  if (info > 0) {
    report->outcome = GM_SOLVE_SINGULAR;
    return GM_OK;
  }
  if ((st = condition (h, cls, LU_FACTORS, n, W, anorm, &report->rcond)) != GM_OK)
    return st;
  if (below_floor (cls, report->rcond)) {
    report->outcome = GM_SOLVE_ILL_CONDITIONED;
    return GM_OK;
  }
  const cudaDataType t = data_type (cls);
  if ((st = identity (cls, n, d_X)) != GM_OK
      || (st = check_cusolver (lib.cusolverDnXgetrs (h->dn, h->params, CUBLAS_OP_N, n, n, t, W, n,
                                                 d_ipiv, t, d_X, n, (int *) d_info),
                               "cusolverDnXgetrs")) != GM_OK)
    return st;
  return gm_sync ();
}
