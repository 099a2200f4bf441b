/* test_random.cu: the Philox4x32-10 generator of kernels/random.cu.
 *
 *  1. known answers: gm_philox4x32_10 against the three Philox4x32-10 vectors Random123 publishes
 *     (its tests/kat_vectors; counter[4] key[2] -> out[4]); host only, runs without a GPU;
 *  2. every element of gm_random_fill against a host recomputation from gm_philox4x32_10:
 *     uniform bit for bit (the conversion is exact integer and power-of-two arithmetic), normal
 *     within 16 eps (|r| + 1) of Box-Muller in long double (the device's log, sqrt and sincospi
 *     are within 2 ulps each); counts 0 to 9, around the 256-thread block and past the 4096-block grid
 *     (the grid-stride loop), odd counts, nothing written past the end;
 *  3. determinism and the counter: the same (seed, first block) gives the same bits, and
 *     element i of a fill from block f equals element i - 2j (double; 4j single) of a fill from
 *     block f + j; another seed or block gives other values;
 *  4. statistics on 10^6 samples (10^5 with --quick) of each class and distribution: mean,
 *     variance, lag-1 correlation within 6 standard errors, and the Kolmogorov-Smirnov statistic
 *     sqrt(n) D < 3 (see check_stats for the probabilities);
 *  5. the package generator: gm_rng_set_seed replays, consecutive gm_rand calls differ, the
 *     counter advances by the blocks used; bad arguments are refused without using a block.
 *
 *   test_random [--quick]      (--quick: smaller counts and samples, for compute-sanitizer)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "test_util.h"

static const char *dist_name (gm_rand_dist d) { return gm_rand_dist_name (d); }

/* 1. Random123's kat_vectors for philox4x32 10. */
static void check_known_answers (void)
{
  static const uint32_t kat[3][10] = {
    {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
     0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8},
    {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
     0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd},
    {0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0,
     0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1},
  };
  for (int v = 0; v < 3; v++) {
    uint32_t out[4];
    gm_philox4x32_10 (kat[v], kat[v] + 4, out);
    tu_result (!memcmp (out, kat[v] + 6, sizeof out),
               "Philox4x32-10 known answer %d: got %08x %08x %08x %08x, want %08x %08x %08x %08x",
               v, out[0], out[1], out[2], out[3], kat[v][6], kat[v][7], kat[v][8], kat[v][9]);
  }
}

/* The API's checks that need no GPU. */
static void check_arguments (void)
{
  uint64_t blocks = 99;
  tu_result (gm_random_blocks (GM_DOUBLE, 5, &blocks) == GM_OK && blocks == 3,
             "5 doubles use 3 blocks (got %llu)", (unsigned long long) blocks);
  tu_result (gm_random_blocks (GM_SINGLE, 5, &blocks) == GM_OK && blocks == 2,
             "5 singles use 2 blocks (got %llu)", (unsigned long long) blocks);
  tu_result (gm_random_blocks (GM_SINGLE, 0, &blocks) == GM_OK && blocks == 0,
             "0 values use 0 blocks");
  tu_result (gm_random_blocks (GM_INT32, 5, &blocks) == GM_ERR_INVALID_ARGUMENT,
             "gm_random_blocks refuses int32");
  tu_result (gm_random_blocks (GM_DOUBLE, -1, &blocks) == GM_ERR_INVALID_ARGUMENT,
             "gm_random_blocks refuses a negative count");
  tu_result (gm_random_fill ((gm_rand_dist) 7, GM_DOUBLE, 4, 1, 0, NULL, 0)
               == GM_ERR_INVALID_ARGUMENT, "gm_random_fill refuses an unknown distribution");
  tu_result (gm_random_fill (GM_RAND_UNIFORM, GM_COMPLEX_DOUBLE, 4, 1, 0, NULL, 0)
               == GM_ERR_INVALID_ARGUMENT, "gm_random_fill refuses complex double");
  tu_result (gm_random_fill (GM_RAND_NORMAL, GM_SINGLE, -3, 1, 0, NULL, 0)
               == GM_ERR_INVALID_ARGUMENT, "gm_random_fill refuses a negative count");
  tu_result (gm_random_fill (GM_RAND_NORMAL, GM_SINGLE, 0, 1, 0, NULL, 0) == GM_OK,
             "gm_random_fill of 0 values does nothing");
  tu_result (gm_rand_dist_name (GM_RAND_UNIFORM) && !strcmp (gm_rand_dist_name (GM_RAND_UNIFORM),
             "uniform") && !gm_rand_dist_name (GM_RAND_COUNT), "gm_rand_dist_name");
  /* The package generator refuses bad arguments without using a block. */
  uint64_t seed, c0, c1;
  TU_GM (gm_rng_set_seed (1234));
  TU_GM (gm_rng_state (&seed, &c0));
  tu_result (seed == 1234 && c0 == 0, "gm_rng_set_seed sets the seed and resets the counter");
  tu_result (gm_rand (GM_RAND_UNIFORM, GM_INT8, 10, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "gm_rand refuses int8");
  TU_GM (gm_rng_state (&seed, &c1));
  tu_result (c1 == c0, "a refused gm_rand leaves the counter (%llu -> %llu)",
             (unsigned long long) c0, (unsigned long long) c1);
}

/* Host recomputation of element i of a fill (the definition in kernels/random.cu). */
static void host_block (uint64_t seed, uint64_t block, uint32_t w[4])
{
  const uint32_t ctr[4] = {(uint32_t) block, (uint32_t) (block >> 32), 0, 0};
  const uint32_t key[2] = {(uint32_t) seed, (uint32_t) (seed >> 32)};
  gm_philox4x32_10 (ctr, key, w);
}
static double host_uniform_double (uint32_t lo, uint32_t hi)
{
  return ((double) (((((uint64_t) hi) << 32) | lo) >> 12) + 0.5) * 0x1.0p-52;
}
static float host_uniform_single (uint32_t w)
{
  return ((float) (w >> 9) + 0.5f) * 0x1.0p-23f;
}
/* The expected value of element i and, for normal values, the radius sqrt (-2 log u1). */
static double host_value (gm_rand_dist dist, gm_class cls, uint64_t seed, uint64_t first,
                          int64_t i, double *radius)
{
  const int per = cls == GM_DOUBLE ? 2 : 4;
  uint32_t w[4];
  host_block (seed, first + (uint64_t) (i / per), w);
  const int j = (int) (i % per);
  double u1, u2;
  *radius = 0;
  if (cls == GM_DOUBLE) {
    u1 = host_uniform_double (w[0], w[1]);
    u2 = host_uniform_double (w[2], w[3]);
    if (dist == GM_RAND_UNIFORM)
      return j == 0 ? u1 : u2;
  } else {
    if (dist == GM_RAND_UNIFORM)
      return host_uniform_single (w[j]);
    u1 = host_uniform_single (w[j & 2]);
    u2 = host_uniform_single (w[(j & 2) + 1]);
  }
  /* In long double (64-bit significand): 2 pi u2 rounded in double alone would be off by up to
     2 eps 2 pi = 13 eps radians, most of the tolerance. */
  const long double r = sqrtl (-2.0L * logl ((long double) u1));
  const long double angle = 2.0L * 3.141592653589793238462643383279502884L * u2;
  *radius = (double) r;
  return (double) ((j & 1) ? r * sinl (angle) : r * cosl (angle));
}

/* A device fill of `count` values into a buffer poisoned one element past the end; returns the
   host copy (count + 1 elements of cls). */
static void *device_fill (gm_rand_dist dist, gm_class cls, int64_t count, uint64_t seed,
                          uint64_t first)
{
  const size_t es = gm_class_size (cls), bytes = (size_t) (count + 1) * es;
  void *d, *h = malloc (bytes);
  TU_CUDA (cudaMalloc (&d, bytes));
  TU_CUDA (cudaMemset (d, 0xff, bytes));
  TU_GM (gm_random_fill (dist, cls, count, seed, first, d, 0));
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaMemcpy (h, d, bytes, cudaMemcpyDeviceToHost));
  TU_CUDA (cudaFree (d));
  return h;
}

static int past_end_untouched (const void *h, gm_class cls, int64_t count)
{
  const unsigned char *p = (const unsigned char *) h + (size_t) count * gm_class_size (cls);
  for (size_t b = 0; b < gm_class_size (cls); b++)
    if (p[b] != 0xff)
      return 0;
  return 1;
}

/* 2. Every element against the host, and the range. */
static void check_elements (gm_rand_dist dist, gm_class cls, int64_t count, uint64_t seed,
                            uint64_t first)
{
  void *h = device_fill (dist, cls, count, seed, first);
  int64_t bad = 0, out_of_range = 0, first_bad = -1;
  const double eps = tu_eps (cls);
  for (int64_t i = 0; i < count; i++) {
    const double got = tu_get (cls, h, (size_t) i);
    double radius;
    const double want = host_value (dist, cls, seed, first, i, &radius);
    int ok;
    if (dist == GM_RAND_UNIFORM) {
      ok = got == want;                              /* bit for bit: exact arithmetic */
      out_of_range += !(got > 0.0 && got < 1.0);
    } else {
      ok = fabs (got - want) <= 16 * eps * (radius + 1) && isfinite (got);
    }
    if (!ok) {
      if (first_bad < 0)
        first_bad = i;
      bad++;
    }
  }
  tu_result (bad == 0, "%s %s count %lld seed %llu first %llu: %lld elements differ from the "
             "host's (first at %lld)", dist_name (dist), gm_class_name (cls), (long long) count,
             (unsigned long long) seed, (unsigned long long) first, (long long) bad,
             (long long) first_bad);
  tu_result (out_of_range == 0, "%s %s count %lld: %lld values outside (0, 1)", dist_name (dist),
             gm_class_name (cls), (long long) count, (long long) out_of_range);
  tu_result (past_end_untouched (h, cls, count), "%s %s count %lld: wrote past the end",
             dist_name (dist), gm_class_name (cls), (long long) count);
  free (h);
}

/* 3. Determinism and the counter. */
static void check_determinism (gm_rand_dist dist, gm_class cls)
{
  const int64_t count = 10007;                      /* prime: a partial last block */
  const int per = cls == GM_DOUBLE ? 2 : 4;
  const size_t es = gm_class_size (cls);
  void *a = device_fill (dist, cls, count, 42, 1000);
  void *b = device_fill (dist, cls, count, 42, 1000);
  tu_result (!memcmp (a, b, (size_t) count * es), "%s %s: the same seed and block give the "
             "same bits", dist_name (dist), gm_class_name (cls));
  /* Starting 3 blocks later shifts the values by 3 * per elements. */
  void *c = device_fill (dist, cls, count - 3 * per, 42, 1003);
  tu_result (!memcmp ((char *) a + 3 * per * es, c, (size_t) (count - 3 * per) * es),
             "%s %s: a fill from block f + 3 is the fill from f shifted by %d elements",
             dist_name (dist), gm_class_name (cls), 3 * per);
  /* Another seed, or another block: values differ (equal ones are chance: a uniform double
     repeats with probability 2^-52, a single 2^-23 each, so a few in 10^4 at most). */
  void *d = device_fill (dist, cls, count, 43, 1000);
  void *e = device_fill (dist, cls, count, 42, 1001);
  int64_t same_d = 0, same_e = 0;
  for (int64_t i = 0; i < count; i++) {
    same_d += tu_get (cls, a, (size_t) i) == tu_get (cls, d, (size_t) i);
    same_e += tu_get (cls, a, (size_t) i) == tu_get (cls, e, (size_t) i);
  }
  tu_result (same_d <= 2 && same_e <= 2, "%s %s: another seed / block repeats %lld / %lld of "
             "%lld values", dist_name (dist), gm_class_name (cls), (long long) same_d,
             (long long) same_e, (long long) count);
  free (a), free (b), free (c), free (d), free (e);
}

static int compare_double (const void *x, const void *y)
{
  const double a = *(const double *) x, b = *(const double *) y;
  return a < b ? -1 : a > b;
}

/* 4. Statistics.  Each bound is 6 standard errors of an estimate that is the mean of n
   independent terms (the CLT at n >= 10^5): a good generator fails one with probability
   2e-9; the four checks of the 4 (class, distribution) pairs together below 1e-7.  KS: the
   Kolmogorov distribution gives P(sqrt(n) D > 3) = 2 sum (-1)^(k-1) exp(-2 k^2 9) = 3.0e-8.
   A broken generator fails them: an offset of 0.01 in the mean is 35 standard errors of a
   uniform at n = 10^6, a repeated value every other element makes the lag-1 correlation 0.5
   (500 standard errors), a wrong Box-Muller angle or a half-open interval that piles up at 0
   moves the KS statistic by far more than 3/sqrt(n) = 0.003. */
static void check_stats (gm_rand_dist dist, gm_class cls, int64_t n)
{
  void *h = device_fill (dist, cls, n, 20261123, 77);
  double *x = (double *) malloc ((size_t) n * sizeof (double));
  for (int64_t i = 0; i < n; i++)
    x[i] = tu_get (cls, h, (size_t) i);
  free (h);
  const int uniform = dist == GM_RAND_UNIFORM;
  /* Moments of the distribution: uniform mean 1/2, variance 1/12, Var[(U - 1/2)^2] = 1/80 -
     1/144 = 1/180; normal mean 0, variance 1, Var[Z^2] = 2. */
  const double mu = uniform ? 0.5 : 0.0, var = uniform ? 1.0 / 12 : 1.0;
  const double var_of_sq = uniform ? 1.0 / 180 : 2.0;
  long double s = 0, s2 = 0, lag = 0;
  for (int64_t i = 0; i < n; i++) {
    const long double d = x[i] - mu;
    s += d;
    s2 += d * d;
    if (i > 0)
      lag += d * (x[i - 1] - mu);
  }
  const double mean_err = (double) (s / n), var_est = (double) (s2 / n);
  const double corr = (double) (lag / (n - 1)) / var;
  const double rn = sqrt ((double) n);
  tu_result (fabs (mean_err) <= 6 * sqrt (var) / rn, "%s %s n %lld: mean off by %.3g (6 "
             "standard errors: %.3g)", dist_name (dist), gm_class_name (cls), (long long) n,
             mean_err, 6 * sqrt (var) / rn);
  tu_result (fabs (var_est - var) <= 6 * sqrt (var_of_sq) / rn, "%s %s n %lld: variance %.6g, "
             "want %.6g within %.3g", dist_name (dist), gm_class_name (cls), (long long) n,
             var_est, var, 6 * sqrt (var_of_sq) / rn);
  /* Lag-1 products of independent values: mean 0, standard deviation var (per term). */
  tu_result (fabs (corr) <= 6 / sqrt ((double) (n - 1)), "%s %s n %lld: lag-1 correlation %.3g",
             dist_name (dist), gm_class_name (cls), (long long) n, corr);
  qsort (x, (size_t) n, sizeof (double), compare_double);
  double dmax = 0;
  for (int64_t i = 0; i < n; i++) {
    const double F = uniform ? x[i] : 0.5 * erfc (-x[i] / M_SQRT2);
    const double lo = F - (double) i / n, hi = (double) (i + 1) / n - F;
    dmax = fmax (dmax, fmax (lo, hi));
  }
  tu_result (rn * dmax < 3.0, "%s %s n %lld: Kolmogorov-Smirnov sqrt(n) D = %.3f (bound 3)",
             dist_name (dist), gm_class_name (cls), (long long) n, rn * dmax);
  if (uniform)
    tu_result (x[0] > 0 && x[n - 1] < 1, "%s %s: min %.17g max %.17g inside (0, 1)",
               dist_name (dist), gm_class_name (cls), x[0], x[n - 1]);
  else
    tu_result (x[0] > -8.6 && x[n - 1] < 8.6, "%s %s: min %.6g max %.6g finite and within "
               "sqrt (2 * 53 ln 2)", dist_name (dist), gm_class_name (cls), x[0], x[n - 1]);
  free (x);
}

/* 5. The package generator. */
static void check_package (gm_class cls)
{
  const int64_t count = 1001;
  const size_t es = gm_class_size (cls), bytes = (size_t) count * es;
  uint64_t blocks, seed, counter;
  TU_GM (gm_random_blocks (cls, count, &blocks));
  void *d1, *d2;
  TU_CUDA (cudaMalloc (&d1, bytes));
  TU_CUDA (cudaMalloc (&d2, bytes));
  void *h1 = malloc (bytes), *h2 = malloc (bytes), *h3 = malloc (bytes);
  TU_GM (gm_rng_set_seed (7));
  TU_GM (gm_rand (GM_RAND_NORMAL, cls, count, d1, 0));
  TU_GM (gm_rng_state (&seed, &counter));
  tu_result (seed == 7 && counter == blocks, "%s: gm_rand advances the counter by %llu blocks "
             "(counter %llu)", gm_class_name (cls), (unsigned long long) blocks,
             (unsigned long long) counter);
  TU_GM (gm_rand (GM_RAND_NORMAL, cls, count, d2, 0));
  TU_GM (gm_rand (GM_RAND_UNIFORM, cls, 0, NULL, 0));
  TU_GM (gm_rng_state (&seed, &counter));
  tu_result (counter == 2 * blocks, "%s: 0 values use no block", gm_class_name (cls));
  TU_CUDA (cudaMemcpy (h1, d1, bytes, cudaMemcpyDeviceToHost));
  TU_CUDA (cudaMemcpy (h2, d2, bytes, cudaMemcpyDeviceToHost));
  tu_result (memcmp (h1, h2, bytes) != 0, "%s: consecutive gm_rand calls differ",
             gm_class_name (cls));
  /* The second call is the fill from block `blocks`. */
  void *ref = device_fill (GM_RAND_NORMAL, cls, count, 7, blocks);
  tu_result (!memcmp (h2, ref, bytes), "%s: the second call starts where the first ended",
             gm_class_name (cls));
  free (ref);
  TU_GM (gm_rng_set_seed (7));
  TU_GM (gm_rand (GM_RAND_NORMAL, cls, count, d2, 0));
  TU_CUDA (cudaMemcpy (h3, d2, bytes, cudaMemcpyDeviceToHost));
  tu_result (!memcmp (h1, h3, bytes), "%s: gm_rng_set_seed replays the first call",
             gm_class_name (cls));
  TU_CUDA (cudaFree (d1));
  TU_CUDA (cudaFree (d2));
  free (h1), free (h2), free (h3);
}

int main (int argc, char **argv)
{
  const int quick = tu_quick_mode (argc, argv);
  check_known_answers ();
  check_arguments ();
  if (!tu_gpu_or_skip ("test_random"))
    return tu_finish ("test_random");
  /* Counts: 0 to 9 (partial blocks of 2 and 4), around 256 threads x 2 or 4 values, and past
     the 4096 x 256-thread grid (1048576 blocks: 2^21 doubles, 2^22 singles), odd ones. */
  const int64_t counts[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 511, 512, 513, 1023, 1024, 1025,
                            4097, 2097151, 2097152, 2097153, 4194303, 4194305, 9000001};
  const gm_class classes[] = {GM_DOUBLE, GM_SINGLE};
  const gm_rand_dist dists[] = {GM_RAND_UNIFORM, GM_RAND_NORMAL};
  for (int c = 0; c < 2; c++)
    for (int d = 0; d < 2; d++) {
      for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++)
        if (!quick || counts[k] < 5000)
          check_elements (dists[d], classes[c], counts[k], 0x0123456789abcdefull, 5);
      /* A counter whose low word is about to carry into the high word, and seed 0. */
      check_elements (dists[d], classes[c], 4099, 0, 0xfffffffeull);
      check_determinism (dists[d], classes[c]);
      check_stats (dists[d], classes[c], quick ? 100000 : 1000000);
    }
  check_package (GM_DOUBLE);
  check_package (GM_SINGLE);
  return tu_finish ("test_random");
}
