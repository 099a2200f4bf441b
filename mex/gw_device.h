/* gw_device.h: the gateway's commands about the GPUs and the package's state (mex/gw_device.c):
 * "device", "kernels" and "usage", with the gateway_commands[] handler signature.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_DEVICE_H
#define GPUMAT_GW_DEVICE_H

#include "mex.h"

void gw_cmd_device (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_kernels (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_usage (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
