/* test_ozaki.cu: the ozaki kernels (kernels/ozaki/) on inputs chosen to break an
 * Ozaki-scheme product, against an exact reference (double-double sums of error-free products
 * on the CPU), within FP64's own bound
 *     |C - Cref| <= k eps(double) sum_p |a_p| |b_p|  +  2 (k + 2) 2^-1074
 * (the headers of ozaki/scheme1.cu and scheme2.cu derive the first term; the absolute term
 * covers underflow on the FP64 path, which any FP64 product has).  Where Cref is NaN the
 * result must be NaN, where it is infinite the same infinity (IEEE: Inf * 0 = NaN, Inf - Inf =
 * NaN, products that overflow are infinite).  Every op pair (NN TN CN NT TT CT NC TC CC), odd
 * shapes, K = 1..40 around the k-floor (16: below it the product runs on the FP64 path), deep
 * K, batches.
 * Data sets (op(A) m x k, op(B) k x n):
 *   uniform    [-1, 1): the ordinary case;
 *   fullbits   +-(1 + 52 random fraction bits) 2^(-2..2): every bit of double matters;
 *   cancel     the second half of k repeats the first with op(B)'s signs flipped (a 2^-30
 *              relative nudge on every third column): results ~0 (or exactly 0) against a
 *              large sum |a||b|;
 *   rowspread  row i of op(A) spans 2^0 .. 2^-(10 + 30 (i % 3)) (exponent spread within a
 *              row), op(B) uniform: low-order bits of the small entries are lost in the
 *              slices, so elements must take the FP64 path where the guard cannot certify;
 *   wide       |x| = 2^e (1 + f), e uniform in -300..300 for every entry of both operands;
 *   zerorows   uniform, with rows of op(A) and columns of op(B) all zero;
 *   subnormal  op(A) with subnormal entries (rows i % 4 == 1 all subnormal) and normals below
 *              2^-1000, op(B) 2^900..2^1000: products normal, none may be lost;
 *   bigrows    op(A) 2^900..DBL_MAX, op(B) 2^-1060..2^-990 (some subnormal): huge row scales;
 *   specials   Inf, -Inf and NaN in op(A) and op(B), Inf * 0, Inf - Inf, and finite entries
 *              2^600 whose product overflows to Inf (two overflowing products of opposite
 *              signs are left out: FMA-based FP64 kernels, dmma and BLAS alike, give Inf or
 *              NaN there depending on the order, since a fused product is never rounded);
 *   onebad     uniform but for one NaN in op(A) (row 5) and one Inf in op(B) (last column):
 *              exactly those rows and columns of C take the FP64 path.
 * Beyond the bound:
 *   - on uniform and fullbits data (k >= 16) the result must be 32x more accurate (max
 *     |C - Cref| / S) than the same scheme with 6 slices instead of 8 emulated on the CPU: the
 *     bound alone is loose at large k and would not see two slices missing;
 *   - gm_matmul_ozaki_stats: 8 slices, and no element on the FP64 path for uniform, fullbits,
 *     cancel and zerorows data with k >= 64 (so the INT8 path is what was checked); at least
 *     the m + n - 1 elements of the bad row and column for onebad; with GPUMAT_OZAKI_SLICES=7
 *     at k = 256 some but not all elements fall back (the guard at work), all within the bound.
 * Each case also runs the dmma kernel on the same data as a check of the test itself.
 * The full set runs on scheme I (GPUMAT_OZAKI_VERSION=1, "ozaki[v1]").  A subset runs again
 * with GPUMAT_OZAKI_VERSION=2 (gemm v2: all diagonals at once), its results labelled
 * "ozaki[v2]", and with the variable unset (the default, scheme II, 15 moduli to k = 1024 and
 * 16 past it, each product's count checked; the
 * bound, the FP64-path expectations and the 6-slice comparison as for v1), "ozaki[v3]"; on
 * sm_90a builds that gemm is the warp-specialized wgmma one, 128 x 256 tiles (ws256) where n
 * pads to 256 with little waste, else 128 x 128 (ws), so a smaller subset runs again with
 * each gemm forced by GPUMAT_OZAKI2_GEMM: =ws256 at every n, "ozaki[v3 ws256]"; =ws,
 * "ozaki[v3 ws]"; =wg (wgmma with a block barrier a k-tile), "ozaki[v3 wg]"; =mma (the
 * mma.sync gemm every other device runs), "ozaki[v3 mma]".  Off sm_90a every one of them
 * runs the mma.sync gemm.  GPUMAT_OZAKI_MODULI = 12, 13, 15 and 16 run a few data sets (the
 * crt's 14-term form with terms past N zero, its 15- and 16-term forms), within the bound.
 * Scheme II's tile pass (issue 34: the guard marks each 128x128 tile of C holding an element it
 * cannot keep, dmma's 128x128 kernel computes the marked tiles): after every scheme II product
 * gm_matmul_ozaki_tiles must count C's tiles (compute capability 9.0: the pass must run), mark
 * none on the data that expects no FP64 element and some wherever there is one, and dmma run
 * with GPUMAT_DMMA_TILE=128x128 (the tile pass splits k as dmma plans it for that tile) on the
 * same operands must give bit for bit every tile the guard surely marks (a NaN or Inf in its
 * rows or columns, codes past the overflow rule) and at least as many tiles as were marked
 * (check_tiles); at small m, n and deep k (64x64x4096: 16 slices) exactly the tiles a NaN and a
 * -Inf mark, and every other tile bit for bit the clean product's (tile_split), pages and Cᵀ
 * included, GPUMAT_DMMA_SLICES read by both.  Its own data sets
 * (adversarial ()): expspread (every element 2^(-60..60)), bands (rows 2^+-400, columns
 * 2^+-300), onehuge (one element 2^300 in op(A), one 2^-250 in op(B)), nearunf (results below
 * 2^-1022 in some tiles: the crt marks them), nearovf (codes past 1022 - ceil (log2 k) in one
 * row tile: the guard marks it), with the hard sets above, k prime (97, 1009), m and n not
 * multiples of 128, tiny shapes, zero dimensions and pages, batches with one page spread; a
 * third of them again under each forced gemm.  sparseblocks (rows and columns of blocks 0, 2, ..
 * with one value each: the premark sends every tile they touch to dmma unsliced, the other
 * tiles stay ozaki's) runs with them, in batches (page 1 only; B shared) and Aᵀ * Bᵀ.
 *
 *   test_ozaki            the full set
 *   test_ozaki --quick    fewer shapes (for compute-sanitizer memcheck)
 *   test_ozaki --race     fewer still (racecheck)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <float.h>
#include <limits.h>
#include <time.h>
#include "test_util.h"

static const char *PROGRAM = "test_ozaki";
#include "matmul_test_util.h"
static int quick;   /* 1: --quick, 2: --race */

/* PATTERNS: the data sets the loops over every data set run; the ones past it are scheme II's
   tile pass's (adversarial (), issue 34) */
typedef enum {
  UNIFORM, FULLBITS, CANCEL, ROWSPREAD, WIDE, ZEROROWS, SUBNORMAL, BIGROWS, SPECIALS, ONEBAD,
  PATTERNS, EXPSPREAD = PATTERNS, BANDS, ONEHUGE, NEARUNF, NEAROVF, SPARSEBLOCKS, ALL_PATTERNS
} pattern;
static const char *const pattern_name[ALL_PATTERNS] = {
    "uniform",  "fullbits", "cancel",    "rowspread", "wide",    "zerorows", "subnormal",
    "bigrows",  "specials", "onebad",    "expspread", "bands",   "onehuge",  "nearunf",
    "nearovf",  "sparseblocks"};

static double rnd_sign (void) { return (tu_next () >> 63) ? -1.0 : 1.0; }
/* +-2^e (1 + f), f uniform in [0, 1) */
static double pow2_val (int e) { return rnd_sign () * ldexp (1.0 + 0.5 * (tu_uniform () + 1.0), e); }

/* One element of sparseblocks: in the 128-row (column) blocks of even index, x (p = 0) or 0 */
static double sparse_block (int64_t x, int64_t p, double v)
{
  return (x / 128) % 2 != 0 ? v : p == 0 ? pow2_val (0) : 0.0;
}

/* The values of op(A) (m x k) and op(B) (k x n), row-major in a[i*k + p] and b[p*n + j]. */
static void make_values (pattern pat, int64_t m, int64_t n, int64_t k, double *a, double *b)
{
  for (int64_t i = 0; i < m * k; i++)
    a[i] = tu_uniform ();
  for (int64_t i = 0; i < k * n; i++)
    b[i] = tu_uniform ();
  switch (pat) {
  case UNIFORM:
    break;
  case FULLBITS:
    for (int64_t i = 0; i < m * k + k * n; i++) {
      const double x = rnd_sign () * ldexp (1.0 + (double) (tu_next () >> 12) * 0x1p-52,
                                            (int) tu_randint (-2, 2));
      if (i < m * k)
        a[i] = x;
      else
        b[i - m * k] = x;
    }
    break;
  case CANCEL: {
    const int64_t h = k / 2;
    for (int64_t i = 0; i < m; i++)
      for (int64_t p = h; p < 2 * h; p++)
        a[i * k + p] = a[i * k + p - h];
    for (int64_t p = h; p < 2 * h; p++)
      for (int64_t j = 0; j < n; j++) {
        const double v = -b[(p - h) * n + j];
        b[p * n + j] = (j % 3 == 0) ? v * (1.0 + 0x1p-30) : v;
      }
    break;
  }
  case ROWSPREAD:
    for (int64_t i = 0; i < m; i++) {
      const int spread = 10 + 30 * (int) (i % 3);
      for (int64_t p = 0; p < k; p++)
        a[i * k + p] = pow2_val (-(int) tu_randint (0, spread));
    }
    break;
  case WIDE:
    for (int64_t i = 0; i < m * k; i++)
      a[i] = pow2_val ((int) tu_randint (-300, 299));
    for (int64_t i = 0; i < k * n; i++)
      b[i] = pow2_val ((int) tu_randint (-300, 299));
    break;
  case ZEROROWS:
    for (int64_t i = 0; i < m; i++)
      if (i % 5 == 2)
        for (int64_t p = 0; p < k; p++)
          a[i * k + p] = 0.0;
    for (int64_t j = 0; j < n; j++)
      if (j % 7 == 3)
        for (int64_t p = 0; p < k; p++)
          b[p * n + j] = 0.0;
    break;
  case SUBNORMAL:
    for (int64_t i = 0; i < m * k; i++) {
      const int64_t row = i / k, r = tu_randint (0, 3);
      if (row % 4 == 1 || r == 0) /* subnormal: an integer times 2^-1074 */
        a[i] = rnd_sign () * ldexp ((double) tu_randint (1, ((int64_t) 1 << 52) - 1), -1074);
      else if (r == 1)
        a[i] = pow2_val ((int) tu_randint (-1022, -1001));
    }
    for (int64_t i = 0; i < k * n; i++)
      b[i] = pow2_val ((int) tu_randint (900, 999));
    break;
  case BIGROWS:
    for (int64_t i = 0; i < m * k; i++) {
      const int64_t r = tu_randint (0, 7);
      a[i] = r == 0 ? rnd_sign () * (DBL_MAX - (double) tu_randint (0, 1000) * 0x1p971)
                    : pow2_val ((int) tu_randint (900, 1022));
    }
    for (int64_t i = 0; i < k * n; i++) {
      const int64_t r = tu_randint (0, 3);
      b[i] = r == 0 ? rnd_sign () * ldexp ((double) tu_randint (1, 1 << 30), -1074)
                    : pow2_val ((int) tu_randint (-1060, -991));
    }
    break;
  case SPECIALS:
    if (m >= 2 && n >= 2 && k >= 2) {
      a[0 * k + 0] = INFINITY;          /* row 0: Inf * b: +-Inf, and Inf * 0 below */
      b[0 * n + 1] = 0.0;               /* C(0, 1): Inf * 0 = NaN */
      a[1 * k + (k - 1)] = NAN;         /* row 1: NaN */
      b[(k - 1) * n + 0] = -INFINITY;   /* column 0: C(0, 0) = Inf + -Inf... = NaN */
      if (m >= 4) {
        a[3 * k + 1] = -INFINITY;       /* row 3: -Inf * b(1, j) + -Inf * b(2, j) */
        a[3 * k + 2] = -INFINITY;
      }
      if (m >= 3 && n >= 3) {           /* C(2, 2): 2^600 * 2^600 overflows to +Inf */
        a[2 * k + 1] = ldexp (1.0, 600);
        b[1 * n + 2] = ldexp (1.0, 600);
      }

    }
    break;
  case ONEBAD:
    a[(5 % m) * k + (k - 1)] = NAN;
    b[n - 1] = INFINITY;
    break;
  case EXPSPREAD:   /* every element 2^e (1 + f), e uniform in -60..60: few tiles kept */
    for (int64_t i = 0; i < m * k; i++)
      a[i] = pow2_val ((int) tu_randint (-60, 60));
    for (int64_t i = 0; i < k * n; i++)
      b[i] = pow2_val ((int) tu_randint (-60, 60));
    break;
  case BANDS:   /* rows of op(A) times 2^400 or 2^-400, columns of op(B) 2^300 or 2^-300 */
    for (int64_t i = 0; i < m; i++)
      for (int64_t p = 0; p < k; p++)
        a[i * k + p] = ldexp (a[i * k + p], i % 4 == 0 ? 400 : i % 4 == 1 ? -400 : 0);
    for (int64_t p = 0; p < k; p++)
      for (int64_t j = 0; j < n; j++)
        b[p * n + j] = ldexp (b[p * n + j], j % 3 == 0 ? 300 : j % 3 == 1 ? -300 : 0);
    break;
  case ONEHUGE:   /* one element 2^300 in op(A), one 2^-250 in op(B) */
    a[(7 % m) * k + k / 2] = 1.5 * ldexp (1.0, 300);
    b[(k / 3) * n + 5 % n] = -ldexp (1.0, -250);
    break;
  case NEARUNF:   /* rows i % 8 == 0 of even row tiles ~2^-530, columns j % 5 == 0 ~2^-500:
                     their products' sums fall below 2^-1022 (the crt marks those tiles) */
    for (int64_t i = 0; i < m; i++)
      if (i % 8 == 0 && (i / 128) % 2 == 0)
        for (int64_t p = 0; p < k; p++)
          a[i * k + p] = pow2_val ((int) tu_randint (-540, -520));
    for (int64_t p = 0; p < k; p++)
      for (int64_t j = 0; j < n; j += 5)
        b[p * n + j] = ldexp (b[p * n + j], -500);
    break;
  case NEAROVF: {   /* rows i % 7 == 3 of the second row tile (the first where m <= 128) times
                       2^(1019 - L), columns j % 5 == 1 times 2^4, L = ceil (log2 k): codes past
                       1022 - L (the guard's overflow rule), sums still below 2^1023 */
    int L = 0;
    while (((int64_t) 1 << L) < k)
      L++;
    for (int64_t i = 3; i < m; i += 7)
      if (i / 128 == (m > 128 ? 1 : 0))
        for (int64_t p = 0; p < k; p++)
        a[i * k + p] = ldexp (a[i * k + p], 1019 - L);
    for (int64_t p = 0; p < k; p++)
      for (int64_t j = 1; j < n; j += 5)
        b[p * n + j] = ldexp (b[p * n + j], 4);
    break;
  }
  case SPARSEBLOCKS:   /* rows of op(A) and columns of op(B) in blocks 0, 2, .. one value (p = 0):
                         1-norms in [1/2, 1), below the premark's min (16, k / 32) from
                         k = 32, so every tile of those blocks goes to dmma unsliced (the guard
                         would keep the sparse-sparse ones: T >= 64^2), dense blocks' tiles kept
                         (partly marked blocks) */
    for (int64_t i = 0; i < m; i++)
      for (int64_t p = 0; p < k; p++)
        a[i * k + p] = sparse_block (i, p, a[i * k + p]);
    for (int64_t p = 0; p < k; p++)
      for (int64_t j = 0; j < n; j++)
        b[p * n + j] = sparse_block (j, p, b[p * n + j]);
    break;
  default:
    break;
  }
}

/* ---- exact reference -------------------------------------------------------------------- */
static inline void two_sum (double a, double b, double *s, double *e)
{
  *s = a + b;
  const double bb = *s - a;
  *e = (a - (*s - bb)) + (b - bb);
}

/* sum_p x_p y_p: the exact sum rounded once (double-double of error-free products; the
   double-double carries ~106 bits, so its own error is ~k 2^-104 S), or the IEEE outcome where a
   product is not finite; *mag = sum |x_p y_p| (rounded up by 2^-40 relative). */
static double exact_dot (const double *x, int64_t xs, const double *y, int64_t ys, int64_t k,
                         double *mag)
{
  double hi = 0, lo = 0, s = 0;
  int nan = 0, pinf = 0, ninf = 0;
  for (int64_t p = 0; p < k; p++) {
    const double u = x[p * xs], v = y[p * ys], pr = u * v;
    if (!isfinite (pr)) {
      if (isnan (pr))
        nan = 1;
      else if (pr > 0)
        pinf = 1;
      else
        ninf = 1;
      continue;
    }
    const double err = fma (u, v, -pr);
    double t, e;
    two_sum (hi, pr, &t, &e);
    hi = t;
    lo += e + err;
    s += fabs (pr);
  }
  *mag = s * (1 + 0x1p-40);
  if (nan || (pinf && ninf))
    return NAN;
  if (pinf)
    return INFINITY;
  if (ninf)
    return -INFINITY;
  return hi + lo;
}

/* ---- the scheme with too few slices, on the CPU ----------------------------------------- */
/* The digits of x 2^-E in 7-bit slices, as the kernel cuts them (truncation). */
static void digits (double x, int e, int s, int *d)
{
  double r = ldexp (x, -e);
  for (int t = 0; t < s; t++) {
    const double v = r * 128.0, q = trunc (v);
    d[t] = (int) q;
    r = v - q;
  }
}
static int row_exponent (const double *x, int64_t xs, int64_t k)
{
  double mx = 0;
  for (int64_t p = 0; p < k; p++)
    mx = fabs (x[p * xs]) > mx ? fabs (x[p * xs]) : mx;
  return mx > 0 ? ilogb (mx) + 1 : 0;
}
/* C(i, j) of the Ozaki scheme I with s slices (digits dx of row i, p-major: dx[p * s + t], and
   dy of column j), pairs t + u <= s + 1 kept, each diagonal summed exactly in int64, no guard. */
static double ozaki_emulated (const signed char *dx, const signed char *dy, int64_t k, int ea,
                              int eb, int s)
{
  int64_t g[32] = {0};
  for (int64_t p = 0; p < k; p++)
    for (int t = 1; t <= s; t++)
      for (int u = 1; u + t <= s + 1; u++)
        g[t + u] += (int64_t) dx[p * s + t - 1] * dy[p * s + u - 1];
  long double sum = 0;
  for (int d = s + 1; d >= 2; d--)
    sum += ldexpl ((long double) g[d], -7 * d);
  return ldexp ((double) sum, ea + eb);
}

static int64_t bad_total;
static const int SLICES = 8, FEW = 6;
/* Scheme II's moduli where GPUMAT_OZAKI_MODULI leaves the choice open (kernels/ozaki/scheme2.cuh,
   oz2_moduli_for: the fewest that keep 53 bits of each operand) */
static int default_moduli (int64_t k)
{
  return k <= 1024 ? 15 : 16;
}

/* "[v1]" or "[v2]" under GPUMAT_OZAKI_VERSION, else "[v3]" (the default; its gemm where one is
   forced) */
static const char *version_label (void)
{
  const char *v = getenv ("GPUMAT_OZAKI_VERSION");
  const char *gemm = getenv ("GPUMAT_OZAKI2_GEMM");
  if (!v || strcmp (v, "3") == 0) {
    static const char *const gemms[] = {"mma", "wg", "ws", "ws256"};
    static const char *const labels[] = {"[v3 mma]", "[v3 wg]", "[v3 ws]", "[v3 ws256]"};
    for (int q = 0; gemm && q < 4; q++)
      if (strcmp (gemm, gemms[q]) == 0)
        return labels[q];
    return "[v3]";
  }
  return strcmp (v, "2") == 0 ? "[v2]" : "[v1]";
}
static int scheme2 (void)
{
  const char *v = getenv ("GPUMAT_OZAKI_VERSION");
  return !v || (strcmp (v, "1") != 0 && strcmp (v, "2") != 0);
}

/* ---- scheme II's tile pass (issue 34) --------------------------------------------------- */
/* Where the tile pass must run (compute capability 9.0: dmma's 128x128 tile fits); elsewhere a
   device may or may not have it (its shared memory decides) */
static int expect_tile_pass;
/* scheme II's deepest k (kernels/ozaki/scheme2.cuh; deeper products run scheme I) */
static const int64_t OZ2_MAX_K = 131071;

/* The scan's code of a row of op(A) or column of op(B) (x[p * step], p < k): INT_MAX with a NaN
   or Inf, INT_MIN all zeros, else the exponent of its largest |x| plus one. */
static int code_of (const double *x, int64_t step, int64_t k)
{
  double mx = 0;
  for (int64_t p = 0; p < k; p++) {
    const double v = x[p * step];
    if (!isfinite (v))
      return INT_MAX;
    mx = fabs (v) > mx ? fabs (v) : mx;
  }
  return mx > 0 ? ilogb (mx) + 1 : INT_MIN;
}
/* The guard's verdicts that need no arithmetic (kernels/ozaki/scheme2.cu, oz2_guard): a NaN or
   Inf in the row or column, or codes past 1022 - ceil (log2 k), send the element to FP64, so
   its tile must be marked. */
static int sure_fp64 (int ca, int cb, int64_t k)
{
  if (ca == INT_MAX || cb == INT_MAX)
    return 1;
  if (ca == INT_MIN || cb == INT_MIN)
    return 0;
  int L = 0;
  while (((int64_t) 1 << L) < k)
    L++;
  return (int64_t) ca + cb > 1022 - L;
}

/* After an ozaki product (hOz: its C, pages sc apart; marked, tiles: gm_matmul_ozaki_tiles;
   fixups: gm_matmul_ozaki_stats; ca, cb: code_of of each page's rows of op(A), columns of
   op(B)): the counts agree with C's 128x128 tiles, and dmma with its 128x128 tile and the slices
   it plans for it (GPUMAT_DMMA_TILE=128x128; GPUMAT_DMMA_SLICES as the caller left it, which
   the tile pass reads too) on the same operands gives bit for bit the tiles the guard must mark
   and at least `marked` tiles in all (the tile pass is that kernel with that split: a marked
   tile that differs fails this). */
static void check_tiles (const char *what, gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k,
                         const double *dA, int64_t lda, int64_t sa, const double *dB, int64_t ldb,
                         int64_t sb, double *dC, int64_t ldc, int64_t sc, int64_t pages,
                         const double *hOz, const int *ca, const int *cb, int64_t marked,
                         int64_t tiles, int64_t fixups, int expect_none)
{
  const int64_t tm = (m + 127) / 128, tn = (n + 127) / 128;
  if (tiles == 0) {
    tu_result (!expect_tile_pass && marked == 0, "%s: no tile pass ran (%lld marked)", what,
               (long long) marked);
    return;
  }
  tu_result (tiles == pages * tm * tn && marked <= tiles && (fixups == 0 || marked > 0)
                 && (!expect_none || marked == 0),
             "%s: tile pass: %lld of %lld tiles marked (%lld tiles of C; %lld FP64 elements%s)",
             what, (long long) marked, (long long) tiles, (long long) (pages * tm * tn),
             (long long) fixups, expect_none ? ", none expected" : "");
  const size_t nc = (size_t) (sc * (pages - 1) + ldc * n);
  double *hD = (double *) xmalloc (sizeof (double) * nc);
  tu_setenv ("GPUMAT_DMMA_TILE", "128x128");
  int plan_m = 0, plan_n = 0, plan_slices = 0;
  TU_CUDA (cudaMemset (dC, 0xFF, sizeof (double) * nc));
  gm_status st = gm_matmul_dmma_plan (opa, opb, m, n, k, pages, &plan_m, &plan_n, &plan_slices);
  if (st == GM_OK)
    st = gm_matmul (GM_MATMUL_DMMA, GM_DOUBLE, opa, opb, m, n, k, dA, lda, sa, dB, ldb, sb, dC,
                    ldc, sc, pages, 0);
  tu_setenv ("GPUMAT_DMMA_TILE", NULL);
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaMemcpy (hD, dC, sizeof (double) * nc, cudaMemcpyDeviceToHost));
  int64_t equal = 0, sure = 0, sure_bad = 0;
  for (int64_t pg = 0; pg < pages; pg++)
    for (int64_t tj = 0; tj < tn; tj++)
      for (int64_t ti = 0; ti < tm; ti++) {
        int same = 1, must = 0;
        for (int64_t j = tj * 128; j < n && j < (tj + 1) * 128; j++)
          for (int64_t i = ti * 128; i < m && i < (ti + 1) * 128; i++) {
            const int64_t e = pg * sc + i + j * ldc;
            same = same && memcmp (&hOz[e], &hD[e], sizeof (double)) == 0;
            must = must || sure_fp64 (ca[pg * m + i], cb[pg * n + j], k);
          }
        equal += same;
        sure += must;
        sure_bad += must && !same;
      }
  tu_result (st == GM_OK && sure_bad == 0 && equal >= marked,
             "%s: %lld tiles bit for bit dmma's (128x128, %d slices of k), %lld marked; %lld of "
             "the %lld tiles the guard must mark differ (status %d)", what, (long long) equal,
             plan_slices, (long long) marked, (long long) sure_bad, (long long) sure, (int) st);
  free (hD);
}

/* check_tiles with the codes of every page's rows of op(A) and columns of op(B) computed here
   from the host operands hA and hB (as gm_matmul read them: pages sa and sb apart) */
static void check_tiles_of (const char *what, gm_op opa, gm_op opb, int64_t m, int64_t n,
                            int64_t k, const double *hA, const double *dA, int64_t lda, int64_t sa,
                            const double *hB, const double *dB, int64_t ldb, int64_t sb,
                            double *dC, int64_t ldc, int64_t sc, int64_t pages, const double *hOz,
                            int64_t marked, int64_t tiles, int64_t fixups)
{
  int *ca = (int *) xmalloc (sizeof (int) * pages * m);
  int *cb = (int *) xmalloc (sizeof (int) * pages * n);
  double *x = (double *) xmalloc (sizeof (double) * k);
  for (int64_t pg = 0; pg < pages; pg++) {
    for (int64_t i = 0; i < m; i++) {
      for (int64_t p = 0; p < k; p++)
        x[p] = hA[pg * sa + at_a (opa, i, p, lda)];
      ca[pg * m + i] = code_of (x, 1, k);
    }
    for (int64_t j = 0; j < n; j++) {
      for (int64_t p = 0; p < k; p++)
        x[p] = hB[pg * sb + at_b (opb, p, j, ldb)];
      cb[pg * n + j] = code_of (x, 1, k);
    }
  }
  check_tiles (what, opa, opb, m, n, k, dA, lda, sa, dB, ldb, sb, dC, ldc, sc, pages, hOz, ca, cb,
               marked, tiles, fixups, 0);
  free (ca);
  free (cb);
  free (x);
}

/* One product: values, stored layouts, reference, then ozaki and dmma against the bound.
   expect_fix: -1 no expectation on ozaki's FP64 fallbacks, 0 none, 1 some but not all, 2 at
   least m + n - 1. */
static void run (pattern pat, gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k, int expect_fix)
{
  double *a = (double *) xmalloc (sizeof (double) * m * k), *b = (double *) xmalloc (sizeof (double) * k * n);
  make_values (pat, m, n, k, a, b);
  const int64_t lda = stored_rows_a (opa, m, k) > 0 ? stored_rows_a (opa, m, k) : 1;
  const int64_t ldb = stored_rows_b (opb, k, n) > 0 ? stored_rows_b (opb, k, n) : 1;
  const int64_t ldc = m > 0 ? m : 1;
  const size_t na = (size_t) (lda * stored_cols_a (opa, m, k)), nb = (size_t) (ldb * stored_cols_b (opb, k, n));
  const size_t nc = (size_t) (ldc * n);
  double *hA = (double *) xmalloc (sizeof (double) * na), *hB = (double *) xmalloc (sizeof (double) * nb);
  double *hC = (double *) xmalloc (sizeof (double) * nc);
  for (int64_t i = 0; i < m; i++)
    for (int64_t p = 0; p < k; p++)
      hA[at_a (opa, i, p, lda)] = a[i * k + p];
  for (int64_t p = 0; p < k; p++)
    for (int64_t j = 0; j < n; j++)
      hB[at_b (opb, p, j, ldb)] = b[p * n + j];
  double *ref = (double *) xmalloc (sizeof (double) * m * n), *mag = (double *) xmalloc (sizeof (double) * m * n);
  const int separate = (pat == UNIFORM || pat == FULLBITS) && k >= 16 && m * n >= 16
                       && (double) m * n * k <= 4e7;
  double max_few = 0;   /* largest |C_few - Cref| / S of the 6-slice scheme */
  signed char *da = NULL, *db = NULL;
  int *ea = (int *) xmalloc (sizeof (int) * (m + 1)), *eb = (int *) xmalloc (sizeof (int) * (n + 1));
  if (separate) {
    da = (signed char *) xmalloc ((size_t) (m * k * FEW));
    db = (signed char *) xmalloc ((size_t) (n * k * FEW));
    int dg[16];
    for (int64_t i = 0; i < m; i++) {
      ea[i] = row_exponent (a + i * k, 1, k);
      for (int64_t p = 0; p < k; p++) {
        digits (a[i * k + p], ea[i], FEW, dg);
        for (int t = 0; t < FEW; t++)
          da[(i * k + p) * FEW + t] = (signed char) dg[t];
      }
    }
    for (int64_t j = 0; j < n; j++) {
      eb[j] = row_exponent (b + j, n, k);
      for (int64_t p = 0; p < k; p++) {
        digits (b[p * n + j], eb[j], FEW, dg);
        for (int t = 0; t < FEW; t++)
          db[(j * k + p) * FEW + t] = (signed char) dg[t];
      }
    }
  }
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      ref[i + j * m] = exact_dot (a + i * k, 1, b + j, n, k, &mag[i + j * m]);
      if (separate && mag[i + j * m] > 0) {
        const double few = ozaki_emulated (da + i * k * FEW, db + j * k * FEW, k, ea[i], eb[j], FEW);
        const double e = fabs (few - ref[i + j * m]) / mag[i + j * m];
        max_few = e > max_few ? e : max_few;
      }
    }
  double *dA, *dB, *dC;
  TU_GM (gm_device_alloc ((void **) &dA, sizeof (double) * na + 16));
  TU_GM (gm_device_alloc ((void **) &dB, sizeof (double) * nb + 16));
  TU_GM (gm_device_alloc ((void **) &dC, sizeof (double) * nc + 16));
  TU_CUDA (cudaMemcpy (dA, hA, sizeof (double) * na, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (dB, hB, sizeof (double) * nb, cudaMemcpyHostToDevice));
  const gm_matmul_kernel kernels[2] = {GM_MATMUL_OZAKI, GM_MATMUL_DMMA};
  const double eps = 0x1p-52, tiny = 2.0 * (double) (k + 2) * 0x1p-1074;
  char what[160];
  /* scheme II's tile pass: ozaki's C, its tile counts, the codes of the rows and columns */
  double *hOz = NULL;
  int64_t marked = -1, tiles = -1, oz_fixups = -1;
  int oz_ran = 0;
  for (int q = 0; q < 2; q++) {
    snprintf (what, sizeof what, "%s%s %s %c%c %lldx%lldx%lld", gm_matmul_kernel_name (kernels[q]),
              q == 0 ? version_label () : "", pattern_name[pat],
              op_letter[opa], op_letter[opb], (long long) m, (long long) n, (long long) k);
    TU_CUDA (cudaMemset (dC, 0xFF, sizeof (double) * nc + 16));
    gm_status st = gm_matmul (kernels[q], GM_DOUBLE, opa, opb, m, n, k, dA, lda, 0, dB, ldb, 0,
                              dC, ldc, 0, 1, 0);
    cudaError_t err = cudaDeviceSynchronize ();
    if (err != cudaSuccess) {
      tu_result (0, "%s: %s", what, cudaGetErrorString (err));
      tu_finish (PROGRAM);   /* a fault poisons the context: stop here */
      exit (1);
    }
    if (st != GM_OK) {
      tu_result (0, "%s: status %d (%s)", what, (int) st, gm_error_detail ());
      continue;
    }
    int slices = -1;
    int64_t fixups = -1;
    if (q == 0) {
      TU_GM (gm_matmul_ozaki_stats (&slices, &fixups));
      TU_GM (gm_matmul_ozaki_tiles (&marked, &tiles));
    }
    TU_CUDA (cudaMemcpy (hC, dC, sizeof (double) * nc, cudaMemcpyDeviceToHost));
    if (q == 0 && scheme2 () && k >= 16 && k <= OZ2_MAX_K && slices > 0) {
      hOz = (double *) xmalloc (sizeof (double) * nc);
      memcpy (hOz, hC, sizeof (double) * nc);
      oz_fixups = fixups;
      oz_ran = 1;
    }
    int64_t bad = 0;
    double worst = 0;   /* largest |C - Cref| / bound among finite references */
    double rel = 0;     /* largest |C - Cref| / S among finite references */
    char first[200] = "";
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        const double v = hC[i + j * ldc], r = ref[i + j * m];
        int ok;
        if (isnan (r))
          ok = isnan (v);
        else if (isinf (r))
          ok = v == r;
        else {
          const double lim = (double) k * eps * mag[i + j * m] + tiny;
          ok = fabs (v - r) <= lim;
          if (isfinite (v) && fabs (v - r) / lim > worst)
            worst = fabs (v - r) / lim;
          const double am = mag[i + j * m];
          if (am > 0 && !(fabs (v - r) / am <= rel))   /* NaN v counts as worst */
            rel = isfinite (v) ? fabs (v - r) / am : INFINITY;
        }
        if (!ok && bad++ == 0)
          snprintf (first, sizeof first, "C(%lld,%lld) = %.17g, expected %.17g (|A||B| %.3g)",
                    (long long) i, (long long) j, v, r, mag[i + j * m]);
      }
    bad_total += bad;
    tu_result (bad == 0, "%s: %lld bad (worst %.3g of the bound), first %s", what,
               (long long) bad, worst, first);
    if (q != 0)
      continue;
    const char *version = getenv ("GPUMAT_OZAKI_VERSION");
    if (version && strcmp (version, "2") == 0) {
      /* v2 sums the same exact int32 diagonals and folds them alike: bit for bit v1's result */
      double *h1 = (double *) xmalloc (sizeof (double) * nc);
      tu_setenv ("GPUMAT_OZAKI_VERSION", "1");
      TU_GM (gm_matmul (GM_MATMUL_OZAKI, GM_DOUBLE, opa, opb, m, n, k, dA, lda, 0, dB, ldb, 0,
                        dC, ldc, 0, 1, 0));
      TU_CUDA (cudaMemcpy (h1, dC, sizeof (double) * nc, cudaMemcpyDeviceToHost));
      tu_setenv ("GPUMAT_OZAKI_VERSION", "2");
      int64_t differ = 0;
      for (size_t e = 0; e < nc; e++)
        differ += memcmp (&h1[e], &hC[e], sizeof (double)) != 0;
      tu_result (differ == 0, "%s: %lld elements differ from v1's bit pattern", what,
                 (long long) differ);
      free (h1);
    }
    if (!quick && worst > 0.01)   /* how close the kernel comes, for the notes */
      printf ("  note: %s uses %.3g of the bound (%lld of %lld elements on the FP64 path)\n",
              what, worst, (long long) fixups, (long long) (m * n));
    const char *env = getenv ("GPUMAT_OZAKI_SLICES");
    const char *moduli = getenv ("GPUMAT_OZAKI_MODULI");
    const int want = k < 16      ? 0
                     : scheme2 () ? (moduli ? atoi (moduli) : default_moduli (k))
                     : env        ? atoi (env)
                                  : SLICES;
    tu_result (slices == want, "%s: ran %d slices, expected %d", what, slices, want);
    if (k >= 16 && expect_fix >= 0) {
      const int64_t all = m * n;
      const int ok = expect_fix == 0   ? fixups == 0
                     : expect_fix == 1 ? fixups > 0 && fixups < all
                                       : fixups >= m + n - 1;
      tu_result (ok, "%s: %lld of %lld elements on the FP64 path (expected %s)", what,
                 (long long) fixups, (long long) all,
                 expect_fix == 0 ? "none" : expect_fix == 1 ? "some, not all" : ">= m + n - 1");
    }
    if (separate && max_few > 0 && fixups == 0) {
      /* 8 slices against 6: dropping a slice (or a diagonal of pairs) fails this at any k */
      tu_result (rel * 32 <= max_few, "%s: max |C - Cref|/S %.3g, not 32x below the 6-slice "
                 "scheme's %.3g", what, rel, max_few);
      if (!quick && m * n * k >= 1000000)
        printf ("  note: %s: max error/S %.3g, 6 slices %.3g (%.0fx)\n", what, rel, max_few,
                rel > 0 ? max_few / rel : INFINITY);
    }
  }
  if (oz_ran) {
    int *ca = (int *) xmalloc (sizeof (int) * (m + 1));
    int *cb = (int *) xmalloc (sizeof (int) * (n + 1));
    for (int64_t i = 0; i < m; i++)
      ca[i] = code_of (a + i * k, 1, k);
    for (int64_t j = 0; j < n; j++)
      cb[j] = code_of (b + j, n, k);
    snprintf (what, sizeof what, "ozaki%s %s %c%c %lldx%lldx%lld", version_label (),
              pattern_name[pat], op_letter[opa], op_letter[opb], (long long) m, (long long) n,
              (long long) k);
    check_tiles (what, opa, opb, m, n, k, dA, lda, 0, dB, ldb, 0, dC, ldc, 0, 1, hOz, ca, cb,
                 marked, tiles, oz_fixups, expect_fix == 0);
    if (pat == SPARSEBLOCKS && tiles > 0 && k >= 32) {
      /* the premark: every tile in a sparse block's rows or columns, no other (dense x dense
         keeps as uniform does).  Below k = 32 its line k / 32 is under the sparse rows'
         1-norms (>= 1/2): nothing premarked, the guard decides alone */
      int64_t pre = 0;
      for (int64_t ti = 0; ti < (m + 127) / 128; ti++)
        for (int64_t tj = 0; tj < (n + 127) / 128; tj++)
          pre += ti % 2 == 0 || tj % 2 == 0;
      tu_result (marked == pre, "%s: premark: %lld tiles marked, %lld in sparse blocks", what,
                 (long long) marked, (long long) pre);
    }
    free (ca);
    free (cb);
  }
  gm_device_free (dA);
  gm_device_free (dB);
  gm_device_free (dC);
  free (a); free (b); free (hA); free (hB); free (hC); free (ref); free (mag); free (ea); free (eb);
  free (da); free (db); free (hOz);
}

/* A strided batch: `pages` pages of m x n x k, gaps between pages, A or B shared (stride 0)
   where asked; every page against its own reference.  spread 1: page 1's A (not shared) with
   element-wise exponents 2^(-60..60) (most of its tiles go to the tile pass, page 0's none);
   spread 2: sparseblocks in page 1's A and in page 1's B (page 0's where B is shared); scheme
   II's tile pass checked page by page (check_tiles). */
static void run_batch (gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k, int64_t pages,
                       int share_a, int share_b, int spread)
{
  const int64_t lda = stored_rows_a (opa, m, k) + 3, ldb = stored_rows_b (opb, k, n) + 1;
  const int64_t ldc = m + 2;
  const int64_t sa = share_a ? 0 : lda * stored_cols_a (opa, m, k) + 5;
  const int64_t sb = share_b ? 0 : ldb * stored_cols_b (opb, k, n) + 7;
  const int64_t sc = ldc * n + 3;
  const int64_t na = lda * stored_cols_a (opa, m, k) + sa * (pages - 1);
  const int64_t nb = ldb * stored_cols_b (opb, k, n) + sb * (pages - 1);
  const int64_t nc = sc * pages;
  double *hA = (double *) xmalloc (sizeof (double) * na), *hB = (double *) xmalloc (sizeof (double) * nb);
  double *hC = (double *) xmalloc (sizeof (double) * nc);
  for (int64_t i = 0; i < na; i++)
    hA[i] = tu_uniform ();
  for (int64_t i = 0; i < nb; i++)
    hB[i] = tu_uniform ();
  if (pages > 1 && !share_a && spread == 1)
    for (int64_t i = 0; i < m; i++)
      for (int64_t p = 0; p < k; p++)
        hA[sa + at_a (opa, i, p, lda)] = pow2_val ((int) tu_randint (-60, 60));
  if (pages > 1 && !share_a && spread == 2) {
    for (int64_t i = 0; i < m; i++)
      for (int64_t p = 0; p < k; p++)
        hA[sa + at_a (opa, i, p, lda)] = sparse_block (i, p, hA[sa + at_a (opa, i, p, lda)]);
    for (int64_t p = 0; p < k; p++)
      for (int64_t j = 0; j < n; j++)
        hB[sb + at_b (opb, p, j, ldb)] = sparse_block (j, p, hB[sb + at_b (opb, p, j, ldb)]);
  }
  if (pages > 1 && !share_a)   /* one NaN in page 1's A: its row of C, that page only */
    hA[sa + at_a (opa, 1 % m, k - 1, lda)] = NAN;
  double *dA, *dB, *dC;
  TU_GM (gm_device_alloc ((void **) &dA, sizeof (double) * na));
  TU_GM (gm_device_alloc ((void **) &dB, sizeof (double) * nb));
  TU_GM (gm_device_alloc ((void **) &dC, sizeof (double) * nc));
  TU_CUDA (cudaMemcpy (dA, hA, sizeof (double) * na, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (dB, hB, sizeof (double) * nb, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemset (dC, 0xFF, sizeof (double) * nc));
  gm_status st = gm_matmul (GM_MATMUL_OZAKI, GM_DOUBLE, opa, opb, m, n, k, dA, lda, sa, dB, ldb,
                            sb, dC, ldc, sc, pages, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  int slices = 0;
  int64_t fixups = 0, marked = 0, tiles = 0;
  TU_GM (gm_matmul_ozaki_stats (&slices, &fixups));
  TU_GM (gm_matmul_ozaki_tiles (&marked, &tiles));
  char what[160];
  snprintf (what, sizeof what, "ozaki%s batch %c%c %lldx%lldx%lld x %lld pages%s%s%s",
            version_label (), op_letter[opa],
            op_letter[opb], (long long) m, (long long) n, (long long) k, (long long) pages,
            share_a ? ", A shared" : "", share_b ? ", B shared" : "",
            spread == 1 ? ", page 1 spread" : spread == 2 ? ", page 1 sparseblocks" : "");
  if (st != GM_OK) {
    tu_result (0, "%s: status %d (%s)", what, (int) st, gm_error_detail ());
  } else {
    TU_CUDA (cudaMemcpy (hC, dC, sizeof (double) * nc, cudaMemcpyDeviceToHost));
    double *x = (double *) xmalloc (sizeof (double) * k), *y = (double *) xmalloc (sizeof (double) * k);
    int64_t bad = 0, gaps = 0;
    char first[200] = "";
    for (int64_t pg = 0; pg < pages; pg++)
      for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
          for (int64_t p = 0; p < k; p++) {
            x[p] = hA[pg * sa + at_a (opa, i, p, lda)];
            y[p] = hB[pg * sb + at_b (opb, p, j, ldb)];
          }
          double mg;
          const double r = exact_dot (x, 1, y, 1, k, &mg), v = hC[pg * sc + i + j * ldc];
          const int ok = isnan (r) ? isnan (v) : fabs (v - r) <= (double) k * 0x1p-52 * mg;
          if (!ok && bad++ == 0)
            snprintf (first, sizeof first, "page %lld C(%lld,%lld) = %.17g, expected %.17g",
                      (long long) pg, (long long) i, (long long) j, v, r);
        }
    /* the gaps between C's pages and rows past m keep their fill */
    for (int64_t pg = 0; pg < pages; pg++)
      for (int64_t j = 0; j < n; j++)
        for (int64_t i = m; i < ldc; i++)
          gaps += !isnan (hC[pg * sc + i + j * ldc]);
    bad_total += bad;
    tu_result (bad == 0 && gaps == 0, "%s: %lld bad, %lld gap elements written, first %s", what,
               (long long) bad, (long long) gaps, first);
    if (scheme2 () && k >= 16 && k <= OZ2_MAX_K && slices > 0) {
      /* the tile pass against dmma */
      check_tiles_of (what, opa, opb, m, n, k, hA, dA, lda, sa, hB, dB, ldb, sb, dC, ldc, sc,
                      pages, hC, marked, tiles, fixups);
    }
    free (x);
    free (y);
  }
  gm_device_free (dA);
  gm_device_free (dB);
  gm_device_free (dC);
  free (hA); free (hB); free (hC);
}

/* Zero dimensions and pages through ozaki: GM_OK, no fault, and k = 0 gives zeros. */
static void zero_dims (void)
{
  double *d;
  TU_GM (gm_device_alloc ((void **) &d, 512 * sizeof (double)));
  TU_CUDA (cudaMemset (d, 0xFF, 512 * sizeof (double)));
  static const int64_t shapes[][4] = {{0, 5, 20, 1}, {5, 0, 20, 1}, {0, 0, 0, 1}, {5, 3, 20, 0},
                                      {2, 3, 0, 1}};
  for (int q = 0; q < 5; q++) {
    const int64_t m = shapes[q][0], n = shapes[q][1], k = shapes[q][2], pages = shapes[q][3];
    const int64_t ld = m > 0 ? m : 1, ldb = k > 0 ? k : 1;
    const gm_status st = gm_matmul (GM_MATMUL_OZAKI, GM_DOUBLE, GM_OP_NONE, GM_OP_NONE, m, n, k,
                                    d, ld, 0, d, ldb, 0, d + 256, ld, 0, pages, 0);
    const cudaError_t err = cudaDeviceSynchronize ();
    double c[6] = {1, 1, 1, 1, 1, 1};
    if (k == 0 && m * n > 0)
      TU_CUDA (cudaMemcpy (c, d + 256, sizeof c, cudaMemcpyDeviceToHost));
    int zeros = 1;
    for (int e = 0; e < 6 && k == 0 && m * n > 0; e++)
      zeros = zeros && c[e] == 0.0;
    tu_result (st == GM_OK && err == cudaSuccess && zeros,
               "ozaki%s %lldx%lldx%lld x %lld pages: status %d (%s), %s%s", version_label (),
               (long long) m, (long long) n, (long long) k, (long long) pages, (int) st,
               st == GM_OK ? "" : gm_error_detail (), cudaGetErrorString (err),
               zeros ? "" : ", C not zeros");
  }
  gm_device_free (d);
}

/* Scheme II's tile pass split along k (issue 34): at small m and n and deep k dmma splits k
   into slices (m = n = 64, k = 4096: one 128x128 tile, 16 slices of 256 on a 132-SM H200), and
   so does the tile pass: its marked tiles equal dmma's under GPUMAT_DMMA_TILE=128x128 bit for
   bit (check_tiles), and its split launch and masked sum leave every unmarked tile as the crt
   wrote it.  Uniform pages (the guard keeps all of them), those past page 0 (all where there is
   one page) with a NaN in row 1 of op(A) (C's first row of tiles marked), the last page also
   with a -Inf in op(B)'s last column (its last column of tiles marked): exactly those tiles
   marked, every other tile bit for bit the same product's on the clean operands, and C's gaps
   (ldc = m + 1, 2 elements between pages) keep their fill.  slices: GPUMAT_DMMA_SLICES for
   the product and the comparison alike (the tile pass reads it as dmma does); NULL: planned,
   and then the plan must split. */
static void tile_split (gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k, int64_t pages,
                        const char *slices)
{
  const int64_t lda = stored_rows_a (opa, m, k), ldb = stored_rows_b (opb, k, n), ldc = m + 1;
  const int64_t sa = lda * stored_cols_a (opa, m, k), sb = ldb * stored_cols_b (opb, k, n);
  const int64_t sc = ldc * n + 2, na = sa * pages, nb = sb * pages, nc = sc * pages;
  const int64_t tm = (m + 127) / 128, tn = (n + 127) / 128, first_bad = pages > 1 ? 1 : 0;
  double *hA = (double *) xmalloc (sizeof (double) * na);
  double *hB = (double *) xmalloc (sizeof (double) * nb);
  double *hC0 = (double *) xmalloc (sizeof (double) * nc);
  double *hC = (double *) xmalloc (sizeof (double) * nc);
  for (int64_t e = 0; e < na; e++)
    hA[e] = tu_uniform ();
  for (int64_t e = 0; e < nb; e++)
    hB[e] = tu_uniform ();
  double *dA, *dB, *dC;
  TU_GM (gm_device_alloc ((void **) &dA, sizeof (double) * na));
  TU_GM (gm_device_alloc ((void **) &dB, sizeof (double) * nb));
  TU_GM (gm_device_alloc ((void **) &dC, sizeof (double) * nc));
  tu_setenv ("GPUMAT_DMMA_SLICES", slices);
  tu_setenv ("GPUMAT_DMMA_TILE", "128x128");
  int plan_m = 0, plan_n = 0, plan_slices = 0;
  const gm_status plan_st = gm_matmul_dmma_plan (opa, opb, m, n, k, pages, &plan_m, &plan_n,
                                                 &plan_slices);
  tu_setenv ("GPUMAT_DMMA_TILE", NULL);
  gm_status st = GM_OK;
  int64_t marked = 0, tiles = 0, fixups = 0;
  for (int dirty = 0; dirty < 2; dirty++) {
    if (dirty) {
      for (int64_t pg = first_bad; pg < pages; pg++)
        hA[pg * sa + at_a (opa, 1 % m, k / 2, lda)] = NAN;
      hB[(pages - 1) * sb + at_b (opb, k / 3, n - 1, ldb)] = -INFINITY;
    }
    TU_CUDA (cudaMemcpy (dA, hA, sizeof (double) * na, cudaMemcpyHostToDevice));
    TU_CUDA (cudaMemcpy (dB, hB, sizeof (double) * nb, cudaMemcpyHostToDevice));
    TU_CUDA (cudaMemset (dC, 0xFF, sizeof (double) * nc));
    const gm_status s1 = gm_matmul (GM_MATMUL_OZAKI, GM_DOUBLE, opa, opb, m, n, k, dA, lda, sa,
                                    dB, ldb, sb, dC, ldc, sc, pages, 0);
    TU_CUDA (cudaDeviceSynchronize ());
    st = st != GM_OK ? st : s1;
    TU_CUDA (cudaMemcpy (dirty ? hC : hC0, dC, sizeof (double) * nc, cudaMemcpyDeviceToHost));
  }
  int ozaki_slices = 0;
  TU_GM (gm_matmul_ozaki_stats (&ozaki_slices, &fixups));
  TU_GM (gm_matmul_ozaki_tiles (&marked, &tiles));
  char what[200];
  snprintf (what, sizeof what, "ozaki%s tile split %c%c %lldx%lldx%lld x %lld pages (%s slices)",
            version_label (), op_letter[opa], op_letter[opb], (long long) m, (long long) n,
            (long long) k, (long long) pages, slices ? slices : "planned");
  /* the tiles the bad values mark, the unmarked ones that differ from the clean product's */
  int64_t want = 0, differ = 0, gaps = 0;
  for (int64_t pg = 0; pg < pages; pg++)
    for (int64_t tj = 0; tj < tn; tj++)
      for (int64_t ti = 0; ti < tm; ti++) {
        const int bad = pg >= first_bad && (ti == 0 || (pg == pages - 1 && tj == tn - 1));
        want += bad;
        int same = 1;
        for (int64_t j = tj * 128; !bad && j < n && j < (tj + 1) * 128; j++)
          for (int64_t i = ti * 128; i < m && i < (ti + 1) * 128; i++) {
            const int64_t e = pg * sc + i + j * ldc;
            same = same && memcmp (&hC[e], &hC0[e], sizeof (double)) == 0;
          }
        differ += !same;
      }
  const uint64_t fill = ~(uint64_t) 0;
  for (int64_t e = 0; e < nc; e++) {
    const int64_t r = e % sc, i = r % ldc, j = r / ldc;
    if (j >= n || i >= m)
      gaps += memcmp (&hC[e], &fill, sizeof (double)) != 0;
  }
  tu_result (st == GM_OK && plan_st == GM_OK && (slices || plan_slices > 1)
                 && (tiles == 0 || marked == want) && differ == 0 && gaps == 0,
             "%s: status %d, dmma's 128x128 plan %d slices (status %d); %lld of %lld tiles "
             "marked (%lld expected); %lld unmarked tiles differ from the clean product's, %lld "
             "gap elements written", what, (int) st, plan_slices, (int) plan_st,
             (long long) marked, (long long) tiles, (long long) want, (long long) differ,
             (long long) gaps);
  if (st == GM_OK && scheme2 ())   /* the marked tiles against dmma's */
    check_tiles_of (what, opa, opb, m, n, k, hA, dA, lda, sa, hB, dB, ldb, sb, dC, ldc, sc, pages,
                    hC, marked, tiles, fixups);
  tu_setenv ("GPUMAT_DMMA_SLICES", NULL);
  gm_device_free (dA);
  gm_device_free (dB);
  gm_device_free (dC);
  free (hA); free (hB); free (hC0); free (hC);
}

/* Scheme II's tile pass (issue 34) on data whose elements its guard cannot all keep:
   element-wise exponent spread, rows and columns of huge and tiny values, one huge element,
   results near underflow (the crt marks their tiles) and codes past the overflow rule (the
   guard marks), and the earlier hard sets; k prime, m and n not multiples of 128 (partial
   tiles; n = 260 and 383 leave ws256 a 128-column tile of padding), op pairs in turn; zero
   dimensions; batches whose second page is spread; the tile pass in dmma's k slices at small m
   and n (tile_split).  Each product within the bound and its marked tiles dmma's bit for bit
   (check_tiles).  level 0: all; 1: fewer; 2 (racecheck, and
   each forced gemm): a third of the data sets at one shape. */
static void adversarial (int level)
{
  static const pattern pats[] = {EXPSPREAD, BANDS,     ONEHUGE,  NEARUNF, NEAROVF,
                                 ROWSPREAD, SUBNORMAL, SPECIALS, ONEBAD,  SPARSEBLOCKS};
  const int count = (int) (sizeof pats / sizeof pats[0]);
  for (int q = 0; q < count; q++) {
    if (level == 2 && q % 3 != 0)
      continue;
    const int p = (4 * q) % 9, p2 = (4 * q + 5) % 9;
    const int fix = pats[q] == ONEBAD ? 2 : -1;
    run (pats[q], pair_a (p), pair_b (p), 300, 260, 97, fix);
    if (level == 0)
      run (pats[q], pair_a (p2), pair_b (p2), 131, 383, 1009, fix);
  }
  /* the tile pass in dmma's k slices (dmma_split at these shapes on a 132-SM H200): a
     transposed C, its tiles 2 x 1, in 4 slices */
  tile_split (GM_OP_TRANSPOSE, GM_OP_TRANSPOSE, 200, 64, 1024, 2, NULL);
  if (level == 2)
    return;
  zero_dims ();
  tile_split (GM_OP_NONE, GM_OP_NONE, 64, 64, 4096, 1, NULL);   /* one tile, 16 slices */
  tile_split (GM_OP_TRANSPOSE, GM_OP_TRANSPOSE, 300, 200, 4096, 1, NULL);   /* Cᵀ's 2 x 3, 16 */
  tile_split (GM_OP_NONE, GM_OP_TRANSPOSE, 64, 200, 2048, 3, NULL);   /* pages: 6 tiles, 8 */
  tile_split (GM_OP_TRANSPOSE, GM_OP_TRANSPOSE, 130, 64, 4096, 2, "5");   /* forced: 5 */
  if (level == 0)
    tile_split (GM_OP_TRANSPOSE, GM_OP_NONE, 64, 64, 16384, 1, NULL);   /* 64 slices */
  run_batch (GM_OP_NONE, GM_OP_NONE, 150, 140, 97, 3, 0, 0, 1);
  run_batch (GM_OP_TRANSPOSE, GM_OP_TRANSPOSE, 129, 257, 61, 2, 0, 1, 1);
  run_batch (GM_OP_NONE, GM_OP_TRANSPOSE, 300, 270, 97, 3, 0, 0, 2);
  run_batch (GM_OP_TRANSPOSE, GM_OP_TRANSPOSE, 260, 390, 61, 2, 0, 1, 2);
  if (level == 0) {
    run (SPARSEBLOCKS, GM_OP_TRANSPOSE, GM_OP_TRANSPOSE, 520, 400, 300, -1);
    run (SPARSEBLOCKS, GM_OP_NONE, GM_OP_NONE, 129, 1, 16, -1);
    run (EXPSPREAD, GM_OP_NONE, GM_OP_NONE, 1, 1, 100, -1);
    run (EXPSPREAD, GM_OP_TRANSPOSE, GM_OP_NONE, 2, 3, 97, -1);
    run (EXPSPREAD, GM_OP_NONE, GM_OP_TRANSPOSE, 513, 515, 517, -1);
    run (NEARUNF, GM_OP_TRANSPOSE, GM_OP_TRANSPOSE, 640, 128, 128, -1);
  }
}

/* Every data set at 131x67x70 on op pairs 0, step, 2 step, ... < 9 (a third of them under
   --race), with what each data set expects of the FP64 path. */
static void every_pattern (int step)
{
  for (int p = 0; p < 9; p += step)
    for (int pat = 0; pat < PATTERNS; pat++) {
      if (quick == 2 && (pat + p) % 3 != 0)
        continue;
      const int none = pat == UNIFORM || pat == FULLBITS || pat == CANCEL || pat == ZEROROWS;
      run ((pattern) pat, pair_a (p), pair_b (p), 131, 67, 70, none ? 0 : pat == ONEBAD ? 2 : -1);
    }
}

/* One line a section with the checks so far and the seconds since the start: under racecheck
   (make sanitize, line-buffered) a log stopped by a time limit says how far the program got. */
/* ---- auto's ozaki (issue 34) ------------------------------------------------------------- */

/* C = op(A) op(B) of column-major double A (m x k) and B (k x n) on the device by `kernel`,
   downloaded to h_c (m x n); real (elems 1) or complex (elems 2) double. */
static gm_status device_product (gm_matmul_kernel kernel, int elems, int64_t m, int64_t n,
                                 int64_t k, const double *dA, const double *dB, double *dC,
                                 double *h_c)
{
  const gm_class cls = elems == 2 ? GM_COMPLEX_DOUBLE : GM_DOUBLE;
  TU_CUDA (cudaMemset (dC, 0xFF, sizeof (double) * (size_t) (elems * m * n)));
  const gm_status st = gm_matmul (kernel, cls, GM_OP_NONE, GM_OP_NONE, m, n, k, dA, m, 0, dB, k,
                                  0, dC, m, 0, 1, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaMemcpy (h_c, dC, sizeof (double) * (size_t) (elems * m * n),
                       cudaMemcpyDeviceToHost));
  return st;
}

/* A normal value (Box-Muller), as bench_accuracy draws them */
static double normal_value (void)
{
  double u = 0.5 * (tu_uniform () + 1.0), v = 0.5 * (tu_uniform () + 1.0);
  if (u < 1e-300)
    u = 1e-300;
  return sqrt (-2.0 * log (u)) * cos (2.0 * M_PI * v);
}

static int64_t differing (const double *x, const double *y, int64_t count)
{
  int64_t d = 0;
  for (int64_t e = 0; e < count; e++)
    d += memcmp (&x[e], &y[e], sizeof (double)) != 0;
  return d;
}

/* What auto runs for double products (pick_auto, matmul.cu): ozaki where the fast path exists
   (compute capability 9.0 here) and the cost model pays, dmma elsewhere, never ozaki for the
   products of host arrays (matmul_native.h) nor under GPUMAT_AUTO_DOUBLE=dmma.  Bits: on dense
   data auto's product is ozaki's; on data whose every tile the premark hands to dmma
   (bench_accuracy's exp 12 randn: each row's mass in a few elements) it is dmma's whole
   product (premark_hands_to_dmma);
   complex double through ozaki's real product is ozaki's by name; a product of host arrays is
   dmma's. */
static void auto_ozaki (void)
{
  struct { int64_t m, n, k; int ozaki; } shapes[] = {
      {4096, 4096, 4096, 1}, {8192, 8192, 8192, 1}, {3584, 3300, 3500, 1}, {2048, 2048, 2048, 0},
      {1024, 1024, 1024, 0}, {8192, 8192, 256, 0}, {8192, 8192, 1024, 0}, {65536, 256, 4096, 0},
      {8192, 8192, 15, 0}};
  for (const auto &sh : shapes) {
    gm_matmul_kernel got = GM_MATMUL_AUTO;
    const gm_status st = gm_matmul_auto_choice (GM_DOUBLE, GM_OP_NONE, GM_OP_NONE, sh.m, sh.n,
                                                sh.k, 1, &got);
    const gm_matmul_kernel want = expect_tile_pass && sh.ozaki ? GM_MATMUL_OZAKI : GM_MATMUL_DMMA;
    tu_result (st == GM_OK && got == want, "auto for double %lldx%lldx%lld: %s (want %s)",
               (long long) sh.m, (long long) sh.n, (long long) sh.k,
               gm_matmul_kernel_name (got), gm_matmul_kernel_name (want));
  }
  tu_setenv ("GPUMAT_AUTO_DOUBLE", "dmma");
  gm_matmul_kernel got = GM_MATMUL_AUTO;
  gm_status st = gm_matmul_auto_choice (GM_DOUBLE, GM_OP_NONE, GM_OP_NONE, 4096, 4096, 4096, 1,
                                        &got);
  tu_result (st == GM_OK && got == GM_MATMUL_DMMA, "auto for double under "
             "GPUMAT_AUTO_DOUBLE=dmma: %s", gm_matmul_kernel_name (got));
  tu_setenv ("GPUMAT_AUTO_DOUBLE", NULL);
  if (quick)
    return;

  /* the bits, at 3584 x 3300 x 3500 (auto's ozaki on compute capability 9.0, dmma elsewhere) */
  const int64_t m = 3584, n = 3300, k = 3500;
  double *hA = (double *) xmalloc (sizeof (double) * (size_t) (2 * m * k));
  double *hB = (double *) xmalloc (sizeof (double) * (size_t) (2 * k * n));
  double *hC = (double *) xmalloc (sizeof (double) * (size_t) (2 * m * n));
  double *hR = (double *) xmalloc (sizeof (double) * (size_t) (2 * m * n));
  double *dA, *dB, *dC;
  TU_GM (gm_device_alloc ((void **) &dA, sizeof (double) * (size_t) (2 * m * k)));
  TU_GM (gm_device_alloc ((void **) &dB, sizeof (double) * (size_t) (2 * k * n)));
  TU_GM (gm_device_alloc ((void **) &dC, sizeof (double) * (size_t) (2 * m * n)));
  const gm_matmul_kernel ran = expect_tile_pass ? GM_MATMUL_OZAKI : GM_MATMUL_DMMA;
  for (int spread = 0; spread < 2; spread++) {
    /* dense uniform data, then normal values times 2^round (12 randn) element by element (a
       uniform spread of exponents would leave tens of elements near each row's top: not
       premarked, its tiles marked by the guard later) */
    for (int64_t e = 0; e < 2 * m * k; e++)
      hA[e] = spread ? ldexp (normal_value (), (int) lround (12 * normal_value ()))
                     : tu_uniform ();
    for (int64_t e = 0; e < 2 * k * n; e++)
      hB[e] = spread ? ldexp (normal_value (), (int) lround (12 * normal_value ()))
                     : tu_uniform ();
    TU_CUDA (cudaMemcpy (dA, hA, sizeof (double) * (size_t) (m * k), cudaMemcpyHostToDevice));
    TU_CUDA (cudaMemcpy (dB, hB, sizeof (double) * (size_t) (k * n), cudaMemcpyHostToDevice));
    const gm_matmul_kernel same = spread ? GM_MATMUL_DMMA : ran;
    const gm_status s1 = device_product (GM_MATMUL_AUTO, 1, m, n, k, dA, dB, dC, hC);
    const gm_status s2 = device_product (same, 1, m, n, k, dA, dB, dC, hR);
    tu_result (s1 == GM_OK && s2 == GM_OK && differing (hC, hR, m * n) == 0,
               "auto %lldx%lldx%lld on %s data: status %d / %d, %lld elements differ from %s's",
               (long long) m, (long long) n, (long long) k, spread ? "exponent-spread" : "dense",
               (int) s1, (int) s2, (long long) differing (hC, hR, m * n),
               gm_matmul_kernel_name (same));
    /* the same product of host arrays: dmma's, whatever auto takes for gpumat arrays */
    const gm_status s3 = gm_matmul_host (GM_MATMUL_AUTO, GM_DOUBLE, GM_OP_NONE, GM_OP_NONE, m, n,
                                         k, hA, hB, hC, NULL);
    const gm_status s4 = gm_matmul_host (GM_MATMUL_DMMA, GM_DOUBLE, GM_OP_NONE, GM_OP_NONE, m, n,
                                         k, hA, hB, hR, NULL);
    tu_result (s3 == GM_OK && s4 == GM_OK && differing (hC, hR, m * n) == 0,
               "auto %lldx%lldx%lld of host arrays on %s data: status %d / %d, %lld elements "
               "differ from dmma's", (long long) m, (long long) n, (long long) k,
               spread ? "exponent-spread" : "dense", (int) s3, (int) s4,
               (long long) differing (hC, hR, m * n));
  }
  /* complex double 1792 x 3300 x 1750: its real product 3584 x 3300 x 3500 */
  const int64_t cm = 1792, cn = 3300, ck = 1750;
  for (int64_t e = 0; e < 2 * cm * ck; e++)
    hA[e] = tu_uniform ();
  for (int64_t e = 0; e < 2 * ck * cn; e++)
    hB[e] = tu_uniform ();
  TU_CUDA (cudaMemcpy (dA, hA, sizeof (double) * (size_t) (2 * cm * ck), cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (dB, hB, sizeof (double) * (size_t) (2 * ck * cn), cudaMemcpyHostToDevice));
  gm_matmul_kernel real_pick = GM_MATMUL_AUTO;
  TU_GM (gm_matmul_auto_choice (GM_DOUBLE, GM_OP_NONE, GM_OP_NONE, 2 * cm, cn, 2 * ck, 1,
                                &real_pick));
  const gm_status s1 = device_product (GM_MATMUL_AUTO, 2, cm, cn, ck, dA, dB, dC, hC);
  const gm_status s2 = device_product (real_pick == GM_MATMUL_OZAKI ? GM_MATMUL_OZAKI
                                                                    : GM_MATMUL_DMMA,
                                       2, cm, cn, ck, dA, dB, dC, hR);
  tu_result (s1 == GM_OK && s2 == GM_OK && differing (hC, hR, 2 * cm * cn) == 0,
             "auto complex double %lldx%lldx%lld (real product on %s): status %d / %d, %lld "
             "elements differ", (long long) cm, (long long) cn, (long long) ck,
             gm_matmul_kernel_name (real_pick), (int) s1, (int) s2,
             (long long) differing (hC, hR, 2 * cm * cn));
  gm_device_free (dA);
  gm_device_free (dB);
  gm_device_free (dC);
  free (hA); free (hB); free (hC); free (hR);
}

static time_t start_time;
static void progress (const char *section)
{
  printf ("%s: %s done: %d checks (%lld s)\n", PROGRAM, section, tu_passed + tu_failed,
          (long long) (time (NULL) - start_time));
}

int main (int argc, char **argv)
{
  gm_device_info info;
  if (!start_program (argc, argv, &quick, &info))
    return tu_finish (PROGRAM);
  void *d;
  TU_GM (gm_device_alloc (&d, 64));
  tu_result (gm_matmul (GM_MATMUL_OZAKI, GM_SINGLE, GM_OP_NONE, GM_OP_NONE, 2, 2, 2, d, 2, 0, d,
                        2, 0, d, 2, 0, 1, 0) == GM_ERR_INVALID_ARGUMENT
                 && strstr (gm_error_detail (), "double"),
             "ozaki in single not refused");
  if (10 * info.major + info.minor < 80) {
    /* ozaki refuses cleanly below sm_80 */
    tu_result (gm_matmul (GM_MATMUL_OZAKI, GM_DOUBLE, GM_OP_NONE, GM_OP_NONE, 2, 2, 2, d, 2, 0, d,
                          2, 0, d, 2, 0, 1, 0) == GM_ERR_INVALID_ARGUMENT,
               "ozaki below compute capability 8.0 not refused");
    gm_device_free (d);
    return tu_finish (PROGRAM);
  }
  gm_device_free (d);
  expect_tile_pass = info.major == 9 && info.minor == 0;
  tu_setenv ("GPUMAT_OZAKI_SLICES", NULL);
  tu_seed (20261313);
  start_time = time (NULL);
  const gm_op N = GM_OP_NONE, T = GM_OP_TRANSPOSE;
  /* the full set on scheme I (v1; scheme II, the default, runs its own subsets below) */
  tu_setenv ("GPUMAT_OZAKI_VERSION", "1");
  /* K around the floor, every op pair, every data set */
  const int kmax = quick == 2 ? 20 : 40;
  for (int p = 0; p < 9; p++) {
    const gm_op oa = pair_a (p), ob = pair_b (p);
    for (int k = 1; k <= kmax; k++) {
      if (quick && (k + p) % (quick == 2 ? 6 : 3) != 0 && k != 15 && k != 16)
        continue;
      run (UNIFORM, oa, ob, 37, 29, k, -1);
      if (!quick || k % 2 == 0)
        run ((pattern) (1 + (k + p) % (PATTERNS - 1)), oa, ob, 19, 23, k, -1);
    }
    /* every data set on shapes with several tiles, edges and a k residue */
    for (int pat = 0; pat < PATTERNS; pat++) {
      if (quick == 2 && (pat + p) % 3 != 0)
        continue;
      const int none = pat == UNIFORM || pat == FULLBITS || pat == CANCEL || pat == ZEROROWS;
      run ((pattern) pat, oa, ob, 131, 67, 70, none ? 0 : pat == ONEBAD ? 2 : -1);
      if (!quick)
        run ((pattern) pat, oa, ob, 257, 129, 263, none ? 0 : pat == ONEBAD ? 2 : -1);
    }
  }
  /* tiny and prime shapes */
  run (FULLBITS, N, N, 1, 1, 100, 0);
  run (UNIFORM, T, T, 1, 1, 16, -1);
  run (FULLBITS, T, N, 2, 3, 97, 0);
  run (SPECIALS, N, T, 3, 3, 17, -1);
  /* the guard at work: 7 slices at k = 256 certify only part of the elements */
  tu_setenv ("GPUMAT_OZAKI_SLICES", "7");
  run (UNIFORM, N, N, 96, 80, 256, 1);
  tu_setenv ("GPUMAT_OZAKI_SLICES", "4");   /* nothing certified: all on the FP64 path */
  run (FULLBITS, T, N, 40, 30, 300, -1);
  tu_setenv ("GPUMAT_OZAKI_SLICES", NULL);
  /* batches: strides with gaps, A or B shared, a NaN in one page */
  run_batch (N, N, 33, 17, 40, 3, 0, 0, 0);
  run_batch (T, N, 65, 70, 100, 4, 1, 0, 0);
  run_batch (N, T, 20, 130, 64, 5, 0, 1, 0);
  if (!quick)
    run_batch (T, T, 7, 9, 300, 1000, 0, 0, 0);
  progress ("scheme I: op pairs, k floor, data sets, batches");
  if (!quick) {
    /* tall, wide, deep k (int32 never near overflow: folded every 64), large */
    const gm_op pairs[4][2] = {{N, N}, {T, N}, {N, T}, {T, T}};
    for (int q = 0; q < 4; q++) {
      run (FULLBITS, pairs[q][0], pairs[q][1], 1, 1, 100000, 0);
      run (UNIFORM, pairs[q][0], pairs[q][1], 2, 3, 300000, 0);
      run (CANCEL, pairs[q][0], pairs[q][1], 200, 40, 3000, 0);
      run (WIDE, pairs[q][0], pairs[q][1], 64, 64, 2048, -1);
      run (FULLBITS, pairs[q][0], pairs[q][1], 1000, 3, 500, 0);
      run (UNIFORM, pairs[q][0], pairs[q][1], 3, 1000, 500, 0);
      run (SPECIALS, pairs[q][0], pairs[q][1], 300, 300, 300, -1);
      run (UNIFORM, pairs[q][0], pairs[q][1], 513, 515, 517, 0);
      run (ONEBAD, pairs[q][0], pairs[q][1], 64, 64, 4096, 2);
    }
  }
  progress ("scheme I: large shapes");
  /* v2 of the gemm (GPUMAT_OZAKI_VERSION=2: all diagonals at once) on a subset: every data
     set, four op pairs, around the floor, a batch, deep k */
  tu_setenv ("GPUMAT_OZAKI_VERSION", "2");
  every_pattern (quick ? 4 : 2);
  for (int k = 15; k <= 18; k++)
    run (UNIFORM, T, N, 37, 29, k, -1);
  run_batch (N, T, 20, 130, 64, 5, 0, 1, 0);
  if (!quick) {
    run (FULLBITS, N, N, 1, 1, 100000, 0);
    run (UNIFORM, T, T, 513, 515, 517, 0);
    run (SPECIALS, N, T, 300, 300, 300, -1);
  }
  tu_setenv ("GPUMAT_OZAKI_SLICES", "7");   /* s != 8: v1 runs */
  run (UNIFORM, N, N, 96, 80, 256, 1);
  tu_setenv ("GPUMAT_OZAKI_SLICES", NULL);
  progress ("scheme I, v2 gemm");
  /* scheme II (the default: GPUMAT_OZAKI_VERSION unset, 15 or 16 moduli) on the same subset:
     its own guard, its own roundings (not v1's bits); dense data keeps every element on the
     int8 path from k = 64 (bench/ozaki2_model.c) */
  tu_setenv ("GPUMAT_OZAKI_VERSION", NULL);
  every_pattern (quick ? 4 : 2);
  adversarial (quick);
  for (int k = 15; k <= 18; k++)
    run (UNIFORM, T, N, 37, 29, k, -1);
  run_batch (N, T, 20, 130, 64, 5, 0, 1, 0);
  run_batch (T, N, 33, 140, 100, 3, 1, 0, 0);
  if (!quick) {
    run (FULLBITS, N, N, 1, 1, 100000, 0);
    run (UNIFORM, T, T, 513, 515, 517, 0);
    run (SPECIALS, N, T, 300, 300, 300, -1);
    run (CANCEL, N, N, 200, 40, 3000, 0);
    run (ROWSPREAD, T, N, 130, 130, 1000, -1);
    run (UNIFORM, N, T, 1300, 140, 300, 0);   /* 11 row tiles: a raster group of 3 after 8 */
  }
  progress ("scheme II: data sets, adversarial, batches");
  auto_ozaki ();
  progress ("auto's ozaki");
  /* counts forced: 12 and 13 (the crt's 14-term form, the terms past N zeros), 15 past k = 1024
     and 16 to it, where the default takes the other; fewer moduli leave fewer bits, so the
     guard sends more to the FP64 path (not checked here), but every element stays within the
     bound */
  static const char *const moduli[] = {"12", "13", "15", "16"};
  for (int q = 0; q < 4; q++) {
    tu_setenv ("GPUMAT_OZAKI_MODULI", moduli[q]);
    run (UNIFORM, N, N, 96, 80, 256, -1);
    run (SPECIALS, T, T, 300, 300, 300, -1);
    run (WIDE, N, N, 64, 64, 2048, -1);
    /* deep k: not under racecheck, where check_tiles' dmma of 37x29x100000 is one 128x128
       tile's 1.6e9 multiply-adds through shared memory (in 132 slices on an H200, where it was
       one block before the tile pass split k: the same work) */
    if (quick == 2)
      continue;
    run (FULLBITS, T, N, 200, 130, 3000, -1);
    run (CANCEL, N, T, 200, 40, 3000, -1);
    run (UNIFORM, T, T, 37, 29, 100000, -1);
  }
  tu_setenv ("GPUMAT_OZAKI_MODULI", NULL);
  progress ("scheme II: 12, 13, 15 and 16 moduli");
  /* every gemm of scheme II forced in turn (on sm_90a the default picks ws256 or ws by n):
     ws256 (at every n, n <= 128 included), ws, wgmma with a barrier a k-tile, mma.sync (every
     other device's); every data set on two op pairs (n = 67 <= 128), the k floor, batches with
     a broadcast A (n = 140: one 256-wide column tile) and a broadcast B (n = 300: two, the
     second one partial), a deep product (n = 515: three 256-wide tiles), 11 row tiles against
     two column tiles (raster groups of 8 and 3 over both) */
  static const char *const gemms[] = {"ws256", "ws", "wg", "mma"};
  for (int q = 0; q < 4; q++) {
    tu_setenv ("GPUMAT_OZAKI2_GEMM", gemms[q]);
    every_pattern (8);
    adversarial (2);
    run_batch (N, N, 150, 140, 97, 3, 0, 0, 1);
    run (UNIFORM, T, N, 37, 29, 16, -1);
    run_batch (T, N, 33, 140, 100, 3, 1, 0, 0);
    run_batch (N, T, 20, 300, 64, 4, 0, 1, 0);
    if (!quick) {
      run (UNIFORM, T, T, 513, 515, 517, 0);
      run (FULLBITS, N, T, 1300, 300, 200, 0);
    }
    progress (gemms[q]);
  }
  tu_setenv ("GPUMAT_OZAKI2_GEMM", NULL);
  tu_setenv ("GPUMAT_OZAKI_VERSION", NULL);
  printf ("%s: %lld bad elements in all\n", PROGRAM, (long long) bad_total);
  return tu_finish (PROGRAM);
}
