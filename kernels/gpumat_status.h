/* gpumat_status.h: gm_status, the one result every function of the C API returns, the
 * failure's detail text, and checked size arithmetic (kernels/status.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_STATUS_H
#define GPUMAT_STATUS_H

#include <stddef.h>
#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- status ---------------------------------------------------------------------------- */
typedef enum {
  GM_OK = 0,
  GM_ERR_NO_DEVICE,        /* no usable GPU; gm_error_detail () holds CUDA's reason        */
  GM_ERR_OUT_OF_MEMORY,    /* a device or pinned allocation failed; see gm_oom_bytes ()     */
  GM_ERR_INVALID_ARGUMENT, /* unknown kernel, negative size, misuse of the API               */
  GM_ERR_SIZE_OVERFLOW,    /* a byte count or index does not fit the types used             */
  GM_ERR_CUDA,             /* any other CUDA failure; gm_error_detail () names it            */
  GM_ERR_INTERRUPTED       /* the caller's interrupted () callback asked to stop              */
} gm_status;

/* Text of the last failure in this process (CUDA's error string, which call failed). */
const char *gm_error_detail (void);
/* Set the detail text (printf-style); returns `status` so callers can `return gm_fail (...)`. */
gm_status gm_fail (gm_status status, const char *fmt, ...);
/* Map a CUDA error to a status (out-of-memory and no-device kept apart), recording where. */
gm_status gm_cuda_status (cudaError_t err, const char *where);
/* For GM_ERR_OUT_OF_MEMORY: bytes asked for and bytes free on the device at that moment. */
void gm_oom_bytes (size_t *requested, size_t *free_bytes);
/* Used by the allocators to record the figures above. */
void gm_record_oom (size_t requested, size_t free_bytes);

/* Checked size arithmetic: *out = a * b (or a * b * c); GM_ERR_SIZE_OVERFLOW on overflow. */
gm_status gm_mul_size (size_t a, size_t b, size_t *out);
gm_status gm_mul_size3 (size_t a, size_t b, size_t c, size_t *out);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_STATUS_H */
