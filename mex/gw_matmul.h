/* gw_matmul.h: the product commands of the gateway (mex/gw_matmul.c): "mul", "pagemtimes",
 * "dot" and "mul_time", with the gateway_commands[] handler signature.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_MATMUL_H
#define GPUMAT_GW_MATMUL_H

#include "mex.h"

void gw_cmd_mul (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_pagemtimes (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_dot (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_mul_time (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
