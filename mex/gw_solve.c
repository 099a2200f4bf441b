/* gw_solve.c: \, /, inv, det, lu and chol of gpumat arrays (the commands are in gw_solve.h).
 *
 * Reads and checks the operands, raises Octave's own errors (nonconformant arguments, not
 * positive definite), puts both operands on the device in the class Octave computes in, and
 * calls kernels/solve.cu or kernels/factor.cu.  Where that says the device cannot give Octave's answer (a NaN or Inf
 * input, an exact zero pivot, a reciprocal condition estimate near Octave's warning threshold),
 * and for rectangular systems (Octave's minimum-norm least squares, xGELSD, which cuSOLVER
 * lacks), Octave's own function runs on the host on the operands as the user gave them: its
 * warnings ("warning: matrix singular to machine precision", Octave:singular-matrix and
 * Octave:nearly-singular-matrix) and its results are then exactly Octave's, uploaded again.
 * cuSOLVER and cuBLAS are loaded at the first call that needs them; where they cannot be, the
 * error gpumat:solve:noCusolver names the library and says what to install.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_solve.h"

static void wrong_args (const char *usage)
{
  gw_fail (NULL, "Octave:invalid-fun-call", "usage: __gpumat__ %s", usage);
}

/* A host result uploaded as a new gpumat array (h is left to the caller). */
static mxArray *upload_result (gw_scratch *scratch, const mxArray *h, const char *area)
{
  gw_operand R;
  gw_read_operand (scratch, h, area, "result", &R);
  gw_upload_operand (scratch, &R, area);
  return gw_make_gpumat (scratch, R.device, R.cls, R.ndims, R.dims, area);
}

/* Octave's own FN on the operands as the user gave them (gpumat ones gathered; `extra`, when
   not NULL, a last argument), with nout outputs: those whose bit is set in upload_mask become
   gpumat arrays, the others are returned as Octave gave them.  The call runs after this call's
   device memory is freed: an error Octave raises in it is Octave's own error and passes
   through as it is, with nothing left to free; its warnings are Octave's own too. */
static void octave_on_host (int nout, mxArray *plhs[], gw_scratch *scratch, const char *fn,
                            gw_operand *ops, int nops, const mxArray *extra,
                            unsigned upload_mask, const char *area)
{
  mxArray *args[3];
  int owned[3] = {0, 0, 0}, nargs = 0;
  for (int i = 0; i < nops; i++) {
    owned[nargs] = ops[i].on_device;
    args[nargs++] = ops[i].on_device ? gw_gather_operand (scratch, &ops[i], area)
                                     : (mxArray *) ops[i].array;
  }
  if (extra)
    args[nargs++] = (mxArray *) extra;
  gw_scratch_free (scratch);
  mxArray *out[3] = {NULL, NULL, NULL};
  mexCallMATLAB (nout, out, nargs, args, fn);
  for (int i = 0; i < nargs; i++)
    if (owned[i])
      mxDestroyArray (args[i]);
  for (int k = 0; k < nout; k++) {
    if (out[k] && (upload_mask & (1u << k))) {
      plhs[k] = upload_result (scratch, out[k], area);
      mxDestroyArray (out[k]);
    } else
      plhs[k] = out[k];
  }
  gw_scratch_free (scratch);
}

/* An operand the solvers take: double or single data (logical read as double), 2-D. */
static void check_operand (gw_scratch *scratch, const gw_operand *x, const char *area)
{
  char id[96], dims[128];
  if (gm_class_is_integer (x->cls)) {
    snprintf (id, sizeof id, "gpumat:%s:unsupportedClass", area);
    gw_fail (scratch, id, "%s data: the solvers on the GPU take double and single matrices",
             gw_class_text (x->cls));
  }
  if (x->ndims > 2) {
    snprintf (id, sizeof id, "gpumat:%s:ndArray", area);
    gw_format_dims (dims, sizeof dims, x->ndims, x->dims);
    gw_fail (scratch, id, "a %s array: the solvers take 2-D matrices", dims);
  }
}

/* cuSOLVER and cuBLAS, loaded at the first call that needs them (kernels/solver_lib.cu): where they
   cannot be, gpumat:solve:noCusolver, whose message names the library and what to install. */
static void need_solver (gw_scratch *scratch)
{
  if (gm_solver_library () != GM_OK)
    gw_fail (scratch, "gpumat:solve:noCusolver", "%s", gm_error_detail ());
}

/* Whether Octave's own function answers on the host instead of the device: a host char
   operand (Octave's rules for text), or NaN or Inf in an operand (both parts of a complex
   element).  With NaN or Inf, LAPACK's answers depend on its version (LAPACK 3.12's xGECON
   returns INFO = -5 for a NaN or Inf norm, so that Octave's det is 0 there and NaN with older
   ones; OpenBLAS's own xPOTRF does not stop at a NaN, so chol raises no error there), and
   cuSOLVER's and cuBLAS's propagation of NaN through zero multipliers is not LAPACK's: only the
   host's own function gives the host's Octave's answer.  The operands as read (before any
   conversion); a device operand is scanned on the device (gm_any_nonfinite, one pass), a host
   one here. */
static int host_answers (gw_scratch *scratch, const gw_operand *x, const char *area)
{
  if (!x->on_device && x->array && mxIsChar (x->array))
    return 1;
  if (x->numel == 0)
    return 0;
  const int complex = gm_class_is_complex (x->cls);
  const size_t reals = x->numel * (complex ? 2 : 1);
  if (x->on_device) {
    int any = 0;
    gm_status st = gm_any_nonfinite (x->cls, (int64_t) x->numel, x->device, &any);
    if (st != GM_OK)
      gw_fail_status (scratch, st, area);
    return any;
  }
  if (gm_class_real (x->cls) == GM_SINGLE) {
    const float *p = (const float *) x->host;
    for (size_t i = 0; i < reals; i++)
      if (!isfinite (p[i]))
        return 1;
  } else {
    const double *p = (const double *) x->host;
    for (size_t i = 0; i < reals; i++)
      if (!isfinite (p[i]))
        return 1;
  }
  return 0;
}

/* The class Octave computes in: single if either is single, complex where `complex` says. */
static gm_class compute_class (gm_class a, gm_class b, int complex)
{
  const gm_class real = gm_class_real (a) == GM_SINGLE || gm_class_real (b) == GM_SINGLE
                        ? GM_SINGLE : GM_DOUBLE;
  return complex ? gm_class_complex (real) : real;
}

/* The operand on the device, laid out as its size, in class cls. */
static void prepare (gw_scratch *scratch, gw_operand *x, gm_class cls, const char *area)
{
  gw_materialize_operand (scratch, x, area);
  gw_convert_operand (scratch, x, cls, area);
  gw_upload_operand (scratch, x, area);
}

/* plhs[0]: a gpumat result of rows x cols owning d (narrowed to real when it is complex with
   no nonzero imaginary part), the call's scratch freed.  Not for empty results. */
static mxArray *make_result (gw_scratch *scratch, void *d, gm_class cls, mwSize rows,
                             mwSize cols, const char *area)
{
  const mwSize dims[2] = {rows, cols};
  gw_narrow_device (scratch, &d, &cls, (size_t) rows * cols, area);
  return gw_make_gpumat (scratch, d, cls, 2, dims, area);
}

static mxArray *empty_result (gm_class cls, mwSize rows, mwSize cols)
{
  const mwSize dims[2] = {rows, cols};
  return gw_make_descriptor (NULL, gm_class_real (cls), 2, dims);
}

/* A host real scalar of the class's precision (rcond). */
static mxArray *host_scalar (gm_class cls, double v)
{
  if (gm_class_real (cls) == GM_SINGLE) {
    mxArray *a = mxCreateNumericMatrix (1, 1, mxSINGLE_CLASS, mxREAL);
    *(float *) mxGetData (a) = (float) v;
    return a;
  }
  return mxCreateDoubleScalar (v);
}

/* ---- \ and / -------------------------------------------------------------------------------- */

void gw_cmd_solve (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_KIND = 2, IN_X, IN_Y, IN_COUNT };
  static const char *area = "solve";
  (void) nlhs;
  if (nrhs != IN_COUNT)
    wrong_args ("(\"solve\", CALLER, KIND, X, Y)");
  gw_scratch scratch = GW_SCRATCH_INIT;
  char kind[16];
  gw_read_string (&scratch, prhs[IN_KIND], kind, sizeof kind, area, "Kind");
  const int right = !strcmp (kind, "mrdivide");
  if (!right && strcmp (kind, "mldivide"))
    gw_fail (&scratch, "gpumat:solve:unknownKind", "unknown kind '%s': use mldivide or mrdivide",
             kind);
  gw_operand X, Y;
  gw_read_operand (&scratch, prhs[IN_X], area, "X", &X);
  gw_read_operand (&scratch, prhs[IN_Y], area, "Y", &Y);
  check_operand (&scratch, &X, area);
  check_operand (&scratch, &Y, area);
  {
    const gw_operand *ops[2] = {&X, &Y};
    gw_check_operand_devices (&scratch, ops, 2, NULL, 0);
  }
  /* Octave's conformance test first (xdiv.cc): the rows of X \ Y, the columns of X / Y */
  if (right ? X.dims[1] != Y.dims[1] : X.dims[0] != Y.dims[0]) {
    char x_dims[64], y_dims[64];
    gw_format_dims (x_dims, sizeof x_dims, X.ndims, X.dims);
    gw_format_dims (y_dims, sizeof y_dims, Y.ndims, Y.dims);
    gw_fail (&scratch, "Octave:nonconformant-args",
             "nonconformant arguments (op1 is %s, op2 is %s)", x_dims, y_dims);
  }
  gw_operand raw[2] = {X, Y};     /* as given, for Octave's own operator on the host */
  gw_operand *A = right ? &Y : &X, *B = right ? &X : &Y;
  const mwSize n = A->dims[0];
  if (A->dims[1] != n || host_answers (&scratch, &X, area) || host_answers (&scratch, &Y, area)) {
    /* rectangular: Octave's least squares (xGELSD, minimum norm); text, NaN or Inf */
    octave_on_host (1, plhs, &scratch, kind, raw, 2, NULL, 1u, area);
    return;
  }
  /* X \ Y is n x cols; X / Y is cols x n (the transpose of Y.' \ X.') */
  const mwSize cols = right ? B->dims[0] : B->dims[1];
  const int complex = gm_class_is_complex (A->cls) || gm_class_is_complex (B->cls);
  const gm_class b_cls = compute_class (A->cls, B->cls, complex);
  const gm_class a_cls = compute_class (A->cls, B->cls, gm_class_is_complex (A->cls));
  if (n == 0 || cols == 0) {
    plhs[0] = right ? empty_result (b_cls, cols, n) : empty_result (b_cls, n, cols);
    gw_scratch_free (&scratch);
    return;
  }
  need_solver (&scratch);
  prepare (&scratch, A, a_cls, area);
  prepare (&scratch, B, b_cls, area);
  const size_t bs = gm_class_size (b_cls);
  const void *d_B = B->device;
  gm_op op = GM_OP_NONE;
  gm_status st;
  if (right) {
    /* B / A = (A.' \ B.').' (xdiv.cc: no conjugation): B.' laid out, A read transposed */
    void *t = gw_device_alloc (&scratch, (size_t) n * cols * bs, area);
    st = gm_transpose_op (b_cls, GM_OP_TRANSPOSE, (int64_t) cols, (int64_t) n, B->device,
                          (int64_t) cols, t, (int64_t) n, 0);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, area);
    d_B = t;
    op = GM_OP_TRANSPOSE;
  }
  void *d_X = gw_device_alloc (&scratch, (size_t) n * cols * bs, area);
  gm_solve_report report;
  st = gm_solve (a_cls, b_cls, op, (int64_t) n, (int64_t) cols, A->device, d_B, d_X, &report);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  if (report.outcome != GM_SOLVE_DONE) {
    octave_on_host (1, plhs, &scratch, kind, raw, 2, NULL, 1u, area);
    return;
  }
  if (right) {
    void *t = gw_device_alloc (&scratch, (size_t) n * cols * bs, area);
    st = gm_transpose_op (b_cls, GM_OP_TRANSPOSE, (int64_t) n, (int64_t) cols, d_X, (int64_t) n,
                          t, (int64_t) cols, 0);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, area);
    plhs[0] = make_result (&scratch, t, b_cls, cols, n, area);
  } else
    plhs[0] = make_result (&scratch, d_X, b_cls, n, cols, area);
  gw_scratch_free (&scratch);
}

/* ---- inv, det, lu, chol ---------------------------------------------------------------------- */

static void factor_inv (int nlhs, mxArray *plhs[], gw_scratch *scratch, gw_operand *A,
                        const char *area)
{
  const mwSize n = A->dims[0];
  gw_operand raw = *A;
  const gm_class cls = compute_class (A->cls, A->cls, gm_class_is_complex (A->cls));
  prepare (scratch, A, cls, area);
  void *d_X = gw_device_alloc (scratch, (size_t) n * n * gm_class_size (cls), area);
  gm_solve_report report;
  gm_status st = gm_inverse (cls, (int64_t) n, A->device, d_X, &report);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  if (report.outcome != GM_SOLVE_DONE) {
    /* Octave's inv: Inf for a singular matrix, its warning (for one output), its rcond */
    octave_on_host (nlhs > 1 ? 2 : 1, plhs, scratch, "inv", &raw, 1, NULL, 1u, area);
    return;
  }
  plhs[0] = make_result (scratch, d_X, cls, n, n, area);
  if (nlhs > 1)
    plhs[1] = host_scalar (cls, report.rcond);
  gw_scratch_free (scratch);
}

static void factor_det (int nlhs, mxArray *plhs[], gw_scratch *scratch, gw_operand *A,
                        const char *area)
{
  const mwSize n = A->dims[0];
  gw_operand raw = *A;
  gm_class cls = compute_class (A->cls, A->cls, gm_class_is_complex (A->cls));
  prepare (scratch, A, cls, area);
  gm_solve_report report;
  double re = 0, im = 0;
  gm_status st = gm_det (cls, (int64_t) n, A->device, &re, &im, &report);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  if (report.outcome == GM_SOLVE_NONFINITE) {
    octave_on_host (nlhs > 1 ? 2 : 1, plhs, scratch, "det", &raw, 1, NULL, 1u, area);
    return;
  }
  /* a complex value with a zero imaginary part is real, as Octave's scalar is */
  if (im == 0)
    cls = gm_class_real (cls);
  const size_t es = gm_class_size (cls);
  unsigned char value[16];
  if (gm_class_real (cls) == GM_SINGLE) {
    const float v[2] = {(float) re, (float) im};
    memcpy (value, v, es);
  } else {
    const double v[2] = {re, im};
    memcpy (value, v, es);
  }
  void *d = gw_device_alloc (scratch, es, area);
  st = gm_copy_to_device (d, value, es);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  const mwSize dims[2] = {1, 1};
  plhs[0] = gw_make_gpumat (scratch, d, cls, 2, dims, area);
  if (nlhs > 1)
    plhs[1] = host_scalar (cls, report.rcond);
  gw_scratch_free (scratch);
}

static void factor_lu (int nlhs, mxArray *plhs[], gw_scratch *scratch, gw_operand *A,
                       int vector, const char *area)
{
  const mwSize m = A->dims[0], n = A->dims[1], k = m < n ? m : n;
  gw_operand raw = *A;
  const gm_class cls = compute_class (A->cls, A->cls, gm_class_is_complex (A->cls));
  prepare (scratch, A, cls, area);
  const size_t es = gm_class_size (cls);
  void *d_Y = gw_device_alloc (scratch, (size_t) m * n * es, area);
  int64_t *perm = (int64_t *) gw_host_alloc (scratch, (m ? m : 1) * sizeof (int64_t));
  gm_solve_report report;
  gm_status st = gm_lu (cls, (int64_t) m, (int64_t) n, A->device, d_Y, perm, &report);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  if (report.outcome != GM_SOLVE_DONE) {
    mxArray *opt = vector ? mxCreateString ("vector") : NULL;
    const int nout = nlhs < 1 ? 1 : nlhs;
    octave_on_host (nout, plhs, scratch, "lu", &raw, 1, opt, 7u, area);
    if (opt)
      mxDestroyArray (opt);
    return;
  }
  if (nlhs <= 1) {
    plhs[0] = make_result (scratch, d_Y, cls, m, n, area);
    gw_scratch_free (scratch);
    return;
  }
  void *d_L = gw_device_alloc (scratch, (size_t) m * k * es, area);
  void *d_U = gw_device_alloc (scratch, (size_t) k * n * es, area);
  double *d_P = nlhs > 2 && !vector
                ? (double *) gw_device_alloc (scratch, (size_t) m * m * sizeof (double), area)
                : NULL;
  st = gm_lu_factors (cls, (int64_t) m, (int64_t) n, d_Y, perm, nlhs == 2, d_L, d_U, d_P);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  plhs[0] = make_result (scratch, d_L, cls, m, k, area);
  plhs[1] = make_result (scratch, d_U, cls, k, n, area);
  if (nlhs > 2) {
    const mwSize pdims[2] = {m, vector ? 1 : m};
    if (vector) {
      /* lu (A, "vector"): A(p, :) = L * U, p a column of 1-based row indices */
      double *h = (double *) gw_host_alloc (scratch, m * sizeof (double));
      for (mwSize i = 0; i < m; i++)
        h[i] = (double) (perm[i] + 1);
      d_P = (double *) gw_device_alloc (scratch, m * sizeof (double), area);
      st = gm_copy_to_device (d_P, h, m * sizeof (double));
      if (st != GM_OK)
        gw_fail_status (scratch, st, area);
    }
    plhs[2] = gw_make_gpumat (scratch, d_P, GM_DOUBLE, 2, pdims, area);
  }
  gw_scratch_free (scratch);
}

static void factor_chol (int nlhs, mxArray *plhs[], gw_scratch *scratch, gw_operand *A,
                         int lower, const char *area)
{
  const mwSize n = A->dims[0];
  gw_operand raw = *A;
  const gm_class cls = compute_class (A->cls, A->cls, gm_class_is_complex (A->cls));
  prepare (scratch, A, cls, area);
  void *d_R = gw_device_alloc (scratch, (size_t) n * n * gm_class_size (cls), area);
  gm_solve_report report;
  gm_status st = gm_chol (cls, !lower, (int64_t) n, A->device, d_R, &report);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  if (report.outcome != GM_SOLVE_DONE) {
    mxArray *opt = lower ? mxCreateString ("lower") : NULL;
    octave_on_host (nlhs > 1 ? 2 : 1, plhs, scratch, "chol", &raw, 1, opt, 1u, area);
    if (opt)
      mxDestroyArray (opt);
    return;
  }
  if (report.info != 0 && nlhs < 2) {
    gw_set_caller ("");
    gw_fail (scratch, "", "chol: input matrix must be positive definite");
  }
  /* not positive definite ([R, p] = chol (A)): R is the factor of A(1:p-1, 1:p-1) */
  const mwSize size = report.info ? (mwSize) report.info - 1 : n;
  plhs[0] = size ? make_result (scratch, d_R, cls, size, size, area)
                 : empty_result (cls, 0, 0);
  if (nlhs > 1)
    plhs[1] = mxCreateDoubleScalar ((double) report.info);
  gw_scratch_free (scratch);
}

void gw_cmd_factor (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_KIND = 2, IN_A, IN_OPTION };
  static const char *area = "factor";
  if (nrhs < 4 || nrhs > 5)
    wrong_args ("(\"factor\", CALLER, KIND, A [, OPTION])");
  gw_scratch scratch = GW_SCRATCH_INIT;
  char kind[8];
  gw_read_string (&scratch, prhs[IN_KIND], kind, sizeof kind, area, "Kind");
  const int is_lu = !strcmp (kind, "lu"), is_chol = !strcmp (kind, "chol");
  const int is_inv = !strcmp (kind, "inv"), is_det = !strcmp (kind, "det");
  if (!(is_lu || is_chol || is_inv || is_det))
    gw_fail (&scratch, "gpumat:factor:unknownKind",
             "unknown kind '%s': use inv, det, lu or chol", kind);
  if (nrhs != ((is_lu || is_chol) ? 5 : 4))
    wrong_args (is_lu ? "(\"factor\", CALLER, \"lu\", A, VECTOR)"
                : is_chol ? "(\"factor\", CALLER, \"chol\", A, LOWER)"
                          : "(\"factor\", CALLER, KIND, A)");
  const int max_out = is_lu ? 3 : 2;
  if (nlhs > max_out)
    gw_fail (&scratch, "Octave:invalid-fun-call", "%s: function called with too many outputs",
             kind);
  int option = 0;
  if (nrhs == 5) {
    const mxArray *o = prhs[IN_OPTION];
    if ((!mxIsLogical (o) && !mxIsDouble (o)) || mxGetNumberOfElements (o) != 1)
      gw_fail (&scratch, "gpumat:factor:invalidOption", "the option must be true or false");
    option = mxGetScalar (o) != 0;
  }
  gw_operand A;
  gw_read_operand (&scratch, prhs[IN_A], area, "A", &A);
  check_operand (&scratch, &A, area);
  {
    const gw_operand *ops[1] = {&A};
    gw_check_operand_devices (&scratch, ops, 1, NULL, 0);
  }
  if (A.numel < 2)
    gw_fail (&scratch, "gpumat:factor:invalidSize",
             "%s of an empty or 1x1 matrix is Octave's own (@gpumat/%s.m)", kind, kind);
  if (!is_lu && A.dims[0] != A.dims[1]) {
    /* Octave's own messages */
    gw_set_caller ("");
    if (is_chol)
      gw_fail (&scratch, "", "chol: requires square matrix");
    gw_fail (&scratch, "", "%s: A must be a square matrix", is_inv ? "inverse" : "det");
  }
  if (host_answers (&scratch, &A, area)) {
    /* text, NaN or Inf: Octave's own function, its options, as many outputs as asked for */
    mxArray *opt = NULL;
    if (is_lu && option)
      opt = mxCreateString ("vector");
    else if (is_chol && option)
      opt = mxCreateString ("lower");
    const int nout = is_lu ? (nlhs < 1 ? 1 : nlhs) : (nlhs > 1 ? 2 : 1);
    octave_on_host (nout, plhs, &scratch, kind, &A, 1, opt,
                    is_lu ? 7u : 1u, area);
    if (opt)
      mxDestroyArray (opt);
    return;
  }
  need_solver (&scratch);
  if (is_inv)
    factor_inv (nlhs, plhs, &scratch, &A, area);
  else if (is_det)
    factor_det (nlhs, plhs, &scratch, &A, area);
  else if (is_lu)
    factor_lu (nlhs, plhs, &scratch, &A, option, area);
  else
    factor_chol (nlhs, plhs, &scratch, &A, option, area);
}

/* ---- shared with mex/gw_linalg.c (eig, svd, qr): the helpers above, as they are ---------- */

void gw_solve_octave_on_host (int nout, mxArray *plhs[], gw_scratch *scratch, const char *fn,
                              gw_operand *ops, int nops, const mxArray *extra,
                              unsigned upload_mask, const char *area)
{
  octave_on_host (nout, plhs, scratch, fn, ops, nops, extra, upload_mask, area);
}

void gw_solve_check_operand (gw_scratch *scratch, const gw_operand *x, const char *area)
{
  check_operand (scratch, x, area);
}

int gw_solve_host_answers (gw_scratch *scratch, const gw_operand *x, const char *area)
{
  return host_answers (scratch, x, area);
}

void gw_solve_need_solver (gw_scratch *scratch)
{
  need_solver (scratch);
}

gm_class gw_solve_class (const gw_operand *x)
{
  return compute_class (x->cls, x->cls, gm_class_is_complex (x->cls));
}

void gw_solve_prepare (gw_scratch *scratch, gw_operand *x, gm_class cls, const char *area)
{
  prepare (scratch, x, cls, area);
}
