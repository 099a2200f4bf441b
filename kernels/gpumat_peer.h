/* gpumat_peer.h: device memory shared by the processes of one host (CUDA IPC), copies between
 * devices, and the product with A on the device and B, C on the host that the distributed
 * layer's node-local engine runs on each rank (kernels/peer.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_PEER_H
#define GPUMAT_PEER_H
#include <stddef.h>
#include <stdint.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"
#include "gpumat_matmul.h"
#ifdef __cplusplus
extern "C" {
#endif
/* What another process of the host needs to map a block (cudaIpcMemHandle_t's 64 bytes). */
typedef struct { unsigned char bytes[64]; } gm_peer_handle;
/* A block of the current device that other processes may map: a cudaMalloc of its own (not
   the cache; at least 256 bytes, so that an empty piece has a handle too) and its handle.
   gm_peer_free frees it, after every process that mapped it has closed it. */
gm_status gm_peer_alloc (void **d_ptr, size_t bytes, gm_peer_handle *handle);
void gm_peer_free (void *d_ptr);                          /* NULL is fine */
/* Map another process's block into this one (on the device that holds it, which must be
   visible here: CUDA_VISIBLE_DEVICES), with peer access from the current device enabled. */
gm_status gm_peer_open (const gm_peer_handle *handle, void **d_ptr);
void gm_peer_close (void *d_ptr);                         /* NULL is fine */
/* height rows of width bytes, spitch and dpitch bytes apart, between any two device pointers
   this process can reach (its own blocks, mapped ones): queued on stream 0. */
gm_status gm_copy_device_2d (void *d_dst, size_t dpitch, const void *d_src, size_t spitch,
                             size_t width, size_t height);
/* C (m x n, on the host, leading dimension m) = A (m x k on the device, leading dimension m)
   * B (k x n, leading dimension k; on the host where b_on_host, else on the device), by the
   native kernel `kernel` (auto: never ozaki, as the products of host arrays), in column chunks
   of about n / 16: B's next chunk goes up and C's last one comes down while a chunk's product
   runs on a stream of its own.  Waits for the work queued on stream 0 first, and returns when
   C is on the host.  *busy_seconds (may be NULL): the products' time on the GPU. */
gm_status gm_matmul_device_host (gm_matmul_kernel kernel, gm_class cls, int64_t m, int64_t n,
                                 int64_t k, const void *d_A, const void *B, int b_on_host,
                                 void *h_C, double *busy_seconds);
#ifdef __cplusplus
}
#endif
#endif /* GPUMAT_PEER_H */
