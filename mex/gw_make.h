/* gw_make.h: gateway commands that make arrays on the device from a few scalars (mex/gw_make.c,
 * over kernels/make.cu and kernels/random.cu), dispatched from gpumat_mex.c's command table.
 *
 *   ("mkfill", CALLER, CLS, VALUE, DIMS)   every element VALUE (a double: 0, 1, Inf, NaN) in class
 *                                          CLS ("double" ... "uint64", "logical"), size DIMS
 *   ("mkeye", CALLER, CLS, DIMS)           the identity of size DIMS ([m n]) in class CLS
 *   ("range", CALLER, BASE, INC, LIMIT)    Octave 7.3's BASE:INC:LIMIT, a row: BASE, INC and LIMIT
 *                                          host scalars all double or all single, or BASE and
 *                                          LIMIT of one integer class with INC of it or double
 *   ("linspace", CALLER, A, B, N)          linspace (A, B, N): A and B real double or single
 *                                          scalars or vectors (host or gpumat) of one length or 1
 *   ("randi", CALLER, CLS, IMIN, IMAX, DIMS)  uniform integers IMIN..IMAX (randi.m's bounds
 *                                          checks done by the caller) in class CLS
 * DIMS: a double row of at least 2 whole numbers >= 0 (inst/@gpumat made them Octave's sizes).
 * Every result is a new gpumat array, its work queued on stream 0 and not waited for.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_MAKE_H
#define GPUMAT_GW_MAKE_H

#include "mex.h"

void gw_cmd_mkfill (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_mkeye (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_range (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_linspace (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_randi (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
