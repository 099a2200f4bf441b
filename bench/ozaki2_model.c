/* ozaki2_model.c: the Ozaki scheme II (integer moduli and the Chinese remainder theorem) for
 * double products, modelled on the CPU, exactly as a GPU version would compute it, to choose
 * its parameters and check its guard before any kernel is written (issue 13, item 2: the
 * current ozaki kernel, scheme I, needs 37 int8 GEMMs; scheme II needs one per modulus).
 *
 * The scheme, per product C = op(A) op(B) (row i of op(A), column j of op(B), depth k):
 *   1. Scale: E_i with max_p |a_ip| < 2^E_i, F_j likewise; b bits:
 *        A'_ip = trunc (a_ip 2^(b - E_i)),  B'_pj = trunc (b_pj 2^(b - F_j)),  |A'|, |B'| < 2^b
 *      (exact power-of-two scalings; the truncation drops |a - A' 2^(E-b)| < 2^(E-b)).
 *   2. Residues: for each modulus m_t (N of them, pairwise coprime, <= 256), A'_t = A' mod m_t
 *      and B'_t in the symmetric range, int8.
 *   3. N int8 GEMMs, int32 sums: exact while k 128^2 < 2^31 (k < 131072).
 *   4. c_t = (A'_t B'_t) mod m_t; the CRT gives C' = A' B' mod M (M = prod m_t) in the
 *      symmetric range, which is A' B' itself when k 2^2b <= M / 2: b is the largest with that.
 *   5. C = C' 2^(E_i + F_j - 2b), rounded once (a 128-bit integer to double).
 * Guard (an element keeps this value only if the FP64 bound k eps S, S = sum_p |a_p||b_p|, is
 * certain): the truncation error is at most
 *        e = 2^(E-b) ||b_j||_1 + 2^(F-b) ||a_i||_1 + k 2^(E+F-2b)
 *   and the final rounding u |C|, u = 2^-53.  S is bounded below by T 2^(E+F-14), T = sum_p
 *   t(a_p) t(b_p) with t(x) = trunc (|x| 2^(7-E)) <= 127: one more int8 GEMM (as scheme I's
 *   guard).  Keep the element if  1.01 e <= (2k - 1.01) u T 2^(E+F-14); otherwise it goes to the
 *   FP64 path.  (||.||_1 from the scan pass, rounded up.)
 *
 * The reference is computed in __float128 (113 bits: each product exact, each sum rounded at
 * 2^-113).  For each data pattern, depth and modulus count the model reports the share of
 * elements that pass the guard, and over those the largest |C - Cref| / (k eps S) (must stay
 * <= 1: the claim) and / (u S) (how close to a correctly rounded sum).
 *
 *   make ozaki2-model     (host only, about a minute; target/ozaki2_model [side] for side x side
 *                          outputs a case, 16 by default)
 *   ozaki2_model --moduli  the error by k and modulus count beside dmma's (issue 34)
 *   ozaki2_model --single  the same scheme for float operands beside the FP32 warp kernel's
 *                          order, N = 6 to 10 moduli (issue 34 item 4; 15 s)
 *   ozaki2_model --crt     ozaki2_crt's arithmetic step for step against exact values, 12 to 16
 *                          moduli, k to 131071 (make check runs it: one check a row)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <quadmath.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

/* The largest pairwise coprime moduli up to 256 (checked in main) */
static const int MODULI[] = {256, 255, 253, 251, 247, 241, 239, 233, 229, 227,
                             223, 217, 211, 199, 197, 193, 191, 181, 179, 173};
#define MAX_N ((int) (sizeof MODULI / sizeof MODULI[0]))

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t next_u64 (void)
{
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static double uniform (void) { return (double) (next_u64 () >> 11) * 0x1p-53 * 2.0 - 1.0; }
static int randint (int lo, int hi) { return lo + (int) (next_u64 () % (uint64_t) (hi - lo + 1)); }
static double sign (void) { return (next_u64 () >> 63) ? -1.0 : 1.0; }

enum { UNIFORM, FULLBITS, CANCEL, ROWSPREAD, WIDE, RANDN, EXP12, EXP30, PATTERNS };
static const char *const pattern_name[PATTERNS] = {"uniform", "fullbits", "cancel", "rowspread",
                                                   "wide", "randn", "exp12", "exp30"};
static double normal (void)   /* Box-Muller */
{
  const double u1 = ((double) (next_u64 () >> 11) + 1.0) * 0x1p-53, u2 = (uniform () + 1.0) / 2;
  return sqrt (-2.0 * log (u1)) * cos (6.283185307179586 * u2);
}

/* op(A) row-major a[i*k + p], op(B) column-major b[j*k + p] (both k-contiguous) */
static void make (int pat, int m, int n, int k, double *a, double *b)
{
  for (long i = 0; i < (long) m * k; i++)
    a[i] = uniform ();
  for (long i = 0; i < (long) n * k; i++)
    b[i] = uniform ();
  if (pat == FULLBITS) {
    for (long i = 0; i < (long) (m + n) * k; i++) {
      const double x = sign () * ldexp (1.0 + (double) (next_u64 () >> 12) * 0x1p-52,
                                        randint (-2, 2));
      if (i < (long) m * k)
        a[i] = x;
      else
        b[i - (long) m * k] = x;
    }
  } else if (pat == CANCEL) {   /* second half of each sum cancels the first (to 2^-30 in 1/3) */
    const int h = k / 2;
    for (int i = 0; i < m; i++)
      for (int p = h; p < 2 * h; p++)
        a[(long) i * k + p] = a[(long) i * k + p - h];
    for (int j = 0; j < n; j++)
      for (int p = h; p < 2 * h; p++) {
        const double v = -b[(long) j * k + p - h];
        b[(long) j * k + p] = (j % 3 == 0) ? v * (1.0 + 0x1p-30) : v;
      }
  } else if (pat == ROWSPREAD) {   /* rows of A spread over 2^-10 .. 2^-70 */
    for (int i = 0; i < m; i++) {
      const int spread = 10 + 30 * (i % 3);
      for (int p = 0; p < k; p++)
        a[(long) i * k + p] = sign () * ldexp (1.0 + 0.5 * (uniform () + 1.0), -randint (0, spread));
    }
  } else if (pat == RANDN) {
    for (long i = 0; i < (long) m * k; i++)
      a[i] = normal ();
    for (long i = 0; i < (long) n * k; i++)
      b[i] = normal ();
  } else if (pat == EXP12 || pat == EXP30) {   /* randn 2^round (s randn): bench_accuracy's */
    const double sd = pat == EXP12 ? 12 : 30;
    for (long i = 0; i < (long) m * k; i++)
      a[i] = ldexp (normal (), (int) lrint (sd * normal ()));
    for (long i = 0; i < (long) n * k; i++)
      b[i] = ldexp (normal (), (int) lrint (sd * normal ()));
  } else if (pat == WIDE) {   /* exponents over -300 .. 299 on both sides */
    for (long i = 0; i < (long) m * k; i++)
      a[i] = sign () * ldexp (1.0 + 0.5 * (uniform () + 1.0), randint (-300, 299));
    for (long i = 0; i < (long) n * k; i++)
      b[i] = sign () * ldexp (1.0 + 0.5 * (uniform () + 1.0), randint (-300, 299));
  }
}

static int exponent_of (const double *x, int k)   /* max |x| < 2^E; INT_MIN-ish for zeros */
{
  double mx = 0;
  for (int p = 0; p < k; p++)
    mx = fmax (mx, fabs (x[p]));
  return mx == 0 ? -100000 : ilogb (mx) + 1;
}

/* Step 1 and the scan for `count` k-vectors x (rows of op(A) or columns of op(B)): exponent
 * E, 1-norm rounded up, the b-bit integers and the 7-bit tops of the guard. */
static void scale (const double *x, int count, int k, int bits, int *E, double *L1,
                   int64_t *ints, int *tops)
{
  for (int r = 0; r < count; r++) {
    const double *v = x + (long) r * k;
    E[r] = exponent_of (v, k);
    double s = 0;
    for (int p = 0; p < k; p++) {
      s += fabs (v[p]);
      ints[(long) r * k + p] = E[r] < -99999 ? 0 : (int64_t) trunc (ldexp (v[p], bits - E[r]));
      tops[(long) r * k + p] = E[r] < -99999 ? 0 : (int) trunc (ldexp (fabs (v[p]), 7 - E[r]));
    }
    L1[r] = s * (1 + 0x1p-52 * k);   /* rounded up */
  }
}

/* b for N moduli at depth k: the largest with k 2^2b <= M / 2, at most 53 (A' exact in a double
   and an int64) */
static int bits_for (int N, int k)
{
  double log2M = 0;
  for (int t = 0; t < N; t++)
    log2M += log2 ((double) MODULI[t]);
  const int bits = ((int) floor (log2M) - 1 - (int) ceil (log2 ((double) k))) / 2;
  return bits > 53 ? 53 : bits;
}
static long gcd (long x, long y) { return y ? gcd (y, x % y) : x; }

static int sym_mod (int64_t x, int m)   /* x mod m in (-m/2, m/2] ... fitting int8 */
{
  int64_t r = x % m;
  if (r < 0)
    r += m;
  if (r > m / 2 || (m == 256 && r == 128))
    r -= m;   /* 256: [-128, 127] */
  return (int) r;
}

typedef struct {
  double pass, worst_bound, worst_u;
  long fails;
} stats;

static stats run (int pat, int m, int n, int k, int N)
{
  double *a = malloc (sizeof (double) * m * k), *b = malloc (sizeof (double) * n * k);
  make (pat, m, n, k, a, b);
  /* M, b bits: k 2^2b <= M / 2.  Past 16 moduli M passes 128 bits: the model then takes
     C' = A' B' as the exact integer sum (what the CRT gives by the choice of b) and checks the
     accuracy only */
  const int crt = N <= 16;
  u128 M = 1;
  for (int t = 0; crt && t < N; t++)
    M *= (u128) MODULI[t];
  const int bits = bits_for (N, k);
  /* CRT weights: W_t = (M / m_t) * ((M / m_t)^-1 mod m_t) mod M, applied as
     (M / m_t) * ((c_t * inv_t) mod m_t) to keep every term below M */
  u128 Mt[MAX_N];
  int inv[MAX_N];
  for (int t = 0; crt && t < N; t++) {
    Mt[t] = M / (u128) MODULI[t];
    const int r = (int) (Mt[t] % (u128) MODULI[t]);
    inv[t] = 0;
    for (int y = 1; y < MODULI[t]; y++)
      if ((r * y) % MODULI[t] == 1)
        inv[t] = y;
  }
  int *E = malloc (sizeof (int) * m), *F = malloc (sizeof (int) * n);
  double *L1a = malloc (sizeof (double) * m), *L1b = malloc (sizeof (double) * n);
  int64_t *Ai = malloc (sizeof (int64_t) * m * k), *Bi = malloc (sizeof (int64_t) * n * k);
  int *Ta = malloc (sizeof (int) * m * k), *Tb = malloc (sizeof (int) * n * k);
  scale (a, m, k, bits, E, L1a, Ai, Ta);
  scale (b, n, k, bits, F, L1b, Bi, Tb);
  const double u = 0x1p-53, eps = 0x1p-52;
  stats st = {0, 0, 0, 0};
  long passed = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      const double *x = a + (long) i * k, *y = b + (long) j * k;
      __float128 ref = 0, S = 0;
      for (int p = 0; p < k; p++) {
        ref += (__float128) x[p] * (__float128) y[p];
        S += fabsq ((__float128) x[p] * (__float128) y[p]);
      }
      if (E[i] < -99999 || F[j] < -99999)
        continue;   /* a zero row or column: exact zeros, no guard needed */
      /* residue GEMMs and the CRT */
      u128 acc = 0;
      long T = 0;
      i128 exact = 0;
      for (int p = 0; !crt && p < k; p++)
        exact += (i128) Ai[(long) i * k + p] * Bi[(long) j * k + p];
      for (int t = 0; crt && t < N; t++) {
        const int mt = MODULI[t];
        int64_t sum = 0;
        for (int p = 0; p < k; p++)
          sum += (int64_t) sym_mod (Ai[(long) i * k + p], mt) * sym_mod (Bi[(long) j * k + p], mt);
        if (llabs (sum) >= ((int64_t) 1 << 31)) {
          fprintf (stderr, "int32 overflow at k = %d\n", k);
          exit (1);
        }
        const int c = sym_mod (sum, mt) < 0 ? sym_mod (sum, mt) + mt : sym_mod (sum, mt);
        acc = (acc + Mt[t] * (u128) ((c * inv[t]) % mt)) % M;
      }
      for (int p = 0; p < k; p++)
        T += (long) Ta[(long) i * k + p] * Tb[(long) j * k + p];
      const i128 Cint = !crt ? exact : acc > M / 2 ? (i128) acc - (i128) M : (i128) acc;
      const double C = ldexp ((double) Cint, E[i] + F[j] - 2 * bits);
      /* the guard, scaled by 2^-(E+F) */
      const double e = (ldexp (L1b[j], -F[j]) + ldexp (L1a[i], -E[i])) * ldexp (1.0, -bits)
                       + k * ldexp (1.0, -2 * bits);
      const double room = (2.0 * k - 1.01) * u * (double) T * 0x1p-14;
      if (!(1.01 * e <= room))
        continue;
      passed++;
      const double err = (double) fabsq ((__float128) C - ref);
      const double sd = (double) S;
      const double rb = err / (k * eps * sd), ru = err / (u * sd);
      if (rb > 1)
        st.fails++;
      if (rb > st.worst_bound)
        st.worst_bound = rb;
      if (ru > st.worst_u)
        st.worst_u = ru;
    }
  st.pass = (double) passed / ((double) m * n);
  free (a), free (b), free (E), free (F), free (L1a), free (L1b), free (Ai), free (Bi);
  free (Ta), free (Tb);
  return st;
}

/* Issue 34: how many moduli keep ozaki's error at dmma's, by k (make ozaki2-model
   OZAKI2_MODEL_ARGS=--moduli).  err/uS on randn and uniform data for N = 14 to 20 (bits capped
   at 53), beside dmma's measured max error in the same unit on the H200 (bench_accuracy, m = n =
   64; bench/NOTES-matmul.md); the model's outputs are 24 x 24 a case. */
static int moduli_table (void)
{
  const int ks[] = {256, 2048, 16384};
  const double dmma_randn[] = {1.42, 0.391, 0.134}, dmma_uniform[] = {1.75, 0.307, 0.126};
  printf ("Ozaki II model, moduli against k: max |C - Cref| / (u S), 24x24 outputs a case; dmma "
          "= the H200's measured max (bench_accuracy, 64x64)\n\n");
  printf ("%-8s %6s %7s", "data", "k", "dmma");
  for (int N = 14; N <= 20; N++)
    printf ("   N=%-2d (b)", N);
  printf ("\n");
  for (int pat = 0; pat < 2; pat++)
    for (int q = 0; q < 3; q++) {
      const int k = ks[q], which = pat ? RANDN : UNIFORM;
      printf ("%-8s %6d %7.3f", pattern_name[which], k, pat ? dmma_randn[q] : dmma_uniform[q]);
      for (int N = 14; N <= 20; N++) {
        const stats st = run (which, 24, 24, k, N);
        printf (" %7.3f (%2d)", st.worst_u, bits_for (N, k));
      }
      printf ("\n");
    }
  return 0;
}

/* Issue 34 item 4: scheme II for single (float operands and C), modelled (make ozaki2-model
   OZAKI2_MODEL_ARGS=--single).  b bits of each operand (at most 24, a float's significand) by
   the rule of bits_for, their product exact (what the CRT gives by that choice of b), C rounded
   once to float; beside it the FP32 warp kernel's order (one fmaf chain an output, p ascending,
   as matmul_warp.cu's threads sum where k is not split); both against the exact sum (every
   float product is exact in double, the sums in __float128).  Prints max |C - Cref| / (eps32
   |A||B|), eps32 = 2^-23, over m x n outputs, for N = 6 to 10 moduli: the fewest N within 2x
   of the warp kernel is the one issue 34's "single at FP32 accuracy" can use. */
static void single_case (int pat, int m, int n, int k, const int *Ns, int count, double *warp,
                         double *oz)
{
  double *a = malloc (sizeof (double) * m * k), *b = malloc (sizeof (double) * n * k);
  make (pat, m, n, k, a, b);
  for (long i = 0; i < (long) m * k; i++)
    a[i] = (double) (float) a[i];
  for (long i = 0; i < (long) n * k; i++)
    b[i] = (double) (float) b[i];
  *warp = 0;
  for (int q = 0; q < count; q++)
    oz[q] = 0;
  const double eps32 = 0x1p-23;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      const double *x = a + (long) i * k, *y = b + (long) j * k;
      __float128 ref = 0, S = 0;
      float c = 0;
      for (int p = 0; p < k; p++) {
        ref += (__float128) (x[p] * y[p]);
        S += fabsq ((__float128) (x[p] * y[p]));
        c = fmaf ((float) x[p], (float) y[p], c);
      }
      if (S == 0)
        continue;
      const double sd = (double) S;
      *warp = fmax (*warp, (double) fabsq ((__float128) c - ref) / (eps32 * sd));
      const int E = exponent_of (x, k), F = exponent_of (y, k);
      for (int q = 0; q < count; q++) {
        int bits = bits_for (Ns[q], k);
        bits = bits > 24 ? 24 : bits;
        i128 acc = 0;
        for (int p = 0; p < k; p++)
          acc += (i128) (int64_t) trunc (ldexp (x[p], bits - E))
                 * (int64_t) trunc (ldexp (y[p], bits - F));
        /* one rounding: the integer is exact in __float128 (|acc| < k 2^48), the scaling too */
        const float C = (float) ((__float128) acc * (__float128) ldexp (1.0, E + F - 2 * bits));
        oz[q] = fmax (oz[q], (double) fabsq ((__float128) C - ref) / (eps32 * sd));
      }
    }
  free (a);
  free (b);
}

static int single_table (void)
{
  const int ks[] = {256, 2048, 16384}, Ns[] = {6, 7, 8, 9, 10};
  const int pats[] = {RANDN, UNIFORM, CANCEL, ROWSPREAD, FULLBITS};
  const int nN = (int) (sizeof Ns / sizeof Ns[0]);
  printf ("Ozaki II for single, modelled: max |C - Cref| / (eps32 |A||B|), 24x24 outputs a case;\n"
          "warp = one fmaf chain an output (matmul_warp.cu's order); (b) = bits kept of each "
          "operand\n\n%-10s %6s %8s", "data", "k", "warp");
  for (int q = 0; q < nN; q++)
    printf ("   N=%-2d (b)", Ns[q]);
  printf ("\n");
  for (unsigned t = 0; t < sizeof pats / sizeof pats[0]; t++)
    for (unsigned r = 0; r < sizeof ks / sizeof ks[0]; r++) {
      double warp, oz[8];
      single_case (pats[t], 24, 24, ks[r], Ns, nN, &warp, oz);
      printf ("%-10s %6d %8.3f", pattern_name[pats[t]], ks[r], warp);
      for (int q = 0; q < nN; q++) {
        const int bits = bits_for (Ns[q], ks[r]);
        printf (" %7.3f (%2d)", oz[q], bits > 24 ? 24 : bits);
      }
      printf ("\n");
    }
  return 0;
}

/* Issue 34, 16 moduli: ozaki2_crt's arithmetic (kernels/ozaki/scheme2.cu, ozaki2_setup and the
   crt's kept branch), step for step on the CPU, against the exact value (make ozaki2-model
   OZAKI2_MODEL_ARGS=--crt).  For N = 12 to 16 and depths to the int32 limit: b by ozaki2_setup's
   rule, products y = A' B' with |y| <= k (2^b - 1)^2 (the extremes and random ones), their
   weights w_t = ((y mod m_t) inv_t) mod m_t, then the three limb sums of w_t M / m_t in FP64
   FMAs, q = rint of their estimate over M, r_l = S_l - q M_l by the 1.5 2^52 trick and y in 128
   bits: every y must come back exactly, and every limb sum must equal its exact integer (the
   largest, all w_t = m_t - 1, printed as log2: FP64 is exact below 2^53).  Each row also checks
   the slice's residues and the gemms' weights for its moduli (slice_weight_check). */
typedef struct {
  int bits, inv[MAX_N];
  u128 M;
  double pt[3][MAX_N], ml[3], inv_M;
} crt_consts;

static void crt_setup (int N, long k, crt_consts *c)
{
  u128 M = 1;
  for (int t = 0; t < N; t++)
    M *= (unsigned) MODULI[t];
  int log2_M = 0, log2_k = 0;
  while (log2_M < 127 && (M >> (log2_M + 1)) != 0)
    log2_M++;
  while (((long) 1 << log2_k) < k)
    log2_k++;
  int bits = (log2_M - 1 - log2_k) / 2;
  bits = bits > 53 ? 53 : bits;
  while (bits > 8 && (M >> 1) - (u128) k * (((u128) 1 << bits) - 1) * (((u128) 1 << bits) - 1)
                         < (M >> 40))
    bits--;
  c->bits = bits;
  c->M = M;
  const u128 limb = ((u128) 1 << 39) - 1;
  for (int t = 0; t < N; t++) {
    const int mt = MODULI[t];
    const u128 q = M / (unsigned) mt;
    const int r = (int) (q % (unsigned) mt);
    c->inv[t] = 0;
    for (int y = 1; y < mt; y++)
      if ((r * y) % mt == 1)
        c->inv[t] = y;
    c->pt[0][t] = (double) (uint64_t) (q >> 78);
    c->pt[1][t] = (double) (uint64_t) ((q >> 39) & limb);
    c->pt[2][t] = (double) (uint64_t) (q & limb);
  }
  c->ml[0] = (double) (uint64_t) (M >> 78);
  c->ml[1] = (double) (uint64_t) ((M >> 39) & limb);
  c->ml[2] = (double) (uint64_t) (M & limb);
  c->inv_M = 1.0 / ((double) (uint64_t) (M >> 64) * 0x1p64 + (double) (uint64_t) M);
}

/* the crt's kept branch; *sums_exact: each limb sum equals its exact integer */
static i128 crt_limbs (const crt_consts *c, int N, const int *w, int *sums_exact)
{
  double S[3] = {0, 0, 0};
  i128 exact[3] = {0, 0, 0};
  for (int t = 0; t < N; t++)
    for (int l = 0; l < 3; l++) {
      S[l] = fma ((double) w[t], c->pt[l][t], S[l]);
      exact[l] += (i128) w[t] * (i128) c->pt[l][t];
    }
  *sums_exact = (i128) S[0] == exact[0] && (i128) S[1] == exact[1] && (i128) S[2] == exact[2];
  const double q = rint (fma (S[0], 0x1p78, S[1] * 0x1p39) * c->inv_M);
  long long r[3];
  for (int l = 0; l < 3; l++) {
    const double v = fma (-q, c->ml[l], S[l]) + 0x1.8p52;
    long long bits;
    memcpy (&bits, &v, sizeof bits);
    r[l] = bits - 0x4338000000000000ll;
  }
  return ((i128) r[0] << 78) + ((i128) r[1] << 39) + (i128) r[2];
}

/* The residues the slice stores (ozaki2_slice's integer path) and the weights the gemms' epilogue
   makes (oz2_weight), for modulus index t: failures over the extremes and `draws` random values
   of A' (|A'| < 2^bits) and of the int32 sums. */
static long slice_weight_check (int t, int bits, int inv, int draws)
{
  const unsigned m = (unsigned) MODULI[t];
  const uint32_t c22 = (uint32_t) ((1ull << 22) % m), c44 = (uint32_t) ((1ull << 44) % m);
  const uint32_t off = (uint32_t) ((128 + m - (unsigned) ((1ull << 53) % m)) % m);
  const uint32_t magic = (uint32_t) (((1ull << 39) + m - 1) / m), neg_m = 0u - m;
  const uint32_t inv_hi = (uint32_t) (((1ull << 16) * (unsigned) inv) % m);
  const uint32_t w_off = ((1u << 23) + m - 1) / m * m;
  long bad = 0;
  const long long amax = (1ll << bits) - 1;
  for (int d = 0; d < draws + 4; d++) {
    /* the slice: A' + 2^53 cut into 22-bit pieces, y == A' + 128 (mod m), r = y mod m, the
       byte r - 128 (r ^ 0x80 as int8); plane 0 (m = 256) is A's low byte */
    const long long a = d == 0 ? amax : d == 1 ? -amax : d == 2 ? 0
                        : d == 3 ? -1 : (long long) (next_u64 () % (uint64_t) (2 * amax + 1)) - amax;
    const unsigned long long V = (unsigned long long) (a + (1ll << 53));
    const uint32_t u0 = (uint32_t) V & 0x3fffffu, u1 = (uint32_t) (V >> 22) & 0x3fffffu,
                   u2 = (uint32_t) (V >> 44);
    int byte;
    if (t == 0)
      byte = (int8_t) (uint8_t) u0;
    else {
      const uint32_t y = u2 * c44 + u1 * c22 + u0 + off;
      const uint32_t r = y + (uint32_t) (((uint64_t) y * magic) >> 39) * neg_m;
      byte = (int8_t) (uint8_t) (r ^ 0x80u);
      bad += r >= m;
    }
    bad += (((long long) byte - a) % (long long) m) != 0;
    /* the weight: acc = h 2^16 + l, y = h inv_hi + l inv + w_off == acc inv (mod m), w = y mod m */
    const int acc = d == 0 ? INT32_MAX : d == 1 ? -INT32_MAX : d == 2 ? 0 : d == 3 ? -1
                    : (int) (uint32_t) next_u64 ();
    const int h = acc >> 16;
    const uint32_t l = (uint32_t) acc & 0xffffu;
    const uint32_t y = (uint32_t) (h * (int) inv_hi) + l * (uint32_t) inv + w_off;
    const uint32_t w = y + (uint32_t) (((uint64_t) y * magic) >> 39) * neg_m;
    long long want = ((long long) acc % (long long) m) * inv % (long long) m;
    want = want < 0 ? want + m : want;
    bad += w != (uint32_t) want;
  }
  return bad;
}

static int crt_check (void)
{
  const long ks[] = {16, 64, 256, 1024, 1025, 2048, 4096, 16384, 65536, 131071};
  const int nk = (int) (sizeof ks / sizeof ks[0]), draws = 20000;
  printf ("ozaki2_crt's arithmetic on the CPU against exact 128-bit values, %d random products "
          "and the extremes a case\n\n%3s %7s %5s %10s %12s %9s\n", draws, "N", "k", "bits",
          "log2 M", "log2 max S0", "failures");
  long failures = 0, cases = 0, bad_cases = 0;
  for (int N = 12; N <= 16; N++)
    for (int q = 0; q < nk; q++) {
      crt_consts c;
      crt_setup (N, ks[q], &c);
      const u128 one = 1, Y = (u128) ks[q] * ((one << c.bits) - 1) * ((one << c.bits) - 1);
      long bad = 0;
      int w[MAX_N], exact;
      /* the largest limb sum: every weight m_t - 1 */
      for (int t = 0; t < N; t++)
        w[t] = MODULI[t] - 1;
      (void) crt_limbs (&c, N, w, &exact);
      bad += !exact;
      double top = 0;
      for (int t = 0; t < N; t++)
        top += (double) w[t] * c.pt[0][t];
      for (int t = 0; t < N; t++)
        bad += slice_weight_check (t, c.bits, c.inv[t], 2000);
      for (int d = 0; d < draws + 6; d++) {
        i128 y;
        switch (d) {
        case 0: y = 0; break;
        case 1: y = 1; break;
        case 2: y = -1; break;
        case 3: y = (i128) Y; break;
        case 4: y = -(i128) Y; break;
        case 5: y = (i128) Y - 1; break;
        default: {
          const u128 u = ((u128) next_u64 () << 64) | next_u64 ();
          y = (i128) (u % (2 * Y + 1)) - (i128) Y;
        }
        }
        for (int t = 0; t < N; t++) {
          const int mt = MODULI[t];
          int ct = (int) (y % mt);
          ct = ct < 0 ? ct + mt : ct;
          w[t] = (ct * c.inv[t]) % mt;
        }
        const i128 back = crt_limbs (&c, N, w, &exact);
        bad += back != y || !exact;
      }
      double log2M = 0;
      for (int t = 0; t < N; t++)
        log2M += log2 ((double) MODULI[t]);
      printf ("%3d %7ld %5d %10.2f %12.2f %9ld\n", N, ks[q], c.bits, log2M, log2 (top), bad);
      failures += bad;
      bad_cases += bad != 0;
      cases++;
    }
  /* the line make check counts (tests/check.sh): a check a row */
  printf ("\n%ld failures\nozaki2_crt_model: %ld passed, %ld failed, 0 skipped\n", failures,
          cases - bad_cases, bad_cases);
  return failures != 0;
}

int main (int argc, char **argv)
{
  for (int s = 0; s < MAX_N; s++)
    for (int t = s + 1; t < MAX_N; t++)
      if (gcd (MODULI[s], MODULI[t]) != 1) {
        fprintf (stderr, "moduli %d and %d share a factor\n", MODULI[s], MODULI[t]);
        return 1;
      }
  if (argc > 1 && !strcmp (argv[1], "--moduli"))
    return moduli_table ();
  if (argc > 1 && !strcmp (argv[1], "--single"))
    return single_table ();
  if (argc > 1 && !strcmp (argv[1], "--crt"))
    return crt_check ();
  const int ks[] = {16, 64, 256, 1024, 4096, 16384};
  const int Ns[] = {12, 13, 14, 15, 16};
  const int m = argc > 1 ? atoi (argv[1]) : 16, n = m;
  printf ("Ozaki II model: %dx%d outputs a case; pass = share of elements the guard keeps;\n"
          "err/bound = max |C - Cref| / (k eps S) over those (must be <= 1); err/uS = the same "
          "in units of u S\n\n", m, n);
  printf ("%-10s %6s %3s %5s %7s %10s %9s %6s\n", "pattern", "k", "N", "bits", "pass", "err/bound",
          "err/uS", "fails");
  long fails = 0;
  for (int pat = 0; pat < PATTERNS; pat++)
    for (unsigned q = 0; q < sizeof ks / sizeof ks[0]; q++)
      for (unsigned r = 0; r < sizeof Ns / sizeof Ns[0]; r++) {
        const int bits = bits_for (Ns[r], ks[q]);
        const stats st = run (pat, m, n, ks[q], Ns[r]);
        fails += st.fails;
        printf ("%-10s %6d %3d %5d %6.1f%% %10.3g %9.3g %6ld\n", pattern_name[pat], ks[q], Ns[r],
                bits, 100 * st.pass, st.worst_bound, st.worst_u, st.fails);
      }
  printf ("\n%ld elements past the bound among those the guard kept\n", fails);
  return fails != 0;
}
