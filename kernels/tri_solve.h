/* tri_solve.h: op(T) x = b for one vector x, T an n x n real triangle, faster than cuBLAS trsv
 * for the condition estimate's solves (kernels/tri_solve.cu says how).  Internal to kernels/
 * (solve.cu's condition estimate uses it; tests/test_solve.cu checks it): a plain C API, no
 * gateway calls it.
 *
 * Classes GM_DOUBLE and GM_SINGLE only (complex triangles stay on cuBLAS).  T is column-major
 * with leading dimension lda >= n; only its triangle (upper or lower) is read, and not its
 * diagonal when `unit` (the unit diagonal is taken as 1): the rest may hold anything, NaN too.
 * op is GM_OP_NONE or GM_OP_TRANSPOSE (GM_OP_CTRANSPOSE is the transpose of a real T).  Work
 * is queued on stream 0 and the calls return without waiting.  Bad arguments:
 * GM_ERR_INVALID_ARGUMENT with gm_error_detail () saying which.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_TRI_SOLVE_H
#define GPUMAT_TRI_SOLVE_H

#include <stddef.h>
#include <stdint.h>
#include "gpumat.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The bytes of device workspace one triangle of order n needs: the inverses of its 64 x 64
 * diagonal blocks (n = 8192 double: 4 MiB) and the solve's flags. */
gm_status gm_tri_solve_work_bytes (gm_class cls, int64_t n, size_t *bytes);
/* Fills d_work (gm_tri_solve_work_bytes of it) for the triangle (upper or lower, unit or not) of
 * T: once per triangle, before any number of gm_tri_solve_apply with the same T. */
gm_status gm_tri_solve_prepare (gm_class cls, int upper, int unit, int64_t n, const void *d_T,
                                int64_t lda, void *d_work);
/* x := inv (op (T)) x in place (d_x n elements), d_work prepared for this T, upper and unit.
 * Calls with the same d_work are ordered by stream 0; two at once on other streams are not
 * allowed (the workspace holds the solve's flags). */
gm_status gm_tri_solve_apply (gm_class cls, int upper, gm_op op, int64_t n, const void *d_T,
                              int64_t lda, void *d_work, void *d_x);
/* Both in one call, with a workspace of its own (freed before return, stream-ordered). */
gm_status gm_tri_solve_vector (gm_class cls, int upper, gm_op op, int unit, int64_t n,
                               const void *d_T, int64_t lda, void *d_x);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_TRI_SOLVE_H */
