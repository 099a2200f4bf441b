/* test_solve.cu: kernels/solve.cu and kernels/factor.cu (cuSOLVER, cuBLAS and the probe) against
 * host references in long double.
 *
 *   test_solve            every case
 *   test_solve --quick    sizes up to 31 (for compute-sanitizer; the triangular solve to 321)
 *   test_solve --race     for racecheck: the triangular solve at n = 1, 65 and 321 in double;
 *                         the probe as --quick and the NaN/Inf checks at n = 3 and 33, every
 *                         class; the solves, inverses, determinants and factorizations in double
 *                         and complex single only, at n = 0, 1, 3 and 31 (mostly cuSOLVER's
 *                         kernels; ours that use shared memory, the probe, the 1-norm and the
 *                         triangular solve, meet every case above)
 *
 * What is checked, for double, single, complex double and complex single:
 *  - gm_matrix_probe against Octave's matrix_type rules: upper (a diagonal matrix too), lower,
 *    Hermitian (positive real diagonal, A(i,j) == conj (A(j,i)), |A(i,j)|^2 < A(i,i) A(j,j),
 *    strictly: [1 1; 1 1] is full), full (a zero on the diagonal, a complex diagonal), the
 *    empty matrix (upper), NaN and Inf flagged; sizes across tile edges (31, 32, 33, 65).
 *  - gm_solve with op none, transpose and conjugate transpose, sizes 0, 1, 2, 3, 5, 7, 13, 31,
 *    100, 1 and 3 right-hand sides, on full, triangular, Hermitian positive definite and
 *    Hermitian-looking indefinite matrices (Cholesky refused, LU instead), real matrices with
 *    complex right-hand sides: the backward error ||op(A) X - B||_1 / (||A||_1 ||X||_1) at most
 *    8 n eps, the method the report names, and the estimate of rcond between the true value
 *    and 10 n times it (Hager and Higham's estimate never overestimates ||inv (A)||_1).
 *  - n = 1031 (full set), where getrs runs beside the condition estimate on a stream of its own:
 *    a system whose rows partial pivoting must all move, op none and transpose, 1 and 3
 *    right-hand sides, within the backward error bound; a nearly singular one (two columns
 *    equal but for 64 n eps), whose answer from beside the estimate is dropped for the host's.
 *  - The cases left to the host: a zero pivot, hilb (12) (below the floor), NaN in A or B.
 *  - gm_inverse: ||A X - I||_1 / (||A||_1 ||X||_1) at most 8 n eps; Hermitian results exactly
 *    Hermitian.  gm_det against a long double LU (relative 8 n eps cond (A)); a triangular
 *    determinant exactly the product; Octave's scaling (det of diag (1e200, 1e200, 1e-200,
 *    1e-200) is 1, no overflow); a zero pivot gives 0.
 *  - gm_lu and gm_lu_factors on square and rectangular matrices: P A = L U within 8 k eps
 *    ||A||_1, L unit lower, U upper, P a permutation, the permuted L of the two-output form.
 *  - gm_chol upper and lower: R' R = A within 8 n eps ||A||_1, the other triangle zero; not
 *    positive definite: the failing minor, and the factor of the leading block before it.
 *  - NaN, Inf and -Inf (complex: in either part) at every position of small matrices of each
 *    kind, and at the corners and the probe's tile edges of larger ones, in A and in B:
 *    gm_det, gm_inverse, gm_solve, gm_lu and gm_chol all leave the answer to the host.
 *  - det's value as Octave's DET gives it: single determinants of 2^128 or more are Inf
 *    (n = 31 here), scaled products with partial products past realmax do not overflow (both
 *    precisions, diagonal, full and triangular), the smallest subnormal; a column sum that
 *    overflows the class is left to the host.
 *  - gm_solver_library loads cuSOLVER and cuBLAS (dlopen: they are not linked).
 *  - gm_norm1 and gm_any_nonfinite; argument errors.
 *  - gm_tri_solve_* (kernels/tri_solve.cu, the condition estimate's solves): tests/tri_solve_checks.h
 *    says what (every triangle, op and diagonal, n = 1 to 4097, lda > n, NaN where it is not to
 *    be read, 16 n eps of long double substitution, the same bits twice).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <complex>
#include <time.h>
#include <vector>
#include "solver_test_util.h"
#include "tri_solve_checks.h"


static cd random_value (gm_class c)
{
  return fit (c, cd (tu_uniform (), cplx (c) ? tu_uniform () : 0));
}


static void *device_zeros (gm_class c, size_t count)
{
  void *d;
  TU_CUDA (cudaMalloc (&d, count * gm_class_size (c) + 16));
  TU_CUDA (cudaMemset (d, 0, count * gm_class_size (c) + 16));
  return d;
}


/* op(A) of an m x n A */
static mat apply_op (const mat &a, int64_t m, int64_t n, gm_op op)
{
  if (op == GM_OP_NONE)
    return a;
  mat t ((size_t) (m * n));
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < m; i++)
      t[j + i * n] = op == GM_OP_CTRANSPOSE ? std::conj (a[i + j * m]) : a[i + j * m];
  return t;
}


/* ||A X - B||_1 for A m x k, X k x n, B m x n, in long double */
static long double residual (const mat &a, const mat &x, const mat &b, int64_t m, int64_t k,
                             int64_t n)
{
  long double best = 0;
  for (int64_t j = 0; j < n; j++) {
    long double s = 0;
    for (int64_t i = 0; i < m; i++) {
      cl r = -cl (b[i + j * m]);
      for (int64_t p = 0; p < k; p++)
        r += cl (a[i + p * m]) * cl (x[p + j * k]);
      s += std::abs (r);
    }
    if (s > best)
      best = s;
  }
  return best;
}

/* inv (A) in long double by Gauss-Jordan with partial pivoting; false when singular */
static bool inverse_ld (const mat &a, int64_t n, std::vector<cl> &inv)
{
  std::vector<cl> w (a.begin (), a.end ());
  inv.assign ((size_t) (n * n), cl (0));
  for (int64_t i = 0; i < n; i++)
    inv[i + i * n] = 1;
  for (int64_t c = 0; c < n; c++) {
    int64_t p = c;
    for (int64_t r = c + 1; r < n; r++)
      if (std::abs (w[r + c * n]) > std::abs (w[p + c * n]))
        p = r;
    if (std::abs (w[p + c * n]) == 0)
      return false;
    for (int64_t j = 0; j < n; j++) {
      std::swap (w[c + j * n], w[p + j * n]);
      std::swap (inv[c + j * n], inv[p + j * n]);
    }
    const cl d = w[c + c * n];
    for (int64_t j = 0; j < n; j++) {
      w[c + j * n] /= d;
      inv[c + j * n] /= d;
    }
    for (int64_t r = 0; r < n; r++)
      if (r != c) {
        const cl f = w[r + c * n];
        if (f == cl (0))
          continue;
        for (int64_t j = 0; j < n; j++) {
          w[r + j * n] -= f * w[c + j * n];
          inv[r + j * n] -= f * inv[c + j * n];
        }
      }
  }
  return true;
}

static long double true_rcond (const mat &a, int64_t n)
{
  std::vector<cl> inv;
  if (!inverse_ld (a, n, inv))
    return 0;
  long double best = 0;
  for (int64_t j = 0; j < n; j++) {
    long double s = 0;
    for (int64_t i = 0; i < n; i++)
      s += std::abs (inv[i + j * n]);
    if (s > best)
      best = s;
  }
  return 1 / (norm1 (a, n, n) * best);
}

enum kind { FULL, UPPER, LOWER, HPD, HERMITIAN_INDEFINITE, DIAGONAL };
static const char *kind_name[] = {"full", "upper", "lower", "hpd", "hermitian-indefinite",
                                  "diagonal"};

/* A well-conditioned matrix of the kind (diagonally dominant where that keeps it so). */
static mat make_matrix (gm_class c, kind k, int64_t n)
{
  mat a ((size_t) (n * n));
  for (auto &v : a)
    v = random_value (c);
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < n; i++) {
      cd &v = a[i + j * n];
      if ((k == UPPER && i > j) || (k == LOWER && i < j) || (k == DIAGONAL && i != j))
        v = 0;
      if (i == j)
        v = fit (c, v + cd ((double) n + 1, 0));
    }
  if (k == HPD || k == HERMITIAN_INDEFINITE) {
    /* Hermitian with a positive real diagonal and |a_ij|^2 < a_ii a_jj (the probe says
       Hermitian); indefinite: 1.9 I - 0.9 ones (n), eigenvalues 1.9 and 1.9 - 0.9 n, positive
       definite at n = 2 only */
    for (int64_t j = 0; j < n; j++)
      for (int64_t i = 0; i <= j; i++) {
        cd v = a[i + j * n];
        if (i == j)
          v = cd (k == HPD ? (double) n + 1 : 1.0, 0);
        else if (k == HERMITIAN_INDEFINITE)
          v = cd (-0.9, 0);
        v = fit (c, v);
        a[i + j * n] = v;
        a[j + i * n] = std::conj (v);
      }
  }
  return a;
}

static gm_matrix_type expected_type (kind k, int64_t n)
{
  switch (k) {
  case UPPER: case DIAGONAL: return GM_MATRIX_UPPER;
  case LOWER: return n == 1 ? GM_MATRIX_UPPER : GM_MATRIX_LOWER;
  case HPD: case HERMITIAN_INDEFINITE: return n == 1 ? GM_MATRIX_UPPER : GM_MATRIX_HERMITIAN;
  default: return n == 1 ? GM_MATRIX_UPPER : GM_MATRIX_FULL;
  }
}

/* ---- the probe --------------------------------------------------------------------------- */

static void check_probe (gm_class c, const char *what, const mat &a, int64_t n,
                         gm_matrix_type want, int want_nonfinite)
{
  void *d = upload (c, a);
  gm_matrix_type t = GM_MATRIX_FULL;
  int nf = -1;
  TU_GM (gm_matrix_probe (c, n, d, &t, &nf));
  tu_result (t == want && nf == want_nonfinite, "probe %s %s n=%lld: type %d (want %d), "
             "nonfinite %d (want %d)", gm_class_name (c), what, (long long) n, (int) t,
             (int) want, nf, want_nonfinite);
  TU_CUDA (cudaFree (d));
}

/* test_solve --race (racecheck): the solves, inverses, factorizations and NaN/Inf cases at fewer
   sizes, each across a tile edge still (session 31 on the H200, alone under racecheck: the double
   part took 231 s at the --quick sizes, a plain run 0.5 s); the probe keeps every size */
static int race;

static void test_probe (gm_class c)
{
  for (int64_t n : {0, 1, 2, 5, 31, 32, 33, 65}) {
    for (int k = FULL; k <= DIAGONAL; k++) {
      if (n == 0)
        continue;
      mat a = make_matrix (c, (kind) k, n);
      check_probe (c, kind_name[k], a, n, expected_type ((kind) k, n), 0);
      if (n > 1) {
        mat b = a;
        b[(size_t) (n * n - 1)] = cd (NAN, 0);
        /* NaN on the diagonal is nonzero: a triangular matrix stays triangular */
        check_probe (c, "NaN last", b, n, k == UPPER || k == DIAGONAL ? GM_MATRIX_UPPER
                     : k == LOWER ? GM_MATRIX_LOWER : GM_MATRIX_FULL, 1);
      }
    }
    if (n > 1) {
      /* a zero on the last diagonal element: full, whatever the triangles */
      mat a = make_matrix (c, UPPER, n);
      a[(size_t) (n * n - 1)] = 0;
      check_probe (c, "upper, zero pivot", a, n, GM_MATRIX_FULL, 0);
      mat h = make_matrix (c, HPD, n);
      h[(size_t) (n + 1)] = fit (c, cd (h[(size_t) (n + 1)].real (), cplx (c) ? 0.5 : 0));
      check_probe (c, "Hermitian, a complex diagonal", h, n,
                   cplx (c) ? GM_MATRIX_FULL : GM_MATRIX_HERMITIAN, 0);
      mat g = make_matrix (c, HPD, n);
      g[(size_t) (n - 1)] = fit (c, g[(size_t) (n - 1)] + cd (0.25, 0));   /* (n-1, 0) only */
      check_probe (c, "almost Hermitian", g, n, GM_MATRIX_FULL, 0);
      mat inf = make_matrix (c, FULL, n);
      inf[1] = cd (INFINITY, 0);
      check_probe (c, "Inf", inf, n, GM_MATRIX_FULL, 1);
    }
  }
  check_probe (c, "empty", mat (), 0, GM_MATRIX_UPPER, 0);
  /* |a12|^2 < a11 a22, strictly: [2 1; 1 1] is Hermitian, [1 1; 1 1] is not */
  check_probe (c, "[2 1; 1 1]", {2, 1, 1, 1}, 2, GM_MATRIX_HERMITIAN, 0);
  check_probe (c, "[1 1; 1 1]", {1, 1, 1, 1}, 2, GM_MATRIX_FULL, 0);
  check_probe (c, "[1 0; 0 -1]", {1, 0, 0, -1}, 2, GM_MATRIX_UPPER, 0);
  if (cplx (c)) {
    check_probe (c, "[2 1i; -1i 1]", {2, cd (0, -1), cd (0, 1), 1}, 2, GM_MATRIX_HERMITIAN, 0);
    check_probe (c, "[2 1i; 1i 1]", {2, cd (0, 1), cd (0, 1), 1}, 2, GM_MATRIX_FULL, 0);
  }
}

/* ---- solves ------------------------------------------------------------------------------ */

static gm_matrix_type factored_for (kind k, int64_t n)
{
  switch (expected_type (k, n)) {
  case GM_MATRIX_UPPER: return GM_MATRIX_UPPER;
  case GM_MATRIX_LOWER: return GM_MATRIX_LOWER;
  case GM_MATRIX_HERMITIAN: return k == HPD || n < 3 ? GM_MATRIX_HERMITIAN : GM_MATRIX_FULL;
  default: return GM_MATRIX_FULL;
  }
}

/* op(A) X = B for this A (of kind k) and random B: the backward error, the method the report
   names, and with check_rcond the estimate against the true rcond (an inverse in long double,
   O(n^3): small n only). */
static void check_solve_with (gm_class ac, gm_class bc, const mat &a, kind k, gm_op op,
                              int64_t n, int64_t nrhs, bool check_rcond)
{
  mat b ((size_t) (n * nrhs));
  for (auto &v : b)
    v = random_value (bc);
  void *d_a = upload (ac, a), *d_b = upload (bc, b), *d_x = device_zeros (bc, (size_t) (n * nrhs));
  gm_solve_report r;
  gm_status st = gm_solve (ac, bc, op, n, nrhs, d_a, d_b, d_x, &r);
  const mat x = download (bc, d_x, (size_t) (n * nrhs));
  const mat opa = apply_op (a, n, n, op);
  const long double res = residual (opa, x, b, n, n, nrhs);
  const long double scale = norm1 (opa, n, n) * norm1 (x, n, nrhs);
  const double tol = 8.0 * (double) (n > 1 ? n : 1) * eps_of (ac);
  bool ok = st == GM_OK && r.outcome == GM_SOLVE_DONE && (n == 0 || nrhs == 0 || res <= tol * scale);
  /* the method: the probe of op (A) is that of A (triangular kept as A's with the op flag) */
  if (ok && n > 0 && nrhs > 0) {
    const gm_matrix_type want = factored_for (k, n);
    /* a 2x2 "indefinite" one is [1 .9; .9 1], positive definite */
    ok = r.factored == want && r.chol_failed == (want == GM_MATRIX_FULL
                                                 && expected_type (k, n) == GM_MATRIX_HERMITIAN);
    const long double rc = check_rcond ? true_rcond (r.factored == GM_MATRIX_UPPER
                                                     || r.factored == GM_MATRIX_LOWER ? a : opa, n)
                                       : 0;
    ok = ok && (!check_rcond || (r.rcond >= (double) rc * (1 - 1e-3)
                                 && r.rcond <= (double) rc * 10 * n + 1e-300));
    if (!ok)
      printf ("  factored %d (want %d), chol_failed %d, rcond %g (true %Lg)\n", (int) r.factored,
              (int) want, r.chol_failed, r.rcond, rc);
  }
  tu_result (ok, "solve %s A, %s B, %s, op %d, n=%lld, nrhs=%lld: status %d (%s), outcome %d, "
             "backward error %Lg (tol %g)", gm_class_name (ac), gm_class_name (bc), kind_name[k],
             (int) op, (long long) n, (long long) nrhs, (int) st, gm_error_detail (),
             (int) r.outcome, scale > 0 ? res / scale : res, tol);
  TU_CUDA (cudaFree (d_a));
  TU_CUDA (cudaFree (d_b));
  TU_CUDA (cudaFree (d_x));
}

static void check_solve (gm_class ac, gm_class bc, kind k, gm_op op, int64_t n, int64_t nrhs)
{
  check_solve_with (ac, bc, make_matrix (ac, k, n), k, op, n, nrhs, true);
}

static void check_left_to_host (gm_class c, const char *what, const mat &a, const mat &b,
                                int64_t n, int64_t nrhs, gm_solve_outcome want)
{
  void *d_a = upload (c, a), *d_b = upload (c, b), *d_x = device_zeros (c, (size_t) (n * nrhs));
  gm_solve_report r;
  gm_status st = gm_solve (c, c, GM_OP_NONE, n, nrhs, d_a, d_b, d_x, &r);
  tu_result (st == GM_OK && r.outcome == want, "solve %s %s: status %d, outcome %d (want %d), "
             "rcond %g", gm_class_name (c), what, (int) st, (int) r.outcome, (int) want, r.rcond);
  TU_CUDA (cudaFree (d_a));
  TU_CUDA (cudaFree (d_b));
  TU_CUDA (cudaFree (d_x));
}

/* From n = 1024 gm_solve runs getrs on a stream of its own beside the condition estimate.
   A: uniform entries plus 2 sqrt (n) on the diagonal, its rows shuffled, so that partial
   pivoting moves every row back (the getrs beside the estimate reads all of the pivots) and
   rcond stays ~0.005-0.01, far above the single floor (a plain uniform matrix of this order
   has ~5e-6, below it: measured in Octave); ops and right-hand sides, within the backward error
   bound.  Then its last column made its first plus delta = 64 n eps in one element: rcond
   ~1e-16 (double) / ~5e-8 (single), under 1/170 of the floor (gm_solve_rcond_floor, 128 eps),
   so getrs's answer, queued beside the estimate, is dropped and the outcome sends the solve to
   the host. */
static void check_solve_beside (gm_class c, int64_t n)
{
  mat a ((size_t) (n * n));
  for (auto &v : a)
    v = random_value (c);
  for (int64_t i = 0; i < n; i++)
    a[i + i * n] = fit (c, a[i + i * n] + 2.0 * std::sqrt ((double) n));
  for (int64_t i = n - 1; i > 0; i--) {   /* the rows in a random order */
    const int64_t r = tu_randint (0, i);
    for (int64_t j = 0; j < n; j++)
      std::swap (a[i + j * n], a[r + j * n]);
  }
  for (gm_op op : {GM_OP_NONE, GM_OP_TRANSPOSE})
    for (int64_t nrhs : {1, 3})
      if (op == GM_OP_NONE || nrhs == 1)
        check_solve_with (c, c, a, FULL, op, n, nrhs, false);
  for (int64_t i = 0; i < n; i++)
    a[i + (n - 1) * n] = a[i];
  a[n * n - 1] = fit (c, a[n * n - 1] + 64.0 * (double) n * eps_of (c));
  void *d_a = upload (c, a), *d_b = upload (c, mat ((size_t) n, 1.0));
  void *d_x = device_zeros (c, (size_t) n);
  gm_solve_report r;
  const gm_status st = gm_solve (c, c, GM_OP_NONE, n, 1, d_a, d_b, d_x, &r);
  tu_result (st == GM_OK && r.outcome == GM_SOLVE_ILL_CONDITIONED
                 && r.rcond < gm_solve_rcond_floor (c),
             "solve beside the estimate %s, n=%lld, nearly equal columns: status %d (%s), "
             "outcome %d (want %d), rcond %g (floor %g)", gm_class_name (c), (long long) n,
             (int) st, gm_error_detail (), (int) r.outcome, (int) GM_SOLVE_ILL_CONDITIONED,
             r.rcond, gm_solve_rcond_floor (c));
  TU_CUDA (cudaFree (d_a));
  TU_CUDA (cudaFree (d_b));
  TU_CUDA (cudaFree (d_x));
}

static mat hilbert (int64_t n)
{
  mat a ((size_t) (n * n));
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = 0; i < n; i++)
      a[i + j * n] = 1.0 / (double) (i + j + 1);
  return a;
}

static void test_solve (gm_class c)
{
  std::vector<int64_t> sizes = {0, 1, 2, 3, 5, 7, 13, 31};
  if (race)
    sizes = {0, 1, 3, 31};
  else if (!quick)
    sizes.push_back (100);
  for (int64_t n : sizes)
    for (int k = FULL; k <= DIAGONAL; k++)
      for (gm_op op : {GM_OP_NONE, GM_OP_TRANSPOSE, GM_OP_CTRANSPOSE})
        for (int64_t nrhs : {1, 3}) {
          if (op != GM_OP_NONE && nrhs == 3 && n > 31)
            continue;
          check_solve (c, c, (kind) k, op, n, nrhs);
        }
  if (!cplx (c)) {
    /* a real matrix with complex right-hand sides: one real system of twice the columns */
    const gm_class z = gm_class_complex (c);
    for (int64_t n : {1, 5, 13})
      for (int k = FULL; k <= HPD; k++)
        if (!race || n == 5)
          check_solve (c, z, (kind) k, GM_OP_TRANSPOSE, n, 2);
  }
  check_solve (c, c, FULL, GM_OP_NONE, 7, 0);
  if (!quick)
    check_solve_beside (c, 1031);
  check_left_to_host (c, "zero pivot", {1, 2, 2, 4}, {1, 1}, 2, 1, GM_SOLVE_SINGULAR);
  const int64_t h = gm_class_real (c) == GM_SINGLE ? 6 : 12;
  check_left_to_host (c, "hilb", hilbert (h), mat ((size_t) h, 1.0), h, 1,
                      GM_SOLVE_ILL_CONDITIONED);
  check_left_to_host (c, "nearly singular triangular", {1, 0, 1, 1e-17}, {1, 1}, 2, 1,
                      GM_SOLVE_ILL_CONDITIONED);
  check_left_to_host (c, "NaN in A", {1, 2, NAN, 4}, {1, 1}, 2, 1, GM_SOLVE_NONFINITE);
  check_left_to_host (c, "Inf in B", {3, 1, 1, 4}, {1, INFINITY}, 2, 1, GM_SOLVE_NONFINITE);
}

/* ---- inverse and determinant --------------------------------------------------------------- */

static void test_inverse (gm_class c)
{
  std::vector<int64_t> sizes = {1, 2, 3, 5, 7, 13, 31};
  if (race)
    sizes = {1, 3, 31};
  else if (!quick)
    sizes.push_back (100);
  for (int64_t n : sizes)
    for (int k = FULL; k <= DIAGONAL; k++) {
      const mat a = make_matrix (c, (kind) k, n);
      void *d_a = upload (c, a), *d_x = device_zeros (c, (size_t) (n * n));
      gm_solve_report r;
      gm_status st = gm_inverse (c, n, d_a, d_x, &r);
      const mat x = download (c, d_x, (size_t) (n * n));
      mat eye ((size_t) (n * n), 0.0);
      for (int64_t i = 0; i < n; i++)
        eye[i + i * n] = 1;
      const long double res = residual (a, x, eye, n, n, n);
      const long double scale = norm1 (a, n, n) * norm1 (x, n, n);
      const double tol = 8.0 * n * eps_of (c);
      bool hermitian = true;
      if (r.factored == GM_MATRIX_HERMITIAN)
        for (int64_t j = 0; j < n; j++)
          for (int64_t i = 0; i < n; i++)
            if (x[i + j * n] != std::conj (x[j + i * n]))
              hermitian = false;
      tu_result (st == GM_OK && r.outcome == GM_SOLVE_DONE && res <= tol * scale && hermitian,
                 "inverse %s %s n=%lld: status %d (%s), outcome %d, error %Lg (tol %g), "
                 "hermitian %d", gm_class_name (c), kind_name[k], (long long) n, (int) st,
                 gm_error_detail (), (int) r.outcome, res / scale, tol, (int) hermitian);
      TU_CUDA (cudaFree (d_a));
      TU_CUDA (cudaFree (d_x));
    }
  void *d_a = upload (c, {1, 2, 2, 4}), *d_x = device_zeros (c, 4);
  gm_solve_report r;
  gm_status st = gm_inverse (c, 2, d_a, d_x, &r);
  tu_result (st == GM_OK && r.outcome == GM_SOLVE_SINGULAR, "inverse %s singular: outcome %d",
             gm_class_name (c), (int) r.outcome);
  TU_CUDA (cudaFree (d_a));
  TU_CUDA (cudaFree (d_x));
}

/* det by a long double LU with partial pivoting */
static cl det_ld (const mat &a, int64_t n)
{
  std::vector<cl> w (a.begin (), a.end ());
  cl d = 1;
  for (int64_t c = 0; c < n; c++) {
    int64_t p = c;
    for (int64_t r = c + 1; r < n; r++)
      if (std::abs (w[r + c * n]) > std::abs (w[p + c * n]))
        p = r;
    if (p != c) {
      d = -d;
      for (int64_t j = 0; j < n; j++)
        std::swap (w[c + j * n], w[p + j * n]);
    }
    d *= w[c + c * n];
    if (w[c + c * n] == cl (0))
      return 0;
    for (int64_t r = c + 1; r < n; r++) {
      const cl f = w[r + c * n] / w[c + c * n];
      for (int64_t j = c; j < n; j++)
        w[r + j * n] -= f * w[c + j * n];
    }
  }
  return d;
}

/* Whether a determinant (re, im) is Octave's value of the exact determinant `want` in class
   c, within a relative tol: Octave's DET keeps c2 * 2^e2 with |c2| in [0.5, 1) and returns
   c2 * (2^e2 rounded to the class), which is Inf once e2 reaches the class's maximum exponent
   (128 for single, 1024 for double), though c2 * 2^e2 itself may still be representable;
   within tol of that boundary either answer is right. */
static bool det_agrees (gm_class c, double re, double im, cl want, double tol)
{
  const long double mag = std::abs (want);
  const int limit = gm_class_real (c) == GM_SINGLE ? 128 : 1024;
  int e = 0;
  const long double frac = mag > 0 ? std::frexp (mag, &e) : 0;
  const bool boundary = mag > 0 && (e == limit || e == limit + 1) && frac <= 0.5L * (1 + tol);
  const bool finite = std::isfinite (re) && std::isfinite (im);
  if (mag > 0 && e >= limit) {
    /* Inf (a real determinant keeps its sign) */
    const bool inf = !finite && (cplx (c) || (re > 0) == (want.real () > 0));
    return inf || boundary;
  }
  return finite && std::abs (cl (re, im) - want) <= tol * mag;
}

static void test_det (gm_class c)
{
  for (int64_t n : {1, 2, 3, 5, 7, 13, 31})
    for (int k = FULL; k <= DIAGONAL; k++) {
      const mat a = make_matrix (c, (kind) k, n);
      void *d_a = upload (c, a);
      gm_solve_report r;
      double re = 0, im = 0;
      gm_status st = gm_det (c, n, d_a, &re, &im, &r);
      const cl want = det_ld (a, n);
      const long double cond = 1 / true_rcond (a, n);
      const double tol = 8.0 * n * eps_of (c) * (double) cond;
      /* (n = 31: a single determinant near 32^31 = 2^155 is Inf, as Octave's) */
      tu_result (st == GM_OK && r.outcome == GM_SOLVE_DONE && det_agrees (c, re, im, want, tol)
                 && (cplx (c) || im == 0), "det %s %s n=%lld: status %d (%s), (%g, %g), want "
                 "(%Lg, %Lg)", gm_class_name (c), kind_name[k], (long long) n, (int) st,
                 gm_error_detail (), re, im, want.real (), want.imag ());
      TU_CUDA (cudaFree (d_a));
    }
  /* Octave's DET scaling: no intermediate overflow (the partial product 1e400 in double, 1e60
     in single), diagonal, full (LU, two row swaps) and lower triangular */
  const double big = gm_class_real (c) == GM_DOUBLE ? 1e200 : 1e30;
  const struct { const char *what; mat a; } scaled[] = {
    {"diagonal", {big, 0, 0, 0, 0, big, 0, 0, 0, 0, 1 / big, 0, 0, 0, 0, 1 / big}},
    {"full", {0, big, 0, 0, big, 0, 0, 0, 0, 0, 0, 1 / big, 0, 0, 1 / big, 0}},
    {"lower", {big, 1, 0, 0, 0, big, 0, 0, 0, 0, 1 / big, 1, 0, 0, 0, 1 / big}}};
  for (const auto &t : scaled) {
    void *d_a = upload (c, t.a);
    gm_solve_report r;
    double re = 0, im = 0;
    gm_status st = gm_det (c, 4, d_a, &re, &im, &r);
    tu_result (st == GM_OK && r.outcome == GM_SOLVE_DONE && fabs (re - 1) < 8 * eps_of (c)
               && im == 0, "det %s scaled %s: %g (want 1)", gm_class_name (c), t.what, re);
    TU_CUDA (cudaFree (d_a));
  }
  /* DET's value: 1.5 * 2^127 is below realmax ("single"), and Octave's single det of it is Inf
     (2^128 is rounded to single first); 0.75 * 2^-149 is the smallest subnormal single.
     (Real single only: a complex DET's Inf is Inf times (0.75, 0), whose imaginary part is
     NaN, in Octave as here) */
  if (c == GM_SINGLE) {
    const struct { mat a; double want; } edge[] = {
      {{0x1p100, 0, 0, 0, 0x1p27, 0, 0, 0, 1.5}, INFINITY},
      {{0x1p100, 0, 0, 0, 0x1p26, 0, 0, 0, 1.5}, 0x1.8p126},
      {{0x1p-100, 0, 0, 0, 0x1p-49, 0, 0, 0, 0.75}, 0x1p-149}};
    for (const auto &t : edge) {
      void *d_a = upload (c, t.a);
      gm_solve_report r;
      double re = 0, im = 0;
      gm_status st = gm_det (c, 3, d_a, &re, &im, &r);
      tu_result (st == GM_OK && re == t.want && im == 0, "det %s value edge: %g (want %g)",
                 gm_class_name (c), re, t.want);
      TU_CUDA (cudaFree (d_a));
    }
  }
  {
    /* finite elements whose column sum overflows the class: Octave's answer depends on the
       host's LAPACK (xGECON of an infinite norm), so it is left to the host */
    const double huge = gm_class_real (c) == GM_DOUBLE ? 1.5e308 : 3e38;
    void *d_a = upload (c, {huge, huge, 1, 2});
    gm_solve_report r;
    double re = 0, im = 0;
    gm_status st = gm_det (c, 2, d_a, &re, &im, &r);
    tu_result (st == GM_OK && r.outcome == GM_SOLVE_NONFINITE,
               "det %s column sum overflows: outcome %d", gm_class_name (c), (int) r.outcome);
    TU_CUDA (cudaFree (d_a));
  }
  void *d_a = upload (c, {1, 2, 2, 4});
  gm_solve_report r;
  double re = -1, im = -1;
  gm_status st = gm_det (c, 2, d_a, &re, &im, &r);
  tu_result (st == GM_OK && re == 0 && im == 0 && r.outcome == GM_SOLVE_SINGULAR && r.rcond == 0,
             "det %s zero pivot: %g", gm_class_name (c), re);
  TU_CUDA (cudaFree (d_a));
  d_a = upload (c, {2, 0, 5, 3});         /* upper: the product, rcond 0 as Octave's */
  st = gm_det (c, 2, d_a, &re, &im, &r);
  tu_result (st == GM_OK && re == 6 && im == 0 && r.rcond == 0 && r.factored == GM_MATRIX_UPPER,
             "det %s triangular: %g, rcond %g", gm_class_name (c), re, r.rcond);
  TU_CUDA (cudaFree (d_a));
}

/* ---- lu and chol ------------------------------------------------------------------------- */

static void check_lu (gm_class c, int64_t m, int64_t n)
{
  const int64_t k = m < n ? m : n;
  mat a ((size_t) (m * n));
  for (auto &v : a)
    v = random_value (c);
  void *d_a = upload (c, a), *d_y = device_zeros (c, (size_t) (m * n));
  void *d_l = device_zeros (c, (size_t) (m * k)), *d_u = device_zeros (c, (size_t) (k * n));
  void *d_lp = device_zeros (c, (size_t) (m * k));
  double *d_p;
  TU_CUDA (cudaMalloc (&d_p, (size_t) (m * m) * sizeof (double) + 8));
  std::vector<int64_t> perm ((size_t) m + 1);
  gm_solve_report r;
  gm_status st = gm_lu (c, m, n, d_a, d_y, perm.data (), &r);
  if (st == GM_OK)
    st = gm_lu_factors (c, m, n, d_y, perm.data (), 0, d_l, d_u, d_p);
  if (st == GM_OK)
    st = gm_lu_factors (c, m, n, d_y, perm.data (), 1, d_lp, d_u, NULL);
  TU_CUDA (cudaDeviceSynchronize ());
  const mat l = download (c, d_l, (size_t) (m * k)), u = download (c, d_u, (size_t) (k * n));
  const mat lp = download (c, d_lp, (size_t) (m * k));
  std::vector<double> p ((size_t) (m * m));
  if (m)
    TU_CUDA (cudaMemcpy (p.data (), d_p, p.size () * sizeof (double), cudaMemcpyDeviceToHost));
  /* P A = L U, A(perm, :) = L U, P' L = the permuted L, the shapes of the factors */
  mat pa ((size_t) (m * n));
  bool shapes = true, is_perm = true;
  std::vector<int> seen ((size_t) m, 0);
  for (int64_t i = 0; i < m; i++) {
    if (perm[i] < 0 || perm[i] >= m || seen[(size_t) perm[i]]++)
      is_perm = false;
    for (int64_t j = 0; j < n && is_perm; j++)
      pa[i + j * m] = a[perm[i] + j * m];
    for (int64_t j = 0; j < m; j++)
      if (p[i + j * m] != (j == perm[i] ? 1.0 : 0.0))
        is_perm = false;
    for (int64_t j = 0; j < k; j++) {
      if ((i < j && l[i + j * m] != 0.0) || (i == j && l[i + j * m] != 1.0))
        shapes = false;
      if (is_perm && lp[perm[i] + j * m] != l[i + j * m])
        shapes = false;
    }
  }
  for (int64_t j = 0; j < n; j++)
    for (int64_t i = j + 1; i < k; i++)
      if (u[i + j * k] != 0.0)
        shapes = false;
  const long double res = is_perm ? residual (l, u, pa, m, k, n) : INFINITY;
  /* LU's backward error: a few k eps ||L||_1 ||U||_1 */
  const double tol = 8.0 * (double) (k > 1 ? k : 1) * eps_of (c);
  tu_result (st == GM_OK && r.outcome == GM_SOLVE_DONE && is_perm && shapes
             && res <= tol * norm1 (l, m, k) * norm1 (u, k, n) + 1e-300, "lu %s %lldx%lld: status %d (%s), "
             "permutation %d, shapes %d, residual %Lg", gm_class_name (c), (long long) m,
             (long long) n, (int) st, gm_error_detail (), (int) is_perm, (int) shapes, res);
  for (void *d : {d_a, d_y, d_l, d_u, d_lp, (void *) d_p})
    TU_CUDA (cudaFree (d));
}

static void check_chol (gm_class c, const mat &a, int64_t n, int upper, int64_t want_info)
{
  void *d_a = upload (c, a), *d_r = device_zeros (c, (size_t) (n * n));
  gm_solve_report r;
  gm_status st = gm_chol (c, upper, n, d_a, d_r, &r);
  const int64_t s = r.info ? r.info - 1 : n;
  const mat f = download (c, d_r, (size_t) (s * s));
  /* R' R (upper) or L L' (lower) against the leading s x s block of A */
  mat lead ((size_t) (s * s)), ft = apply_op (f, s, s, GM_OP_CTRANSPOSE);
  bool zeros = true;
  for (int64_t j = 0; j < s; j++)
    for (int64_t i = 0; i < s; i++) {
      lead[i + j * s] = a[i + j * n];
      if ((upper && i > j) || (!upper && i < j))
        zeros = zeros && f[i + j * s] == 0.0;
    }
  /* the triangle read: upper reads A(i, j) for i <= j, lower for i >= j; A is Hermitian here */
  const long double res = upper ? residual (ft, f, lead, s, s, s) : residual (f, ft, lead, s, s, s);
  const double tol = 8.0 * (double) (s > 1 ? s : 1) * eps_of (c);
  tu_result (st == GM_OK && r.info == want_info && zeros && res <= tol * norm1 (lead, s, s) + 1e-300,
             "chol %s n=%lld %s: status %d (%s), info %lld (want %lld), zeros %d, residual %Lg",
             gm_class_name (c), (long long) n, upper ? "upper" : "lower", (int) st,
             gm_error_detail (), (long long) r.info, (long long) want_info, (int) zeros, res);
  TU_CUDA (cudaFree (d_a));
  TU_CUDA (cudaFree (d_r));
}

static void test_lu_chol (gm_class c)
{
  for (int64_t m : {1, 2, 3, 7, 13, 31})
    for (int64_t n : {1, 2, 5, 31})
      if (!race || ((m == 1 || m == 3 || m == 31) && n != 2))
        check_lu (c, m, n);
  if (!quick)
    check_lu (c, 100, 100);
  for (int64_t n : {1, 2, 3, 7, 31, 100}) {
    if ((quick && n > 31) || (race && (n == 2 || n == 7)))
      continue;
    const mat a = make_matrix (c, HPD, n);
    check_chol (c, a, n, 1, 0);
    check_chol (c, a, n, 0, 0);
  }
  /* not positive definite at minor 2 ([4 2 1; 2 1 0; 1 0 3]) and at minor 1 */
  const mat a = {4, 2, 1, 2, 1, 0, 1, 0, 3};
  check_chol (c, a, 3, 1, 2);
  check_chol (c, a, 3, 0, 2);
  check_chol (c, {-1, 2, 2, 1}, 2, 1, 1);
}

/* ---- NaN and Inf anywhere: every function leaves the answer to the host ------------------ */

/* NaN, Inf or -Inf (complex classes: in either part) at position p of a well-conditioned n x n
   matrix of each kind; gm_det, gm_inverse, gm_solve (in A, op none and transpose, and in B),
   gm_lu and gm_chol must all say GM_SOLVE_NONFINITE and compute nothing.  Every position for
   n <= 5; for the larger sizes the corners, the diagonal, and the rows and columns at the
   probe's 32-wide tile edges. */
static void check_nonfinite_at (gm_class c, int k, int64_t n, int64_t p, cd bad)
{
  mat a = make_matrix (c, (kind) k, n);
  a[(size_t) p] = bad;
  mat b ((size_t) n, cd (1, 0));
  void *d_a = upload (c, a), *d_b = upload (c, b), *d_x = device_zeros (c, (size_t) (n * n));
  const char *fn[7] = {"det", "inverse", "solve", "solve'", "lu", "chol upper", "chol lower"};
  gm_solve_report r[7];
  gm_status st[7];
  double re, im;
  int64_t *perm = new int64_t[(size_t) n];
  st[0] = gm_det (c, n, d_a, &re, &im, &r[0]);
  st[1] = gm_inverse (c, n, d_a, d_x, &r[1]);
  st[2] = gm_solve (c, c, GM_OP_NONE, n, 1, d_a, d_b, d_x, &r[2]);
  st[3] = gm_solve (c, c, GM_OP_TRANSPOSE, n, 1, d_a, d_b, d_x, &r[3]);
  st[4] = gm_lu (c, n, n, d_a, d_x, perm, &r[4]);
  st[5] = gm_chol (c, 1, n, d_a, d_x, &r[5]);
  st[6] = gm_chol (c, 0, n, d_a, d_x, &r[6]);
  for (int f = 0; f < 7; f++)
    tu_result (st[f] == GM_OK && r[f].outcome == GM_SOLVE_NONFINITE,
               "%s %s %s n=%lld: (%g, %g) at %lld: status %d (%s), outcome %d", fn[f],
               gm_class_name (c), kind_name[k], (long long) n, bad.real (), bad.imag (),
               (long long) p, (int) st[f], gm_error_detail (), (int) r[f].outcome);
  /* the same value in B, A finite */
  if (p < n) {
    TU_CUDA (cudaFree (d_a));
    TU_CUDA (cudaFree (d_b));
    a = make_matrix (c, (kind) k, n);
    b[(size_t) p] = bad;
    d_a = upload (c, a);
    d_b = upload (c, b);
    gm_solve_report rb;
    for (gm_op op : {GM_OP_NONE, GM_OP_TRANSPOSE}) {
      gm_status sb = gm_solve (c, c, op, n, 1, d_a, d_b, d_x, &rb);
      tu_result (sb == GM_OK && rb.outcome == GM_SOLVE_NONFINITE,
                 "solve %s %s n=%lld op %d: (%g, %g) in B at %lld: status %d, outcome %d",
                 gm_class_name (c), kind_name[k], (long long) n, (int) op, bad.real (),
                 bad.imag (), (long long) p, (int) sb, (int) rb.outcome);
    }
  }
  delete[] perm;
  TU_CUDA (cudaFree (d_a));
  TU_CUDA (cudaFree (d_b));
  TU_CUDA (cudaFree (d_x));
}

static void test_nonfinite (gm_class c)
{
  std::vector<cd> bad = {cd (NAN, 0), cd (INFINITY, 0), cd (-INFINITY, 0)};
  if (cplx (c)) {
    bad.push_back (cd (1, NAN));
    bad.push_back (cd (0, -INFINITY));
  }
  for (int64_t n : {2, 3, 5, 33, 65}) {
    if ((quick && (n == 5 || n > 33)) || (race && n == 2))
      continue;
    std::vector<int64_t> at;
    if (n <= 5) {
      for (int64_t p = 0; p < n * n; p++)
        at.push_back (p);
    } else {
      for (int64_t i : {(int64_t) 0, (int64_t) 31, (int64_t) 32, n - 1})
        for (int64_t j : {(int64_t) 0, (int64_t) 31, (int64_t) 32, n - 1})
          if (i < n && j < n)
            at.push_back (i + j * n);
    }
    for (int k = FULL; k <= DIAGONAL; k++)
      for (int64_t p : at)
        for (size_t v = 0; v < bad.size (); v++)
          if (n <= 5 || v < 2 || p == at[1])
            check_nonfinite_at (c, k, n, p, bad[v]);
  }
}

/* ---- small functions and errors ------------------------------------------------------------ */

static void test_misc (gm_class c)
{
  const mat a = {1, -2, 3, cd (4, cplx (c) ? 3 : 0), 0, -1};     /* 2 x 3 */
  void *d_a = upload (c, a);
  double nrm = -1;
  gm_status st = gm_norm1 (c, 2, 3, d_a, &nrm);
  const double want = cplx (c) ? 8 : 7;
  tu_result (st == GM_OK && fabs (nrm - want) <= 4 * eps_of (c) * want, "norm1 %s: %g (want %g)",
             gm_class_name (c), nrm, want);
  int any = -1;
  st = gm_any_nonfinite (c, 6, d_a, &any);
  tu_result (st == GM_OK && any == 0, "any_nonfinite %s finite: %d", gm_class_name (c), any);
  TU_CUDA (cudaFree (d_a));
  d_a = upload (c, {1, 2, 3, cd (0, cplx (c) ? INFINITY : 0), NAN});
  st = gm_any_nonfinite (c, 5, d_a, &any);
  tu_result (st == GM_OK && any == 1, "any_nonfinite %s NaN: %d", gm_class_name (c), any);
  TU_CUDA (cudaFree (d_a));
  gm_solve_report r;
  tu_result (gm_solve (GM_INT32, GM_INT32, GM_OP_NONE, 2, 1, &r, &r, &r, &r) == GM_ERR_INVALID_ARGUMENT,
             "solve refuses int32");
  tu_result (gm_solve (c, gm_class_real (c) == GM_DOUBLE ? GM_SINGLE : GM_DOUBLE, GM_OP_NONE, 2, 1,
                       &r, &r, &r, &r) == GM_ERR_INVALID_ARGUMENT, "solve refuses mixed precision");
  tu_result (gm_inverse (c, 2, NULL, NULL, &r) == GM_ERR_INVALID_ARGUMENT, "inverse refuses NULL");
  tu_result (gm_chol (c, 1, -1, &r, &r, &r) == GM_ERR_INVALID_ARGUMENT, "chol refuses n < 0");
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_solve"))
    return tu_finish ("test_solve");
  tu_seed (20261128);
  /* a line a part with the checks so far and the seconds since the start: under racecheck
     (make sanitize, line-buffered) a log stopped by a time limit says how far it got */
  const time_t t0 = time (NULL);
  auto progress = [&] (const char *part) {
    printf ("test_solve: %s done: %d checks (%lld s)\n", part, tu_passed + tu_failed,
            (long long) (time (NULL) - t0));
  };
  race = tu_race_mode (argc, argv);
  test_tri_solve (quick, race);
  progress ("triangular solve");
  /* cuSOLVER and cuBLAS are loaded at the first solve (dlopen), not linked */
  tu_result (gm_solver_library () == GM_OK, "cuSOLVER and cuBLAS loaded: %s",
             gm_error_detail ());
  if (race)
    progress ("loading cuSOLVER and cuBLAS");
  for (gm_class c : classes) {
    test_nonfinite (c);
    if (race)
      progress ("NaN and Inf");
    test_probe (c);
    /* racecheck (session 29: test_solve --race had not finished in 560 s): one real and one
       complex class through cuSOLVER; the probe's real and complex kernels meet every class
       above */
    if (race && c != GM_DOUBLE && c != GM_COMPLEX_SINGLE) {
      progress (gm_class_name (c));
      continue;
    }
    test_solve (c);
    if (race)
      progress ("solve");
    test_inverse (c);
    test_det (c);
    if (race)
      progress ("inverse and det");
    test_lu_chol (c);
    test_misc (c);
    progress (gm_class_name (c));
  }
  size_t blocks = 0, bytes = 0, cached = 0;
  gm_device_usage (&blocks, &bytes, &cached);
  tu_result (blocks == 0, "device blocks left after the tests: %zu (%zu bytes)", blocks, bytes);
  return tu_finish ("test_solve");
}
