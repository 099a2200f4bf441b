/* bench_linalg.cu: the dense linear algebra and FFT libraries alone on device memory, beside
 * gpumat's own C API for the same operation, in one run (issue 32, `make bench-linalg`).
 *
 * For each case the same device arrays go through (a) the library call alone, as a program
 * that linked cuSOLVER / cuFFT would make it: the 64-bit API the package uses (cusolverDnX*),
 * workspaces allocated once before timing, A copied into a scratch matrix first (the routines
 * overwrite it; any caller that keeps A pays that copy), (b) the legacy 32-bit API
 * (cusolverDnD*), for reference, and (c) gpumat's C function (gm_solve, gm_chol,
 * gm_eig_hermitian, gm_svd, gm_fft: everything the package does around the routine, its probe,
 * condition estimate, allocations and waits included).  Cases, double precision:
 *   solve   getrf + getrs, n = 1024 .. 8192, one right-hand side  | gm_solve (full matrix: LU)
 *   posv    potrf + potrs, n = 1024 .. 8192, one right-hand side  | gm_solve (SPD: Cholesky)
 *   potrf   potrf alone, n = 1024 .. 8192                          | gm_chol (upper)
 *   syevd   eigenvalues only, and with vectors, of a symmetric n, 1024 .. 4096 | gm_eig_hermitian
 *   gesvd   singular values only, and U, S, V ('A', 'A'), 1024 .. 4096 | gm_svd
 *   fft     cufftExecZ2Z out of place, 2^20 and 2^24 points (plan made before timing) | gm_fft
 *   tri-solve  the condition estimate's solves with getrf's factors of a general A, one vector,
 *           n = 1024 .. 8192: cublasDtrsv with L then U (kase 1) and U' then L' (kase 2) |
 *           gm_tri_solve_apply (kernels/tri_solve.cu) likewise, its diagonal inverses prepared
 *           before timing; a line of its own times that preparation (both triangles)
 *   solve's parts, gpumat alone on the same factors: the checks before factoring (NaN in b,
 *           the type probe, the 1-norm) and the whole condition estimate (gm_solver::condition)
 * Results are compared (library against gpumat) before anything is timed.  Competitors take
 * turns, rep after rep (bench_util.h says why), after one warm-up call each; each figure is the
 * median of the reps, timed with CUDA events on the legacy stream (the calls that wait inside
 * are timed with their waits).  Prints a table and, per case, a line
 *   csv,<case>,<n>,<library ms>,<legacy ms or nan>,<gpumat ms>,<gpumat / library>
 *
 *   bench_linalg [--quick] [--reps=R] [--solves]
 *     --quick: n = 1024 and 2^20 only, 3 reps; --solves: the solves and the estimate's parts only
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <functional>
#include <vector>
#include <cublas_v2.h>
#include <cufft.h>
#include <cusolverDn.h>
#include "bench_util.h"
#include "solve_internal.h"
#include "tri_solve.h"

#define TU_CUSOLVER(call)                                                                    \
  do {                                                                                       \
    cusolverStatus_t tu_sol_st_ = (call);                                                    \
    if (tu_sol_st_ != CUSOLVER_STATUS_SUCCESS) {                                             \
      fprintf (stderr, "%s:%d: %s: cuSOLVER status %d\n", __FILE__, __LINE__, #call,         \
               (int) tu_sol_st_);                                                            \
      exit (2);                                                                              \
    }                                                                                        \
  } while (0)
#define TU_CUFFT(call)                                                                       \
  do {                                                                                       \
    cufftResult tu_fft_st_ = (call);                                                         \
    if (tu_fft_st_ != CUFFT_SUCCESS) {                                                       \
      fprintf (stderr, "%s:%d: %s: cuFFT result %d\n", __FILE__, __LINE__, #call,            \
               (int) tu_fft_st_);                                                            \
      exit (2);                                                                              \
    }                                                                                        \
  } while (0)

static cudaEvent_t e0, e1;
static cusolverDnHandle_t dn;
static cusolverDnParams_t params;
static int reps_override, quick, mismatches;

/* Medians of the competitors (empty ones skipped: NaN), taking turns after one warm-up each. */
static std::vector<double> time_turns (std::vector<std::function<void ()>> runs, int reps)
{
  for (auto &run : runs)
    if (run)
      run ();
  std::vector<std::vector<float>> t (runs.size ());
  for (int r = 0; r < reps; r++)
    for (size_t k = 0; k < runs.size (); k++) {
      if (!runs[k])
        continue;
      float ms = 0;
      TU_CUDA (cudaEventRecord (e0));
      runs[k] ();
      TU_CUDA (cudaEventRecord (e1));
      TU_CUDA (cudaEventSynchronize (e1));
      TU_CUDA (cudaEventElapsedTime (&ms, e0, e1));
      t[k].push_back (ms);
    }
  std::vector<double> med;
  for (auto &v : t) {
    if (v.empty ()) {
      med.push_back (NAN);
      continue;
    }
    std::sort (v.begin (), v.end ());
    size_t n = v.size ();
    med.push_back (n % 2 ? v[n / 2] : 0.5 * ((double) v[n / 2 - 1] + v[n / 2]));
  }
  return med;
}

static int reps_for (int64_t n, int large)
{
  if (reps_override > 0)
    return reps_override;
  if (quick)
    return 3;
  return n <= 2048 ? 11 : n <= 4096 ? (large ? 3 : 7) : 5;
}

static void report (const char *name, int64_t n, const std::vector<double> &ms)
{
  printf ("%-22s %9lld %12.3f %12.3f %12.3f %8.3f\n", name, (long long) n, ms[0], ms[1], ms[2],
          ms[2] / ms[0]);
  printf ("csv,%s,%lld,%.4f,%.4f,%.4f,%.4f\n", name, (long long) n, ms[0], ms[1], ms[2],
          ms[2] / ms[0]);
  fflush (stdout);
}

/* max |x - y| / max |y| over count doubles on the device; a mismatch is counted and printed. */
static void compare (const char *what, int64_t n, const void *d_x, const void *d_y, size_t count,
                     double tol)
{
  std::vector<double> x (count), y (count);
  TU_CUDA (cudaMemcpy (x.data (), d_x, count * sizeof (double), cudaMemcpyDeviceToHost));
  TU_CUDA (cudaMemcpy (y.data (), d_y, count * sizeof (double), cudaMemcpyDeviceToHost));
  double diff = 0, scale = 0;
  for (size_t i = 0; i < count; i++) {
    diff = fmax (diff, fabs (x[i] - y[i]));
    scale = fmax (scale, fabs (y[i]));
  }
  if (!(diff <= tol * fmax (scale, 1e-300))) {
    printf ("MISMATCH: %s n=%lld: max |gpumat - library| = %g, max |library| = %g\n", what,
            (long long) n, diff, scale);
    mismatches++;
  }
}

/* n x n double in [-1, 1): general, symmetric, or symmetric with n added on the diagonal
   (diagonally dominant, so positive definite). */
enum shape { GENERAL, SYMMETRIC, SPD };
static double *make_matrix (int64_t n, shape s)
{
  std::vector<double> h ((size_t) (n * n));
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < n; i++)
      if (s == GENERAL || i >= j)
        h[i + j * n] = tu_uniform ();
      else
        h[i + j * n] = h[j + i * n];
  if (s == SPD)
    for (int64_t i = 0; i < n; i++)
      h[i + i * n] += (double) n;
  double *d;
  TU_GM (gm_device_alloc ((void **) &d, h.size () * sizeof (double)));
  TU_CUDA (cudaMemcpy (d, h.data (), h.size () * sizeof (double), cudaMemcpyHostToDevice));
  return d;
}

static void *dev (size_t bytes)
{
  void *d = NULL;
  TU_GM (gm_device_alloc (&d, bytes ? bytes : 1));
  return d;
}

static void copy (void *dst, const void *src, size_t bytes)
{
  TU_CUDA (cudaMemcpyAsync (dst, src, bytes, cudaMemcpyDeviceToDevice, 0));
}

static void check_report (const char *what, const gm_solve_report &r)
{
  if (r.outcome != GM_SOLVE_DONE) {
    printf ("MISMATCH: %s: gpumat computed nothing (outcome %d, rcond %g)\n", what,
            (int) r.outcome, r.rcond);
    mismatches++;
  }
}

/* ---- solves: getrf + getrs (general A) and potrf + potrs (SPD A), one right-hand side ---- */
static void bench_solve (int64_t n, int spd)
{
  const size_t nn = (size_t) (n * n) * sizeof (double), nb = (size_t) n * sizeof (double);
  double *A = make_matrix (n, spd ? SPD : GENERAL);
  std::vector<double> hb ((size_t) n);
  for (auto &v : hb)
    v = tu_uniform ();
  double *b = (double *) dev (nb), *x_lib = (double *) dev (nb), *x_old = (double *) dev (nb),
         *x_gm = (double *) dev (nb), *W = (double *) dev (nn);
  TU_CUDA (cudaMemcpy (b, hb.data (), nb, cudaMemcpyHostToDevice));
  int64_t *ipiv64 = (int64_t *) dev ((size_t) n * sizeof (int64_t));
  int *ipiv32 = (int *) dev ((size_t) n * sizeof (int)), *info = (int *) dev (sizeof (int));
  const cublasFillMode_t up = CUBLAS_FILL_MODE_UPPER;
  size_t dbytes = 0, hbytes = 0;
  int lwork = 0;
  if (spd) {
    TU_CUSOLVER (cusolverDnXpotrf_bufferSize (dn, params, up, n, CUDA_R_64F, W, n, CUDA_R_64F,
                                              &dbytes, &hbytes));
    TU_CUSOLVER (cusolverDnDpotrf_bufferSize (dn, up, (int) n, W, (int) n, &lwork));
  } else {
    TU_CUSOLVER (cusolverDnXgetrf_bufferSize (dn, params, n, n, CUDA_R_64F, W, n, CUDA_R_64F,
                                              &dbytes, &hbytes));
    TU_CUSOLVER (cusolverDnDgetrf_bufferSize (dn, (int) n, (int) n, W, (int) n, &lwork));
  }
  void *dwork = dev (dbytes);
  double *work32 = (double *) dev ((size_t) lwork * sizeof (double));
  std::vector<char> hwork (hbytes + 1);
  auto lib = [&] () {
    copy (W, A, nn);
    copy (x_lib, b, nb);
    if (spd) {
      TU_CUSOLVER (cusolverDnXpotrf (dn, params, up, n, CUDA_R_64F, W, n, CUDA_R_64F, dwork,
                                     dbytes, hwork.data (), hbytes, info));
      TU_CUSOLVER (cusolverDnXpotrs (dn, params, up, n, 1, CUDA_R_64F, W, n, CUDA_R_64F, x_lib,
                                     n, info));
    } else {
      TU_CUSOLVER (cusolverDnXgetrf (dn, params, n, n, CUDA_R_64F, W, n, ipiv64, CUDA_R_64F,
                                     dwork, dbytes, hwork.data (), hbytes, info));
      TU_CUSOLVER (cusolverDnXgetrs (dn, params, CUBLAS_OP_N, n, 1, CUDA_R_64F, W, n, ipiv64,
                                     CUDA_R_64F, x_lib, n, info));
    }
  };
  auto legacy = [&] () {
    copy (W, A, nn);
    copy (x_old, b, nb);
    if (spd) {
      TU_CUSOLVER (cusolverDnDpotrf (dn, up, (int) n, W, (int) n, work32, lwork, info));
      TU_CUSOLVER (cusolverDnDpotrs (dn, up, (int) n, 1, W, (int) n, x_old, (int) n, info));
    } else {
      TU_CUSOLVER (cusolverDnDgetrf (dn, (int) n, (int) n, W, (int) n, work32, ipiv32, info));
      TU_CUSOLVER (cusolverDnDgetrs (dn, CUBLAS_OP_N, (int) n, 1, W, (int) n, ipiv32, x_old,
                                     (int) n, info));
    }
  };
  gm_solve_report rep;
  auto gm = [&] () {
    TU_GM (gm_solve (GM_DOUBLE, GM_DOUBLE, GM_OP_NONE, n, 1, A, b, x_gm, &rep));
  };
  lib ();
  legacy ();
  gm ();
  TU_CUDA (cudaDeviceSynchronize ());
  const char *name = spd ? "posv potrf+potrs" : "solve getrf+getrs";
  check_report (name, rep);
  if (rep.factored != (spd ? GM_MATRIX_HERMITIAN : GM_MATRIX_FULL)) {
    printf ("MISMATCH: %s n=%lld: gpumat factored the matrix as type %d\n", name, (long long) n,
            (int) rep.factored);
    mismatches++;
  }
  compare (name, n, x_gm, x_lib, (size_t) n, 1e-8);
  compare (name, n, x_old, x_lib, (size_t) n, 1e-8);
  report (name, n, time_turns ({lib, legacy, gm}, reps_for (n, 0)));
  for (void *p : {(void *) A, (void *) b, (void *) x_lib, (void *) x_old, (void *) x_gm, (void *) W,
                  (void *) ipiv64, (void *) ipiv32, (void *) info, dwork, (void *) work32})
    gm_device_free (p);
}

/* ---- the estimate's triangular solves: cuBLAS trsv against gm_tri_solve_apply ------------ */
static void bench_tri_solve (int64_t n)
{
  const size_t nb = (size_t) n * sizeof (double);
  double *W = make_matrix (n, GENERAL);
  int64_t *ipiv = (int64_t *) dev ((size_t) n * sizeof (int64_t));
  int *info = (int *) dev (sizeof (int));
  size_t dbytes = 0, hbytes = 0, wbytes = 0;
  TU_CUSOLVER (cusolverDnXgetrf_bufferSize (dn, params, n, n, CUDA_R_64F, W, n, CUDA_R_64F,
                                            &dbytes, &hbytes));
  void *dwork = dev (dbytes);
  std::vector<char> hwork (hbytes + 1);
  TU_CUSOLVER (cusolverDnXgetrf (dn, params, n, n, CUDA_R_64F, W, n, ipiv, CUDA_R_64F, dwork,
                                 dbytes, hwork.data (), hbytes, info));
  std::vector<double> hb ((size_t) n);
  for (auto &v : hb)
    v = tu_uniform ();
  double *b = (double *) dev (nb), *x_lib = (double *) dev (nb), *x_gm = (double *) dev (nb);
  TU_CUDA (cudaMemcpy (b, hb.data (), nb, cudaMemcpyHostToDevice));
  TU_GM (gm_tri_solve_work_bytes (GM_DOUBLE, n, &wbytes));
  void *work_l = dev (wbytes), *work_u = dev (wbytes);
  cublasHandle_t blas;
  if (cublasCreate (&blas) != CUBLAS_STATUS_SUCCESS
      || cublasSetStream (blas, 0) != CUBLAS_STATUS_SUCCESS) {
    fprintf (stderr, "bench_linalg: cublasCreate failed\n");
    exit (2);
  }
  const cublasFillMode_t lo = CUBLAS_FILL_MODE_LOWER, up = CUBLAS_FILL_MODE_UPPER;
  const cublasDiagType_t unit = CUBLAS_DIAG_UNIT, non = CUBLAS_DIAG_NON_UNIT;
  auto prepare = [&] () {
    TU_GM (gm_tri_solve_prepare (GM_DOUBLE, 0, 1, n, W, n, work_l));
    TU_GM (gm_tri_solve_prepare (GM_DOUBLE, 1, 0, n, W, n, work_u));
  };
  prepare ();
  for (int kase = 1; kase <= 2; kase++) {
    const cublasOperation_t op = kase == 1 ? CUBLAS_OP_N : CUBLAS_OP_T;
    const gm_op gop = kase == 1 ? GM_OP_NONE : GM_OP_TRANSPOSE;
    auto lib = [&] () {
      copy (x_lib, b, nb);
      /* kase 1: L (unit) then U; kase 2: U' then L' (unit) */
      const bool one = kase == 1;
      if (cublasDtrsv (blas, one ? lo : up, op, one ? unit : non, (int) n, W, (int) n, x_lib, 1)
              != CUBLAS_STATUS_SUCCESS
          || cublasDtrsv (blas, one ? up : lo, op, one ? non : unit, (int) n, W, (int) n, x_lib, 1)
              != CUBLAS_STATUS_SUCCESS) {
        fprintf (stderr, "bench_linalg: cublasDtrsv failed\n");
        exit (2);
      }
    };
    auto gm = [&] () {
      copy (x_gm, b, nb);
      TU_GM (gm_tri_solve_apply (GM_DOUBLE, kase == 1 ? 0 : 1, gop, n, W, n,
                                 kase == 1 ? work_l : work_u, x_gm));
      TU_GM (gm_tri_solve_apply (GM_DOUBLE, kase == 1 ? 1 : 0, gop, n, W, n,
                                 kase == 1 ? work_u : work_l, x_gm));
    };
    lib ();
    gm ();
    TU_CUDA (cudaDeviceSynchronize ());
    const char *name = kase == 1 ? "tri-solve L,U (trsv)" : "tri-solve U',L' (trsv)";
    /* U of a random A has a condition number of about n: block inverses and substitution
       differ by about that many eps */
    compare (name, n, x_gm, x_lib, (size_t) n, 1e-6);
    report (name, n, time_turns ({lib, nullptr, gm}, quick ? 5 : 21));
  }
  auto alone = [&] (const char *name, std::function<void ()> f) {
    const double ms = time_turns ({nullptr, nullptr, f}, quick ? 3 : 11)[2];
    printf ("%-22s %9lld %12s %12s %12.3f\n", name, (long long) n, "", "", ms);
    printf ("csv,%s,%lld,nan,nan,%.4f,nan\n", name, (long long) n, ms);
  };
  alone ("tri-solve prepare L+U", prepare);
  /* what gm_solve adds to getrf + getrs besides the copies: the checks before the factoring
     (NaN in b, the probe of A, its 1-norm) and the condition estimate on the factors */
  gm_solver::solver_handles *h;
  TU_GM (gm_solver::get_handles (&h));
  alone ("solve: NaN, probe, norm", [&] () {
    gm_matrix_type type;
    int any = 0;
    double anorm = 0;
    TU_GM (gm_any_nonfinite (GM_DOUBLE, n, b, &any));
    TU_GM (gm_solver::probe_type (GM_DOUBLE, n, W, &type));
    TU_GM (gm_norm1 (GM_DOUBLE, n, n, W, &anorm));
  });
  double rcond = 0;
  alone ("solve: estimate (LU)", [&] () {
    TU_GM (gm_solver::condition (h, GM_DOUBLE, gm_solver::LU_FACTORS, n, W, 1.0, &rcond));
  });
  cublasDestroy (blas);
  for (void *p : {(void *) W, (void *) ipiv, (void *) info, dwork, (void *) b, (void *) x_lib,
                  (void *) x_gm, work_l, work_u})
    gm_device_free (p);
}

/* ---- Cholesky factor alone: potrf against gm_chol (upper, lower triangle zeroed) ---------- */
static void bench_potrf (int64_t n)
{
  const size_t nn = (size_t) (n * n) * sizeof (double);
  double *A = make_matrix (n, SPD), *W = (double *) dev (nn), *R = (double *) dev (nn);
  int *info = (int *) dev (sizeof (int));
  const cublasFillMode_t up = CUBLAS_FILL_MODE_UPPER;
  size_t dbytes = 0, hbytes = 0;
  int lwork = 0;
  TU_CUSOLVER (cusolverDnXpotrf_bufferSize (dn, params, up, n, CUDA_R_64F, W, n, CUDA_R_64F,
                                            &dbytes, &hbytes));
  TU_CUSOLVER (cusolverDnDpotrf_bufferSize (dn, up, (int) n, W, (int) n, &lwork));
  void *dwork = dev (dbytes);
  double *work32 = (double *) dev ((size_t) lwork * sizeof (double));
  std::vector<char> hwork (hbytes + 1);
  auto lib = [&] () {
    copy (W, A, nn);
    TU_CUSOLVER (cusolverDnXpotrf (dn, params, up, n, CUDA_R_64F, W, n, CUDA_R_64F, dwork, dbytes,
                                   hwork.data (), hbytes, info));
  };
  auto legacy = [&] () {
    copy (W, A, nn);
    TU_CUSOLVER (cusolverDnDpotrf (dn, up, (int) n, W, (int) n, work32, lwork, info));
  };
  gm_solve_report rep;
  auto gm = [&] () { TU_GM (gm_chol (GM_DOUBLE, 1, n, A, R, &rep)); };
  gm ();
  lib ();
  TU_CUDA (cudaDeviceSynchronize ());
  if (rep.info != 0) {
    printf ("MISMATCH: potrf n=%lld: gm_chol says not positive definite (%lld)\n", (long long) n,
            (long long) rep.info);
    mismatches++;
  }
  /* the upper triangles agree (gm_chol zeroes the lower one; W's holds A's) */
  std::vector<double> r ((size_t) (n * n)), w ((size_t) (n * n));
  TU_CUDA (cudaMemcpy (r.data (), R, nn, cudaMemcpyDeviceToHost));
  TU_CUDA (cudaMemcpy (w.data (), W, nn, cudaMemcpyDeviceToHost));
  double diff = 0, scale = 0;
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i <= j; i++) {
      diff = fmax (diff, fabs (r[i + j * n] - w[i + j * n]));
      scale = fmax (scale, fabs (w[i + j * n]));
    }
  if (!(diff <= 1e-10 * scale)) {
    printf ("MISMATCH: potrf n=%lld: max |gpumat - library| = %g of %g\n", (long long) n, diff,
            scale);
    mismatches++;
  }
  report ("chol potrf", n, time_turns ({lib, legacy, gm}, reps_for (n, 0)));
  for (void *p : {(void *) A, (void *) W, (void *) R, (void *) info, dwork, (void *) work32})
    gm_device_free (p);
}

/* ---- eigenvalues and vectors of a symmetric matrix: syevd against gm_eig_hermitian ------- */
static void bench_syevd (int64_t n, int vectors)
{
  const size_t nn = (size_t) (n * n) * sizeof (double), nb = (size_t) n * sizeof (double);
  double *A = make_matrix (n, SYMMETRIC), *V = (double *) dev (nn), *V_gm = (double *) dev (nn);
  double *w_lib = (double *) dev (nb), *w_old = (double *) dev (nb), *w_gm = (double *) dev (nb);
  int *info = (int *) dev (sizeof (int));
  const cublasFillMode_t up = CUBLAS_FILL_MODE_UPPER;
  const cusolverEigMode_t job = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  size_t dbytes = 0, hbytes = 0;
  int lwork = 0;
  TU_CUSOLVER (cusolverDnXsyevd_bufferSize (dn, params, job, up, n, CUDA_R_64F, V, n, CUDA_R_64F,
                                            w_lib, CUDA_R_64F, &dbytes, &hbytes));
  TU_CUSOLVER (cusolverDnDsyevd_bufferSize (dn, job, up, (int) n, V, (int) n, w_old, &lwork));
  void *dwork = dev (dbytes);
  double *work32 = (double *) dev ((size_t) lwork * sizeof (double));
  std::vector<char> hwork (hbytes + 1);
  auto lib = [&] () {
    copy (V, A, nn);
    TU_CUSOLVER (cusolverDnXsyevd (dn, params, job, up, n, CUDA_R_64F, V, n, CUDA_R_64F, w_lib,
                                   CUDA_R_64F, dwork, dbytes, hwork.data (), hbytes, info));
  };
  auto legacy = [&] () {
    copy (V, A, nn);
    TU_CUSOLVER (cusolverDnDsyevd (dn, job, up, (int) n, V, (int) n, w_old, work32, lwork, info));
  };
  int64_t ginfo = -1;
  auto gm = [&] () {
    TU_GM (gm_eig_hermitian (GM_DOUBLE, n, A, w_gm, vectors ? V_gm : NULL, &ginfo));
  };
  lib ();
  legacy ();
  gm ();
  TU_CUDA (cudaDeviceSynchronize ());
  if (ginfo != 0) {
    printf ("MISMATCH: syevd n=%lld: gm_eig_hermitian info %lld\n", (long long) n,
            (long long) ginfo);
    mismatches++;
  }
  compare ("syevd values", n, w_gm, w_lib, (size_t) n, 1e-10);
  compare ("syevd values (legacy)", n, w_old, w_lib, (size_t) n, 1e-10);
  report (vectors ? "eig syevd (vectors)" : "eig syevd (values)", n,
          time_turns ({lib, legacy, gm}, reps_for (n, 1)));
  for (void *p : {(void *) A, (void *) V, (void *) V_gm, (void *) w_lib, (void *) w_old,
                  (void *) w_gm, (void *) info, dwork, (void *) work32})
    gm_device_free (p);
}

/* ---- singular values (and U, V): gesvd against gm_svd ----------------------------------- */
static void bench_gesvd (int64_t n, int vectors)
{
  const size_t nn = (size_t) (n * n) * sizeof (double), nb = (size_t) n * sizeof (double);
  double *A = make_matrix (n, GENERAL), *W = (double *) dev (nn);
  double *U = (double *) dev (nn), *VT = (double *) dev (nn);
  double *U_gm = vectors ? (double *) dev (nn) : NULL, *V_gm = vectors ? (double *) dev (nn) : NULL;
  double *s_lib = (double *) dev (nb), *s_old = (double *) dev (nb), *s_gm = (double *) dev (nb);
  int *info = (int *) dev (sizeof (int));
  const signed char job = vectors ? 'A' : 'N';
  size_t dbytes = 0, hbytes = 0;
  int lwork = 0;
  TU_CUSOLVER (cusolverDnXgesvd_bufferSize (dn, params, job, job, n, n, CUDA_R_64F, W, n,
                                            CUDA_R_64F, s_lib, CUDA_R_64F, U, n, CUDA_R_64F, VT,
                                            n, CUDA_R_64F, &dbytes, &hbytes));
  TU_CUSOLVER (cusolverDnDgesvd_bufferSize (dn, (int) n, (int) n, &lwork));
  void *dwork = dev (dbytes);
  double *work32 = (double *) dev ((size_t) lwork * sizeof (double));
  double *rwork = (double *) dev (nb);
  std::vector<char> hwork (hbytes + 1);
  auto lib = [&] () {
    copy (W, A, nn);
    TU_CUSOLVER (cusolverDnXgesvd (dn, params, job, job, n, n, CUDA_R_64F, W, n, CUDA_R_64F,
                                   s_lib, CUDA_R_64F, U, n, CUDA_R_64F, VT, n, CUDA_R_64F, dwork,
                                   dbytes, hwork.data (), hbytes, info));
  };
  auto legacy = [&] () {
    copy (W, A, nn);
    TU_CUSOLVER (cusolverDnDgesvd (dn, job, job, (int) n, (int) n, W, (int) n, s_old, U, (int) n,
                                   VT, (int) n, work32, lwork, rwork, info));
  };
  int64_t ginfo = -1;
  auto gm = [&] () {
    TU_GM (gm_svd (GM_DOUBLE, n, n, A, s_gm, U_gm, V_gm, 0, &ginfo));
  };
  lib ();
  legacy ();
  gm ();
  TU_CUDA (cudaDeviceSynchronize ());
  if (ginfo != 0) {
    printf ("MISMATCH: gesvd n=%lld: gm_svd info %lld\n", (long long) n, (long long) ginfo);
    mismatches++;
  }
  compare ("gesvd values", n, s_gm, s_lib, (size_t) n, 1e-10);
  compare ("gesvd values (legacy)", n, s_old, s_lib, (size_t) n, 1e-10);
  report (vectors ? "svd gesvd (U,S,V)" : "svd gesvd (values)", n,
          time_turns ({lib, legacy, gm}, reps_for (n, 1)));
  for (void *p : {(void *) A, (void *) W, (void *) U, (void *) VT, (void *) U_gm, (void *) V_gm,
                  (void *) s_lib, (void *) s_old, (void *) s_gm, (void *) info, dwork,
                  (void *) work32, (void *) rwork})
    gm_device_free (p);
}

/* ---- complex double FFT of `points` points: cufftExecZ2Z against gm_fft ------------------ */
static void bench_fft (int64_t points)
{
  const size_t bytes = (size_t) points * 2 * sizeof (double);
  std::vector<double> h ((size_t) points * 2);
  for (auto &v : h)
    v = tu_uniform ();
  double *x = (double *) dev (bytes), *y_lib = (double *) dev (bytes),
         *y_gm = (double *) dev (bytes);
  TU_CUDA (cudaMemcpy (x, h.data (), bytes, cudaMemcpyHostToDevice));
  cufftHandle plan;
  TU_CUFFT (cufftPlan1d (&plan, (int) points, CUFFT_Z2Z, 1));
  TU_CUFFT (cufftSetStream (plan, 0));
  auto lib = [&] () {
    TU_CUFFT (cufftExecZ2Z (plan, (cufftDoubleComplex *) x, (cufftDoubleComplex *) y_lib,
                            CUFFT_FORWARD));
  };
  const int64_t dims[2] = {points, 1};
  auto gm = [&] () {
    TU_GM (gm_fft (GM_COMPLEX_DOUBLE, 2, dims, 0, 0, 0, x, y_gm, 0));
  };
  lib ();
  gm ();
  TU_CUDA (cudaDeviceSynchronize ());
  compare ("fft", points, y_gm, y_lib, (size_t) points * 2, 1e-12);
  report ("fft Z2Z", points, time_turns ({lib, nullptr, gm}, quick ? 5 : 21));
  TU_CUFFT (cufftDestroy (plan));
  for (void *p : {(void *) x, (void *) y_lib, (void *) y_gm})
    gm_device_free (p);
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  bool solves_only = false;
  for (int i = 1; i < argc; i++)
    if (!strncmp (argv[i], "--reps=", 7))
      reps_override = atoi (argv[i] + 7);
    else if (!strcmp (argv[i], "--solves"))
      solves_only = true;
  if (!gm_available ()) {
    printf ("bench_linalg: no usable GPU (%s): skipping\n", gm_error_detail ());
    return 0;
  }
  gm_device_info dinfo;
  TU_GM (gm_device_query (&dinfo));
  /* the package loads its own handles to the same libraries (dlopen finds them loaded) */
  TU_GM (gm_solver_library ());
  TU_GM (gm_fft_library (NULL));
  int solver_version = 0, fft_version = 0;
  TU_CUSOLVER (cusolverGetVersion (&solver_version));
  TU_CUFFT (cufftGetVersion (&fft_version));
  printf ("bench_linalg on %s (cc %d.%d, %d SMs), cuSOLVER %d, cuFFT %d%s\n", dinfo.name,
          dinfo.major, dinfo.minor, dinfo.multiprocessors, solver_version, fft_version,
          quick ? ", --quick" : "");
  printf ("double precision; ms are medians (competitors in turns, after a warm-up each); "
          "library = cusolverDnX* / cuFFT alone on device memory (A copied first), "
          "legacy = cusolverDnD*, gpumat = the package's C API\n\n");
  printf ("%-22s %9s %12s %12s %12s %8s\n", "case", "n", "library ms", "legacy ms", "gpumat ms",
          "gm/lib");
  TU_CUDA (cudaEventCreate (&e0));
  TU_CUDA (cudaEventCreate (&e1));
  TU_CUSOLVER (cusolverDnCreate (&dn));
  TU_CUSOLVER (cusolverDnSetStream (dn, 0));
  TU_CUSOLVER (cusolverDnCreateParams (&params));
  tu_seed (32);

  std::vector<int64_t> solve_sizes = {1024, 2048, 4096, 8192}, eig_sizes = {1024, 2048, 4096};
  std::vector<int64_t> fft_sizes = {(int64_t) 1 << 20, (int64_t) 1 << 24};
  if (quick) {
    solve_sizes = {1024};
    eig_sizes = {1024};
    fft_sizes = {(int64_t) 1 << 20};
  }
  for (int64_t n : solve_sizes)
    bench_solve (n, 0);
  for (int64_t n : solve_sizes)
    bench_tri_solve (n);
  for (int64_t n : solve_sizes)
    bench_solve (n, 1);
  if (solves_only) {                    /* the solves and their parts, nothing after them */
    eig_sizes.clear ();
    fft_sizes.clear ();
    solve_sizes.clear ();
  }
  for (int64_t n : solve_sizes)
    bench_potrf (n);
  for (int64_t n : eig_sizes)
    bench_syevd (n, 0);
  for (int64_t n : eig_sizes)
    bench_syevd (n, 1);
  for (int64_t n : eig_sizes)
    bench_gesvd (n, 0);
  for (int64_t n : eig_sizes)
    bench_gesvd (n, 1);
  for (int64_t p : fft_sizes)
    bench_fft (p);

  TU_CUSOLVER (cusolverDnDestroyParams (params));
  TU_CUSOLVER (cusolverDnDestroy (dn));
  if (mismatches) {
    printf ("bench_linalg: %d results of gpumat and the library differ (MISMATCH lines)\n",
            mismatches);
    return 1;
  }
  printf ("bench_linalg: every gpumat result matched the library's\n");
  return 0;
}
