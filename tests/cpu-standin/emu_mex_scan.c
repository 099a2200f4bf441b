/* emu_mex_scan.c: a __gpumat__ for the CPU check of tests/cpu-standin/run_scan.sh: "scan" from
 * mex/gw_scan.c as it is, over kernels/scan.cu's kernels run as CPU loops; upload (host logical
 * arrays stay logical, so that logical gpumat arrays can be made), gather, copy, free, usage and
 * available as emu_mex.c has them.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <string.h>
#include <stdint.h>
#include "gateway_util.h"
#include "gw_scan.h"
void mexFunction (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  char command[16], caller[64];
  mxGetString (prhs[0], command, sizeof command);
  mxGetString (prhs[1], caller, sizeof caller);
  gw_set_caller (caller);
  if (!strcmp (command, "scan")) {
    gw_cmd_scan (nlhs, plhs, nrhs, prhs);
    return;
  }
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
  } else
    gw_fail (NULL, "emu:unknown", "unknown command %s", command);
}
