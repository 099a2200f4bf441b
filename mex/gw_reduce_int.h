/* gw_reduce_int.h: the gateway command of integer reductions and scans in the class (mex/
 * gw_reduce_int.c, over kernels/reduce_int.cu), dispatched from mexFunction in gpumat_mex.c.
 *
 *   ("ireduce", CALLER, OP, A, DIM)
 *      OP "sum", "prod", "cumsum": Octave's sum / prod / cumsum (A, DIM, "native")
 *      OP "max", "min": [M, I] = max / min (A, [], DIM), I as a double gpumat array
 *      DIM 0 for Octave's default dimension (the first that is not 1)
 *   A: int8 ... uint64, a gpumat array or a host array; the result keeps its class.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_REDUCE_INT_H
#define GPUMAT_GW_REDUCE_INT_H

#include "mex.h"

void gw_cmd_ireduce (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
