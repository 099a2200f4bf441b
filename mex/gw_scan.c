/* gw_scan.c: cumsum, cumprod, prod, diff, var and std of gpumat arrays along one dimension
 * (the "scan" command, gw_scan.h), over kernels/scan.cu.
 *
 * The shapes are Octave 7.3's: cumsum and cumprod keep A's; prod is sum's (prod ([]) is 1,
 * prod (zeros (0, 3)) 1x3 ones: gm_reduce_dims); diff shortens dimension DIM by the order (to 0
 * when the order reaches its length); var and std follow var.m (a 1x1 NaN for a 0x0 A taken
 * along its default dimension, NaN where a line is empty, and a double result whenever A is
 * empty, even for single data).  A logical A is read as double, as Octave's functions read
 * it; cumsum of complex data runs on the interleaved parts (cumsum_complex), prod and cumprod
 * of complex data on kernels/reduce_complex.cu, diff on the interleaved parts
 * (mex/gw_complex_reduce.c); other
 * integer and complex cases raise gpumat:scan:unsupportedClass (inst/@gpumat sends them to
 * Octave's own functions on the host first).  The inst/ methods resolve every option ("native",
 * "double", diff's default dimension and its order past a dimension's length, var's weights,
 * "all"); this command computes one case, queued on stream 0, and returns without waiting.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_scan.h"
#include "gw_complex_reduce.h"

/* the first three are gm_scan_op's values */
enum { OP_CUMSUM = GM_SCAN_CUMSUM, OP_CUMPROD = GM_SCAN_CUMPROD, OP_PROD = GM_SCAN_PROD, OP_DIFF,
       OP_VAR, OP_STD, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"cumsum", "cumprod", "prod", "diff", "var", "std"};

/* cumsum of complex data: it adds the real and the imaginary parts apart (as Octave's complex
   additions do), so the complex array, dims d1 x d2 x ..., is summed as the real array
   2 x d1 x d2 x ... of its interleaved parts along the dimension after DIM; the real output is
   the complex result, element for element.  A result with no nonzero imaginary part (an empty
   one too) is real, as Octave's. */
static void cumsum_complex (mxArray *plhs[], gw_scratch *scratch, gw_operand *A,
                            const mxArray *dim_arg)
{
  static const char *area = "scan";
  if (A->ndims + 1 > GM_MAX_DIMS)
    gw_fail (scratch, "gpumat:scan:tooManyDimensions",
             "complex arrays of more than %d dimensions are not supported", GM_MAX_DIMS - 1);
  int64_t dims[GM_MAX_DIMS], dout[GM_MAX_DIMS], view[GM_MAX_DIMS];
  const int nd = (int) A->ndims;
  for (int d = 0; d < nd; d++)
    dims[d] = (int64_t) A->dims[d];
  int64_t dim = gw_read_count (scratch, dim_arg, 0, area, "Dim");
  if (dim == 0)
    dim = gm_default_dim (nd, dims);
  if (dim > nd)
    dim = nd + 1;
  const gm_class cls = A->cls, real = gm_class_real (cls);
  const int nd_out = nd < 2 ? 2 : nd;
  for (int d = 0; d < nd_out; d++)
    dout[d] = d < nd ? dims[d] : 1;
  mwSize out_dims[GM_MAX_DIMS];
  size_t count = 1;
  for (int d = 0; d < nd_out; d++) {
    out_dims[d] = (mwSize) dout[d];
    count *= (size_t) dout[d];             /* at most A's count: no overflow */
  }
  if (count == 0) {
    plhs[0] = gw_make_gpumat (scratch, NULL, real, (mwSize) nd_out, out_dims, area);
    gw_scratch_free (scratch);
    return;
  }
  view[0] = 2;
  for (int d = 0; d < nd; d++)
    view[d + 1] = dims[d];
  gw_materialize_operand (scratch, A, area);
  gw_upload_operand (scratch, A, area);
  size_t ws_bytes = 0;
  gm_status st = gm_scan_workspace_size (GM_SCAN_CUMSUM, real, nd + 1, view, (int) dim + 1,
                                         &ws_bytes);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  void *d_ws = gw_device_alloc (scratch, ws_bytes, area);
  void *d_out = gw_device_alloc (scratch, count * gm_class_size (cls), area);
  st = gm_scan (GM_SCAN_CUMSUM, real, nd + 1, view, (int) dim + 1, A->device, d_out, d_ws,
               ws_bytes, 0);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  gm_class out_cls = cls;
  gw_narrow_device (scratch, &d_out, &out_cls, count, area);
  plhs[0] = gw_make_gpumat (scratch, d_out, out_cls, (mwSize) nd_out, out_dims, area);
  gw_scratch_free (scratch);
}

void gw_cmd_scan (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_OP = 2, IN_A, IN_DIM, IN_PARAM, IN_COUNT };
  static const char *area = "scan";
  (void) nlhs;
  if (nrhs != IN_COUNT)
    gw_fail (NULL, "Octave:invalid-fun-call",
             "__gpumat__ (\"scan\", CALLER, OP, A, DIM, PARAM): wrong number of arguments");
  gw_scratch scratch = GW_SCRATCH_INIT;
  char name[16];
  gw_read_string (&scratch, prhs[IN_OP], name, sizeof name, area, "Operation");
  int op = -1;
  for (int k = 0; k < OP_COUNT; k++)
    if (!strcmp (name, op_names[k]))
      op = k;
  if (op < 0)
    gw_fail (&scratch, "gpumat:scan:unknownOperation", "unknown operation '%s'", name);

  gw_operand A;
  gw_read_operand_raw (&scratch, prhs[IN_A], area, "A", &A);
  if (op == OP_CUMSUM && (A.cls == GM_COMPLEX_DOUBLE || A.cls == GM_COMPLEX_SINGLE)) {
    cumsum_complex (plhs, &scratch, &A, prhs[IN_DIM]);
    return;
  }
  if ((op == OP_PROD || op == OP_CUMPROD) && gm_class_is_complex (A.cls)) {
    /* Octave's products (mex/gw_complex_reduce.c, kernels/reduce_complex.cu); PARAM 1: prod
       in double (prod's "double" of complex single data) */
    const int64_t in_double = gw_read_count (&scratch, prhs[IN_PARAM], 0, area, "Param");
    if (in_double > 1 || (in_double && op != OP_PROD))
      gw_fail (&scratch, "gpumat:scan:invalidParam", "PARAM must be 0 (1 for prod in double)");
    gw_complex_reduce (nlhs, plhs, &scratch, op == OP_PROD ? GM_CX_PROD : GM_CX_CUMPROD, &A,
                       prhs[IN_DIM], (int) in_double, area);
    return;
  }
  if (op == OP_DIFF && gm_class_is_complex (A.cls)) {
    /* the parts' differences apart, as Octave's complex subtractions (gw_complex_reduce.c) */
    gw_complex_diff (plhs, &scratch, &A, prhs[IN_DIM], prhs[IN_PARAM], area);
    return;
  }
  if (!(A.cls == GM_DOUBLE || A.cls == GM_SINGLE || (A.logical && A.cls == GM_UINT8)))
    gw_fail (&scratch, "gpumat:scan:unsupportedClass",
             "%s %s array: %s on the GPU takes real double, single or logical data",
             A.logical ? "logical" : gw_class_text (A.cls), A.on_device ? "gpumat" : "host",
             op_names[op]);
  if (A.ndims > GM_MAX_DIMS)
    gw_fail (&scratch, "gpumat:scan:tooManyDimensions",
             "arrays of more than %d dimensions are not supported", GM_MAX_DIMS);
  int64_t dims[GM_MAX_DIMS], dout[GM_MAX_DIMS + 1];
  const int nd = (int) A.ndims;
  for (int d = 0; d < nd; d++)
    dims[d] = (int64_t) A.dims[d];

  /* the dimension (0: the default one, except for diff) and the parameter */
  int64_t dim = gw_read_count (&scratch, prhs[IN_DIM], op == OP_DIFF ? 1 : 0, area, "Dim");
  const int default_dim = dim == 0;
  if (op == OP_DIFF && dim > nd)
    gw_fail (&scratch, "gpumat:scan:invalidDim", "DIM must be a valid dimension");
  if (default_dim)
    dim = gm_default_dim (nd, dims);
  if (dim > nd)
    dim = nd + 1;                  /* any dimension past the last is a dimension of length 1 */
  int64_t order = 1, opt = 0;
  if (op == OP_DIFF)
    order = gw_read_count (&scratch, prhs[IN_PARAM], 1, area, "Order");
  else if (op == OP_VAR || op == OP_STD) {
    opt = gw_read_count (&scratch, prhs[IN_PARAM], 0, area, "Opt");
    if (opt > 1)
      gw_fail (&scratch, "gpumat:scan:invalidOpt", "OPT must be 0 or 1");
  }

  /* the result's shape and class; view_* is what the kernels are given */
  gm_class cls = A.logical ? GM_DOUBLE : A.cls;
  int nd_out = nd < 2 ? 2 : nd, view_nd = nd;
  int64_t view_dims[GM_MAX_DIMS];
  memcpy (view_dims, dims, (size_t) nd * sizeof (int64_t));
  for (int d = 0; d < nd_out; d++)
    dout[d] = d < nd ? dims[d] : 1;
  gm_status st = GM_OK;
  switch (op) {
  case OP_PROD:
    st = gm_reduce_dims (GM_RED_SUM, nd, dims, (int) dim, &nd_out, dout);
    break;
  case OP_DIFF:
    dout[dim - 1] = dims[dim - 1] > order ? dims[dim - 1] - order : 0;
    break;
  case OP_VAR:
  case OP_STD:
    if (A.numel == 0)
      cls = GM_DOUBLE;               /* var.m's NaN (output_size): a double */
    if (default_dim && nd == 2 && dims[0] == 0 && dims[1] == 0) {
      dout[0] = dout[1] = 1;         /* var ([]) is NaN; one empty line: 0x1 along 1 */
      view_dims[1] = 1;
    } else {
      if (dim > nd_out)
        dout[nd_out++] = 1;
      dout[dim - 1] = 1;
      while (nd_out > 2 && dout[nd_out - 1] == 1)
        nd_out--;
    }
    break;
  default:
    break;
  }
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  /* one element a line can be more than A has: prod (zeros (0, 2^40, 2^40)) */
  mwSize out_dims[GM_MAX_DIMS + 1];
  size_t count = 1, bytes = 0;
  int overflow = 0;
  for (int d = 0; d < nd_out; d++) {
    out_dims[d] = (mwSize) dout[d];
    overflow |= gm_mul_size (count, (size_t) dout[d], &count) != GM_OK;
  }
  overflow |= count > (size_t) INT64_MAX || gm_mul_size (count, gm_class_size (cls), &bytes) != GM_OK;
  if (overflow) {
    char text[128];
    gw_format_dims (text, sizeof text, (mwSize) nd_out, out_dims);
    gw_fail (&scratch, "gpumat:scan:tooLarge", "the result (%s) is too large", text);
  }
  if (count == 0) {
    plhs[0] = gw_make_gpumat (&scratch, NULL, cls, (mwSize) nd_out, out_dims, area);
    gw_scratch_free (&scratch);
    return;
  }

  if (A.numel > 0) {
    gw_logical_to_float (&scratch, &A, GM_DOUBLE, area);
    gw_materialize_operand (&scratch, &A, area);
    gw_upload_operand (&scratch, &A, area);
  }
  size_t ws_bytes = 0;
  if (op == OP_DIFF)
    st = gm_diff_workspace_size (cls, view_nd, view_dims, (int) dim, order, &ws_bytes);
  else if (op == OP_VAR || op == OP_STD)
    st = gm_var_workspace_size (cls, view_nd, view_dims, (int) dim, &ws_bytes);
  else
    st = gm_scan_workspace_size ((gm_scan_op) op, cls, nd, dims, (int) dim, &ws_bytes);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  void *d_ws = gw_device_alloc (&scratch, ws_bytes, area);
  void *d_out = gw_device_alloc (&scratch, count * gm_class_size (cls), area);
  const void *d_x = A.numel > 0 ? A.device : NULL;
  if (op == OP_DIFF)
    st = gm_diff (cls, nd, dims, (int) dim, order, d_x, d_out, d_ws, ws_bytes, 0);
  else if (op == OP_VAR || op == OP_STD)
    st = gm_var (cls, view_nd, view_dims, (int) dim, (int) opt, op == OP_STD, d_x, d_out, d_ws,
                 ws_bytes, 0);
  else
    st = gm_scan ((gm_scan_op) op, cls, nd, dims, (int) dim, d_x, d_out, d_ws, ws_bytes, 0);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  plhs[0] = gw_make_gpumat (&scratch, d_out, cls, (mwSize) nd_out, out_dims, area);
  gw_scratch_free (&scratch);
}
