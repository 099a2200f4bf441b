/* gpumat_dot.h: deterministic dot products along one dimension, for every pair of classes
 * Octave's dot takes (kernels/dot*.cu, host_ops.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_DOT_H
#define GPUMAT_DOT_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- dot product (kernels/dot.cu; mixed classes: dot_mixed.cu, dot_int.cu) -------------- */
/* View x and y as pre x len x post arrays (column-major) and reduce over the middle index:
 *   out[a + b*pre] = sum_{i < len} x[a + i*pre + b*pre*len] * y[same]
 * for every a < pre, b < post, accumulating in double (single results rounded once).  The
 * order of the additions depends only on (pre, len, post): bitwise reproducible.
 * len == 0 writes zeros.  The caller provides `workspace` of the size asked for first. */
gm_status gm_dot_workspace_size (gm_class cls, int64_t pre, int64_t len, int64_t post,
                                 size_t *bytes);
gm_status gm_dot (gm_class cls, int64_t pre, int64_t len, int64_t post,
                  const void *d_x, const void *d_y, void *d_out,
                  void *d_workspace, size_t workspace_bytes, cudaStream_t stream);

/* gm_dot for every pair of classes Octave's dot takes, with its rules (libinterp/corefcn/dot.cc):
 *  - x_cls and y_cls both double or both single: gm_dot (out of that class).
 *  - complex (a complex class with the real or complex class of the same precision): out is
 *    the complex class, out = sum (conj (x) .* y) (the first argument conjugated), each part
 *    accumulated in double as the real dot.
 *  - integer: x_cls an integer class and y_cls the same class, or one of them integer and the
 *    other double or single: each product is Octave's `x .* y` in the integer class (exact
 *    product saturated for two integers; for integer .* double/single, the double product
 *    rounded to nearest, ties away from zero, saturated, NaN to 0), and the sum of those is
 *    accumulated in double, out double.  Two different integer classes are refused.
 * Deterministic as gm_dot.  The workspace size depends on the classes and the shape. */
gm_status gm_dot_mixed_workspace_size (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len,
                                       int64_t post, size_t *bytes);
gm_status gm_dot_mixed (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len, int64_t post,
                        const void *d_x, const void *d_y, void *d_out,
                        void *d_workspace, size_t workspace_bytes, cudaStream_t stream);
/* The class of gm_dot_mixed's result, GM_ERR_INVALID_ARGUMENT for a pair it refuses. */
gm_status gm_dot_result_class (gm_class x_cls, gm_class y_cls, gm_class *out_cls);

/* gm_dot on device arrays, with the workspace allocated and freed inside; queued on stream 0,
 * not waited for (the workspace goes back to the cache at once). */
gm_status gm_dot_device (gm_class cls, int64_t pre, int64_t len, int64_t post,
                         const void *d_x, const void *d_y, void *d_out);
gm_status gm_dot_mixed_device (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len,
                               int64_t post, const void *d_x, const void *d_y, void *d_out);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_DOT_H */
