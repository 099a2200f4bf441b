/* transfer.cu: host <-> device copies.  (First version: plain cudaMemcpy; the pinned staging
 * pool replaces it.)
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat.h"

extern "C" gm_status gm_copy_to_device (void *d_dst, const void *h_src, size_t bytes)
{
  if (bytes == 0)
    return GM_OK;
  return gm_cuda_status (cudaMemcpy (d_dst, h_src, bytes, cudaMemcpyHostToDevice),
                         "cudaMemcpy to the device");
}

extern "C" gm_status gm_copy_to_host (void *h_dst, const void *d_src, size_t bytes)
{
  if (bytes == 0)
    return GM_OK;
  return gm_cuda_status (cudaMemcpy (h_dst, d_src, bytes, cudaMemcpyDeviceToHost),
                         "cudaMemcpy to the host");
}

extern "C" void gm_transfer_release (void) {}
