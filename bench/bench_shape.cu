/* bench_shape.cu: kernels/shape.cu against the bandwidth of a device-to-device cudaMemcpy
 * measured in the same run, and the worth of its 32-bit index arithmetic.
 *
 * Cases on a 512 MiB array (8192 rows, as a matrix; 512 x 256 x pages as 3-D), for elements of
 * 1, 4, 8 and 16 bytes:
 *   copy             cudaMemcpyAsync, the ceiling
 *   flip (G, 1)      the copy kernel: two loop dimensions, one division an element
 *   flip (G, 2)      reversed columns: one cudaMemcpy2DAsync
 *   permute [2 1]    transpose.cu's tiled transpose
 *   permute [1 3 2]  the copy kernel, three loop dimensions, contiguous columns
 *   permute [3 1 2]  the copy kernel, the source read along its pages (strided reads)
 *   circshift (G, 1) the copy kernel with a wrapped dimension
 *   repmat (v, 1, 64) a 8 MiB column copied 64 times (reads from L2)
 *   tril (G)         the triangle kernel (half the elements written as zeros)
 * Effective bandwidth counts one read and one write of every element moved (tril: every
 * element written, the kept half read).  The index width: flip (v, 1) of a uint8 vector of
 * 2^31 - 2^24 elements (32-bit loop positions) against 2^31 + 2^24 (64-bit), per element, in
 * turns (time_median_pair): the ratio says what the 32-bit specialisation buys.  Every case is
 * checked against the host first (sampled), then timed as the median of 20 runs between CUDA
 * events after 2 warm-up runs (bench_util.h).
 *
 * Version history: v1 (this), the first version; not yet measured.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <functional>
#include <vector>
#include "test_util.h"
#include "bench_util.h"

static const int REPS = 20;

static void print_row (const char *what, size_t es, double ms, double bytes, double copy_gbs)
{
  const double gbs = bytes / (ms * 1e-3) / 1e9;
  printf ("%-18s %3zu %10.4f %9.1f %7.1f%%\n", what, es, ms, gbs, 100.0 * gbs / copy_gbs);
}

/* Bytes of element i of a host copy of the source, for the sampled checks. */
static int differs (const std::vector<unsigned char> &got, const std::vector<unsigned char> &src,
                    size_t es, int64_t out_index, int64_t src_index)
{
  return memcmp (&got[out_index * es], &src[src_index * es], es) != 0;
}

int main (void)
{
  if (!gm_available ()) {
    printf ("bench_shape: no usable GPU (%s): skipping\n", gm_error_detail ());
    return 0;
  }
  gm_device_info info;
  TU_GM (gm_device_query (&info));
  printf ("bench_shape on %s (%d SMs)\n", info.name, info.multiprocessors);
  tu_seed (12);
  cudaEvent_t e0, e1;
  TU_CUDA (cudaEventCreate (&e0));
  TU_CUDA (cudaEventCreate (&e1));
  const size_t bytes = (size_t) 512 << 20;
  static const gm_class classes[] = {GM_UINT8, GM_SINGLE, GM_DOUBLE, GM_COMPLEX_DOUBLE};
  void *src, *dst;
  TU_GM (gm_device_alloc (&src, bytes));
  TU_GM (gm_device_alloc (&dst, bytes));
  std::vector<unsigned char> h (bytes), g (bytes);
  for (size_t i = 0; i < bytes; i++)
    h[i] = (unsigned char) (tu_next () >> 56);
  TU_GM (gm_copy_to_device (src, h.data (), bytes));
  printf ("%-18s %3s %10s %9s %8s\n", "case", "B", "ms", "GB/s", "of copy");
  int bad = 0;
  for (gm_class cls : classes) {
    const size_t es = gm_class_size (cls);
    const int64_t n = (int64_t) (bytes / es), m = 8192, cols = n / m;
    const int64_t d2[2] = {m, cols}, d3[3] = {512, 256, n / (512 * 256)};
    const double moved = 2.0 * (double) bytes;
    double copy_ms = time_median ([&] { TU_GM (gm_copy_device (dst, src, bytes)); }, REPS, e0, e1);
    const double copy_gbs = moved / (copy_ms * 1e-3) / 1e9;
    print_row ("copy", es, copy_ms, moved, copy_gbs);
    /* checks first: a few elements of each result against the host */
    struct bench_case {
      const char *name;
      std::function<gm_status (void)> run;
      std::function<int64_t (int64_t)> source_of;   /* output index -> source index */
    };
    const int p132[3] = {0, 2, 1}, p312[3] = {2, 0, 1}, p21[2] = {1, 0};
    const int64_t shift1[2] = {1, 0};
    std::vector<bench_case> cases = {
      {"flip (G, 1)", [&] { return gm_flip (cls, 2, d2, 0, src, dst, 0); },
       [&] (int64_t o) { return (m - 1 - o % m) + (o / m) * m; }},
      {"flip (G, 2)", [&] { return gm_flip (cls, 2, d2, 1, src, dst, 0); },
       [&] (int64_t o) { return o % m + (cols - 1 - o / m) * m; }},
      {"permute [2 1]", [&] { return gm_permute (cls, 2, d2, p21, src, dst, 0); },
       [&] (int64_t o) { return (o / cols) + (o % cols) * m; }},
      {"permute [1 3 2]", [&] { return gm_permute (cls, 3, d3, p132, src, dst, 0); },
       [&] (int64_t o) {
         const int64_t i = o % d3[0], k = (o / d3[0]) % d3[2], j = o / (d3[0] * d3[2]);
         return i + d3[0] * (j + d3[1] * k); }},
      {"permute [3 1 2]", [&] { return gm_permute (cls, 3, d3, p312, src, dst, 0); },
       [&] (int64_t o) {
         const int64_t k = o % d3[2], i = (o / d3[2]) % d3[0], j = o / (d3[2] * d3[0]);
         return i + d3[0] * (j + d3[1] * k); }},
      {"circshift (G, 1)", [&] { return gm_circshift (cls, 2, d2, shift1, src, dst, 0); },
       [&] (int64_t o) { return (o % m + m - 1) % m + (o / m) * m; }},
    };
    for (auto &c : cases) {
      TU_GM (c.run ());
      TU_GM (gm_copy_to_host (g.data (), dst, bytes));
      for (int t = 0; t < 1000; t++) {
        const int64_t o = t < 2 ? (t ? n - 1 : 0) : tu_randint (0, n - 1);
        if (differs (g, h, es, o, c.source_of (o))) {
          printf ("MISMATCH %s (%zu bytes) at %lld\n", c.name, es, (long long) o);
          bad = 1;
          break;
        }
      }
      print_row (c.name, es, time_median ([&] { TU_GM (c.run ()); }, REPS, e0, e1), moved,
                 copy_gbs);
    }
    /* repmat (v, 1, 64): an 8 MiB column copied 64 times (the whole 512 MiB written) */
    const int64_t len = n / 64, vdims[2] = {len, 1}, reps[2] = {1, 64};
    print_row ("repmat (v, 1, 64)", es,
               time_median ([&] { TU_GM (gm_repmat (cls, 2, vdims, reps, src, dst, 0)); }, REPS,
                            e0, e1), moved, copy_gbs);
    /* tril of the largest square matrix that fits */
    int64_t side = 1;
    while ((side + 1) * (side + 1) <= n)
      side++;
    const double tri_bytes = (double) side * side * es * 1.5;
    print_row ("tril (G)", es,
               time_median ([&] { TU_GM (gm_triangle (cls, side, side, 0, 1, 0, src, dst, 0)); },
                            REPS, e0, e1), tri_bytes, copy_gbs);
  }
  gm_device_free (src);
  gm_device_free (dst);
  /* 32-bit against 64-bit loop positions: the same flip on both sides of 2^31 elements */
  const int64_t below = ((int64_t) 1 << 31) - ((int64_t) 1 << 24);
  const int64_t above = ((int64_t) 1 << 31) + ((int64_t) 1 << 24);
  void *a = NULL, *b = NULL;
  if (gm_device_alloc (&a, (size_t) above) == GM_OK && gm_device_alloc (&b, (size_t) above) == GM_OK) {
    TU_GM (gm_fill_bytes (a, 7, (size_t) above));
    double ms32, ms64;
    time_median_pair ([&] { TU_GM (gm_flip (GM_UINT8, 1, &below, 0, a, b, 0)); },
                      [&] { TU_GM (gm_flip (GM_UINT8, 1, &above, 0, a, b, 0)); }, REPS, e0, e1,
                      &ms32, &ms64);
    printf ("flip of uint8 vectors: %lld elements (32-bit) %.3f ms, %.3f ns/element; %lld "
            "elements (64-bit) %.3f ms, %.3f ns/element; 64-bit / 32-bit per element %.3f\n",
            (long long) below, ms32, ms32 * 1e6 / below, (long long) above, ms64,
            ms64 * 1e6 / above, (ms64 / above) / (ms32 / below));
  } else {
    printf ("no room for two 2 GiB blocks: the index-width comparison is skipped\n");
  }
  gm_device_free (a);
  gm_device_free (b);
  if (bad)
    printf ("bench_shape: MISMATCHES (see above)\n");
  return bad;
}
