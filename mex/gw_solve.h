/* gw_solve.h: the gateway commands of the dense solvers and factorizations (mex/gw_solve.c),
 * dispatched from the gateway_commands[] table of gpumat_mex.c.  cuSOLVER and cuBLAS through
 * kernels/solve.cu and kernels/factor.cu, loaded at the first solve by kernels/solver_lib.cu
 * (gpumat:solve:noCusolver where they cannot be);
 * Octave's own function on the host wherever the device cannot give Octave's answer (a NaN or
 * Inf input, whose answer depends on the host's LAPACK; a char operand; a singular or nearly
 * singular matrix: gpumat.h says why).
 *
 *   ("solve", CALLER, KIND, X, Y)   KIND "mldivide": X \ Y; "mrdivide": X / Y.  Square
 *                                   matrices on the device (X \ Y with a square X, X / Y with a
 *                                   square Y), rectangular ones by Octave's own operator on the
 *                                   host; Octave's class rules, its nonconformant message, its
 *                                   warnings (from the host, where they arise)
 *   ("factor", CALLER, "inv", A)    -> X [, RCOND]   (inv: warns, as Octave, only for one output)
 *   ("factor", CALLER, "det", A)    -> D [, RCOND]
 *   ("factor", CALLER, "lu", A, VECTOR)  -> Y | L, U | L, U, P   (VECTOR true: P as a column of
 *                                   row indices, lu (A, "vector"))
 *   ("factor", CALLER, "chol", A, LOWER) -> R [, P]  (one output: "chol: input matrix must be
 *                                   positive definite" when it is not)
 * A is a gpumat or host array of double, single or logical data, 2-D, with more than one element
 * (inst/@gpumat/{inv,det,lu,chol}.m send the others to Octave's own function); matrices results
 * are gpumat arrays (complex ones narrowed to real when no imaginary part is nonzero, as Octave
 * narrows), RCOND and chol's P host scalars.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_SOLVE_H
#define GPUMAT_GW_SOLVE_H

#include "mex.h"

void gw_cmd_solve (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);
void gw_cmd_factor (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

/* Shared with mex/gw_linalg.c (eig, svd, qr): Octave's own FN on the host on the operands as given
 * (outputs in upload_mask uploaded; the scratch freed first), the solvers' operand check
 * (integer or N-D: gpumat:<area>:unsupportedClass / ndArray), whether the host answers (text,
 * NaN or Inf), cuSOLVER loaded (gpumat:solve:noCusolver), the class Octave computes in, and the
 * operand on the device laid out in that class. */
#include "gateway_util.h"
void gw_solve_octave_on_host (int nout, mxArray *plhs[], gw_scratch *scratch, const char *fn,
                              gw_operand *ops, int nops, const mxArray *extra,
                              unsigned upload_mask, const char *area);
void gw_solve_check_operand (gw_scratch *scratch, const gw_operand *x, const char *area);
int gw_solve_host_answers (gw_scratch *scratch, const gw_operand *x, const char *area);
void gw_solve_need_solver (gw_scratch *scratch);
gm_class gw_solve_class (const gw_operand *x);
void gw_solve_prepare (gw_scratch *scratch, gw_operand *x, gm_class cls, const char *area);

#endif
