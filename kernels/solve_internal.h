/* solve_internal.h: what kernels/solve.cu lends kernels/factor.cu (det, lu, chol): the class
 * test, the grid and launch check of a grid-stride kernel, Octave's matrix_type probe, the
 * NaN/Inf check, the 1-norm, LAPACK's condition estimate and the report's first state.
 * Internal to kernels/: C++ only, no C API here (gpumat.h has that; solver_lib.h has the
 * libraries, their handles and typed calls).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_SOLVE_INTERNAL_H
#define GPUMAT_SOLVE_INTERNAL_H

#include <stdint.h>
#include "gpumat.h"
#include "solver_lib.h"

namespace gm_solver {

/* double, single and their complex classes: the classes the solvers take */
bool is_float_class (gm_class c);
/* Blocks for a grid-stride kernel of 256 threads over count items. */
unsigned grid_for (int64_t count);
/* GM_OK, or the last launch's error with `where` */
gm_status launched (const char *where);

/* Octave's matrix_type of an n x n A (upper, lower, Hermitian or full) and whether A holds a
   NaN or Inf; waits for the answer. */
gm_status probe (gm_class cls, int64_t n, const void *d_A, gm_matrix_type *type, int *nonfinite);
/* The type alone, NaN and Inf not looked for: a full matrix's answer comes after a few tiles. */
gm_status probe_type (gm_class cls, int64_t n, const void *d_A, gm_matrix_type *type);
/* *h_any = 1 where one of count elements is NaN or Inf (waits). */
gm_status any_nonfinite (gm_class cls, int64_t count, const void *d_x, int *h_any);
/* Octave's norm1: the largest column sum of |A| (m x n), in the class's precision (waits). */
gm_status norm1 (gm_class cls, int64_t m, int64_t n, const void *d_A, double *h_norm);

/* Which inverse a step of the estimate applies (xGECON, xPOCON, xTRCON). */
enum factor_kind { LU_FACTORS, CHOL_UPPER, CHOL_LOWER, TRI_UPPER, TRI_LOWER };

/* LAPACK's reciprocal condition estimate of the n x n matrix whose factors (of `kind`) are F,
   its 1-norm anorm given: rcond = 1 / (anorm * est). */
gm_status condition (solver_handles *h, gm_class cls, factor_kind kind, int64_t n, const void *F,
                     double anorm, double *rcond);

/* A report's state before any work: done, full, no Cholesky failure, info 0, rcond 0. */
void report_init (gm_solve_report *r);
/* The checks every square routine makes (report, class, size, matrix), and report_init. */
gm_status check_square_args (const char *what, gm_class cls, int64_t n, const void *d_A,
                             gm_solve_report *report);

} /* namespace gm_solver */

#endif
