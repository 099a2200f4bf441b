/* solver_lib.cu: cuSOLVER and cuBLAS for kernels/solve.cu, kernels/factor.cu and
 * kernels/eig_svd.cu (solver_lib.h declares what they share): the two libraries loaded once,
 * the per-device handles, the libraries' status names, and the typed calls (trsv, trsm, getrf,
 * potrf) that solve.cu and factor.cu make.
 *
 * cuSOLVER and cuBLAS are loaded with dlopen at the first solve (load_libraries), as fft.cu
 * loads cuFFT, not linked: linked, they cost every `pkg load` 220-320 ms on the H200's host
 * (this 2-core machine: Octave's start with the value type registered 0.22-0.28 s, 0.44-0.96 s
 * with the two libraries preloaded).  Their sonames are those of the toolkit built against;
 * libgpumat.so's rpath to the toolkit's library folder (build.mk) is where dlopen looks after
 * LD_LIBRARY_PATH, and both libraries find their own dependencies beside themselves ($ORIGIN).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <cublas_v2.h>
#include <cusolverDn.h>
#include <dlfcn.h>
#include <pthread.h>
#include <vector>
#include "gpumat.h"
#include "solver_lib.h"

/* ---- cuSOLVER and cuBLAS, loaded at the first solve (solver_lib.h declares them) ------- */

namespace gm_solver {

solver_api lib;
static int lib_loaded;
static pthread_mutex_t lib_lock = PTHREAD_MUTEX_INITIALIZER;

/* Opens one of the two libraries (RTLD_LOCAL: its symbols are read through `lib` only). */
static gm_status open_library (const char *soname, const char *package, void **out)
{
  *out = dlopen (soname, RTLD_NOW | RTLD_LOCAL);
  if (*out)
    return GM_OK;
  const char *why = dlerror ();
  return gm_fail (GM_ERR_CUDA,
                  "NVIDIA's %s library (%s) could not be loaded: %s.  \\, /, inv, det, lu, "
                  "chol, eig, svd and qr of gpumat matrices need cuSOLVER and cuBLAS: install "
                  "the CUDA %d toolkit's libraries (NVIDIA's packages libcusolver-%d-* and "
                  "libcublas-%d-*, "
                  "or the whole toolkit), or add the folder that holds %s to LD_LIBRARY_PATH "
                  "before starting Octave", package, soname, why ? why : "not found",
                  CUDART_VERSION / 1000, CUDART_VERSION / 1000, CUDART_VERSION / 1000, soname);
}

/* Loads cuBLAS, then cuSOLVER (which needs it), once; a failure is retried at the next call.
   Never unloaded: handles and their kernels live in them. */
gm_status load_libraries (void)
{
  pthread_mutex_lock (&lib_lock);
  if (lib_loaded) {
    pthread_mutex_unlock (&lib_lock);
    return GM_OK;
  }
  void *blas = NULL, *solver = NULL;
  gm_status st = open_library (CUBLAS_SONAME, "cuBLAS", &blas);
  if (st == GM_OK)
    st = open_library (CUSOLVER_SONAME, "cuSOLVER", &solver);
  solver_api a;
  const char *missing = NULL, *from = NULL;
#define GM_LOAD(f)                                                                           \
  if (st == GM_OK && !missing && !(*(void **) &a.f = dlsym (handle, GM_STR (f)))) {          \
    missing = GM_STR (f);                                                                    \
    from = name;                                                                             \
  }
  {
    void *handle = blas;
    const char *name = CUBLAS_SONAME;
    GM_CUBLAS_FUNCTIONS (GM_LOAD)
  }
  {
    void *handle = solver;
    const char *name = CUSOLVER_SONAME;
    GM_CUSOLVER_FUNCTIONS (GM_LOAD)
  }
#undef GM_LOAD
  if (st == GM_OK && missing)
    st = gm_fail (GM_ERR_CUDA, "NVIDIA's library %s has no %s: it is not the one of CUDA %d "
                  "that gpumat was built with", from, missing, CUDART_VERSION / 1000);
  if (st != GM_OK) {
    if (solver)
      dlclose (solver);
    if (blas)
      dlclose (blas);
  } else {
    lib = a;
    lib_loaded = 1;
  }
  pthread_mutex_unlock (&lib_lock);
  return st;
}

static solver_handles handles_of[GM_MAX_DEVICES];
static pthread_mutex_t handles_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *cusolver_name (cusolverStatus_t s)
{
  switch (s) {
  case CUSOLVER_STATUS_SUCCESS: return "CUSOLVER_STATUS_SUCCESS";
  case CUSOLVER_STATUS_NOT_INITIALIZED: return "CUSOLVER_STATUS_NOT_INITIALIZED";
  case CUSOLVER_STATUS_ALLOC_FAILED: return "CUSOLVER_STATUS_ALLOC_FAILED";
  case CUSOLVER_STATUS_INVALID_VALUE: return "CUSOLVER_STATUS_INVALID_VALUE";
  case CUSOLVER_STATUS_ARCH_MISMATCH: return "CUSOLVER_STATUS_ARCH_MISMATCH";
  case CUSOLVER_STATUS_EXECUTION_FAILED: return "CUSOLVER_STATUS_EXECUTION_FAILED";
  case CUSOLVER_STATUS_INTERNAL_ERROR: return "CUSOLVER_STATUS_INTERNAL_ERROR";
  case CUSOLVER_STATUS_NOT_SUPPORTED: return "CUSOLVER_STATUS_NOT_SUPPORTED";
  case CUSOLVER_STATUS_INVALID_WORKSPACE: return "CUSOLVER_STATUS_INVALID_WORKSPACE";
  default: return "a cuSOLVER error";
  }
}

gm_status check_cusolver (cusolverStatus_t s, const char *where)
{
  if (s == CUSOLVER_STATUS_SUCCESS)
    return GM_OK;
  return gm_fail (s == CUSOLVER_STATUS_ALLOC_FAILED ? GM_ERR_OUT_OF_MEMORY : GM_ERR_CUDA,
                  "%s: %s (%d)", where, cusolver_name (s), (int) s);
}

gm_status check_cublas (cublasStatus_t s, const char *where)
{
  if (s == CUBLAS_STATUS_SUCCESS)
    return GM_OK;
  return gm_fail (s == CUBLAS_STATUS_ALLOC_FAILED ? GM_ERR_OUT_OF_MEMORY : GM_ERR_CUDA,
                  "%s: %s (%d)", where, lib.cublasGetStatusName (s), (int) s);
}

/* The current device's handles, made at first use on it and again after a context reset (the
   old ones died with their context: they are dropped, not destroyed).  Both queue on stream 0,
   the legacy default stream of every gpumat operation. */
gm_status get_handles (solver_handles **out)
{
  gm_status st = gm_init ();
  if (st != GM_OK || (st = load_libraries ()) != GM_OK)
    return st;
  int dev = 0;
  if ((st = gm_cuda_status (cudaGetDevice (&dev), "cudaGetDevice")) != GM_OK)
    return st;
  if (dev < 0 || dev >= GM_MAX_DEVICES)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "solver: device %d", dev);
  pthread_mutex_lock (&handles_lock);
  solver_handles *h = &handles_of[dev];
  if (h->ready && h->epoch != gm_context_epoch ())
    h->ready = 0;
  if (!h->ready) {
    cusolverDnHandle_t dn = NULL;
    cusolverDnParams_t params = NULL;
    cublasHandle_t blas = NULL;
    st = check_cusolver (lib.cusolverDnCreate (&dn), "cusolverDnCreate");
    if (st == GM_OK)
      st = check_cusolver (lib.cusolverDnCreateParams (&params), "cusolverDnCreateParams");
    if (st == GM_OK)
      st = check_cublas (lib.cublasCreate (&blas), "cublasCreate");
    if (st == GM_OK)
      st = check_cusolver (lib.cusolverDnSetStream (dn, 0), "cusolverDnSetStream");
    if (st == GM_OK)
      st = check_cublas (lib.cublasSetStream (blas, 0), "cublasSetStream");
    if (st != GM_OK) {
      if (blas) lib.cublasDestroy (blas);
      if (params) lib.cusolverDnDestroyParams (params);
      if (dn) lib.cusolverDnDestroy (dn);
      pthread_mutex_unlock (&handles_lock);
      return st;
    }
    h->dn = dn;
    h->params = params;
    h->blas = blas;
    h->epoch = gm_context_epoch ();
    h->ready = 1;
  }
  *out = h;
  pthread_mutex_unlock (&handles_lock);
  return GM_OK;
}


/* ---- typed calls into the libraries ------------------------------------------------------ */

cudaDataType data_type (gm_class c)
{
  switch (c) {
  case GM_SINGLE: return CUDA_R_32F;
  case GM_COMPLEX_DOUBLE: return CUDA_C_64F;
  case GM_COMPLEX_SINGLE: return CUDA_C_32F;
  default: return CUDA_R_64F;
  }
}

gm_status read_int (const int *d_int, int *value)
{
  return gm_copy_to_host (value, d_int, sizeof (int));
}

cublasOperation_t blas_op (gm_op op)
{
  return op == GM_OP_NONE ? CUBLAS_OP_N : op == GM_OP_TRANSPOSE ? CUBLAS_OP_T : CUBLAS_OP_C;
}

/* x := inv (op (A)) x for one vector x, as trsm with one column.  With cuBLAS's trsv the
   condition estimate's 8-10 solves made gm_solve 49.6 ms at n = 8192 against getrf + getrs's
   40.6 (H200): about 1 ms a solve, where one pass over the triangle takes 0.1 ms.  trsm's
   blocked form is expected to come closer to that (bench/NOTES-linalg.md: to be measured). */
gm_status trsv (cublasHandle_t h, gm_class cls, cublasFillMode_t uplo, cublasOperation_t trans,
                cublasDiagType_t diag, int64_t n, const void *A, void *x)
{
  const double one_d = 1.0;
  const float one_f = 1.0f;
  const cuDoubleComplex one_z = {1.0, 0.0};
  const cuComplex one_c = {1.0f, 0.0f};
  const cublasSideMode_t side = CUBLAS_SIDE_LEFT;
  cublasStatus_t s;
  switch (cls) {
  case GM_DOUBLE: s = lib.cublasDtrsm_64 (h, side, uplo, trans, diag, n, 1, &one_d, (const double *) A, n, (double *) x, n); break;
  case GM_SINGLE: s = lib.cublasStrsm_64 (h, side, uplo, trans, diag, n, 1, &one_f, (const float *) A, n, (float *) x, n); break;
  case GM_COMPLEX_DOUBLE: s = lib.cublasZtrsm_64 (h, side, uplo, trans, diag, n, 1, &one_z, (const cuDoubleComplex *) A, n, (cuDoubleComplex *) x, n); break;
  default: s = lib.cublasCtrsm_64 (h, side, uplo, trans, diag, n, 1, &one_c, (const cuComplex *) A, n, (cuComplex *) x, n); break;
  }
  return check_cublas (s, "cublas<t>trsm (one column)");
}

gm_status trsm (cublasHandle_t h, gm_class cls, cublasFillMode_t uplo, cublasOperation_t trans,
                int64_t n, int64_t nrhs, const void *A, void *B)
{
  const double one_d = 1.0;
  const float one_f = 1.0f;
  const cuDoubleComplex one_z = {1.0, 0.0};
  const cuComplex one_c = {1.0f, 0.0f};
  const cublasSideMode_t side = CUBLAS_SIDE_LEFT;
  const cublasDiagType_t diag = CUBLAS_DIAG_NON_UNIT;
  cublasStatus_t s;
  switch (cls) {
  case GM_DOUBLE: s = lib.cublasDtrsm_64 (h, side, uplo, trans, diag, n, nrhs, &one_d, (const double *) A, n, (double *) B, n); break;
  case GM_SINGLE: s = lib.cublasStrsm_64 (h, side, uplo, trans, diag, n, nrhs, &one_f, (const float *) A, n, (float *) B, n); break;
  case GM_COMPLEX_DOUBLE: s = lib.cublasZtrsm_64 (h, side, uplo, trans, diag, n, nrhs, &one_z, (const cuDoubleComplex *) A, n, (cuDoubleComplex *) B, n); break;
  default: s = lib.cublasCtrsm_64 (h, side, uplo, trans, diag, n, nrhs, &one_c, (const cuComplex *) A, n, (cuComplex *) B, n); break;
  }
  return check_cublas (s, "cublas<t>trsm");
}

/* getrf in place on an m x n W (leading dimension m); *info its info. */
gm_status getrf (solver_handles *h, gm_class cls, int64_t m, int64_t n, void *W, int64_t *d_ipiv,
                 int *d_info, int *info)
{
  blocks b;
  size_t dev_bytes = 0, host_bytes = 0;
  const cudaDataType t = data_type (cls);
  gm_status st = check_cusolver (lib.cusolverDnXgetrf_bufferSize (h->dn, h->params, m, n, t, W, m, t,
                                                              &dev_bytes, &host_bytes),
                                 "cusolverDnXgetrf_bufferSize");
  void *d_work = NULL;
  if (st == GM_OK)
    st = b.alloc (&d_work, dev_bytes);
  if (st != GM_OK)
    return st;
  std::vector<char> h_work (host_bytes);
  st = check_cusolver (lib.cusolverDnXgetrf (h->dn, h->params, m, n, t, W, m, d_ipiv, t, d_work,
                                         dev_bytes, host_bytes ? h_work.data () : NULL,
                                         host_bytes, d_info),
                       "cusolverDnXgetrf");
  return st != GM_OK ? st : read_int (d_info, info);
}

gm_status potrf (solver_handles *h, gm_class cls, cublasFillMode_t uplo, int64_t n, void *W,
                 int *d_info, int *info)
{
  blocks b;
  size_t dev_bytes = 0, host_bytes = 0;
  const cudaDataType t = data_type (cls);
  gm_status st = check_cusolver (lib.cusolverDnXpotrf_bufferSize (h->dn, h->params, uplo, n, t, W, n,
                                                              t, &dev_bytes, &host_bytes),
                                 "cusolverDnXpotrf_bufferSize");
  void *d_work = NULL;
  if (st == GM_OK)
    st = b.alloc (&d_work, dev_bytes);
  if (st != GM_OK)
    return st;
  std::vector<char> h_work (host_bytes);
  st = check_cusolver (lib.cusolverDnXpotrf (h->dn, h->params, uplo, n, t, W, n, t, d_work, dev_bytes,
                                         host_bytes ? h_work.data () : NULL, host_bytes, d_info),
                       "cusolverDnXpotrf");
  return st != GM_OK ? st : read_int (d_info, info);
}

} /* namespace gm_solver */

/* ---- the C API -------------------------------------------------------------------------- */

extern "C" gm_status gm_solver_library (void)
{
  return gm_solver::load_libraries ();
}
