/* gw_arrays.h: the gateway commands that build arrays on the device (mex/gw_arrays.c),
 * dispatched from mexFunction in gpumat_mex.c.  No kernels: CUDA runtime fills and copies
 * (kernels/arrays.cu) and gm_convert.
 *
 *   ("fill", CALLER, KIND, CLS, DIMS)  KIND "zeros", "ones" or "eye"; CLS "double" or "single";
 *                                      DIMS a row of sizes (already Octave's: whole, >= 0)
 *   ("reshape", CALLER, G, DIMS)       a new gpumat array: G's elements (a view laid out
 *                                      first) copied device to device, with size DIMS
 *   ("cat", CALLER, DIM, A, B, ...)    [A, B, ...] (DIM 2) or [A; B; ...] (DIM 1) of 2-D
 *                                      gpumat and host arrays, Octave's class, size and empty
 *                                      rules, Octave's mismatch messages
 *   ("rand", CALLER, DIST, CLS, DIMS)  DIST "uniform" (open interval (0, 1)) or "normal";
 *                                      CLS "double" or "single"; DIMS as for "fill": values of
 *                                      the package generator, which advances
 *   ("rng", CALLER [, SEED])           sets the generator's seed (a whole number 0 to 2^53)
 *                                      and resets its counter; with no SEED, returns struct
 *                                      Seed, Counter.  Host state: needs no GPU
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_ARRAYS_H
#define GPUMAT_GW_ARRAYS_H

#include "mex.h"

void gw_cmd_fill (mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_reshape (mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_cat (mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_rand (mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_rng (mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
