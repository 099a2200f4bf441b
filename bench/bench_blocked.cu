/* bench_blocked.cu: products of host arrays past the device (kernels/host_ooc.cu) against
 * cuBLASXt on the same host arrays, in the same run (issue 15).
 *
 *   bench_blocked                      N = 16384 with the blocks held to 4 GiB of device memory
 *                                      (the blocked path on any GPU, in seconds)
 *   bench_blocked --n=60000            the issue's product: A, B, C 28.8 GB each in double
 *                                      (86.4 GB of host memory; past an 80 GB H100)
 *   options: --classes=double,single  --budget-gb=G (0: the device's free memory)  --reps=R
 *            --no-xt (skip cuBLASXt)  --devices=0,1 (the GPUs of the several-device lines;
 *            default every GPU)  --xt-one (cuBLASXt on one GPU too where there are several)
 *            --xt-block=B (cuBLASXt's tile side, default 8192)  --no-ceiling (skip the in-core
 *            line: one block's product on device data, gpumat and cuBLAS)  --stop-after=S
 *            (Ctrl-C as the gateway sees it, S seconds into a product: how long the stop took
 *            and the device memory before and after)
 *
 * With several GPUs, each class gets, in the same run: gpumat on GPU 0 alone, gpumat on the
 * listed GPUs (the blocks shared through the queue), and cuBLASXt on the same GPUs (and on GPU 0
 * alone with --xt-one: a minute and a half more at N = 60000); the several-device line reports
 * its speed-up over one GPU and each GPU's kernel-busy share.
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

/* cuBLASXt's block dimension (--xt-block) */
static int g_xt_block = 8192;

/* the blocks of the last gpumat run (0: it ran in core) */
static int64_t g_block_rows, g_block_cols;

/* gpumat's product on `devices` (ndev of them; 0: the current device): median seconds, with
   its bus and kernel figures printed on one line. */
template <typename T>
static double run_gpumat (const char *name, int64_t n, size_t budget, int reps, const T *A,
                          const T *B, T *C, const int *devices, int ndev, const char *label)
{
  const gm_class cls = sizeof (T) == 4 ? GM_SINGLE : GM_DOUBLE;
  const double flop = 2.0 * (double) n * (double) n * (double) n;
  gm_host_stats stats = {};
  gm_host_options opt = {budget, NULL, NULL, &stats};
  opt.devices = devices;
  opt.device_count = ndev;
  std::vector<double> t_gm, busy, bus;
  std::vector<std::vector<double>> device_busy (GM_MAX_DEVICES);
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
    for (int d = 0; d < stats.devices && d < GM_MAX_DEVICES; d++)
      device_busy[d].push_back (stats.wall_ms > 0 ? stats.device_kernel_ms[d] / stats.wall_ms : 0);
  }
  const double tg = median (t_gm);
  g_block_rows = stats.block_rows;
  g_block_cols = stats.block_cols;
  if (stats.steps == 0) {
    /* A, B and C fit the free memory: the in-core path, which keeps no blocked statistics */
    printf ("%-8s %6lld  %-10s %9.2f s  %7.2f TFLOP/s  in core (A, B and C fit the device)\n",
            name, (long long) n, label, tg, flop / tg / 1e12);
    return tg;
  }
  printf ("%-8s %6lld  %-10s %9.2f s  %7.2f TFLOP/s  bus %6.1f GB/s  kernels %5.1f%%  blocks "
          "%lldx%lldx%lld, %lld steps, head in %lld chunks\n", name, (long long) n, label, tg,
          flop / tg / 1e12, median (bus) / 1e9, 100 * median (busy), (long long) stats.block_rows,
          (long long) stats.block_cols, (long long) stats.slice, (long long) stats.steps,
          (long long) stats.ramp_chunks);
  if (stats.devices > 1) {
    printf ("%-8s %6lld  %-10s  per GPU:", name, (long long) n, "");
    for (int d = 0; d < stats.devices; d++)
      printf ("  GPU %d kernels %5.1f%% (%lld steps)", stats.device_ordinal[d],
              100 * median (device_busy[d]), (long long) stats.device_steps[d]);
    printf ("\n");
  }
  return tg;
}

/* The ceiling of the blocked loop: one block's product (mb x nb x k, the plan's) on device
 * buffers, the data already there (the first A panel and B's first columns, from the host
 * arrays), gpumat's auto and cuBLAS gemm taking turns, median of 5 each after a warm-up.  The
 * blocked product cannot beat the rate its kernels reach on that shape; what separates the two
 * is the head, the tail and any copy left in view. */
template <typename T>
static void block_ceiling (const char *name, int64_t n, const T *A, const T *B, int64_t mb,
                           int64_t nb)
{
  const gm_class cls = sizeof (T) == 4 ? GM_SINGLE : GM_DOUBLE;
  const size_t es = sizeof (T);
  const int64_t k = n;
  void *dA = NULL, *dB = NULL, *dC = NULL;
  if (gm_device_alloc (&dA, (size_t) mb * k * es) != GM_OK
      || gm_device_alloc (&dB, (size_t) k * nb * es) != GM_OK
      || gm_device_alloc (&dC, (size_t) mb * nb * es) != GM_OK) {
    printf ("%-8s %6lld  block %lldx%lldx%lld does not fit in core: no ceiling line\n", name,
            (long long) n, (long long) mb, (long long) nb, (long long) k);
    gm_device_free (dA); gm_device_free (dB); gm_device_free (dC);
    return;
  }
  const gm_host_span a_part = {(size_t) mb * es, (size_t) k, (size_t) n * es};
  TU_GM (gm_copy_duplex_2d (dA, A, a_part, NULL, NULL, gm_contiguous (0)));
  TU_GM (gm_copy_duplex_2d (dB, B, gm_contiguous ((size_t) k * nb * es), NULL, NULL,
                            gm_contiguous (0)));
  cublasHandle_t h;
  TU_CUBLAS (cublasCreate (&h));
  cudaEvent_t e0, e1;
  TU_CUDA (cudaEventCreate (&e0));
  TU_CUDA (cudaEventCreate (&e1));
  const T one = 1, zero = 0;
  /* taking turns, 5 each: see time_median_pair (timed one after the other, 3 each, cuBLAS had
     shown 52.6 TFLOP/s on the 60000^2 block where it sustains 43-44) */
  double ms_gm = 0, ms_cb = 0;
  time_median_pair ([&] {
    TU_GM (gm_matmul (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, mb, nb, k, dA, mb, 0, dB, k, 0,
                      dC, mb, 0, 1, 0));
  }, [&] {
    if (sizeof (T) == 4)
      TU_CUBLAS (cublasSgemm (h, CUBLAS_OP_N, CUBLAS_OP_N, mb, nb, k, (const float *) &one,
                              (const float *) dA, mb, (const float *) dB, k, (const float *) &zero,
                              (float *) dC, mb));
    else
      TU_CUBLAS (cublasDgemm (h, CUBLAS_OP_N, CUBLAS_OP_N, mb, nb, k, (const double *) &one,
                              (const double *) dA, mb, (const double *) dB, k,
                              (const double *) &zero, (double *) dC, mb));
  }, 5, e0, e1, &ms_gm, &ms_cb);
  const double flop = 2.0 * (double) mb * (double) nb * (double) k;
  printf ("%-8s %6lld  block %lldx%lldx%lld in core: gpumat %.2f TFLOP/s, cuBLAS %.2f (%.1f%%)\n",
          name, (long long) n, (long long) mb, (long long) nb, (long long) k,
          flop / ms_gm / 1e9, flop / ms_cb / 1e9, 100 * ms_cb / ms_gm);
  cudaEventDestroy (e0);
  cudaEventDestroy (e1);
  cublasDestroy (h);
  gm_device_free (dA); gm_device_free (dB); gm_device_free (dC);
  gm_device_release_cached ();
}

/* Ctrl-C, as the gateway sees it: an interrupt callback that answers "stop" from `after` seconds
 * on.  Prints how long the product took to stop once asked, its status, and the device's free
 * memory before and after (everything must come back). */
struct stop_clock { double asked_at, first_yes; };
static int stop_when_due (void *ctx)
{
  stop_clock *c = (stop_clock *) ctx;
  const double t = now_s ();
  if (t < c->asked_at)
    return 0;
  if (c->first_yes == 0)
    c->first_yes = t;
  return 1;
}

template <typename T>
static void run_stop (const char *name, int64_t n, size_t budget, double after, const T *A,
                      const T *B, T *C, const int *devices, int ndev, const char *label)
{
  const gm_class cls = sizeof (T) == 4 ? GM_SINGLE : GM_DOUBLE;
  gm_device_release_cached ();
  size_t free0 = 0, free1 = 0, total = 0;
  TU_CUDA (cudaMemGetInfo (&free0, &total));
  stop_clock clock = {0, 0};
  gm_host_options opt = {budget, stop_when_due, &clock, NULL};
  opt.devices = devices;
  opt.device_count = ndev;
  const double t0 = now_s ();
  clock.asked_at = t0 + after;
  const gm_status st = gm_matmul_host_opt (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, n, n, n,
                                           A, B, C, NULL, &opt);
  const double t1 = now_s ();
  gm_device_release_cached ();
  TU_CUDA (cudaMemGetInfo (&free1, &total));
  printf ("%-8s %6lld  %-10s Ctrl-C at %.2f s: stopped %.0f ms later (%s: %s); GPU 0 free "
          "%.2f GB before, %.2f GB after\n", name, (long long) n, label,
          clock.first_yes ? clock.first_yes - t0 : after,
          clock.first_yes ? 1e3 * (t1 - clock.first_yes) : 0.0,
          st == GM_ERR_INTERRUPTED ? "interrupted" : "NOT interrupted", gm_error_detail (),
          free0 / 1e9, free1 / 1e9);
}

/* cuBLASXt on the same host arrays and GPUs: median seconds; the result compared with C on a
   sample. */
template <typename T>
static double run_xt (const char *name, int64_t n, int reps, const T *A, const T *B, T *X,
                      int *devices, int ndev, double t_gpumat, const char *label)
{
  const gm_class cls = sizeof (T) == 4 ? GM_SINGLE : GM_DOUBLE;
  const size_t count = (size_t) n * (size_t) n;
  const double flop = 2.0 * (double) n * (double) n * (double) n;
  /* gpumat's result on a sample, kept before cuBLASXt overwrites X (gpumat's C): a fourth
     28.8 GB array left 10 GB of the H100 host's 125 GB free, and cuBLASXt then ran 502 s
     (2026-11-26) against the 83-87 s the issue measured with three */
  std::vector<size_t> at (4096);
  std::vector<T> ours (at.size ());
  for (size_t s = 0; s < at.size (); s++) {
    at[s] = (size_t) (tu_next () % count);
    ours[s] = X[at[s]];
  }
  cublasXtHandle_t h;
  TU_CUBLAS (cublasXtCreate (&h));
  TU_CUBLAS (cublasXtDeviceSelect (h, ndev, devices));
  /* its tile side: the default moved every panel of A and B once per 1024-wide tile of C
     (60000^2 double on one H100: 502 s, 0.86 TFLOP/s, 2026-11-26); the issue's 83-87 s is
     what larger tiles give.  --xt-block=B, 8192 unless told */
  TU_CUBLAS (cublasXtSetBlockDim (h, g_xt_block));
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
    for (int d = 0; d < ndev; d++) {
      TU_CUDA (cudaSetDevice (devices[d]));
      TU_CUDA (cudaDeviceSynchronize ());
    }
    TU_CUDA (cudaSetDevice (0));
    if (r > 0)
      t_xt.push_back (now_s () - t0);
  }
  TU_CUBLAS (cublasXtDestroy (h));
  const double tx = median (t_xt);
  /* the two results on a sample of 4096 elements */
  double worst = 0;
  for (size_t s = 0; s < at.size (); s++) {
    const double x = (double) X[at[s]];
    worst = std::max (worst, fabs ((double) ours[s] - x) / std::max (1.0, fabs (x)));
  }
  const double bound = 2.0 * (double) n * tu_eps (cls);
  printf ("%-8s %6lld  %-10s %9.2f s  %7.2f TFLOP/s  (block %d; gpumat %.2fx; sample rel. "
          "difference %.2g, %s 2k eps)\n", name, (long long) n, label, tx, flop / tx / 1e12,
          g_xt_block, tx / t_gpumat, worst, worst <= bound ? "within" : "OUTSIDE");
  return tx;
}

template <typename T>
static void run_class (int64_t n, size_t budget, int reps, bool xt, int *devices, int ndev,
                       bool xt_one, bool ceiling, double stop_after)
{
  const char *name = sizeof (T) == 4 ? "single" : "double";
  const size_t count = (size_t) n * (size_t) n;
  T *A = (T *) malloc (count * sizeof (T)), *B = (T *) malloc (count * sizeof (T));
  T *C = (T *) malloc (count * sizeof (T));
  if (!A || !B || !C) {
    printf ("bench_blocked: %s N = %lld: not enough host memory for the arrays, skipped\n", name,
            (long long) n);
    free (A); free (B); free (C);
    return;
  }
  fill (A, count, 1);
  fill (B, count, 2);
  int zero_dev = 0;
  /* one GPU: the single-device line of item 1 (the current device, as before) */
  const double t_one = run_gpumat<T> (name, n, budget, reps, A, B, C, NULL, 0, "gpumat");
  if (g_block_rows > 0 && ceiling)
    block_ceiling<T> (name, n, A, B, g_block_rows, g_block_cols);
  if (stop_after > 0) {
    run_stop<T> (name, n, budget, stop_after, A, B, C, NULL, 0, "gpumat");
    if (ndev > 1)
      run_stop<T> (name, n, budget, stop_after, A, B, C, devices, ndev, "gpumat xN");
    /* C is incomplete now: the full product again, untimed, for what follows */
    gm_host_options full = {budget, NULL, NULL, NULL};
    TU_GM (gm_matmul_host_opt (GM_MATMUL_AUTO, sizeof (T) == 4 ? GM_SINGLE : GM_DOUBLE,
                               GM_OP_NONE, GM_OP_NONE, n, n, n, A, B, C, NULL, &full));
  }
  if (ndev > 1) {
    /* every listed GPU; then the same arrays through cuBLASXt on the same GPUs */
    char label[32];
    snprintf (label, sizeof label, "gpumat x%d", ndev);
    /* every block is computed by the same kernel on whichever GPU: on GPUs of one model the
       same bits as on one GPU, checked on a sample */
    std::vector<size_t> at (4096);
    std::vector<T> one_gpu (at.size ());
    for (size_t s = 0; s < at.size (); s++) {
      at[s] = (size_t) (tu_next () % count);
      one_gpu[s] = C[at[s]];
    }
    const double t_all = run_gpumat<T> (name, n, budget, reps, A, B, C, devices, ndev, label);
    size_t differ = 0;
    for (size_t s = 0; s < at.size (); s++)
      differ += memcmp (&one_gpu[s], &C[at[s]], sizeof (T)) != 0;
    printf ("%-8s %6lld  %-10s  %.2fx one GPU (target 1.8x on two); %zu of %zu sampled elements "
            "differ from one GPU's\n", name, (long long) n, "", t_one / t_all, differ, at.size ());
    if (xt) {
      snprintf (label, sizeof label, "cublasXt x%d", ndev);
      run_xt<T> (name, n, reps, A, B, C, devices, ndev, t_all, label);
      if (xt_one)
        run_xt<T> (name, n, reps, A, B, C, &zero_dev, 1, t_one, "cublasXt");
    }
  } else if (xt)
    run_xt<T> (name, n, reps, A, B, C, &zero_dev, 1, t_one, "cublasXt");
  free (A); free (B); free (C);
}

int main (int argc, char **argv)
{
  /* A line at a time, also into a pipe or a file: a run stopped by a time limit keeps the lines
     it finished (a 2x H200 run with cuBLASXt lost all of them, 2026-11-25). */
  setvbuf (stdout, NULL, _IOLBF, 0);
  int64_t n = 16384;
  double budget_gb = 4;
  int reps = 3;
  bool xt = true, xt_one = false, ceiling = true;
  double stop_after = 0;
  const char *classes = "double,single", *device_list = NULL;
  for (int a = 1; a < argc; a++) {
    if (strncmp (argv[a], "--n=", 4) == 0) n = atoll (argv[a] + 4);
    else if (strncmp (argv[a], "--budget-gb=", 12) == 0) budget_gb = atof (argv[a] + 12);
    else if (strncmp (argv[a], "--reps=", 7) == 0) reps = atoi (argv[a] + 7);
    else if (strncmp (argv[a], "--classes=", 10) == 0) classes = argv[a] + 10;
    else if (strcmp (argv[a], "--no-xt") == 0) xt = false;
    else if (strcmp (argv[a], "--xt-one") == 0) xt_one = true;
    else if (strcmp (argv[a], "--no-ceiling") == 0) ceiling = false;
    else if (strncmp (argv[a], "--xt-block=", 11) == 0) g_xt_block = atoi (argv[a] + 11);
    else if (strncmp (argv[a], "--stop-after=", 13) == 0) stop_after = atof (argv[a] + 13);
    else if (strncmp (argv[a], "--devices=", 10) == 0) device_list = argv[a] + 10;
    else {
      fprintf (stderr, "usage: %s [--n=N] [--budget-gb=G] [--reps=R] [--classes=double,single] "
               "[--no-xt] [--xt-one] [--xt-block=B] [--devices=0,1] [--no-ceiling] [--stop-after=S]\n", argv[0]);
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
  int devices[GM_MAX_DEVICES], ndev = 0, present = 0;
  TU_GM (gm_device_count (&present));
  if (device_list) {
    for (const char *p = device_list; *p && ndev < GM_MAX_DEVICES;) {
      char *end;
      devices[ndev++] = (int) strtol (p, &end, 10);
      if (end == p)
        break;
      p = *end == ',' ? end + 1 : end;
    }
  } else
    for (ndev = 0; ndev < present; ndev++)
      devices[ndev] = ndev;
  TU_GM (gm_check_devices (devices, ndev));
  for (int d = 0; d < ndev; d++) {
    gm_device_info one;
    TU_GM (gm_device_query_index (devices[d], &one));
    printf ("bench_blocked: GPU %d: %s, %.1f GB free\n", devices[d], one.name, one.free_bytes / 1e9);
  }
  if (strstr (classes, "double"))
    run_class<double> (n, budget, reps, xt, devices, ndev, xt_one, ceiling, stop_after);
  if (strstr (classes, "single"))
    run_class<float> (n, budget, reps, xt, devices, ndev, xt_one, ceiling, stop_after);
  return 0;
}
