/* test_util.h: small helpers shared by the C-level kernel tests (tests/) and benchmarks
 * (bench/).  Host-only code: random data, CPU references in double, pass/fail bookkeeping.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_TEST_UTIL_H
#define GPUMAT_TEST_UTIL_H

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpumat.h"

static int tu_passed, tu_failed, tu_skipped;

/* A CUDA or gpumat call in a test or benchmark program: a failure stops this program (tests are
   standalone binaries, unlike the library, where exit() is never called). */
#define TU_CUDA(call)                                                                        \
  do {                                                                                       \
    cudaError_t tu_err_ = (call);                                                            \
    if (tu_err_ != cudaSuccess) {                                                            \
      fprintf (stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,                         \
               cudaGetErrorString (tu_err_));                                                \
      exit (2);                                                                              \
    }                                                                                        \
  } while (0)
#define TU_GM(call)                                                                          \
  do {                                                                                       \
    gm_status tu_st_ = (call);                                                               \
    if (tu_st_ != GM_OK) {                                                                   \
      fprintf (stderr, "%s:%d: %s: status %d: %s\n", __FILE__, __LINE__, #call, (int) tu_st_, \
               gm_error_detail ());                                                          \
      exit (2);                                                                              \
    }                                                                                        \
  } while (0)

/* Sets (value not NULL) or clears a GPUMAT_* tuning variable, then re-reads the tuning snapshot:
   gpumat reads the variables once (kernels/tuning.h), so a program that runs several settings in
   one process changes them through this. */
static inline void tu_setenv (const char *name, const char *value)
{
  if (value)
    setenv (name, value, 1);
  else
    unsetenv (name);
  gm_tuning_reload ();
}

/* xorshift64*: reproducible across machines, unlike rand (). */
static uint64_t tu_rng_state = 0x9E3779B97F4A7C15ull;
static inline void tu_seed (uint64_t s) { tu_rng_state = s ? s : 1; }
static inline uint64_t tu_next (void)
{
  tu_rng_state ^= tu_rng_state >> 12;
  tu_rng_state ^= tu_rng_state << 25;
  tu_rng_state ^= tu_rng_state >> 27;
  return tu_rng_state * 2685821657736338717ull;
}
/* Uniform in [-1, 1). */
static inline double tu_uniform (void) { return (double) (tu_next () >> 11) * 0x1.0p-52 - 1.0; }
static inline int64_t tu_randint (int64_t lo, int64_t hi) /* inclusive */
{
  return lo + (int64_t) (tu_next () % (uint64_t) (hi - lo + 1));
}

/* Fill host buffers of the given class with uniform values; `dbl` gets the same values as
   doubles (exactly representable, so a double reference sees what the GPU saw). */
static inline void tu_fill (gm_class cls, void *buf, double *dbl, size_t count)
{
  for (size_t i = 0; i < count; i++) {
    double v = tu_uniform ();
    if (cls == GM_SINGLE) {
      float f = (float) v;
      ((float *) buf)[i] = f;
      if (dbl) dbl[i] = f;
    } else {
      ((double *) buf)[i] = v;
      if (dbl) dbl[i] = v;
    }
  }
}

static inline double tu_get (gm_class cls, const void *buf, size_t i)
{
  return cls == GM_SINGLE ? (double) ((const float *) buf)[i] : ((const double *) buf)[i];
}

/* n real values (double or single, as cls) on the device, with room for one element more
   (tests poison what lies past the end); cudaFree it. */
static inline void *tu_upload_real (gm_class cls, const double *v, size_t n)
{
  const size_t es = gm_class_size (cls);
  void *d, *h = calloc (n + 1, es);
  TU_CUDA (cudaMalloc (&d, (n + 1) * es));
  for (size_t i = 0; i < n; i++) {
    if (cls == GM_SINGLE) {
      const float f = (float) v[i];
      memcpy ((char *) h + i * es, &f, es);
    } else
      memcpy ((char *) h + i * es, &v[i], es);
  }
  if (n)
    TU_CUDA (cudaMemcpy (d, h, n * es, cudaMemcpyHostToDevice));
  free (h);
  return d;
}

/* The same bits in cls (any NaN matches any NaN). */
static inline int tu_same_bits (gm_class cls, double x, double y)
{
  if (isnan (x) || isnan (y))
    return isnan (x) && isnan (y);
  if (cls == GM_SINGLE) {
    const float fx = (float) x, fy = (float) y;
    return memcmp (&fx, &fy, 4) == 0;
  }
  return memcmp (&x, &y, 8) == 0;
}

static inline double tu_eps (gm_class cls) { return cls == GM_SINGLE ? 0x1.0p-23 : 0x1.0p-52; }

/* The dot products gm_dot computes (x and y viewed as pre x len x post), in long double, and
   sum |x.*y| for each output, the scale of its error bound. */
static inline void tu_dot_reference (gm_class cls, int64_t pre, int64_t len, int64_t post,
                                     const void *hx, const void *hy, long double *ref,
                                     long double *absum)
{
  for (int64_t b = 0; b < post; b++)
    for (int64_t a = 0; a < pre; a++) {
      long double s = 0, sa = 0;
      for (int64_t i = 0; i < len; i++) {
        const size_t k = (size_t) (a + i * pre + b * pre * len);
        const long double p = (long double) tu_get (cls, hx, k) * tu_get (cls, hy, k);
        s += p;
        sa += fabsl (p);
      }
      ref[a + b * pre] = s;
      absum[a + b * pre] = sa;
    }
}

/* 1 when the program runs with --quick or --race (the smaller sets that compute-sanitizer
   runs), else 0. */
static inline int tu_quick_mode (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--quick") || !strcmp (argv[i], "--race"))
      return 1;
  return 0;
}

/* 1 when the program runs with --race: racecheck's set, smaller again than --quick where the
   tool's cost per shared-memory access makes --quick too long for one device call. */
static inline int tu_race_mode (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--race"))
      return 1;
  return 0;
}

/* 1 when a GPU is usable; otherwise prints why, counts a skip, and returns 0. */
static inline int tu_gpu_or_skip (const char *program)
{
  if (gm_available ())
    return 1;
  printf ("%s: no usable GPU (%s): skipping\n", program, gm_error_detail ());
  tu_skipped++;
  return 0;
}

static inline void tu_result (int ok, const char *fmt, ...)
{
  if (ok) {
    tu_passed++;
    return;
  }
  tu_failed++;
  va_list args;
  va_start (args, fmt);
  fputs ("FAIL: ", stdout);
  vprintf (fmt, args);
  fputc ('\n', stdout);
  va_end (args);
}

/* The closing line every test program prints; its exit status follows it. */
static inline int tu_finish (const char *program)
{
  printf ("%s: %d passed, %d failed, %d skipped\n", program, tu_passed, tu_failed, tu_skipped);
  return tu_failed > 0 ? 1 : 0;
}

#endif
