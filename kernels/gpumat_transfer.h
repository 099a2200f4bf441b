/* gpumat_transfer.h: copies between host and device, through the pinned staging pool
 * (kernels/transfer.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_TRANSFER_H
#define GPUMAT_TRANSFER_H

#include <stddef.h>
#include "gpumat_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- host <-> device transfers (kernels/transfer.cu) ------------------------------------ */
/* Synchronous from the host's point of view: on return the bytes have arrived.  Large copies go
 * through a persistent pinned staging pool; small ones through plain cudaMemcpy.  Both start
 * after the work queued so far on stream 0 (a copy to the host waits for it: it is one of the
 * waits of the one-stream contract). */
gm_status gm_copy_to_device (void *d_dst, const void *h_src, size_t bytes);
gm_status gm_copy_to_host (void *h_dst, const void *d_src, size_t bytes);
/* Queued, not waited for: the upload goes on stream 0 after the work queued there so far, in
 * order with every gpumat operation, and h_src may be reused or freed at return.  Up to 32 KiB
 * through a ring of pinned slots (transfer.cu); larger uploads are gm_copy_to_device. */
gm_status gm_copy_to_device_async (void *d_dst, const void *h_src, size_t bytes);
/* Join the staging threads and free the pinned pool (gm_reset calls it); the next large copy
 * makes them again.  The pool takes GPUMAT_TRANSFER_* from the tuning snapshot when it is made
 * (after a setenv: gm_tuning_reload, then this). */
void gm_transfer_release (void);
/* An upload and a download at the same time (the bus is full duplex; the staging threads serve
 * both): as gm_copy_to_device (d_dst, h_src, up_bytes) and gm_copy_to_host (h_dst, d_src,
 * down_bytes), which must not overlap in memory.  Either size may be 0. */
gm_status gm_copy_duplex (void *d_dst, const void *h_src, size_t up_bytes,
                          void *h_dst, const void *d_src, size_t down_bytes);
/* A block of a larger host matrix: `runs` runs of `run` bytes (a column's part), `pitch` bytes
 * apart on the host (pitch >= run), packed one after another on the device.  gm_contiguous
 * (bytes) is one run. */
typedef struct { size_t run, runs, pitch; } gm_host_span;
gm_host_span gm_contiguous (size_t bytes);
/* gm_copy_duplex with strided host sides (either may be empty: run or runs 0), through the same
 * staging pool: each chunk is gathered from (or scattered to) its runs on the way. */
gm_status gm_copy_duplex_2d (void *d_dst, const void *h_src, gm_host_span up, void *h_dst,
                             const void *d_src, gm_host_span down);
/* A persistent pinned host buffer of at least `bytes` (at most 1 MiB) for packing small
 * operands into one copy; NULL when bytes is larger or pinned memory cannot be had (then use
 * the pageable path).  Valid until gm_transfer_release; one user at a time (the gateway's
 * thread), and idle again once that user has synchronized its copies. */
void *gm_small_staging (size_t bytes);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_TRANSFER_H */
