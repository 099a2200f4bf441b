/* test_convert.cu: gm_double_to_single (kernels/convert.cu) against the host's own rounding,
 * bit for bit: counts around the block and grid sizes, and the values where rounding to single
 * is delicate (halfway cases, overflow to Inf, underflow to subnormals and zero, NaN, -0).
 *
 *   test_convert [--quick]      (--quick: the same cases but the largest, for compute-sanitizer)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <float.h>
#include "test_util.h"

static void check_count (int64_t count)
{
  double *h_src = (double *) malloc ((count ? count : 1) * sizeof (double));
  float *h_dst = (float *) malloc ((count + 1) * sizeof (float));
  const double special[] = {0.0, -0.0, 1.0, -1.0, NAN, INFINITY, -INFINITY, 1e39, -1e39,
                            1e-46, -1e-46, (double) FLT_MAX, (double) FLT_MIN * 0.5,
                            1.0 + 0x1.0p-24, 1.0 + 0x1.8p-24, 1.0 + 0x1.0p-23 + 0x1.0p-24,
                            3.4028235677973366e38, DBL_MAX, DBL_MIN};
  const int nspecial = sizeof special / sizeof special[0];
  for (int64_t i = 0; i < count; i++)
    h_src[i] = i < nspecial ? special[i] : tu_uniform () * pow (10.0, (double) tu_randint (-50, 50));
  double *d_src;
  float *d_dst;
  TU_CUDA (cudaMalloc (&d_src, (count ? count : 1) * sizeof (double)));
  TU_CUDA (cudaMalloc (&d_dst, (count + 1) * sizeof (float)));
  TU_CUDA (cudaMemcpy (d_src, h_src, count * sizeof (double), cudaMemcpyHostToDevice));
  /* Poison, one element past the end included: it must stay as it was. */
  TU_CUDA (cudaMemset (d_dst, 0xff, (count + 1) * sizeof (float)));
  TU_GM (gm_double_to_single (count, d_src, d_dst, 0));
  TU_CUDA (cudaDeviceSynchronize ());
  TU_CUDA (cudaMemcpy (h_dst, d_dst, (count + 1) * sizeof (float), cudaMemcpyDeviceToHost));
  int64_t bad = 0;
  for (int64_t i = 0; i < count; i++) {
    float want = (float) h_src[i];
    if (memcmp (&want, &h_dst[i], sizeof want) != 0 && !(isnan (want) && isnan (h_dst[i])))
      bad++;
  }
  uint32_t past;
  memcpy (&past, &h_dst[count], sizeof past);
  tu_result (bad == 0, "count %lld: %lld elements differ from the host's rounding",
             (long long) count, (long long) bad);
  tu_result (past == 0xffffffffu, "count %lld: wrote past the end", (long long) count);
  cudaFree (d_src);
  cudaFree (d_dst);
  free (h_src);
  free (h_dst);
}

int main (int argc, char **argv)
{
  const int quick = tu_quick_mode (argc, argv);
  if (!tu_gpu_or_skip ("test_convert"))
    return tu_finish ("test_convert");
  const int64_t counts[] = {0, 1, 2, 19, 255, 256, 257, 1023, 1025, 4096 * 256 - 1,
                            4096 * 256, 4096 * 256 + 1, 3 * 4096 * 256 + 7, 10000019};
  for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++)
    if (!quick || counts[c] < 4096 * 256 * 2)
      check_count (counts[c]);
  tu_result (gm_double_to_single (-1, NULL, NULL, 0) == GM_ERR_INVALID_ARGUMENT,
             "a negative count is refused");
  return tu_finish ("test_convert");
}
