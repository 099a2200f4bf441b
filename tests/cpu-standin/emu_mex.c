/* emu_mex.c: a __gpumat__ for the CPU check (tests/cpu-standin/run.sh): index, assign and resize
 * from mex/gw_index.c as they are, over emu_kernels.cpp; upload (host logical arrays stay logical
 * here, so that logical gpumat arrays can be made), gather, free, usage and available as
 * gpumat_mex.c has them.  Built with GPUMAT_EMU_SHAPE (run_shape.sh), also the commands of
 * mex/gw_shape.c.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <string.h>
#include <stdint.h>
#include "gateway_util.h"
#include "gw_index.h"
#ifdef GPUMAT_EMU_SHAPE
/* run_shape.sh: the commands of mex/gw_shape.c too, as gpumat_mex.c's table dispatches them */
#include "gw_shape.h"
static const struct {
  const char *name;
  void (*run) (int, mxArray *[], int, const mxArray *[]);
} shape_commands[] = {
  {"permute", gw_cmd_permute}, {"flip", gw_cmd_flip}, {"circshift", gw_cmd_circshift},
  {"repmat", gw_cmd_repmat}, {"diag", gw_cmd_diag}, {"tri", gw_cmd_tri},
  {"catnd", gw_cmd_catnd}, {"kron", gw_cmd_kron}};
#endif
void mexFunction (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  char command[16];
  mxGetString (prhs[0], command, sizeof command);
#ifdef GPUMAT_EMU_SHAPE
  for (size_t k = 0; k < sizeof shape_commands / sizeof shape_commands[0]; k++)
    if (!strcmp (command, shape_commands[k].name)) {
      static char caller[64];
      mxGetString (prhs[1], caller, sizeof caller);
      gw_set_caller (caller);
      shape_commands[k].run (nlhs, plhs, nrhs, prhs);
      return;
    }
  if (!strcmp (command, "reshape")) {
    /* as gw_arrays.c's (squeeze is a reshape): the elements copied under the new size */
    gw_scratch s = GW_SCRATCH_INIT;
    gw_operand R;
    gw_read_operand_raw (&s, prhs[2], "array", "G", &R);
    const void *src = R.device;
    gw_materialize_operand (&s, &R, "array");
    void *d = R.device;
    if (d == src) {
      d = gw_device_alloc (&s, R.numel * gm_class_size (R.cls), "array");
      if (R.numel) memcpy (d, src, R.numel * gm_class_size (R.cls));
    }
    const size_t nd = mxGetNumberOfElements (prhs[3]);
    mwSize dims[GW_MAX_DIMS];
    for (size_t i = 0; i < nd; i++) dims[i] = (mwSize) mxGetPr (prhs[3])[i];
    gw_device_keep (&s, d);
    gw_scratch_free (&s);
    plhs[0] = gw_make_descriptor (d, R.cls, (mwSize) nd, dims);
    if (R.logical) gw_descriptor_set_logical (plhs[0]);
    return;
  }
#endif
  if (!strcmp (command, "index") || !strcmp (command, "assign") || !strcmp (command, "resize")) {
    /* as gpumat_mex.c: an optional CALLER */
    static char caller[64];
    int shift = 0;
    caller[0] = '\0';
    if (nrhs >= 2 && mxIsChar (prhs[1])) {
      mxGetString (prhs[1], caller, sizeof caller);
      shift = 1;
    }
    gw_set_caller (caller);
    if (command[0] == 'i') gw_cmd_index (plhs, nrhs - shift, prhs + shift);
    else if (command[0] == 'a') gw_cmd_assign (nrhs - shift, prhs + shift);
    else gw_cmd_resize (plhs, nrhs - shift, prhs + shift);
    return;
  }
  gw_set_caller ("gpumat");
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
    gm_copy_to_device (d, A.host, bytes);
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
    gw_fail (NULL, "emu:unknown", "unknown command %s", command);
}
