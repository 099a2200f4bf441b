/* emu_mex_scan.c: a __gpumat__ for the CPU check of tests/cpu-standin/run_scan.sh: "scan" from
 * mex/gw_scan.c as it is, over kernels/scan.cu's kernels run as CPU loops, "reduce" of complex
 * data's max and min (gw_elementwise.c's dispatch to mex/gw_complex_reduce.c, over
 * kernels/reduce_complex.cu run as CPU loops), and the array commands of emu_array.c.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <string.h>
#include <stdint.h>
#include "gateway_util.h"
#include "gw_scan.h"
#include "gw_complex_reduce.h"
#include "emu_array.h"
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
  if (!strcmp (command, "reduce") && nrhs == 5) {
    gw_scratch scratch = GW_SCRATCH_INIT;
    char op[16];
    gw_operand A;
    mxGetString (prhs[2], op, sizeof op);
    gw_read_operand_raw (&scratch, prhs[3], "reduce", "A", &A);
    if (!gm_class_is_complex (A.cls) || (strcmp (op, "max") && strcmp (op, "min")))
      gw_fail (&scratch, "emu:unknown", "reduce: only complex max and min here");
    gw_complex_reduce (nlhs, plhs, &scratch, !strcmp (op, "max") ? GM_CX_MAX : GM_CX_MIN, &A,
                       prhs[4], 0, "reduce");
    return;
  }
  if (!emu_array_command (command, plhs, nrhs, prhs))
    gw_fail (NULL, "emu:unknown", "unknown command %s", command);
}
