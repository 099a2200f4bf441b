/* gw_complex_reduce.c: prod, cumprod, max, min and diff of complex gpumat arrays along one
 * dimension (the complex branches of the "reduce" and "scan" commands, gw_complex_reduce.h),
 * over kernels/reduce_complex.cu, and for diff kernels/scan.cu's gm_diff on the interleaved
 * parts.
 *
 * Shapes as Octave 7.3's: prod as sum's (prod ([]) is 1, prod (zeros (0, 3)) 1x3), cumprod
 * A's, max and min keep a dimension of length 0 (max (zeros (0, 3)) is 0x3); the result is
 * narrowed to real where every imaginary part is zero (an empty one too), as Octave's
 * ComplexNDArray results are; the indices of max and min are double; prod's "double" converts
 * complex single data on the device first.  Queued on stream 0; the narrowing check waits for
 * the result.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "gw_complex_reduce.h"

void gw_complex_reduce (int nlhs, mxArray *plhs[], gw_scratch *scratch, gm_complex_reduce_op op,
                        gw_operand *A, const mxArray *dim_arg, int in_double, const char *area)
{
  char id[96];
  if (A->ndims > GM_MAX_DIMS) {
    snprintf (id, sizeof id, "gpumat:%s:tooManyDimensions", area);
    gw_fail (scratch, id, "arrays of more than %d dimensions are not supported", GM_MAX_DIMS);
  }
  int64_t dims[GM_MAX_DIMS], dout[GM_MAX_DIMS];
  const int nd = (int) A->ndims;
  for (int d = 0; d < nd; d++)
    dims[d] = (int64_t) A->dims[d];
  int64_t dim = gw_read_count (scratch, dim_arg, 0, area, "Dim");
  if (dim == 0)
    dim = gm_default_dim (nd, dims);
  if (dim > nd)
    dim = nd + 1;                  /* any dimension past the last is a dimension of length 1 */
  const int minmax = op == GM_CX_MAX || op == GM_CX_MIN;
  const int with_index = minmax && nlhs > 1;
  int nd_out = nd < 2 ? 2 : nd;
  gm_status st = GM_OK;
  if (op == GM_CX_CUMPROD)
    for (int d = 0; d < nd_out; d++)
      dout[d] = d < nd ? dims[d] : 1;
  else
    st = gm_reduce_dims (minmax ? GM_RED_MAX : GM_RED_SUM, nd, dims, (int) dim, &nd_out, dout);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  /* one element a line can be more than A has: prod (zeros (0, 2^40, 2^40)) */
  const gm_class cls = in_double ? GM_COMPLEX_DOUBLE : A->cls, real = gm_class_real (cls);
  mwSize out_dims[GM_MAX_DIMS];
  const size_t count = gw_result_count (scratch, nd_out, dout, out_dims, gm_class_size (cls), area);
  const size_t bytes = count * gm_class_size (cls);
  if (count == 0) {
    /* an empty result is real, as Octave narrows it */
    plhs[0] = gw_make_gpumat (scratch, NULL, real, (mwSize) nd_out, out_dims, area);
    if (with_index)
      plhs[1] = gw_make_gpumat (scratch, NULL, GM_DOUBLE, (mwSize) nd_out, out_dims, area);
    gw_scratch_free (scratch);
    return;
  }
  if (A->numel > 0) {
    gw_materialize_operand (scratch, A, area);
    gw_upload_operand (scratch, A, area);
    if (in_double && A->cls == GM_COMPLEX_SINGLE) {
      /* both parts of each element, 2 * numel singles, to doubles */
      void *d = gw_device_alloc (scratch, A->numel * gm_class_size (GM_COMPLEX_DOUBLE), area);
      st = gm_convert (GM_SINGLE, GM_DOUBLE, 2 * (int64_t) A->numel, A->device, d, 0);
      if (st != GM_OK)
        gw_fail_status (scratch, st, area);
      A->device = d;
      A->cls = GM_COMPLEX_DOUBLE;
    }
  }
  size_t ws_bytes = 0;
  st = gm_complex_reduce_workspace_size (op, cls, nd, dims, (int) dim, &ws_bytes);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  void *d_ws = gw_device_alloc (scratch, ws_bytes, area);
  void *d_out = gw_device_alloc (scratch, bytes, area);
  double *d_index = with_index ? (double *) gw_device_alloc (scratch, count * sizeof (double),
                                                             area) : NULL;
  st = gm_complex_reduce (op, cls, nd, dims, (int) dim, A->numel > 0 ? A->device : NULL, d_out,
                          d_index, d_ws, ws_bytes, 0);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  gm_class out_cls = cls;
  gw_narrow_device (scratch, &d_out, &out_cls, count, area);
  plhs[0] = gw_make_gpumat (scratch, d_out, out_cls, (mwSize) nd_out, out_dims, area);
  if (with_index)
    plhs[1] = gw_make_gpumat (scratch, d_index, GM_DOUBLE, (mwSize) nd_out, out_dims, area);
  gw_scratch_free (scratch);
}

void gw_complex_diff (mxArray *plhs[], gw_scratch *scratch, gw_operand *A, const mxArray *dim_arg,
                      const mxArray *order_arg, const char *area)
{
  char id[96];
  if (A->ndims + 1 > GM_MAX_DIMS) {
    snprintf (id, sizeof id, "gpumat:%s:tooManyDimensions", area);
    gw_fail (scratch, id, "complex arrays of more than %d dimensions are not supported",
             GM_MAX_DIMS - 1);
  }
  int64_t dims[GM_MAX_DIMS], view[GM_MAX_DIMS];
  const int nd = (int) A->ndims;
  for (int d = 0; d < nd; d++)
    dims[d] = (int64_t) A->dims[d];
  const int64_t dim = gw_read_count (scratch, dim_arg, 1, area, "Dim");
  if (dim > nd) {
    snprintf (id, sizeof id, "gpumat:%s:invalidDim", area);
    gw_fail (scratch, id, "DIM must be a valid dimension");
  }
  const int64_t order = gw_read_count (scratch, order_arg, 1, area, "Order");
  const gm_class cls = A->cls, real = gm_class_real (cls);
  const int nd_out = nd < 2 ? 2 : nd;
  mwSize out_dims[GM_MAX_DIMS];
  size_t count = 1;
  for (int d = 0; d < nd_out; d++) {
    int64_t n = d < nd ? dims[d] : 1;
    if (d == dim - 1)
      n = n > order ? n - order : 0;
    out_dims[d] = (mwSize) n;
    count *= (size_t) n;                   /* at most A's count: no overflow */
  }
  if (count == 0) {
    /* an empty result is real, as Octave narrows it */
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
  gm_status st = gm_diff_workspace_size (real, nd + 1, view, (int) dim + 1, order, &ws_bytes);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  void *d_ws = gw_device_alloc (scratch, ws_bytes, area);
  void *d_out = gw_device_alloc (scratch, count * gm_class_size (cls), area);
  st = gm_diff (real, nd + 1, view, (int) dim + 1, order, A->device, d_out, d_ws, ws_bytes, 0);
  if (st != GM_OK)
    gw_fail_status (scratch, st, area);
  gm_class out_cls = cls;
  gw_narrow_device (scratch, &d_out, &out_cls, count, area);
  plhs[0] = gw_make_gpumat (scratch, d_out, out_cls, (mwSize) nd_out, out_dims, area);
  gw_scratch_free (scratch);
}
