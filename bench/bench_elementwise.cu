/* bench_elementwise.cu: kernels/elementwise.cu and kernels/reduce.cu against the bandwidth of a
 * device-to-device cudaMemcpy measured in the same run.
 *
 * Cases: 2^26 and 2^28 elements, double and single: the copy, every binary op on same-size
 * operands (the 16-byte vector path), a + scalar, a row broadcast against a matrix (the strided
 * path), every unary op and the class conversion; then sum along dimension 1 and 2 of an
 * 8192 x 8192 matrix.  Effective bandwidth counts the bytes each op must move (every operand read
 * once, the output written once: 3 x n x size for a + b, 2 x n x size + n for a < b, ...).
 * Results are checked against the host on 2^20 elements before any timing; each case is then
 * the median of 20 runs between CUDA events after 2 warm-up runs (bench_util.h).
 *
 * Version history: v1, the first version; its check passed on the H100 (test_elementwise),
 * its timings not yet taken.  v2 (this): the row + matrix case twice, "row+mat2" with ew_bcast
 * v2 forced (GPUMAT_EW_BCAST=v2) and "row+mat3" with the dispatch's own choice, ew_bcast_vec
 * (gm_binary_last_bcast must say so, or the bench stops), and that case checked against the host
 * before any timing.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <vector>
#include "test_util.h"
#include "bench_util.h"

static const int REPS = 20;

/* Fill a device array with values in [0.5, 2) (positive: sqrt and log stay real), from a 2^20
   host pattern copied over and over (filling 2^28 elements on the host would take seconds). */
static void fill_device (gm_class cls, void *d, int64_t n)
{
  const int64_t chunk = (int64_t) 1 << 20;
  const size_t es = gm_class_size (cls);
  std::vector<unsigned char> h ((size_t) chunk * es);
  for (int64_t i = 0; i < chunk; i++) {
    const double v = 1.25 + 0.75 * tu_uniform ();
    if (cls == GM_SINGLE) {
      const float f = (float) v;
      memcpy (&h[(size_t) i * es], &f, es);
    } else
      memcpy (&h[(size_t) i * es], &v, es);
  }
  for (int64_t i = 0; i < n; i += chunk) {
    const int64_t m = n - i < chunk ? n - i : chunk;
    TU_CUDA (cudaMemcpy ((char *) d + (size_t) i * es, h.data (), (size_t) m * es,
                         cudaMemcpyHostToDevice));
  }
}

/* Exactness check of the ops timed below on 2^20 elements (the tests cover the rest). */
static int verify (void)
{
  const int64_t n = (int64_t) 1 << 20;
  int bad = 0;
  for (int c = 0; c < 2; c++) {
    const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
    const size_t es = gm_class_size (cls);
    void *a, *b, *o;
    TU_CUDA (cudaMalloc (&a, n * es));
    TU_CUDA (cudaMalloc (&b, n * es));
    TU_CUDA (cudaMalloc (&o, n * es));
    fill_device (cls, a, n);
    fill_device (cls, b, n);
    std::vector<unsigned char> ha (n * es), hb (n * es), ho (n * es);
    TU_CUDA (cudaMemcpy (ha.data (), a, n * es, cudaMemcpyDeviceToHost));
    TU_CUDA (cudaMemcpy (hb.data (), b, n * es, cudaMemcpyDeviceToHost));
    const int64_t dims[1] = {n};
    for (int op = GM_BIN_ADD; op <= GM_BIN_DIV; op++) {
      TU_GM (gm_binary ((gm_binop) op, cls, 1, dims, a, cls, 1, dims, b, o, 0));
      TU_CUDA (cudaMemcpy (ho.data (), o, n * es, cudaMemcpyDeviceToHost));
      for (int64_t i = 0; i < n; i++) {
        const double x = tu_get (cls, ha.data (), i), y = tu_get (cls, hb.data (), i);
        double w;
        if (c) {
          const float fx = (float) x, fy = (float) y;
          w = op == GM_BIN_ADD ? fx + fy : op == GM_BIN_SUB ? fx - fy : op == GM_BIN_MUL
              ? fx * fy : fx / fy;
        } else
          w = op == GM_BIN_ADD ? x + y : op == GM_BIN_SUB ? x - y : op == GM_BIN_MUL ? x * y
              : x / y;
        if (tu_get (cls, ho.data (), i) != w) {
          if (bad++ < 5)
            printf ("MISMATCH %s %s at %lld\n", gm_binop_name ((gm_binop) op), gm_class_name (cls),
                    (long long) i);
        }
      }
    }
    /* the row + matrix broadcast of the timing below, 8192 x 128 plus 1 x 128, in both
       versions */
    const int64_t md[2] = {8192, n / 8192}, rd[2] = {1, n / 8192};
    for (int forced = 0; forced < 2; forced++) {
      if (forced)
        tu_setenv ("GPUMAT_EW_BCAST", "v2");
      else
        tu_setenv ("GPUMAT_EW_BCAST", NULL);
      TU_GM (gm_binary (GM_BIN_ADD, cls, 2, md, a, cls, 2, rd, b, o, 0));
      const int version = gm_binary_last_bcast ();
      TU_CUDA (cudaMemcpy (ho.data (), o, n * es, cudaMemcpyDeviceToHost));
      if (version != (forced ? 2 : 3) && bad++ < 5)
        printf ("row+mat %s ran ew_bcast v%d, not v%d\n", gm_class_name (cls), version,
                forced ? 2 : 3);
      for (int64_t i = 0; i < n; i++) {
        const double x = tu_get (cls, ha.data (), i), y = tu_get (cls, hb.data (), i / 8192);
        const double w = c ? (double) ((float) x + (float) y) : x + y;
        if (tu_get (cls, ho.data (), i) != w && bad++ < 5)
          printf ("MISMATCH row+mat v%d %s at %lld\n", forced ? 2 : 3, gm_class_name (cls),
                  (long long) i);
      }
    }
    tu_setenv ("GPUMAT_EW_BCAST", NULL);
    cudaFree (a);
    cudaFree (b);
    cudaFree (o);
  }
  return bad;
}

struct Row {
  const char *what;
  double ms, bytes;
};

static void print_row (const char *cls, int64_t n, const Row &r, double copy_gbs)
{
  const double gbs = r.bytes / (r.ms * 1e-3) / 1e9;
  printf ("%-8s %-7s %11lld %9.3f %9.1f %7.1f%%\n", r.what, cls, (long long) n, r.ms, gbs,
          100.0 * gbs / copy_gbs);
}

int main (void)
{
  if (!gm_available ()) {
    printf ("bench_elementwise: no usable GPU (%s): skipping\n", gm_error_detail ());
    return 0;
  }
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  printf ("bench_elementwise on %s (%d SMs)\n", info.name, info.multiprocessors);
  tu_seed (7);
  if (verify ()) {
    printf ("bench_elementwise: results do not match; not timing\n");
    return 1;
  }
  printf ("All results match. Starting benchmarks (median of %d after 2 warm-ups).\n\n", REPS);
  cudaEvent_t e0, e1;
  TU_CUDA (cudaEventCreate (&e0));
  TU_CUDA (cudaEventCreate (&e1));
  printf ("%-8s %-7s %11s %9s %9s %8s\n", "op", "class", "elements", "ms", "GB/s", "of copy");

  const int64_t sizes[2] = {(int64_t) 1 << 26, (int64_t) 1 << 28};
  for (int s = 0; s < 2; s++)
    for (int c = 0; c < 2; c++) {
      const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
      const int64_t n = sizes[s];
      const double es = (double) gm_class_size (cls);
      void *a, *b, *o;
      TU_CUDA (cudaMalloc (&a, n * (size_t) es));
      TU_CUDA (cudaMalloc (&b, n * (size_t) es));
      TU_CUDA (cudaMalloc (&o, n * (size_t) 8));      /* room for a conversion to double */
      fill_device (cls, a, n);
      fill_device (cls, b, n);
      const int64_t dims[1] = {n};
      const double copy_ms = time_median ([&] {
        TU_CUDA (cudaMemcpyAsync (o, a, n * (size_t) es, cudaMemcpyDeviceToDevice, 0));
      }, REPS, e0, e1);
      const double copy_gbs = 2 * n * es / (copy_ms * 1e-3) / 1e9;
      print_row (gm_class_name (cls), n, Row{"copy", copy_ms, 2 * n * es}, copy_gbs);
      for (int op = 0; op < GM_BIN_COUNT; op++) {
        const bool cmp = gm_binop_describe ((gm_binop) op)->logical_result;   /* 1-byte results */
        const double ms = time_median ([&] {
          TU_GM (gm_binary ((gm_binop) op, cls, 1, dims, a, cls, 1, dims, b, o, 0));
        }, REPS, e0, e1);
        print_row (gm_class_name (cls), n,
                   Row{gm_binop_name ((gm_binop) op), ms, 2 * n * es + n * (cmp ? 1 : es)},
                   copy_gbs);
      }
      {
        const int64_t one[1] = {1};
        const double ms = time_median ([&] {
          TU_GM (gm_binary (GM_BIN_ADD, cls, 1, dims, a, cls, 1, one, b, o, 0));
        }, REPS, e0, e1);
        print_row (gm_class_name (cls), n, Row{"a+scalar", ms, 2 * n * es}, copy_gbs);
      }
      /* 8192 x (n / 8192) matrix plus a 1 x (n / 8192) row: the broadcast path, ew_bcast v2
         (forced) then the dispatch's choice (v3, ew_bcast_vec: 8192 is a multiple of 4) */
      for (int forced = 1; forced >= 0; forced--) {
        const int64_t md[2] = {8192, n / 8192}, rd[2] = {1, n / 8192};
        if (forced)
          tu_setenv ("GPUMAT_EW_BCAST", "v2");
        const double ms = time_median ([&] {
          TU_GM (gm_binary (GM_BIN_ADD, cls, 2, md, a, cls, 2, rd, b, o, 0));
        }, REPS, e0, e1);
        const int version = gm_binary_last_bcast ();
        tu_setenv ("GPUMAT_EW_BCAST", NULL);
        print_row (gm_class_name (cls), n,
                   Row{version == 3 ? "row+mat3" : "row+mat2", ms, 2 * n * es + rd[1] * es},
                   copy_gbs);
      }
      for (int op = 0; op < GM_UN_COUNT; op++) {
        const double ms = time_median ([&] {
          TU_GM (gm_unary ((gm_unop) op, cls, n, a, o, 0));
        }, REPS, e0, e1);
        const bool lg = gm_unop_describe ((gm_unop) op)->logical_result;    /* 1-byte results */
        print_row (gm_class_name (cls), n,
                   Row{gm_unop_name ((gm_unop) op), ms, n * es + n * (lg ? 1 : es)}, copy_gbs);
      }
      {
        const gm_class other = c ? GM_DOUBLE : GM_SINGLE;
        const double ms = time_median ([&] {
          TU_GM (gm_convert (cls, other, n, a, o, 0));
        }, REPS, e0, e1);
        print_row (gm_class_name (cls), n, Row{"convert", ms, n * 12.0}, copy_gbs);
      }
      printf ("\n");
      cudaFree (a);
      cudaFree (b);
      cudaFree (o);
    }

  /* sum along each dimension of 8192 x 8192 (bytes: the matrix read once). */
  printf ("%-8s %-7s %11s %9s %9s\n", "sum", "class", "dim", "ms", "GB/s");
  for (int c = 0; c < 2; c++) {
    const gm_class cls = c ? GM_SINGLE : GM_DOUBLE;
    const int64_t dims[2] = {8192, 8192}, n = 8192 * 8192;
    const size_t es = gm_class_size (cls);
    void *x, *o, *w = NULL;
    TU_CUDA (cudaMalloc (&x, n * es));
    TU_CUDA (cudaMalloc (&o, 8192 * es));
    fill_device (cls, x, n);
    for (int dim = 1; dim <= 2; dim++) {
      size_t wb;
      TU_GM (gm_reduce_workspace_size (GM_RED_SUM, cls, 2, dims, dim, &wb));
      if (wb)
        TU_CUDA (cudaMalloc (&w, wb));
      const double ms = time_median ([&] {
        TU_GM (gm_reduce (GM_RED_SUM, cls, 2, dims, dim, x, o, NULL, w, wb, 0));
      }, REPS, e0, e1);
      printf ("%-8s %-7s %11d %9.3f %9.1f\n", "8192^2", gm_class_name (cls), dim, ms,
              n * (double) es / (ms * 1e-3) / 1e9);
      cudaFree (w);
      w = NULL;
    }
    cudaFree (x);
    cudaFree (o);
  }
  return 0;
}
