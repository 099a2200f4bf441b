/* test_eig_svd.cu: kernels/eig_svd.cu (cuSOLVER's syevd, gesvd, geqrf and orgqr / ungqr, the
 * Hermitian test and qr's reflector scaling) against host references in long double.
 *
 *   test_eig_svd            every case
 *   test_eig_svd --quick    sizes up to 13 for the cuSOLVER calls, 33 for the Hermitian test
 *                           (for compute-sanitizer: each cuSOLVER call is dozens of kernels)
 *
 * What is checked, for double, single, complex double and complex single:
 *  - gm_is_hermitian as Octave's ishermitian / issymmetric: exactly Hermitian matrices of sizes
 *    1 to 100 are, one element changed in one part (or the mirror's imaginary part not negated)
 *    is not, a complex diagonal element with a nonzero (or NaN) imaginary part is not, a NaN
 *    anywhere is not, the empty matrix is not.
 *  - gm_eig_hermitian, sizes 0, 1, 2, 3, 5, 7, 13, 31, 64, 100 and a matrix with a repeated
 *    eigenvalue: info 0, eigenvalues ascending, ||A V - V diag (w)||_1 <= 32 n eps ||A||_1 and
 *    ||V' V - I||_1 <= 32 n eps (together: w are A's eigenvalues, V orthonormal eigenvectors),
 *    and the values-only call's eigenvalues within 32 n eps ||A||_1 of those.
 *  - gm_eig_general (Xgeev), random matrices of sizes 0 to 100, a rotation (1 +- 2i), a
 *    triangular matrix and a companion matrix (1, i, -i): info 0, ||A V - V diag (w)||_1 <=
 *    64 n eps ||A||_1, unit vectors with their largest component real, a real A's values in
 *    conjugate pairs, their sum the trace, the values-only call's set the same, the known sets.
 *  - gm_svd, full and economy, tall, square and wide (through A'), sizes 0 x 3 to 100 x 37 and
 *    37 x 100, rank-deficient ones: info 0, singular values descending and nonnegative,
 *    ||A - U S V'||_1 <= 32 max (m, n) eps ||A||_1, U and V orthonormal (every column of the
 *    full forms), the values-only call within that bound of them.
 *  - gm_qr, full and economy, on the shapes of gm_svd: R upper triangular (zeros below, exactly),
 *    ||A - Q R||_1 <= 32 max (m, n) eps ||A||_1, Q orthonormal; the one-output form: its upper
 *    triangle within that bound of the two-output R (the same geqrf), finite below.
 *  - Argument errors (a class without a method, a missing output, one vector output of two),
 *    and no device memory left behind.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>
#include "solver_test_util.h"



static void *device_buffer (size_t bytes)
{
  void *d;
  TU_CUDA (cudaMalloc (&d, bytes + 16));
  TU_CUDA (cudaMemset (d, 0, bytes + 16));
  return d;
}


/* real values of the class's real type, as doubles */
static std::vector<double> download_real (gm_class c, const void *d, size_t count)
{
  const mat a = download (gm_class_real (c), d, count);
  std::vector<double> r (count);
  for (size_t i = 0; i < count; i++)
    r[i] = a[i].real ();
  return r;
}

static mat random_matrix (gm_class c, int64_t m, int64_t n)
{
  mat a ((size_t) (m * n));
  for (auto &v : a)
    v = fit (c, cd (tu_uniform (), cplx (c) ? tu_uniform () : 0));
  return a;
}

/* A + A' of a random matrix, exactly Hermitian in the class (diagonal real) */
static mat hermitian_matrix (gm_class c, int64_t n)
{
  mat a = random_matrix (c, n, n);
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i <= j; i++) {
      const cd v = i == j ? cd (a[i + j * n].real (), 0) : a[i + j * n];
      a[i + j * n] = v;
      a[j + i * n] = std::conj (v);
    }
  return a;
}

static long double norm1 (const std::vector<cl> &a, int64_t m, int64_t n)
{
  long double best = 0;
  for (int64_t j = 0; j < n; j++) {
    long double s = 0;
    for (int64_t i = 0; i < m; i++)
      s += std::abs (a[(size_t) (i + j * m)]);
    best = std::max (best, s);
  }
  return best;
}


/* ||Q(:, 1:cols)' Q(:, 1:cols) - I||_1 of an m-row Q */
static long double orthogonality (const mat &q, int64_t m, int64_t cols)
{
  std::vector<cl> g ((size_t) (cols * cols));
  for (int64_t j = 0; j < cols; j++)
    for (int64_t i = 0; i < cols; i++) {
      cl s = 0;
      for (int64_t r = 0; r < m; r++)
        s += std::conj (cl (q[r + i * m])) * cl (q[r + j * m]);
      g[i + j * cols] = s - (i == j ? cl (1) : cl (0));
    }
  return norm1 (g, cols, cols);
}

/* ---- gm_is_hermitian --------------------------------------------------------------------- */

static int hermitian_of (gm_class c, const mat &a, int64_t n)
{
  void *d = upload (c, a);
  int h = -1;
  const gm_status st = gm_is_hermitian (c, n, d, &h);
  cudaFree (d);
  return st == GM_OK ? h : -1;
}

static void test_hermitian (gm_class c)
{
  const char *cn = gm_class_name (c);
  tu_result (hermitian_of (c, mat (), 0) == 0, "%s: the empty matrix is not Hermitian", cn);
  for (int64_t n : {1, 2, 3, 17, 33, 100}) {
    if (quick && n > 33)
      continue;
    mat a = hermitian_matrix (c, n);
    tu_result (hermitian_of (c, a, n) == 1, "%s: %lld x %lld Hermitian", cn, (long long) n,
               (long long) n);
    const int64_t i = n - 1, j = n / 2;
    if (i != j) {
      mat b = a;
      b[i + j * n] += fit (c, cd (0.5, 0));
      tu_result (hermitian_of (c, b, n) == 0, "%s: n %lld, A(%lld,%lld) changed", cn,
                 (long long) n, (long long) i, (long long) j);
      if (cplx (c) && a[i + j * n].imag () != 0) {
        b = a;
        b[i + j * n] = a[j + i * n];            /* the mirror not conjugated */
        tu_result (hermitian_of (c, b, n) == 0, "%s: n %lld, symmetric but not Hermitian", cn,
                   (long long) n);
      }
    }
    if (cplx (c)) {
      mat b = a;
      b[j + j * n] += cd (0, 0.25);
      tu_result (hermitian_of (c, b, n) == 0, "%s: n %lld, complex diagonal", cn, (long long) n);
      b = a;
      b[j + j * n] = cd (b[j + j * n].real (), NAN);
      tu_result (hermitian_of (c, b, n) == 0, "%s: n %lld, NaN imaginary diagonal", cn,
                 (long long) n);
    }
    mat b = a;
    b[i + i * n] = cd (NAN, 0);
    tu_result (hermitian_of (c, b, n) == 0, "%s: n %lld, NaN on the diagonal", cn, (long long) n);
  }
}

/* ---- gm_eig_hermitian -------------------------------------------------------------------- */

static void check_eig (gm_class c, const mat &a, int64_t n, const char *what)
{
  const char *cn = gm_class_name (c);
  const double eps = eps_of (c);
  const size_t rs = gm_class_size (gm_class_real (c)), es = gm_class_size (c);
  void *d_A = upload (c, a);
  void *d_W = device_buffer ((size_t) n * rs), *d_W2 = device_buffer ((size_t) n * rs);
  void *d_V = device_buffer ((size_t) (n * n) * es);
  int64_t info = -1, info2 = -1;
  gm_status st = gm_eig_hermitian (c, n, d_A, d_W, d_V, &info);
  tu_result (st == GM_OK && info == 0, "%s eig %s n %lld: status %d info %lld: %s", cn, what,
             (long long) n, (int) st, (long long) info, gm_error_detail ());
  st = gm_eig_hermitian (c, n, d_A, d_W2, NULL, &info2);
  tu_result (st == GM_OK && info2 == 0, "%s eig %s n %lld values only: status %d: %s", cn, what,
             (long long) n, (int) st, gm_error_detail ());
  const std::vector<double> w = download_real (c, d_W, (size_t) n);
  const std::vector<double> w2 = download_real (c, d_W2, (size_t) n);
  const mat v = download (c, d_V, (size_t) (n * n));
  const mat a_after = download (c, d_A, (size_t) (n * n));
  cudaFree (d_A);
  cudaFree (d_W);
  cudaFree (d_W2);
  cudaFree (d_V);
  tu_result (a_after == a, "%s eig %s n %lld: A was written", cn, what, (long long) n);
  const long double anorm = std::max (norm1 (a, n, n), 1.0L);
  const long double tol = 32.0L * std::max<int64_t> (n, 1) * eps;
  bool ascending = true, close = true;
  for (int64_t i = 0; i < n; i++) {
    if (i > 0 && !(w[i - 1] <= w[i]))
      ascending = false;
    if (!(std::fabs (w[i] - w2[i]) <= tol * anorm))
      close = false;
  }
  tu_result (ascending, "%s eig %s n %lld: eigenvalues not ascending", cn, what, (long long) n);
  tu_result (close, "%s eig %s n %lld: values-only eigenvalues differ", cn, what, (long long) n);
  std::vector<cl> r ((size_t) (n * n));
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < n; i++) {
      cl s = 0;
      for (int64_t k = 0; k < n; k++)
        s += cl (a[i + k * n]) * cl (v[k + j * n]);
      r[i + j * n] = s - cl (v[i + j * n]) * (long double) w[j];
    }
  const long double res = n ? norm1 (r, n, n) : 0, orth = n ? orthogonality (v, n, n) : 0;
  tu_result (res <= tol * anorm, "%s eig %s n %lld: ||A V - V D|| = %Lg > %Lg", cn, what,
             (long long) n, res, tol * anorm);
  tu_result (orth <= tol, "%s eig %s n %lld: ||V'V - I|| = %Lg > %Lg", cn, what, (long long) n,
             orth, tol);
}

static void test_eig (gm_class c)
{
  for (int64_t n : {0, 1, 2, 3, 5, 7, 13, 31, 64, 100}) {
    if (quick && n > 13)
      continue;
    check_eig (c, hermitian_matrix (c, n), n, "random");
  }
  /* a repeated eigenvalue: diag (2, 2, 2, -1, 5) in a random orthonormal-free way: the
     identity's multiples and a diagonal (the eigenvectors of a repeated value are any basis) */
  mat d (25, cd (0, 0));
  const double diag_values[5] = {2, 2, 2, -1, 5};
  for (int i = 0; i < 5; i++)
    d[i + i * 5] = diag_values[i];
  check_eig (c, d, 5, "diagonal, repeated");
  mat ones (9, fit (c, cd (1, 0)));
  check_eig (c, ones, 3, "ones (rank 1)");
}

/* ---- gm_eig_general ----------------------------------------------------------------------- */

/* The eigenvalues are unique only as a set (cuSOLVER's order) and each vector up to a complex
   factor: checked are ||A V - V diag (w)||_1 <= 64 n eps ||A||_1 with every column of unit
   2-norm and its largest component real (xGEEV's normalization), a real A's values in conjugate
   pairs (each value's conjugate among them), the sum of the values against the trace, and the
   values-only call's set against the vector call's; `known` (when not empty) the exact set. */
static void check_eig_general (gm_class c, const mat &a, int64_t n, const char *what,
                               const std::vector<cd> &known)
{
  const char *cn = gm_class_name (c);
  const double eps = eps_of (c);
  const gm_class cc = gm_class_complex (gm_class_real (c));
  const size_t es = gm_class_size (cc);
  void *d_A = upload (c, a);
  void *d_W = device_buffer ((size_t) n * es), *d_W2 = device_buffer ((size_t) n * es);
  void *d_V = device_buffer ((size_t) (n * n) * es);
  int64_t info = -1, info2 = -1;
  gm_status st = gm_eig_general (c, n, d_A, d_W, d_V, &info);
  tu_result (st == GM_OK && info == 0, "%s eig general %s n %lld: status %d info %lld: %s", cn,
             what, (long long) n, (int) st, (long long) info, gm_error_detail ());
  st = gm_eig_general (c, n, d_A, d_W2, NULL, &info2);
  tu_result (st == GM_OK && info2 == 0, "%s eig general %s n %lld values only: status %d: %s",
             cn, what, (long long) n, (int) st, gm_error_detail ());
  const mat w = download (cc, d_W, (size_t) n), w2 = download (cc, d_W2, (size_t) n);
  const mat v = download (cc, d_V, (size_t) (n * n));
  const mat a_after = download (c, d_A, (size_t) (n * n));
  cudaFree (d_A);
  cudaFree (d_W);
  cudaFree (d_W2);
  cudaFree (d_V);
  tu_result (a_after == a, "%s eig general %s n %lld: A was written", cn, what, (long long) n);
  const long double anorm = std::max (norm1 (a, n, n), 1.0L);
  const long double tol = 64.0L * std::max<int64_t> (n, 1) * eps;
  std::vector<cl> r ((size_t) (n * n));
  bool unit = true, largest_real = true;
  for (int64_t j = 0; j < n; j++) {
    long double nrm = 0, big = -1;
    cd top = 0;
    for (int64_t i = 0; i < n; i++) {
      cl s = 0;
      for (int64_t k = 0; k < n; k++)
        s += cl (a[i + k * n]) * cl (v[k + j * n]);
      r[i + j * n] = s - cl (v[i + j * n]) * cl (w[j]);
      const long double m = std::norm (cl (v[i + j * n]));
      nrm += m;
      if (m > big) {
        big = m;
        top = v[i + j * n];
      }
    }
    if (!(std::fabs (std::sqrt (nrm) - 1.0L) <= tol))
      unit = false;
    /* xGEEV makes the largest component real; a near tie may pick another as largest here */
    if (!(std::fabs (top.imag ()) <= 1e3 * eps * std::abs (top)))
      largest_real = false;
  }
  const long double res = n ? norm1 (r, n, n) : 0;
  tu_result (res <= tol * anorm, "%s eig general %s n %lld: ||A V - V D|| = %Lg > %Lg", cn, what,
             (long long) n, res, tol * anorm);
  tu_result (unit, "%s eig general %s n %lld: a vector not of unit norm", cn, what, (long long) n);
  tu_result (largest_real, "%s eig general %s n %lld: a vector's largest component not real", cn,
             what, (long long) n);
  /* sets: every value of one within tol ||A|| of some value of the other */
  auto within = [&] (const std::vector<cd> &x, const std::vector<cd> &y) {
    for (const cd &p : x) {
      bool found = false;
      for (const cd &q : y)
        found = found || std::abs (cl (p) - cl (q)) <= tol * anorm;
      if (!found)
        return false;
    }
    return true;
  };
  tu_result (within (w, w2) && within (w2, w), "%s eig general %s n %lld: values-only set differs",
             cn, what, (long long) n);
  if (!cplx (c)) {
    std::vector<cd> conj_w (w.size ());
    for (size_t i = 0; i < w.size (); i++)
      conj_w[i] = std::conj (w[i]);
    tu_result (within (conj_w, w), "%s eig general %s n %lld: values not in conjugate pairs", cn,
               what, (long long) n);
  }
  cl trace = 0, sum = 0;
  for (int64_t i = 0; i < n; i++) {
    trace += cl (a[i + i * n]);
    sum += cl (w[i]);
  }
  tu_result (std::abs (trace - sum) <= tol * anorm * std::max<int64_t> (n, 1),
             "%s eig general %s n %lld: sum of values %Lg%+Lgi, trace %Lg%+Lgi", cn, what,
             (long long) n, sum.real (), sum.imag (), trace.real (), trace.imag ());
  if (!known.empty ())
    tu_result (within (known, w) && within (w, known),
               "%s eig general %s n %lld: not the known eigenvalues", cn, what, (long long) n);
}

static void test_eig_general (gm_class c)
{
  if (!gm_has_eig_general ()) {
    printf ("test_eig_svd: gm_eig_general: this cuSOLVER has no Xgeev: skipped\n");
    tu_skipped++;
    return;
  }
  for (int64_t n : {0, 1, 2, 3, 5, 7, 13, 31, 64, 100}) {
    if (quick && n > 13)
      continue;
    check_eig_general (c, random_matrix (c, n, n), n, "random", {});
  }
  /* a rotation and a scaling: 1 +- 2i (complex eigenvalues of a real matrix) */
  mat rot = {fit (c, cd (1, 0)), fit (c, cd (2, 0)), fit (c, cd (-2, 0)), fit (c, cd (1, 0))};
  check_eig_general (c, rot, 2, "rotation", {cd (1, 2), cd (1, -2)});
  /* upper triangular: the diagonal, 3, -1, 0.5, 2 */
  mat tri (16, cd (0, 0));
  const double d4[4] = {3, -1, 0.5, 2};
  for (int j = 0; j < 4; j++)
    for (int i = 0; i <= j; i++)
      tri[i + j * 4] = fit (c, cd (i == j ? d4[i] : 0.25 * (i + j + 1), 0));
  check_eig_general (c, tri, 4, "triangular", {cd (3, 0), cd (-1, 0), cd (0.5, 0), cd (2, 0)});
  /* the companion matrix of (x - 1)(x^2 + 1) = x^3 - x^2 + x - 1: 1, i, -i */
  mat comp (9, cd (0, 0));
  comp[0 + 2 * 3] = fit (c, cd (1, 0));
  comp[1 + 2 * 3] = fit (c, cd (-1, 0));
  comp[2 + 2 * 3] = fit (c, cd (1, 0));
  comp[1 + 0 * 3] = fit (c, cd (1, 0));
  comp[2 + 1 * 3] = fit (c, cd (1, 0));
  check_eig_general (c, comp, 3, "companion", {cd (1, 0), cd (0, 1), cd (0, -1)});
}

/* ---- gm_svd ------------------------------------------------------------------------------- */

static void check_svd (gm_class c, const mat &a, int64_t m, int64_t n, int econ, const char *what)
{
  const char *cn = gm_class_name (c);
  const double eps = eps_of (c);
  const int64_t k = std::min (m, n), uc = econ ? k : m, vc = econ ? k : n;
  const size_t rs = gm_class_size (gm_class_real (c)), es = gm_class_size (c);
  void *d_A = upload (c, a);
  void *d_S = device_buffer ((size_t) k * rs), *d_S2 = device_buffer ((size_t) k * rs);
  void *d_U = device_buffer ((size_t) (m * uc) * es), *d_V = device_buffer ((size_t) (n * vc) * es);
  int64_t info = -1, info2 = -1;
  gm_status st = gm_svd (c, m, n, d_A, d_S, d_U, d_V, econ, &info);
  tu_result (st == GM_OK && info == 0, "%s svd %s %lld x %lld econ %d: status %d info %lld: %s",
             cn, what, (long long) m, (long long) n, econ, (int) st, (long long) info,
             gm_error_detail ());
  st = gm_svd (c, m, n, d_A, d_S2, NULL, NULL, econ, &info2);
  tu_result (st == GM_OK && info2 == 0, "%s svd %s %lld x %lld values only: status %d: %s", cn,
             what, (long long) m, (long long) n, (int) st, gm_error_detail ());
  const std::vector<double> s = download_real (c, d_S, (size_t) k);
  const std::vector<double> s2 = download_real (c, d_S2, (size_t) k);
  const mat u = download (c, d_U, (size_t) (m * uc)), v = download (c, d_V, (size_t) (n * vc));
  const mat a_after = download (c, d_A, (size_t) (m * n));
  cudaFree (d_A);
  cudaFree (d_S);
  cudaFree (d_S2);
  cudaFree (d_U);
  cudaFree (d_V);
  tu_result (a_after == a, "%s svd %s %lld x %lld: A was written", cn, what, (long long) m,
             (long long) n);
  const long double anorm = std::max (norm1 (a, m, n), 1.0L);
  const long double tol = 32.0L * std::max<int64_t> (std::max (m, n), 1) * eps;
  bool order = true, close = true;
  for (int64_t i = 0; i < k; i++) {
    if (!(s[i] >= 0) || (i > 0 && !(s[i - 1] >= s[i])))
      order = false;
    if (!(std::fabs (s[i] - s2[i]) <= tol * anorm))
      close = false;
  }
  tu_result (order, "%s svd %s %lld x %lld: values not descending and nonnegative", cn, what,
             (long long) m, (long long) n);
  tu_result (close, "%s svd %s %lld x %lld: values-only singular values differ", cn, what,
             (long long) m, (long long) n);
  std::vector<cl> r ((size_t) (m * n));
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < m; i++) {
      cl t = 0;
      for (int64_t p = 0; p < k; p++)
        t += cl (u[i + p * m]) * (long double) s[p] * std::conj (cl (v[j + p * n]));
      r[i + j * m] = cl (a[i + j * m]) - t;
    }
  const long double res = m * n > 0 ? norm1 (r, m, n) : 0;
  /* an empty A: nothing computed (the gateway leaves it to Octave's own svd) */
  const long double ou = m * n > 0 ? orthogonality (u, m, uc) : 0;
  const long double ov = m * n > 0 ? orthogonality (v, n, vc) : 0;
  tu_result (res <= tol * anorm, "%s svd %s %lld x %lld econ %d: ||A - U S V'|| = %Lg > %Lg",
             cn, what, (long long) m, (long long) n, econ, res, tol * anorm);
  tu_result (ou <= tol && ov <= tol, "%s svd %s %lld x %lld econ %d: ||U'U - I|| = %Lg, "
             "||V'V - I|| = %Lg > %Lg", cn, what, (long long) m, (long long) n, econ, ou, ov, tol);
}

static void test_svd (gm_class c)
{
  static const int64_t shapes[][2] = {{0, 3}, {3, 0}, {0, 0}, {1, 1}, {1, 5}, {5, 1}, {2, 2},
                                      {7, 3}, {3, 7}, {13, 13}, {31, 17}, {17, 31}, {64, 64},
                                      {100, 37}, {37, 100}};
  for (const auto &sh : shapes) {
    const int64_t m = sh[0], n = sh[1];
    if (quick && std::max (m, n) > 13)
      continue;
    const mat a = random_matrix (c, m, n);
    check_svd (c, a, m, n, 0, "random");
    check_svd (c, a, m, n, 1, "random");
  }
  /* rank-deficient: two equal columns, and all ones */
  for (const auto &sh : {std::make_pair (7, 4), std::make_pair (4, 7)}) {
    const int64_t m = sh.first, n = sh.second;
    mat a = random_matrix (c, m, n);
    for (int64_t i = 0; i < m; i++)
      a[i + 1 * m] = a[i];
    check_svd (c, a, m, n, 0, "equal columns");
    check_svd (c, mat ((size_t) (m * n), cd (1, 0)), m, n, 1, "ones");
  }
}

/* ---- gm_qr --------------------------------------------------------------------------------- */

static void check_qr (gm_class c, const mat &a, int64_t m, int64_t n, int econ, const char *what)
{
  const char *cn = gm_class_name (c);
  const double eps = eps_of (c);
  const int64_t k = std::min (m, n), qc = econ ? k : m;
  const size_t es = gm_class_size (c);
  void *d_A = upload (c, a);
  void *d_Q = device_buffer ((size_t) (m * qc) * es), *d_R = device_buffer ((size_t) (qc * n) * es);
  void *d_X = device_buffer ((size_t) (m * n) * es);
  int64_t info = -1, info2 = -1;
  gm_status st = gm_qr (c, m, n, d_A, d_Q, d_R, econ, &info);
  tu_result (st == GM_OK && info == 0, "%s qr %s %lld x %lld econ %d: status %d info %lld: %s",
             cn, what, (long long) m, (long long) n, econ, (int) st, (long long) info,
             gm_error_detail ());
  st = gm_qr (c, m, n, d_A, NULL, d_X, econ, &info2);
  tu_result (st == GM_OK && info2 == 0, "%s qr %s %lld x %lld one output: status %d: %s", cn,
             what, (long long) m, (long long) n, (int) st, gm_error_detail ());
  const mat q = download (c, d_Q, (size_t) (m * qc)), r = download (c, d_R, (size_t) (qc * n));
  const mat x = download (c, d_X, (size_t) (m * n)), a_after = download (c, d_A, (size_t) (m * n));
  cudaFree (d_A);
  cudaFree (d_Q);
  cudaFree (d_R);
  cudaFree (d_X);
  tu_result (a_after == a, "%s qr %s %lld x %lld: A was written", cn, what, (long long) m,
             (long long) n);
  const long double anorm = std::max (norm1 (a, m, n), 1.0L);
  const long double tol = 32.0L * std::max<int64_t> (std::max (m, n), 1) * eps;
  bool upper = true, same_r = true, finite = true;
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < qc; i++) {
      if (i > j && r[i + j * qc] != cd (0, 0))
        upper = false;
      if (i <= j && !(std::abs (cl (x[i + j * m]) - cl (r[i + j * qc])) <= tol * anorm))
        same_r = false;
    }
  for (int64_t i = 0; i < m * n; i++)
    if (!std::isfinite (x[i].real ()) || !std::isfinite (x[i].imag ()))
      finite = false;
  tu_result (upper, "%s qr %s %lld x %lld econ %d: R not upper triangular", cn, what,
             (long long) m, (long long) n, econ);
  tu_result (same_r && finite, "%s qr %s %lld x %lld: one-output X differs from R or is not "
             "finite", cn, what, (long long) m, (long long) n);
  std::vector<cl> d ((size_t) (m * n));
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < m; i++) {
      cl t = 0;
      for (int64_t p = 0; p < qc; p++)
        t += cl (q[i + p * m]) * cl (r[p + j * qc]);
      d[i + j * m] = cl (a[i + j * m]) - t;
    }
  const long double res = m * n > 0 ? norm1 (d, m, n) : 0;
  const long double oq = m * n > 0 ? orthogonality (q, m, qc) : 0;   /* empty: nothing computed */
  tu_result (res <= tol * anorm, "%s qr %s %lld x %lld econ %d: ||A - Q R|| = %Lg > %Lg", cn,
             what, (long long) m, (long long) n, econ, res, tol * anorm);
  tu_result (oq <= tol, "%s qr %s %lld x %lld econ %d: ||Q'Q - I|| = %Lg > %Lg", cn, what,
             (long long) m, (long long) n, econ, oq, tol);
}

static void test_qr (gm_class c)
{
  static const int64_t shapes[][2] = {{0, 3}, {3, 0}, {1, 1}, {1, 5}, {5, 1}, {2, 2}, {7, 3},
                                      {3, 7}, {13, 13}, {31, 17}, {17, 31}, {64, 64}, {100, 37},
                                      {37, 100}};
  for (const auto &sh : shapes) {
    const int64_t m = sh[0], n = sh[1];
    if (quick && std::max (m, n) > 13)
      continue;
    const mat a = random_matrix (c, m, n);
    check_qr (c, a, m, n, 0, "random");
    check_qr (c, a, m, n, 1, "random");
  }
  /* rank-deficient, and a zero column (a reflector with tau 0) */
  mat a = random_matrix (c, 6, 4);
  for (int64_t i = 0; i < 6; i++) {
    a[i + 1 * 6] = a[i];
    a[i + 2 * 6] = 0;
  }
  check_qr (c, a, 6, 4, 0, "equal and zero columns");
  check_qr (c, a, 6, 4, 1, "equal and zero columns");
}

/* ---- argument errors ----------------------------------------------------------------------- */

static void test_errors (void)
{
  int h = 0;
  int64_t info = 0;
  double x = 1;
  void *d = device_buffer (64);
  tu_result (gm_is_hermitian (GM_INT32, 2, d, &h) != GM_OK, "gm_is_hermitian: int32 accepted");
  tu_result (gm_is_hermitian (GM_DOUBLE, 2, NULL, &h) != GM_OK, "gm_is_hermitian: no matrix");
  tu_result (gm_eig_hermitian (GM_INT8, 2, d, d, NULL, &info) != GM_OK,
             "gm_eig_hermitian: int8 accepted");
  tu_result (gm_eig_hermitian (GM_DOUBLE, 2, d, NULL, NULL, &info) != GM_OK,
             "gm_eig_hermitian: no eigenvalue output");
  tu_result (gm_eig_hermitian (GM_DOUBLE, 2, d, d, NULL, NULL) != GM_OK,
             "gm_eig_hermitian: no info");
  tu_result (gm_eig_general (GM_INT16, 2, d, d, NULL, &info) != GM_OK,
             "gm_eig_general: int16 accepted");
  tu_result (gm_eig_general (GM_DOUBLE, 2, d, NULL, NULL, &info) != GM_OK,
             "gm_eig_general: no eigenvalue output");
  tu_result (gm_svd (GM_DOUBLE, 2, 2, d, &x, d, NULL, 0, &info) != GM_OK,
             "gm_svd: U without V accepted");
  tu_result (gm_svd (GM_DOUBLE, -1, 2, d, d, NULL, NULL, 0, &info) != GM_OK,
             "gm_svd: negative size accepted");
  tu_result (gm_qr (GM_UINT8, 2, 2, d, NULL, d, 0, &info) != GM_OK, "gm_qr: uint8 accepted");
  tu_result (gm_qr (GM_DOUBLE, 2, 2, d, d, NULL, 0, &info) != GM_OK, "gm_qr: no R");
  cudaFree (d);
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_eig_svd"))
    return tu_finish ("test_eig_svd");
  tu_seed (20261128);
  tu_result (gm_solver_library () == GM_OK, "cuSOLVER and cuBLAS loaded: %s", gm_error_detail ());
  for (gm_class c : classes) {
    test_hermitian (c);
    test_eig (c);
    test_eig_general (c);
    test_svd (c);
    test_qr (c);
  }
  test_errors ();
  size_t blocks = 0, bytes = 0, cached = 0;
  gm_device_usage (&blocks, &bytes, &cached);
  tu_result (blocks == 0, "device blocks left after the tests: %zu (%zu bytes)", blocks, bytes);
  return tu_finish ("test_eig_svd");
}
