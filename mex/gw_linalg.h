/* gw_linalg.h: the gateway commands of eig, svd and qr (mex/gw_linalg.c), dispatched from the
 * gateway_commands[] table of gpumat_mex.c.  cuSOLVER through kernels/eig_svd.cu, loaded as the
 * solvers load it (gpumat:solve:noCusolver where it cannot be); Octave's own function on the
 * host wherever the device does not give Octave's answer.
 *
 *   ("eig", CALLER, A)        -> LAMBDA | V, D   A square with two or more elements: a Hermitian
 *                             A (Octave's exact test) on the device (syevd: real eigenvalues
 *                             ascending, D a full real diagonal matrix); any other A, and text,
 *                             NaN or Inf, Octave's own eig on the host
 *   ("svd", CALLER, A, ECON)  -> S | U, S | U, S, V   A not empty; ECON true: the economy
 *                             form (inst/@gpumat/svd.m applies Octave's rule for svd (A, 0));
 *                             S a column of singular values descending (one output) or a full
 *                             real diagonal matrix; text, NaN or Inf: Octave's own svd (its
 *                             error), as Octave's svd (A, "econ") where ECON
 *   ("qr", CALLER, A, ECON)   -> X | Q, R   A not empty; X Octave's one-output qr of a full
 *                             matrix (geqrf's factors, the reflectors scaled by tau: R =
 *                             triu (X)); Q, R as [Q, R] = qr (A) (ECON false) or qr (A, 0);
 *                             NaN or Inf: Octave's own qr on the host
 * A is a gpumat or host array of double, single or logical data, 2-D; results are gpumat
 * arrays (complex vectors narrowed to real when no imaginary part is nonzero, as Octave's).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_LINALG_H
#define GPUMAT_GW_LINALG_H

#include "mex.h"

void gw_cmd_eig (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_svd (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_qr (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
