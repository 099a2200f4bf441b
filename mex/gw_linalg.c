/* gw_linalg.c: eig, svd and qr of gpumat arrays (the commands are in gw_linalg.h).
 *
 * Reads and checks the operand, puts it on the device in the class Octave computes in, and
 * calls kernels/eig_svd.cu.  Octave's own eig, svd or qr runs on the host, on the operand as the
 * user gave it, for text, NaN or Inf (Octave's own errors: "svd: cannot take SVD of matrix
 * containing Inf or NaN values", "EIG: matrix contains Inf or NaN values"; qr's answer then
 * depends on the host's LAPACK), for a matrix that
 * is not exactly Hermitian where the cuSOLVER built with has no Xgeev (CUDA before 12.6), and where cuSOLVER's
 * routine does not converge (info > 0); its results are uploaded again.  The helpers shared
 * with the solvers are gw_solve.c's (gw_solve.h).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_solve.h"
#include "gw_linalg.h"

static void wrong_args (const char *usage)
{
  gw_fail (NULL, "Octave:invalid-fun-call", "usage: __gpumat__ %s", usage);
}

/* A gpumat rows x cols result owning d, narrowed to real when it is complex with no nonzero
   imaginary part (Octave narrows its complex results so). */
static mxArray *result (gw_scratch *scratch, void *d, gm_class cls, mwSize rows, mwSize cols,
                        const char *area)
{
  const mwSize dims[2] = {rows, cols};
  gw_narrow_device (scratch, &d, &cls, (size_t) rows * cols, area);
  return gw_make_gpumat (scratch, d, cls, 2, dims, area);
}

/* A rows x cols real matrix of zeros with the count values of d_values on its diagonal (eig's
   D, svd's S), as a gpumat array. */
static mxArray *diagonal (gw_scratch *scratch, const void *d_values, int64_t count, gm_class real,
                          mwSize rows, mwSize cols, const char *area)
{
  void *d = gw_device_alloc (scratch, (size_t) rows * cols * gm_class_size (real), area);
  gm_status st = gm_diag_build (real, count, (int64_t) rows, (int64_t) cols, 0, d_values, d, 0);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  const mwSize dims[2] = {rows, cols};
  return gw_make_gpumat (scratch, d, real, 2, dims, area);
}

/* The operand A of either command, read and checked (double, single or logical data, 2-D, on
   the call's device). */
static void read_matrix (gw_scratch *scratch, const mxArray *arg, gw_operand *A, const char *area)
{
  gw_read_operand (scratch, arg, area, "A", A);
  gw_solve_check_operand (scratch, A, area);
  {
    const gw_operand *ops[1] = {A};
    gw_check_operand_devices (scratch, ops, 1, NULL, 0);
  }
}

/* eig of a matrix that is not Hermitian (xGEEV's case): cuSOLVER's Xgeev where the library
   has it, else Octave's own eig on the host.  Values and vectors come back complex; each output
   is narrowed to real where its imaginary parts are all zero (a real A with real eigenvalues),
   as Octave narrows eig's complex results.  D is a full gpumat matrix. */
static void eig_general (int nout, mxArray *plhs[], gw_scratch *scratch, const gw_operand *A,
                         gw_operand *raw, gm_class cls)
{
  static const char *area = "eig";
  const mwSize n = A->dims[0];
  if (!gm_has_eig_general ()) {
    gw_solve_octave_on_host (nout, plhs, scratch, "eig", raw, 1, NULL, 3u, area);
    return;
  }
  gw_solve_need_solver (scratch);
  const gm_class complex_cls = gm_class_complex (gm_class_real (cls));
  const size_t es = gm_class_size (complex_cls);
  void *d_W = gw_device_alloc (scratch, (size_t) n * es, area);
  void *d_V = nout > 1 ? gw_device_alloc (scratch, (size_t) n * n * es, area) : NULL;
  int64_t info = 0;
  gm_status st = gm_eig_general (cls, (int64_t) n, A->device, d_W, d_V, &info);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  if (info != 0) {
    /* Xgeev did not converge: LAPACK's answer, or its error, from the host */
    gw_solve_octave_on_host (nout, plhs, scratch, "eig", raw, 1, NULL, 3u, area);
    return;
  }
  if (nout == 1) {
    plhs[0] = result (scratch, d_W, complex_cls, n, 1, area);
  } else {
    void *d_D = gw_device_alloc (scratch, (size_t) n * n * es, area);
    st = gm_diag_build (complex_cls, (int64_t) n, (int64_t) n, (int64_t) n, 0, d_W, d_D, 0);
    if (st != GM_OK)
      gw_fail_status (scratch, st, area);
    plhs[0] = result (scratch, d_V, complex_cls, n, n, area);
    plhs[1] = result (scratch, d_D, complex_cls, n, n, area);
  }
  gw_scratch_free (scratch);
}

void gw_cmd_eig (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_A = 2, IN_COUNT };
  static const char *area = "eig";
  if (nrhs != IN_COUNT)
    wrong_args ("(\"eig\", CALLER, A)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  if (nlhs > 2)
    gw_fail (&scratch, "Octave:invalid-fun-call", "eig: function called with too many outputs");
  gw_operand A;
  read_matrix (&scratch, prhs[IN_A], &A, area);
  const mwSize n = A.dims[0];
  if (A.numel < 2 || A.dims[1] != n)
    gw_fail (&scratch, "gpumat:eig:invalidSize",
             "eig of an empty, 1x1 or non-square matrix is Octave's own (@gpumat/eig.m)");
  const int nout = nlhs > 1 ? 2 : 1;
  gw_operand raw = A;           /* as given, for Octave's own eig on the host */
  if (gw_solve_host_answers (&scratch, &A, area)) {
    gw_solve_octave_on_host (nout, plhs, &scratch, "eig", &raw, 1, NULL, 3u, area);
    return;
  }
  const gm_class cls = gw_solve_class (&A), real = gm_class_real (cls);
  gw_solve_prepare (&scratch, &A, cls, area);
  int hermitian = 0;
  gm_status st = gm_is_hermitian (cls, (int64_t) n, A.device, &hermitian);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  if (!hermitian) {
    eig_general (nout, plhs, &scratch, &A, &raw, cls);
    return;
  }
  gw_solve_need_solver (&scratch);
  void *d_W = gw_device_alloc (&scratch, (size_t) n * gm_class_size (real), area);
  void *d_V = nout > 1 ? gw_device_alloc (&scratch, (size_t) n * n * gm_class_size (cls), area)
                       : NULL;
  int64_t info = 0;
  st = gm_eig_hermitian (cls, (int64_t) n, A.device, d_W, d_V, &info);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  if (info != 0) {
    /* syevd did not converge: LAPACK's answer, or its error, from the host */
    gw_solve_octave_on_host (nout, plhs, &scratch, "eig", &raw, 1, NULL, 3u, area);
    return;
  }
  if (nout == 1) {
    plhs[0] = result (&scratch, d_W, real, n, 1, area);
  } else {
    plhs[0] = result (&scratch, d_V, cls, n, n, area);
    plhs[1] = diagonal (&scratch, d_W, (int64_t) n, real, n, n, area);
  }
  gw_scratch_free (&scratch);
}

void gw_cmd_svd (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_A = 2, IN_ECON, IN_COUNT };
  static const char *area = "svd";
  if (nrhs != IN_COUNT)
    wrong_args ("(\"svd\", CALLER, A, ECON)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  if (nlhs > 3)
    gw_fail (&scratch, "Octave:invalid-fun-call", "svd: function called with too many outputs");
  const mxArray *e = prhs[IN_ECON];
  if ((!mxIsLogical (e) && !mxIsDouble (e)) || mxGetNumberOfElements (e) != 1)
    gw_fail (&scratch, "gpumat:svd:invalidOption", "ECON must be true or false");
  const int econ = mxGetScalar (e) != 0;
  gw_operand A;
  read_matrix (&scratch, prhs[IN_A], &A, area);
  const mwSize m = A.dims[0], n = A.dims[1], k = m < n ? m : n;
  if (A.numel == 0)
    gw_fail (&scratch, "gpumat:svd:invalidSize",
             "svd of an empty matrix is Octave's own (@gpumat/svd.m)");
  const int nout = nlhs < 1 ? 1 : nlhs;
  const unsigned all = (1u << nout) - 1;
  gw_operand raw = A;
  if (gw_solve_host_answers (&scratch, &A, area)) {
    /* Octave's own svd: its error for NaN and Inf, its rules for text */
    mxArray *opt = econ && nout > 1 ? mxCreateString ("econ") : NULL;
    gw_solve_octave_on_host (nout, plhs, &scratch, "svd", &raw, 1, opt, all, area);
    if (opt)
      mxDestroyArray (opt);
    return;
  }
  const gm_class cls = gw_solve_class (&A), real = gm_class_real (cls);
  gw_solve_prepare (&scratch, &A, cls, area);
  gw_solve_need_solver (&scratch);
  const size_t es = gm_class_size (cls);
  const mwSize ucols = econ ? k : m, vcols = econ ? k : n;
  void *d_S = gw_device_alloc (&scratch, (size_t) k * gm_class_size (real), area);
  void *d_U = NULL, *d_V = NULL;
  if (nout > 1) {
    d_U = gw_device_alloc (&scratch, (size_t) m * ucols * es, area);
    d_V = gw_device_alloc (&scratch, (size_t) n * vcols * es, area);
  }
  int64_t info = 0;
  gm_status st = gm_svd (cls, (int64_t) m, (int64_t) n, A.device, d_S, d_U, d_V, econ, &info);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  if (info != 0) {
    /* gesvd did not converge: the host's LAPACK answers */
    mxArray *opt = econ && nout > 1 ? mxCreateString ("econ") : NULL;
    gw_solve_octave_on_host (nout, plhs, &scratch, "svd", &raw, 1, opt, all, area);
    if (opt)
      mxDestroyArray (opt);
    return;
  }
  if (nout == 1) {
    plhs[0] = result (&scratch, d_S, real, k, 1, area);
  } else {
    plhs[0] = result (&scratch, d_U, cls, m, ucols, area);
    plhs[1] = econ ? diagonal (&scratch, d_S, (int64_t) k, real, k, k, area)
                   : diagonal (&scratch, d_S, (int64_t) k, real, m, n, area);
    if (nout > 2)
      plhs[2] = result (&scratch, d_V, cls, n, vcols, area);
  }
  gw_scratch_free (&scratch);
}

void gw_cmd_qr (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_A = 2, IN_ECON, IN_COUNT };
  static const char *area = "qr";
  if (nrhs != IN_COUNT)
    wrong_args ("(\"qr\", CALLER, A, ECON)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  if (nlhs > 2)
    gw_fail (&scratch, "Octave:invalid-fun-call", "qr: function called with too many outputs");
  const mxArray *e = prhs[IN_ECON];
  if ((!mxIsLogical (e) && !mxIsDouble (e)) || mxGetNumberOfElements (e) != 1)
    gw_fail (&scratch, "gpumat:qr:invalidOption", "ECON must be true or false");
  const int econ = mxGetScalar (e) != 0;
  gw_operand A;
  read_matrix (&scratch, prhs[IN_A], &A, area);
  const mwSize m = A.dims[0], n = A.dims[1], k = m < n ? m : n;
  if (A.numel == 0)
    gw_fail (&scratch, "gpumat:qr:invalidSize",
             "qr of an empty matrix is Octave's own (@gpumat/qr.m)");
  const int nout = nlhs > 1 ? 2 : 1;
  gw_operand raw = A;
  if (gw_solve_host_answers (&scratch, &A, area)) {
    /* NaN or Inf: LAPACK's own propagation, from the host's Octave */
    mxArray *opt = econ ? mxCreateDoubleScalar (0) : NULL;
    gw_solve_octave_on_host (nout, plhs, &scratch, "qr", &raw, 1, opt, 3u, area);
    if (opt)
      mxDestroyArray (opt);
    return;
  }
  const gm_class cls = gw_solve_class (&A);
  gw_solve_prepare (&scratch, &A, cls, area);
  gw_solve_need_solver (&scratch);
  const size_t es = gm_class_size (cls);
  const mwSize qc = nout > 1 && econ ? k : m;
  void *d_Q = nout > 1 ? gw_device_alloc (&scratch, (size_t) m * qc * es, area) : NULL;
  void *d_R = gw_device_alloc (&scratch, (size_t) (nout > 1 ? qc : m) * n * es, area);
  int64_t info = 0;
  gm_status st = gm_qr (cls, (int64_t) m, (int64_t) n, A.device, d_Q, d_R, econ, &info);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  if (info != 0) {
    gw_fail (&scratch, "gpumat:qr:cusolver", "qr: cuSOLVER's geqrf or orgqr reported info %lld",
             (long long) info);
  }
  if (nout == 1) {
    plhs[0] = result (&scratch, d_R, cls, m, n, area);
  } else {
    plhs[0] = result (&scratch, d_Q, cls, m, qc, area);
    plhs[1] = result (&scratch, d_R, cls, qc, n, area);
  }
  gw_scratch_free (&scratch);
}
