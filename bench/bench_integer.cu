/* bench_integer.cu: integer products (kernels/matmul_int.cu) and the integer dot
 * (gm_dot_mixed), against cuBLAS's INT8 GEMM in the same run.
 *
 *   gemm   int8 at N = 4096 and 8192, int16 and int32 at 4096: every integer kernel (auto,
 *          tiled, naive: naive at 4096 only, 3 runs) with ops NN and TN, in TOPS (2 m n k
 *          operations a second, as cuBLAS's INT8 figures count them); cuBLAS cublasGemmEx
 *          with CUDA_R_8I inputs, CUDA_R_32I output and CUBLAS_COMPUTE_32I, which takes op TN
 *          (A stored k x m, B k x n) and dimensions that are multiples of 4.  gpumat's result
 *          is int8 saturated once, cuBLAS's the int32 sum: different outputs, same arithmetic.
 *   dot    gm_dot_mixed on int8 x int8 and int8 x double vectors of 2^27 elements (GB/s of
 *          input read), beside gm_dot on 2^27 doubles.
 *
 * Verified before timing: int8 auto (TN) saturated against cuBLAS's int32 C saturated, every
 * element, at each size; int16 and int32 tiled against naive at 1024 (both exact, so bitwise);
 * every class auto's A * B against A * Bᵀ with B filled symmetric (the transposed loader
 * path, bitwise).  The int8 dot against a host sum.  Then 2 warm-up runs and the median of R
 * timed runs (CUDA events; R = 10, 3 for naive, 30 for the dot).
 *
 *   bench_integer           everything (about a minute on an H100)
 *   bench_integer --quick   4096 only, no naive
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <algorithm>
#include <string>
#include <vector>
#include <cublas_v2.h>
#include "test_util.h"
#include "bench_util.h"

static int quick;

/* Small integers from a hash of the index, symmetric when `sym` (p is n x n, column-major):
   value(i, j) = value(j, i). */
template <typename T>
__global__ void fill_int (T *p, int64_t rows, int64_t cols, int lo, int hi, uint64_t seed, int sym)
{
  const int64_t count = rows * cols;
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < count;
       e += (int64_t) gridDim.x * blockDim.x) {
    int64_t i = e % rows, j = e / rows;
    if (sym && i > j) {
      const int64_t t = i; i = j; j = t;
    }
    uint64_t x = (uint64_t) (i + j * rows) * 0x9E3779B97F4A7C15ull + seed;
    x ^= x >> 31; x *= 0xBF58476D1CE4E5B9ull; x ^= x >> 29; x *= 0x94D049BB133111EBull;
    x ^= x >> 32;
    p[e] = (T) (lo + (int) (x % (uint64_t) (hi - lo + 1)));
  }
}

/* Elements where a != b (a, b of T), or, with `sat8`, where a (int8) != saturate (b (int32)). */
template <typename TA, typename TB>
__global__ void count_diff (const TA *a, const TB *b, int64_t count, int sat8,
                            unsigned long long *bad)
{
  unsigned long long local = 0;
  for (int64_t e = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; e < count;
       e += (int64_t) gridDim.x * blockDim.x) {
    long long want = (long long) b[e];
    if (sat8)
      want = want > 127 ? 127 : want < -128 ? -128 : want;
    local += (long long) a[e] != want;
  }
  if (local)
    atomicAdd (bad, local);
}

template <typename TA, typename TB>
static unsigned long long differences (const void *a, const void *b, int64_t count, int sat8)
{
  unsigned long long *d, h = 0;
  TU_CUDA (cudaMalloc (&d, sizeof h));
  TU_CUDA (cudaMemset (d, 0, sizeof h));
  count_diff<TA, TB><<<1024, 256>>> ((const TA *) a, (const TB *) b, count, sat8, d);
  TU_CUDA (cudaGetLastError ());
  TU_CUDA (cudaMemcpy (&h, d, sizeof h, cudaMemcpyDeviceToHost));
  TU_CUDA (cudaFree (d));
  return h;
}

struct Row {
  std::string what;
  double ms, rate;
  const char *unit;
};
static std::vector<Row> rows;
static cudaEvent_t e0, e1;

static void record (const std::string &what, double ms, double rate, const char *unit)
{
  printf ("  %-40s %10.3f ms %10.2f %s\n", what.c_str (), ms, rate, unit);
  fflush (stdout);
  rows.push_back (Row{what, ms, rate, unit});
}

static int fails;
static void verify (int ok, const char *fmt, const char *what, unsigned long long bad)
{
  if (!ok) {
    printf ("VERIFY FAILED: ");
    printf (fmt, what, bad);
    printf ("\n");
    fails++;
  }
}

/* One class at size n: verify, then time every kernel (NN, TN) and, for int8, cuBLAS (TN). */
template <typename T>
static void gemm_class (cublasHandle_t handle, gm_class cls, int64_t n, int lo, int hi)
{
  const size_t es = sizeof (T), bytes = (size_t) n * n * es;
  void *A, *B, *C, *C2;
  int32_t *Cblas = NULL;
  TU_CUDA (cudaMalloc (&A, bytes));
  TU_CUDA (cudaMalloc (&B, bytes));
  TU_CUDA (cudaMalloc (&C, bytes));
  TU_CUDA (cudaMalloc (&C2, bytes));
  fill_int<T><<<4096, 256>>> ((T *) A, n, n, lo, hi, 1, 0);
  fill_int<T><<<4096, 256>>> ((T *) B, n, n, lo, hi, 2, 1);   /* symmetric: B = Bᵀ */
  TU_CUDA (cudaGetLastError ());
  const double ops = 2.0 * (double) n * n * n;
  const char *name = gm_class_name (cls);
  char what[128];

  /* verification */
  if (cls == GM_INT8) {
    TU_CUDA (cudaMalloc (&Cblas, (size_t) n * n * sizeof (int32_t)));
    const int32_t one = 1, zero = 0;
    TU_CUBLAS (cublasGemmEx (handle, CUBLAS_OP_T, CUBLAS_OP_N, (int) n, (int) n, (int) n, &one, A,
                             CUDA_R_8I, (int) n, B, CUDA_R_8I, (int) n, &zero, Cblas, CUDA_R_32I,
                             (int) n, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT));
    TU_GM (gm_matmul (GM_MATMUL_AUTO, cls, GM_OP_TRANSPOSE, GM_OP_NONE, n, n, n, A, n, 0, B, n, 0,
                      C, n, 0, 1, 0));
    TU_CUDA (cudaDeviceSynchronize ());
    const unsigned long long bad = differences<int8_t, int32_t> (C, Cblas, n * n, 1);
    snprintf (what, sizeof what, "int8 %lld auto TN against cuBLAS", (long long) n);
    verify (bad == 0, "%s: %llu elements differ", what, bad);
  } else {
    /* tiled against naive at 1024 (the leading 1024 x 1024 corner as its own matrices) */
    const int64_t v = 1024 < n ? 1024 : n;
    TU_GM (gm_matmul (GM_MATMUL_TILED, cls, GM_OP_NONE, GM_OP_NONE, v, v, v, A, n, 0, B, n, 0,
                      C, v, 0, 1, 0));
    TU_GM (gm_matmul (GM_MATMUL_NAIVE, cls, GM_OP_NONE, GM_OP_NONE, v, v, v, A, n, 0, B, n, 0,
                      C2, v, 0, 1, 0));
    TU_CUDA (cudaDeviceSynchronize ());
    const unsigned long long bad = differences<T, T> (C, C2, v * v, 0);
    snprintf (what, sizeof what, "%s 1024 tiled against naive", name);
    verify (bad == 0, "%s: %llu elements differ", what, bad);
  }
  /* NN against TN: B symmetric, so A * B (NN) and (Aᵀ)ᵀ B need A transposed; instead compare
     op(B) = B against op(B) = Bᵀ with A fixed: A * B (NN) and A * Bᵀ (NT) */
  TU_GM (gm_matmul (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_NONE, n, n, n, A, n, 0, B, n, 0, C, n,
                    0, 1, 0));
  TU_GM (gm_matmul (GM_MATMUL_AUTO, cls, GM_OP_NONE, GM_OP_TRANSPOSE, n, n, n, A, n, 0, B, n, 0,
                    C2, n, 0, 1, 0));
  TU_CUDA (cudaDeviceSynchronize ());
  {
    const unsigned long long bad = differences<T, T> (C, C2, n * n, 0);
    snprintf (what, sizeof what, "%s %lld auto NN against NT (B symmetric)", name, (long long) n);
    verify (bad == 0, "%s: %llu elements differ", what, bad);
  }

  /* timing */
  const gm_matmul_kernel kernels[3] = {GM_MATMUL_AUTO, GM_MATMUL_TILED, GM_MATMUL_NAIVE};
  for (int q = 0; q < 3; q++) {
    if (kernels[q] == GM_MATMUL_NAIVE && (quick || n > 4096))
      continue;
    if (kernels[q] == GM_MATMUL_TILED && n > 4096)
      continue;
    for (int t = 0; t < 2; t++) {
      const gm_op opa = t ? GM_OP_TRANSPOSE : GM_OP_NONE;
      const double ms = time_median ([&] {
        TU_GM (gm_matmul (kernels[q], cls, opa, GM_OP_NONE, n, n, n, A, n, 0, B, n, 0, C, n, 0,
                          1, 0));
      }, kernels[q] == GM_MATMUL_NAIVE ? 3 : 10, e0, e1);
      snprintf (what, sizeof what, "%s %lld %s %s", name, (long long) n,
                gm_matmul_kernel_name (kernels[q]), t ? "TN" : "NN");
      record (what, ms, ops / (ms * 1e-3) / 1e12, "TOPS");
    }
  }
  if (cls == GM_INT8) {
    const int32_t one = 1, zero = 0;
    const double ms = time_median ([&] {
      TU_CUBLAS (cublasGemmEx (handle, CUBLAS_OP_T, CUBLAS_OP_N, (int) n, (int) n, (int) n, &one,
                               A, CUDA_R_8I, (int) n, B, CUDA_R_8I, (int) n, &zero, Cblas,
                               CUDA_R_32I, (int) n, CUBLAS_COMPUTE_32I, CUBLAS_GEMM_DEFAULT));
    }, 10, e0, e1);
    snprintf (what, sizeof what, "int8 %lld cublasGemmEx TN (int32 out)", (long long) n);
    record (what, ms, ops / (ms * 1e-3) / 1e12, "TOPS");
    TU_CUDA (cudaFree (Cblas));
  }
  TU_CUDA (cudaFree (A));
  TU_CUDA (cudaFree (B));
  TU_CUDA (cudaFree (C));
  TU_CUDA (cudaFree (C2));
}

static void dot_bench (void)
{
  const int64_t n = (int64_t) 1 << 27;
  int8_t *x, *y;
  double *xd, *yd, *out;
  void *work = NULL;
  TU_CUDA (cudaMalloc (&x, n));
  TU_CUDA (cudaMalloc (&y, n));
  TU_CUDA (cudaMalloc (&xd, n * sizeof (double)));
  TU_CUDA (cudaMalloc (&yd, n * sizeof (double)));   /* a second vector: x . x reads half */
  TU_CUDA (cudaMalloc (&out, sizeof (double)));
  fill_int<int8_t><<<4096, 256>>> (x, n, 1, -128, 127, 3, 0);
  fill_int<int8_t><<<4096, 256>>> (y, n, 1, -128, 127, 4, 0);
  fill_int<double><<<4096, 256>>> (xd, n, 1, -3, 3, 5, 0);
  fill_int<double><<<4096, 256>>> (yd, n, 1, -3, 3, 6, 0);
  TU_CUDA (cudaGetLastError ());
  size_t wb = 0, wb2 = 0, wb3 = 0;
  TU_GM (gm_dot_mixed_workspace_size (GM_INT8, GM_INT8, 1, n, 1, &wb));
  TU_GM (gm_dot_mixed_workspace_size (GM_INT8, GM_DOUBLE, 1, n, 1, &wb2));
  TU_GM (gm_dot_workspace_size (GM_DOUBLE, 1, n, 1, &wb3));
  wb = std::max (wb, std::max (wb2, wb3));
  TU_CUDA (cudaMalloc (&work, wb ? wb : 16));

  /* verify int8 x int8 against a host sum of saturated products */
  {
    std::vector<int8_t> hx (n), hy (n);
    TU_CUDA (cudaMemcpy (hx.data (), x, n, cudaMemcpyDeviceToHost));
    TU_CUDA (cudaMemcpy (hy.data (), y, n, cudaMemcpyDeviceToHost));
    int64_t s = 0;
    for (int64_t i = 0; i < n; i++) {
      int p = hx[i] * hy[i];
      s += p > 127 ? 127 : p < -128 ? -128 : p;
    }
    double got;
    TU_GM (gm_dot_mixed (GM_INT8, GM_INT8, 1, n, 1, x, y, out, work, wb, 0));
    TU_CUDA (cudaMemcpy (&got, out, sizeof got, cudaMemcpyDeviceToHost));
    verify (got == (double) s, "%s: %llu", "int8 dot 2^27 against the host sum", 1ull);
  }
  const double ms8 = time_median ([&] {
    TU_GM (gm_dot_mixed (GM_INT8, GM_INT8, 1, n, 1, x, y, out, work, wb, 0));
  }, 30, e0, e1);
  record ("dot int8 x int8, 2^27", ms8, 2.0 * n / (ms8 * 1e-3) / 1e9, "GB/s");
  const double msd = time_median ([&] {
    TU_GM (gm_dot_mixed (GM_INT8, GM_DOUBLE, 1, n, 1, x, xd, out, work, wb, 0));
  }, 30, e0, e1);
  record ("dot int8 x double, 2^27", msd, 9.0 * n / (msd * 1e-3) / 1e9, "GB/s");
  const double msdd = time_median ([&] {
    TU_GM (gm_dot (GM_DOUBLE, 1, n, 1, xd, yd, out, work, wb, 0));
  }, 30, e0, e1);
  record ("gm_dot double x double, 2^27 (reference)", msdd, 16.0 * n / (msdd * 1e-3) / 1e9,
          "GB/s");
  TU_CUDA (cudaFree (x));
  TU_CUDA (cudaFree (y));
  TU_CUDA (cudaFree (yd));
  TU_CUDA (cudaFree (xd));
  TU_CUDA (cudaFree (out));
  TU_CUDA (cudaFree (work));
}

int main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    if (!strcmp (argv[i], "--quick"))
      quick = 1;
  if (!gm_available ()) {
    printf ("bench_integer: no usable GPU (%s)\n", gm_error_detail ());
    return 0;
  }
  TU_GM (gm_init ());
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  printf ("bench_integer: %s (cc %d.%d)\n", info.name, info.major, info.minor);
  TU_CUDA (cudaEventCreate (&e0));
  TU_CUDA (cudaEventCreate (&e1));
  cublasHandle_t handle;
  TU_CUBLAS (cublasCreate (&handle));

  gemm_class<int8_t> (handle, GM_INT8, 4096, -128, 127);
  if (!quick)
    gemm_class<int8_t> (handle, GM_INT8, 8192, -128, 127);
  gemm_class<int16_t> (handle, GM_INT16, 4096, -300, 300);
  gemm_class<int32_t> (handle, GM_INT32, 4096, -100000, 100000);
  dot_bench ();

  TU_CUBLAS (cublasDestroy (handle));
  printf ("\nbench_integer: %s (cc %d.%d), median of 10 runs (naive 3, dot 30)%s\n", info.name,
          info.major, info.minor, fails ? "; SOME RESULTS FAILED VERIFICATION" : "");
  printf ("  %-40s %12s %12s\n", "case", "ms", "rate");
  for (const Row &r : rows)
    printf ("  %-40s %12.3f %9.2f %s\n", r.what.c_str (), r.ms, r.rate, r.unit);
  return fails ? 1 : 0;
}
