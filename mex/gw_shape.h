/* gw_shape.h: the gateway commands of the functions that move elements (mex/gw_shape.c, over
 * kernels/shape.cu), and kron (a broadcast product, kernels/elementwise.cu), dispatched from
 * gpumat_mex.c's command table.  G is a gpumat array of any class (logical stays logical); the
 * callers (the methods in inst/@gpumat, the value type's permute and diag) apply Octave's
 * argument rules and messages first, the gateway checks again and computes.  Every result
 * whose class is complex is narrowed to real when no imaginary part is nonzero, as Octave
 * narrows.
 *
 *   ("permute", CALLER, G, PERM)      PERM a permutation of 1:n, n >= ndims (G): Octave's permute
 *   ("flip", CALLER, G, DIM)          the order along DIM (>= 1) reversed (past the last
 *                                     dimension: a copy)
 *   ("circshift", CALLER, G, SHIFTS)  a whole shift for each dimension (missing ones 0)
 *   ("repmat", CALLER, G, REPS)       REPS(d) >= 0 copies along dimension d (missing ones 1)
 *   ("diag", CALLER, G, K)            Octave's diag (G, K): the diagonal K of a matrix as a
 *                                     column, or a vector as diagonal K of a square matrix
 *   ("diag", CALLER, G, M, N)         diag (V, M, N): an M x N matrix with V on its diagonal
 *   ("tri", CALLER, G, LOWER, K, PACK)  tril (G, K) (LOWER true) or triu, in place or packed
 *   ("catnd", CALLER, DIM, CLS, CPLX, A, B, ...)  cat (DIM, A, B, ...) with Octave's size rules
 *                                     (DIM -1 and -2: [A; B] and [A, B], Octave's hvcat rule)
 *                                     into class CLS ("double" ... "uint64", "logical"; CPLX
 *                                     true for complex); operands gpumat or host, of class CLS
 *                                     or converted on the way (logical and double to single or
 *                                     double, real to complex; integer classes must match)
 *   ("kron", CALLER, A, B)            kron (A, B) of real double, single or logical operands
 *                                     (each gpumat or host; N-D ones read as rows x the rest),
 *                                     Octave's class rule (single if either is single)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_SHAPE_H
#define GPUMAT_GW_SHAPE_H

#include "mex.h"

void gw_cmd_permute (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_flip (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_circshift (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_repmat (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_diag (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_tri (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_catnd (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_kron (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
