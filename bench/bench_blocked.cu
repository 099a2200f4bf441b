/* bench_blocked.cu: products of host arrays past the device (kernels/host_ooc.cu) against
 * cuBLASXt on the same host arrays, in the same run (issue 15).
 *
 *   bench_blocked                      N = 16384 with the blocks held to 4 GiB of device memory
 *                                      (the blocked path on any GPU, in seconds)
 *   bench_blocked --n=60000            the issue's product: A, B, C 28.8 GB each in double
 *                                      (86.4 GB of host memory; past an 80 GB H100)
 *   options: --classes=double,single  --budget-gb=G (0: the device's free memory)  --reps=R
 *            --no-xt (skip cuBLASXt)
 *
 * Reported per class: seconds (median of R after one warm-up), TFLOP/s end to end, bus GB/s
 * (bytes moved both ways over the wall time), and the share of the wall time the products ran
 * (kernel events): what is not kernel time is the head (the first panels), the tail (the last
 * block) and any copy the products did not hide.  cuBLASXt is timed on the same arrays, pageable
 * as Octave's are, and its result compared with ours on a sample (relative error under
 * 2 k eps).  cuBLASXt appears here only, never in the package.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <string.h>
#include <time.h>
#include <thread>
#include <vector>
#include <cublasXt.h>
#include "bench_util.h"

static double now_s (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return (double) t.tv_sec + 1e-9 * (double) t.tv_nsec;
}

/* Uniform [-1, 1) from a hash of the index, filled by all cores: tens of gigabytes in seconds. */
template <typename T> static void fill (T *x, size_t count, uint64_t seed)
{
  const unsigned threads = std::max (1u, std::thread::hardware_concurrency ());
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; t++)
    pool.emplace_back ([=] {
      for (size_t i = count * t / threads; i < count * (t + 1) / threads; i++) {
        uint64_t h = (i + seed) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 31;
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
        x[i] = (T) ((double) (h >> 11) * 0x1.0p-52 - 1.0);
      }
    });
  for (auto &th : pool)
    th.join ();
}

static double median (std::vector<double> v)
{
  std::sort (v.begin (), v.end ());
  return v[v.size () / 2];
}

template <typename T>
static void run_class (int64_t n, size_t budget, int reps, bool xt)
{
  const gm_class cls = sizeof (T) == 4 ? GM_SINGLE : GM_DOUBLE;
  const char *name = sizeof (T) == 4 ? "single" : "double";
  const size_t count = (size_t) n * (size_t) n;
  T *A = (T *) malloc (count * sizeof (T)), *B = (T *) malloc (count * sizeof (T));
  T *C = (T *) malloc (count * sizeof (T)), *X = xt ? (T *) malloc (count * sizeof (T)) : NULL;
  if (!A || !B || !C || (xt && !X)) {
    printf ("bench_blocked: %s N = %lld: not enough host memory for the arrays, skipped\n", name,
            (long long) n);
    free (A); free (B); free (C); free (X);
    return;
  }
  fill (A, count, 1);
  fill (B, count, 2);
  const double flop = 2.0 * (double) n * (double) n * (double) n;

  gm_host_stats stats = {};
  const gm_host_options opt = {budget, NULL, NULL, &stats};
  std::vector<double> t_gm, busy, bus;
  for (int r = 0; r <= reps; r++) {   /* run 0 warms up (pool, allocator, kernels) */
    const double t0 = now_s ();
    TU_GM (gm_matmul_host_opt (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, n, n, n, A, B, C, NULL,
                               &opt));
    const double t = now_s () - t0;
    if (r == 0)
      continue;
    t_gm.push_back (t);
    busy.push_back (stats.steps ? stats.kernel_ms / stats.wall_ms : 0);
    bus.push_back (stats.steps ? (stats.bytes_up + stats.bytes_down) / (stats.wall_ms * 1e-3) : 0);
  }
  const double tg = median (t_gm);
  printf ("%-8s %6lld  %-10s %9.2f s  %7.2f TFLOP/s  bus %6.1f GB/s  kernels %5.1f%%  blocks "
          "%lldx%lldx%lld, %lld steps\n", name, (long long) n, "gpumat", tg, flop / tg / 1e12,
          median (bus) / 1e9, 100 * median (busy), (long long) stats.block_rows,
          (long long) stats.block_cols, (long long) stats.slice, (long long) stats.steps);

  if (xt) {
    cublasXtHandle_t h;
    TU_CUBLAS (cublasXtCreate (&h));
    int dev = 0;
    TU_CUBLAS (cublasXtDeviceSelect (h, 1, &dev));
    const T one = 1, zero = 0;
    std::vector<double> t_xt;
    /* a warm-up run only where there are several: at N = 60000 one cuBLASXt run takes over a
       minute, against well under a second of setup */
    for (int r = reps > 1 ? 0 : 1; r <= reps; r++) {
      const double t0 = now_s ();
      if (sizeof (T) == 4)
        TU_CUBLAS (cublasXtSgemm (h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, (const float *) &one,
                                  (const float *) A, n, (const float *) B, n, (const float *) &zero,
                                  (float *) X, n));
      else
        TU_CUBLAS (cublasXtDgemm (h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, (const double *) &one,
                                  (const double *) A, n, (const double *) B, n,
                                  (const double *) &zero, (double *) X, n));
      TU_CUDA (cudaDeviceSynchronize ());
      if (r > 0)
        t_xt.push_back (now_s () - t0);
    }
    TU_CUBLAS (cublasXtDestroy (h));
    const double tx = median (t_xt);
    /* the two results on a sample of 4096 elements */
    double worst = 0;
    for (int s = 0; s < 4096; s++) {
      const size_t e = (size_t) (tu_next () % count);
      const double d = fabs ((double) C[e] - (double) X[e]) / std::max (1.0, fabs ((double) X[e]));
      worst = std::max (worst, d);
    }
    const double bound = 2.0 * (double) n * tu_eps (cls);
    printf ("%-8s %6lld  %-10s %9.2f s  %7.2f TFLOP/s  (gpumat %.2fx; sample rel. difference "
            "%.2g, %s 2k eps)\n", name, (long long) n, "cublasXt", tx, flop / tx / 1e12, tx / tg,
            worst, worst <= bound ? "within" : "OUTSIDE");
  }
  free (A); free (B); free (C); free (X);
}

int main (int argc, char **argv)
{
  int64_t n = 16384;
  double budget_gb = 4;
  int reps = 3;
  bool xt = true;
  const char *classes = "double,single";
  for (int a = 1; a < argc; a++) {
    if (strncmp (argv[a], "--n=", 4) == 0) n = atoll (argv[a] + 4);
    else if (strncmp (argv[a], "--budget-gb=", 12) == 0) budget_gb = atof (argv[a] + 12);
    else if (strncmp (argv[a], "--reps=", 7) == 0) reps = atoi (argv[a] + 7);
    else if (strncmp (argv[a], "--classes=", 10) == 0) classes = argv[a] + 10;
    else if (strcmp (argv[a], "--no-xt") == 0) xt = false;
    else {
      fprintf (stderr, "usage: %s [--n=N] [--budget-gb=G] [--reps=R] [--classes=double,single] "
               "[--no-xt]\n", argv[0]);
      return 2;
    }
  }
  if (!tu_gpu_or_skip ("bench_blocked"))
    return 0;
  if (n < 1 || reps < 1) {
    fprintf (stderr, "bench_blocked: N and R must be positive\n");
    return 2;
  }
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  const size_t budget = (size_t) (budget_gb * 1073741824.0);
  printf ("bench_blocked: %s, %.1f GB free; N = %lld, device budget %s; median of %d after a "
          "warm-up\n", info.name, info.free_bytes / 1e9, (long long) n,
          budget ? "as given" : "the free memory", reps);
  if (strstr (classes, "double"))
    run_class<double> (n, budget, reps, xt);
  if (strstr (classes, "single"))
    run_class<float> (n, budget, reps, xt);
  return 0;
}
