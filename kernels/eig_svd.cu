/* eig_svd.cu: eigenvalues of Hermitian and general matrices, singular value decompositions and
 * QR through cuSOLVER (Xsyevd, Xgeev, Xgesvd, Xgeqrf with orgqr/ungqr), loaded by
 * kernels/solver_lib.cu (solver_lib.h), and the two kernels they lack: Octave's exact Hermitian test (A(i,j) ==
 * conj (A(j,i)) for every i, j, the diagonal's imaginary parts zero), which decides where eig
 * runs (gpumat.h says the rules), and the scaling of geqrf's reflectors by tau that Octave's
 * one-output qr returns.
 *
 * Every call copies its input first (both routines overwrite it), waits for the routine's info,
 * and frees its workspaces at return, on every path.  Xgesvd takes only m >= n: a wide matrix
 * is decomposed through its conjugate transpose (A' = U1 S V1', so A = V1 S U1'), as cuSOLVER's
 * documentation says; the right vectors come back as V' and are conjugate-transposed into V.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <vector>
#include "gpumat.h"
#include "solver_lib.h"

namespace {

using namespace gm_solver;

bool float_class (gm_class c)
{
  return c == GM_DOUBLE || c == GM_SINGLE || c == GM_COMPLEX_DOUBLE || c == GM_COMPLEX_SINGLE;
}

cudaDataType type_of (gm_class c)
{
  switch (c) {
  case GM_SINGLE: return CUDA_R_32F;
  case GM_COMPLEX_DOUBLE: return CUDA_C_64F;
  case GM_COMPLEX_SINGLE: return CUDA_C_32F;
  default: return CUDA_R_64F;
  }
}

cudaDataType real_type_of (gm_class c)
{
  return gm_class_real (c) == GM_SINGLE ? CUDA_R_32F : CUDA_R_64F;
}

/* Octave's ishermitian / issymmetric (liboctave/array/CMatrix.cc, dMatrix.cc): exact equality,
   so a NaN anywhere makes the matrix not Hermitian.  Column-major, element (i, j) at i + j*n;
   thread e reads element e (coalesced) and its mirror (strided: the test is O(n^2) against the
   decomposition's O(n^3)).  A complex element is (re, im) at 2k, 2k+1.  Grid-stride loop. */
template <typename R, bool C>
__global__ void hermitian_kernel (int64_t n, const R *__restrict__ A, int *not_hermitian)
{
  const int64_t count = n * n;
  bool bad = false;
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < count && !bad;
       e += (int64_t) gridDim.x * blockDim.x) {
    const int64_t i = e % n, j = e / n;
    if (i > j)
      continue;                 /* each pair once, from its upper element */
    const int64_t t = j + i * n;
    if (C)
      bad = !(A[2 * e] == A[2 * t] && A[2 * e + 1] == -A[2 * t + 1]);
    else
      bad = !(A[e] == A[t]);
  }
  if (bad)
    *not_hermitian = 1;
}

/* Octave's raw qr (liboctave/numeric/qr.cc, qr<T>::form with type raw): below the diagonal of
   the first k columns of geqrf's m-row output, A(i, j) *= tau(j) (a complex product for a
   complex class).  Thread e reads element e, column-major (coalesced).  Grid-stride loop. */
template <typename R, bool C>
__global__ void scale_reflectors_kernel (int64_t m, int64_t k, R *__restrict__ A,
                                         const R *__restrict__ tau)
{
  const int64_t count = m * k;
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < count;
       e += (int64_t) gridDim.x * blockDim.x) {
    const int64_t i = e % m, j = e / m;
    if (i <= j)
      continue;
    if (C) {
      const R ar = A[2 * e], ai = A[2 * e + 1], tr = tau[2 * j], ti = tau[2 * j + 1];
      A[2 * e] = ar * tr - ai * ti;
      A[2 * e + 1] = ar * ti + ai * tr;
    } else {
      A[e] *= tau[j];
    }
  }
}

/* A real matrix's xGEEV output as complex values and vectors.  W2: the n real parts, then the
   n imaginary parts; VR: LAPACK's packed real columns (a real value's vector in its column; a
   conjugate pair j, j+1, with W2[n + j] > 0, as VR(:, j) + i VR(:, j+1) and its conjugate).
   W (n complex) and V (n x n complex, or NULL) get Octave's complex result.  Thread e: element
   e of V (column-major), or value e where there are no vectors.  Grid-stride loop. */
template <typename R>
__global__ void expand_real_eig_kernel (int64_t n, const R *__restrict__ W2,
                                        const R *__restrict__ VR, R *__restrict__ W,
                                        R *__restrict__ V)
{
  const int64_t count = V ? n * n : n;
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < count;
       e += (int64_t) gridDim.x * blockDim.x) {
    const int64_t i = V ? e % n : 0, j = V ? e / n : e;
    const R wi = W2[n + j];
    if (i == 0) {
      W[2 * j] = W2[j];
      W[2 * j + 1] = wi;
    }
    if (!V)
      continue;
    R re, im;
    if (wi == 0) {
      re = VR[e];
      im = 0;
    } else if (wi > 0) {
      re = VR[i + j * n];
      im = VR[i + (j + 1) * n];
    } else {
      re = VR[i + (j - 1) * n];
      im = -VR[i + j * n];
    }
    V[2 * e] = re;
    V[2 * e + 1] = im;
  }
}

unsigned grid_of (int64_t count)
{
  const int64_t g = (count + 255) / 256;
  return (unsigned) (g < 1 ? 1 : g > 65535 * 8 ? 65535 * 8 : g);
}

gm_status read_info (const int *d_info, int64_t *info)
{
  int v = 0;
  gm_status st = gm_copy_to_host (&v, d_info, sizeof v);
  *info = v;
  return st;
}

gm_status hermitian (gm_class cls, int64_t n, const void *d_A, int *h_hermitian)
{
  *h_hermitian = 0;
  if (n == 0)
    return GM_OK;               /* Octave: an empty matrix is not Hermitian */
  blocks b;
  int *d_flag;
  gm_status st = b.alloc ((void **) &d_flag, sizeof (int));
  if (st == GM_OK)
    st = gm_fill_bytes (d_flag, 0, sizeof (int));
  if (st != GM_OK)
    return st;
  const unsigned g = grid_of (n * n);
  switch (cls) {
  case GM_DOUBLE: hermitian_kernel<double, false><<<g, 256>>> (n, (const double *) d_A, d_flag); break;
  case GM_SINGLE: hermitian_kernel<float, false><<<g, 256>>> (n, (const float *) d_A, d_flag); break;
  case GM_COMPLEX_DOUBLE: hermitian_kernel<double, true><<<g, 256>>> (n, (const double *) d_A, d_flag); break;
  default: hermitian_kernel<float, true><<<g, 256>>> (n, (const float *) d_A, d_flag); break;
  }
  if ((st = gm_cuda_status (cudaGetLastError (), "Hermitian test")) != GM_OK)
    return st;
  int bad = 0;
  if ((st = gm_copy_to_host (&bad, d_flag, sizeof bad)) != GM_OK)
    return st;
  *h_hermitian = !bad;
  return GM_OK;
}

/* syevd on a copy of A: ascending eigenvalues into d_W, the vectors into d_V when not NULL. */
gm_status eig_hermitian (gm_class cls, int64_t n, const void *d_A, void *d_W, void *d_V,
                         int64_t *info)
{
  solver_handles *h;
  gm_status st = get_handles (&h);
  if (st != GM_OK)
    return st;
  blocks b;
  const size_t es = gm_class_size (cls);
  void *W = d_V, *d_work = NULL;
  int *d_info = NULL;
  if (!W && (st = b.alloc (&W, (size_t) n, (size_t) n, es)) != GM_OK)
    return st;
  if ((st = gm_copy_device (W, d_A, (size_t) n * n * es)) != GM_OK
      || (st = b.alloc ((void **) &d_info, sizeof (int))) != GM_OK)
    return st;
  const cudaDataType t = type_of (cls), rt = real_type_of (cls);
  const cusolverEigMode_t job = d_V ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const cublasFillMode_t uplo = CUBLAS_FILL_MODE_UPPER;   /* LAPACK's as Octave calls it */
  size_t dev_bytes = 0, host_bytes = 0;
  st = check_cusolver (lib.cusolverDnXsyevd_bufferSize (h->dn, h->params, job, uplo, n, t, W, n,
                                                        rt, d_W, t, &dev_bytes, &host_bytes),
                       "cusolverDnXsyevd_bufferSize");
  if (st == GM_OK)
    st = b.alloc (&d_work, dev_bytes);
  if (st != GM_OK)
    return st;
  std::vector<char> h_work (host_bytes);
  st = check_cusolver (lib.cusolverDnXsyevd (h->dn, h->params, job, uplo, n, t, W, n, rt, d_W, t,
                                             d_work, dev_bytes,
                                             host_bytes ? h_work.data () : NULL, host_bytes,
                                             d_info),
                       "cusolverDnXsyevd");
  return st != GM_OK ? st : read_info (d_info, info);
}

/* Xgeev on a copy of A (right vectors only, as Octave's eig asks LAPACK's xGEEVX): the values
   into d_W and the vectors into d_V (when not NULL), complex; a real A's output expanded from
   LAPACK's packed form (expand_real_eig_kernel). */
gm_status eig_general (gm_class cls, int64_t n, const void *d_A, void *d_W, void *d_V,
                       int64_t *info)
{
#if GM_HAVE_XGEEV
  solver_handles *h;
  gm_status st = get_handles (&h);
  if (st != GM_OK)
    return st;
  blocks b;
  const size_t es = gm_class_size (cls);
  const bool real = !gm_class_is_complex (cls);
  void *A = NULL, *W = d_W, *VR = d_V, *d_work = NULL;
  int *d_info = NULL;
  if ((st = b.alloc (&A, (size_t) n, (size_t) n, es)) != GM_OK
      || (st = gm_copy_device (A, d_A, (size_t) n * n * es)) != GM_OK
      || (st = b.alloc ((void **) &d_info, sizeof (int))) != GM_OK)
    return st;
  if (real && ((st = b.alloc (&W, 2, (size_t) n, es)) != GM_OK
               || (d_V && (st = b.alloc (&VR, (size_t) n, (size_t) n, es)) != GM_OK)))
    return st;
  const cudaDataType t = type_of (cls);
  const cusolverEigMode_t jobvl = CUSOLVER_EIG_MODE_NOVECTOR;
  const cusolverEigMode_t jobvr = d_V ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  size_t dev_bytes = 0, host_bytes = 0;
  st = check_cusolver (lib.cusolverDnXgeev_bufferSize (h->dn, h->params, jobvl, jobvr, n, t, A, n,
                                                       t, W, t, NULL, n, t, VR, n, t, &dev_bytes,
                                                       &host_bytes),
                       "cusolverDnXgeev_bufferSize");
  if (st == GM_OK)
    st = b.alloc (&d_work, dev_bytes);
  if (st != GM_OK)
    return st;
  std::vector<char> h_work (host_bytes);
  st = check_cusolver (lib.cusolverDnXgeev (h->dn, h->params, jobvl, jobvr, n, t, A, n, t, W, t,
                                            NULL, n, t, VR, n, t, d_work, dev_bytes,
                                            host_bytes ? h_work.data () : NULL, host_bytes,
                                            d_info),
                       "cusolverDnXgeev");
  if (st == GM_OK)
    st = read_info (d_info, info);
  if (st != GM_OK || *info != 0 || !real)
    return st;
  const unsigned g = grid_of (d_V ? n * n : n);
  if (cls == GM_DOUBLE)
    expand_real_eig_kernel<double><<<g, 256>>> (n, (const double *) W, (const double *) VR,
                                                (double *) d_W, (double *) d_V);
  else
    expand_real_eig_kernel<float><<<g, 256>>> (n, (const float *) W, (const float *) VR,
                                               (float *) d_W, (float *) d_V);
  return gm_cuda_status (cudaGetLastError (), "eig (complex pairs)");
#else
  (void) cls; (void) n; (void) d_A; (void) d_W; (void) d_V; (void) info;
  return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_eig_general: the cuSOLVER gpumat was built with "
                  "has no Xgeev (CUDA 12.6 or newer has it)");
#endif
}

/* gesvd of an m x n W, m >= n, overwritten: d_S (n values, descending), d_U (m x m when full,
   m x n when econ, ldu m) and d_VT (n x n) when vectors; *info its info. */
gm_status gesvd (solver_handles *h, gm_class cls, int64_t m, int64_t n, void *W, void *d_S,
                 void *d_U, void *d_VT, int econ, int64_t *info)
{
  blocks b;
  const int vectors = d_U != NULL;
  const signed char jobu = !vectors ? 'N' : econ ? 'S' : 'A', jobvt = vectors ? 'A' : 'N';
  const cudaDataType t = type_of (cls), rt = real_type_of (cls);
  int *d_info = NULL;
  void *d_work = NULL;
  gm_status st = b.alloc ((void **) &d_info, sizeof (int));
  if (st != GM_OK)
    return st;
  size_t dev_bytes = 0, host_bytes = 0;
  st = check_cusolver (lib.cusolverDnXgesvd_bufferSize (h->dn, h->params, jobu, jobvt, m, n, t, W,
                                                        m, rt, d_S, t, d_U, m, t, d_VT, n, t,
                                                        &dev_bytes, &host_bytes),
                       "cusolverDnXgesvd_bufferSize");
  if (st == GM_OK)
    st = b.alloc (&d_work, dev_bytes);
  if (st != GM_OK)
    return st;
  std::vector<char> h_work (host_bytes);
  st = check_cusolver (lib.cusolverDnXgesvd (h->dn, h->params, jobu, jobvt, m, n, t, W, m, rt, d_S,
                                             t, d_U, m, t, d_VT, n, t, d_work, dev_bytes,
                                             host_bytes ? h_work.data () : NULL, host_bytes,
                                             d_info),
                       "cusolverDnXgesvd");
  return st != GM_OK ? st : read_info (d_info, info);
}

gm_status svd (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_S, void *d_U,
               void *d_V, int econ, int64_t *info)
{
  solver_handles *h;
  gm_status st = get_handles (&h);
  if (st != GM_OK)
    return st;
  blocks b;
  const size_t es = gm_class_size (cls);
  const int vectors = d_U != NULL;
  const bool wide = m < n;
  /* the tall (or square) matrix gesvd takes: A itself, or A' */
  const int64_t tm = wide ? n : m, tn = wide ? m : n;
  void *W = NULL, *d_VT = NULL;
  if ((st = b.alloc (&W, (size_t) m, (size_t) n, es)) != GM_OK)
    return st;
  st = wide ? gm_transpose_op (cls, GM_OP_CTRANSPOSE, m, n, d_A, m, W, n, 0)
            : gm_copy_device (W, d_A, (size_t) m * n * es);
  if (st == GM_OK && vectors)
    st = b.alloc (&d_VT, (size_t) tn, (size_t) tn, es);
  if (st != GM_OK)
    return st;
  /* tall: U1 is U, V1 = VT'; wide: U1 (into d_V) is A's V, and A's U = VT' */
  void *d_U1 = !vectors ? NULL : wide ? d_V : d_U;
  if ((st = gesvd (h, cls, tm, tn, W, d_S, d_U1, d_VT, econ, info)) != GM_OK || !vectors
      || *info != 0)
    return st;
  return gm_transpose_op (cls, GM_OP_CTRANSPOSE, tn, tn, d_VT, tn, wide ? d_U : d_V, tn, 0);
}

/* geqrf in place on an m x n W (leading dimension m): d_tau (min (m, n) elements). */
gm_status geqrf (solver_handles *h, gm_class cls, int64_t m, int64_t n, void *W, void *d_tau,
                 int64_t *info)
{
  blocks b;
  const cudaDataType t = type_of (cls);
  int *d_info = NULL;
  void *d_work = NULL;
  gm_status st = b.alloc ((void **) &d_info, sizeof (int));
  if (st != GM_OK)
    return st;
  size_t dev_bytes = 0, host_bytes = 0;
  st = check_cusolver (lib.cusolverDnXgeqrf_bufferSize (h->dn, h->params, m, n, t, W, m, t, d_tau,
                                                        t, &dev_bytes, &host_bytes),
                       "cusolverDnXgeqrf_bufferSize");
  if (st == GM_OK)
    st = b.alloc (&d_work, dev_bytes);
  if (st != GM_OK)
    return st;
  std::vector<char> h_work (host_bytes);
  st = check_cusolver (lib.cusolverDnXgeqrf (h->dn, h->params, m, n, t, W, m, t, d_tau, t, d_work,
                                             dev_bytes, host_bytes ? h_work.data () : NULL,
                                             host_bytes, d_info),
                       "cusolverDnXgeqrf");
  return st != GM_OK ? st : read_info (d_info, info);
}

/* orgqr / ungqr: the first qc columns of Q from the k reflectors in the m x qc Q (in place). */
gm_status orgqr (solver_handles *h, gm_class cls, int m, int qc, int k, void *Q,
                 const void *d_tau, int64_t *info)
{
  blocks b;
  int lwork = 0, *d_info = NULL;
  void *d_work = NULL;
  gm_status st = b.alloc ((void **) &d_info, sizeof (int));
  if (st != GM_OK)
    return st;
  cusolverStatus_t s;
  switch (cls) {
  case GM_DOUBLE: s = lib.cusolverDnDorgqr_bufferSize (h->dn, m, qc, k, (const double *) Q, m, (const double *) d_tau, &lwork); break;
  case GM_SINGLE: s = lib.cusolverDnSorgqr_bufferSize (h->dn, m, qc, k, (const float *) Q, m, (const float *) d_tau, &lwork); break;
  case GM_COMPLEX_DOUBLE: s = lib.cusolverDnZungqr_bufferSize (h->dn, m, qc, k, (const cuDoubleComplex *) Q, m, (const cuDoubleComplex *) d_tau, &lwork); break;
  default: s = lib.cusolverDnCungqr_bufferSize (h->dn, m, qc, k, (const cuComplex *) Q, m, (const cuComplex *) d_tau, &lwork); break;
  }
  if ((st = check_cusolver (s, "cusolverDn<t>orgqr_bufferSize")) != GM_OK
      || (st = b.alloc (&d_work, (size_t) (lwork > 0 ? lwork : 1), gm_class_size (cls))) != GM_OK)
    return st;
  switch (cls) {
  case GM_DOUBLE: s = lib.cusolverDnDorgqr (h->dn, m, qc, k, (double *) Q, m, (const double *) d_tau, (double *) d_work, lwork, d_info); break;
  case GM_SINGLE: s = lib.cusolverDnSorgqr (h->dn, m, qc, k, (float *) Q, m, (const float *) d_tau, (float *) d_work, lwork, d_info); break;
  case GM_COMPLEX_DOUBLE: s = lib.cusolverDnZungqr (h->dn, m, qc, k, (cuDoubleComplex *) Q, m, (const cuDoubleComplex *) d_tau, (cuDoubleComplex *) d_work, lwork, d_info); break;
  default: s = lib.cusolverDnCungqr (h->dn, m, qc, k, (cuComplex *) Q, m, (const cuComplex *) d_tau, (cuComplex *) d_work, lwork, d_info); break;
  }
  if ((st = check_cusolver (s, "cusolverDn<t>orgqr")) != GM_OK)
    return st;
  return read_info (d_info, info);
}

gm_status qr (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_Q, void *d_R, int econ,
              int64_t *info)
{
  /* orgqr takes int sizes */
  if (m > 2147483647 || n > 2147483647)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "qr: a %lld x %lld matrix", (long long) m,
                    (long long) n);
  solver_handles *h;
  gm_status st = get_handles (&h);
  if (st != GM_OK)
    return st;
  blocks b;
  const size_t es = gm_class_size (cls);
  const int64_t k = m < n ? m : n;
  void *W = d_Q ? NULL : d_R, *d_tau = NULL;
  if ((!W && (st = b.alloc (&W, (size_t) m, (size_t) n, es)) != GM_OK)
      || (st = b.alloc (&d_tau, (size_t) k, es)) != GM_OK
      || (st = gm_copy_device (W, d_A, (size_t) m * n * es)) != GM_OK
      || (st = geqrf (h, cls, m, n, W, d_tau, info)) != GM_OK || *info != 0)
    return st;
  if (!d_Q) {
    /* one output: geqrf's factors with the reflectors scaled by tau, as Octave returns them */
    const unsigned g = grid_of (m * k);
    switch (cls) {
    case GM_DOUBLE: scale_reflectors_kernel<double, false><<<g, 256>>> (m, k, (double *) W, (const double *) d_tau); break;
    case GM_SINGLE: scale_reflectors_kernel<float, false><<<g, 256>>> (m, k, (float *) W, (const float *) d_tau); break;
    case GM_COMPLEX_DOUBLE: scale_reflectors_kernel<double, true><<<g, 256>>> (m, k, (double *) W, (const double *) d_tau); break;
    default: scale_reflectors_kernel<float, true><<<g, 256>>> (m, k, (float *) W, (const float *) d_tau); break;
    }
    if ((st = gm_cuda_status (cudaGetLastError (), "qr reflectors")) != GM_OK)
      return st;
    return gm_cuda_status (cudaDeviceSynchronize (), "qr");  /* tau goes back at return */
  }
  /* Q: m x qc from the first min (n, qc) columns of the factors; R: the upper triangle of the
     factors' first qc rows (qc x n) */
  const int64_t qc = econ ? k : m, copied = n < qc ? n : qc;
  void *T = NULL;
  if ((st = gm_copy_device (d_Q, W, (size_t) (m * copied) * es)) != GM_OK
      || (st = orgqr (h, cls, (int) m, (int) qc, (int) k, d_Q, d_tau, info)) != GM_OK
      || *info != 0 || (st = b.alloc (&T, (size_t) qc, (size_t) n, es)) != GM_OK
      || (st = gm_copy_2d (T, (size_t) qc * es, W, (size_t) m * es, (size_t) qc * es, (size_t) n,
                           0)) != GM_OK)
    return st;
  st = gm_triangle (cls, qc, n, 0, 0, 0, T, d_R, 0);
  if (st == GM_OK)
    st = gm_cuda_status (cudaDeviceSynchronize (), "qr");   /* T goes back at return */
  return st;
}

gm_status check_args (const char *what, gm_class cls, int64_t m, int64_t n, const void *d_A,
                      const void *d_out, int64_t *info)
{
  if (info)
    *info = 0;
  if (!float_class (cls) || m < 0 || n < 0 || (m * n > 0 && (!d_A || !d_out)) || !info)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: bad argument", what);
  return GM_OK;
}

} /* namespace */

/* ---- the C API -------------------------------------------------------------------------- */

extern "C" gm_status gm_is_hermitian (gm_class cls, int64_t n, const void *d_A, int *h_hermitian)
{
  if (!float_class (cls) || n < 0 || (n > 0 && !d_A) || !h_hermitian)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_is_hermitian: bad argument");
  gm_status st = n ? gm_init () : GM_OK;
  return st != GM_OK ? st : hermitian (cls, n, d_A, h_hermitian);
}

extern "C" gm_status gm_eig_hermitian (gm_class cls, int64_t n, const void *d_A, void *d_W,
                                       void *d_V, int64_t *info)
{
  gm_status st = check_args ("gm_eig_hermitian", cls, n, n, d_A, d_W, info);
  if (st != GM_OK || n == 0)
    return st;
  return eig_hermitian (cls, n, d_A, d_W, d_V, info);
}

extern "C" gm_status gm_eig_general (gm_class cls, int64_t n, const void *d_A, void *d_W,
                                     void *d_V, int64_t *info)
{
  gm_status st = check_args ("gm_eig_general", cls, n, n, d_A, d_W, info);
  if (st != GM_OK || n == 0)
    return st;
  return eig_general (cls, n, d_A, d_W, d_V, info);
}

extern "C" int gm_has_eig_general (void) { return GM_HAVE_XGEEV; }

extern "C" gm_status gm_svd (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_S,
                             void *d_U, void *d_V, int econ, int64_t *info)
{
  gm_status st = check_args ("gm_svd", cls, m, n, d_A, d_S, info);
  if (st == GM_OK && (d_U != NULL) != (d_V != NULL))
    st = gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_svd: both vector outputs or neither");
  if (st != GM_OK || m == 0 || n == 0)
    return st;
  return svd (cls, m, n, d_A, d_S, d_U, d_V, econ, info);
}

extern "C" gm_status gm_qr (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_Q,
                            void *d_R, int econ, int64_t *info)
{
  gm_status st = check_args ("gm_qr", cls, m, n, d_A, d_R, info);
  if (st != GM_OK || m == 0 || n == 0)
    return st;
  return qr (cls, m, n, d_A, d_Q, d_R, econ, info);
}
