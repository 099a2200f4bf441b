/* test_make.cu: kernels/make.cu and randi (kernels/random.cu) against host references.
 *
 * Host only (runs without a GPU): Octave 7.3's range planner (gm_range_plan) against counts,
 * final and middle elements printed by Octave 7.3.0 itself (the table below: colon () in
 * double and single, num2hex of the elements), and the integer planner against Octave's
 * counts.  On the GPU: typed fills of every element size and eye over shapes incl. 0, 1,
 * primes and past the 4096 x 256 grid; ranges bit for bit against range<T>::array_value's
 * formula on the host (element 0 base, i: base + i*inc rounded twice, the last the final)
 * and the Octave table's middle elements; integer ranges of every size, up and down;
 * linspace bit for bit against a host port of Octave's RowVector and Matrix linspace; randi:
 * every value in range and whole, the mean, a chi-square over the values (small ranges) or
 * 16 bins of the range (wide ones), saturation in integer classes, determinism, and the
 * package counter advancing one block a value.  Prints "test_make: N passed, N failed".
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "test_util.h"

static uint64_t bits_of (double x)
{
  uint64_t b;
  memcpy (&b, &x, 8);
  return b;
}

/* ---- the planner, host only ------------------------------------------------------------ */
struct range_case { gm_class cls; double base, inc, limit; int64_t count; uint64_t final_bits, mid_bits; };
static const range_case range_cases[] = {
  {GM_DOUBLE, 0, 0.10000000000000001, 1, 11, 0x3ff0000000000000ull, 0x3fd999999999999aull},
  {GM_DOUBLE, 1.8, 0.050000000000000003, 1.8999999999999999, 3, 0x3ffe666666666666ull, 0x3ffccccccccccccdull},
  {GM_DOUBLE, -5, 1, -0.0, 6, 0x8000000000000000ull, 0xc008000000000000ull},
  {GM_DOUBLE, 1, -0.29999999999999999, -2, 11, 0xc000000000000000ull, 0xbfc9999999999998ull},
  {GM_DOUBLE, 0, 0.001, 1, 1001, 0x3ff0000000000000ull, 0x3fdfef9db22d0e56ull},
  {GM_DOUBLE, 2, 1, 1, 0, 0x0000000000000000ull, 0x0000000000000000ull},
  {GM_DOUBLE, 1, 0, 5, 0, 0x0000000000000000ull, 0x0000000000000000ull},
  {GM_DOUBLE, 1, 1, 0, 0, 0x0000000000000000ull, 0x0000000000000000ull},
  {GM_DOUBLE, NAN, 1, 3, 1, 0x7ff8000000000000ull, 0x7ff8000000000000ull},
  {GM_DOUBLE, 1, 1, 1, 1, 0x3ff0000000000000ull, 0x3ff0000000000000ull},
  {GM_DOUBLE, -1, 0.33333333333333331, 1, 7, 0x3ff0000000000000ull, 0xbfd5555555555556ull},
  {GM_DOUBLE, 0, 3.1415926535897931, 100, 32, 0x405858eb79a20bafull, 0x40478fdb9effea46ull},
  {GM_DOUBLE, 1000000000000000, 0.10000000000000001, 1000000000000001, 11, 0x430c6bf526340008ull, 0x430c6bf526340003ull},
  {GM_DOUBLE, 0, 0.10000000000000001, 0.29999999999999999, 4, 0x3fd3333333333333ull, 0x3fb999999999999aull},
  {GM_DOUBLE, 1, INFINITY, 5, 1, 0x3ff0000000000000ull, 0x3ff0000000000000ull},
  {GM_DOUBLE, 0, 9.9999999999999995e-08, 1, 10000001, 0x3ff0000000000000ull, 0x3fdfffff94a03595ull},
  {GM_DOUBLE, -0.5, 0.25, 0.5, 5, 0x3fe0000000000000ull, 0xbfd0000000000000ull},
  {GM_DOUBLE, 10, -0.10000000000000001, 9, 11, 0x4022000000000000ull, 0x4023333333333333ull},
  {GM_DOUBLE, 0, 2, 7, 4, 0x4018000000000000ull, 0x4000000000000000ull},
  {GM_DOUBLE, 1, 1, 1000000, 1000000, 0x412e848000000000ull, 0x411e848000000000ull},
  {GM_DOUBLE, 3.2999999999999998, -1.1000000000000001, -3.2999999999999998, 7, 0xc00a666666666666ull, 0x3ff1999999999998ull},
  {GM_DOUBLE, 0, 0.020408163265306121, 1, 50, 0x3fefffffffffffffull, 0x3fdf58d0fac687d6ull},
  {GM_SINGLE, 0, 0.10000000149011612, 1, 11, 0x3ff0000000000000ull, 0x3fd99999a0000000ull},
  {GM_SINGLE, 1.7999999523162842, 0.05000000074505806, 1.8999999761581421, 3, 0x3ffe666660000000ull, 0x3ffcccccc0000000ull},
  {GM_SINGLE, -5, 1, -0.0, 6, 0x8000000000000000ull, 0xc008000000000000ull},
  {GM_SINGLE, 1, -0.30000001192092896, -2, 11, 0xc000000000000000ull, 0xbfc9999a00000000ull},
  {GM_SINGLE, 0, 0.0010000000474974513, 1, 1001, 0x3ff0000000000000ull, 0x3fdfef9dc0000000ull},
  {GM_SINGLE, 2, 1, 1, 0, 0x0000000000000000ull, 0x0000000000000000ull},
  {GM_SINGLE, 1, 0, 5, 0, 0x0000000000000000ull, 0x0000000000000000ull},
  {GM_SINGLE, 1, 1, 0, 0, 0x0000000000000000ull, 0x0000000000000000ull},
  {GM_SINGLE, NAN, 1, 3, 1, 0x7ff8000000000000ull, 0x7ff8000000000000ull},
  {GM_SINGLE, 1, 1, 1, 1, 0x3ff0000000000000ull, 0x3ff0000000000000ull},
  {GM_SINGLE, -1, 0.3333333432674408, 1, 7, 0x3ff0000000000000ull, 0xbfd5555540000000ull},
  {GM_SINGLE, 0, 3.1415927410125732, 100, 32, 0x405858eb80000000ull, 0x40478fdba0000000ull},
  {GM_SINGLE, 999999986991104, 0.10000000149011612, 999999986991104, 1, 0x430c6bf520000000ull, 0x430c6bf520000000ull},
  {GM_SINGLE, 0, 0.10000000149011612, 0.30000001192092896, 4, 0x3fd3333340000000ull, 0x3fb99999a0000000ull},
  {GM_SINGLE, 1, INFINITY, 5, 1, 0x3ff0000000000000ull, 0x3ff0000000000000ull},
  {GM_SINGLE, 0, 1.0000000116860974e-07, 1, 10000001, 0x3ff0000000000000ull, 0x3fdfffffa0000000ull},
  {GM_SINGLE, -0.5, 0.25, 0.5, 5, 0x3fe0000000000000ull, 0xbfd0000000000000ull},
  {GM_SINGLE, 10, -0.10000000149011612, 9, 11, 0x4022000000000000ull, 0x4023333340000000ull},
  {GM_SINGLE, 0, 2, 7, 4, 0x4018000000000000ull, 0x4000000000000000ull},
  {GM_SINGLE, 1, 1, 1000000, 1000000, 0x412e848000000000ull, 0x411e848000000000ull},
  {GM_SINGLE, 3.2999999523162842, -1.1000000238418579, -3.2999999523162842, 7, 0xc00a666660000000ull, 0x3ff1999980000000ull},
  {GM_SINGLE, 0, 0.020408162847161293, 1, 50, 0x3ff0000000000000ull, 0x3fdf58d100000000ull},
};

static void check_plan (void)
{
  for (size_t k = 0; k < sizeof range_cases / sizeof range_cases[0]; k++) {
    const range_case &c = range_cases[k];
    int64_t n = -7;
    double f = 0;
    const gm_status st = gm_range_plan (c.cls, c.base, c.inc, c.limit, &n, &f);
    tu_result (st == GM_OK && n == c.count, "plan %s %.17g:%.17g:%.17g: status %d, count %lld, "
               "Octave %lld", gm_class_name (c.cls), c.base, c.inc, c.limit, (int) st,
               (long long) n, (long long) c.count);
    if (n > 0)
      tu_result (bits_of (f) == c.final_bits || (isnan (f) && c.final_bits == 0x7ff8000000000000ull),
                 "plan %s %.17g:%.17g:%.17g: final %a, Octave %a", gm_class_name (c.cls), c.base,
                 c.inc, c.limit, f, *(const double *) &c.final_bits);
  }
  int64_t n;
  double f;
  tu_result (gm_range_plan (GM_DOUBLE, 1, 1, INFINITY, &n, &f) == GM_ERR_SIZE_OVERFLOW,
             "1:Inf is refused");
  tu_result (gm_range_plan (GM_DOUBLE, -INFINITY, 1, 0, &n, &f) == GM_ERR_SIZE_OVERFLOW,
             "-Inf:0 is refused");
  tu_result (gm_range_plan (GM_SINGLE, 0, 1e-30, 1, &n, &f) == GM_ERR_SIZE_OVERFLOW,
             "single 0:1e-30:1 is refused (too many)");
  tu_result (gm_range_plan (GM_INT8, 0, 1, 1, &n, &f) == GM_ERR_INVALID_ARGUMENT,
             "gm_range_plan refuses an integer class");
  /* integer ranges: counts by Octave 7.3 */
  struct { gm_class cls; int64_t base, limit; int inc_double; int64_t inc; double dinc;
           int64_t count; int down; } ic[] = {
    {GM_INT8, -100, 100, 1, 0, 7, 29, 0}, {GM_UINT8, 200, 5, 1, 0, -3, 66, 1},
    {GM_INT32, 5, -5, 0, -2, 0, 6, 1}, {GM_UINT64, 1, 10, 1, 0, 2, 5, 0},
    {GM_INT8, -128, 127, 1, 0, 127, 3, 0}, {GM_UINT8, 0, 5, 1, 0, 300, 1, 0},
    {GM_INT8, 1, 3, 1, 0, 0, 0, 0}, {GM_INT16, 3, 1, 0, 1, 0, 0, 1},
    {GM_INT16, -7, 7, 0, -3, 0, 0, 0}, {GM_UINT64, -1 /* 2^64-1 */, 0, 1, 0, -0x1.0p63, 2, 1},
    {GM_INT64, -(1ll << 62), 1ll << 62, 0, 1ll << 62, 0, 3, 0},
    {GM_INT64, INT64_MIN, INT64_MAX, 0, 1, 0, -1, 0}};  /* 2^64 elements: too many */
  for (size_t k = 0; k < sizeof ic / sizeof ic[0]; k++) {
    int64_t cnt = -7;
    uint64_t ui;
    int down;
    const gm_status st = gm_range_int_plan (ic[k].cls, (uint64_t) ic[k].base, (uint64_t) ic[k].limit,
                                            ic[k].inc_double, (uint64_t) ic[k].inc, ic[k].dinc,
                                            &cnt, &ui, &down);
    if (ic[k].count < 0)
      tu_result (st == GM_ERR_SIZE_OVERFLOW, "int plan %zu: too many elements refused", k);
    else
      tu_result (st == GM_OK && cnt == ic[k].count && (cnt < 2 || down == ic[k].down),
                 "int plan %zu (%s): status %d, count %lld, Octave %lld", k,
                 gm_class_name (ic[k].cls), (int) st, (long long) cnt, (long long) ic[k].count);
  }
  uint64_t ui;
  int down;
  tu_result (gm_range_int_plan (GM_INT8, 1, 3, 1, 0, 0.5, &n, &ui, &down)
             == GM_ERR_INVALID_ARGUMENT, "a non-integer double increment is refused");
  tu_result (gm_range_int_plan (GM_INT8, 1, 3, 1, 0, NAN, &n, &ui, &down)
             == GM_ERR_INVALID_ARGUMENT, "a NaN increment is refused");
}

/* ---- device ------------------------------------------------------------------------------ */
static void *dalloc (size_t bytes)
{
  void *d = NULL;
  if (bytes)
    TU_CUDA (cudaMalloc (&d, bytes));
  return d;
}

static void *download (const void *d, size_t bytes)
{
  void *h = malloc (bytes ? bytes : 1);
  if (bytes) {
    TU_CUDA (cudaDeviceSynchronize ());
    TU_CUDA (cudaMemcpy (h, d, bytes, cudaMemcpyDeviceToHost));
  }
  return h;
}

static void check_fill (int quick)
{
  const int64_t counts[] = {0, 1, 2, 7, 255, 256, 257, 100003, 1048577, 4096 * 256 * 3 + 11};
  const size_t sizes[] = {1, 2, 4, 8, 16};
  for (size_t s = 0; s < 5; s++)
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
      if (quick && counts[c] > 200000)
        continue;
      const size_t es = sizes[s], bytes = (size_t) counts[c] * es;
      unsigned char v[16], z[16] = {0};
      for (size_t k = 0; k < es; k++)
        v[k] = (unsigned char) (0x11 * (k + 1) + s);
      for (int same = 0; same < 3; same++) {        /* a pattern, all-zero bits, all 0x01 */
        const unsigned char *val = same == 0 ? v : z;
        unsigned char ones[16];
        memset (ones, 1, 16);
        if (same == 2)
          val = ones;
        void *d = dalloc (bytes + es);
        if (d)                  /* a sentinel element after the end must stay untouched */
          TU_CUDA (cudaMemset ((char *) d + bytes, 0xA5, es));
        TU_GM (gm_make_fill (es, counts[c], val, d, 0));
        unsigned char *h = (unsigned char *) download (d, bytes + es);
        int ok = 1;
        for (int64_t i = 0; i < counts[c] && ok; i++)
          ok = !memcmp (h + i * es, val, es);
        for (size_t k = 0; k < es; k++)
          ok &= h[bytes + k] == 0xA5;
        tu_result (ok, "fill: %zu-byte elements, count %lld, kind %d", es, (long long) counts[c],
                   same);
        free (h);
        if (d)
          TU_CUDA (cudaFree (d));
      }
    }
  unsigned char v[16] = {0};
  tu_result (gm_make_fill (3, 5, v, (void *) 16, 0) == GM_ERR_INVALID_ARGUMENT,
             "fill: element size 3 refused");
  tu_result (gm_make_fill (8, -1, v, NULL, 0) == GM_ERR_INVALID_ARGUMENT, "fill: count -1 refused");
  tu_result (gm_make_fill (8, 0, v, NULL, 0) == GM_OK, "fill: count 0 does nothing");
}

static void check_eye (int quick)
{
  const int64_t shapes[][2] = {{0, 3}, {3, 0}, {1, 1}, {3, 5}, {5, 3}, {257, 129}, {1, 1000},
                               {1000, 1}, {2003, 2003}, {1031, 4099}};
  const size_t sizes[] = {1, 2, 4, 8, 16};
  for (size_t s = 0; s < 5; s++)
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
      const int64_t m = shapes[k][0], n = shapes[k][1];
      if (quick && m * n > 100000)
        continue;
      const size_t es = sizes[s], bytes = (size_t) (m * n) * es;
      unsigned char one[16], zero[16] = {0};
      for (size_t b = 0; b < es; b++)
        one[b] = (unsigned char) (0x3F + b);
      void *d = dalloc (bytes);
      if (d)
        TU_CUDA (cudaMemset (d, 0x77, bytes));      /* eye must write every element */
      TU_GM (gm_make_eye (es, m, n, one, d, 0));
      unsigned char *h = (unsigned char *) download (d, bytes);
      int ok = 1;
      for (int64_t j = 0; j < n && ok; j++)
        for (int64_t i = 0; i < m && ok; i++)
          ok = !memcmp (h + (i + j * m) * es, i == j ? one : zero, es);
      tu_result (ok, "eye: %zu-byte elements, %lld x %lld", es, (long long) m, (long long) n);
      free (h);
      if (d)
        TU_CUDA (cudaFree (d));
    }
}

static void check_ranges (void)
{
  for (size_t k = 0; k < sizeof range_cases / sizeof range_cases[0]; k++) {
    const range_case &c = range_cases[k];
    int64_t n;
    double f;
    if (gm_range_plan (c.cls, c.base, c.inc, c.limit, &n, &f) != GM_OK || n == 0)
      continue;
    const size_t es = gm_class_size (c.cls);
    void *d = dalloc ((size_t) n * es);
    TU_GM (gm_make_range (c.cls, n, c.base, c.inc, f, d, 0));
    void *h = download (d, (size_t) n * es);
    int64_t bad = -1;
    for (int64_t i = 0; i < n && bad < 0; i++) {
      double want, got;
      if (c.cls == GM_DOUBLE) {
        volatile double p = (double) i * c.inc;       /* rounded twice, as Octave */
        want = i == n - 1 ? f : i == 0 ? c.base : c.base + p;
        got = ((double *) h)[i];
      } else {
        volatile float p = (float) i * (float) c.inc;
        want = i == n - 1 ? (float) f : i == 0 ? (float) c.base : (float) ((float) c.base + p);
        got = ((float *) h)[i];
      }
      if (bits_of (want) != bits_of (got) && !(isnan (want) && isnan (got)))
        bad = i;
    }
    tu_result (bad < 0, "range %s %.17g:%.17g:%.17g: element %lld differs",
               gm_class_name (c.cls), c.base, c.inc, c.limit, (long long) bad);
    const int64_t mid = (n / 2 > 1 ? n / 2 : 1) - 1;
    const double got_mid = c.cls == GM_DOUBLE ? ((double *) h)[mid] : ((float *) h)[mid];
    tu_result (bits_of (got_mid) == c.mid_bits || (isnan (got_mid) && c.mid_bits == 0x7ff8000000000000ull),
               "range %s %.17g:%.17g:%.17g: middle element %a is not Octave's",
               gm_class_name (c.cls), c.base, c.inc, c.limit, got_mid);
    free (h);
    TU_CUDA (cudaFree (d));
  }
  /* integer ranges, every element size, up and down, and wrapping steps */
  const gm_class classes[] = {GM_INT8, GM_UINT8, GM_INT16, GM_UINT16, GM_INT32, GM_UINT32,
                              GM_INT64, GM_UINT64};
  for (size_t c = 0; c < 8; c++) {
    const gm_class cls = classes[c];
    const int sgn = cls == GM_INT8 || cls == GM_INT16 || cls == GM_INT32 || cls == GM_INT64;
    const int64_t lo = sgn ? -100 : 0, hi = 120;
    for (int down = 0; down < 2; down++)
      for (int64_t step = 1; step <= 7; step += 3) {
        int64_t n;
        uint64_t ui;
        int dn;
        const uint64_t b = (uint64_t) (down ? hi : lo), l = (uint64_t) (down ? lo : hi);
        TU_GM (gm_range_int_plan (cls, b, l, 1, 0, down ? -(double) step : (double) step, &n,
                                  &ui, &dn));
        const size_t es = gm_class_size (cls);
        void *d = dalloc ((size_t) n * es);
        TU_GM (gm_make_int_range (cls, n, b, ui, dn, d, 0));
        unsigned char *h = (unsigned char *) download (d, (size_t) n * es);
        int ok = n == (hi - lo) / step + 1;
        for (int64_t i = 0; i < n && ok; i++) {
          const int64_t want = down ? hi - i * step : lo + i * step;
          int64_t got = 0;
          switch (cls) {
          case GM_INT8: got = ((int8_t *) h)[i]; break;
          case GM_UINT8: got = ((uint8_t *) h)[i]; break;
          case GM_INT16: got = ((int16_t *) h)[i]; break;
          case GM_UINT16: got = ((uint16_t *) h)[i]; break;
          case GM_INT32: got = ((int32_t *) h)[i]; break;
          case GM_UINT32: got = ((uint32_t *) h)[i]; break;
          case GM_INT64: got = ((int64_t *) h)[i]; break;
          default: got = (int64_t) ((uint64_t *) h)[i]; break;
          }
          ok = got == want;
        }
        tu_result (ok, "int range %s, step %lld, down %d", gm_class_name (cls), (long long) step,
                   down);
        free (h);
        if (d)
          TU_CUDA (cudaFree (d));
      }
  }
  /* the full int8 span, -128:1:127, and uint64's top */
  int64_t n;
  uint64_t ui;
  int dn;
  TU_GM (gm_range_int_plan (GM_INT8, (uint64_t) -128, 127, 0, 1, 0, &n, &ui, &dn));
  void *d = dalloc (256);
  TU_GM (gm_make_int_range (GM_INT8, n, (uint64_t) -128, ui, dn, d, 0));
  int8_t *h8 = (int8_t *) download (d, 256);
  int ok = n == 256;
  for (int i = 0; i < 256 && ok; i++)
    ok = h8[i] == i - 128;
  tu_result (ok, "int8 -128:127");
  free (h8);
  TU_CUDA (cudaFree (d));
}

/* Octave's linspace on the host (dRowVector.cc / dMatrix.cc; fRowVector, fMatrix for T float). */
template <typename T>
static void linspace_ref (int64_t m, int64_t n, const T *x1, int s1, const T *x2, int s2,
                          int symmetric, T *out)
{
  if (n < 1)
    return;
  for (int64_t r = 0; r < m; r++) {
    const T a = x1[r * s1], b = x2[r * s2];
    if (symmetric) {
      out[0] = a;
      out[n - 1] = b;
      if (n == 1)
        continue;
      const uint64_t un = (uint64_t) n;
      const T delta = (b - a) / (T) (un - 1);
      const uint64_t n2 = un / 2;
      for (uint64_t i = 1; i < n2; i++) {
        volatile T p = (T) i * delta;
        out[i] = a + p;
        out[n - 1 - i] = b - p;
      }
      if (un % 2 == 1)
        out[n2] = a == -b ? 0 : (a + b) / 2;
    } else {
      const T delta = a == b ? 0 : (b - a) / (T) (n - 1);
      for (int64_t j = 1; j < n - 1; j++) {
        volatile T p = (T) j * delta;
        out[r + j * m] = a + p;
      }
      out[r] = a;
      out[r + (n - 1) * m] = b;
    }
  }
}

template <typename T>
static void check_linspace_case (gm_class cls, int64_t m, int64_t n, int symmetric, int s1, int s2)
{
  T *x1 = (T *) malloc (sizeof (T) * (m ? m : 1)), *x2 = (T *) malloc (sizeof (T) * (m ? m : 1));
  for (int64_t r = 0; r < m; r++) {
    x1[r] = (T) (tu_uniform () * 10);
    x2[r] = r % 5 == 3 ? -x1[r] : r % 7 == 2 ? x1[r] : (T) (tu_uniform () * 1000);
  }
  const size_t bytes = (size_t) (m * n) * sizeof (T);
  T *want = (T *) malloc (bytes ? bytes : 1);
  linspace_ref<T> (m, n, x1, s1, x2, s2, symmetric, want);
  void *d1 = dalloc (sizeof (T) * m), *d2 = dalloc (sizeof (T) * m), *d = dalloc (bytes);
  if (m) {
    TU_CUDA (cudaMemcpy (d1, x1, sizeof (T) * m, cudaMemcpyHostToDevice));
    TU_CUDA (cudaMemcpy (d2, x2, sizeof (T) * m, cudaMemcpyHostToDevice));
  }
  TU_GM (gm_make_linspace (cls, m, n, d1, s1, d2, s2, symmetric, d, 0));
  T *got = (T *) download (d, bytes);
  int64_t bad = -1;
  for (int64_t e = 0; e < m * n && bad < 0; e++)
    if (memcmp (&got[e], &want[e], sizeof (T)))
      bad = e;
  tu_result (bad < 0, "linspace %s %lld x %lld (symmetric %d, strides %d %d): element %lld",
             gm_class_name (cls), (long long) m, (long long) n, symmetric, s1, s2, (long long) bad);
  free (x1), free (x2), free (want), free (got);
  if (d1) TU_CUDA (cudaFree (d1));
  if (d2) TU_CUDA (cudaFree (d2));
  if (d) TU_CUDA (cudaFree (d));
}

static void check_linspace (int quick)
{
  const int64_t ns[] = {0, 1, 2, 3, 4, 5, 100, 101, 257, 1000001};
  for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
    if (quick && ns[k] > 5000)
      continue;
    for (int rep = 0; rep < 8; rep++) {
      check_linspace_case<double> (GM_DOUBLE, 1, ns[k], 1, 0, 0);
      check_linspace_case<float> (GM_SINGLE, 1, ns[k], 1, 0, 0);
    }
    const int64_t ms[] = {0, 1, 3, 97};
    for (size_t j = 0; j < 4; j++)
      for (int s = 0; s < 3; s++) {
        if (ms[j] * ns[k] > 30000000)
          continue;
        check_linspace_case<double> (GM_DOUBLE, ms[j], ns[k], 0, s != 1, s != 2);
        check_linspace_case<float> (GM_SINGLE, ms[j], ns[k], 0, s != 1, s != 2);
      }
  }
}

static double get_value (gm_class cls, const void *h, int64_t i)
{
  switch (cls) {
  case GM_DOUBLE: return ((const double *) h)[i];
  case GM_SINGLE: return ((const float *) h)[i];
  case GM_INT8: return ((const int8_t *) h)[i];
  case GM_UINT8: return ((const uint8_t *) h)[i];
  case GM_INT16: return ((const int16_t *) h)[i];
  case GM_UINT16: return ((const uint16_t *) h)[i];
  case GM_INT32: return ((const int32_t *) h)[i];
  case GM_UINT32: return ((const uint32_t *) h)[i];
  case GM_INT64: return (double) ((const int64_t *) h)[i];
  default: return (double) ((const uint64_t *) h)[i];
  }
}

/* Values in [imin, imin + range - 1], whole, their mean, and a chi-square over min (range, 16)
   bins (equal-width slices of the range: a wide range's bins differ in width by at most one
   value in 2^49, negligible).  Critical values at p = 1e-4 (15 dof: 42.6; fewer bins: below). */
static void check_randi_stats (gm_class cls, double imin, uint64_t range, int64_t count)
{
  const size_t es = gm_class_size (cls);
  void *d = dalloc ((size_t) count * es);
  TU_GM (gm_random_int_fill (cls, count, imin, range, 0x5eed, 11, d, 0));
  void *h = download (d, (size_t) count * es);
  const int bins = range < 16 ? (int) range : 16;
  int64_t hist[16] = {0};
  double sum = 0;
  int in_range = 1;
  const double top = imin + (double) (range - 1);
  for (int64_t i = 0; i < count; i++) {
    const double v = get_value (cls, h, i);
    if (!(v >= imin && v <= top && v == floor (v))) {
      in_range = 0;
      continue;
    }
    sum += v;
    int b = (int) ((v - imin) / (double) range * bins);
    hist[b < bins ? b : bins - 1]++;
  }
  tu_result (in_range, "randi %s [%.17g, %.17g]: a value out of range", gm_class_name (cls), imin, top);
  /* mean: (imin + top) / 2, standard deviation of the mean range / sqrt (12 count) */
  const double mean = sum / (double) count, sd = (double) range / sqrt (12.0 * (double) count);
  if (count < 1000) {              /* few values: the range alone */
    free (h);
    TU_CUDA (cudaFree (d));
    return;
  }
  tu_result (fabs (mean - (imin + top) / 2) < 5 * sd + 1e-9, "randi %s [%.17g, %.17g]: mean %g",
             gm_class_name (cls), imin, top, mean);
  if (bins > 1) {
    double chi = 0;
    for (int b = 0; b < bins; b++) {
      /* expected: the values falling in bin b */
      const double lo = ceil ((double) b * (double) range / bins),
                   hi = ceil ((double) (b + 1) * (double) range / bins);
      const double e = (double) count * (hi - lo) / (double) range;
      chi += (hist[b] - e) * (hist[b] - e) / e;
    }
    static const double crit[17] = {0, 0, 15.1, 18.4, 21.1, 23.5, 25.7, 27.9, 29.9, 31.8, 33.7,
                                    35.6, 37.4, 39.1, 40.9, 42.6, 44.3};
    tu_result (chi < crit[bins], "randi %s [%.17g, %.17g]: chi-square %g over %d bins",
               gm_class_name (cls), imin, top, chi, bins);
  }
  free (h);
  TU_CUDA (cudaFree (d));
}

static void check_randi (int quick)
{
  const int64_t n = quick ? 100000 : 2000000;
  check_randi_stats (GM_DOUBLE, 1, 10, n);
  check_randi_stats (GM_DOUBLE, -3, 2, n);
  check_randi_stats (GM_DOUBLE, 5, 1, 1000);
  check_randi_stats (GM_DOUBLE, -0x1.0p52, (1ull << 53) - 1, n);   /* randi.m's widest */
  check_randi_stats (GM_SINGLE, 0, 1000, n);
  check_randi_stats (GM_INT8, -128, 256, n);
  check_randi_stats (GM_UINT8, 0, 256, n);
  check_randi_stats (GM_INT16, -7, 15, n);
  check_randi_stats (GM_UINT16, 100, 60000, n);
  check_randi_stats (GM_INT32, -1000000, 2000001, n);
  check_randi_stats (GM_UINT32, 0, 4000000000ull, n);
  check_randi_stats (GM_INT64, -(double) (1ll << 40), 1ull << 41, n);
  check_randi_stats (GM_UINT64, 1, 1ull << 50, n);
  /* counts at the grid's edges */
  const int64_t counts[] = {1, 255, 256, 257, 4096 * 256 + 1};
  for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++)
    check_randi_stats (GM_DOUBLE, 1, 6, counts[k]);
  tu_result (gm_random_int_fill (GM_DOUBLE, 0, 1, 6, 1, 0, NULL, 0) == GM_OK,
             "randi: count 0 does nothing");
  /* integer classes saturate as Octave's cast: int8 of -300..300 */
  {
    const int64_t c = 100000;
    void *d = dalloc (c);
    TU_GM (gm_random_int_fill (GM_INT8, c, -300, 601, 1, 0, d, 0));
    int8_t *h = (int8_t *) download (d, c);
    int64_t lo = 0, hi = 0;
    for (int64_t i = 0; i < c; i++) {
      lo += h[i] == -128;
      hi += h[i] == 127;
    }
    /* P(v <= -128) = 173/601, P(v >= 127) = 174/601 */
    tu_result (fabs (lo / (double) c - 173.0 / 601) < 0.01 && fabs (hi / (double) c - 174.0 / 601) < 0.01,
               "randi int8 saturates: %lld at -128, %lld at 127", (long long) lo, (long long) hi);
    free (h);
    TU_CUDA (cudaFree (d));
  }
  /* determinism: element i is a function of (seed, first + i) */
  {
    const int64_t c = 10000;
    double *d1 = (double *) dalloc (c * 8), *d2 = (double *) dalloc (c * 8);
    TU_GM (gm_random_int_fill (GM_DOUBLE, c, 1, 1000, 42, 100, d1, 0));
    TU_GM (gm_random_int_fill (GM_DOUBLE, c / 2, 1, 1000, 42, 100 + c / 2, d2, 0));
    double *h1 = (double *) download (d1, c * 8), *h2 = (double *) download (d2, c / 2 * 8);
    tu_result (!memcmp (h1 + c / 2, h2, c / 2 * 8), "randi: element i depends on first + i only");
    uint64_t seed, counter, counter2;
    TU_GM (gm_rng_set_seed (9));
    TU_GM (gm_randi (GM_DOUBLE, c, 1, 1000, d2, 0));
    TU_GM (gm_rng_state (&seed, &counter));
    tu_result (counter == (uint64_t) c, "gm_randi advances the counter by one block a value");
    TU_GM (gm_rand (GM_RAND_UNIFORM, GM_DOUBLE, 3, d2, 0));
    TU_GM (gm_rng_state (&seed, &counter2));
    tu_result (counter2 == counter + 2, "gm_rand after gm_randi continues from the counter");
    free (h1), free (h2);
    TU_CUDA (cudaFree (d1));
    TU_CUDA (cudaFree (d2));
  }
  tu_result (gm_random_int_fill (GM_DOUBLE, 5, 0, 0, 1, 0, (void *) 16, 0) == GM_ERR_INVALID_ARGUMENT,
             "randi: range 0 refused");
  tu_result (gm_random_int_fill (GM_COMPLEX_DOUBLE, 5, 0, 3, 1, 0, (void *) 16, 0)
             == GM_ERR_INVALID_ARGUMENT, "randi: complex refused");
  tu_result (gm_random_int_fill (GM_DOUBLE, 5, 0x1.0p53, 3, 1, 0, (void *) 16, 0)
             == GM_ERR_INVALID_ARGUMENT, "randi: a bound at flintmax refused");
}

int main (int argc, char **argv)
{
  const int quick = tu_quick_mode (argc, argv);
  check_plan ();
  if (!tu_gpu_or_skip ("test_make"))
    return tu_finish ("test_make");
  check_fill (quick);
  check_eye (quick);
  check_ranges ();
  check_linspace (quick);
  check_randi (quick);
  return tu_finish ("test_make");
}
