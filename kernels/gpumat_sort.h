/* gpumat_sort.h: stable sort, median, nnz and find, with Octave's shapes (kernels/sort.cu,
 * find.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_SORT_H
#define GPUMAT_SORT_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- sort, median, find, nnz (kernels/sort.cu, kernels/find.cu) ------------------------- */
/* Octave 7.3's sort along dimension dim (1-based; past nd a dimension of length 1) of an array
 * of shape (nd, dims), viewed as pre x len x post: each of the pre*post slices sorted stably,
 * NaN last ("ascend", descend 0) or first (descend 1) in their original order, -0 and 0 equal
 * (kept in their order), equal elements in their original order in both modes.  Classes:
 * double, single and the eight integer classes; a logical array is sorted as its GM_UINT8 bytes
 * (0 or 1).  Complex classes are refused (Octave orders them by abs, then arg).  d_out gets the
 * sorted elements (class cls, the same shape), d_index (may be NULL) each one's position along
 * dim, 1-based, as double.  Workspace: gm_sort_workspace_size's bytes (0 when nothing is
 * sorted: no elements, or len 1); it asks CUB, so it needs a device.  Queued on `stream`. */
gm_status gm_sort_workspace_size (gm_class cls, int nd, const int64_t *dims, int dim,
                                  size_t *bytes);
gm_status gm_sort (gm_class cls, int descend, int nd, const int64_t *dims, int dim,
                   const void *d_x, void *d_out, double *d_index, void *d_workspace,
                   size_t workspace_bytes, cudaStream_t stream);
/* Octave 7.3's median (x, dim) (scripts/statistics/median.m) for a non-empty array: the shape
 * (dims with dims[dim-1] = 1, trailing 1s dropped to 2 dimensions; dims_out has room for
 * max (nd, 2)), and the values: the middle element of each sorted slice, or for an even length
 * the sum of the two middle ones in the class ("native": +0 + a + b in double and single,
 * saturating in an integer class, a | b for logical data) divided by 2 (integers rounded half
 * away from zero); NaN (0x7ff8..., Octave's) where a double or single slice holds a NaN.
 * Classes as gm_sort; `logical` says that GM_UINT8 data is a logical array.  Where an odd-length
 * double or single slice has a zero in the middle among zeros of both signs, the result is the
 * stable sort's zero, while Octave's nth_element (libstdc++'s introselect) may pick either
 * sign: *d_ambiguous (may be NULL) is then set to 1 (it is never cleared here), so that the
 * caller can take Octave's own.  Workspace: gm_median_workspace_size's bytes.  Queued on
 * `stream`. */
gm_status gm_median_dims (int nd, const int64_t *dims, int dim, int *nd_out, int64_t *dims_out);
gm_status gm_median_workspace_size (gm_class cls, int nd, const int64_t *dims, int dim,
                                    size_t *bytes);
gm_status gm_median (gm_class cls, int logical, int nd, const int64_t *dims, int dim,
                     const void *d_x, void *d_out, int *d_ambiguous, void *d_workspace,
                     size_t workspace_bytes, cudaStream_t stream);
/* The nonzero elements of count elements of class cls (any class, complex too: nonzero when
 * either part is; NaN is nonzero, -0 is zero), as Octave's nnz and find see them.
 * gm_count_nonzero: their number into *h_count (a host variable: waits for `stream`; the
 * device counter is allocated and freed inside). */
gm_status gm_count_nonzero (gm_class cls, int64_t count, const void *d_x, int64_t *h_count,
                            cudaStream_t stream);
/* gm_find_select: the 0-based positions of the nonzero elements, in increasing order, into
 * d_index (room for as many as gm_count_nonzero counts).  Workspace: gm_find_workspace_size's
 * bytes (asks CUB: needs a device).  Queued on `stream`. */
gm_status gm_find_workspace_size (int64_t count, size_t *bytes);
gm_status gm_find_select (gm_class cls, int64_t count, const void *d_x, int64_t *d_index,
                          void *d_workspace, size_t workspace_bytes, cudaStream_t stream);
/* find's outputs from `found` positions d_index[0 .. found): rows == 0: d_i = position + 1;
 * rows > 0: d_i = position mod rows + 1 and d_j = floor (position / rows) + 1 (the column of the
 * array seen as rows x numel/rows); d_v (may be NULL) = d_x at each position.  Doubles for d_i
 * and d_j, class cls for d_v.  Queued on `stream`. */
gm_status gm_find_outputs (gm_class cls, int64_t found, const int64_t *d_index, int64_t rows,
                           const void *d_x, double *d_i, double *d_j, void *d_v,
                           cudaStream_t stream);
/* Octave 7.3's shapes of find's outputs for an array of shape (nd >= 2, dims) with `found`
 * positions returned: index_dims (i and j) as liboctave's Array<T>::find gives them
 * (find (zeros (1, 0)) is 1x0, find (zeros (0, 3)) 0x1, find (zeros (0, 0)) 0x0, a scalar
 * without a nonzero 0x0, a row a row, anything else a column), or, with mask_form (a logical
 * array, one output, no N and not "last": Octave's find reads the mask's index vector), that
 * form's (false (0, 0) gives 0x1); v_dims (v_nd of them, room for nd) as Array<T>::index gives
 * v: the array's own shape with its one non-1 dimension set to found, where the array and the
 * index shape are both vectors and found != 1, else the index's shape. */
gm_status gm_find_dims (int nd, const int64_t *dims, int64_t found, int mask_form,
                        int64_t *index_dims, int *v_nd, int64_t *v_dims);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_SORT_H */
