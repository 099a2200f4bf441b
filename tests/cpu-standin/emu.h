// emu.h: CPU stand-ins for the CUDA constructs kernels/index.cu and tests/test_index.cu use, so that
// both run on a machine without a GPU (tests/cpu-standin/run.sh).  A check of the logic only:
// threads run one after another, so races and device memory faults cannot show here.
//
// Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
#pragma once
#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#undef __global__
#undef __device__
#undef __forceinline__
#undef __launch_bounds__
#define __global__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(x)
#define __restrict__
struct emu_dim3 { unsigned x, y, z; };
extern emu_dim3 blockIdx, threadIdx, gridDim, blockDim;
template <typename F> void emu_launch (unsigned blocks, unsigned threads, F f)
{
  gridDim = {blocks, 1, 1}; blockDim = {threads, 1, 1};
  /* Last thread first: a scatter whose repeated positions were not removed then ends with the
     first write, not the last, and the checks see it (in order, the serial loop would hide it). */
  for (unsigned b = blocks; b-- > 0;) { blockIdx = {b, 0, 0};
    for (unsigned t = threads; t-- > 0;) { threadIdx = {t, 0, 0}; f (); } }
}
template <class T> static inline cudaError_t cudaMalloc (T **p, size_t n) { return cudaMalloc ((void **) p, n); }
