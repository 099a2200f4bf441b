/* tri_solve_checks.h: gm_tri_solve_* (kernels/tri_solve.cu) against substitution on the host in
 * long double.  Included by tests/test_solve.cu (on the GPU) and by
 * tests/cpu-standin/run_tri_solve.sh's program (the same kernels on CPU threads).
 *
 * For double and single, upper and lower, op none and transpose, unit and non-unit diagonal,
 * n = 1, 2, 63, 64, 65, 127, 1000, 4097 (quick: up to 321; race: 1, 65, 321, double), with
 * lda = n and lda = n + 5 (n <= 130), NaN in the unused triangle, on a unit diagonal and in the
 * rows past n: x within 16 n eps (max norm, relative) of the reference, on matrices of condition
 * number below 10 (off-diagonal entries below 1/n, diagonal 1 to 1.5 in modulus, either sign: the
 * inverse's entries off the diagonal are below e/n), so that the bound is the solver's error and
 * not the problem's; the same bits from a second
 * call with the same workspace (the flags reset) and from gm_tri_solve_vector; argument errors.
 * One summary line a class: cases and the worst error against its bound.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_TRI_SOLVE_CHECKS_H
#define GPUMAT_TRI_SOLVE_CHECKS_H

#include <cmath>
#include <cstring>
#include <vector>
#include "solver_test_util.h"
#include "tri_solve.h"

/* op(T) x = b by substitution in long double, reading T's triangle only (unit: diagonal 1). */
static std::vector<long double> tri_reference (const mat &T, int64_t n, int64_t lda, bool upper,
                                               bool trans, bool unit, const mat &b)
{
  auto S = [&] (int64_t i, int64_t j) {         /* op(T)(i, j) */
    return (long double) (trans ? T[j + i * lda] : T[i + j * lda]).real ();
  };
  const bool lower = upper == trans;            /* op(T) lower triangular */
  std::vector<long double> x ((size_t) n);
  for (int64_t q = 0; q < n; q++) {
    const int64_t i = lower ? q : n - 1 - q;
    long double s = b[i].real ();
    for (int64_t p = 0; p < q; p++) {
      const int64_t j = lower ? p : n - 1 - p;
      s -= S (i, j) * x[j];
    }
    x[i] = unit ? s : s / S (i, i);
  }
  return x;
}

/* Every solve of one n and lda in class c; the worst error relative to its bound in *worst. */
static void tri_check_size (gm_class c, int64_t n, int64_t lda, double *worst, int *cases)
{
  const double eps = eps_of (c), bound = 16.0 * n * eps;
  mat A ((size_t) (lda * n)), b ((size_t) n);
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < lda; i++) {
      const double u = tu_uniform ();
      const double v = i == j ? (u < 0 ? -1 : 1) * (1 + 0.5 * fabs (u)) : u / (double) n;
      A[i + j * lda] = fit (c, cd (v, 0));
    }
  for (int64_t i = 0; i < n; i++)
    b[i] = fit (c, cd (tu_uniform (), 0));
  for (int upper = 0; upper < 2; upper++)
    for (int unit = 0; unit < 2; unit++) {
      mat T = A;
      for (int64_t j = 0; j < n; j++)
        for (int64_t i = 0; i < lda; i++)
          if (i >= n || (upper ? i > j : i < j) || (unit && i == j))
            T[i + j * lda] = cd (NAN, 0);
      void *d_T = upload (c, T), *d_work = NULL;
      size_t bytes = 0;
      TU_GM (gm_tri_solve_work_bytes (c, n, &bytes));
      TU_CUDA (cudaMalloc (&d_work, bytes));
      TU_GM (gm_tri_solve_prepare (c, upper, unit, n, d_T, lda, d_work));
      for (int trans = 0; trans < 2; trans++) {
        const gm_op op = trans ? GM_OP_TRANSPOSE : GM_OP_NONE;
        mat x[3];
        for (int run = 0; run < 3; run++) {
          void *d_x = upload (c, b);
          if (run < 2)
            TU_GM (gm_tri_solve_apply (c, upper, op, n, d_T, lda, d_work, d_x));
          else
            TU_GM (gm_tri_solve_vector (c, upper, op, unit, n, d_T, lda, d_x));
          TU_CUDA (cudaDeviceSynchronize ());
          x[run] = download (c, d_x, (size_t) n);
          TU_CUDA (cudaFree (d_x));
        }
        const std::vector<long double> ref = tri_reference (T, n, lda, upper, trans, unit, b);
        long double err = 0, big = 0;
        bool finite = true;
        for (int64_t i = 0; i < n; i++) {
          finite = finite && std::isfinite (x[0][i].real ());
          err = std::max (err, fabsl ((long double) x[0][i].real () - ref[i]));
          big = std::max (big, fabsl (ref[i]));
        }
        const double rel = finite ? (double) (err / big) : INFINITY;
        bool same = true;
        for (int64_t i = 0; i < n; i++)
          same = same && !memcmp (&x[0][i], &x[1][i], sizeof (cd))
                 && !memcmp (&x[0][i], &x[2][i], sizeof (cd));
        tu_result (rel <= bound && same,
                   "tri_solve %s n=%lld lda=%lld %s %s %s: relative error %.3g (bound %.3g), "
                   "same bits in three calls: %s", gm_class_name (c), (long long) n,
                   (long long) lda, upper ? "upper" : "lower", trans ? "T" : "N",
                   unit ? "unit" : "non-unit", rel, bound, same ? "yes" : "NO");
        *worst = std::max (*worst, rel / bound);
        ++*cases;
      }
      TU_CUDA (cudaFree (d_work));
      TU_CUDA (cudaFree (d_T));
    }
}

static void tri_check_errors (void)
{
  size_t bytes = 1;
  double v = 1;
  tu_result (gm_tri_solve_work_bytes (GM_COMPLEX_DOUBLE, 4, &bytes) == GM_ERR_INVALID_ARGUMENT
             && bytes == 0, "tri_solve refuses complex double");
  tu_result (gm_tri_solve_vector (GM_INT32, 1, GM_OP_NONE, 0, 1, &v, 1, &v)
             == GM_ERR_INVALID_ARGUMENT, "tri_solve refuses int32");
  tu_result (gm_tri_solve_vector (GM_DOUBLE, 1, GM_OP_NONE, 0, 3, &v, 2, &v)
             == GM_ERR_INVALID_ARGUMENT, "tri_solve refuses lda < n");
  tu_result (gm_tri_solve_vector (GM_DOUBLE, 1, GM_OP_NONE, 0, -1, &v, 1, &v)
             == GM_ERR_INVALID_ARGUMENT, "tri_solve refuses n < 0");
  tu_result (gm_tri_solve_apply (GM_DOUBLE, 1, GM_OP_NONE, 2, NULL, 2, &v, &v)
             == GM_ERR_INVALID_ARGUMENT, "tri_solve refuses no matrix");
  tu_result (gm_tri_solve_apply (GM_DOUBLE, 1, (gm_op) 7, 2, &v, 2, &v, &v)
             == GM_ERR_INVALID_ARGUMENT, "tri_solve refuses op 7");
  tu_result (gm_tri_solve_vector (GM_SINGLE, 0, GM_OP_TRANSPOSE, 1, 0, NULL, 1, NULL) == GM_OK,
             "tri_solve of order 0 does nothing");
}

/* quick: n up to 321; race: racecheck's set (1, 65, 321, double).  321 is six blocks: a block
   waits for several earlier ones, so the flag scan that takes every finished block at once
   runs (130, three blocks, waits for two at most). */
static void test_tri_solve (int quick, int race)
{
  tri_check_errors ();
  const std::vector<int64_t> sizes = race    ? std::vector<int64_t> {1, 65, 321}
                                     : quick ? std::vector<int64_t> {1, 2, 63, 64, 65, 127, 130, 321}
                                             : std::vector<int64_t> {1, 2, 63, 64, 65, 127, 1000, 4097};
  for (gm_class c : {GM_DOUBLE, GM_SINGLE}) {
    if (race && c == GM_SINGLE)
      continue;
    double worst = 0;
    int cases = 0;
    for (int64_t n : sizes) {
      tri_check_size (c, n, n, &worst, &cases);
      if (n <= 130)
        tri_check_size (c, n, n + 5, &worst, &cases);
    }
    printf ("tri_solve %s: %d solves against long double substitution, worst error %.3g of "
            "its bound (16 n eps)\n", gm_class_name (c), cases, worst);
  }
}

#endif
