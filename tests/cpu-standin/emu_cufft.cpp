// emu_cufft.cpp: a CPU stand-in for the part of NVIDIA's cuFFT that kernels/fft.cu calls, built
// as a libcufft.so.<major> of its own (tests/cpu-standin/run_fft.sh), so that gm_fft's dlopen,
// its plan cache, its cutting of the dimensions into cuFFT calls and its own kernels all run on
// a machine without a GPU.  Transforms are naive DFTs in double over cuFFT's advanced data
// layout as its documentation defines it (element (x, y, z) of batch b at
// b*idist + ((x*inembed[1] + y)*inembed[2] + z)*istride, x the slowest; R2C writes the first
// n[rank-1]/2+1 of the fastest output dimension), unnormalized, FORWARD = -1 in the exponent.
// Checks what cuFFT would refuse here: a plan made with auto allocation off and executed
// without a work area, a plan used before it is made, a type that does not match the exec.
// With EMU_CUFFT_REFUSE_STRIDED_R2C set it also refuses R2C plans with istride != 1.
//
// Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
#include <cufft.h>
#include <complex>
#include <map>
#include <vector>
#include <stdlib.h>
#include <string.h>

namespace {
struct plan {
  int made = 0, auto_alloc = 1, rank = 0;
  long long n[3] = {1, 1, 1}, inembed[3] = {1, 1, 1}, onembed[3] = {1, 1, 1};
  long long istride = 1, idist = 0, ostride = 1, odist = 0, batch = 0;
  cufftType type = CUFFT_C2C;
  void *work = nullptr;
  size_t work_size = 0;
};
std::map<int, plan> plans;
int next_handle = 1;
typedef std::complex<double> cd;

long long offset (const plan &p, const long long *embed, long long stride, long long x,
                  long long y, long long z)
{
  if (p.rank == 1)
    return x * stride;
  if (p.rank == 2)
    return (x * embed[1] + y) * stride;
  return ((x * embed[1] + y) * embed[2] + z) * stride;
}

cd load (const double *p, long long i) { return cd (p[i], 0); }
cd load (const float *p, long long i) { return cd (p[i], 0); }
cd load (const cufftDoubleComplex *p, long long i) { return cd (p[i].x, p[i].y); }
cd load (const cufftComplex *p, long long i) { return cd (p[i].x, p[i].y); }

template <typename In, typename Out>
cufftResult exec (int handle, cufftType want, const In *in, Out *out, int sign)
{
  auto it = plans.find (handle);
  if (it == plans.end () || !it->second.made)
    return CUFFT_INVALID_PLAN;
  plan &p = it->second;
  if (p.type != want)
    return CUFFT_INVALID_TYPE;
  if (!p.auto_alloc && p.work_size && !p.work)
    return CUFFT_NO_WORKSPACE;
  const int real_in = want == CUFFT_R2C || want == CUFFT_D2Z;
  long long n[3] = {1, 1, 1};
  for (int i = 0; i < p.rank; i++)
    n[i] = p.n[i];
  const long long total = n[0] * n[1] * n[2];
  const double pi = 3.14159265358979323846;
  std::vector<cd> a ((size_t) total), b ((size_t) total);
  for (long long bt = 0; bt < p.batch; bt++) {
    for (long long x = 0; x < n[0]; x++)
      for (long long y = 0; y < n[1]; y++)
        for (long long z = 0; z < n[2]; z++) {
          const long long i = bt * p.idist + offset (p, p.inembed, p.istride, x, y, z);
          a[(size_t) ((x * n[1] + y) * n[2] + z)] = load (in, i);
        }
    /* separable naive DFT over the dimensions of the plan */
    for (int d = 0; d < 3; d++) {
      const long long len = n[d];
      if (len == 1)
        continue;
      const long long stride = d == 0 ? n[1] * n[2] : d == 1 ? n[2] : 1;
      for (long long s = 0; s < total; s++) {
        if ((s / stride) % len)
          continue;
        for (long long k = 0; k < len; k++) {
          cd acc = 0;
          for (long long j = 0; j < len; j++)
            acc += a[(size_t) (s + j * stride)]
                   * std::polar (1.0, sign * 2 * pi * (double) ((j * k) % len) / len);
          b[(size_t) (s + k * stride)] = acc;
        }
        for (long long k = 0; k < len; k++)
          a[(size_t) (s + k * stride)] = b[(size_t) (s + k * stride)];
      }
    }
    const long long last = real_in ? (p.rank == 1 ? n[0] : p.rank == 2 ? n[1] : n[2]) / 2 + 1 : 0;
    for (long long x = 0; x < n[0]; x++)
      for (long long y = 0; y < n[1]; y++)
        for (long long z = 0; z < n[2]; z++) {
          const long long fast = p.rank == 1 ? x : p.rank == 2 ? y : z;
          if (real_in && fast >= last)
            continue;
          const long long o = bt * p.odist + offset (p, p.onembed, p.ostride, x, y, z);
          const cd v = a[(size_t) ((x * n[1] + y) * n[2] + z)];
          out[o].x = (decltype (out[o].x)) v.real ();
          out[o].y = (decltype (out[o].y)) v.imag ();
        }
  }
  return CUFFT_SUCCESS;
}
}  // namespace

extern "C" {
cufftResult cufftGetVersion (int *version) { *version = CUFFT_VERSION; return CUFFT_SUCCESS; }
cufftResult cufftCreate (cufftHandle *h) { *h = next_handle++; plans[*h] = plan (); return CUFFT_SUCCESS; }
cufftResult cufftDestroy (cufftHandle h) { return plans.erase (h) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN; }
cufftResult cufftSetAutoAllocation (cufftHandle h, int a)
{
  if (!plans.count (h)) return CUFFT_INVALID_PLAN;
  plans[h].auto_alloc = a;
  return CUFFT_SUCCESS;
}
cufftResult cufftMakePlanMany64 (cufftHandle h, int rank, long long *n, long long *inembed,
                                 long long istride, long long idist, long long *onembed,
                                 long long ostride, long long odist, cufftType type,
                                 long long batch, size_t *work)
{
  if (!plans.count (h)) return CUFFT_INVALID_PLAN;
  if (rank < 1 || rank > 3 || batch < 1) return CUFFT_INVALID_VALUE;
  /* run_fft.sh's second run: a cuFFT that refuses strided R2C layouts (gm_fft's C2C fallback) */
  if ((type == CUFFT_R2C || type == CUFFT_D2Z) && istride != 1
      && getenv ("EMU_CUFFT_REFUSE_STRIDED_R2C"))
    return CUFFT_INVALID_VALUE;
  plan &p = plans[h];
  p.rank = rank;
  long long total = 1;
  for (int i = 0; i < rank; i++) {
    if (n[i] < 1 || (inembed && inembed[i] < n[i])) return CUFFT_INVALID_SIZE;
    p.n[i] = n[i];
    p.inembed[i] = inembed ? inembed[i] : n[i];
    p.onembed[i] = onembed ? onembed[i] : n[i];
    total *= n[i];
  }
  p.istride = istride; p.idist = idist; p.ostride = ostride; p.odist = odist;
  p.type = type; p.batch = batch;
  p.work_size = (size_t) (total * 16);    /* some work area, so that the caller must give one */
  p.made = 1;
  *work = p.work_size;
  return CUFFT_SUCCESS;
}
cufftResult cufftSetWorkArea (cufftHandle h, void *w)
{
  if (!plans.count (h)) return CUFFT_INVALID_PLAN;
  plans[h].work = w;
  return CUFFT_SUCCESS;
}
cufftResult cufftSetStream (cufftHandle h, cudaStream_t) { return plans.count (h) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN; }
cufftResult cufftExecZ2Z (cufftHandle h, cufftDoubleComplex *i, cufftDoubleComplex *o, int d) { return exec (h, CUFFT_Z2Z, i, o, d); }
cufftResult cufftExecC2C (cufftHandle h, cufftComplex *i, cufftComplex *o, int d) { return exec (h, CUFFT_C2C, i, o, d); }
cufftResult cufftExecD2Z (cufftHandle h, cufftDoubleReal *i, cufftDoubleComplex *o) { return exec (h, CUFFT_D2Z, i, o, -1); }
cufftResult cufftExecR2C (cufftHandle h, cufftReal *i, cufftComplex *o) { return exec (h, CUFFT_R2C, i, o, -1); }
}
