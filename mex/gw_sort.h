/* gw_sort.h: the gateway commands of sort, find, nnz and median (mex/gw_sort.c, over
 * kernels/sort.cu and kernels/find.cu), dispatched from gpumat_mex.c's gateway_commands[].
 * inst/@gpumat/sort.m, find.m, nnz.m and median.m read and check Octave's arguments and leave
 * only these calls here:
 *
 *   ("sort", CALLER, A, DIM, MODE)    [S, I]: A sorted along DIM (1-based; 0: Octave's default,
 *                                     the first dimension that is not 1; past ndims a dimension
 *                                     of length 1), MODE "ascend" or "descend", stable, NaN last
 *                                     (first for "descend"); S of A's class (logical stays
 *                                     logical), I double; real classes only
 *   ("find", CALLER, A, N, DIRECTION) [I, J, V] as Octave's find (A, N, DIRECTION) with as many
 *                                     outputs: N -1 for all, DIRECTION "first" or "last"; every
 *                                     class, complex too (V narrowed to real as Octave does)
 *   ("nnz", CALLER, A)                the number of nonzero elements, a host double (waits)
 *   ("median", CALLER, A, DIM)        Octave 7.3's median (A, DIM) of a non-empty real array
 *                                     (DIM 0: the first dimension above 1, else 1); a zero
 *                                     median among zeros of both signs (double, single) is
 *                                     Octave's own on the gathered A, whose nth_element picks
 *                                     the sign
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_SORT_H
#define GPUMAT_GW_SORT_H

#include "mex.h"

void gw_cmd_sort (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_find (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_nnz (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_median (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
