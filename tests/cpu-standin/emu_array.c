/* emu_array.c: the array commands every emulated __gpumat__ of tests/cpu-standin answers, over
 * the CPU stand-in runtime: upload (a host logical array stays logical, so that logical gpumat
 * arrays can be made), gather, copy, convert, free, usage and available, as gpumat_mex.c and
 * gw_elementwise.c have them.  emu_mex.c, emu_mex_scan.c and run_sort.sh's gateway each
 * dispatch their own commands first and hand every other one here.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <string.h>
#include <stdint.h>
#include "gateway_util.h"
#include "emu_array.h"

int emu_array_command (const char *command, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  gw_scratch scratch = GW_SCRATCH_INIT;
  gw_operand A;
  if (!strcmp (command, "upload") && mxIsLogical (prhs[2])) {
    const size_t n = mxGetNumberOfElements (prhs[2]);
    void *d = gw_device_alloc (&scratch, n, "array");
    if (n) gm_copy_to_device (d, mxGetLogicals (prhs[2]), n);
    gw_device_keep (&scratch, d);
    plhs[0] = gw_make_descriptor (d, GM_UINT8, mxGetNumberOfDimensions (prhs[2]), mxGetDimensions (prhs[2]));
    gw_descriptor_set_logical (plhs[0]);
  } else if (!strcmp (command, "upload")) {
    gw_read_operand (&scratch, prhs[2], "array", "A", &A);
    const size_t bytes = A.numel * gm_class_size (A.cls);
    void *d = gw_device_alloc (&scratch, bytes, "array");
    if (bytes) gm_copy_to_device (d, A.host, bytes);
    gw_device_keep (&scratch, d);
    gw_scratch_free (&scratch);
    plhs[0] = gw_make_descriptor (d, A.cls, A.ndims, A.dims);
  } else if (!strcmp (command, "gather")) {
    gw_read_operand_raw (&scratch, prhs[2], "array", "G", &A);
    plhs[0] = gw_gather_operand (&scratch, &A, "array");
    gw_scratch_free (&scratch);
  } else if (!strcmp (command, "copy")) {
    gw_read_operand_raw (&scratch, prhs[2], "array", "G", &A);
    const void *src = A.device;
    gw_materialize_operand (&scratch, &A, "array");
    void *d = A.device;
    if (d == src) {
      d = gw_device_alloc (&scratch, A.numel * gm_class_size (A.cls), "array");
      if (A.numel) memcpy (d, src, A.numel * gm_class_size (A.cls));
    }
    gw_device_keep (&scratch, d);
    gw_scratch_free (&scratch);
    plhs[0] = gw_make_descriptor (d, A.cls, A.ndims, A.dims);
    if (A.logical) gw_descriptor_set_logical (plhs[0]);
  } else if (!strcmp (command, "free")) {
    for (size_t i = 0; i < mxGetNumberOfElements (prhs[2]); i++)
      gm_device_free ((void *) (uintptr_t) ((const uint64_t *) mxGetData (prhs[2]))[i]);
  } else if (!strcmp (command, "usage")) {
    size_t b, l, c;
    gm_device_usage (&b, &l, &c);
    plhs[0] = mxCreateDoubleMatrix (1, 3, mxREAL);
    mxGetPr (plhs[0])[0] = b; mxGetPr (plhs[0])[1] = l;
  } else if (!strcmp (command, "available")) {
    plhs[0] = mxCreateLogicalScalar (0);
  } else if (!strcmp (command, "convert") && nrhs == 4 && mxIsChar (prhs[2])) {
    /* ("convert", CALLER, CLS, G): the value type's class conversions (int8 (G) ..., which
       [G, H] of mixed classes uses) as Octave's own cast of the gathered array, uploaded: the
       conversion kernels are not part of this stand-in (test_elementwise_int checks them on
       the GPU); the shape commands' logic around them is */
    char cls[16];
    mxGetString (prhs[2], cls, sizeof cls);
    gw_read_operand_raw (&scratch, prhs[3], "elementwise", "A", &A);
    mxArray *h = gw_gather_operand (&scratch, &A, "elementwise"), *out = NULL;
    mxArray *args[2] = {h, mxCreateString (cls)};
    if (mexCallMATLAB (1, &out, 2, args, "cast") != 0 || !out)
      gw_fail (&scratch, "emu:convert", "cast to %s failed", cls);
    mxDestroyArray (args[1]);
    mxDestroyArray (h);
    gw_operand R;
    gw_read_operand (&scratch, out, "elementwise", "R", &R);
    const size_t bytes = R.numel * gm_class_size (R.cls);
    void *d = gw_device_alloc (&scratch, bytes, "elementwise");
    if (bytes) gm_copy_to_device (d, mxIsLogical (out) ? (const void *) mxGetLogicals (out) : R.host, bytes);
    gw_device_keep (&scratch, d);
    plhs[0] = gw_make_descriptor (d, mxIsLogical (out) ? GM_UINT8 : R.cls, R.ndims, R.dims);
    if (mxIsLogical (out)) gw_descriptor_set_logical (plhs[0]);
    mxDestroyArray (out);
    gw_scratch_free (&scratch);
  } else
    return 0;
  return 1;
}
