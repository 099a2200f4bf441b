/* gw_sort.c: sort, find, nnz and median of gpumat arrays (the commands are listed in
 * gw_sort.h), over kernels/sort.cu and kernels/find.cu.
 *
 * Here: a view G' is laid out as its size first (gw_materialize_operand; nnz counts the stored
 * elements as they are); a logical gpumat array stays one byte an element, and its sorted
 * values, median and find's V stay logical; a host operand is uploaded for the call (a host
 * logical array as its bytes); an empty array needs no device work; complex data raise
 * gpumat:<area>:unsupportedClass for sort and median (Octave orders complex values by abs,
 * then arg: inst/@gpumat/sort.m and median.m take them to Octave's own on the host).  Results
 * stay on the device, queued on stream 0, except find's count and nnz, which the host reads
 * (a wait), and median of double and single data, which reads a flag: where an odd-length
 * slice has a zero in the middle among zeros of both signs, Octave's nth_element decides the
 * sign, so that median is Octave's own on the gathered array (kernels/sort.cu).  Every block a
 * call makes is in its scratch, so an error leaves nothing behind.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_sort.h"

static void wrong_args (const char *usage)
{
  gw_fail (NULL, "Octave:invalid-fun-call", "__gpumat__ (%s): wrong number of arguments", usage);
}

/* A, read with logical data as bytes: a logical gpumat array already is (GM_UINT8, logical);
   a host logical array is read by gw_read_operand_raw as double, so take its bytes instead. */
static void read_array (gw_scratch *scratch, const mxArray *arg, const char *area, gw_operand *A)
{
  gw_read_operand_raw (scratch, arg, area, "A", A);
  if (!A->on_device && A->logical) {
    A->cls = GM_UINT8;
    A->host = mxGetLogicals (arg);
    A->logical_or_char = 0;
  }
}

static void refuse_complex (gw_scratch *scratch, const gw_operand *A, const char *area)
{
  if (!gm_class_is_complex (A->cls))
    return;
  char id[96];
  snprintf (id, sizeof id, "gpumat:%s:unsupportedClass", area);
  gw_fail (scratch, id, "%s data: %s on the GPU takes real data (Octave orders complex values "
           "by abs, then arg)", gw_class_text (A->cls), area);
}

static int logical_of (const gw_operand *A)
{
  return A->logical && A->cls == GM_UINT8;
}

/* A's size as int64, at least 2 dimensions; returns their count. */
static int i64_dims (const gw_operand *A, int64_t *dims)
{
  int nd = (int) A->ndims;
  for (int d = 0; d < nd; d++)
    dims[d] = (int64_t) A->dims[d];
  for (; nd < 2; nd++)
    dims[nd] = 1;
  return nd;
}

static mxArray *make_result (gw_scratch *scratch, void *d_ptr, gm_class cls, int logical,
                             int nd, const int64_t *dims, const char *area)
{
  mwSize mw[GW_MAX_DIMS];
  for (int d = 0; d < nd; d++)
    mw[d] = (mwSize) dims[d];
  return logical ? gw_make_logical_gpumat (scratch, d_ptr, (mwSize) nd, mw, area)
                 : gw_make_gpumat (scratch, d_ptr, cls, (mwSize) nd, mw, area);
}

static void check (gw_scratch *scratch, gm_status st, const char *area)
{
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
}

/* ---- sort ------------------------------------------------------------------------------------- */

void gw_cmd_sort (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_A = 2, IN_DIM, IN_MODE, IN_COUNT };
  static const char *area = "sort";
  if (nrhs != IN_COUNT)
    wrong_args ("\"sort\", CALLER, A, DIM, MODE");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  read_array (&scratch, prhs[IN_A], area, &A);
  refuse_complex (&scratch, &A, area);
  int64_t dim = gw_read_count (&scratch, prhs[IN_DIM], 0, area, "Dim");
  char mode[16];
  gw_read_string (&scratch, prhs[IN_MODE], mode, sizeof mode, area, "Mode");
  const int descend = !strcmp (mode, "descend");
  if (!descend && strcmp (mode, "ascend"))
    gw_fail (&scratch, "gpumat:sort:invalidMode", "MODE must be \"ascend\" or \"descend\", not '%s'",
             mode);
  int64_t dims[GW_MAX_DIMS];
  const int nd = i64_dims (&A, dims);
  if (dim == 0) {                  /* Octave's dim_vector::first_non_singleton */
    dim = 1;
    for (int d = nd - 1; d >= 0; d--)
      if (dims[d] != 1)
        dim = d + 1;
  }
  if (dim > nd)
    dim = nd + 1;
  const int logical = logical_of (&A), with_index = nlhs > 1;
  const size_t n = A.numel, es = gm_class_size (A.cls);
  void *d_out = NULL;
  double *d_index = NULL;
  if (n > 0) {
    gw_materialize_operand (&scratch, &A, area);
    gw_upload_operand (&scratch, &A, area);
    size_t ws_bytes = 0;
    check (&scratch, gm_sort_workspace_size (A.cls, nd, dims, (int) dim, &ws_bytes), area);
    void *d_ws = gw_device_alloc (&scratch, ws_bytes, area);
    d_out = gw_device_alloc (&scratch, n * es, area);
    if (with_index)
      d_index = (double *) gw_device_alloc (&scratch, n * sizeof (double), area);
    check (&scratch, gm_sort (A.cls, descend, nd, dims, (int) dim, A.device, d_out, d_index, d_ws,
                              ws_bytes, 0), area);
  }
  plhs[0] = make_result (&scratch, d_out, A.cls, logical, nd, dims, area);
  if (with_index)
    plhs[1] = make_result (&scratch, d_index, GM_DOUBLE, 0, nd, dims, area);
  gw_scratch_free (&scratch);
}

/* ---- find ------------------------------------------------------------------------------------- */

void gw_cmd_find (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_A = 2, IN_N, IN_DIRECTION, IN_COUNT };
  static const char *area = "find";
  if (nrhs != IN_COUNT)
    wrong_args ("\"find\", CALLER, A, N, DIRECTION");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  read_array (&scratch, prhs[IN_A], area, &A);
  if (!mxIsDouble (prhs[IN_N]) || mxIsComplex (prhs[IN_N])
      || mxGetNumberOfElements (prhs[IN_N]) != 1)
    gw_fail (&scratch, "gpumat:find:invalidN", "N must be a real scalar (-1 for all)");
  const double n_arg = mxGetScalar (prhs[IN_N]);
  if (n_arg != -1 && !(n_arg >= 0 && n_arg == (double) (int64_t) n_arg))
    gw_fail (&scratch, "gpumat:find:invalidN", "N must be a whole number >= 0, or -1 for all");
  char direction[8];
  gw_read_string (&scratch, prhs[IN_DIRECTION], direction, sizeof direction, area, "Direction");
  const int last = !strcmp (direction, "last");
  if (!last && strcmp (direction, "first"))
    gw_fail (&scratch, "gpumat:find:invalidDirection",
             "DIRECTION must be \"first\" or \"last\", not '%s'", direction);
  const int nout = nlhs > 1 ? (nlhs > 3 ? 3 : nlhs) : 1;
  const int logical = logical_of (&A);
  const int mask_form = logical && nout == 1 && n_arg < 0 && !last;
  int64_t dims[GW_MAX_DIMS];
  const int nd = i64_dims (&A, dims);

  int64_t total = 0;
  if (A.numel > 0) {
    gw_upload_operand (&scratch, &A, area);      /* counting needs no layout */
    check (&scratch, gm_count_nonzero (A.cls, (int64_t) A.numel, A.device, &total, 0), area);
  }
  const int64_t found = n_arg < 0 || (int64_t) n_arg > total ? total : (int64_t) n_arg;
  const int64_t start = last ? total - found : 0;
  int64_t index_dims[2], v_dims[GW_MAX_DIMS];
  int v_nd = 2;
  check (&scratch, gm_find_dims (nd, dims, found, mask_form, index_dims, &v_nd, v_dims), area);

  double *d_i = NULL, *d_j = NULL;
  void *d_v = NULL;
  gm_class v_cls = A.cls;
  if (found > 0) {
    gw_materialize_operand (&scratch, &A, area);
    size_t ws_bytes = 0;
    check (&scratch, gm_find_workspace_size ((int64_t) A.numel, &ws_bytes), area);
    void *d_ws = gw_device_alloc (&scratch, ws_bytes, area);
    int64_t *d_index = (int64_t *) gw_device_alloc (&scratch, (size_t) total * sizeof (int64_t),
                                                    area);
    check (&scratch, gm_find_select (A.cls, (int64_t) A.numel, A.device, d_index, d_ws, ws_bytes,
                                     0), area);
    d_i = (double *) gw_device_alloc (&scratch, (size_t) found * sizeof (double), area);
    if (nout >= 2)
      d_j = (double *) gw_device_alloc (&scratch, (size_t) found * sizeof (double), area);
    if (nout >= 3)
      d_v = gw_device_alloc (&scratch, (size_t) found * gm_class_size (A.cls), area);
    check (&scratch, gm_find_outputs (A.cls, found, d_index + start, nout >= 2 ? dims[0] : 0,
                                      A.device, d_i, d_j, d_v, 0), area);
    if (nout >= 3)
      gw_narrow_device (&scratch, &d_v, &v_cls, (size_t) found, area);  /* as Octave narrows */
  } else if (gm_class_is_complex (v_cls)) {
    v_cls = gm_class_real (v_cls);        /* an empty complex array is narrowed too */
  }
  plhs[0] = make_result (&scratch, d_i, GM_DOUBLE, 0, 2, index_dims, area);
  if (nout >= 2)
    plhs[1] = make_result (&scratch, d_j, GM_DOUBLE, 0, 2, index_dims, area);
  if (nout >= 3)
    plhs[2] = make_result (&scratch, d_v, v_cls, logical, v_nd, v_dims, area);
  gw_scratch_free (&scratch);
}

/* ---- nnz -------------------------------------------------------------------------------------- */

void gw_cmd_nnz (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_A = 2, IN_COUNT };
  static const char *area = "nnz";
  (void) nlhs;
  if (nrhs != IN_COUNT)
    wrong_args ("\"nnz\", CALLER, A");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  read_array (&scratch, prhs[IN_A], area, &A);
  int64_t total = 0;
  if (A.numel > 0) {
    gw_upload_operand (&scratch, &A, area);      /* a view holds the same elements */
    check (&scratch, gm_count_nonzero (A.cls, (int64_t) A.numel, A.device, &total, 0), area);
  }
  gw_scratch_free (&scratch);
  plhs[0] = mxCreateDoubleScalar ((double) total);
}

/* ---- median ----------------------------------------------------------------------------------- */

/* Octave's own median (A, DIM) of the gathered A, uploaded as a new gpumat array; the call's
   scratch freed. */
static mxArray *octave_median (gw_scratch *scratch, gw_operand *A, double dim, const char *area)
{
  mxArray *args[2] = {gw_gather_operand (scratch, A, area), mxCreateDoubleScalar (dim)};
  mxArray *out = NULL;
  mexSetTrapFlag (1);
  const int failed = mexCallMATLAB (1, &out, 2, args, "median");
  mexSetTrapFlag (0);
  mxDestroyArray (args[0]);
  mxDestroyArray (args[1]);
  if (failed || !out)
    gw_fail (scratch, "gpumat:median:internal", "Octave's median on the host failed");
  gw_operand R;
  gw_read_operand (scratch, out, area, "result", &R);
  gw_upload_operand (scratch, &R, area);
  mxArray *g = gw_make_gpumat (scratch, R.device, R.cls, R.ndims, R.dims, area);
  mxDestroyArray (out);
  gw_scratch_free (scratch);
  return g;
}

void gw_cmd_median (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_A = 2, IN_DIM, IN_COUNT };
  static const char *area = "median";
  (void) nlhs;
  if (nrhs != IN_COUNT)
    wrong_args ("\"median\", CALLER, A, DIM");
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  read_array (&scratch, prhs[IN_A], area, &A);
  refuse_complex (&scratch, &A, area);
  if (A.numel == 0)
    gw_fail (&scratch, "gpumat:median:empty", "X cannot be an empty matrix");
  int64_t dim = gw_read_count (&scratch, prhs[IN_DIM], 0, area, "Dim");
  int64_t dims[GW_MAX_DIMS], dout[GW_MAX_DIMS];
  const int nd = i64_dims (&A, dims);
  if (dim == 0) {                  /* median.m: (dim = find (sz > 1, 1)) || (dim = 1) */
    dim = 1;
    for (int d = nd - 1; d >= 0; d--)
      if (dims[d] > 1)
        dim = d + 1;
  }
  if (dim > nd)
    dim = nd + 1;
  int nd_out = 2;
  check (&scratch, gm_median_dims (nd, dims, (int) dim, &nd_out, dout), area);
  size_t count = 1;
  for (int d = 0; d < nd_out; d++)
    count *= (size_t) dout[d];
  const int logical = logical_of (&A);
  gw_materialize_operand (&scratch, &A, area);
  gw_upload_operand (&scratch, &A, area);
  size_t ws_bytes = 0;
  check (&scratch, gm_median_workspace_size (A.cls, nd, dims, (int) dim, &ws_bytes), area);
  void *d_ws = gw_device_alloc (&scratch, ws_bytes, area);
  void *d_out = gw_device_alloc (&scratch, count * gm_class_size (A.cls), area);
  int *d_ambiguous = NULL;
  if (A.cls == GM_DOUBLE || A.cls == GM_SINGLE) {
    d_ambiguous = (int *) gw_device_alloc (&scratch, sizeof (int), area);
    check (&scratch, gm_fill_bytes (d_ambiguous, 0, sizeof (int)), area);
  }
  check (&scratch, gm_median (A.cls, logical, nd, dims, (int) dim, A.device, d_out, d_ambiguous,
                              d_ws, ws_bytes, 0), area);
  int ambiguous = 0;
  if (d_ambiguous)
    check (&scratch, gm_copy_to_host (&ambiguous, d_ambiguous, sizeof ambiguous), area);
  if (ambiguous) {
    /* a zero median among zeros of both signs: Octave's nth_element picks the sign */
    plhs[0] = octave_median (&scratch, &A, (double) dim, area);
    return;
  }
  plhs[0] = make_result (&scratch, d_out, A.cls, logical, nd_out, dout, area);
  gw_scratch_free (&scratch);
}
