/* solve.cu: square solves, inverses, determinants, LU and Cholesky through cuSOLVER and cuBLAS,
 * with Octave 7.3's choice of method and LAPACK's condition estimate (gpumat.h says the rules).
 *
 * Host code calling the libraries, plus the few kernels they lack: Octave's matrix_type probe
 * (one pass over A in 32x32 tile pairs, coalesced in both triangles), a NaN/Inf flag, column sums
 * of |A| for the 1-norm, and the copies that lay out identities, triangles and LU's factors.
 * Every call waits (it reads getrf's or potrf's info), so its workspaces go back to the cache
 * at return; a failure frees them too.
 *
 * cuSOLVER and cuBLAS are loaded with dlopen at the first solve (load_libraries), as fft.cu
 * loads cuFFT, not linked: linked, they cost every `pkg load` 220-320 ms on the H200's host
 * (this 2-core machine: Octave's start with the value type registered 0.22-0.28 s, 0.44-0.96 s
 * with the two libraries preloaded).  Their sonames are those of the toolkit built against;
 * libgpumat.so's rpath to the toolkit's library folder (build.mk) is where dlopen looks after
 * LD_LIBRARY_PATH, and both libraries find their own dependencies beside themselves ($ORIGIN).
 *
 * The condition estimate follows LAPACK's xGECON / xPOCON / xTRCON step for step: the 1-norm of
 * the matrix, and Hager and Higham's estimate of the 1-norm of its inverse (xLACN2, at most 5
 * iterations and a final alternating-sign test vector), each step a pair of triangular solves
 * (trsv) with the factors on the device and the vector's small bookkeeping (signs, argmax, sums)
 * on the host, n values copied each way.  LAPACK's xLATRS scales against overflow; here a
 * solve that overflows makes the estimate infinite, the reciprocal condition 0, and the answer
 * the host's (below gm_solve_rcond_floor), which is where LAPACK's scaling would matter.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <cublas_v2.h>
#include <cusolverDn.h>
#include <dlfcn.h>
#include <pthread.h>
#include <cmath>
#include <complex>
#include <cstring>
#include <functional>
#include <limits>
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

} /* namespace gm_solver */

namespace {

using namespace gm_solver;

bool is_float_class (gm_class c)
{
  return c == GM_DOUBLE || c == GM_SINGLE || c == GM_COMPLEX_DOUBLE || c == GM_COMPLEX_SINGLE;
}

cudaDataType data_type (gm_class c)
{
  switch (c) {
  case GM_SINGLE: return CUDA_R_32F;
  case GM_COMPLEX_DOUBLE: return CUDA_C_64F;
  case GM_COMPLEX_SINGLE: return CUDA_C_32F;
  default: return CUDA_R_64F;
  }
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
   Flags are or-ed into *flags once per thread that found something.  Launch: blockDim (32, 8),
   grid (tiles, tiles). */
template <typename R, bool C>
__global__ void probe_kernel (int64_t n, const R *__restrict__ A, int *flags)
{
  constexpr int T = 32;
  __shared__ R up_re[T][T + 1], up_im[C ? T : 1][T + 1];
  __shared__ R lo_re[T][T + 1], lo_im[C ? T : 1][T + 1];
  __shared__ R diag_i[T], diag_j[T];
  const int64_t ti = blockIdx.y, tj = blockIdx.x;
  if (ti > tj)
    return;
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

/* ---- small launchers -------------------------------------------------------------------- */

gm_status read_int (const int *d_int, int *value)
{
  return gm_copy_to_host (value, d_int, sizeof (int));
}

gm_status probe (gm_class cls, int64_t n, const void *d_A, gm_matrix_type *type, int *nonfinite)
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
  case GM_DOUBLE: probe_kernel<double, false><<<grid, block>>> (n, (const double *) d_A, d_flags); break;
  case GM_SINGLE: probe_kernel<float, false><<<grid, block>>> (n, (const float *) d_A, d_flags); break;
  case GM_COMPLEX_DOUBLE: probe_kernel<double, true><<<grid, block>>> (n, (const double *) d_A, d_flags); break;
  default: probe_kernel<float, true><<<grid, block>>> (n, (const float *) d_A, d_flags); break;
  }
  int bits = 0;
  if ((st = launched ("matrix probe")) != GM_OK || (st = read_int (d_flags, &bits)) != GM_OK)
    return st;
  *nonfinite = (bits & NONFINITE) != 0;
  *type = !(bits & NOT_UPPER) ? GM_MATRIX_UPPER : !(bits & NOT_LOWER) ? GM_MATRIX_LOWER
          : !(bits & NOT_HERMITIAN) ? GM_MATRIX_HERMITIAN : GM_MATRIX_FULL;
  return GM_OK;
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

/* ---- typed calls into the libraries ------------------------------------------------------ */

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

/* ---- LAPACK's condition estimate ------------------------------------------------------------ */

/* Which inverse a step of the estimate applies (xGECON, xPOCON, xTRCON). */
enum factor_kind { LU_FACTORS, CHOL_UPPER, CHOL_LOWER, TRI_UPPER, TRI_LOWER };

/* x := inv (M) x (kase 1) or inv (M)' x (kase 2) for the matrix M the factors stand for. */
gm_status apply_inverse (cublasHandle_t h, gm_class cls, factor_kind kind, int64_t n,
                         const void *F, int kase, void *x)
{
  const cublasFillMode_t lo = CUBLAS_FILL_MODE_LOWER, up = CUBLAS_FILL_MODE_UPPER;
  const cublasOperation_t N = CUBLAS_OP_N, H = CUBLAS_OP_C;
  const cublasDiagType_t unit = CUBLAS_DIAG_UNIT, non = CUBLAS_DIAG_NON_UNIT;
  gm_status st;
  switch (kind) {
  case LU_FACTORS:              /* A = L U (the row swaps do not change the 1-norm) */
    if (kase == 1)
      return (st = trsv (h, cls, lo, N, unit, n, F, x)) != GM_OK ? st : trsv (h, cls, up, N, non, n, F, x);
    return (st = trsv (h, cls, up, H, non, n, F, x)) != GM_OK ? st : trsv (h, cls, lo, H, unit, n, F, x);
  case CHOL_UPPER:              /* A = U' U, inv (A) Hermitian: both kases alike */
    return (st = trsv (h, cls, up, H, non, n, F, x)) != GM_OK ? st : trsv (h, cls, up, N, non, n, F, x);
  case CHOL_LOWER:              /* A = L L' */
    return (st = trsv (h, cls, lo, N, non, n, F, x)) != GM_OK ? st : trsv (h, cls, lo, H, non, n, F, x);
  case TRI_UPPER:
    return trsv (h, cls, up, kase == 1 ? N : H, non, n, F, x);
  default:
    return trsv (h, cls, lo, kase == 1 ? N : H, non, n, F, x);
  }
}

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
  auto apply = [&] (int kase) { return apply_inverse (h->blas, cls, kind, n, F, kase, d_x); };
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

extern "C" gm_status gm_solver_library (void)
{
  return load_libraries ();
}

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
  gm_matrix_type type;
  int a_nonfinite = 0;
  if (!nonfinite && (st = probe (a_cls, n, d_A, &type, &a_nonfinite)) != GM_OK)
    return st;
  if (nonfinite || a_nonfinite) {
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
      if ((st = condition (h, a_cls, LU_FACTORS, n, W, anorm, &report->rcond)) != GM_OK)
        return st;
      if (below_floor (a_cls, report->rcond)) {
        report->outcome = GM_SOLVE_ILL_CONDITIONED;
        return GM_OK;
      }
      st = check_cusolver (lib.cusolverDnXgetrs (h->dn, h->params, CUBLAS_OP_N, n, cols, t, W, n,
                                             d_ipiv, t, rhs, n, (int *) d_info),
                           "cusolverDnXgetrs");
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
