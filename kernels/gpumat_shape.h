/* gpumat_shape.h: functions that only move elements: permute, flip, circshift, repmat,
 * concatenation blocks, diagonals, tril and triu (kernels/shape.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_SHAPE_H
#define GPUMAT_SHAPE_H

#include <stdint.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- shape operations (kernels/shape.cu) --------------------------------------------------- */
/* Functions that only move elements: any class (moved as bits of gm_class_size (cls); logical
 * data as GM_UINT8), nothing computed (a zero is written as zero bits, 0 in every class).
 * Arrays are column-major and packed unless a plan says otherwise; d_dst must not overlap
 * d_src.  No elements to write: no device call (NULL pointers are then fine).  Everything is
 * queued on `stream`.  The positions a plan reaches must lie inside the arrays: kernels/ does
 * not check them against the blocks (the gateway sizes everything first). */
#define GM_SHAPE_MAX_DIMS 64          /* loop dimensions of a plan (repmat: two per dimension) */
#define GM_SHAPE_MAX_ARRAY_DIMS 32    /* dimensions of an array passed to the functions below */
/* The general move: a loop of count[0] x ... x count[ndims-1] positions (i_0, ..., i_n-1)
 * reads d_src[src_offset + sum_d p_d * src_stride[d]], p_d = start[d] + i_d (less wrap[d] once
 * it reaches wrap[d], when wrap[d] > 0: then 0 <= start[d] < wrap[d] and count[d] <= wrap[d]),
 * and writes d_dst[dst_offset + sum_d i_d * dst_stride[d]].  Strides and offsets count
 * elements; a source stride may be negative or 0 (a position read several times), distinct
 * loop positions must write distinct elements. */
typedef struct {
  int ndims;
  int64_t count[GM_SHAPE_MAX_DIMS];
  int64_t src_stride[GM_SHAPE_MAX_DIMS], dst_stride[GM_SHAPE_MAX_DIMS];
  int64_t start[GM_SHAPE_MAX_DIMS], wrap[GM_SHAPE_MAX_DIMS];
  int64_t src_offset, dst_offset;
} gm_shape_plan;
gm_status gm_shape_copy (gm_class cls, const gm_shape_plan *plan, const void *d_src, void *d_dst,
                         cudaStream_t stream);
/* The array functions, over a source of nd dimensions `dims` (1 <= nd <= 32; a caller pads
 * with 1s, e.g. to the length of a permutation).  Dimension numbers are 0-based here.
 *  gm_permute: result dimension k is source dimension perm[k] (perm a permutation of
 *    0 .. nd-1): Octave's permute (A, perm + 1).
 *  gm_flip: the order along dimension dim reversed.
 *  gm_circshift: result (i_d) = source ((i_d - shifts[d]) mod dims[d]) along every d (any
 *    int64 shift, negative too): Octave's circshift.
 *  gm_repmat: result dimension d is dims[d] * reps[d] (reps[d] >= 0) long, copy q of the source
 *    at q * dims[d]: Octave's repmat.
 *  gm_copy_block: d_src (dims, packed) written into d_dst (dst_dims) with its first element at
 *    `origin` (0-based subscripts): a piece of a concatenation. */
gm_status gm_permute (gm_class cls, int nd, const int64_t *dims, const int *perm,
                      const void *d_src, void *d_dst, cudaStream_t stream);
gm_status gm_flip (gm_class cls, int nd, const int64_t *dims, int dim, const void *d_src,
                   void *d_dst, cudaStream_t stream);
gm_status gm_circshift (gm_class cls, int nd, const int64_t *dims, const int64_t *shifts,
                        const void *d_src, void *d_dst, cudaStream_t stream);
gm_status gm_repmat (gm_class cls, int nd, const int64_t *dims, const int64_t *reps,
                     const void *d_src, void *d_dst, cudaStream_t stream);
gm_status gm_copy_block (gm_class cls, int nd, const int64_t *dims, const void *d_src,
                         const int64_t *dst_dims, const int64_t *origin, void *d_dst,
                         cudaStream_t stream);
/* Diagonal k of a rows x cols matrix (k > 0 above the main one, k < 0 below): it starts at
 * (max (0, -k), max (0, k)) and has gm_diag_length elements (0 when it misses the matrix).
 * gm_diag_extract writes them to d_dst; gm_diag_build makes d_dst a rows x cols matrix of zeros
 * with d_src's first `count` elements (count <= gm_diag_length) on diagonal k. */
int64_t gm_diag_length (int64_t rows, int64_t cols, int64_t k);
gm_status gm_diag_extract (gm_class cls, int64_t rows, int64_t cols, int64_t k,
                           const void *d_src, void *d_dst, cudaStream_t stream);
gm_status gm_diag_build (gm_class cls, int64_t count, int64_t rows, int64_t cols, int64_t k,
                         const void *d_src, void *d_dst, cudaStream_t stream);
/* tril (lower != 0) or triu of a rows x cols matrix, as Octave's (libinterp/corefcn/tril.cc):
 * element (i, j) is kept when j - i <= k (tril) or j - i >= k (triu).  pack == 0: d_dst is the
 * rows x cols matrix with the other elements zero; pack != 0: d_dst is the kept elements, column
 * after column, gm_triangle_count of them (tril (A, k, "pack")).  Any k (clamped to [-rows,
 * cols], as Octave clamps it). */
int64_t gm_triangle_count (int64_t rows, int64_t cols, int64_t k, int lower);
gm_status gm_triangle (gm_class cls, int64_t rows, int64_t cols, int64_t k, int lower, int pack,
                       const void *d_src, void *d_dst, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_SHAPE_H */
