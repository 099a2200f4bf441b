/* gw_scan.h: the gateway command of scans, products, differences and variances along one
 * dimension (mex/gw_scan.c, over kernels/scan.cu), dispatched from mexFunction in gpumat_mex.c.
 *
 *   ("scan", CALLER, OP, A, DIM, PARAM)
 *      OP "cumsum", "cumprod", "prod": PARAM unused (0; for prod of complex data, 1 computes
 *         complex single data in double); DIM 0 for Octave's default dimension
 *      OP "diff": PARAM the order (>= 1), DIM a dimension of A (1 to ndims (A))
 *      OP "var", "std": PARAM var's opt (0 or 1); DIM 0 for var.m's default dimension (a DIM
 *         past ndims + 1 is taken as ndims + 1: var.m's size of an empty A along such a
 *         dimension, 0s in between, is inst/@gpumat's to get)
 *   A: real double, single or logical (read as double), a gpumat array or a host array;
 *      complex double or single for cumsum, cumprod, prod and diff.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_SCAN_H
#define GPUMAT_GW_SCAN_H

#include "mex.h"

void gw_cmd_scan (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
