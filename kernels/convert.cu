/* convert.cu: class conversion on the device, for mixed single/double operands of gpumat
 * arrays (a host operand is converted on the host instead, before it is uploaded).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat.h"

/* Grid-stride, one element per thread per step; `count` may exceed 2^31. */
__global__ void double_to_single_kernel (int64_t count, const double *__restrict__ src,
                                         float *__restrict__ dst)
{
  int64_t stride = (int64_t) gridDim.x * blockDim.x;
  for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride)
    dst[i] = __double2float_rn (src[i]);
}

extern "C" gm_status gm_double_to_single (int64_t count, const double *d_src, float *d_dst,
                                          cudaStream_t stream)
{
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_double_to_single: negative count");
  if (count == 0)
    return GM_OK;
  const int threads = 256;
  /* 4096 blocks of 256 threads keep every multiprocessor of current cards busy (132 SMs x 2048
     threads = 1056 blocks' worth) while the grid-stride loop covers any count. */
  int64_t blocks = (count + threads - 1) / threads;
  if (blocks > 4096)
    blocks = 4096;
  double_to_single_kernel<<<(unsigned) blocks, threads, 0, stream>>> (count, d_src, d_dst);
  return gm_cuda_status (cudaGetLastError (), "launching double_to_single_kernel");
}
