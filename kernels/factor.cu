/* factor.cu: det, lu and chol of gpumat matrices through cuSOLVER's getrf and potrf, with
 * Octave 7.3's rules (gpumat.h says them): det through Octave's choice of factorization (the
 * probe and the condition estimate of kernels/solve.cu, solve_internal.h) and its DET product
 * of the diagonal, renormalized after each factor so that no partial product overflows; lu's
 * permutation as LAPACK's row swaps applied in order; chol of the leading block before a failed
 * minor, as Octave returns it.  The kernels here only lay out LU's L, U and P and a Cholesky
 * factor's triangle (the data-only ones templated by element size).
 * Every call that factors waits (it reads getrf's or potrf's info), so its workspaces go back to
 * the cache at return; a failure frees them too.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <cmath>
#include <complex>
#include <cstring>
#include <vector>
#include "gpumat.h"
#include "solver_lib.h"
#include "solve_internal.h"

namespace {

using namespace gm_solver;

/* ---- kernels ---------------------------------------------------------------------------- */
/* Column-major throughout: element (i, j) of an n-row matrix at i + j*n, i contiguous.  A
   complex element is the pair (re, im) at 2k, 2k+1; R is the real type, C says complex. */

/* Copies the upper (keep_upper) or lower triangle of an n x n A (leading dimension lda) into R
   (n x n, leading dimension ldr), zeros elsewhere.  E: the element's storage type (4, 8 or 16
   bytes: only data move). */
template <typename E>
__global__ void triangle_kernel (int64_t n, const E *__restrict__ A, int64_t lda, E *Rm,
                                 int64_t ldr, int keep_upper)
{
  for (int64_t k = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; k < n * n;
       k += (int64_t) gridDim.x * blockDim.x) {
    const int64_t i = k % n, j = k / n;
    const bool keep = keep_upper ? i <= j : i >= j;
    Rm[i + j * ldr] = keep ? A[i + j * lda] : E ();
  }
}

/* LU's factors from getrf's Y (m x n): L (m x k) unit lower, row i written to row
   dest[i] (the identity when dest is NULL); U (k x n) upper. */
template <typename R, bool C>
__global__ void lu_l_kernel (int64_t m, int64_t k, const R *__restrict__ Y, const int64_t *dest,
                             R *L)
{
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < m * k;
       e += (int64_t) gridDim.x * blockDim.x) {
    const int64_t i = e % m, j = e / m, o = (dest ? dest[i] : i) + j * m;
    const R re = i > j ? (C ? Y[2 * e] : Y[e]) : i == j ? 1 : 0;
    const R im = C && i > j ? Y[2 * e + 1] : 0;
    if (C) {
      L[2 * o] = re;
      L[2 * o + 1] = im;
    } else
      L[o] = re;
  }
}

template <typename E>
__global__ void lu_u_kernel (int64_t m, int64_t k, int64_t n, const E *__restrict__ Y, E *U)
{
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < k * n;
       e += (int64_t) gridDim.x * blockDim.x) {
    const int64_t i = e % k, j = e / k;
    U[e] = i <= j ? Y[i + j * m] : E ();
  }
}

/* P (m x m double): P(i, perm[i]) = 1, zeros elsewhere, so that P * A = A(perm, :). */
__global__ void perm_matrix_kernel (int64_t m, const int64_t *__restrict__ perm, double *P)
{
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < m * m;
       e += (int64_t) gridDim.x * blockDim.x)
    P[e] = perm[e % m] == e / m ? 1.0 : 0.0;
}

/* ---- launchers and the determinant's product -------------------------------------------- */

gm_status triangle (gm_class cls, int64_t n, const void *d_A, int64_t lda, void *d_R, int64_t ldr,
                    int keep_upper)
{
  if (n == 0)
    return GM_OK;
  const unsigned g = grid_for (n * n);
  switch (gm_class_size (cls)) {
  case 4: triangle_kernel<float><<<g, 256>>> (n, (const float *) d_A, lda, (float *) d_R, ldr, keep_upper); break;
  case 8: triangle_kernel<double><<<g, 256>>> (n, (const double *) d_A, lda, (double *) d_R, ldr, keep_upper); break;
  default: triangle_kernel<double2><<<g, 256>>> (n, (const double2 *) d_A, lda, (double2 *) d_R, ldr, keep_upper); break;
  }
  return launched ("triangle");
}

/* The product of the diagonal d[0 .. n-1] in Octave's DET form (liboctave/numeric/DET.h): a
   coefficient renormalized to [0.5, 1) in modulus after each factor and a power of two, so that
   no partial product overflows; `negate[i]` flips the factor's sign (a row swap), `square`
   squares the result (a Cholesky factor's product).  T: the class's scalar type. */
template <typename T>
T scaled_log2 (T x, int &e)
{
  return std::frexp (x, &e);
}
template <typename R>
std::complex<R> scaled_log2 (std::complex<R> x, int &e)
{
  const R ax = std::abs (x);
  const R lax = std::frexp (ax, &e);
  return ax != lax ? (x / ax) * lax : x;
}

template <typename T>
T det_product (const std::vector<T> &d, const std::vector<char> &negate, bool square)
{
  int e2 = 0, e;
  T c2 = scaled_log2 (T (1), e2);
  for (size_t i = 0; i < d.size (); i++) {
    c2 *= negate.empty () || !negate[i] ? d[i] : -d[i];
    c2 = scaled_log2 (c2, e);
    e2 += e;
  }
  if (square) {
    const T c = c2 * c2;
    const int ee = e2 + e2;
    c2 = scaled_log2 (c, e);
    e2 = ee + e;
  }
  return c2 * static_cast<T> (std::ldexp (1.0, e2));
}

/* The diagonal of an n x n device matrix, to the host (as n elements of cls). */
gm_status read_diagonal (gm_class cls, int64_t n, const void *d_A, void *h_diag)
{
  const size_t es = gm_class_size (cls);
  gm_status st = gm_cuda_status (cudaMemcpy2D (h_diag, es, d_A, (size_t) (n + 1) * es, es,
                                               (size_t) n, cudaMemcpyDeviceToHost),
                                 "copying a diagonal to the host");
  return st;
}

template <typename T>
void det_of (const void *h_diag, int64_t n, const std::vector<char> &negate, bool square,
             double *re, double *im)
{
  std::vector<T> d ((size_t) n);
  memcpy (d.data (), h_diag, (size_t) n * sizeof (T));
  const T v = det_product (d, negate, square);
  const std::complex<double> z (v);
  *re = z.real ();
  *im = z.imag ();
}

void det_value (gm_class cls, const void *h_diag, int64_t n, const std::vector<char> &negate,
                bool square, double *re, double *im)
{
  switch (cls) {
  case GM_DOUBLE: det_of<double> (h_diag, n, negate, square, re, im); break;
  case GM_SINGLE: det_of<float> (h_diag, n, negate, square, re, im); break;
  case GM_COMPLEX_DOUBLE: det_of<std::complex<double>> (h_diag, n, negate, square, re, im); break;
  default: det_of<std::complex<float>> (h_diag, n, negate, square, re, im); break;
  }
}

} /* namespace */

/* ---- the C API -------------------------------------------------------------------------- */

extern "C" gm_status gm_det (gm_class cls, int64_t n, const void *d_A, double *det_re,
                             double *det_im, gm_solve_report *report)
{
  gm_status st = check_square_args ("gm_det", cls, n, d_A, report);
  if (st != GM_OK)
    return st;
  if (!det_re || !det_im)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_det: no result");
  *det_re = 1;
  *det_im = 0;
  if (n == 0)
    return GM_OK;
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
  std::vector<char> diag ((size_t) n * es), negate;
  if (type == GM_MATRIX_UPPER || type == GM_MATRIX_LOWER) {
    /* the product of the diagonal; Octave leaves rcond 0 here */
    report->factored = type;
    if ((st = read_diagonal (cls, n, d_A, diag.data ())) != GM_OK)
      return st;
    det_value (cls, diag.data (), n, negate, false, det_re, det_im);
    return GM_OK;
  }
  blocks b;
  void *W, *d_info;
  if ((st = b.alloc (&W, (size_t) n, (size_t) n, es)) != GM_OK
      || (st = b.alloc (&d_info, sizeof (int))) != GM_OK
      || (st = gm_copy_device (W, d_A, (size_t) n * n * es)) != GM_OK)
    return st;
  double anorm = 0;
  if ((st = norm1 (cls, n, n, d_A, &anorm)) != GM_OK)
    return st;
  if (!std::isfinite (anorm)) {
    /* finite elements whose column sum overflows the class: Octave's det then depends on the
       host's LAPACK (3.12's xGECON refuses an infinite norm, INFO = -5, and det is 0) */
    report->outcome = GM_SOLVE_NONFINITE;
    return GM_OK;
  }
  int info = 0;
  if (type == GM_MATRIX_HERMITIAN) {
    if ((st = potrf (h, cls, CUBLAS_FILL_MODE_LOWER, n, W, (int *) d_info, &info)) != GM_OK)
      return st;
    if (info == 0) {
      report->factored = GM_MATRIX_HERMITIAN;
      if ((st = condition (h, cls, CHOL_LOWER, n, W, anorm, &report->rcond)) != GM_OK
          || (st = read_diagonal (cls, n, W, diag.data ())) != GM_OK)
        return st;
      det_value (cls, diag.data (), n, negate, true, det_re, det_im);
      return GM_OK;
    }
    report->chol_failed = 1;
    if ((st = gm_copy_device (W, d_A, (size_t) n * n * es)) != GM_OK)
      return st;
  }
  report->factored = GM_MATRIX_FULL;
  int64_t *d_ipiv;
  if ((st = b.alloc ((void **) &d_ipiv, (size_t) n, sizeof (int64_t))) != GM_OK
      || (st = getrf (h, cls, n, n, W, d_ipiv, (int *) d_info, &info)) != GM_OK)
    return st;
  report->info = info;
  if (info > 0) {
    report->outcome = GM_SOLVE_SINGULAR;
    *det_re = 0;
    return GM_OK;
  }
  std::vector<int64_t> ipiv ((size_t) n);
  if ((st = condition (h, cls, LU_FACTORS, n, W, anorm, &report->rcond)) != GM_OK
      || (st = gm_copy_to_host (ipiv.data (), d_ipiv, (size_t) n * sizeof (int64_t))) != GM_OK
      || (st = read_diagonal (cls, n, W, diag.data ())) != GM_OK)
    return st;
  negate.resize ((size_t) n);
  for (int64_t i = 0; i < n; i++)
    negate[(size_t) i] = ipiv[(size_t) i] != i + 1;
  det_value (cls, diag.data (), n, negate, false, det_re, det_im);
  return GM_OK;
}

extern "C" gm_status gm_lu (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_Y,
                            int64_t *h_perm, gm_solve_report *report)
{
  if (!report || !is_float_class (cls) || m < 0 || n < 0 || (m * n > 0 && (!d_A || !d_Y))
      || (m > 0 && !h_perm))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_lu: bad argument");
  report_init (report);
  for (int64_t i = 0; i < m; i++)
    h_perm[i] = i;
  if (m == 0 || n == 0)
    return GM_OK;
  solver_handles *h;
  gm_status st = get_handles (&h);
  if (st != GM_OK)
    return st;
  int nonfinite = 0;
  if ((st = any_nonfinite (cls, m * n, d_A, &nonfinite)) != GM_OK)
    return st;
  if (nonfinite) {
    report->outcome = GM_SOLVE_NONFINITE;
    return GM_OK;
  }
  const int64_t k = m < n ? m : n;
  blocks b;
  void *d_info;
  int64_t *d_ipiv;
  int info = 0;
  if ((st = b.alloc (&d_info, sizeof (int))) != GM_OK
      || (st = b.alloc ((void **) &d_ipiv, (size_t) k, sizeof (int64_t))) != GM_OK
      || (st = gm_copy_device (d_Y, d_A, (size_t) m * n * gm_class_size (cls))) != GM_OK
      || (st = getrf (h, cls, m, n, d_Y, d_ipiv, (int *) d_info, &info)) != GM_OK)
    return st;
  report->factored = GM_MATRIX_FULL;
  report->info = info;
  std::vector<int64_t> ipiv ((size_t) k);
  if ((st = gm_copy_to_host (ipiv.data (), d_ipiv, (size_t) k * sizeof (int64_t))) != GM_OK)
    return st;
  /* LAPACK's swaps, row i with row ipiv(i), applied in order to 0 .. m-1 */
  for (int64_t i = 0; i < k; i++) {
    const int64_t p = ipiv[(size_t) i] - 1;
    if (p < 0 || p >= m)
      return gm_fail (GM_ERR_CUDA, "gm_lu: getrf returned pivot %lld for row %lld",
                      (long long) (p + 1), (long long) (i + 1));
    const int64_t t = h_perm[i];
    h_perm[i] = h_perm[p];
    h_perm[p] = t;
  }
  return GM_OK;
}

extern "C" gm_status gm_lu_factors (gm_class cls, int64_t m, int64_t n, const void *d_Y,
                                    const int64_t *h_perm, int permute_l, void *d_L, void *d_U,
                                    double *d_P)
{
  const int64_t k = m < n ? m : n;
  if (!is_float_class (cls) || m < 0 || n < 0 || (m * n > 0 && (!d_Y || !d_L || !d_U))
      || (m > 0 && (permute_l || d_P) && !h_perm))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_lu_factors: bad argument");
  gm_status st = gm_init ();
  if (st != GM_OK)
    return st;
  blocks b;
  int64_t *d_perm = NULL, *d_dest = NULL;
  if ((permute_l || d_P) && m > 0) {
    if ((st = b.alloc ((void **) &d_perm, (size_t) m, sizeof (int64_t))) != GM_OK
        || (st = gm_copy_to_device (d_perm, h_perm, (size_t) m * sizeof (int64_t))) != GM_OK)
      return st;
    if (permute_l)
      d_dest = d_perm;
  }
  if (m * k > 0) {
    const unsigned g = grid_for (m * k);
    switch (cls) {
    case GM_DOUBLE: lu_l_kernel<double, false><<<g, 256>>> (m, k, (const double *) d_Y, d_dest, (double *) d_L); break;
    case GM_SINGLE: lu_l_kernel<float, false><<<g, 256>>> (m, k, (const float *) d_Y, d_dest, (float *) d_L); break;
    case GM_COMPLEX_DOUBLE: lu_l_kernel<double, true><<<g, 256>>> (m, k, (const double *) d_Y, d_dest, (double *) d_L); break;
    default: lu_l_kernel<float, true><<<g, 256>>> (m, k, (const float *) d_Y, d_dest, (float *) d_L); break;
    }
    if ((st = launched ("LU's L")) != GM_OK)
      return st;
  }
  if (k * n > 0) {
    const unsigned g = grid_for (k * n);
    switch (gm_class_size (cls)) {
    case 4: lu_u_kernel<float><<<g, 256>>> (m, k, n, (const float *) d_Y, (float *) d_U); break;
    case 8: lu_u_kernel<double><<<g, 256>>> (m, k, n, (const double *) d_Y, (double *) d_U); break;
    default: lu_u_kernel<double2><<<g, 256>>> (m, k, n, (const double2 *) d_Y, (double2 *) d_U); break;
    }
    if ((st = launched ("LU's U")) != GM_OK)
      return st;
  }
  if (d_P && m > 0) {
    perm_matrix_kernel<<<grid_for (m * m), 256>>> (m, d_perm, d_P);
    if ((st = launched ("LU's P")) != GM_OK)
      return st;
  }
  /* d_perm goes back to the cache at return: the kernels above are queued after its upload
     and before any later use of the block (stream 0, in order) */
  return GM_OK;
}

extern "C" gm_status gm_chol (gm_class cls, int upper, int64_t n, const void *d_A, void *d_R,
                              gm_solve_report *report)
{
  gm_status st = check_square_args ("gm_chol", cls, n, d_A, report);
  if (st != GM_OK)
    return st;
  if (n > 0 && !d_R)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_chol: no result");
  if (n == 0)
    return GM_OK;
  solver_handles *h;
  if ((st = get_handles (&h)) != GM_OK)
    return st;
  int nonfinite = 0;
  if ((st = any_nonfinite (cls, n * n, d_A, &nonfinite)) != GM_OK)
    return st;
  if (nonfinite) {
    report->outcome = GM_SOLVE_NONFINITE;
    return GM_OK;
  }
  const size_t es = gm_class_size (cls);
  const cublasFillMode_t uplo = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  blocks b;
  void *d_info;
  if ((st = b.alloc (&d_info, sizeof (int))) != GM_OK)
    return st;
  report->factored = GM_MATRIX_HERMITIAN;
  /* potrf reads only its triangle (as LAPACK, whose caller Octave copies only that one);
     the other one is zeroed after.  On failure at minor p, Octave returns the factor of the
     leading p-1 block: that block is factored again on its own (it is positive definite; in
     the rare case rounding says otherwise, the smaller failure is the one reported). */
  int64_t size = n;
  for (;;) {
    int info = 0;
    if ((st = triangle (cls, size, d_A, n, d_R, size, upper)) != GM_OK
        || (st = potrf (h, cls, uplo, size, d_R, (int *) d_info, &info)) != GM_OK)
      return st;
    if (info == 0)
      break;
    report->info = info;
    size = info - 1;
    if (size == 0)
      break;
  }
  if (size > 0 && (st = triangle (cls, size, d_R, size, d_R, size, upper)) != GM_OK)
    return st;
  return gm_sync ();
}
