/* fft_layout_probe.cu: one contiguous cuFFT transform (Z2Z and D2Z, 2^20 to 2^26 points and 3000009)
 * planned four ways (cufftPlan1d; cufftMakePlanMany64 in the basic layout, NULL embed; the
 * advanced layout with embed = n, as gm_fft planned until this branch; the same with cuFFT's own
 * work area) beside gm_fft; median ms of 21 turns after a warm-up each.
 *   nvcc -std=c++17 -O2 -arch=sm_90 -Ikernels bench/fft_layout_probe.cu target/obj/*.o -lcufft \
 *     -Xlinker -rpath=/usr/local/cuda/lib64 -o target/fft_layout_probe   (after make build)
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#include <cufft.h>
#include <cstdio>
#include <vector>
#include <algorithm>
#include <functional>
#include <cmath>
#include "gpumat.h"
#define CK(x) do { auto r_ = (x); if ((int) r_ != 0) { printf ("%s:%d: %s = %d\n", __FILE__, __LINE__, #x, (int) r_); exit (1); } } while (0)
static cudaEvent_t e0, e1;
static std::vector<double> turns (std::vector<std::function<void ()>> runs, int reps)
{
  for (auto &r : runs) r ();
  std::vector<std::vector<float>> t (runs.size ());
  for (int i = 0; i < reps; i++)
    for (size_t k = 0; k < runs.size (); k++) {
      float ms; CK (cudaEventRecord (e0)); runs[k] (); CK (cudaEventRecord (e1));
      CK (cudaEventSynchronize (e1)); CK (cudaEventElapsedTime (&ms, e0, e1)); t[k].push_back (ms);
    }
  std::vector<double> m;
  for (auto &v : t) { std::sort (v.begin (), v.end ()); m.push_back (v[v.size () / 2]); }
  return m;
}
int main ()
{
  CK (cudaEventCreate (&e0)); CK (cudaEventCreate (&e1));
  printf ("%-5s %10s %10s %10s %10s %10s %10s\n", "type", "points", "plan1d", "many_null", "many_embed", "embed_auto", "gm_fft");
  for (int dbl_real = 0; dbl_real < 2; dbl_real++)
  for (long long points : {1LL << 20, 1LL << 22, 1LL << 24, 1LL << 26, 3LL * 1000003}) {
    cufftType type = dbl_real ? CUFFT_D2Z : CUFFT_Z2Z;
    size_t in_bytes = points * (dbl_real ? 8 : 16), out_bytes = points * 16;
    void *x, *y; CK (cudaMalloc (&x, in_bytes)); CK (cudaMalloc (&y, out_bytes));
    CK (cudaMemset (x, 0, in_bytes));
    cufftHandle p1, pn, pe, pa; size_t wn, we;
    CK (cufftPlan1d (&p1, (int) points, type, 1));
    long long n[1] = {points}, emb[1] = {points};
    CK (cufftCreate (&pn)); CK (cufftSetAutoAllocation (pn, 0));
    CK (cufftMakePlanMany64 (pn, 1, n, NULL, 1, points, NULL, 1, points, type, 1, &wn));
    CK (cufftCreate (&pe)); CK (cufftSetAutoAllocation (pe, 0));
    CK (cufftMakePlanMany64 (pe, 1, n, emb, 1, points, emb, 1, points, type, 1, &we));
    size_t wa; CK (cufftCreate (&pa));
    CK (cufftMakePlanMany64 (pa, 1, n, emb, 1, points, emb, 1, points, type, 1, &wa));
    void *wkn, *wke; CK (cudaMalloc (&wkn, wn + 1)); CK (cudaMalloc (&wke, we + 1));
    CK (cufftSetWorkArea (pn, wkn)); CK (cufftSetWorkArea (pe, wke));
    auto ex = [&] (cufftHandle p) {
      if (dbl_real) CK (cufftExecD2Z (p, (double *) x, (cufftDoubleComplex *) y));
      else CK (cufftExecZ2Z (p, (cufftDoubleComplex *) x, (cufftDoubleComplex *) y, CUFFT_FORWARD));
    };
    int64_t dims[2] = {points, 1};
    auto m = turns ({[&] { ex (p1); }, [&] { ex (pn); }, [&] { ex (pe); }, [&] { ex (pa); },
                     [&] { CK (gm_fft (dbl_real ? GM_DOUBLE : GM_COMPLEX_DOUBLE, 2, dims, 0, 0, 0, x, y, 0)); }}, 21);
    printf ("%-5s %10lld %10.3f %10.3f %10.3f %10.3f %10.3f   work %zu / %zu MB\n", dbl_real ? "D2Z" : "Z2Z", points,
            m[0], m[1], m[2], m[3], m[4], wn >> 20, we >> 20);
    cufftDestroy (p1); cufftDestroy (pn); cufftDestroy (pe); cufftDestroy (pa);
    cudaFree (x); cudaFree (y); cudaFree (wkn); cudaFree (wke);
  }
  return 0;
}
