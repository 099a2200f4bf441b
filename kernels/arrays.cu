/* arrays.cu: device-side array building for the gateway's creation, reshape and concatenation
 * (mex/gw_arrays.c).  No kernels of its own: CUDA runtime fills and copies only.
 *
 * Versions:
 *   1. each function synchronized the device before it returned, as every gpumat call did.
 *   2. (issue 12) fills and device-to-device copies are queued on stream 0, in order with every
 *      other gpumat operation, and return at once; a copy from host memory still returns when
 *      its bytes have arrived, so the caller may free or reuse its buffer.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat.h"

extern "C" gm_status gm_fill_bytes (void *d_dst, int value, size_t bytes)
{
  if (bytes == 0)
    return GM_OK;
  return gm_cuda_status (cudaMemsetAsync (d_dst, value, bytes, 0), "cudaMemsetAsync");
}

extern "C" gm_status gm_copy_device (void *d_dst, const void *d_src, size_t bytes)
{
  if (bytes == 0)
    return GM_OK;
  return gm_cuda_status (cudaMemcpyAsync (d_dst, d_src, bytes, cudaMemcpyDeviceToDevice, 0),
                         "cudaMemcpyAsync (device to device)");
}

extern "C" gm_status gm_copy_2d (void *d_dst, size_t dst_pitch, const void *src, size_t src_pitch,
                                 size_t width, size_t height, int src_on_host)
{
  if (width == 0 || height == 0)
    return GM_OK;
  if (dst_pitch < width || src_pitch < width)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_copy_2d: a pitch is smaller than the width");
  if (!src_on_host)
    return gm_cuda_status (cudaMemcpy2DAsync (d_dst, dst_pitch, src, src_pitch, width, height,
                                              cudaMemcpyDeviceToDevice, 0),
                           "cudaMemcpy2DAsync");
  /* From pageable host memory cudaMemcpy2D may return once its own staging holds the bytes;
     waiting for stream 0 makes "arrived" hold for work on any stream, as gm_copy_to_device. */
  cudaError_t err = cudaMemcpy2D (d_dst, dst_pitch, src, src_pitch, width, height,
                                  cudaMemcpyHostToDevice);
  if (err == cudaSuccess)
    err = cudaStreamSynchronize (0);
  return gm_cuda_status (err, "cudaMemcpy2D");
}
