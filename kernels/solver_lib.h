/* solver_lib.h: cuSOLVER and cuBLAS as kernels/solver_lib.cu loads them (dlopen at the first
 * call that needs them: solver_lib.cu's header says why), shared by the files that call them
 * (kernels/solve.cu, kernels/factor.cu, kernels/eig_svd.cu): the table of entry points, the
 * per-device handles, the workspace list, and the typed calls solve.cu and factor.cu make.
 * Internal to kernels/: C++ only, no C API here (gpumat.h has that).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_SOLVER_LIB_H
#define GPUMAT_SOLVER_LIB_H

#include <cublas_v2.h>
#include <cusolverDn.h>
#include "gpumat.h"

namespace gm_solver {

#define GM_STR2(x) #x
#define GM_STR(x) GM_STR2 (x)
const char *const CUBLAS_SONAME = "libcublas.so." GM_STR (CUBLAS_VER_MAJOR);
const char *const CUSOLVER_SONAME = "libcusolver.so." GM_STR (CUSOLVER_VER_MAJOR);

/* Every entry point used here, by its header name (cublas_v2.h maps cublasCreate to
   cublasCreate_v2 and so on: the field, the call and the dlsym name all expand alike). */
#define GM_CUBLAS_FUNCTIONS(X)                                                               \
  X (cublasCreate) X (cublasDestroy) X (cublasSetStream) X (cublasGetStatusName)             \
  X (cublasDtrsv_64) X (cublasStrsv_64) X (cublasZtrsv_64) X (cublasCtrsv_64)                \
  X (cublasDtrsm_64) X (cublasStrsm_64) X (cublasZtrsm_64) X (cublasCtrsm_64)
#define GM_CUSOLVER_FUNCTIONS(X)                                                             \
  X (cusolverDnCreate) X (cusolverDnDestroy) X (cusolverDnSetStream)                         \
  X (cusolverDnCreateParams) X (cusolverDnDestroyParams)                                     \
  X (cusolverDnXgetrf_bufferSize) X (cusolverDnXgetrf) X (cusolverDnXgetrs)                  \
  X (cusolverDnXpotrf_bufferSize) X (cusolverDnXpotrf) X (cusolverDnXpotrs)                  \
  X (cusolverDnXtrtri_bufferSize) X (cusolverDnXtrtri)                                       \
  X (cusolverDnDpotri_bufferSize) X (cusolverDnSpotri_bufferSize)                            \
  X (cusolverDnZpotri_bufferSize) X (cusolverDnCpotri_bufferSize)                            \
  X (cusolverDnDpotri) X (cusolverDnSpotri) X (cusolverDnZpotri) X (cusolverDnCpotri)     \
  X (cusolverDnXsyevd_bufferSize) X (cusolverDnXsyevd)                                       \
  X (cusolverDnXgesvd_bufferSize) X (cusolverDnXgesvd)                                       \
  X (cusolverDnXgeqrf_bufferSize) X (cusolverDnXgeqrf)                                       \
  X (cusolverDnDorgqr_bufferSize) X (cusolverDnSorgqr_bufferSize)                            \
  X (cusolverDnZungqr_bufferSize) X (cusolverDnCungqr_bufferSize)                            \
  X (cusolverDnDorgqr) X (cusolverDnSorgqr) X (cusolverDnZungqr) X (cusolverDnCungqr)      \
  GM_CUSOLVER_GEEV (X)
/* Xgeev (the general eigenproblem) came with cuSOLVER 11.7 (CUDA 12.6) */
#if CUSOLVER_VERSION >= 11700
#define GM_HAVE_XGEEV 1
#define GM_CUSOLVER_GEEV(X) X (cusolverDnXgeev_bufferSize) X (cusolverDnXgeev)
#else
#define GM_HAVE_XGEEV 0
#define GM_CUSOLVER_GEEV(X)
#endif

struct solver_api {
#define GM_FIELD(f) decltype (&::f) f;
  GM_CUBLAS_FUNCTIONS (GM_FIELD)
  GM_CUSOLVER_FUNCTIONS (GM_FIELD)
#undef GM_FIELD
};

/* The entry points, set by load_libraries (defined in solver_lib.cu). */
extern solver_api lib;

/* Loads both libraries once (gm_solver_library's C API calls it). */
gm_status load_libraries (void);

/* The current device's cuSOLVER and cuBLAS handles (and cuSOLVER's params), queued on stream 0. */
struct solver_handles {
  cusolverDnHandle_t dn;
  cusolverDnParams_t params;
  cublasHandle_t blas;
  unsigned epoch;             /* gm_context_epoch when made: a reset context loses them       */
  int ready;
};
gm_status get_handles (solver_handles **out);
/* GM_OK, or the library's status name and `where` in gm_error_detail (). */
gm_status check_cusolver (cusolverStatus_t s, const char *where);
gm_status check_cublas (cublasStatus_t s, const char *where);

/* ---- typed calls into the libraries (solver_lib.cu) ----------------------------------------- */

/* The cudaDataType of a float class (double, single, complex double or single). */
cudaDataType data_type (gm_class c);
/* One int from the device (a routine's info), waiting for it. */
gm_status read_int (const int *d_int, int *value);
cublasOperation_t blas_op (gm_op op);
/* x := inv (op (A)) x for one vector x, A n x n triangular (leading dimension n). */
gm_status trsv (cublasHandle_t h, gm_class cls, cublasFillMode_t uplo, cublasOperation_t trans,
                cublasDiagType_t diag, int64_t n, const void *A, void *x);
/* B := inv (op (A)) B, A n x n triangular with a non-unit diagonal, B n x nrhs. */
gm_status trsm (cublasHandle_t h, gm_class cls, cublasFillMode_t uplo, cublasOperation_t trans,
                int64_t n, int64_t nrhs, const void *A, void *B);
/* getrf / potrf in place on W (m x n, or n x n; leading dimension its rows); *info their info. */
gm_status getrf (solver_handles *h, gm_class cls, int64_t m, int64_t n, void *W, int64_t *d_ipiv,
                 int *d_info, int *info);
gm_status potrf (solver_handles *h, gm_class cls, cublasFillMode_t uplo, int64_t n, void *W,
                 int *d_info, int *info);

/* ---- workspaces: every block of a call, freed at its end ------------------------------------ */

struct blocks {
  void *ptr[16];
  int count = 0;
  ~blocks ()
  {
    for (int i = 0; i < count; i++)
      gm_device_free (ptr[i]);
  }
  gm_status alloc (void **out, size_t a, size_t b = 1, size_t c = 1)
  {
    size_t bytes;
    *out = NULL;
    gm_status st = gm_mul_size3 (a, b, c, &bytes);
    if (st != GM_OK || bytes == 0)
      return st;
    if (count == (int) (sizeof ptr / sizeof ptr[0]))
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "solver: too many workspaces");
    if ((st = gm_device_alloc (out, bytes)) == GM_OK)
      ptr[count++] = *out;
    return st;
  }
};

} /* namespace gm_solver */

#endif
