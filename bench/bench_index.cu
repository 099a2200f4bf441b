/* bench_index.cu: kernels/index.cu (gm_index_gather, gm_index_scatter, gm_resize) against the
 * bandwidth of a device-to-device cudaMemcpy measured in the same run.
 *
 * Cases on an 8192 x 8192 double matrix G (512 MiB) and a 2^26-element double vector x:
 *   G(:, j)            one column (64 KiB): the per-call cost of the memcpy path
 *   G(:, 1:4096)       half the columns: one cudaMemcpyAsync
 *   G(1:4096, :)       half the rows: one cudaMemcpy2DAsync
 *   G(rev, :)          rows through a list (8192:-1:1): the 2-D kernel, coalesced
 *   x(perm)            a random permutation: the 1-D kernel, random 8-byte reads
 *   x(perm) = v        the same positions written
 *   G(:, 1:4096) = V   columns written (memcpy)
 *   x(1:2:end) = s     a broadcast scalar through a stride-2 range (the kernel, no list)
 *   resize             8192^2 -> 8193^2 (zeros, then one cudaMemcpy2DAsync)
 * Effective bandwidth counts the bytes each case must move: elements read once and written once,
 * plus the 8-byte positions of a list.  Every case is checked against the host first (on the
 * same arrays, sampled), then timed as the median of 20 runs between CUDA events after 2
 * warm-up runs (bench_util.h).
 *
 * Version history: v1 (this), the first version; predictions in bench/NOTES-elementwise.md
 * ("Indexing"), not yet measured.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <vector>
#include "test_util.h"
#include "bench_util.h"

static const int REPS = 20;

static void print_row (const char *what, double ms, double bytes, double copy_gbs)
{
  const double gbs = bytes / (ms * 1e-3) / 1e9;
  printf ("%-18s %10.4f %9.1f %7.1f%%\n", what, ms, gbs, 100.0 * gbs / copy_gbs);
}

/* Samples of a packed result against the host's view of the source. */
static int check_samples (const std::vector<double> &got, const std::vector<double> &want,
                          const char *what)
{
  for (size_t i = 0; i < got.size (); i++)
    if (got[i] != want[i]) {
      printf ("MISMATCH %s at %zu: %g, expected %g\n", what, i, got[i], want[i]);
      return 1;
    }
  return 0;
}

int main (void)
{
  if (!gm_available ()) {
    printf ("bench_index: no usable GPU (%s): skipping\n", gm_error_detail ());
    return 0;
  }
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  printf ("bench_index on %s (%d SMs)\n", info.name, info.multiprocessors);
  tu_seed (11);
  const int64_t m = 8192, n = 8192, numel = m * n, len = (int64_t) 1 << 26;
  const int64_t gdims[2] = {m, n}, xdims[1] = {len};
  double *G, *out, *x, *v;
  int64_t *d_rev, *d_perm;
  TU_CUDA (cudaMalloc (&G, numel * sizeof (double)));
  TU_CUDA (cudaMalloc (&out, (m + 1) * (n + 1) * sizeof (double)));
  TU_CUDA (cudaMalloc (&x, len * sizeof (double)));
  TU_CUDA (cudaMalloc (&v, len * sizeof (double)));
  TU_CUDA (cudaMalloc (&d_rev, m * sizeof (int64_t)));
  TU_CUDA (cudaMalloc (&d_perm, len * sizeof (int64_t)));
  /* G(i, j) = i + j*m, x(i) = i: every value names its position, so samples check themselves */
  {
    std::vector<double> h ((size_t) len);
    for (int64_t i = 0; i < len; i++)
      h[i] = (double) i;
    TU_CUDA (cudaMemcpy (x, h.data (), len * sizeof (double), cudaMemcpyHostToDevice));
    for (int64_t off = 0; off < numel; off += len) {
      for (int64_t i = 0; i < len; i++)
        h[i] = (double) (off + i);
      TU_CUDA (cudaMemcpy (G + off, h.data (), len * sizeof (double), cudaMemcpyHostToDevice));
    }
  }
  std::vector<int64_t> rev (m), perm (len);
  for (int64_t i = 0; i < m; i++)
    rev[i] = m - 1 - i;
  for (int64_t i = 0; i < len; i++)
    perm[i] = i;
  for (int64_t i = len - 1; i > 0; i--)
    std::swap (perm[i], perm[tu_randint (0, i)]);
  TU_CUDA (cudaMemcpy (d_rev, rev.data (), m * sizeof (int64_t), cudaMemcpyHostToDevice));
  TU_CUDA (cudaMemcpy (d_perm, perm.data (), len * sizeof (int64_t), cudaMemcpyHostToDevice));

  gm_index_side col_j, cols_half, rows_half, rows_rev, xperm, xstride;
  const int64_t count_col[2] = {m, 1}, count_cols[2] = {m, n / 2}, count_rows[2] = {m / 2, n},
                count_all[2] = {m, n}, count_x[1] = {len}, count_half[1] = {len / 2};
  gm_index_side_colons (&col_j, 2, gdims);
  col_j.first[1] = 4321;
  gm_index_side_colons (&cols_half, 2, gdims);
  gm_index_side_colons (&rows_half, 2, gdims);
  gm_index_side_colons (&rows_rev, 2, gdims);
  rows_rev.index[0] = d_rev;
  gm_index_side_colons (&xperm, 1, xdims);
  xperm.index[0] = d_perm;
  gm_index_side_colons (&xstride, 1, xdims);
  xstride.stride[0] = 2;                      /* x(1:2:end): every other element */

  /* checks before timing: first and last few of each gather */
  int bad = 0;
  {
    std::vector<double> got (16), want (16);
    TU_GM (gm_index_gather (GM_DOUBLE, 0, 2, count_col, &col_j, G, out, 0));
    TU_CUDA (cudaMemcpy (got.data (), out + m - 16, 16 * sizeof (double), cudaMemcpyDeviceToHost));
    for (int i = 0; i < 16; i++)
      want[i] = (double) (m - 16 + i + 4321 * m);
    bad |= check_samples (got, want, "G(:, j)");
    TU_GM (gm_index_gather (GM_DOUBLE, 0, 2, count_rows, &rows_half, G, out, 0));
    TU_CUDA (cudaMemcpy (got.data (), out + (m / 2) * n - 16, 16 * sizeof (double),
                         cudaMemcpyDeviceToHost));
    for (int i = 0; i < 16; i++)
      want[i] = (double) (m / 2 - 16 + i + (n - 1) * m);
    bad |= check_samples (got, want, "G(1:4096, :)");
    TU_GM (gm_index_gather (GM_DOUBLE, 0, 2, count_all, &rows_rev, G, out, 0));
    TU_CUDA (cudaMemcpy (got.data (), out + numel - 16, 16 * sizeof (double),
                         cudaMemcpyDeviceToHost));
    for (int i = 0; i < 16; i++)
      want[i] = (double) (15 - i + (n - 1) * m);
    bad |= check_samples (got, want, "G(rev, :)");
    TU_GM (gm_index_gather (GM_DOUBLE, 0, 1, count_x, &xperm, x, out, 0));
    TU_CUDA (cudaMemcpy (got.data (), out + len - 16, 16 * sizeof (double),
                         cudaMemcpyDeviceToHost));
    for (int i = 0; i < 16; i++)
      want[i] = (double) perm[len - 16 + i];
    bad |= check_samples (got, want, "x(perm)");
  }
  if (bad) {
    printf ("bench_index: results do not match; not timing\n");
    return 1;
  }
  printf ("All results match. Starting benchmarks (median of %d after 2 warm-ups).\n\n", REPS);
  cudaEvent_t e0, e1;
  TU_CUDA (cudaEventCreate (&e0));
  TU_CUDA (cudaEventCreate (&e1));
  printf ("%-18s %10s %9s %8s\n", "double", "ms", "GB/s", "of copy");
  const double es = sizeof (double);
  const double copy_ms = time_median ([&] {
    TU_CUDA (cudaMemcpyAsync (out, G, numel / 2 * sizeof (double), cudaMemcpyDeviceToDevice, 0));
  }, REPS, e0, e1);
  const double copy_gbs = 2 * (numel / 2) * es / (copy_ms * 1e-3) / 1e9;
  print_row ("copy (256 MiB)", copy_ms, 2 * (numel / 2) * es, copy_gbs);
  double ms;
  ms = time_median ([&] {
    TU_GM (gm_index_gather (GM_DOUBLE, 0, 2, count_col, &col_j, G, out, 0));
  }, REPS, e0, e1);
  print_row ("G(:, j)", ms, 2 * m * es, copy_gbs);
  ms = time_median ([&] {
    TU_GM (gm_index_gather (GM_DOUBLE, 0, 2, count_cols, &cols_half, G, out, 0));
  }, REPS, e0, e1);
  print_row ("G(:, 1:4096)", ms, 2 * (numel / 2) * es, copy_gbs);
  ms = time_median ([&] {
    TU_GM (gm_index_gather (GM_DOUBLE, 0, 2, count_rows, &rows_half, G, out, 0));
  }, REPS, e0, e1);
  print_row ("G(1:4096, :)", ms, 2 * (numel / 2) * es, copy_gbs);
  ms = time_median ([&] {
    TU_GM (gm_index_gather (GM_DOUBLE, 0, 2, count_all, &rows_rev, G, out, 0));
  }, REPS, e0, e1);
  print_row ("G(rev, :)", ms, 2 * numel * es + m * 8.0, copy_gbs);
  ms = time_median ([&] {
    TU_GM (gm_index_gather (GM_DOUBLE, 0, 1, count_x, &xperm, x, out, 0));
  }, REPS, e0, e1);
  print_row ("x(perm)", ms, 2 * len * es + len * 8.0, copy_gbs);
  ms = time_median ([&] {
    TU_GM (gm_index_scatter (GM_DOUBLE, 0, 1, count_x, &xperm, v, x, 0, 0));
  }, REPS, e0, e1);
  print_row ("x(perm) = v", ms, 2 * len * es + len * 8.0, copy_gbs);
  ms = time_median ([&] {
    TU_GM (gm_index_scatter (GM_DOUBLE, 0, 2, count_cols, &cols_half, G, out, 0, 0));
  }, REPS, e0, e1);
  print_row ("G(:, 1:4096) = V", ms, 2 * (numel / 2) * es, copy_gbs);
  ms = time_median ([&] {
    TU_GM (gm_index_scatter (GM_DOUBLE, 0, 1, count_half, &xstride, x, v, 1, 0));
  }, REPS, e0, e1);
  print_row ("x(1:2:end) = s", ms, (len / 2) * es, copy_gbs);
  const int64_t grown[2] = {m + 1, n + 1};
  ms = time_median ([&] {
    TU_GM (gm_resize (GM_DOUBLE, 2, gdims, G, 2, grown, out, 0));
  }, REPS, e0, e1);
  print_row ("resize +1 +1", ms, numel * es + (m + 1) * (n + 1) * es * 2, copy_gbs);
  cudaFree (G);
  cudaFree (out);
  cudaFree (x);
  cudaFree (v);
  cudaFree (d_rev);
  cudaFree (d_perm);
  return 0;
}
