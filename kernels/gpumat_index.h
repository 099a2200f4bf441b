/* gpumat_index.h: indexing and indexed assignment as moves between an array and a packed block,
 * and resizing (kernels/index.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_INDEX_H
#define GPUMAT_INDEX_H

#include <stdint.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- indexing (kernels/index.cu) ------------------------------------------------------------ */
/* G(I1, ..., In), G(I1, ..., In) = V and growth, as moves of elements between an array and a
 * packed block.  A loop of count[0] x ... x count[n-1] positions (column-major: position
 * (i0, ..., in-1) is element i0 + count[0]*(i1 + count[1]*(...)) of the packed block) is mapped
 * onto the array by a gm_index_side: along subscript k, position ik selects the array position
 *   p_k = index[k] ? index[k][ik] : first[k] + ik
 * (index[k] a device array of count[k] 0-based int64 positions; NULL for a colon, first 0, or a
 * contiguous range, no list needed), and the element at sum_k p_k * stride[k] (strides in
 * elements: for an m x n x ... array viewed with n subscripts, 1, m, m*n, ..., the last
 * subscript taking the trailing dimensions folded together; a transposed view G.' of an m x n
 * block gives stride m for its first subscript and 1 for its second).  The positions must lie
 * in the array: kernels/ does not look at the lists (the gateway validates them on the host).
 * Any class (moved as bits of gm_class_size (cls)); `conjugate` flips the imaginary part's sign
 * for a complex class (G' of complex data) and is ignored for a real one.  count 0 anywhere
 * moves nothing and makes no device call.  Contiguous cases are one cudaMemcpyAsync (G(:, j),
 * G(:, j1:j2), G(a:b)), column blocks one cudaMemcpy2DAsync; everything else a kernel.  Queued
 * on `stream` (the caller synchronizes). */
#define GM_INDEX_MAX_DIMS 32
typedef struct {
  int64_t stride[GM_INDEX_MAX_DIMS];
  int64_t first[GM_INDEX_MAX_DIMS];
  const int64_t *index[GM_INDEX_MAX_DIMS];
} gm_index_side;
/* A side of colons over an array of `dims` (ndims of them): strides 1, dims[0], ...; first 0,
 * no lists.  The caller then sets first or index per subscript. */
void gm_index_side_colons (gm_index_side *side, int ndims, const int64_t *dims);
/* d_dst (packed, count[0] x ... x count[ndims-1]) = d_src at the positions `src` selects.
 * Positions may repeat. */
gm_status gm_index_gather (gm_class cls, int conjugate, int ndims, const int64_t *count,
                           const gm_index_side *src, const void *d_src, void *d_dst,
                           cudaStream_t stream);
/* d_dst at the positions `dst` selects = d_src (packed, count[0] x ...), or d_src[0] for every
 * position when broadcast_scalar.  The selected elements must be distinct (a repeated
 * position makes the result depend on the order of the writes, unless broadcast_scalar: the
 * gateway keeps the last occurrence, as Octave does), and d_src must not overlap d_dst. */
gm_status gm_index_scatter (gm_class cls, int conjugate, int ndims, const int64_t *count,
                            const gm_index_side *dst, void *d_dst, const void *d_src,
                            int broadcast_scalar, cudaStream_t stream);
/* d_dst (dst_dims, column-major) = d_src (src_dims) at the same subscripts where both have the
 * element, zero bits (0 in every class) elsewhere: growth (a 4x4 into 5x5 is the top-left block)
 * and truncation.  A missing trailing dimension counts as 1.  d_dst must not overlap d_src. */
gm_status gm_resize (gm_class cls, int src_ndims, const int64_t *src_dims, const void *d_src,
                     int dst_ndims, const int64_t *dst_dims, void *d_dst, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_INDEX_H */
