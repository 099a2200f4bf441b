/* gw_reduce_int.c: sum, prod and cumsum with "native", max and min of integer gpumat arrays
 * along one dimension, in the class (the "ireduce" command, gw_reduce_int.h), over
 * kernels/reduce_int.cu: Octave 7.3's values (saturating, in Octave's order), shapes (sum and
 * prod of a 0x0 array are 1x1; max (int8 (zeros (0, 3))) is 0x3) and classes.  The inst/
 * methods resolve the options; the double results of integer data (no "native") are the double
 * path's, not this command's.  Queued on stream 0; returns without waiting.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_reduce_int.h"

static const struct { const char *name; gm_int_reduce_op op; } ops[] = {
  {"sum", GM_IRED_SUM}, {"prod", GM_IRED_PROD}, {"cumsum", GM_IRED_CUMSUM},
  {"max", GM_IRED_MAX}, {"min", GM_IRED_MIN},
};

void gw_cmd_ireduce (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_OP = 2, IN_A, IN_DIM, IN_COUNT };
  static const char *area = "ireduce";
  if (nrhs != IN_COUNT)
    gw_fail (NULL, "Octave:invalid-fun-call",
             "__gpumat__ (\"ireduce\", CALLER, OP, A, DIM): wrong number of arguments");
  gw_scratch scratch = GW_SCRATCH_INIT;
  char name[16];
  gw_read_string (&scratch, prhs[IN_OP], name, sizeof name, area, "Operation");
  int k = -1;
  for (int j = 0; j < (int) (sizeof ops / sizeof ops[0]); j++)
    if (!strcmp (name, ops[j].name))
      k = j;
  if (k < 0)
    gw_fail (&scratch, "gpumat:ireduce:unknownOperation", "unknown operation '%s'", name);
  const gm_int_reduce_op op = ops[k].op;
  const int extremum = op == GM_IRED_MAX || op == GM_IRED_MIN;

  gw_operand A;
  gw_read_operand_raw (&scratch, prhs[IN_A], area, "A", &A);
  if (A.logical || !gm_class_is_integer (A.cls))
    gw_fail (&scratch, "gpumat:ireduce:unsupportedClass",
             "%s %s array: %s in the class on the GPU takes int8 ... uint64 data",
             A.logical ? "logical" : gw_class_text (A.cls), A.on_device ? "gpumat" : "host",
             name);
  if (A.ndims > GM_MAX_DIMS)
    gw_fail (&scratch, "gpumat:ireduce:tooManyDimensions",
             "arrays of more than %d dimensions are not supported", GM_MAX_DIMS);
  int64_t dims[GM_MAX_DIMS], dout[GM_MAX_DIMS];
  const int nd = (int) A.ndims;
  for (int d = 0; d < nd; d++)
    dims[d] = (int64_t) A.dims[d];
  int64_t dim = gw_read_count (&scratch, prhs[IN_DIM], 0, area, "Dim");
  if (dim == 0)
    dim = gm_default_dim (nd, dims);
  if (dim > nd)
    dim = nd + 1;                  /* any dimension past the last is a dimension of length 1 */
  int nd_out;
  gm_status st = gm_int_reduce_dims (op, nd, dims, (int) dim, &nd_out, dout);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  mwSize out_dims[GM_MAX_DIMS];
  /* one element a line can be more than A has: sum (int8 (zeros (0, 2^40, 2^40)), "native") */
  const size_t count = gw_result_count (&scratch, nd_out, dout, out_dims, sizeof (double), area);
  const int with_index = extremum && nlhs > 1;
  if (count == 0) {
    plhs[0] = gw_make_gpumat (&scratch, NULL, A.cls, (mwSize) nd_out, out_dims, area);
    if (with_index)
      plhs[1] = gw_make_gpumat (&scratch, NULL, GM_DOUBLE, (mwSize) nd_out, out_dims, area);
    gw_scratch_free (&scratch);
    return;
  }
  if (A.numel > 0) {
    gw_materialize_operand (&scratch, &A, area);
    gw_upload_operand (&scratch, &A, area);
  }
  size_t ws_bytes = 0;
  st = gm_int_reduce_workspace_size (op, A.cls, nd, dims, (int) dim, &ws_bytes);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  void *d_ws = gw_device_alloc (&scratch, ws_bytes, area);
  void *d_out = gw_device_alloc (&scratch, count * gm_class_size (A.cls), area);
  double *d_index = with_index ? (double *) gw_device_alloc (&scratch, count * sizeof (double),
                                                             area) : NULL;
  st = gm_int_reduce (op, A.cls, nd, dims, (int) dim, A.numel > 0 ? A.device : NULL, d_out,
                      d_index, d_ws, ws_bytes, 0);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, area);
  plhs[0] = gw_make_gpumat (&scratch, d_out, A.cls, (mwSize) nd_out, out_dims, area);
  if (with_index)
    plhs[1] = gw_make_gpumat (&scratch, d_index, GM_DOUBLE, (mwSize) nd_out, out_dims, area);
  gw_scratch_free (&scratch);
}
