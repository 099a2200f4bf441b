/* bench_matmul.cu: every gm_matmul kernel in double and single against cuBLAS DGEMM / SGEMM
 * (pedantic math: FP32 without TF32), timed in the same run.
 *
 * Each result is first checked against cuBLAS (relative Frobenius error under 2 (k+1) eps, no
 * NaN), then timed: 2 warm-up runs, then CUDA events around each of R runs, the median
 * reported (R = 10; 3 for naive at N >= 8192, which takes 0.2-0.5 s a run).
 *
 *   bench_matmul                  N = 1024, 2048, 4096, 8192, 4097, 1000x3000x17, 8192x64x8192
 *   bench_matmul --quick          N = 4096 only
 *   bench_matmul --shapes=4096,4097 --kernels=warp,dmma --classes=single
 *                                 a subset (shapes as N or MxNxK)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <algorithm>
#include <vector>
#include <cublas_v2.h>
#include "test_util.h"
#include "bench_util.h"


/* Uniform [-1, 1) from a hash of the index: fills gigabytes without a host round trip. */
template <typename T> __global__ void fill_kernel (T *p, int64_t count, uint64_t seed)
{
  for (int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; i < count;
       i += (int64_t) gridDim.x * blockDim.x) {
    uint64_t x = (uint64_t) i * 0x9E3779B97F4A7C15ull + seed;
    x ^= x >> 31; x *= 0xBF58476D1CE4E5B9ull; x ^= x >> 29; x *= 0x94D049BB133111EBull;
    x ^= x >> 32;
    p[i] = (T) ((double) (x >> 11) * 0x1.0p-52 - 1.0);
  }
}

struct Row {
  char shape[48];
  const char *cls, *kernel;
  double ms, tflops, pct;
  int reps;
};

static std::vector<Row> rows;
static int mismatches;

template <typename F> static double time_median (F run, int reps, cudaEvent_t e0, cudaEvent_t e1)
{
  for (int w = 0; w < 2; w++)
    run ();
  std::vector<float> t (reps);
  for (int r = 0; r < reps; r++) {
    TU_CUDA (cudaEventRecord (e0));
    run ();
    TU_CUDA (cudaEventRecord (e1));
    TU_CUDA (cudaEventSynchronize (e1));
    TU_CUDA (cudaEventElapsedTime (&t[r], e0, e1));
  }
  std::sort (t.begin (), t.end ());
  return reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
}

static int listed (const char *list, const char *name)
{
  if (!list)
    return 1;
  size_t len = strlen (name);
  for (const char *p = list; *p;) {
    const char *e = strchr (p, ',');
    size_t l = e ? (size_t) (e - p) : strlen (p);
    if (l == len && strncasecmp (p, name, l) == 0)
      return 1;
    if (!e)
      break;
    p = e + 1;
  }
  return 0;
}

static void bench_shape (cublasHandle_t handle, gm_class cls, int64_t m, int64_t n, int64_t k,
                         const char *kernels, int cc)
{
  const size_t es = gm_class_size (cls);
  const int dbl = cls == GM_DOUBLE;
  const char *cname = dbl ? "double" : "single";
  char shape[48];
  snprintf (shape, sizeof shape, "%lldx%lldx%lld", (long long) m, (long long) n, (long long) k);
  void *dA, *dB, *dC, *dR;
  TU_CUDA (cudaMalloc (&dA, m * k * es));
  TU_CUDA (cudaMalloc (&dB, k * n * es));
  TU_CUDA (cudaMalloc (&dC, m * n * es));
  TU_CUDA (cudaMalloc (&dR, m * n * es));
  if (dbl) {
    fill_kernel<double><<<1024, 256>>> ((double *) dA, m * k, 1);
    fill_kernel<double><<<1024, 256>>> ((double *) dB, k * n, 2);
  } else {
    fill_kernel<float><<<1024, 256>>> ((float *) dA, m * k, 1);
    fill_kernel<float><<<1024, 256>>> ((float *) dB, k * n, 2);
  }
  TU_CUDA (cudaGetLastError ());
  cudaEvent_t e0, e1;
  TU_CUDA (cudaEventCreate (&e0));
  TU_CUDA (cudaEventCreate (&e1));
  const double flop = 2.0 * m * n * k;
  const double one = 1, zero = 0;
  const float onef = 1, zerof = 0;
  auto blas = [&] () {
    if (dbl)
      TU_CUBLAS (cublasDgemm (handle, CUBLAS_OP_N, CUBLAS_OP_N, (int) m, (int) n, (int) k, &one,
                                 (const double *) dA, (int) m, (const double *) dB, (int) k, &zero,
                                 (double *) dR, (int) m));
    else
      TU_CUBLAS (cublasSgemm (handle, CUBLAS_OP_N, CUBLAS_OP_N, (int) m, (int) n, (int) k,
                                 &onef, (const float *) dA, (int) m, (const float *) dB, (int) k,
                                 &zerof, (float *) dR, (int) m));
  };
  const double blas_ms = time_median (blas, 10, e0, e1);
  Row r0 = {"", cname, dbl ? "cublas-dgemm" : "cublas-sgemm", blas_ms, flop / blas_ms * 1e-9,
            100.0, 10};
  snprintf (r0.shape, sizeof r0.shape, "%s", shape);
  rows.push_back (r0);

  std::vector<char> href (m * n * es), hc (m * n * es);
  TU_CUDA (cudaMemcpy (href.data (), dR, m * n * es, cudaMemcpyDeviceToHost));
  for (int kern = 0; kern < GM_MATMUL_KERNEL_COUNT; kern++) {
    const gm_matmul_kernel kk = (gm_matmul_kernel) kern;
    const char *name = gm_matmul_kernel_name (kk);
    if (!listed (kernels, name) || (kk == GM_MATMUL_DMMA && !dbl)
        || ((kk == GM_MATMUL_WARP || kk == GM_MATMUL_DMMA) && cc < 80))
      continue;
    TU_CUDA (cudaMemset (dC, 0xFF, m * n * es));
    TU_GM (gm_matmul (kk, cls, m, n, k, dA, m, dB, k, dC, m, 0));
    TU_CUDA (cudaDeviceSynchronize ());
    TU_CUDA (cudaMemcpy (hc.data (), dC, m * n * es, cudaMemcpyDeviceToHost));
    double num = 0, den = 0;
    int64_t nans = 0;
    for (int64_t i = 0; i < m * n; i++) {
      const double c = tu_get (cls, hc.data (), i), r = tu_get (cls, href.data (), i);
      if (isnan (c)) nans++;
      num += (c - r) * (c - r);
      den += r * r;
    }
    const double rel = sqrt (num / (den > 0 ? den : 1));
    if (nans || !(rel <= 2.0 * (k + 1) * tu_eps (cls))) {
      printf ("MISMATCH %s %s %s: relative error %.3g, %lld NaN: not timed\n", shape, cname,
              name, rel, (long long) nans);
      mismatches++;
      continue;
    }
    const int reps = (kk == GM_MATMUL_NAIVE && flop > 5e11) ? 3 : 10;
    const double ms = time_median ([&] () {
      gm_status st = gm_matmul (kk, cls, m, n, k, dA, m, dB, k, dC, m, 0);
      if (st != GM_OK) { fprintf (stderr, "%s\n", gm_error_detail ()); exit (2); }
    }, reps, e0, e1);
    Row r = {"", cname, name, ms, flop / ms * 1e-9, 100.0 * blas_ms / ms, reps};
    snprintf (r.shape, sizeof r.shape, "%s", shape);
    rows.push_back (r);
    printf ("  %-18s %-6s %-13s %9.3f ms %7.2f TFLOP/s %6.1f%% (rel err %.2g)\n", shape, cname,
            name, ms, r.tflops, r.pct, rel);
    fflush (stdout);
  }
  TU_CUDA (cudaEventDestroy (e0));
  TU_CUDA (cudaEventDestroy (e1));
  TU_CUDA (cudaFree (dA));
  TU_CUDA (cudaFree (dB));
  TU_CUDA (cudaFree (dC));
  TU_CUDA (cudaFree (dR));
}

int main (int argc, char **argv)
{
  const char *kernels = NULL, *shapes_arg = NULL, *classes = NULL;
  int quick = 0;
  for (int a = 1; a < argc; a++) {
    if (strcmp (argv[a], "--quick") == 0) quick = 1;
    else if (strncmp (argv[a], "--kernels=", 10) == 0) kernels = argv[a] + 10;
    else if (strncmp (argv[a], "--shapes=", 9) == 0) shapes_arg = argv[a] + 9;
    else if (strncmp (argv[a], "--classes=", 10) == 0) classes = argv[a] + 10;
    else {
      fprintf (stderr, "usage: %s [--quick] [--shapes=N|MxNxK,...] [--kernels=a,b] "
               "[--classes=double,single]\n", argv[0]);
      return 2;
    }
  }
  if (!tu_gpu_or_skip ("bench_matmul"))
    return 0;
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  const int cc = 10 * info.major + info.minor;
  printf ("bench_matmul: %s, compute capability %d.%d, %d SMs\n", info.name, info.major,
          info.minor, info.multiprocessors);

  std::vector<std::vector<int64_t>> shapes;
  if (shapes_arg) {
    for (const char *p = shapes_arg; *p;) {
      long long a = 0, b = 0, c = 0;
      int got = sscanf (p, "%lldx%lldx%lld", &a, &b, &c);
      if (got == 1) b = c = a;
      shapes.push_back ({a, b, c});
      const char *e = strchr (p, ',');
      if (!e) break;
      p = e + 1;
    }
  } else if (quick) {
    shapes = {{4096, 4096, 4096}};
  } else {
    shapes = {{1024, 1024, 1024}, {2048, 2048, 2048}, {4096, 4096, 4096}, {8192, 8192, 8192},
              {4097, 4097, 4097}, {1000, 3000, 17},   {8192, 64, 8192}};
  }

  cublasHandle_t handle;
  TU_CUBLAS (cublasCreate (&handle));
  TU_CUBLAS (cublasSetMathMode (handle, CUBLAS_PEDANTIC_MATH));
  for (auto &s : shapes)
    for (int c = 0; c < 2; c++) {
      const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
      if (!listed (classes, c ? "single" : "double"))
        continue;
      bench_shape (handle, cls, s[0], s[1], s[2], kernels, cc);
    }
  TU_CUBLAS (cublasDestroy (handle));
  gm_reset ();

  if (mismatches)
    printf ("\n%d results did NOT match cuBLAS (see MISMATCH above; not timed).", mismatches);
  else
    printf ("\nAll results matched cuBLAS before timing.");
  printf ("  %s (cc %d.%d); median of 10 runs (naive at >= 8192: 3)\n", info.name, info.major,
          info.minor);
  printf ("%-18s %-6s %-13s %10s %9s %8s\n", "shape", "class", "kernel", "ms", "TFLOP/s",
          "%cuBLAS");
  for (auto &r : rows)
    printf ("%-18s %-6s %-13s %10.3f %9.2f %7.1f%%\n", r.shape, r.cls, r.kernel, r.ms, r.tflops,
            r.pct);
  return mismatches ? 1 : 0;
}
