/* bench_matmul.cu: gm_matmul against cuBLAS (pedantic math: FP32 without TF32), timed in the
 * same run, in three sections:
 *
 *   square      every kernel in double and single against DGEMM / SGEMM (no transposes):
 *               N = 1024, 2048, 4096, 8192, 4097, 1000x3000x17, 8192x64x8192
 *   transposed  N = 4096 and 8192, both classes, each operation pair NN, TN, NT, TT: auto, warp,
 *               dmma, tf32x3 (single) and ozaki (double) against gemm with the same transpose flags; each rate also as % of the
 *               same kernel's NN rate at that size (the two timed in turns, time_median_pair);
 *               and Xᵀ·X with X 40000x1500 (1500x1500x40000,
 *               ops T, N, one operand array) against gemm (T, N)
 *   batched     10^5 pages of 8x8, 10^4 of 32x32, 10^3 of 128x128, 10 of 1024x1024 (square
 *               pages, back to back), every kernel, through one gm_matmul with a batch, against
 *               gemmStridedBatched
 *   complex     complex double and single (classes cdouble, csingle) against ZGEMM / CGEMM,
 *               counting 8 flops a complex multiply-add: N = 4096 (NN, CN, NC) and 8192 (NN)
 *
 * Each result is first checked against cuBLAS's (relative Frobenius error under 2 (k+1) eps,
 * no NaN), then timed: 2 warm-up runs, then CUDA events around each of R runs, the median
 * reported (R = 10; 3 for naive above 5e11 flop, which takes 0.2-0.5 s a run; 20 for batches).
 *
 *   bench_matmul                  all three sections (a few minutes; naive and tiled at 8192
 *                                 take the most)
 *   bench_matmul --square --transposed --batched
 *                                 only the sections named
 *   bench_matmul --quick          N = 4096 only in square and transposed, no 8192, no 1500²
 *   bench_matmul --shapes=4096,4097 --kernels=warp,dmma --classes=single
 *                                 a subset (square shapes as N or MxNxK; --shapes alone runs
 *                                 only the square section)
 *   bench_matmul --shapes=8192x64x8192,1024 --kernels=auto,dmma --classes=double
 *                --dmma-tiles=v2,auto,128x64,64x64
 *                                 dmma and auto in double once per GPUMAT_DMMA_TILE setting
 *                                 (issue 13: v2 is the choice before the thin tiles, auto the
 *                                 cost model, a tile name forces that tile), rows labelled
 *                                 "dmma[v2]" and so on, each with the tile and k slices it
 *                                 ran (gm_matmul_dmma_plan); DGEMM timed once per case
 *   bench_matmul --shapes=4096,8192 --kernels=tf32x3,warp --classes=single
 *                                 3xTF32 against SGEMM (FP32, no TF32) and the FFMA kernel;
 *                                 tf32x3 is checked against SGEMM first like every kernel
 *   bench_matmul --rest=2 ...     2 s of idle GPU before each timed run (cuBLAS's and each
 *                                 kernel's), so that each starts from the same clock: under a
 *                                 sustained load an H200 at its power cap lowers the SM clock
 *                                 from 1980 to ~1700 MHz within a second (ozaki 8192^3 12.5 ms
 *                                 a call from rest, 13.9 ms a second later: bench/NOTES-end-to-
 *                                 end.md); make bench-matmul's Octave column rests as long
 *   bench_matmul --shapes=4096,8192 --kernels=ozaki,dmma --classes=double
 *                                 the Ozaki scheme (INT8 tensor cores) against DGEMM and the
 *                                 FP64 tensor-core kernel, checked against DGEMM first; its
 *                                 rows name the slices and the elements its guard recomputed
 *                                 on the FP64 path (GPUMAT_OZAKI_SLICES=N: N slices in scheme I,
 *                                 GPUMAT_OZAKI_VERSION=1 scheme I, =2 scheme I with the v2
 *                                 gemm: rows "ozaki[v1]", "ozaki[v2]"; unset, scheme II)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
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

/* sum (c - r)^2, sum r^2 and the NaN count of c, into acc[0..2] (zeroed by the caller): the
   check against cuBLAS without copying gigabytes to the host. */
template <typename T>
__global__ void compare_kernel (const T *c, const T *r, int64_t count, double *acc)
{
  double num = 0, den = 0, nans = 0;
  for (int64_t i = blockIdx.x * (int64_t) blockDim.x + threadIdx.x; i < count;
       i += (int64_t) gridDim.x * blockDim.x) {
    const double cv = (double) c[i], rv = (double) r[i];
    if (isnan (cv))
      nans += 1;
    else
      num += (cv - rv) * (cv - rv);
    den += rv * rv;
  }
  for (int o = 16; o > 0; o /= 2) {
    num += __shfl_down_sync (0xffffffffu, num, o);
    den += __shfl_down_sync (0xffffffffu, den, o);
    nans += __shfl_down_sync (0xffffffffu, nans, o);
  }
  if ((threadIdx.x & 31) == 0) {
    atomicAdd (&acc[0], num);
    atomicAdd (&acc[1], den);
    atomicAdd (&acc[2], nans);
  }
}

struct Row {
  std::string section, shape, ops;
  const char *cls;
  std::string kernel;
  double ms, tflops, pct, pct_nn;   /* pct: of cuBLAS in the same case; pct_nn: of NN (or NaN) */
  int reps;
  std::string plan;                 /* dmma's tile and k slices, where it ran */
};

static std::vector<Row> rows;
static int mismatches;
static const char *kernels_arg, *classes_arg;
static double rest_seconds;   /* --rest */

/* --rest: the GPU idle for rest_seconds before a timed run (after the queued work) */
static void rest ()
{
  if (rest_seconds <= 0)
    return;
  TU_CUDA (cudaDeviceSynchronize ());
  std::this_thread::sleep_for (std::chrono::duration<double> (rest_seconds));
}

/* --dmma-tiles: the GPUMAT_DMMA_TILE settings dmma and auto run under in double (empty: the
   environment as it is, one run) */
static std::vector<std::string> dmma_tile_settings;
static std::string env_tile0;
static bool env_tile0_set;
static int cc;
/* TFLOP/s of each kernel with no transposes, by "shape class kernel": for % of NN */

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

static cublasOperation_t blas_op (gm_op op)
{
  return op == GM_OP_NONE ? CUBLAS_OP_N : op == GM_OP_TRANSPOSE ? CUBLAS_OP_T : CUBLAS_OP_C;
}
static const char op_letter[3] = {'N', 'T', 'C'};

/* One product (or batch of `batch` back-to-back pages) C = op(A) op(B), stored as the ops say
 * with leading dimensions equal to the stored rows; `same`: B is A (Xᵀ·X).  cuBLAS first, then
 * each kernel of `kernels` (NULL: all) that this class and device run, checked, then timed. */
static void bench_case (cublasHandle_t handle, const char *section, gm_class cls, gm_op opa,
                        gm_op opb, int64_t m, int64_t n, int64_t k, int64_t batch, bool same,
                        const char *kernels, const char *label)
{
  const size_t es = gm_class_size (cls);
  const int cplx = gm_class_is_complex (cls);
  const int dbl = gm_class_real (cls) == GM_DOUBLE;
  const int64_t parts = cplx ? 2 : 1;   /* reals an element */
  const char *cname = cplx ? (dbl ? "cdouble" : "csingle") : (dbl ? "double" : "single");
  char ops[3] = {op_letter[opa], op_letter[opb], 0};
  const int64_t lda = opa == GM_OP_NONE ? m : k, ldb = opb == GM_OP_NONE ? k : n, ldc = m;
  const int64_t sa = m * k, sb = k * n, sc = m * n;
  void *dA, *dB, *dC, *dR;
  double *dacc;
  TU_CUDA (cudaMalloc (&dA, sa * batch * es));
  if (same)
    dB = dA;
  else
    TU_CUDA (cudaMalloc (&dB, sb * batch * es));
  TU_CUDA (cudaMalloc (&dC, sc * batch * es));
  TU_CUDA (cudaMalloc (&dR, sc * batch * es));
  TU_CUDA (cudaMalloc (&dacc, 3 * sizeof (double)));
  if (dbl) {
    fill_kernel<double><<<1024, 256>>> ((double *) dA, sa * batch * parts, 1);
    if (!same) fill_kernel<double><<<1024, 256>>> ((double *) dB, sb * batch * parts, 2);
  } else {
    fill_kernel<float><<<1024, 256>>> ((float *) dA, sa * batch * parts, 1);
    if (!same) fill_kernel<float><<<1024, 256>>> ((float *) dB, sb * batch * parts, 2);
  }
  TU_CUDA (cudaGetLastError ());
  cudaEvent_t e0, e1;
  TU_CUDA (cudaEventCreate (&e0));
  TU_CUDA (cudaEventCreate (&e1));
  const double flop = (cplx ? 8.0 : 2.0) * m * n * k * batch;   /* 8 a complex multiply-add */
  const double one = 1, zero = 0;
  const float onef = 1, zerof = 0;
  const cuDoubleComplex zone = {1, 0}, zzero = {0, 0};
  const cuComplex cone = {1, 0}, czero = {0, 0};
  const cublasOperation_t ta = blas_op (opa), tb = blas_op (opb);
  auto blas = [&] () {
    if (cplx && dbl)
      TU_CUBLAS (cublasZgemm (handle, ta, tb, (int) m, (int) n, (int) k, &zone,
                              (const cuDoubleComplex *) dA, (int) lda,
                              (const cuDoubleComplex *) dB, (int) ldb, &zzero,
                              (cuDoubleComplex *) dR, (int) ldc));
    else if (cplx)
      TU_CUBLAS (cublasCgemm (handle, ta, tb, (int) m, (int) n, (int) k, &cone,
                              (const cuComplex *) dA, (int) lda, (const cuComplex *) dB,
                              (int) ldb, &czero, (cuComplex *) dR, (int) ldc));
    else if (batch == 1 && dbl)
      TU_CUBLAS (cublasDgemm (handle, ta, tb, (int) m, (int) n, (int) k, &one,
                              (const double *) dA, (int) lda, (const double *) dB, (int) ldb,
                              &zero, (double *) dR, (int) ldc));
    else if (batch == 1)
      TU_CUBLAS (cublasSgemm (handle, ta, tb, (int) m, (int) n, (int) k, &onef,
                              (const float *) dA, (int) lda, (const float *) dB, (int) ldb,
                              &zerof, (float *) dR, (int) ldc));
    else if (dbl)
      TU_CUBLAS (cublasDgemmStridedBatched (handle, ta, tb, (int) m, (int) n, (int) k, &one,
                                            (const double *) dA, (int) lda, sa,
                                            (const double *) dB, (int) ldb, sb, &zero,
                                            (double *) dR, (int) ldc, sc, (int) batch));
    else
      TU_CUBLAS (cublasSgemmStridedBatched (handle, ta, tb, (int) m, (int) n, (int) k, &onef,
                                            (const float *) dA, (int) lda, sa,
                                            (const float *) dB, (int) ldb, sb, &zerof,
                                            (float *) dR, (int) ldc, sc, (int) batch));
  };
  const int base_reps = batch > 1 ? 20 : 10;
  rest ();
  const double blas_ms = time_median (blas, base_reps, e0, e1);
  const char *blas_name = cplx ? (dbl ? "cublas-zgemm" : "cublas-cgemm")
                          : batch > 1 ? (dbl ? "cublas-dgemmSB" : "cublas-sgemmSB")
                                      : (dbl ? "cublas-dgemm" : "cublas-sgemm");
  rows.push_back ({section, label, ops, cname, blas_name, blas_ms, flop / blas_ms * 1e-9, 100.0,
                   NAN, base_reps, ""});

  /* one run per kernel; dmma and auto in real double once per --dmma-tiles setting */
  std::vector<std::pair<int, std::string>> runs;
  for (int kern = 0; kern < GM_MATMUL_KERNEL_COUNT; kern++) {
    if ((kern == GM_MATMUL_DMMA || kern == GM_MATMUL_AUTO) && dbl && !cplx
        && !dmma_tile_settings.empty ())
      for (auto &t : dmma_tile_settings)
        runs.push_back ({kern, t});
    else
      runs.push_back ({kern, ""});
  }
  for (auto &rk : runs) {
    const gm_matmul_kernel kk = (gm_matmul_kernel) rk.first;
    const std::string tile = rk.second;
    const char *oz_v = getenv ("GPUMAT_OZAKI_VERSION"), *oz_s = getenv ("GPUMAT_OZAKI_SLICES");
    const std::string name_s = std::string (gm_matmul_kernel_name (kk))
                               + (tile.empty () ? "" : "[" + tile + "]")
                               + (kk == GM_MATMUL_OZAKI && oz_v ? std::string ("[v") + oz_v + "]" : "")
                               + (kk == GM_MATMUL_OZAKI && oz_s ? std::string ("[s") + oz_s + "]" : "");
    const char *name = name_s.c_str ();
    /* the kernels that take this class on this device (the registry, gm_matmul_can_run) */
    if (!listed (kernels, gm_matmul_kernel_name (kk)) || gm_matmul_can_run (kk, cls, cc) != GM_OK
        || (cplx && kk == GM_MATMUL_NAIVE && flop > 1e11))
      continue;
    if (!tile.empty ())
      tu_setenv ("GPUMAT_DMMA_TILE", tile.c_str ());
    else if (env_tile0_set)
      tu_setenv ("GPUMAT_DMMA_TILE", env_tile0.c_str ());
    else
      tu_setenv ("GPUMAT_DMMA_TILE", NULL);
    /* what dmma runs under this setting; for auto, the kernel it picks (and dmma's plan if
       that is dmma: pick_auto, matmul.cu) */
    std::string plan;
    gm_matmul_kernel picked = kk;
    if (kk == GM_MATMUL_AUTO && !cplx
        && gm_matmul_auto_choice (cls, opa, opb, m, n, k, batch, &picked) == GM_OK
        && picked != GM_MATMUL_DMMA)
      plan = picked == GM_MATMUL_AUTO ? "pages or vector kernel" : gm_matmul_kernel_name (picked);
    if (dbl && !cplx && (kk == GM_MATMUL_DMMA || picked == GM_MATMUL_DMMA)) {
      int tm, tn, sl;
      if (gm_matmul_dmma_plan (opa, opb, m, n, k, batch, &tm, &tn, &sl) == GM_OK) {
        char b[48];
        snprintf (b, sizeof b, "dmma %dx%d, %d slice%s", tm, tn, sl, sl == 1 ? "" : "s");
        plan = b;
      }
    }
    auto run = [&] () {
      gm_status st = gm_matmul (kk, cls, opa, opb, m, n, k, dA, lda, sa, dB, ldb, same ? sa : sb,
                                dC, ldc, sc, batch, 0);
      if (st != GM_OK) {
        fprintf (stderr, "%s %s %s: %s\n", label, cname, name, gm_error_detail ());
        exit (2);
      }
    };
    TU_CUDA (cudaMemset (dC, 0xFF, sc * batch * es));
    TU_CUDA (cudaMemset (dacc, 0, 3 * sizeof (double)));
    run ();
    if (dbl)
      compare_kernel<double><<<1024, 256>>> ((const double *) dC, (const double *) dR,
                                             sc * batch * parts, dacc);
    else
      compare_kernel<float><<<1024, 256>>> ((const float *) dC, (const float *) dR,
                                            sc * batch * parts, dacc);
    TU_CUDA (cudaGetLastError ());
    if (kk == GM_MATMUL_OZAKI) {   /* slices, and elements the guard sent to the FP64 path */
      int sl;
      int64_t fx;
      TU_GM (gm_matmul_ozaki_stats (&sl, &fx));
      char b[64];
      if (sl)
        snprintf (b, sizeof b, "ozaki %d slices, %lld on FP64", sl, (long long) fx);
      else
        snprintf (b, sizeof b, "ozaki: all on FP64 (k < 16 or no room)");
      plan = b;
    }
    double acc[3];
    TU_CUDA (cudaMemcpy (acc, dacc, sizeof acc, cudaMemcpyDeviceToHost));
    const double rel = sqrt (acc[0] / (acc[1] > 0 ? acc[1] : 1));
    if (acc[2] > 0 || !(rel <= 2.0 * (k + 1) * tu_eps (gm_class_real (cls)))) {
      printf ("MISMATCH %s %s %s %s: relative error %.3g, %.0f NaN: not timed\n", label, ops,
              cname, name, rel, acc[2]);
      mismatches++;
      continue;
    }
    const int reps = (kk == GM_MATMUL_NAIVE && flop > 5e11) ? 3 : base_reps;
    double ms, pct_nn = NAN;
    rest ();
    if (opa == GM_OP_NONE && opb == GM_OP_NONE) {
      ms = time_median (run, reps, e0, e1);
    } else {
      /* % of NN from the same kernel's A * B on the same buffers (A m x k, B k x n: the sizes
         are the transposed ones'), the two taking turns: timed apart, a row measured early in
         a sustained load ran up to 15% faster than one a second later on the H100 at its
         power cap (bench-transposed-double-h100.txt: 8192 NN auto 37.0, dmma 43.7 TFLOP/s),
         which moved the ratio as much as the layouts did */
      auto run_nn = [&] () {
        gm_status st = gm_matmul (kk, cls, GM_OP_NONE, GM_OP_NONE, m, n, k, dA, m, sa, dB, k,
                                  same ? sa : sb, dC, ldc, sc, batch, 0);
        if (st != GM_OK) {
          fprintf (stderr, "%s %s %s (NN): %s\n", label, cname, name, gm_error_detail ());
          exit (2);
        }
      };
      double ms_nn;
      time_median_pair (run, run_nn, reps, e0, e1, &ms, &ms_nn);
      pct_nn = 100.0 * ms_nn / ms;
    }
    const double tflops = flop / ms * 1e-9;
    rows.push_back ({section, label, ops, cname, name, ms, tflops, 100.0 * blas_ms / ms, pct_nn,
                     reps, plan});
    printf ("  %-10s %-20s %-2s %-6s %-6s %9.3f ms %7.2f TFLOP/s %6.1f%% of cuBLAS", section,
            label, ops, cname, name, ms, tflops, 100.0 * blas_ms / ms);
    if (!isnan (pct_nn))
      printf (" %6.1f%% of NN", pct_nn);
    printf (" (rel err %.2g)%s%s\n", rel, plan.empty () ? "" : "  ", plan.c_str ());
    fflush (stdout);
  }
  TU_CUDA (cudaEventDestroy (e0));
  TU_CUDA (cudaEventDestroy (e1));
  TU_CUDA (cudaFree (dA));
  if (!same)
    TU_CUDA (cudaFree (dB));
  TU_CUDA (cudaFree (dC));
  TU_CUDA (cudaFree (dR));
  TU_CUDA (cudaFree (dacc));
  gm_device_release_cached ();
}

static std::string shape_label (int64_t m, int64_t n, int64_t k)
{
  char s[64];
  snprintf (s, sizeof s, "%lldx%lldx%lld", (long long) m, (long long) n, (long long) k);
  return s;
}

static void print_row (const Row &r)
{
  printf ("%-10s %-20s %-3s %-6s %-14s %10.3f %9.2f %7.1f%%", r.section.c_str (),
          r.shape.c_str (), r.ops.c_str (), r.cls, r.kernel.c_str (), r.ms, r.tflops, r.pct);
  if (!isnan (r.pct_nn))
    printf (" %7.1f%%", r.pct_nn);
  else if (!r.plan.empty ())
    printf ("         ");
  if (!r.plan.empty ())
    printf ("  %s", r.plan.c_str ());
  printf ("\n");
}

int main (int argc, char **argv)
{
  const char *shapes_arg = NULL;
  int quick = 0, square = 0, transposed = 0, batched = 0, complex_ = 0;
  for (int a = 1; a < argc; a++) {
    if (strcmp (argv[a], "--quick") == 0) quick = 1;
    else if (strcmp (argv[a], "--square") == 0) square = 1;
    else if (strcmp (argv[a], "--transposed") == 0) transposed = 1;
    else if (strcmp (argv[a], "--batched") == 0) batched = 1;
    else if (strcmp (argv[a], "--complex") == 0) complex_ = 1;
    else if (strncmp (argv[a], "--kernels=", 10) == 0) kernels_arg = argv[a] + 10;
    else if (strncmp (argv[a], "--shapes=", 9) == 0) shapes_arg = argv[a] + 9;
    else if (strncmp (argv[a], "--classes=", 10) == 0) classes_arg = argv[a] + 10;
    else if (strncmp (argv[a], "--rest=", 7) == 0) rest_seconds = atof (argv[a] + 7);
    else if (strncmp (argv[a], "--dmma-tiles=", 13) == 0) {
      for (const char *p = argv[a] + 13; *p;) {
        const char *e = strchr (p, ',');
        dmma_tile_settings.push_back (e ? std::string (p, e - p) : std::string (p));
        if (!e) break;
        p = e + 1;
      }
    }
    else {
      fprintf (stderr, "usage: %s [--square] [--transposed] [--batched] [--complex] [--quick] "
               "[--shapes=N|MxNxK,...] [--kernels=a,b] [--classes=double,single] "
               "[--dmma-tiles=v2,auto,128x128,128x64,64x128,64x64] [--rest=SECONDS]\n", argv[0]);
      return 2;
    }
  }
  if (!square && !transposed && !batched && !complex_) {
    square = 1;
    transposed = batched = complex_ = !shapes_arg;
  }
  if (getenv ("GPUMAT_DMMA_TILE")) {
    env_tile0 = getenv ("GPUMAT_DMMA_TILE");
    env_tile0_set = true;
  }
  if (!tu_gpu_or_skip ("bench_matmul"))
    return 0;
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  cc = 10 * info.major + info.minor;
  /* gm_matmul takes an invalid GPUMAT_DMMA_TILE as unset (it would time auto's choice under a
     typo's name); the plan query refuses it */
  for (auto &t : dmma_tile_settings) {
    int tm, tn, sl;
    tu_setenv ("GPUMAT_DMMA_TILE", t.c_str ());
    if (gm_matmul_dmma_plan (GM_OP_NONE, GM_OP_NONE, 64, 64, 64, 1, &tm, &tn, &sl) != GM_OK) {
      fprintf (stderr, "bench_matmul: --dmma-tiles: %s\n", gm_error_detail ());
      return 2;
    }
  }
  if (env_tile0_set)
    tu_setenv ("GPUMAT_DMMA_TILE", env_tile0.c_str ());
  else
    tu_setenv ("GPUMAT_DMMA_TILE", NULL);
  printf ("bench_matmul: %s, compute capability %d.%d, %d SMs\n", info.name, info.major,
          info.minor, info.multiprocessors);

  cublasHandle_t handle;
  TU_CUBLAS (cublasCreate (&handle));
  TU_CUBLAS (cublasSetMathMode (handle, CUBLAS_PEDANTIC_MATH));
  const gm_op N = GM_OP_NONE, T = GM_OP_TRANSPOSE;

  if (square) {
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
    for (auto &s : shapes)
      for (int c = 0; c < 2; c++) {
        if (!listed (classes_arg, c ? "single" : "double"))
          continue;
        bench_case (handle, "square", c ? GM_SINGLE : GM_DOUBLE, N, N, s[0], s[1], s[2], 1,
                    false, kernels_arg, shape_label (s[0], s[1], s[2]).c_str ());
      }
  }

  if (transposed) {
    /* auto, the two kernels auto picks from at these sizes, and tf32x3 (single) */
    const char *kernels = kernels_arg ? kernels_arg : "auto,warp,dmma,tf32x3,ozaki";
    const gm_op pairs[4][2] = {{N, N}, {T, N}, {N, T}, {T, T}};
    const int64_t sizes[2] = {4096, 8192};
    for (int si = 0; si < (quick ? 1 : 2); si++)
      for (int c = 0; c < 2; c++) {
        if (!listed (classes_arg, c ? "single" : "double"))
          continue;
        const int64_t s = sizes[si];
        for (auto &p : pairs)
          bench_case (handle, "transposed", c ? GM_SINGLE : GM_DOUBLE, p[0], p[1], s, s, s, 1,
                      false, kernels, shape_label (s, s, s).c_str ());
      }
    /* Xᵀ·X, X 40000 x 1500 (the normal equations of issue 10), one operand array */
    if (!quick)
      for (int c = 0; c < 2; c++)
        if (listed (classes_arg, c ? "single" : "double"))
          bench_case (handle, "transposed", c ? GM_SINGLE : GM_DOUBLE, T, N, 1500, 1500, 40000,
                      1, true, kernels, "X'X 1500x1500x40000");
  }

  if (batched) {
    struct { int64_t pages, size; const char *label; } sets[] = {
        {100000, 8, "1e5 x 8x8x8"}, {10000, 32, "1e4 x 32x32x32"},
        {1000, 128, "1e3 x 128x128x128"}, {10, 1024, "10 x 1024x1024x1024"}};
    for (auto &b : sets)
      for (int c = 0; c < 2; c++)
        if (listed (classes_arg, c ? "single" : "double"))
          bench_case (handle, "batched", c ? GM_SINGLE : GM_DOUBLE, N, N, b.size, b.size,
                      b.size, b.pages, false, kernels_arg, b.label);
  }
  if (complex_) {
    /* complex double and single against ZGEMM / CGEMM (8 flops a multiply-add), NN at 4096 and
       8192, and the conjugate-transpose pairs at 4096 */
    const char *kernels = kernels_arg ? kernels_arg : "auto,warp,dmma,tf32x3,ozaki";
    const gm_op C = GM_OP_CTRANSPOSE;
    const gm_op pairs[3][2] = {{N, N}, {C, N}, {N, C}};
    const int64_t sizes[2] = {4096, 8192};
    for (int si = 0; si < (quick ? 1 : 2); si++)
      for (int c = 0; c < 2; c++) {
        if (!listed (classes_arg, c ? "csingle" : "cdouble"))
          continue;
        const int64_t s = sizes[si];
        for (int p = 0; p < (si == 0 ? 3 : 1); p++)
          bench_case (handle, "complex", c ? GM_COMPLEX_SINGLE : GM_COMPLEX_DOUBLE, pairs[p][0],
                      pairs[p][1], s, s, s, 1, false, kernels, shape_label (s, s, s).c_str ());
      }
  }
  TU_CUBLAS (cublasDestroy (handle));
  gm_reset ();

  if (mismatches)
    printf ("\n%d results did NOT match cuBLAS (see MISMATCH above; not timed).", mismatches);
  else
    printf ("\nAll results matched cuBLAS before timing.");
  printf ("  %s (cc %d.%d); median of 10 runs (batches 20, naive over 5e11 flop 3)\n",
          info.name, info.major, info.minor);
  printf ("%-10s %-20s %-3s %-6s %-14s %10s %9s %8s %8s\n", "section", "shape", "ops", "class",
          "kernel", "ms", "TFLOP/s", "%cuBLAS", "%NN");
  for (auto &r : rows)
    print_row (r);

  /* The short summary: auto against cuBLAS in every case, and against its own NN rate. */
  printf ("\nsummary: auto (%s)\n", info.name);
  printf ("%-10s %-20s %-3s %-6s %12s %12s %8s %8s\n", "section", "shape", "ops", "class",
          "cuBLAS TF/s", "auto TF/s", "%cuBLAS", "%NN");
  for (size_t i = 0; i < rows.size (); i++) {
    const Row &r = rows[i];
    if (r.kernel.compare (0, 4, "auto") != 0)
      continue;
    double blas = NAN;
    for (size_t j = i; j-- > 0;) /* the cuBLAS row of this case comes first */
      if (rows[j].kernel.compare (0, 6, "cublas") == 0) {
        blas = rows[j].tflops;
        break;
      }
    printf ("%-10s %-20s %-3s %-6s %12.2f %12.2f %7.1f%%", r.section.c_str (), r.shape.c_str (),
            r.ops.c_str (), r.cls, blas, r.tflops, r.pct);
    if (!isnan (r.pct_nn))
      printf (" %7.1f%%", r.pct_nn);
    if (r.kernel != "auto")   /* auto[v2] and so on: --dmma-tiles */
      printf ("  %s", r.kernel.c_str ());
    printf ("\n");
  }
  return mismatches ? 1 : 0;
}
