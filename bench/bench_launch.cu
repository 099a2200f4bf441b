/* bench_launch.cu: the host cost of one CUDA call on this machine, the floor under every
 * gpumat call that launches a kernel or copies: an empty kernel and a 16x16 add on the legacy,
 * a non-blocking and the per-thread stream; cudaGetDevice, cudaGetLastError, cudaEventRecord;
 * small uploads from pageable and pinned memory; a 2 KiB download; a 2 KiB device copy.  And
 * one check: a pageable cudaMemcpyAsync's source may be overwritten as soon as the call returns
 * (kernels/transfer.cu relies on it for scalar operands).  Each figure: the median of 5 loops of
 * calls in a row (as a loop of gpumat calls makes them), after 2000 warm-up calls.
 * On the H200 machine (driver 580, CUDA 13.0), November 2026: 3.5-3.8 us a launch, 1.4 us an
 * 8-byte pageable upload, 7.6 us a 2 KiB download (bench/NOTES-value-type.md).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <algorithm>
#include <cstdio>
#include <chrono>
#include <cuda_runtime.h>
__global__ void empty_kernel () {}
__global__ void add16 (int64_t n, const double *a, const double *b, double *c)
{
  int64_t i = blockIdx.x * 256 + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
/* us a call: the median of 5 loops of n calls, after 2000 warm-up calls */
template <class F> double per_call_us (F f, int n = 100000)
{
  for (int i = 0; i < 2000; i++) f ();
  cudaDeviceSynchronize ();
  double t[5];
  for (double &loop : t) {
    auto t0 = std::chrono::steady_clock::now ();
    for (int i = 0; i < n; i++) f ();
    auto t1 = std::chrono::steady_clock::now ();
    cudaDeviceSynchronize ();
    loop = std::chrono::duration<double, std::micro> (t1 - t0).count () / n;
  }
  std::sort (t, t + 5);
  return t[2];
}
int main ()
{
  cudaFree (0);
  double *a, *b, *c;
  cudaMalloc (&a, 2048); cudaMalloc (&b, 2048); cudaMalloc (&c, 2048);
  cudaStream_t nb; cudaStreamCreateWithFlags (&nb, cudaStreamNonBlocking);
  printf ("empty kernel, legacy stream 0      %.2f us\n", per_call_us ([&] { empty_kernel<<<1, 256>>> (); }));
  printf ("empty kernel, non-blocking stream  %.2f us\n", per_call_us ([&] { empty_kernel<<<1, 256, 0, nb>>> (); }));
  printf ("empty kernel, per-thread stream    %.2f us\n", per_call_us ([&] { empty_kernel<<<1, 256, 0, cudaStreamPerThread>>> (); }));
  printf ("add 16x16, legacy stream 0         %.2f us\n", per_call_us ([&] { add16<<<1, 256>>> (256, a, b, c); }));
  printf ("add 16x16, non-blocking stream     %.2f us\n", per_call_us ([&] { add16<<<1, 256, 0, nb>>> (256, a, b, c); }));
  int dummy;
  printf ("cudaGetDevice                      %.2f us\n", per_call_us ([&] { cudaGetDevice (&dummy); }));
  printf ("cudaGetLastError                   %.2f us\n", per_call_us ([&] { (void) cudaGetLastError (); }));
  cudaEvent_t ev; cudaEventCreateWithFlags (&ev, cudaEventDisableTiming);
  printf ("cudaEventRecord                    %.2f us\n", per_call_us ([&] { cudaEventRecord (ev, 0); }));
  double h = 2;
  printf ("memcpyAsync 8 B H2D pageable       %.2f us\n", per_call_us ([&] { cudaMemcpyAsync (a, &h, 8, cudaMemcpyHostToDevice, 0); }));
  double *pin; cudaMallocHost (&pin, 4096);
  printf ("memcpyAsync 8 B H2D pinned         %.2f us\n", per_call_us ([&] { cudaMemcpyAsync (a, pin, 8, cudaMemcpyHostToDevice, 0); }));
  printf ("memcpy 2 KiB D2H pageable (sync)   %.2f us\n", per_call_us ([&] { static double buf[256]; cudaMemcpy (buf, a, 2048, cudaMemcpyDeviceToHost); }));
  printf ("memcpy 2 KiB D2H pinned (sync)     %.2f us\n", per_call_us ([&] { cudaMemcpy (pin, a, 2048, cudaMemcpyDeviceToHost); }));
  printf ("memcpyAsync 2 KiB D2D              %.2f us\n", per_call_us ([&] { cudaMemcpyAsync (c, a, 2048, cudaMemcpyDeviceToDevice, 0); }));
  static char big[32768];
  char *dbig; cudaMalloc (&dbig, 32768);
  for (size_t n : {2048, 8192, 32768}) {
    printf ("memcpyAsync %5zu B H2D pageable   %.2f us\n", n, per_call_us ([&] { cudaMemcpyAsync (dbig, big, n, cudaMemcpyHostToDevice, 0); }));
    printf ("memcpyAsync %5zu B H2D pinned     %.2f us\n", n, per_call_us ([&] { cudaMemcpyAsync (dbig, pin, n > 4096 ? 4096 : n, cudaMemcpyHostToDevice, 0); }));
  }
  // a pageable async upload, then a kernel reading it, then the source overwritten: the kernel must see the first value
  double *src = new double[1], *out; cudaMalloc (&out, 8);
  int bad = 0;
  for (int i = 0; i < 20000; i++) {
    src[0] = i;
    cudaMemcpyAsync (a, src, 8, cudaMemcpyHostToDevice, 0);
    add16<<<1, 256>>> (1, a, a, out);
    src[0] = -1;
    double r;
    if (i % 1000 == 999) { cudaMemcpy (&r, out, 8, cudaMemcpyDeviceToHost); bad += r != 2.0 * i; }
  }
  printf ("pageable async source reused at once: %d wrong of 20\n", bad);
  return bad != 0;
}
