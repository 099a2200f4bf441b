/* test_matmul.cu: every gm_matmul kernel, in double and single, against a CPU reference in
 * double, on shapes that reach every edge of every tile (0, 1, 2, 17, 31..33, 63..65, 127..129,
 * primes, K = 1, tall, wide, skinny, a few large ones), with padded leading dimensions and
 * misaligned pointers (the scalar fallbacks), NaN and Inf inputs, and gm_scale.
 *
 * Bound, elementwise: |C - Cref| <= 2 (k+1) eps(class) (|A| |B|)(i,j); C is poisoned with NaN
 * before each run, so an element no kernel wrote fails, and the padding rows of C (ldc > m)
 * must still hold the poison afterwards (guarded stores).
 *
 *   test_matmul            the full set
 *   test_matmul --quick    fewer and smaller shapes, every edge case still reached (for
 *                          compute-sanitizer)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "test_util.h"

static const char *PROGRAM = "test_matmul";
static int device_cc;

/* Mirrors gm_matmul's rule: dmma computes double only, warp and dmma need sm_80. */
static int kernel_runs (gm_matmul_kernel kern, gm_class cls)
{
  if (kern == GM_MATMUL_DMMA && cls != GM_DOUBLE)
    return 0;
  if ((kern == GM_MATMUL_WARP || kern == GM_MATMUL_DMMA) && device_cc < 80)
    return 0;
  return 1;
}

static const char *cls_name (gm_class c) { return c == GM_SINGLE ? "single" : "double"; }

/* One shape and layout, every kernel.  pad_*: ld - rows; off: elements added to each device
 * pointer (1 makes every pointer misaligned for 16-byte accesses); specials: plant NaN, Inf
 * and a 0 * Inf. */
static void run_case (gm_class cls, int64_t m, int64_t n, int64_t k, int pad_a, int pad_b,
                      int pad_c, int off, int specials)
{
  const size_t es = gm_class_size (cls);
  const int64_t lda = (m > 0 ? m : 1) + pad_a, ldb = (k > 0 ? k : 1) + pad_b;
  const int64_t ldc = (m > 0 ? m : 1) + pad_c;
  const size_t na = (size_t) (lda * k), nb = (size_t) (ldb * n), nc = (size_t) (ldc * n);
  void *hA = malloc (na * es + 1), *hB = malloc (nb * es + 1), *hC = malloc (nc * es + 1);
  double *A = (double *) malloc (na * sizeof (double) + 8);
  double *B = (double *) malloc (nb * sizeof (double) + 8);
  tu_fill (cls, hA, A, na);
  tu_fill (cls, hB, B, nb);
  if (specials && m > 1 && n > 1 && k > 1) {
    const double nan = NAN, inf = INFINITY;
    /* A(0,0) = NaN: row 0 of C is NaN.  A(m/2,0) = -Inf: row m/2 is +-Inf (or NaN).
       B(k-1,n-1) = Inf with A(m-1,k-1) = 0: C(m-1,n-1) = NaN, which a kernel that skipped
       zero products would miss. */
    int64_t idx[3] = {0, m / 2, (m - 1) + (k - 1) * lda};
    double val[3] = {nan, -inf, 0.0};
    for (int s = 0; s < 3; s++) {
      A[idx[s]] = val[s];
      if (cls == GM_SINGLE) ((float *) hA)[idx[s]] = (float) val[s];
      else ((double *) hA)[idx[s]] = val[s];
    }
    const int64_t ib = (k - 1) + (n - 1) * ldb;
    B[ib] = inf;
    if (cls == GM_SINGLE) ((float *) hB)[ib] = (float) inf;
    else ((double *) hB)[ib] = inf;
  }

  /* Reference: all of C, or a sample of it when the product is large. */
  const int full = (double) m * n * k <= 4e7;
  const int64_t samples = full ? m * n : (m * n < 4096 ? m * n : 4096);
  int64_t *si = (int64_t *) malloc (sizeof (int64_t) * (samples + 1));
  int64_t *sj = (int64_t *) malloc (sizeof (int64_t) * (samples + 1));
  double *ref = (double *) malloc (sizeof (double) * (samples + 1));
  double *mag = (double *) malloc (sizeof (double) * (samples + 1));
  for (int64_t s = 0; s < samples; s++) {
    if (full) {
      si[s] = s % m;
      sj[s] = s / m;
    } else if (s < 4) { /* the corners */
      si[s] = (s & 1) ? m - 1 : 0;
      sj[s] = (s & 2) ? n - 1 : 0;
    } else {
      si[s] = tu_randint (0, m - 1);
      sj[s] = tu_randint (0, n - 1);
    }
  }
  for (int64_t s = 0; s < samples; s++) {
    double acc = 0, am = 0;
    for (int64_t p = 0; p < k; p++) {
      const double a = A[si[s] + p * lda], b = B[p + sj[s] * ldb];
      acc += a * b;
      if (isfinite (a) && isfinite (b))
        am += fabs (a * b);
    }
    ref[s] = acc;
    mag[s] = am;
  }

  char *dA = NULL, *dB = NULL, *dC = NULL;
  TU_GM (gm_device_alloc ((void **) &dA, (na + off) * es + 16));
  TU_GM (gm_device_alloc ((void **) &dB, (nb + off) * es + 16));
  TU_GM (gm_device_alloc ((void **) &dC, (nc + off) * es + 16));
  if (na) TU_CUDA (cudaMemcpy (dA + off * es, hA, na * es, cudaMemcpyHostToDevice));
  if (nb) TU_CUDA (cudaMemcpy (dB + off * es, hB, nb * es, cudaMemcpyHostToDevice));

  const double eps = tu_eps (cls);
  for (int kern = 0; kern < GM_MATMUL_KERNEL_COUNT; kern++) {
    const gm_matmul_kernel kk = (gm_matmul_kernel) kern;
    const char *name = gm_matmul_kernel_name (kk);
    TU_CUDA (cudaMemset (dC, 0xFF, (nc + off) * es + 16)); /* all-ones bytes: NaN */
    gm_status st = gm_matmul (kk, cls, m, n, k, dA + off * es, lda, dB + off * es, ldb,
                              dC + off * es, ldc, 0);
    if (!kernel_runs (kk, cls) && m > 0 && n > 0) {
      tu_result (st == GM_ERR_INVALID_ARGUMENT, "%s %s %lldx%lldx%lld: status %d, expected "
                 "invalid argument (kernel unavailable)", name, cls_name (cls), (long long) m,
                 (long long) n, (long long) k, (int) st);
      continue;
    }
    if (st != GM_OK) {
      tu_result (0, "%s %s %lldx%lldx%lld: status %d (%s)", name, cls_name (cls), (long long) m,
                 (long long) n, (long long) k, (int) st, gm_error_detail ());
      continue;
    }
    cudaError_t err = cudaDeviceSynchronize ();
    if (err != cudaSuccess) {
      tu_result (0, "%s %s %lldx%lldx%lld: %s", name, cls_name (cls), (long long) m,
                 (long long) n, (long long) k, cudaGetErrorString (err));
      tu_finish (PROGRAM); /* a fault poisons the context: stop here */
      exit (1);
    }
    if (nc) TU_CUDA (cudaMemcpy (hC, dC + off * es, nc * es, cudaMemcpyDeviceToHost));

    int64_t bad = 0, first_i = -1, first_j = -1;
    double first_got = 0, first_ref = 0;
    /* every element of C inside the matrix was written (finite unless specials), and the
       padding rows below it were not touched */
    for (int64_t j = 0; j < n && !specials; j++)
      for (int64_t i = 0; i < ldc; i++) {
        const double v = tu_get (cls, hC, (size_t) (i + j * ldc));
        const int ok = i < m ? isfinite (v) : isnan (v);
        if (!ok && bad++ == 0) {
          first_i = i; first_j = j; first_got = v; first_ref = NAN;
        }
      }
    for (int64_t s = 0; s < samples; s++) {
      const double v = tu_get (cls, hC, (size_t) (si[s] + sj[s] * ldc));
      int ok;
      if (isnan (ref[s]))
        ok = isnan (v);
      else if (isinf (ref[s]))
        ok = v == ref[s];
      else
        ok = fabs (v - ref[s]) <= 2.0 * (double) (k + 1) * eps * mag[s];
      if (!ok && bad++ == 0) {
        first_i = si[s]; first_j = sj[s]; first_got = v; first_ref = ref[s];
      }
    }
    tu_result (bad == 0, "%s %s %lldx%lldx%lld (ld %lld %lld %lld, off %d%s): %lld bad, first "
               "C(%lld,%lld) = %.17g, expected %.17g", name, cls_name (cls), (long long) m,
               (long long) n, (long long) k, (long long) lda, (long long) ldb, (long long) ldc,
               off, specials ? ", NaN/Inf" : "", (long long) bad, (long long) first_i,
               (long long) first_j, first_got, first_ref);
  }
  gm_device_free (dA);
  gm_device_free (dB);
  gm_device_free (dC);
  free (hA); free (hB); free (hC); free (A); free (B);
  free (si); free (sj); free (ref); free (mag);
}

static void test_api (void)
{
  for (int i = 0; i < GM_MATMUL_KERNEL_COUNT; i++) {
    const char *name = gm_matmul_kernel_name ((gm_matmul_kernel) i);
    char upper[32];
    gm_matmul_kernel back = GM_MATMUL_KERNEL_COUNT;
    size_t len = name ? strlen (name) : 0;
    for (size_t c = 0; c <= len && c < sizeof upper; c++)
      upper[c] = (char) (name[c] >= 'a' && name[c] <= 'z' ? name[c] - 32 : name[c]);
    tu_result (name && gm_matmul_kernel_from_name (upper, &back) == GM_OK && back == i,
               "kernel %d: name '%s' does not round-trip in upper case", i, name ? name : "");
  }
  gm_matmul_kernel kk;
  tu_result (gm_matmul_kernel_name (GM_MATMUL_KERNEL_COUNT) == NULL, "name of COUNT not NULL");
  tu_result (gm_matmul_kernel_from_name ("cublas", &kk) == GM_ERR_INVALID_ARGUMENT,
             "unknown name accepted");
  tu_result (gm_matmul_kernel_from_name ("Auto", &kk) == GM_OK && kk == GM_MATMUL_AUTO,
             "'Auto' not found");
  const float one = 1;
  tu_result (gm_matmul (GM_MATMUL_AUTO, GM_SINGLE, -1, 1, 1, &one, 1, &one, 1, (void *) &one, 1, 0)
                 == GM_ERR_INVALID_ARGUMENT, "negative m accepted");
  tu_result (gm_matmul (GM_MATMUL_AUTO, GM_SINGLE, 4, 1, 1, &one, 3, &one, 1, (void *) &one, 4, 0)
                 == GM_ERR_INVALID_ARGUMENT, "lda < m accepted");
  tu_result (gm_matmul ((gm_matmul_kernel) 99, GM_SINGLE, 1, 1, 1, &one, 1, &one, 1,
                        (void *) &one, 1, 0) == GM_ERR_INVALID_ARGUMENT, "kernel 99 accepted");
  tu_result (gm_matmul (GM_MATMUL_NAIVE, (gm_class) 7, 1, 1, 1, &one, 1, &one, 1, (void *) &one,
                        1, 0) == GM_ERR_INVALID_ARGUMENT, "class 7 accepted");
  tu_result (gm_matmul (GM_MATMUL_NAIVE, GM_DOUBLE, 0, 5, 5, NULL, 1, NULL, 5, NULL, 1, 0)
                 == GM_OK, "m == 0 not a no-op");
  tu_result (gm_scale (GM_DOUBLE, -1, NULL, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "scale: negative count accepted");
}

static void test_scale (gm_class cls, int64_t count, double alpha)
{
  const size_t es = gm_class_size (cls);
  void *hB = malloc (count * es + 1), *hC = malloc (count * es + 1);
  tu_fill (cls, hB, NULL, (size_t) count);
  if (count > 2) { /* NaN and Inf pass through */
    if (cls == GM_SINGLE) { ((float *) hB)[1] = NAN; ((float *) hB)[2] = INFINITY; }
    else { ((double *) hB)[1] = NAN; ((double *) hB)[2] = INFINITY; }
  }
  float af = (float) alpha;
  void *dA, *dB, *dC;
  TU_GM (gm_device_alloc (&dA, 8));
  TU_GM (gm_device_alloc (&dB, count * es + 16));
  TU_GM (gm_device_alloc (&dC, count * es + 16));
  TU_CUDA (cudaMemcpy (dA, cls == GM_SINGLE ? (void *) &af : (void *) &alpha, es,
                       cudaMemcpyHostToDevice));
  if (count) TU_CUDA (cudaMemcpy (dB, hB, count * es, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemset (dC, 0xFF, count * es + 16));
  gm_status st = gm_scale (cls, count, dA, dB, dC, 0);
  TU_CUDA (cudaDeviceSynchronize ());
  if (count) TU_CUDA (cudaMemcpy (hC, dC, count * es, cudaMemcpyDeviceToHost));
  int64_t bad = 0;
  for (int64_t i = 0; i < count; i++) {
    double want, got = tu_get (cls, hC, i);
    if (cls == GM_SINGLE) want = (double) (af * ((float *) hB)[i]);
    else want = alpha * ((double *) hB)[i];
    if (!(got == want || (isnan (got) && isnan (want))))
      bad++;
  }
  tu_result (st == GM_OK && bad == 0, "scale %s count %lld alpha %g: status %d, %lld bad",
             cls_name (cls), (long long) count, alpha, (int) st, (long long) bad);
  gm_device_free (dA); gm_device_free (dB); gm_device_free (dC);
  free (hB); free (hC);
}

int main (int argc, char **argv)
{
  int quick = argc > 1 && strcmp (argv[1], "--quick") == 0;
  if (!tu_gpu_or_skip (PROGRAM))
    return tu_finish (PROGRAM);
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  device_cc = 10 * info.major + info.minor;
  printf ("%s: %s (compute capability %d.%d)%s\n", PROGRAM, info.name, info.major, info.minor,
          quick ? ", quick" : "");
  tu_seed (20260101);
  test_api ();

  /* Edges of every tile: 32 (naive, tiled), 128 / 64 (wpt, warp, dmma), k tiles of 8 and 16,
     pipelines of 3 and 4 stages (k up to 5 tiles and beyond). */
  static const int64_t quick_shapes[][3] = {
      {0, 5, 7},     {5, 0, 7},     {5, 7, 0},      {0, 0, 0},     {1, 1, 1},
      {1, 1, 300},   {2, 3, 1},     {17, 31, 33},   {32, 32, 32},  {33, 65, 17},
      {63, 129, 65}, {65, 63, 31},  {127, 128, 129}, {128, 128, 16}, {129, 127, 15},
      {131, 257, 83}, {257, 131, 67}, {1, 300, 200}, {300, 1, 200},  {67, 61, 53},
      {200, 130, 1}, {500, 3, 50},  {3, 500, 50},   {128, 64, 8},  {256, 192, 80},
      {64, 256, 9},  {192, 64, 100}, {7, 9, 11},     {129, 129, 129}};
  static const int64_t more_shapes[][3] = {
      {1000, 3000, 17}, {4097, 129, 257}, {129, 4097, 100}, {513, 1029, 300},
      {8192, 64, 512},  {2048, 2048, 64}, {1021, 1019, 1031}, {4096, 33, 4096},
      {33, 4096, 4096}, {3000, 1000, 1},  {255, 257, 2049}, {1024, 1024, 1024}};
  const int nq = sizeof quick_shapes / sizeof quick_shapes[0];
  const int nm = sizeof more_shapes / sizeof more_shapes[0];
  /* layout variants: {pad_a, pad_b, pad_c, off} */
  static const int variants[][4] = {{0, 0, 0, 0}, {1, 2, 3, 0}, {4, 4, 4, 0}, {0, 0, 0, 1}};

  for (int c = 0; c < 2; c++) {
    const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
    for (int s = 0; s < nq; s++) {
      const int *v = variants[s % 4];
      run_case (cls, quick_shapes[s][0], quick_shapes[s][1], quick_shapes[s][2], v[0], v[1],
                v[2], v[3], 0);
      if (!quick && s % 4 != 0) /* and every shape plain too */
        run_case (cls, quick_shapes[s][0], quick_shapes[s][1], quick_shapes[s][2], 0, 0, 0, 0,
                  0);
    }
    run_case (cls, 33, 17, 9, 0, 0, 0, 0, 1);
    run_case (cls, 130, 131, 40, 1, 0, 2, 1, 1);
    /* Over 2^27 multiply-adds with misaligned operands: warp and dmma copy them aligned into a
       stream-ordered workspace first (also under the sanitizer, hence in --quick). */
    run_case (cls, 521, 515, 520, 1, 0, 0, 1, 0);
    /* Too few tiles to fill the GPU and k deep enough: warp splits k into slices whose
       partial products are summed after (uneven last slice, padded and misaligned too). */
    run_case (cls, 200, 40, 3001, 1, 2, 3, 0, 0);
    run_case (cls, 65, 129, 1031, 0, 0, 0, 1, 1);
    if (!quick) {
      run_case (cls, 256, 256, 64, 0, 0, 0, 0, 1);
      for (int s = 0; s < nm; s++) {
        const int *v = variants[s % 4];
        run_case (cls, more_shapes[s][0], more_shapes[s][1], more_shapes[s][2], v[0], v[1],
                  v[2], v[3], 0);
      }
      for (int r = 0; r < 24; r++) { /* random shapes and layouts */
        const int *v = variants[r % 4];
        run_case (cls, tu_randint (1, 300), tu_randint (1, 300), tu_randint (1, 300), v[0],
                  v[1], v[2], v[3], 0);
      }
    }
    test_scale (cls, 0, 2.0);
    test_scale (cls, 1, -3.0);
    test_scale (cls, quick ? 1000 : 1000003, 0.5);
    test_scale (cls, 4099, NAN);
  }
  return tu_finish (PROGRAM);
}
