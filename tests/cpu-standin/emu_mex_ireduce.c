/* emu_mex_ireduce.c: a __gpumat__ for the CPU check of tests/cpu-standin/run_reduce_int.sh:
 * "ireduce" from mex/gw_reduce_int.c as it is, over kernels/reduce_int.cu's kernels run as CPU
 * loops, and the array commands of emu_array.c.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <string.h>
#include <stdint.h>
#include "gateway_util.h"
#include "gw_reduce_int.h"
#include "emu_array.h"
void mexFunction (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  char command[16], caller[64];
  mxGetString (prhs[0], command, sizeof command);
  mxGetString (prhs[1], caller, sizeof caller);
  gw_set_caller (caller);
  if (!strcmp (command, "ireduce")) {
    gw_cmd_ireduce (nlhs, plhs, nrhs, prhs);
    return;
  }
  if (!emu_array_command (command, plhs, nrhs, prhs))
    gw_fail (NULL, "emu:unknown", "unknown command %s", command);
}
