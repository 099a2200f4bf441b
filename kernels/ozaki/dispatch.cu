/* dispatch.cu: the ozaki family's entry point (matmul_ozaki, the "ozaki" row of
 * matmul_registry.cu): scheme II (scheme2.cu) where k <= 131071 and GPUMAT_OZAKI_VERSION is
 * unset or 3, else scheme I (scheme1.cu); products of k < 16 on the FP64 path (dmma, or warp
 * where dmma's tiles do not fit), as are the elements either scheme cannot certify to k eps
 * (|A||B|).  gm_matmul_ozaki_stats reports the slices (or moduli) of the last call and the
 * elements it recomputed on the FP64 path, from the counters of both schemes' files.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "scheme2.cuh"

namespace gm_matmul_detail {

/* The slice count of a call: GPUMAT_OZAKI_SLICES (2 .. OZ_MAX_SLICES) where set and valid,
 * else OZ_DEFAULT_SLICES (scheme1.cu's header, point 6); from the tuning snapshot
 * (tuning.h). */
int ozaki_slices () { return gm_tuning ()->ozaki_slices; }

/* The version: scheme II (v3) unless GPUMAT_OZAKI_VERSION says 1 (scheme I, v1's gemm) or 2
   (scheme I with gemm v2 where s = 8).  v3 is the default since session 15 (1.2-1.35x DGEMM at
   4096^3, 1.35-1.5x at 8192^3 on an H100, against v1's 15%), with the same bound and guard. */
int ozaki_version () { return gm_tuning ()->ozaki_version; }

/* gm_matmul_ozaki_stats: s of the last call, 0 where it ran FP64.  Atomic: the several-device
   product (host_ooc.cu) runs products from one host thread per GPU at once. */
std::atomic<int> last_slices{0};

gm_status fp64_path (const MatmulArgs &a, const DeviceInfo &dev)
{
  last_slices.store (0);
  return dmma_fits (dev) ? matmul_dmma (a, dev) : matmul_warp (a, GM_DOUBLE, dev);
}

gm_status reset_fixup_count (cudaStream_t stream)
{
  void *counter[2] = {NULL, NULL};
  cudaError_t err = ozaki1_fixup_counter (&counter[0]);
  if (err == cudaSuccess)
    err = ozaki2_fixup_counter (&counter[1]);
  for (int c = 0; c < 2 && err == cudaSuccess; c++)
    err = cudaMemsetAsync (counter[c], 0, sizeof (unsigned long long), stream);
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "matmul ozaki: reset the fixup count");
}

namespace {

/* The moduli of scheme II: GPUMAT_OZAKI_MODULI (12 .. 15) where set and valid, else 14
 * (bench/NOTES-matmul.md, "Ozaki scheme II: a CPU model": 14 keep dense data within the bound
 * at every k). */
int ozaki2_moduli () { return gm_tuning ()->ozaki_moduli; }

} /* namespace */

/* Products of k < OZAKI_K_FLOOR run on the FP64 path (scheme1.cu's header, point 5). */
constexpr int64_t OZAKI_K_FLOOR = 16;

gm_status matmul_ozaki (const MatmulArgs &a, const DeviceInfo &dev)
{
  if (a.ct)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul ozaki: C stored transposed");
  if (a.k < OZAKI_K_FLOOR)
    return fp64_path (a, dev);
  const int s = ozaki_slices ();
  /* scheme II (the default) where its int32 sums stay exact, else scheme I */
  const bool scheme2 = ozaki_version () == 3 && a.k <= OZ2_MAX_K;
  return with_layouts (a, [&] (auto ka, auto kb) {
    constexpr bool KA = decltype (ka)::value, KB = decltype (kb)::value;
    return scheme2 ? run_ozaki2<KA, KB> (a, dev, ozaki2_moduli ()) : run_ozaki<KA, KB> (a, dev, s);
  });
}

} /* namespace gm_matmul_detail */

extern "C" gm_status gm_matmul_ozaki_stats (int *slices, int64_t *fixups)
{
  if (!slices || !fixups)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "matmul ozaki stats: null output");
  unsigned long long f = 0;
  cudaError_t err = cudaDeviceSynchronize ();
  /* scheme1.cu's counter and scheme2.cu's: reset_fixup_count zeroed both before the last call */
  for (int c = 0; c < 2 && err == cudaSuccess; c++) {
    void *counter = NULL;
    unsigned long long fc = 0;
    err = c == 0 ? gm_matmul_detail::ozaki1_fixup_counter (&counter)
                 : gm_matmul_detail::ozaki2_fixup_counter (&counter);
    if (err == cudaSuccess)
      err = cudaMemcpy (&fc, counter, sizeof fc, cudaMemcpyDeviceToHost);
    f += fc;
  }
  if (err != cudaSuccess)
    return gm_cuda_status (err, "matmul ozaki stats");
  const int slices_seen = gm_matmul_detail::last_slices.load ();
  *slices = slices_seen;
  *fixups = slices_seen ? (int64_t) f : 0;
  return GM_OK;
}
