/* arrays.cu: device-side array building for the gateway's creation, reshape and concatenation
 * (mex/gw_arrays.c).  No kernels of its own: CUDA runtime fills and copies only.  Every function
 * returns when the bytes are in place (the default stream, synchronized), as the rest of gpumat.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat.h"

extern "C" gm_status gm_fill_bytes (void *d_dst, int value, size_t bytes)
{
  if (bytes == 0)
    return GM_OK;
  cudaError_t err = cudaMemset (d_dst, value, bytes);
  if (err == cudaSuccess)
    err = cudaDeviceSynchronize ();
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "cudaMemset");
}

extern "C" gm_status gm_copy_device (void *d_dst, const void *d_src, size_t bytes)
{
  if (bytes == 0)
    return GM_OK;
  cudaError_t err = cudaMemcpy (d_dst, d_src, bytes, cudaMemcpyDeviceToDevice);
  if (err == cudaSuccess)
    err = cudaDeviceSynchronize ();    /* a device-to-device cudaMemcpy may return early */
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "cudaMemcpy (device to device)");
}

extern "C" gm_status gm_copy_2d (void *d_dst, size_t dst_pitch, const void *src, size_t src_pitch,
                                 size_t width, size_t height, int src_on_host)
{
  if (width == 0 || height == 0)
    return GM_OK;
  if (dst_pitch < width || src_pitch < width)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_copy_2d: a pitch is smaller than the width");
  cudaError_t err = cudaMemcpy2D (d_dst, dst_pitch, src, src_pitch, width, height,
                                  src_on_host ? cudaMemcpyHostToDevice
                                              : cudaMemcpyDeviceToDevice);
  if (err == cudaSuccess)
    err = cudaDeviceSynchronize ();
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "cudaMemcpy2D");
}
