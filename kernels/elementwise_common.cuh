/* elementwise_common.cuh: what kernels/elementwise.cu (binary operations, conversions) and
 * kernels/elementwise_mappers.cu (unary operations) share: the launch shape (BLOCK threads, at
 * most MAX_BLOCKS blocks, grid-stride loops), the vector Pack, the sign flip, the contiguous
 * unary kernel un_contig, the any-element flag kernel any_flag and their predicates.  Included
 * after array_internal.h; everything here is internal to the including file (an anonymous
 * namespace), so each file has its own instances.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_ELEMENTWISE_COMMON_CUH
#define GPUMAT_ELEMENTWISE_COMMON_CUH

#include <stdint.h>
#include "array_internal.h"

namespace {

constexpr int BLOCK = 256;
/* 32768 blocks of 256 threads = 8.4M threads: 31 waves of a 132-SM H100 at 2048 threads/SM,
   enough that the grid-stride tail (the last partial wave) costs under 4%, and each thread still
   does several steps on the 2^28-element benchmark arrays. */
constexpr int64_t MAX_BLOCKS = 32768;

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
inline unsigned blocks_for (int64_t work)
{
  const int64_t b = ceil_div (work, BLOCK);
  return (unsigned) (b < 1 ? 1 : b < MAX_BLOCKS ? b : MAX_BLOCKS);
}
gm_status launched (const char *what) { return gm_cuda_status (cudaGetLastError (), what); }
bool aligned (const void *p, size_t bytes) { return ((uintptr_t) p % bytes) == 0; }

/* N elements of T, aligned so that one load or store of it is one vector instruction (a 16-byte
   struct is LDG.E.128). */
template <typename T, int N> struct alignas (sizeof (T) * N) Pack { T v[N]; };

/* Negation flips the sign bit only (as x86's xorpd does for Octave): PTX neg leaves a NaN's bits
   unspecified (commit 136da95 on transpose), and -0 must come out of 0. */
__device__ __forceinline__ double flip_sign (double x)
{
  return __longlong_as_double (__double_as_longlong (x) ^ (long long) 0x8000000000000000ull);
}
__device__ __forceinline__ float flip_sign (float x)
{
  return __int_as_float (__float_as_int (x) ^ (int) 0x80000000u);
}

/* Octave's x_nint (liboctave lo-mappers.h): floor (x + 0.5) for finite x, x otherwise.  Not
   round (x): near 2^52 x + 0.5 rounds to even first, and Octave's integer tests (mod, rem,
   gamma's poles) use exactly this. */
template <typename C> __device__ __forceinline__ C octave_nint (C x)
{
  return isfinite (x) ? floor (x + (C) 0.5) : x;
}

template <typename T> struct NegativeOp {
  __device__ __forceinline__ static int apply (T x) { return x < 0; }  /* -0 and NaN are not */
};

/* Launch: blocks_for (count / VW) x BLOCK; VEC: src and dst aligned to VW elements, VW = 16 bytes
   of the wider of S and D. */
template <typename Op, typename S, typename D, bool VEC>
__global__ void __launch_bounds__ (BLOCK)
un_contig (int64_t count, const S *src, D *dst)
{
  constexpr int VW = 16 / (sizeof (S) > sizeof (D) ? sizeof (S) : sizeof (D));
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  const int64_t first = (int64_t) blockIdx.x * BLOCK + threadIdx.x;
  int64_t tail = 0;
  if (VEC) {
    const int64_t nvec = count / VW;
    for (int64_t v = first; v < nvec; v += stride) {
      const Pack<S, VW> ps = ((const Pack<S, VW> *) src)[v];
      Pack<D, VW> pd;
#pragma unroll
      for (int k = 0; k < VW; k++)
        pd.v[k] = Op::apply (ps.v[k]);
      ((Pack<D, VW> *) dst)[v] = pd;
    }
    tail = nvec * VW;
  }
  for (int64_t i = tail + first; i < count; i += stride)
    dst[i] = Op::apply (src[i]);
}

/* Launch: blocks_for (count) x BLOCK; *flag = 1 when Op is nonzero for some element.  One store
   per block at most: the block ORs its threads' findings first. */
template <typename Op, typename T>
__global__ void __launch_bounds__ (BLOCK)
any_flag (int64_t count, const T *__restrict__ src, int *flag)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  int any = 0;
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < count; i += stride)
    any |= Op::apply (src[i]);
  if (__syncthreads_or (any) && threadIdx.x == 0)
    *flag = 1;
}

} /* namespace */

#endif
