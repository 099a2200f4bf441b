/* test_fft.cu: kernels/fft.cu (gm_fft, cuFFT) against a naive DFT in long double.
 *
 *   test_fft            every case
 *   test_fft --quick    without the 2^20-point transforms (for compute-sanitizer)
 *   test_fft --race     as --quick (the two small kernels share no memory between threads)
 *
 * What is checked:
 *  - Without a GPU too: refused classes (integer) and ranges (first > last, last >= nd), an
 *    empty array (GM_OK, nothing done, NULL pointers accepted), and that cuFFT loads
 *    (gm_fft_library: dlopen of libcufft.so.<major>) with a version of the major built against.
 *  - gm_fft forward and inverse of real and complex double and single data over: 1-d lengths
 *    1 to 4096 (powers of 2, 3, 5, 7, primes 13, 17, 31, 97, 1009; rows and columns), matrices
 *    along each dimension, 3-d arrays along each dimension (pre and post both above 1, batched
 *    either way), the first two dimensions (fft2) of 2-d and 3-d arrays, every dimension
 *    (fftn) of 3-d to 7-d arrays (ranks above 3 run as several cuFFT calls), a middle range,
 *    and dimensions of length 1 anywhere.  Reference: 1-d DFTs along each transformed
 *    dimension in long double (twiddles from j*k mod n), divided by the number of points for
 *    the inverse.  Bound: |got - ref| <= 4 (log2 N + 2) N eps(class) max|x| (/ N for the
 *    inverse), N the number of points of one transform (an FFT's error grows as log2 N eps
 *    ||x||_2, and ||x||_2 <= sqrt(N) max|x| per transform: a wrong element is off by about
 *    sqrt(N) max|x|, far above the bound).
 *  - The input is left as it was (bit for bit); a complex transform in place (d_out == d_x).
 *  - gm_fft_sample_imag: 0 for real-valued complex data, 1 for a nonzero or NaN imaginary part
 *    at element 1 (always sampled), a real class refused; again after gm_reset (its
 *    page-locked buffer freed and made again).
 *  - A NaN makes every output of its transform NaN (in some part).
 *  - 2^20-point transforms (double and single, real and complex): 32 outputs against the naive
 *    DFT, and ifft (fft (x)) against x.
 *  - Plans: the same transform twice makes one plan; gm_fft_release empties the cache and the
 *    next call makes the plan again; more distinct shapes than the cache holds keep it at 16.
 *    Every case leaves gpumat's live device blocks where they were (work areas handed back).
 * Also printed, not judged: for which lengths cuFFT's ifft of exactly conjugate-symmetric data
 * comes out with every imaginary part exactly zero (Octave, on FFTW, narrows those results to
 * real for lengths up to 16 and mostly not beyond; the same rule here gives the same class
 * only where the rounding agrees).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <complex>
#include <cufft.h>          /* CUFFT_VER_MAJOR: the version gm_fft_library must load */
#include <vector>
#include "test_util.h"

typedef std::complex<long double> cld;

static int quick;

struct shape {
  int nd;
  int64_t dims[8];
  int first, last;
};

static int64_t numel_of (const shape &s)
{
  int64_t n = 1;
  for (int d = 0; d < s.nd; d++)
    n *= s.dims[d];
  return n;
}

static const char *describe (const shape &s, gm_class cls, int inverse)
{
  static char buf[200];
  int k = snprintf (buf, sizeof buf, "%s %s of ", inverse ? "ifft" : "fft", gm_class_name (cls));
  for (int d = 0; d < s.nd; d++)
    k += snprintf (buf + k, sizeof buf - (size_t) k, d ? "x%lld" : "%lld", (long long) s.dims[d]);
  snprintf (buf + k, sizeof buf - (size_t) k, " over dims %d..%d", s.first, s.last);
  return buf;
}

/* Values of class cls (exactly representable) as long double complex. */
static std::vector<cld> make_input (gm_class cls, int64_t n)
{
  std::vector<cld> x ((size_t) n);
  const int cplx = gm_class_is_complex (cls), single = gm_class_real (cls) == GM_SINGLE;
  for (int64_t i = 0; i < n; i++) {
    double re = tu_uniform (), im = cplx ? tu_uniform () : 0.0;
    if (single) {
      re = (float) re;
      im = (float) im;
    }
    x[(size_t) i] = cld (re, im);
  }
  return x;
}

/* Host bytes of class cls holding x (real classes take the real parts). */
static std::vector<unsigned char> pack (gm_class cls, const std::vector<cld> &x)
{
  const size_t es = gm_class_size (cls);
  std::vector<unsigned char> h (x.size () * es + 1);
  for (size_t i = 0; i < x.size (); i++) {
    const double re = (double) x[i].real (), im = (double) x[i].imag ();
    if (cls == GM_DOUBLE)
      memcpy (&h[i * es], &re, 8);
    else if (cls == GM_SINGLE) {
      const float f = (float) re;
      memcpy (&h[i * es], &f, 4);
    } else if (cls == GM_COMPLEX_DOUBLE) {
      memcpy (&h[i * es], &re, 8);
      memcpy (&h[i * es + 8], &im, 8);
    } else {
      const float f[2] = {(float) re, (float) im};
      memcpy (&h[i * es], f, 8);
    }
  }
  return h;
}

/* Complex results of the precision of cls, as long double. */
static std::vector<cld> unpack_complex (gm_class cls, const std::vector<unsigned char> &h,
                                        int64_t n)
{
  std::vector<cld> y ((size_t) n);
  for (int64_t i = 0; i < n; i++) {
    if (gm_class_real (cls) == GM_DOUBLE) {
      double p[2];
      memcpy (p, &h[(size_t) i * 16], 16);
      y[(size_t) i] = cld (p[0], p[1]);
    } else {
      float p[2];
      memcpy (p, &h[(size_t) i * 8], 8);
      y[(size_t) i] = cld (p[0], p[1]);
    }
  }
  return y;
}

/* The DFT over dims first..last, as 1-d DFTs along each (long double). */
static std::vector<cld> reference (const shape &s, std::vector<cld> x, int inverse)
{
  const long double pi = 3.141592653589793238462643383279502884L;
  int64_t stride = 1, count = numel_of (s), points = 1;
  for (int d = 0; d < s.nd; d++) {
    const int64_t n = s.dims[d];
    if (d >= s.first && d <= s.last && n > 1) {
      points *= n;
      std::vector<cld> w ((size_t) n), line ((size_t) n);
      for (int64_t k = 0; k < n; k++)
        w[(size_t) k] = std::polar (1.0L, (inverse ? 2 : -2) * pi * (long double) k / n);
      for (int64_t base = 0; base < count; base++) {
        if ((base / stride) % n != 0)
          continue;                           /* one line per starting element */
        for (int64_t k = 0; k < n; k++) {
          cld acc = 0;
          for (int64_t j = 0; j < n; j++)
            acc += x[(size_t) (base + j * stride)] * w[(size_t) ((j * k) % n)];
          line[(size_t) k] = acc;
        }
        for (int64_t k = 0; k < n; k++)
          x[(size_t) (base + k * stride)] = line[(size_t) k];
      }
    }
    stride *= n;
  }
  if (inverse)
    for (auto &v : x)
      v /= (long double) points;
  return x;
}

static int64_t transform_points (const shape &s)
{
  int64_t p = 1;
  for (int d = s.first; d <= s.last && d < s.nd; d++)
    p *= s.dims[d];
  return p;
}

static long double bound (const shape &s, gm_class cls, int inverse, long double xmax)
{
  const long double n = (long double) transform_points (s);
  long double b = 4.0L * (log2l (n > 1 ? n : 2) + 2) * n * tu_eps (gm_class_real (cls)) * xmax;
  return inverse ? b / n : b;
}

static void live_blocks (size_t *blocks)
{
  size_t bytes, cached;
  gm_device_usage (blocks, &bytes, &cached);
}

/* One transform against the reference; also that the input is left alone. */
static void check_case (const shape &s, gm_class cls, int inverse)
{
  const int64_t n = numel_of (s);
  const gm_class out_cls = gm_class_complex (gm_class_real (cls));
  std::vector<cld> x = make_input (cls, n);
  std::vector<unsigned char> hx = pack (cls, x);
  void *d_x, *d_y;
  TU_CUDA (cudaMalloc (&d_x, hx.size ()));
  TU_CUDA (cudaMalloc (&d_y, (size_t) n * gm_class_size (out_cls) + 1));
  TU_CUDA (cudaMemcpy (d_x, hx.data (), hx.size (), cudaMemcpyHostToDevice));
  size_t before, after;
  live_blocks (&before);
  gm_status st = gm_fft (cls, s.nd, s.dims, s.first, s.last, inverse, d_x, d_y, 0);
  std::vector<unsigned char> hy ((size_t) n * gm_class_size (out_cls)), hx2 (hx.size ());
  if (st == GM_OK) {
    TU_CUDA (cudaMemcpy (hy.data (), d_y, hy.size (), cudaMemcpyDeviceToHost));
    TU_CUDA (cudaMemcpy (hx2.data (), d_x, hx.size (), cudaMemcpyDeviceToHost));
  }
  live_blocks (&after);
  TU_CUDA (cudaFree (d_x));
  TU_CUDA (cudaFree (d_y));
  tu_result (st == GM_OK, "%s: status %d: %s", describe (s, cls, inverse), (int) st,
             gm_error_detail ());
  if (st != GM_OK)
    return;
  tu_result (before == after, "%s: %zu live blocks before, %zu after", describe (s, cls, inverse),
             before, after);
  tu_result (memcmp (hx.data (), hx2.data (), (size_t) n * gm_class_size (cls)) == 0,
             "%s: the input changed", describe (s, cls, inverse));
  const std::vector<cld> ref = reference (s, x, inverse);
  const std::vector<cld> y = unpack_complex (cls, hy, n);
  long double xmax = 0, worst = 0;
  int64_t where = 0;
  for (const auto &v : x)
    xmax = fmaxl (xmax, fmaxl (fabsl (v.real ()), fabsl (v.imag ())));
  for (int64_t i = 0; i < n; i++) {
    const long double e = std::abs (y[(size_t) i] - ref[(size_t) i]);
    if (!(e <= worst)) {
      worst = e;
      where = i;
    }
  }
  const long double tol = bound (s, cls, inverse, xmax);
  tu_result (worst <= tol, "%s: error %Lg at element %lld (got %Lg%+Lgi, want %Lg%+Lgi), bound %Lg",
             describe (s, cls, inverse), worst, (long long) where, y[(size_t) where].real (),
             y[(size_t) where].imag (), ref[(size_t) where].real (), ref[(size_t) where].imag (),
             tol);
}

static shape make_shape (std::initializer_list<int64_t> dims, int first, int last)
{
  shape s;
  s.nd = 0;
  for (int64_t d : dims)
    s.dims[s.nd++] = d;
  s.first = first;
  s.last = last;
  return s;
}

static void check_all_classes (const shape &s)
{
  const gm_class classes[] = {GM_DOUBLE, GM_SINGLE, GM_COMPLEX_DOUBLE, GM_COMPLEX_SINGLE};
  for (gm_class cls : classes)
    for (int inverse = 0; inverse < 2; inverse++)
      check_case (s, cls, inverse);
}

static void check_host_only (void)
{
  const int64_t dims[2] = {4, 3}, empty[2] = {0, 3};
  gm_status st = gm_fft (GM_INT32, 2, dims, 0, 0, 0, (void *) 16, (void *) 16, 0);
  tu_result (st == GM_ERR_INVALID_ARGUMENT, "an int32 array was not refused (%d)", (int) st);
  st = gm_fft (GM_DOUBLE, 2, dims, 1, 0, 0, (void *) 16, (void *) 16, 0);
  tu_result (st == GM_ERR_INVALID_ARGUMENT, "first > last was not refused (%d)", (int) st);
  st = gm_fft (GM_DOUBLE, 2, dims, 0, 2, 0, (void *) 16, (void *) 16, 0);
  tu_result (st == GM_ERR_INVALID_ARGUMENT, "last >= nd was not refused (%d)", (int) st);
  int any = -1;
  st = gm_fft_sample_imag (GM_DOUBLE, 4, (void *) 16, &any, 0);
  tu_result (st == GM_ERR_INVALID_ARGUMENT, "a real class was sampled (%d)", (int) st);
  st = gm_fft (GM_COMPLEX_SINGLE, 2, empty, 0, 1, 1, NULL, NULL, 0);
  tu_result (st == GM_OK, "an empty array: status %d (%s)", (int) st, gm_error_detail ());
  int version = 0;
  st = gm_fft_library (&version);
  tu_result (st == GM_OK && version / 1000 == CUFFT_VER_MAJOR,
             "cuFFT did not load (status %d, version %d): %s", (int) st, version,
             gm_error_detail ());
  if (st == GM_OK)
    printf ("test_fft: cuFFT %d loaded\n", version);
}

/* NaN at one position of each column of a 5x3 array: every output of that column NaN. */
static void check_nan (gm_class cls)
{
  shape s = make_shape ({5, 3}, 0, 0);
  std::vector<cld> x = make_input (cls, 15);
  for (int c = 0; c < 3; c++)
    x[(size_t) (c * 5 + c)] = cld (NAN, 0);
  std::vector<unsigned char> hx = pack (cls, x);
  const gm_class out_cls = gm_class_complex (gm_class_real (cls));
  void *d_x, *d_y;
  TU_CUDA (cudaMalloc (&d_x, hx.size ()));
  TU_CUDA (cudaMalloc (&d_y, 15 * gm_class_size (out_cls)));
  TU_CUDA (cudaMemcpy (d_x, hx.data (), hx.size (), cudaMemcpyHostToDevice));
  TU_GM (gm_fft (cls, s.nd, s.dims, 0, 0, 0, d_x, d_y, 0));
  std::vector<unsigned char> hy (15 * gm_class_size (out_cls));
  TU_CUDA (cudaMemcpy (hy.data (), d_y, hy.size (), cudaMemcpyDeviceToHost));
  TU_CUDA (cudaFree (d_x));
  TU_CUDA (cudaFree (d_y));
  std::vector<cld> y = unpack_complex (cls, hy, 15);
  int all = 1;
  for (const auto &v : y)
    all &= isnan (v.real ()) || isnan (v.imag ());
  tu_result (all, "fft %s with a NaN in each column: an output without NaN", gm_class_name (cls));
}

/* A complex transform in place (d_out == d_x). */
static void check_in_place (gm_class cls)
{
  shape s = make_shape ({12, 5}, 0, 1);
  std::vector<cld> x = make_input (cls, 60);
  std::vector<unsigned char> hx = pack (cls, x);
  void *d;
  TU_CUDA (cudaMalloc (&d, hx.size ()));
  TU_CUDA (cudaMemcpy (d, hx.data (), hx.size (), cudaMemcpyHostToDevice));
  TU_GM (gm_fft (cls, s.nd, s.dims, 0, 1, 0, d, d, 0));
  TU_CUDA (cudaMemcpy (hx.data (), d, hx.size (), cudaMemcpyDeviceToHost));
  TU_CUDA (cudaFree (d));
  std::vector<cld> y = unpack_complex (cls, hx, 60), ref = reference (s, x, 0);
  long double worst = 0, xmax = 1;
  for (int i = 0; i < 60; i++)
    worst = fmaxl (worst, std::abs (y[(size_t) i] - ref[(size_t) i]));
  tu_result (worst <= bound (s, cls, 0, xmax), "fft2 %s in place: error %Lg",
             gm_class_name (cls), worst);
}

/* 2^20 points: some outputs against the naive DFT, and the round trip. */
static void check_large (gm_class cls)
{
  const int64_t n = (int64_t) 1 << 20;
  shape s = make_shape ({n, 1}, 0, 0);
  const gm_class out_cls = gm_class_complex (gm_class_real (cls));
  std::vector<cld> x = make_input (cls, n);
  std::vector<unsigned char> hx = pack (cls, x);
  void *d_x, *d_y, *d_z;
  const size_t out_bytes = (size_t) n * gm_class_size (out_cls);
  TU_CUDA (cudaMalloc (&d_x, hx.size ()));
  TU_CUDA (cudaMalloc (&d_y, out_bytes));
  TU_CUDA (cudaMalloc (&d_z, out_bytes));
  TU_CUDA (cudaMemcpy (d_x, hx.data (), hx.size (), cudaMemcpyHostToDevice));
  TU_GM (gm_fft (cls, 2, s.dims, 0, 0, 0, d_x, d_y, 0));
  TU_GM (gm_fft (out_cls, 2, s.dims, 0, 0, 1, d_y, d_z, 0));
  std::vector<unsigned char> hy (out_bytes), hz (out_bytes);
  TU_CUDA (cudaMemcpy (hy.data (), d_y, out_bytes, cudaMemcpyDeviceToHost));
  TU_CUDA (cudaMemcpy (hz.data (), d_z, out_bytes, cudaMemcpyDeviceToHost));
  TU_CUDA (cudaFree (d_x));
  TU_CUDA (cudaFree (d_y));
  TU_CUDA (cudaFree (d_z));
  std::vector<cld> y = unpack_complex (cls, hy, n), z = unpack_complex (cls, hz, n);
  const long double pi = 3.141592653589793238462643383279502884L, tol = bound (s, cls, 0, 1);
  std::vector<cld> w ((size_t) n);
  for (int64_t m = 0; m < n; m++)
    w[(size_t) m] = std::polar (1.0L, -2 * pi * (long double) m / n);
  long double worst = 0;
  for (int t = 0; t < 32; t++) {
    const int64_t k = t < 2 ? t * (n / 2) : tu_randint (0, n - 1);
    cld acc = 0;
    for (int64_t j = 0; j < n; j++)
      acc += x[(size_t) j] * w[(size_t) ((j * k) % n)];
    worst = fmaxl (worst, std::abs (y[(size_t) k] - acc));
  }
  tu_result (worst <= tol, "fft %s of 2^20 points: error %Lg, bound %Lg", gm_class_name (cls),
             worst, tol);
  long double back = 0;
  for (int64_t i = 0; i < n; i++)
    back = fmaxl (back, std::abs (z[(size_t) i] - x[(size_t) i]));
  tu_result (back <= 2 * tol / (long double) n * 64, "ifft (fft (x)) %s of 2^20 points: error %Lg",
             gm_class_name (cls), back);
}

/* gm_fft_sample_imag: a nonzero (or NaN) imaginary part where the sample looks, none, and a
   real class refused. */
static void check_sample (gm_class cls)
{
  const int64_t counts[] = {1, 2, 65, 1000};
  for (int64_t n : counts) {
    std::vector<cld> x ((size_t) n, cld (1, 0));
    void *d;
    std::vector<unsigned char> h = pack (cls, x);
    TU_CUDA (cudaMalloc (&d, h.size ()));
    TU_CUDA (cudaMemcpy (d, h.data (), h.size (), cudaMemcpyHostToDevice));
    int any = -1;
    TU_GM (gm_fft_sample_imag (cls, n, d, &any, 0));
    tu_result (any == 0, "sample of %lld real-valued %s elements: %d", (long long) n,
               gm_class_name (cls), any);
    if (n > 1) {
      x[1] = cld (1, n == 2 ? NAN : 1e-300L);       /* element 1 is always in the sample */
      h = pack (cls, x);
      TU_CUDA (cudaMemcpy (d, h.data (), h.size (), cudaMemcpyHostToDevice));
      TU_GM (gm_fft_sample_imag (cls, n, d, &any, 0));
      const int want = n == 2 || gm_class_real (cls) == GM_DOUBLE;   /* 1e-300 is 0 in single */
      tu_result (any == want, "sample of %lld %s elements with one imaginary part: %d",
                 (long long) n, gm_class_name (cls), any);
    }
    TU_CUDA (cudaFree (d));
  }
}

static void check_plans (void)
{
  int cached;
  long long made0, made1, made2;
  shape s = make_shape ({24, 6}, 0, 0);
  gm_fft_release ();
  gm_fft_plan_stats (&cached, &made0);
  tu_result (cached == 0, "%d plans cached after gm_fft_release", cached);
  check_case (s, GM_COMPLEX_DOUBLE, 0);
  check_case (s, GM_COMPLEX_DOUBLE, 1);      /* the same plan: the direction is an argument */
  gm_fft_plan_stats (&cached, &made1);
  tu_result (made1 == made0 + 1 && cached == 1, "fft then ifft of one shape made %lld plans (%d "
             "cached)", made1 - made0, cached);
  gm_fft_release ();
  check_case (s, GM_COMPLEX_DOUBLE, 0);
  gm_fft_plan_stats (&cached, &made2);
  tu_result (made2 == made1 + 1 && cached == 1, "after gm_fft_release: %lld plans made, %d cached",
             made2 - made1, cached);
  for (int64_t n = 2; n < 24; n++)
    check_case (make_shape ({n, 3}, 0, 0), GM_COMPLEX_SINGLE, 0);
  gm_fft_plan_stats (&cached, NULL);
  tu_result (cached == 16, "%d plans cached after 22 shapes (the cache holds 16)", cached);
  /* gm_reset releases them too */
  gm_reset ();
  gm_fft_plan_stats (&cached, NULL);
  tu_result (cached == 0, "%d plans cached after gm_reset", cached);
}

/* Not judged: does cuFFT's inverse of exactly conjugate-symmetric data come out exactly real? */
static void report_symmetric (void)
{
  const int64_t lengths[] = {2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 32, 64, 100, 1000};
  printf ("test_fft: ifft of conjugate-symmetric double data exactly real (Octave/FFTW: n <= 16):");
  for (int64_t n : lengths) {
    std::vector<cld> X ((size_t) n);
    for (int64_t k = 0; k <= n / 2; k++) {
      X[(size_t) k] = cld (tu_uniform (), (k == 0 || 2 * k == n) ? 0.0 : tu_uniform ());
      if (k)
        X[(size_t) (n - k)] = std::conj (X[(size_t) k]);
    }
    std::vector<unsigned char> h = pack (GM_COMPLEX_DOUBLE, X);
    void *d_x, *d_y;
    TU_CUDA (cudaMalloc (&d_x, h.size ()));
    TU_CUDA (cudaMalloc (&d_y, h.size ()));
    TU_CUDA (cudaMemcpy (d_x, h.data (), h.size (), cudaMemcpyHostToDevice));
    const int64_t dims[2] = {n, 1};
    TU_GM (gm_fft (GM_COMPLEX_DOUBLE, 2, dims, 0, 0, 1, d_x, d_y, 0));
    TU_CUDA (cudaMemcpy (h.data (), d_y, (size_t) n * 16, cudaMemcpyDeviceToHost));
    TU_CUDA (cudaFree (d_x));
    TU_CUDA (cudaFree (d_y));
    std::vector<cld> y = unpack_complex (GM_COMPLEX_DOUBLE, h, n);
    int real = 1;
    for (const auto &v : y)
      real &= v.imag () == 0;
    printf (" %lld:%s", (long long) n, real ? "yes" : "no");
  }
  printf ("\n");
}

int main (int argc, char **argv)
{
  quick = tu_quick_mode (argc, argv);
  tu_seed (20261130);
  check_host_only ();
  if (!tu_gpu_or_skip ("test_fft"))
    return tu_finish ("test_fft");
  /* 1-d: columns and rows */
  const int64_t lengths[] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 17, 31, 64, 97, 100, 128, 1009, 4096};
  for (int64_t n : lengths) {
    check_all_classes (make_shape ({n, 1}, 0, 0));
    check_all_classes (make_shape ({1, n}, 1, 1));
  }
  /* matrices along each dimension, and both (fft2) */
  const int64_t mats[][2] = {{13, 7}, {7, 13}, {16, 5}, {1, 1}, {2, 3}, {64, 33}, {1, 9}, {9, 1}};
  for (const auto &m : mats)
    for (int f = 0; f < 3; f++)
      check_all_classes (make_shape ({m[0], m[1]}, f == 2 ? 0 : f, f == 2 ? 1 : f));
  /* 3-d along each dimension (pre and post both above 1: batched along the larger), fft2 of
     pages, fftn */
  const int64_t cubes[][3] = {{5, 6, 7}, {4, 1, 9}, {3, 50, 2}, {2, 50, 3}, {40, 3, 50},
                              {1, 6, 35}, {16, 16, 3}, {7, 1, 1}};
  for (const auto &c : cubes) {
    for (int d = 0; d < 3; d++)
      check_all_classes (make_shape ({c[0], c[1], c[2]}, d, d));
    check_all_classes (make_shape ({c[0], c[1], c[2]}, 0, 1));
    check_all_classes (make_shape ({c[0], c[1], c[2]}, 0, 2));
  }
  /* fftn of 4-d to 7-d arrays (several cuFFT calls), a middle range, length-1 dimensions */
  check_all_classes (make_shape ({2, 3, 4, 5}, 0, 3));
  check_all_classes (make_shape ({2, 3, 4, 5, 6}, 0, 4));
  check_all_classes (make_shape ({3, 1, 4, 5, 12}, 0, 4));
  check_all_classes (make_shape ({2, 2, 2, 2, 2, 2, 2}, 0, 6));
  check_all_classes (make_shape ({3, 4, 5, 2}, 1, 2));
  check_all_classes (make_shape ({3, 4, 5, 2}, 1, 3));
  check_all_classes (make_shape ({1, 1, 6, 1, 5}, 0, 4));
  check_all_classes (make_shape ({6, 1, 1, 5}, 1, 2));
  const gm_class classes[] = {GM_DOUBLE, GM_SINGLE, GM_COMPLEX_DOUBLE, GM_COMPLEX_SINGLE};
  for (gm_class cls : classes) {
    check_nan (cls);
    if (gm_class_is_complex (cls)) {
      check_in_place (cls);
      check_sample (cls);
    }
    if (!quick)
      check_large (cls);
  }
  check_plans ();
  /* gm_reset (in check_plans) freed the sample's page-locked buffer: made again */
  check_sample (GM_COMPLEX_SINGLE);
  report_symmetric ();
  return tu_finish ("test_fft");
}
