/* gpumat_linalg.h: dense linear algebra with Octave's rules: solves, inverses, determinants,
 * LU, Cholesky, eig, svd and QR through cuSOLVER and cuBLAS, loaded when first needed
 * (kernels/solve.cu, factor.cu, eig_svd.cu, solver_lib.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_LINALG_H
#define GPUMAT_LINALG_H

#include <stdint.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"
#include "gpumat_matmul.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- dense linear algebra (kernels/solve.cu, factor.cu): cuSOLVER and cuBLAS, Octave's rules */
/* Square solves, inverses, determinants, LU and Cholesky of full double, single, complex double
 * and complex single matrices on the current device (column-major, leading dimension = rows,
 * as Octave stores them), queued on stream 0 with one cuSOLVER and one cuBLAS handle cached per
 * device (made again after a context reset), workspaces from gm_device_alloc.  Every function
 * here waits: it reads back the factorization's info, and the solvers its condition estimate.
 * Errors of the libraries come back as GM_ERR_CUDA (GM_ERR_OUT_OF_MEMORY for an allocation
 * failure) with the routine and the library's status name in gm_error_detail ().
 *
 * Octave 7.3's rules (liboctave/array/dMatrix.cc, MatrixType.cc; libinterp/corefcn/xdiv.cc,
 * inv.cc, det.cc): the probe of a square matrix (gm_matrix_probe) says upper or lower triangular
 * (every diagonal element nonzero, one strict triangle zero; a diagonal matrix is upper),
 * Hermitian (positive real diagonal, A(i,j) == conj (A(j,i)) and |A(i,j)|^2 < A(i,i) A(j,j)) or
 * full.  Triangular systems are solved by trsm, Hermitian ones by Cholesky (potrf) falling back
 * to LU with partial pivoting (getrf) when potrf fails, full ones by LU.  The reciprocal
 * condition estimate is LAPACK's (xGECON, xPOCON, xTRCON: the 1-norm of A times Hager and
 * Higham's estimate of the 1-norm of inv (A), the same steps, with triangular solves on the
 * device).  Octave warns when it is below eps/2 and then returns what LAPACK computed for a
 * (nearly) singular matrix, or, where getrf finds a zero pivot, a minimum-norm least-squares
 * solution (xGELSD), which cuSOLVER does not have.  So these functions compute only where the
 * answer is Octave's: a matrix holding NaN or Inf, an exact zero pivot, or an estimate below
 * gm_solve_rcond_floor (cls) (128 eps of the class, 256 times Octave's threshold: the device's
 * estimate of an ill-conditioned matrix may differ from LAPACK's, never by that factor in
 * practice) computes nothing and says so in the report; the gateway then calls Octave's own
 * function on the host, which gives Octave's warning and result exactly. */
typedef enum {
  GM_MATRIX_FULL = 0, GM_MATRIX_UPPER, GM_MATRIX_LOWER, GM_MATRIX_HERMITIAN
} gm_matrix_type;
typedef enum {
  GM_SOLVE_DONE = 0,          /* the result is computed                                        */
  GM_SOLVE_NONFINITE,         /* an input holds NaN or Inf (gm_det: or the 1-norm of A
                                 overflows the class): nothing computed                        */
  GM_SOLVE_SINGULAR,          /* getrf found an exact zero pivot: nothing computed (gm_det: 0)  */
  GM_SOLVE_ILL_CONDITIONED    /* rcond below gm_solve_rcond_floor: nothing computed             */
} gm_solve_outcome;
typedef struct {
  gm_solve_outcome outcome;
  gm_matrix_type type;        /* the probe's answer                                            */
  gm_matrix_type factored;    /* what computed the result: UPPER/LOWER trsm or trtri,
                                 HERMITIAN Cholesky, FULL LU                                   */
  int chol_failed;            /* HERMITIAN by the probe, potrf refused it: LU instead          */
  int64_t info;               /* getrf's or potrf's info (first zero pivot / failing minor)    */
  double rcond;               /* the estimate of the factorization used (0 when none)          */
} gm_solve_report;

/* Loads cuBLAS and cuSOLVER (dlopen of libcublas.so.<major> and libcusolver.so.<major> of the
 * toolkit gpumat was built with) if they are not loaded yet: they are not linked, so that
 * loading gpumat does not load them (220-320 ms of every `pkg load` on the H200's host).  When
 * they cannot be loaded: GM_ERR_CUDA, gm_error_detail () naming the library, why, and what to
 * install.  Every function below that factors or solves calls it; the gateway calls it first
 * to raise its own error (gpumat:solve:noCusolver).  The probe, gm_any_nonfinite and gm_norm1
 * do not need it. */
gm_status gm_solver_library (void);
/* Octave's matrix_type of a full n x n matrix, and whether an element is NaN or Inf. */
gm_status gm_matrix_probe (gm_class cls, int64_t n, const void *d_A, gm_matrix_type *type,
                           int *nonfinite);
/* 1 in *h_any when one of count elements (both parts of a complex one) is NaN or Inf. */
gm_status gm_any_nonfinite (gm_class cls, int64_t count, const void *d_x, int *h_any);
/* max over columns of sum |A(:, j)| of an m x n matrix (Octave's norm1; 0 for no columns). */
gm_status gm_norm1 (gm_class cls, int64_t m, int64_t n, const void *d_A, double *h_norm);
/* Below this reciprocal condition estimate the solvers leave the answer to the host (above). */
double gm_solve_rcond_floor (gm_class cls);

/* X = op(A) \ B for an n x n A and an n x nrhs B (d_X n x nrhs; A and B are not written):
 * op GM_OP_NONE, GM_OP_TRANSPOSE (B / A is (A.' \ B.').', as Octave's xdiv computes it) or
 * GM_OP_CTRANSPOSE.  a_cls and b_cls have one precision; a complex A needs a complex B (the
 * caller converts a real one); a real A with a complex B solves the real and imaginary parts
 * as one real system with 2 nrhs columns, as Octave does; X has b_cls.  Triangular op(A) is
 * solved with the op flag and A's own estimate (xTRTRS, xTRCON); otherwise op(A) is formed
 * and probed as A was. */
gm_status gm_solve (gm_class a_cls, gm_class b_cls, gm_op op, int64_t n, int64_t nrhs,
                    const void *d_A, const void *d_B, void *d_X, gm_solve_report *report);
/* X = inv (A), n >= 1, as Octave's Matrix::inverse: trtri, potrf + potri (mirrored to exact
 * Hermitian symmetry), or getrf + getrs against the identity.  report->rcond is the estimate
 * inv returns as its second output. */
gm_status gm_inverse (gm_class cls, int64_t n, const void *d_A, void *d_X,
                      gm_solve_report *report);
/* det (A), n >= 1, as Octave's Matrix::determinant: the product of the diagonal (triangular:
 * rcond 0, as Octave's), of the Cholesky factor's squared, or of the LU factor's with a sign a
 * row swap; a zero pivot gives 0 with rcond 0 (outcome GM_SOLVE_SINGULAR).  Multiplied in the
 * class's precision and scaled by powers of two as Octave's DET class does, so no intermediate
 * overflows; the value is the coefficient times 2^e rounded to the class (DET::value), so a
 * single determinant of 2^128 or more is Inf, as Octave's.  *det_im is 0 for a real class. */
gm_status gm_det (gm_class cls, int64_t n, const void *d_A, double *det_re, double *det_im,
                  gm_solve_report *report);
/* LU with partial pivoting of an m x n A: d_Y (m x n) = getrf's packed factors (Octave's
 * one-output lu), h_perm[0 .. m-1] the 0-based row permutation with A(perm, :) = L * U.
 * report->info: getrf's (lu does not warn). */
gm_status gm_lu (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_Y,
                 int64_t *h_perm, gm_solve_report *report);
/* The factors of gm_lu's Y (k = min (m, n)): d_L (m x k, unit lower triangular, its rows moved
 * to perm's places when permute_l: P' * L, Octave's two-output form), d_U (k x n, upper
 * triangular), d_P (m x m double with P(i, perm(i)) = 1, or NULL).  Queued. */
gm_status gm_lu_factors (gm_class cls, int64_t m, int64_t n, const void *d_Y,
                         const int64_t *h_perm, int permute_l, void *d_L, void *d_U,
                         double *d_P);
/* Cholesky of an n x n A from its upper (upper 1: R' * R = A) or lower (L * L' = A) triangle,
 * the other triangle of the result zero.  report->info = potrf's first failing minor p, 0
 * when A is positive definite; then d_R holds the factor of A(1:p-1, 1:p-1), (p-1) x (p-1) with
 * leading dimension p - 1, as Octave's [R, p] = chol (A) returns it. */
gm_status gm_chol (gm_class cls, int upper, int64_t n, const void *d_A, void *d_R,
                   gm_solve_report *report);

/* ---- eigenvalues, singular values and QR (kernels/eig_svd.cu): cuSOLVER, loaded as above -- */
/* Full double, single, complex double and complex single matrices on the current device
 * (column-major, leading dimension = rows); A is not written.  Each call waits for the
 * routine's info and frees its workspaces.  *info is the routine's info (0: done; > 0: it did
 * not converge, and the outputs are not to be used: the gateway then calls Octave's own
 * function on the host).  Inputs holding NaN or Inf are the caller's to keep away (Octave's
 * eig and svd refuse them with their own errors).  An empty A computes and writes nothing (the
 * gateway leaves empty matrices to Octave's own functions).  Errors of the library:
 * GM_ERR_CUDA with the routine and cuSOLVER's status name in gm_error_detail (). */
/* 1 in *h_hermitian when the n x n A is exactly Hermitian as Octave's eig tests it
 * (ComplexMatrix::ishermitian, Matrix::issymmetric): A(i,j) == conj (A(j,i)) for all i, j (so
 * a complex diagonal is real, and NaN makes it not Hermitian); 0 for n == 0, as Octave. */
gm_status gm_is_hermitian (gm_class cls, int64_t n, const void *d_A, int *h_hermitian);
/* eig of a Hermitian n x n A (cusolverDnXsyevd, from the upper triangle): d_W the n real
 * eigenvalues (the class's real type) in ascending order, as LAPACK's xSYEV/xHEEV give them to
 * Octave; d_V (n x n, A's class; NULL for the values only) the orthonormal eigenvectors,
 * column j for value j. */
gm_status gm_eig_hermitian (gm_class cls, int64_t n, const void *d_A, void *d_W, void *d_V,
                            int64_t *info);
/* eig of a general n x n A (cusolverDnXgeev, right eigenvectors; cuSOLVER 11.7, CUDA 12.6, or
 * newer): d_W the n eigenvalues as complex numbers of A's precision (gm_class_complex of A's
 * real class), d_V (n x n, that complex class; NULL for the values only) the eigenvectors,
 * column j for value j, each of unit 2-norm with its largest component real, as LAPACK's xGEEV
 * gives them (a real A's conjugate pairs expanded from LAPACK's packed real columns).  The
 * order is cuSOLVER's (Octave does not sort eig's values; LAPACK's order may differ).
 * Only where gm_has_eig_general () (else GM_ERR_INVALID_ARGUMENT). */
gm_status gm_eig_general (gm_class cls, int64_t n, const void *d_A, void *d_W, void *d_V,
                          int64_t *info);
/* 1 when the cuSOLVER gpumat was built with has Xgeev (gm_eig_general runs), else 0. */
int gm_has_eig_general (void);
/* svd of an m x n A (cusolverDnXgesvd, through A' when m < n), k = min (m, n): d_S the k
 * singular values (the class's real type) in descending order; with d_U and d_V (both or
 * neither; A's class) A = U * S * V': full (econ 0) U m x m and V n x n, economy (econ 1) U
 * m x k and V n x k. */
gm_status gm_svd (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_S, void *d_U,
                  void *d_V, int econ, int64_t *info);
/* QR of an m x n A (cusolverDnXgeqrf, then orgqr / ungqr), k = min (m, n).  With d_Q: A = Q R,
 * Q (A's class) m x m (econ 0) or m x k (econ 1), orthonormal columns; d_R the upper triangular
 * R, m x n or k x n, as Octave's [Q, R] = qr (A) and qr (A, 0).  d_Q NULL: d_R (m x n) is what
 * Octave's one-output qr (A) returns for a full A: geqrf's factors (R = triu of it) with each
 * reflector below the diagonal multiplied by its tau (liboctave's qr<T>::form, type raw). */
gm_status gm_qr (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_Q, void *d_R,
                 int econ, int64_t *info);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_LINALG_H */
