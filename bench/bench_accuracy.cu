/* bench_accuracy.cu: how accurate each double-precision product kernel is on inputs chosen to
 * hurt emulated products (issue 34, item 2), against an exact reference and against dmma on the
 * same input.
 *
 *   bench_accuracy            k = 256, 2048 and 16384
 *   bench_accuracy --quick    k = 256 and 2048
 *   bench_accuracy --speed[=S]  the speed instead (issue 34: ozaki never below 0.9x dmma's):
 *                             each data kind at S^3 (S = 4096 unless given), ozaki and dmma
 *                             taking turns (bench_util.h's time_median_pair: median of 7 after
 *                             a warm-up of each), in ms and TFLOP/s, ozaki's speed as a
 *                             multiple of dmma's, and ozaki's tile pass (the 128x128 tiles of
 *                             C its guard sent to dmma, gm_matmul_ozaki_tiles); then auto
 *                             against dmma the same way (auto takes ozaki at 4096^3 on
 *                             compute capability 9.0 and hands the product to dmma where
 *                             most tiles need FP64: it should never fall far below 1x);
 *                             exits 1 where ozaki runs below 0.9x dmma's speed
 *
 * Each case is op(A) (m x k) times op(B) (k x n), m = n = 64 (so that the reference stays cheap
 * at k = 16384), in the forms A * B, A' * B and A * B'.  The reference is exact to about 2^-100
 * of |A| |B|: every product split exactly by fma, summed in double-double (TwoSum).  The error
 * of a kernel is max |C - Cref| / (|A| |B|) over the elements where |A| |B| > 0, in units of
 * eps (2^-52); the test bound is k of those units.  Printed: that error for each kernel that runs
 * double data on this GPU, and each one's ratio to dmma's ("x dmma"); for the integer data the
 * error must be 0 (exact); for NaN and Inf, whether the non-finite pattern is the reference's.
 *
 * Data kinds:
 *   randn          normal values
 *   uniform        uniform in [-1, 1)
 *   scaled 2^40    rows of op(A) and columns of op(B) scaled by 2^e, e uniform in [-40, 40]
 *   exp 12 randn   every element normal times 2^round(12 randn)
 *   exp 30 randn   every element normal times 2^round(30 randn) (exponents clamped to +-400)
 *   tiny x huge    op(A) normal times 1e-300, op(B) normal times 1e280
 *   cancellation   op(B)'s rows in pairs b and -b (1 + 2^-30 u): sums far below |A| |B|
 *   integers       integers in [-1024, 1024]: every kernel must be exact
 *   NaN and Inf    uniform with one NaN, one Inf and one -Inf in each operand
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <vector>
#include "bench_util.h"

static const int64_t M = 64, N = 64;

enum kind { RANDN, UNIFORM, SCALED, EXP12, EXP30, TINY_HUGE, CANCEL, INTEGERS, NONFINITE,
            KIND_COUNT };
static const char *const kind_names[KIND_COUNT] = {
  "randn", "uniform", "scaled 2^40", "exp 12 randn", "exp 30 randn", "tiny x huge",
  "cancellation", "integers", "NaN and Inf"};

static double randn (void)
{
  double u = 0.5 * (tu_uniform () + 1.0), v = 0.5 * (tu_uniform () + 1.0);
  if (u < 1e-300)
    u = 1e-300;
  return sqrt (-2.0 * log (u)) * cos (2.0 * M_PI * v);
}

/* one element of op(A) (b_side false) or op(B) of kind t (CANCEL's pairs and SCALED's
   scaling are applied by make_operands) */
static double draw (kind t, bool b_side)
{
  switch (t) {
  case UNIFORM: case NONFINITE: return tu_uniform ();
  case EXP12: return ldexp (randn (), (int) lround (12 * randn ()));
  case EXP30: return ldexp (randn (), (int) fmax (-400, fmin (400, lround (30 * randn ()))));
  case TINY_HUGE: return randn () * (b_side ? 1e280 : 1e-300);
  case INTEGERS: return (double) lround (1024 * tu_uniform ());
  default: return randn ();
  }
}

/* op(A) as opA[i + p * m] (column-major m x k) and op(B) as opB[p + j * k] (k x n) */
static void make_operands (kind t, int64_t m, int64_t n, int64_t k, std::vector<double> &opA,
                           std::vector<double> &opB)
{
  const int64_t M = m, N = n;
  opA.assign ((size_t) (M * k), 0);
  opB.assign ((size_t) (k * N), 0);
  for (int64_t p = 0; p < k; p++)
    for (int64_t i = 0; i < M; i++)
      opA[(size_t) (i + p * M)] = draw (t, false);
  for (int64_t j = 0; j < N; j++)
    for (int64_t p = 0; p < k; p++)
      opB[(size_t) (p + j * k)] = t == CANCEL && p % 2
                                    ? -opB[(size_t) (p - 1 + j * k)] * (1 + ldexp (tu_uniform (), -30))
                                    : draw (t, true);
  if (t == SCALED) {
    for (int64_t i = 0; i < M; i++) {
      const int e = (int) lround (40 * tu_uniform ());
      for (int64_t p = 0; p < k; p++)
        opA[(size_t) (i + p * M)] = ldexp (opA[(size_t) (i + p * M)], e);
    }
    for (int64_t j = 0; j < N; j++) {
      const int e = (int) lround (40 * tu_uniform ());
      for (int64_t p = 0; p < k; p++)
        opB[(size_t) (p + j * k)] = ldexp (opB[(size_t) (p + j * k)], e);
    }
  }
  if (t == NONFINITE) {
    opA[3] = NAN;
    opA[(size_t) (5 + 2 * M)] = INFINITY;
    opA[(size_t) (M * k - 1)] = -INFINITY;
    opB[7] = -INFINITY;
    opB[(size_t) (k + 1)] = NAN;
    opB[(size_t) (k * N - 2)] = INFINITY;
  }
}

/* the exact product's double rounding (to within 2^-100 |A| |B|), and |A| |B| */
static void reference (int64_t k, const std::vector<double> &opA, const std::vector<double> &opB,
                       std::vector<double> &ref, std::vector<double> &mag)
{
  ref.assign ((size_t) (M * N), 0);
  mag.assign ((size_t) (M * N), 0);
  for (int64_t j = 0; j < N; j++)
    for (int64_t i = 0; i < M; i++) {
      double hi = 0, lo = 0, m = 0, plain = 0;
      bool finite = true;
      for (int64_t p = 0; p < k; p++) {
        const double a = opA[(size_t) (i + p * M)], b = opB[(size_t) (p + j * k)];
        const double x = a * b;
        plain += x;
        m += fabs (a) * fabs (b);
        if (!isfinite (a) || !isfinite (b) || !isfinite (x)) {
          finite = false;
          continue;
        }
        const double e = fma (a, b, -x);           /* a b = x + e exactly */
        for (double v : {x, e}) {                  /* (hi, lo) += v, TwoSum */
          const double s = hi + v, bb = s - hi, err = (hi - (s - bb)) + (v - bb);
          hi = s;
          lo += err;
        }
      }
      ref[(size_t) (i + j * M)] = finite ? hi + lo : plain;
      mag[(size_t) (i + j * M)] = m;
    }
}

struct form {
  const char *name;
  gm_op opa, opb;
};
static const form forms[] = {{"A*B", GM_OP_NONE, GM_OP_NONE},
                             {"A'*B", GM_OP_TRANSPOSE, GM_OP_NONE},
                             {"A*B'", GM_OP_NONE, GM_OP_TRANSPOSE}};

/* error in eps of |A| |B| (finite elements), or -1 where the non-finite pattern differs */
static double error_of (const std::vector<double> &c, const std::vector<double> &ref,
                        const std::vector<double> &mag)
{
  double worst = 0;
  for (size_t e = 0; e < c.size (); e++) {
    if (!isfinite (ref[e]) || !isfinite (c[e])) {
      if (!(isnan (ref[e]) ? isnan (c[e]) : c[e] == ref[e]))
        return -1;
      continue;
    }
    if (mag[e] > 0 && isfinite (mag[e]))
      worst = fmax (worst, fabs (c[e] - ref[e]) / mag[e] / 0x1.0p-52);
    else if (c[e] != ref[e])
      return -1;
  }
  return worst;
}

/* --speed[=S]: every kind at S^3 (A * B), ozaki against dmma; 1 where ozaki runs below 0.9x
   dmma's speed on some kind */
static int speed (int64_t S)
{
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  printf ("bench_accuracy --speed on %s: %lld^3, A*B, median of 7 taking turns; \"x dmma\": "
          "ozaki's speed over dmma's (issue 34: at least 0.9); tiles: ozaki's 128x128 tiles of C "
          "computed by dmma's tile pass\n\n", info.name, (long long) S);
  printf ("%-14s %10s %8s %10s %8s %7s %16s %12s %10s %7s\n", "data", "ozaki ms", "TFLOP/s",
          "dmma ms", "TFLOP/s", "x dmma", "tiles marked", "FP64 elems", "auto ms", "x dmma");
  tu_seed (3434);
  const double flops = 2.0 * (double) S * S * S;
  const size_t bytes = (size_t) (S * S) * sizeof (double);
  void *dA = NULL, *dB = NULL, *dC = NULL;
  TU_GM (gm_device_alloc (&dA, bytes));
  TU_GM (gm_device_alloc (&dB, bytes));
  TU_GM (gm_device_alloc (&dC, bytes));
  cudaEvent_t e0, e1;
  TU_CUDA (cudaEventCreate (&e0));
  TU_CUDA (cudaEventCreate (&e1));
  int slow = 0;
  double worst = -1;
  const char *worst_kind = "";
  for (int t = 0; t < KIND_COUNT; t++) {
    std::vector<double> opA, opB;
    make_operands ((kind) t, S, S, S, opA, opB);
    TU_CUDA (cudaMemcpy (dA, opA.data (), bytes, cudaMemcpyHostToDevice));
    TU_CUDA (cudaMemcpy (dB, opB.data (), bytes, cudaMemcpyHostToDevice));
    auto product = [&] (gm_matmul_kernel kk) {
      return [=] () {
        TU_GM (gm_matmul (kk, GM_DOUBLE, GM_OP_NONE, GM_OP_NONE, S, S, S, dA, S, 0, dB, S, 0, dC,
                          S, 0, 1, 0));
      };
    };
    double ms_oz = 0, ms_dm = 0, ms_auto = 0, ms_dm_auto = 0;
    time_median_pair (product (GM_MATMUL_OZAKI), product (GM_MATMUL_DMMA), 7, e0, e1, &ms_oz,
                      &ms_dm);
    time_median_pair (product (GM_MATMUL_AUTO), product (GM_MATMUL_DMMA), 7, e0, e1, &ms_auto,
                      &ms_dm_auto);
    /* ozaki once more alone for its counts */
    product (GM_MATMUL_OZAKI) ();
    int slices = 0;
    int64_t fixups = 0, marked = 0, tiles = 0;
    TU_GM (gm_matmul_ozaki_stats (&slices, &fixups));
    TU_GM (gm_matmul_ozaki_tiles (&marked, &tiles));
    const double ratio = ms_dm / ms_oz;
    if (ratio < 0.9)
      slow++;
    if (worst < 0 || ratio < worst) {
      worst = ratio;
      worst_kind = kind_names[t];
    }
    char tile_text[40];
    snprintf (tile_text, sizeof tile_text, "%lld / %lld", (long long) marked, (long long) tiles);
    printf ("%-14s %10.3f %8.2f %10.3f %8.2f %7.3f %16s %12lld %10.3f %7.3f%s\n",
            kind_names[t], ms_oz, flops / ms_oz * 1e-9, ms_dm, flops / ms_dm * 1e-9, ratio,
            tile_text, (long long) fixups, ms_auto, ms_dm_auto / ms_auto,
            ratio < 0.9 ? "  SLOW" : "");
    fflush (stdout);
  }
  TU_CUDA (cudaEventDestroy (e0));
  TU_CUDA (cudaEventDestroy (e1));
  gm_device_free (dA);
  gm_device_free (dB);
  gm_device_free (dC);
  printf ("\nbench_accuracy --speed: slowest %s at %.3fx dmma's speed; %d kinds below 0.9x: %s\n",
          worst_kind, worst, slow, slow ? "FAIL" : "PASS");
  return slow ? 1 : 0;
}

int main (int argc, char **argv)
{
  const int quick = tu_quick_mode (argc, argv);
  if (!gm_available ()) {
    printf ("bench_accuracy: no usable GPU (%s): skipping\n", gm_error_detail ());
    return 0;
  }
  for (int i = 1; i < argc; i++)
    if (strncmp (argv[i], "--speed", 7) == 0) {
      const int64_t S = argv[i][7] == '=' ? atoll (argv[i] + 8) : 4096;
      if (S < 1 || (argv[i][7] != '=' && argv[i][7] != 0)) {
        fprintf (stderr, "bench_accuracy: --speed or --speed=S with S >= 1\n");
        return 2;
      }
      return speed (S);
    }
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  const int cc = 10 * info.major + info.minor;
  std::vector<gm_matmul_kernel> kernels;
  for (gm_matmul_kernel kk : {GM_MATMUL_DMMA, GM_MATMUL_OZAKI, GM_MATMUL_AUTO, GM_MATMUL_TILED,
                              GM_MATMUL_WARP})
    if (gm_matmul_can_run (kk, GM_DOUBLE, cc) == GM_OK)
      kernels.push_back (kk);
  printf ("bench_accuracy on %s (cc %d.%d): max |C - Cref| / (|A| |B|) in eps (2^-52), m = n = %lld;"
          " \"x dmma\": the ratio to dmma's on the same input; -1: NaN/Inf pattern differs\n\n",
          info.name, info.major, info.minor, (long long) M);
  printf ("%-14s %6s %5s", "data", "k", "form");
  for (gm_matmul_kernel kk : kernels)
    printf (" %10s %7s", gm_matmul_kernel_name (kk), "x dmma");
  printf ("\n");
  tu_seed (34);
  std::vector<int64_t> ks = {256, 2048, 16384};
  if (quick)
    ks.pop_back ();
  int failures = 0;
  for (int t = 0; t < KIND_COUNT; t++)
    for (int64_t k : ks) {
      std::vector<double> opA, opB, ref, mag;
      make_operands ((kind) t, M, N, k, opA, opB);
      reference (k, opA, opB, ref, mag);
      for (const form &f : forms) {
        /* stored A: M x k (NONE) or k x M (TRANSPOSE); B: k x N or N x k */
        std::vector<double> A ((size_t) (M * k)), B ((size_t) (k * N));
        for (int64_t p = 0; p < k; p++)
          for (int64_t i = 0; i < M; i++)
            A[(size_t) (f.opa == GM_OP_NONE ? i + p * M : p + i * k)] = opA[(size_t) (i + p * M)];
        for (int64_t j = 0; j < N; j++)
          for (int64_t p = 0; p < k; p++)
            B[(size_t) (f.opb == GM_OP_NONE ? p + j * k : j + p * N)] = opB[(size_t) (p + j * k)];
        const int64_t lda = f.opa == GM_OP_NONE ? M : k, ldb = f.opb == GM_OP_NONE ? k : N;
        void *dA = NULL, *dB = NULL, *dC = NULL;
        TU_GM (gm_device_alloc (&dA, A.size () * sizeof (double)));
        TU_GM (gm_device_alloc (&dB, B.size () * sizeof (double)));
        TU_GM (gm_device_alloc (&dC, (size_t) (M * N) * sizeof (double)));
        TU_CUDA (cudaMemcpy (dA, A.data (), A.size () * sizeof (double), cudaMemcpyHostToDevice));
        TU_CUDA (cudaMemcpy (dB, B.data (), B.size () * sizeof (double), cudaMemcpyHostToDevice));
        printf ("%-14s %6lld %5s", kind_names[t], (long long) k, f.name);
        double dmma_err = 0;
        for (gm_matmul_kernel kk : kernels) {
          std::vector<double> C ((size_t) (M * N));
          TU_GM (gm_matmul (kk, GM_DOUBLE, f.opa, f.opb, M, N, k, dA, lda, 0, dB, ldb, 0, dC, M, 0,
                            1, 0));
          TU_CUDA (cudaMemcpy (C.data (), dC, C.size () * sizeof (double), cudaMemcpyDeviceToHost));
          const double err = error_of (C, ref, mag);
          if (kk == GM_MATMUL_DMMA)
            dmma_err = err;
          if (err < 0 || err > (double) k || (t == INTEGERS && err != 0))
            failures++;
          if (err < 0)
            printf (" %10s %7s", "-1", "");
          else if (kk == GM_MATMUL_DMMA || dmma_err <= 0)
            printf (" %10.3g %7s", err, "");
          else
            printf (" %10.3g %7.2f", err, err / dmma_err);
        }
        printf ("\n");
        gm_device_free (dA);
        gm_device_free (dB);
        gm_device_free (dC);
      }
    }
  printf ("\nbench_accuracy: %d results past the k eps bound, inexact on integers, or with another "
          "NaN/Inf pattern\n", failures);
  return failures ? 1 : 0;
}
