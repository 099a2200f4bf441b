/* emu_mex.c: a __gpumat__ for the CPU check (tests/cpu-standin/run.sh): index, assign and resize
 * from mex/gw_index.c as they are, over emu_kernels.cpp, and the array commands of
 * emu_array.c.  Built with GPUMAT_EMU_SHAPE (run_shape.sh), also the commands of
 * mex/gw_shape.c.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <string.h>
#include <stdint.h>
#include "gateway_util.h"
#include "gw_index.h"
#include "emu_array.h"
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
  if (!emu_array_command (command, plhs, nrhs, prhs))
    gw_fail (NULL, "emu:unknown", "unknown command %s", command);
}
