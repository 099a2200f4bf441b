/* bench_dot.cu: gm_dot (kernels/dot.cu) against its classic version and cuBLAS, on data
 * already on the device.
 *
 * Cases: one vector of 2^27 doubles and 2^28 singles (cublasDdot / cublasSdot, pointer mode
 * device, timed in the same run); many columns (4096 x 32768 and 1e6 x 16), with cuBLAS's
 * strided-batched 1x1 GEMM as the loop-free reference; pre > 1 (dot along dimension 2).
 * Every result is checked against a long-double CPU reference before any timing ("All results
 * match"), then each case runs 5 times to warm up and 30 times between CUDA events; the median
 * is reported.  GB/s counts the bytes read (2 * n * element size); a device-to-device copy of
 * the same buffer (read + write) is the bandwidth ceiling shown for reference.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <algorithm>
#include <functional>
#include <vector>
#include <cublas_v2.h>
#include "test_util.h"
#include "bench_util.h"

extern "C" gm_status gm_dot_tuned_workspace_size (int classic, int64_t target_blocks, int unroll,
                                                  gm_class cls, int64_t pre, int64_t len,
                                                  int64_t post, size_t *bytes);
extern "C" gm_status gm_dot_tuned (int classic, int64_t target_blocks, int unroll, gm_class cls,
                                   int64_t pre, int64_t len, int64_t post, const void *d_x,
                                   const void *d_y, void *d_out, void *d_workspace,
                                   size_t workspace_bytes, cudaStream_t stream);

/* cublasSdot or cublasDdot on n elements, the result in device memory (pointer mode device). */
static void cublas_dot (cublasHandle_t handle, gm_class cls, int64_t n, const void *x,
                        const void *y, void *out)
{
  if (cls == GM_SINGLE)
    TU_CUBLAS (cublasSdot (handle, (int) n, (const float *) x, 1, (const float *) y, 1,
                           (float *) out));
  else
    TU_CUBLAS (cublasDdot (handle, (int) n, (const double *) x, 1, (const double *) y, 1,
                           (double *) out));
}

static const int WARMUP = 5, REPEATS = 30;
static const size_t WORK_BYTES = (size_t) 64 << 20;

/* Median GPU time of op: WARMUP runs, then REPEATS runs queued back to back with an event
   between each two, so the host's launch time overlaps the previous run. */
static double median_ms (const std::function<void (void)> &op)
{
  std::vector<cudaEvent_t> ev (REPEATS + 1);
  for (auto &e : ev)
    TU_CUDA (cudaEventCreate (&e));
  for (int r = 0; r < WARMUP; r++)
    op ();
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaEventRecord (ev[0]));
  for (int r = 0; r < REPEATS; r++) {
    op ();
    TU_CUDA (cudaEventRecord (ev[r + 1]));
  }
  TU_CUDA (cudaEventSynchronize (ev[REPEATS]));
  TU_CUDA (cudaGetLastError ());
  std::vector<float> ms (REPEATS);
  for (int r = 0; r < REPEATS; r++)
    TU_CUDA (cudaEventElapsedTime (&ms[r], ev[r], ev[r + 1]));
  for (auto &e : ev)
    TU_CUDA (cudaEventDestroy (e));
  std::sort (ms.begin (), ms.end ());
  return 0.5 * (ms[REPEATS / 2 - 1] + ms[REPEATS / 2]);
}

/* Largest |d - dref| / (len*eps*sum|x.*y|) over the outputs; <= 1 passes. */
static double error_ratio (gm_class cls, int64_t pre, int64_t len, int64_t post, const void *hx,
                           const void *hy, const void *d_out)
{
  const size_t es = gm_class_size (cls), nout = pre * post;
  std::vector<char> h (nout * es);
  TU_CUDA (cudaMemcpy (h.data (), d_out, nout * es, cudaMemcpyDeviceToHost));
  std::vector<long double> ref (nout), absum (nout);
  tu_dot_reference (cls, pre, len, post, hx, hy, ref.data (), absum.data ());
  double worst = 0;
  for (size_t o = 0; o < nout; o++) {
    const double d = tu_get (cls, h.data (), o);
    const double r = (double) (fabsl (d - ref[o])
                               / ((long double) len * tu_eps (cls) * absum[o] + 1e-300L));
    worst = isnan (d) || r > worst ? (isnan (d) ? INFINITY : r) : worst;
  }
  return worst;
}

typedef struct {
  char name[96];
  double ms, gbs, ref_ms;
  const char *ref;
} row;
static std::vector<row> rows;
static int all_ok = 1;

static void add_row (const char *name, double bytes, double ms, double ref_ms, const char *ref)
{
  row r;
  snprintf (r.name, sizeof r.name, "%s", name);
  r.ms = ms;
  r.gbs = bytes / (ms * 1e-3) / 1e9;
  r.ref_ms = ref_ms;
  r.ref = ref;
  rows.push_back (r);
}

static void verify (const char *name, double ratio)
{
  printf ("  check %-40s error/bound %.3g %s\n", name, ratio, ratio <= 1 ? "ok" : "FAIL");
  if (!(ratio <= 1))
    all_ok = 0;
}

int main (void)
{
  if (!tu_gpu_or_skip ("bench_dot"))
    return 0;
  cudaDeviceProp prop;
  TU_CUDA (cudaGetDeviceProperties (&prop, 0));
  printf ("bench_dot: device %s, %d SMs, %.0f MB L2\n", prop.name, prop.multiProcessorCount,
          prop.l2CacheSize / 1e6);

  const int64_t nd = (int64_t) 1 << 27, ns = (int64_t) 1 << 28;
  const size_t buf_bytes = (size_t) 1 << 30;
  tu_seed (42);
  std::vector<double> hxd (nd), hyd (nd);
  std::vector<float> hxs (ns), hys (ns);
  tu_fill (GM_DOUBLE, hxd.data (), NULL, nd);
  tu_fill (GM_DOUBLE, hyd.data (), NULL, nd);
  tu_fill (GM_SINGLE, hxs.data (), NULL, ns);
  tu_fill (GM_SINGLE, hys.data (), NULL, ns);

  char *dxd, *dyd, *dxs, *dys, *dcopy, *dout, *dwork;
  TU_CUDA (cudaMalloc (&dxd, buf_bytes + 64));
  TU_CUDA (cudaMalloc (&dyd, buf_bytes + 64));
  TU_CUDA (cudaMalloc (&dxs, buf_bytes + 64));
  TU_CUDA (cudaMalloc (&dys, buf_bytes + 64));
  TU_CUDA (cudaMalloc (&dcopy, buf_bytes));
  TU_CUDA (cudaMalloc (&dout, (size_t) 16 << 20));
  TU_CUDA (cudaMalloc (&dwork, WORK_BYTES));
  TU_CUDA (cudaMemcpy (dxd, hxd.data (), buf_bytes, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (dyd, hyd.data (), buf_bytes, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (dxs, hxs.data (), buf_bytes, cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (dys, hys.data (), buf_bytes, cudaMemcpyHostToDevice));
  cublasHandle_t handle;
  TU_CUBLAS (cublasCreate (&handle));
  TU_CUBLAS (cublasSetPointerMode (handle, CUBLAS_POINTER_MODE_DEVICE));

  /* A gm_dot run with a version; workspace checked. */
  auto dot = [&] (int classic, int64_t target, int unroll, gm_class cls, int64_t pre,
                  int64_t len, int64_t post, const void *x, const void *y) {
    size_t need;
    TU_GM (gm_dot_tuned_workspace_size (classic, target, unroll, cls, pre, len, post, &need));
    if (need > WORK_BYTES) {
      fprintf (stderr, "workspace %zu > %zu\n", need, WORK_BYTES);
      exit (2);
    }
    TU_GM (gm_dot_tuned (classic, target, unroll, cls, pre, len, post, x, y, dout, dwork,
                         WORK_BYTES, 0));
  };

  /* ---- verify everything first ---------------------------------------------------------- */
  printf ("verifying against a long-double CPU reference...\n");
  struct variant { const char *name; int classic; int64_t target; int unroll; };
  const variant variants[] = {{"gm_dot", 0, 0, 0},           {"classic", 1, 0, 0},
                              {"U=8", 0, 0, 8},              {"target 1056", 0, 1056, 0},
                              {"target 2112", 0, 2112, 0},   {"gm_dot again", 0, 0, 0}};
  const int nvar = sizeof variants / sizeof variants[0];
  char label[96];
  for (int c = 0; c < 2; c++) {
    const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
    const int64_t n = c ? ns : nd;
    const void *hx = c ? (const void *) hxs.data () : hxd.data ();
    const void *hy = c ? (const void *) hys.data () : hyd.data ();
    char *x = c ? dxs : dxd, *y = c ? dys : dyd;
    for (int v = 0; v < nvar; v++) {
      dot (variants[v].classic, variants[v].target, variants[v].unroll, cls, 1, n, 1, x, y);
      snprintf (label, sizeof label, "%s %s n=%lld", variants[v].name, c ? "single" : "double",
                (long long) n);
      verify (label, error_ratio (cls, 1, n, 1, hx, hy, dout));
    }
    cublas_dot (handle, cls, n, x, y, dout);
    snprintf (label, sizeof label, "cuBLAS %s n=%lld", c ? "single" : "double", (long long) n);
    verify (label, error_ratio (cls, 1, n, 1, hx, hy, dout));
  }
  /* many columns and pre > 1, on the double data */
  struct shape { const char *name; int64_t pre, len, post; int gemm; };
  const shape shapes[] = {{"d 4096 cols x 32768", 1, 32768, 4096, 1},
                          {"d 1e6 cols x 16", 1, 16, 1000000, 1},
                          {"d 1e6 cols x 100", 1, 100, 1000000, 1},
                          {"d pre 1024 x 1024 x 128", 1024, 1024, 128, 0},
                          {"d pre 64 x 2^21", 64, (int64_t) 1 << 21, 1, 0},
                          {"d pre 2 x 2^26", 2, (int64_t) 1 << 26, 1, 0},
                          {"d pre 7 x 2^24", 7, (int64_t) 1 << 24, 1, 0},
                          {"d pre 2 x 1000 x 65536", 2, 1000, 65536, 0}};
  const int nshape = sizeof shapes / sizeof shapes[0];
  for (int k = 0; k < nshape; k++) {
    const shape &s = shapes[k];
    dot (0, 0, 0, GM_DOUBLE, s.pre, s.len, s.post, dxd, dyd);
    verify (s.name, error_ratio (GM_DOUBLE, s.pre, s.len, s.post, hxd.data (), hyd.data (), dout));
    if (s.gemm) {
      const double one = 1, zero = 0;
      double *d_one = (double *) dwork, *d_zero = d_one + 1;
      TU_CUDA (cudaMemcpy (d_one, &one, 8, cudaMemcpyHostToDevice));
      TU_CUDA (cudaMemcpy (d_zero, &zero, 8, cudaMemcpyHostToDevice));
      TU_CUBLAS (cublasDgemmStridedBatched (handle, CUBLAS_OP_T, CUBLAS_OP_N, 1, 1, (int) s.len,
                                         d_one, (const double *) dxd, (int) s.len, s.len,
                                         (const double *) dyd, (int) s.len, s.len, d_zero,
                                         (double *) dout, 1, 1, (int) s.post));
      snprintf (label, sizeof label, "cuBLAS batched GEMM %s", s.name);
      verify (label, error_ratio (GM_DOUBLE, s.pre, s.len, s.post, hxd.data (), hyd.data (),
                                  dout));
    }
  }
  /* misaligned by one element (both x and y): the scalar-load path, same bits as aligned */
  {
    dot (0, 0, 0, GM_DOUBLE, 1, nd, 1, dxd, dyd);
    double aligned;
    TU_CUDA (cudaMemcpy (&aligned, dout, 8, cudaMemcpyDeviceToHost));
    TU_CUDA (cudaMemcpy (dxd + 8, hxd.data (), buf_bytes, cudaMemcpyHostToDevice));
    TU_CUDA (cudaMemcpy (dyd + 8, hyd.data (), buf_bytes, cudaMemcpyHostToDevice));
    dot (0, 0, 0, GM_DOUBLE, 1, nd, 1, dxd + 8, dyd + 8);
    double shifted;
    TU_CUDA (cudaMemcpy (&shifted, dout, 8, cudaMemcpyDeviceToHost));
    printf ("  check %-40s %s\n", "misaligned double: same bits as aligned",
            memcmp (&aligned, &shifted, 8) == 0 ? "ok" : "FAIL");
    all_ok &= memcmp (&aligned, &shifted, 8) == 0;
    TU_CUDA (cudaMemcpy (dxs + 4, hxs.data (), buf_bytes, cudaMemcpyHostToDevice));
    TU_CUDA (cudaMemcpy (dys + 4, hys.data (), buf_bytes, cudaMemcpyHostToDevice));
    dot (0, 0, 0, GM_SINGLE, 1, ns, 1, dxs + 4, dys + 4);
    verify ("misaligned single", error_ratio (GM_SINGLE, 1, ns, 1, hxs.data (), hys.data (),
                                              dout));
  }
  if (!all_ok) {
    printf ("bench_dot: verification FAILED, no timings\n");
    return 1;
  }
  printf ("All results match. Starting benchmarks.\n");

  /* ---- time ------------------------------------------------------------------------------ */
  /* The buffers now hold the data one element in: x+1, y+1 is what was verified; the aligned
     runs read x, y (the same values, shifted by one: as good for timing). */
  const double copy_ms = median_ms ([&] {
    TU_CUDA (cudaMemcpyAsync (dcopy, dxd, buf_bytes, cudaMemcpyDeviceToDevice, 0));
  });
  add_row ("D2D copy 1 GiB (read+write)", 2.0 * buf_bytes, copy_ms, 0, NULL);
  double cublas_ms[2];
  for (int c = 0; c < 2; c++) {
    const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
    const int64_t n = c ? ns : nd;
    char *x = c ? dxs : dxd, *y = c ? dys : dyd;
    const size_t es = gm_class_size (cls);
    const double bytes = 2.0 * n * es;
    cublas_ms[c] = median_ms ([&] { cublas_dot (handle, cls, n, x, y, dout); });
    snprintf (label, sizeof label, "%s 2^%d cuBLAS", c ? "s" : "d", c ? 28 : 27);
    add_row (label, bytes, cublas_ms[c], cublas_ms[c], "cuBLAS dot");
    for (int v = 0; v < nvar; v++) {
      const double ms = median_ms ([&] {
        dot (variants[v].classic, variants[v].target, variants[v].unroll, cls, 1, n, 1, x, y);
      });
      snprintf (label, sizeof label, "%s 2^%d %s", c ? "s" : "d", c ? 28 : 27, variants[v].name);
      add_row (label, bytes, ms, cublas_ms[c], "cuBLAS dot");
    }
    const double mis_ms = median_ms ([&] {
      dot (0, 0, 0, cls, 1, n, 1, x + es, y + es);
    });
    snprintf (label, sizeof label, "%s 2^%d gm_dot misaligned", c ? "s" : "d", c ? 28 : 27);
    add_row (label, bytes, mis_ms, cublas_ms[c], "cuBLAS dot");
  }
  for (int k = 0; k < nshape; k++) {
    const shape &s = shapes[k];
    const double bytes = 2.0 * s.pre * s.len * s.post * 8;
    double ref = cublas_ms[0] * bytes / (2.0 * nd * 8);   /* cuBLAS dot's rate, these bytes */
    const char *refname = "cuBLAS ddot rate";
    if (s.gemm) {
      const double *d_one = (const double *) dwork + 1000000, *d_zero = d_one + 1;
      const double one = 1, zero = 0;
      TU_CUDA (cudaMemcpy ((void *) d_one, &one, 8, cudaMemcpyHostToDevice));
      TU_CUDA (cudaMemcpy ((void *) d_zero, &zero, 8, cudaMemcpyHostToDevice));
      const double gemm_ms = median_ms ([&] {
        TU_CUBLAS (cublasDgemmStridedBatched (handle, CUBLAS_OP_T, CUBLAS_OP_N, 1, 1, (int) s.len,
                                           d_one, (const double *) dxd, (int) s.len, s.len,
                                           (const double *) dyd, (int) s.len, s.len, d_zero,
                                           (double *) dout, 1, 1, (int) s.post));
      });
      snprintf (label, sizeof label, "%s cuBLAS gemmBatched", s.name);
      add_row (label, bytes, gemm_ms, gemm_ms, "batched GEMM");
      ref = gemm_ms;
      refname = "batched GEMM";
    }
    const double ms = median_ms ([&] { dot (0, 0, 0, GM_DOUBLE, s.pre, s.len, s.post, dxd, dyd); });
    snprintf (label, sizeof label, "%s gm_dot", s.name);
    add_row (label, bytes, ms, ref, refname);
  }

  printf ("\nbench_dot: %s, median of %d after %d warm-up runs, GB/s = bytes read / time\n",
          prop.name, REPEATS, WARMUP);
  printf ("%-34s %9s %9s %8s  %s\n", "case", "ms", "GB/s", "% ref", "ref");
  for (const row &r : rows) {
    if (r.ref)
      printf ("%-34s %9.4f %9.1f %7.1f%%  %s\n", r.name, r.ms, r.gbs, 100.0 * r.ref_ms / r.ms,
              r.ref);
    else
      printf ("%-34s %9.4f %9.1f %8s\n", r.name, r.ms, r.gbs, "-");
  }
  TU_CUBLAS (cublasDestroy (handle));
  return 0;
}
