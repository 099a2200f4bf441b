/* gpumat_memory.h: device memory through the caching allocator, waiting for queued work, reset
 * and context loss (kernels/memory.cu, status.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_MEMORY_H
#define GPUMAT_MEMORY_H

#include <stddef.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- device memory (kernels/memory.cu): a caching allocator over cudaMalloc ------------- */
gm_status gm_device_alloc (void **d_ptr, size_t bytes);   /* bytes == 0 gives NULL, GM_OK */
void gm_device_free (void *d_ptr);                        /* NULL is fine */
void gm_device_release_cached (void);   /* cudaFree the current device's cached blocks */
/* 1 when d_ptr is the start of a live gm_device_alloc block of at least `bytes`: lets the
 * gateway refuse a stale or forged handle instead of faulting. */
int gm_device_is_live (const void *d_ptr, size_t bytes);
/* The device ordinal of a live gm_device_alloc block starting at d_ptr, -1 when none. */
int gm_device_of (const void *d_ptr);
/* Blocks handed out and not yet freed, and their bytes, over every device (for leak checks). */
void gm_device_usage (size_t *live_blocks, size_t *live_bytes, size_t *cached_bytes);
/* Device memory of the current device that gpumat holds but does not use, and gives back when
 * an allocation needs it: its cache of freed blocks, and the kernels' workspace kept in the
 * device's default pool (up to a quarter of the device: matmul_internal.cuh).  cudaMemGetInfo
 * counts both as used; decisions on what fits count them free, so that a choice does not
 * depend on what ran before. */
size_t gm_device_reclaimable (void);
/* Wait for all work queued by gpumat.  Every gpumat operation on device arrays queues its work
 * on the legacy default stream (stream 0), in order, and may return before it has run (see
 * memory.cu's header); a fault in that work comes back here, or from the next CUDA call, as
 * CUDA's error (GM_ERR_CUDA). */
gm_status gm_sync (void);
/* Release everything gpumat holds except live buffers: cached blocks, the pinned pool.  After a
 * fault in queued work (a sticky CUDA error: gm_context_lost) it also resets the device: the
 * live buffers are lost then, and their addresses are refused from then on. */
void gm_reset (void);
/* Makes `stream` (a non-blocking stream of one's own) wait for the work queued so far on stream
 * 0, without blocking the host: a block just taken from the cache may still be in use there. */
gm_status gm_stream_after_default (cudaStream_t stream);
/* For tests only: queues a kernel that faults (__trap) on `stream`.  The call returns GM_OK;
 * the next wait (gm_sync, a copy to the host) or CUDA call fails with cudaErrorLaunchFailure,
 * (the context is lost, and with it every live block; gm_reset frees it, and the driver may
 * refuse the process a new one: kernels/memory.cu). */
gm_status gm_test_fault (cudaStream_t stream);
/* 1 when the CUDA context has a sticky error (a fault in queued work): only gm_reset helps. */
int gm_context_lost (void);
/* Starts at 1, bumped by each device reset in gm_reset: per-context state kept outside
 * memory.cu (kernel attributes) is set again when its epoch differs. */
unsigned gm_context_epoch (void);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_MEMORY_H */
