/* test_tf32.cu: the tf32x3 kernel (kernels/tf32/) on inputs chosen to break a 3xTF32
 * split, against a CPU reference in double, within FP32's own bound
 *     |C - Cref| <= k eps(single) sum_p |a_p| |b_p|  +  3 (k + 8) 2^-126
 * (the header of kernels/tf32/tf32.cuh derives it; the absolute term covers underflow, even
 * with a tensor core that flushes subnormal results).  Where Cref is NaN the result must be NaN, where
 * it is infinite the same infinity.  Every op pair (NN TN CN NT TT CT NC TC CC), odd shapes.
 * Data sets:
 *   uniform    [-1, 1): the ordinary case, K = 1..30 around the k-floor (22: below it the
 *              product runs on the FFMA warp kernel) and larger shapes (split-K included);
 *   wide       |x| = 2^e (1 + f), e uniform in -60..60 per element: every row and column spans
 *              2^120, products of 2^-120..2^120 in one sum;
 *   cancel     the second half of k repeats the first with op(B)'s signs flipped (and a 2^-20
 *              relative nudge on some), so rows sum to ~0 against a large sum |a||b|;
 *   residual   mantissas 1.xxxxxxxxxx1 followed by ±2^-23 (x = 1 + 2^-11 + 2^-23 among them):
 *              x - tf32(x) needs 12-13 bits, so the residual itself is rounded;
 *   nearmax    a few elements of op(A) within 2^-11 of FLT_MAX (tf32 rounding would overflow to
 *              Inf) and 2^61..2^100, against op(B) of 2^-110..2^-100 so that the products stay
 *              finite (the block recomputes by FFMA);
 *   subnormal  subnormals and normals below 2^-103 in op(A) (some rows all of them), op(B) of
 *              2^90..2^100, so the products are normal and must not be lost;
 *   specials   Inf, -Inf and NaN at various places against normal values: Inf * 0 = NaN,
 *              Inf - Inf = NaN, Inf * x = +-Inf, a NaN whose payload lies in the low 13 bits
 *              (an MMA reading it raw would see Inf), with the rest of the data in the tensor
 *              path's range (Inf and NaN are handled on the tensor path itself);
 *   onebad     uniform but for one tiny normal in op(A) and one huge value in op(B): only the
 *              blocks (split-K slices) that read them recompute by FFMA.
 * On uniform, wide and residual data with k >= 22 the tensor path must also be 32x more
 * accurate (max |C - Cref| / S) than 1xTF32 emulated on the CPU: the k eps S bound alone does
 * not tell 3xTF32 from 1xTF32 at large k (k eps >= 2^-11 from k = 4096).
 * Each case runs tf32x3 as it runs by default (on compute capability 9.0 from k = 128: v3 where
 * its tiles fill the GPU, else v2; v1 elsewhere), with a FADD every 3 k-tiles (k >= 240), v1
 * (GPUMAT_TF32X3_VERSION=1), v3 forced onto any grid (GPUMAT_TF32X3_VERSION=3, k >= 128) and
 * auto (tf32x3 for the large products where it takes it), all against the bound, and the warp
 * kernel on the same data as a check of the test itself; pages (one operand shared or not)
 * by default and by v3.
 *
 *   test_tf32            the full set
 *   test_tf32 --quick    fewer shapes (for compute-sanitizer memcheck)
 *   test_tf32 --race     fewer still (racecheck)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <float.h>
#include "test_util.h"

static const char *PROGRAM = "test_tf32";
#include "matmul_test_util.h"
static int quick;   /* 1: --quick, 2: --race */

typedef enum { UNIFORM, WIDE, CANCEL, RESIDUAL, NEARMAX, SUBNORMAL, SPECIALS, ONEBAD, PATTERNS } pattern;
static const char *const pattern_name[PATTERNS] = {"uniform", "wide",    "cancel",   "residual",
                                                   "nearmax", "subnormal", "specials", "onebad"};

static float rnd_sign (void) { return (tu_next () >> 63) ? -1.0f : 1.0f; }
/* 2^e (1 + f), f uniform in [0, 1), with a random sign */
static float pow2_val (int e) { return rnd_sign () * ldexpf (1.0f + 0.5f * (float) (tu_uniform () + 1.0), e); }

/* The values of op(A) (m x k) and op(B) (k x n), row-major in a[i*k + p] and b[p*n + j]. */
static void make_values (pattern pat, int64_t m, int64_t n, int64_t k, float *a, float *b)
{
  for (int64_t i = 0; i < m * k; i++)
    a[i] = (float) tu_uniform ();
  for (int64_t i = 0; i < k * n; i++)
    b[i] = (float) tu_uniform ();
  switch (pat) {
  case UNIFORM:
    break;
  case WIDE:
    for (int64_t i = 0; i < m * k; i++)
      a[i] = pow2_val ((int) tu_randint (-60, 59));
    for (int64_t i = 0; i < k * n; i++)
      b[i] = pow2_val ((int) tu_randint (-60, 59));
    break;
  case CANCEL: {
    const int64_t h = k / 2;
    for (int64_t i = 0; i < m; i++)
      for (int64_t p = h; p < 2 * h; p++)
        a[i * k + p] = a[i * k + p - h];
    for (int64_t p = h; p < 2 * h; p++)
      for (int64_t j = 0; j < n; j++) {
        const float v = -b[(p - h) * n + j];
        b[p * n + j] = (j % 3 == 0) ? v * (1.0f + 0x1p-20f) : v;
      }
    break;
  }
  case RESIDUAL:
    for (int64_t i = 0; i < m * k + k * n; i++) {
      /* 1.xxxxxxxxxx1 (11 bits after the point: the tf32 rounding bit set) then +-2^-23 */
      const float top = 1.0f + (float) tu_randint (0, 1023) * 0x1p-10f + 0x1p-11f;
      const float x = rnd_sign () * ldexpf (top + rnd_sign () * 0x1p-23f, (int) tu_randint (-4, 4));
      if (i < m * k)
        a[i] = x;
      else
        b[i - m * k] = x;
    }
    a[0] = 1.0f + 0x1p-11f + 0x1p-23f;
    break;
  case NEARMAX:
    for (int64_t i = 0; i < m * k; i++) {
      const int64_t r = tu_randint (0, 7);
      if (r == 0) /* within 2^-11 of FLT_MAX: tf32 rounding to nearest overflows */
        a[i] = rnd_sign () * (FLT_MAX - (float) tu_randint (0, 1000) * 0x1p104f);
      else if (r == 1)
        a[i] = pow2_val ((int) tu_randint (61, 100));
    }
    for (int64_t i = 0; i < k * n; i++)
      b[i] = pow2_val ((int) tu_randint (-110, -101));
    break;
  case SUBNORMAL:
    for (int64_t i = 0; i < m * k; i++) {
      const int64_t r = tu_randint (0, 3);
      const int64_t row = i / k;
      if (row % 4 == 1 || r == 0) /* subnormal: an integer times 2^-149 */
        a[i] = rnd_sign () * ldexpf ((float) tu_randint (1, (1 << 23) - 1), -149);
      else if (r == 1) /* normal, below 2^-103: the residual would be subnormal */
        a[i] = pow2_val ((int) tu_randint (-126, -104));
    }
    for (int64_t i = 0; i < k * n; i++)
      b[i] = pow2_val ((int) tu_randint (90, 99));
    break;
  case SPECIALS:
    if (m >= 2 && n >= 2 && k >= 2) {
      a[0 * k + 0] = INFINITY;      /* row 0: Inf * b: +-Inf, and Inf * 0 below */
      b[0 * n + 1] = 0.0f;          /* C(0, 1): Inf * 0 = NaN */
      a[1 * k + (k - 1)] = NAN;     /* row 1: NaN */
      b[(k - 1) * n + 0] = -INFINITY; /* column 0: -Inf * a: C(0, 0) = Inf + -Inf... = NaN */
      if (m >= 4) {
        a[3 * k + 1] = -INFINITY;   /* row 3: -Inf * b(1, j) */
        a[3 * k + 2] = -INFINITY;
      }
      if (m >= 3) {                 /* row 2: a NaN whose payload is all in the low 13 bits,
                                       which the MMA would read as Inf unless replaced */
        const uint32_t snan = 0x7f800001u;
        memcpy (&a[2 * k + 1], &snan, sizeof snan);
      }
    }
    break;
  case ONEBAD:
    /* uniform but for one tiny normal (row 5, last p) and one huge value (op(B)(0, n-1)): only
       the blocks (and split-K slices) that read them recompute by FFMA, the rest stay on the
       tensor path */
    a[(5 % m) * k + (k - 1)] = ldexpf (1.5f, -120);
    b[n - 1] = ldexpf (-1.25f, 70);
    break;
  default:
    break;
  }
}

static int64_t bad_total;

/* cvt.rna.tf32.f32 on the CPU: 10 fraction bits, ties away from zero (finite x). */
static float tf32_rna (float x)
{
  uint32_t u;
  memcpy (&u, &x, sizeof u);
  if ((u & 0x7f800000u) == 0x7f800000u)
    return x;
  u = (u + 0x1000u) & 0xffffe000u;
  memcpy (&x, &u, sizeof x);
  return x;
}

/* One product: values, stored layouts, reference, then tf32x3 and warp against the bound. */
static void run (pattern pat, gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k)
{
  float *a = (float *) xmalloc (sizeof (float) * m * k), *b = (float *) xmalloc (sizeof (float) * k * n);
  make_values (pat, m, n, k, a, b);
  const int64_t lda = stored_rows_a (opa, m, k) > 0 ? stored_rows_a (opa, m, k) : 1;
  const int64_t ldb = stored_rows_b (opb, k, n) > 0 ? stored_rows_b (opb, k, n) : 1;
  const int64_t ldc = m > 0 ? m : 1;
  const size_t na = (size_t) (lda * stored_cols_a (opa, m, k)), nb = (size_t) (ldb * stored_cols_b (opb, k, n));
  const size_t nc = (size_t) (ldc * n);
  float *hA = (float *) xmalloc (sizeof (float) * na), *hB = (float *) xmalloc (sizeof (float) * nb);
  float *hC = (float *) xmalloc (sizeof (float) * nc);
  for (int64_t i = 0; i < m; i++)
    for (int64_t p = 0; p < k; p++)
      hA[at_a (opa, i, p, lda)] = a[i * k + p];
  for (int64_t p = 0; p < k; p++)
    for (int64_t j = 0; j < n; j++)
      hB[at_b (opb, p, j, ldb)] = b[p * n + j];
  double *ref = (double *) xmalloc (sizeof (double) * m * n), *mag = (double *) xmalloc (sizeof (double) * m * n);
  /* 1xTF32 (hi * hi alone, summed exactly enough) as a yardstick: on data in the tensor path's
     range and with k on the tensor path, tf32x3 must be far more accurate than that, which the
     k eps S bound alone does not show at large k (k eps >= 2^-11 from k = 4096). */
  const int separate = (pat == UNIFORM || pat == WIDE || pat == RESIDUAL) && k >= 22 && m * n >= 64;
  double max1 = 0;   /* largest |C1 - Cref| / S of 1xTF32 */
  for (int64_t i = 0; i < m; i++)
    for (int64_t j = 0; j < n; j++) {
      double s = 0, am = 0, s1 = 0;
      for (int64_t p = 0; p < k; p++) {
        const double x = a[i * k + p], y = b[p * n + j];
        s += x * y;
        if (isfinite (x) && isfinite (y))
          am += fabs (x * y);
        if (separate)
          s1 += (double) tf32_rna (a[i * k + p]) * (double) tf32_rna (b[p * n + j]);
      }
      ref[i + j * m] = s;
      mag[i + j * m] = am;
      if (separate && am > 0 && fabs (s1 - s) / am > max1)
        max1 = fabs (s1 - s) / am;
    }
  float *dA, *dB, *dC;
  TU_GM (gm_device_alloc ((void **) &dA, sizeof (float) * na + 16));
  TU_GM (gm_device_alloc ((void **) &dB, sizeof (float) * nb + 16));
  TU_GM (gm_device_alloc ((void **) &dC, sizeof (float) * nc + 16));
  TU_CUDA (cudaMemcpy (dA, hA, sizeof (float) * na, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (dB, hB, sizeof (float) * nb, cudaMemcpyHostToDevice));
  /* tf32x3 as it runs by default (v2 on an H100 from k = 128), v2 with a FADD every 3
     k-tiles, v1 (GPUMAT_TF32X3_VERSION=1), the warp kernel, and auto (tf32x3 v2 for large
     single products where it runs: the adversarial data sets hold auto to the bound too) */
  enum { FORMS = 6 };
  const gm_matmul_kernel kernels[FORMS] = {GM_MATMUL_TF32X3, GM_MATMUL_TF32X3, GM_MATMUL_TF32X3,
                                           GM_MATMUL_WARP,   GM_MATMUL_AUTO,   GM_MATMUL_TF32X3};
  static const char *const form_name[FORMS] = {"tf32x3", "tf32x3[group 3]", "tf32x3[v1]", "warp",
                                               "auto", "tf32x3[v3]"};
  const double eps = 0x1p-23, tiny = 3.0 * (double) (k + 8) * 0x1p-126;
  for (int q = 0; q < FORMS; q++) {
    if (q == 1 && (quick || k < 240))   /* group 3 takes k >= 240 (tf32/wgmma.cu) */
      continue;
    if (q == 5 && k < 128)   /* v3 (forced onto any grid) runs from v2's floor, k = 128 */
      continue;
    TU_CUDA (cudaMemset (dC, 0xFF, sizeof (float) * nc + 16));
    if (q == 1)
      tu_setenv ("GPUMAT_TF32X3_GROUP", "3");
    if (q == 2 || q == 5)
      tu_setenv ("GPUMAT_TF32X3_VERSION", q == 2 ? "1" : "3");
    gm_status st = gm_matmul (kernels[q], GM_SINGLE, opa, opb, m, n, k, dA, lda, 0, dB, ldb, 0,
                              dC, ldc, 0, 1, 0);
    tu_setenv ("GPUMAT_TF32X3_GROUP", NULL);
    tu_setenv ("GPUMAT_TF32X3_VERSION", NULL);
    cudaError_t err = cudaDeviceSynchronize ();
    if (err != cudaSuccess) {
      tu_result (0, "%s: %s", form_name[q], cudaGetErrorString (err));
      tu_finish (PROGRAM);   /* a fault poisons the context: stop here */
      exit (1);
    }
    if (st != GM_OK) {
      tu_result (0, "%s %s %c%c %lldx%lldx%lld: status %d (%s)", form_name[q],
                 pattern_name[pat], op_letter[opa], op_letter[opb], (long long) m, (long long) n,
                 (long long) k, (int) st, gm_error_detail ());
      continue;
    }
    TU_CUDA (cudaMemcpy (hC, dC, sizeof (float) * nc, cudaMemcpyDeviceToHost));
    int64_t bad = 0;
    double worst = 0;   /* largest |C - Cref| / (k eps S + tiny) among finite references */
    double rel = 0;     /* largest |C - Cref| / S among finite references (separate) */
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
          snprintf (first, sizeof first, "C(%lld,%lld) = %.9g, expected %.17g (|A||B| %.3g)",
                    (long long) i, (long long) j, v, r, mag[i + j * m]);
      }
    bad_total += bad;
    tu_result (bad == 0, "%s %s %c%c %lldx%lldx%lld: %lld bad (worst %.3g of the bound), first %s",
               form_name[q], pattern_name[pat], op_letter[opa],
               op_letter[opb], (long long) m, (long long) n, (long long) k, (long long) bad, worst,
               first);
    if ((q < 3 || q == 5) && !quick && worst > 0.05)   /* how close the tensor path comes, for the notes */
      printf ("  note: %s %s %c%c %lldx%lldx%lld uses %.3g of the bound\n", form_name[q],
              pattern_name[pat], op_letter[opa], op_letter[opb], (long long) m, (long long) n,
              (long long) k, worst);
    if (q != 3 && separate && max1 > 0) {
      /* 3xTF32 against 1xTF32: dropping the correction, or half of it, fails this at any k */
      tu_result (rel * 32 <= max1, "%s %s %c%c %lldx%lldx%lld: max |C - Cref|/S %.3g, not "
                 "32x below 1xTF32's %.3g", form_name[q], pattern_name[pat], op_letter[opa],
                 op_letter[opb], (long long) m, (long long) n, (long long) k, rel, max1);
      if (!quick && (m * n * k >= 1000000 || rel * 256 > max1))
        printf ("  note: %s %s %c%c %lldx%lldx%lld: max error/S %.3g, 1xTF32 %.3g (%.0fx)\n",
                form_name[q], pattern_name[pat], op_letter[opa], op_letter[opb], (long long) m,
                (long long) n, (long long) k, rel, max1, rel > 0 ? max1 / rel : INFINITY);
    }
  }
  gm_device_free (dA);
  gm_device_free (dB);
  gm_device_free (dC);
  free (a); free (b); free (hA); free (hB); free (hC); free (ref); free (mag);
}

/* Pages: `pages` products of one shape, op(B) shared by all (stride 0) where bcast_b, run by
 * tf32x3 as by default and with v3 forced (v3 splits each page, or a shared operand once),
 * against the bound page by page. */
static void run_pages (pattern pat, gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k,
                       int64_t pages, int bcast_b)
{
  const int64_t lda = stored_rows_a (opa, m, k), ldb = stored_rows_b (opb, k, n), ldc = m;
  const int64_t sa = lda * stored_cols_a (opa, m, k), sb = bcast_b ? 0 : ldb * stored_cols_b (opb, k, n);
  const int64_t pb = bcast_b ? 1 : pages, sbn = ldb * stored_cols_b (opb, k, n), sc = ldc * n;
  float *a = (float *) xmalloc (sizeof (float) * m * k * pages);
  float *b = (float *) xmalloc (sizeof (float) * k * n * pages);
  float *hA = (float *) xmalloc (sizeof (float) * sa * pages), *hB = (float *) xmalloc (sizeof (float) * sbn * pb);
  float *hC = (float *) xmalloc (sizeof (float) * sc * pages);
  for (int64_t q = 0; q < pages; q++)
    make_values (pat, m, n, k, a + q * m * k, b + q * k * n);
  for (int64_t q = 0; q < pages; q++)
    for (int64_t i = 0; i < m; i++)
      for (int64_t p = 0; p < k; p++)
        hA[q * sa + at_a (opa, i, p, lda)] = a[q * m * k + i * k + p];
  for (int64_t q = 0; q < pb; q++)
    for (int64_t p = 0; p < k; p++)
      for (int64_t j = 0; j < n; j++)
        hB[q * sbn + at_b (opb, p, j, ldb)] = b[q * k * n + p * n + j];
  float *dA, *dB, *dC;
  TU_GM (gm_device_alloc ((void **) &dA, sizeof (float) * sa * pages));
  TU_GM (gm_device_alloc ((void **) &dB, sizeof (float) * sbn * pb));
  TU_GM (gm_device_alloc ((void **) &dC, sizeof (float) * sc * pages));
  TU_CUDA (cudaMemcpy (dA, hA, sizeof (float) * sa * pages, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (dB, hB, sizeof (float) * sbn * pb, cudaMemcpyHostToDevice));
  for (int form = 0; form < 2; form++) {
    TU_CUDA (cudaMemset (dC, 0xFF, sizeof (float) * sc * pages));
    if (form == 1)
      tu_setenv ("GPUMAT_TF32X3_VERSION", "3");
    const gm_status st = gm_matmul (GM_MATMUL_TF32X3, GM_SINGLE, opa, opb, m, n, k, dA, lda, sa,
                                    dB, ldb, sb, dC, ldc, sc, pages, 0);
    tu_setenv ("GPUMAT_TF32X3_VERSION", NULL);
    const cudaError_t err = cudaDeviceSynchronize ();
    if (err != cudaSuccess) {
      tu_result (0, "pages: %s", cudaGetErrorString (err));
      tu_finish (PROGRAM);
      exit (1);
    }
    if (st != GM_OK) {
      tu_result (0, "pages: status %d (%s)", (int) st, gm_error_detail ());
      continue;
    }
    TU_CUDA (cudaMemcpy (hC, dC, sizeof (float) * sc * pages, cudaMemcpyDeviceToHost));
    int64_t bad = 0;
    char first[200] = "";
    for (int64_t q = 0; q < pages; q++) {
      const float *aq = a + q * m * k, *bq = b + (bcast_b ? 0 : q) * k * n;
      for (int64_t i = 0; i < m; i++)
        for (int64_t j = 0; j < n; j++) {
          double r = 0, am = 0;
          for (int64_t p = 0; p < k; p++) {
            r += (double) aq[i * k + p] * bq[p * n + j];
            am += fabs ((double) aq[i * k + p] * bq[p * n + j]);
          }
          const double v = hC[q * sc + i + j * ldc];
          if (!(fabs (v - r) <= (double) k * 0x1p-23 * am + 3.0 * (double) (k + 8) * 0x1p-126)
              && bad++ == 0)
            snprintf (first, sizeof first, "page %lld C(%lld,%lld) = %.9g, expected %.17g",
                      (long long) q, (long long) i, (long long) j, v, r);
        }
    }
    bad_total += bad;
    tu_result (bad == 0, "%s pages %s %c%c %lldx%lldx%lld x %lld%s: %lld bad, first %s",
               form ? "tf32x3[v3]" : "tf32x3", pattern_name[pat], op_letter[opa], op_letter[opb],
               (long long) m, (long long) n, (long long) k, (long long) pages,
               bcast_b ? " (B shared)" : "", (long long) bad, first);
  }
  gm_device_free (dA);
  gm_device_free (dB);
  gm_device_free (dC);
  free (a); free (b); free (hA); free (hB); free (hC);
}

int main (int argc, char **argv)
{
  gm_device_info info;
  if (!start_program (argc, argv, &quick, &info))
    return tu_finish (PROGRAM);
  if (10 * info.major + info.minor < 80) {
    /* tf32x3 refuses cleanly below sm_80 */
    void *d;
    TU_GM (gm_device_alloc (&d, 64));
    tu_result (gm_matmul (GM_MATMUL_TF32X3, GM_SINGLE, GM_OP_NONE, GM_OP_NONE, 2, 2, 2, d, 2, 0, d,
                          2, 0, d, 2, 0, 1, 0) == GM_ERR_INVALID_ARGUMENT,
               "tf32x3 below compute capability 8.0 not refused");
    gm_device_free (d);
    return tu_finish (PROGRAM);
  }
  tu_seed (20261213);
  /* K around the floor, every op pair, the hard data sets */
  const int kmax = quick == 2 ? 24 : 30;
  for (int p = 0; p < 9; p++) {
    const gm_op oa = pair_a (p), ob = pair_b (p);
    for (int k = 1; k <= kmax; k++) {
      if (quick && (k + p) % (quick == 2 ? 6 : 3) != 0 && k != 21 && k != 22)
        continue;
      run (UNIFORM, oa, ob, 37, 29, k);
      if (!quick || k % 2 == 0)
        run ((pattern) (1 + (k + p) % (PATTERNS - 1)), oa, ob, 19, 23, k);
    }
    /* every pattern on shapes with several tiles, edges and a k residue */
    for (int pat = 0; pat < PATTERNS; pat++) {
      if (quick == 2 && (pat + p) % 3 != 0)
        continue;
      run ((pattern) pat, oa, ob, 131, 67, 40);
      if (!quick)
        run ((pattern) pat, oa, ob, 257, 129, 263);
    }
    /* around v2's floors (k = 128; 168 for its default FADD every 2 k-tiles, 240 every 3)
       and its k-tile of 32 */
    const int k_v2[] = {127, 128, 129, 167, 168, 239, 240, 250};
    for (int i = 0; i < 8; i++) {
      if (quick && (i + p) % (quick == 2 ? 8 : 3) != 0)
        continue;
      run ((pattern) ((i + p) % PATTERNS), oa, ob, 130, 137, k_v2[i]);
      if (!quick)
        run (UNIFORM, oa, ob, 1, 129, k_v2[i]);
    }
  }
  if (!quick) {
    /* tall, wide, large, and split-K (few tiles, deep k); the four real layouts */
    const gm_op N = GM_OP_NONE, T = GM_OP_TRANSPOSE;
    const gm_op pairs[4][2] = {{N, N}, {T, N}, {N, T}, {T, T}};
    for (int q = 0; q < 4; q++) {
      run (WIDE, pairs[q][0], pairs[q][1], 1, 1, 4097);
      run (CANCEL, pairs[q][0], pairs[q][1], 200, 40, 3000);
      run (WIDE, pairs[q][0], pairs[q][1], 64, 64, 8192);
      run (RESIDUAL, pairs[q][0], pairs[q][1], 1000, 3, 500);
      run (UNIFORM, pairs[q][0], pairs[q][1], 3, 1000, 500);
      run (SPECIALS, pairs[q][0], pairs[q][1], 300, 300, 300);
      run (UNIFORM, pairs[q][0], pairs[q][1], 513, 515, 517);
      run (ONEBAD, pairs[q][0], pairs[q][1], 64, 64, 4096);   /* split-K: 2 of 16 slices FFMA */
    }
    /* pages, one operand shared or not, with flagged (out of range) rows in some pages */
    run_pages (UNIFORM, N, N, 130, 200, 300, 3, 0);
    run_pages (WIDE, T, N, 129, 129, 200, 4, 1);
    run_pages (ONEBAD, N, T, 200, 131, 256, 2, 0);
    /* one wave or more of v3's tiles: tf32x3's default takes v3 (132 SMs: 12 x 12 tiles) */
    run (UNIFORM, N, N, 1536, 1536, 300);
    run (ONEBAD, T, T, 1500, 1537, 200);
    /* large enough for auto to take tf32x3 (m n k >= 2^28) */
    run (UNIFORM, N, N, 1024, 1024, 1024);
    run (WIDE, T, N, 1024, 1030, 1040);
    run (ONEBAD, N, T, 1100, 1000, 1024);
  }
  printf ("%s: %lld bad elements in all\n", PROGRAM, (long long) bad_total);
  return tu_finish (PROGRAM);
}
