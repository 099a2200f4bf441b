/* gpumat_reduce.h: reductions, norms, scans, differences and variances along one dimension,
 * of real, integer and complex data, deterministic (kernels/reduce*.cu, scan.cu).  Part of
 * gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_REDUCE_H
#define GPUMAT_REDUCE_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- deterministic reductions (kernels/reduce.cu) ---------------------------------------- */
/* Along dimension `dim` (1-based) of an N-d array (nd, dims) as gm_binary's operands: the array
 * is viewed as pre x len x post, len = dims[dim-1] (1 when dim > nd), and each of the pre*post
 * outputs reduces its len elements.  The order of every addition depends only on the shape, never
 * on the device or timing: the same bits on every run (see reduce.cu for the order).  Double and
 * single; single is accumulated in single, as Octave's sum does.  Every function queues work on
 * `stream` only.  Workspace: ask gm_reduce_workspace_size, pass at least that many bytes (16-byte
 * aligned, as gm_device_alloc gives). */
typedef enum {
  GM_RED_SUM = 0,  /* sum (x, dim); len == 0 gives 0                                           */
  GM_RED_MEAN,     /* sum (x, dim) / len, the division in the class; len == 0 gives NaN (0/0)  */
  GM_RED_MAX,      /* [m, i] = max (x, [], dim): NaN ignored unless all are NaN (then NaN and
                      the index of the first NaN), the first occurrence on ties (-0 and 0 tie),
                      i 1-based, written as double as Octave returns it                      */
  GM_RED_MIN,      /* the same for min                                                         */
  GM_RED_COUNT
} gm_reduce_op;
/* Octave's default dimension for sum, max and min: the first whose size is not 1 (1 when there
 * is none).  Octave 7.3's mean differs for empties: it takes the first dimension of size above
 * 1 (find (sz > 1, 1)), so mean (zeros (0, 3)) is 0x1 and mean (zeros (1, 0)) is 1x0; a caller
 * of GM_RED_MEAN applies that rule itself. */
int gm_default_dim (int nd, const int64_t *dims);
/* The result's shape, as Octave's: dims with dims[dim-1] = 1 (dim > nd: the array's own shape;
 * a 0x0 input to sum and mean is taken as 0x1 first, Octave's "sum ([]) is 0"; for max and min
 * a dimension of length 0 stays 0: max (zeros (0, 3)) is 0x3), trailing 1s dropped to 2 dims.
 * dims_out has room for GM_MAX_DIMS. */
gm_status gm_reduce_dims (gm_reduce_op op, int nd, const int64_t *dims, int dim, int *nd_out,
                          int64_t *dims_out);
gm_status gm_reduce_workspace_size (gm_reduce_op op, gm_class cls, int nd, const int64_t *dims,
                                    int dim, size_t *bytes);
/* d_out (class cls, gm_reduce_dims's shape) = op along dim; d_index (max and min only, may be
 * NULL; double, 1-based) receives the positions. */
gm_status gm_reduce (gm_reduce_op op, gm_class cls, int nd, const int64_t *dims, int dim,
                     const void *d_x, void *d_out, double *d_index, void *d_workspace,
                     size_t workspace_bytes, cudaStream_t stream);

/* Norms as Octave's norm (liboctave/numeric/oct-norm.cc), result one element of class cls
 * written to d_out.  Empty input gives 0.  NaN anywhere gives NaN for the vector norms and "fro".
 *  vector (count elements): GM_NORM_1 sum |x|; GM_NORM_2 and GM_NORM_FRO the 2-norm, scaled as
 *    Octave's accumulator (scale = the largest |x| so far, sum of (|x|/scale)^2), so
 *    norm ([1e200 1e200]) is finite and norm ([1e-200 1e-200]) is not 0; GM_NORM_INF max |x|;
 *    GM_NORM_NEG_INF min |x|; GM_NORM_P (p finite, > 0): (sum |x|^p)^(1/p), scaled the same
 *    way.  p < 0 is refused: Octave's own norm (x, p < 0) returns Inf for any finite x (its
 *    norm_accumulator_mp starts from pow (0, p) = Inf), so the gateway decides what to do.
 *  matrix (rows x cols, column-major): GM_NORM_1 the largest column sum of |x|, GM_NORM_INF the
 *    largest row sum, both picked as Octave's RowVector::max does (the first sum, then any
 *    strictly larger one: a NaN first sum gives NaN, a later NaN is passed over);
 *    GM_NORM_FRO the 2-norm of all elements.  The matrix 2-norm (an SVD) is refused. */
typedef enum { GM_NORM_1 = 0, GM_NORM_2, GM_NORM_INF, GM_NORM_NEG_INF, GM_NORM_P, GM_NORM_FRO }
  gm_norm_kind;
/* The workspace each needs (0 bytes for short vectors; a matrix 1 or Inf norm needs room for
 * its column or row sums). */
gm_status gm_vector_norm_workspace_size (gm_class cls, int64_t count, size_t *bytes);
gm_status gm_matrix_norm_workspace_size (gm_class cls, int64_t rows, int64_t cols,
                                         size_t *bytes);
gm_status gm_vector_norm (gm_norm_kind kind, double p, gm_class cls, int64_t count,
                          const void *d_x, void *d_out, void *d_workspace,
                          size_t workspace_bytes, cudaStream_t stream);
gm_status gm_matrix_norm (gm_norm_kind kind, gm_class cls, int64_t rows, int64_t cols,
                          const void *d_x, void *d_out, void *d_workspace,
                          size_t workspace_bytes, cudaStream_t stream);

/* ---- integer reductions and scans along one dimension (kernels/reduce_int.cu) ------------ */
/* Octave 7.3's results in the class for int8 ... uint64 data (nd, dims) along dimension dim
 * (1-based; past nd a length of 1), viewed as gm_reduce views its arrays: each line summed or
 * multiplied in Octave's order with octave_int's saturation (so sum (int8 ([100 100 -100]),
 * "native") is 27, not 100), exactly, in parallel (reduce_int.cu says how).  Double results
 * (sum, cumsum, prod, mean of integer data without "native") are the double path's: convert,
 * then gm_reduce / gm_scan.  Queued on `stream`; workspace as for gm_reduce (ask the size, pass
 * at least that many bytes, 16-byte aligned). */
typedef enum {
  GM_IRED_SUM = 0,  /* sum (x, dim, "native"): gm_reduce_dims (GM_RED_SUM)'s shape; no elements
                       give 0                                                                 */
  GM_IRED_PROD,     /* prod (x, dim, "native"): the same shape; no elements give 1            */
  GM_IRED_CUMSUM,   /* cumsum (x, dim, "native"): x's shape                                   */
  GM_IRED_MAX,      /* [m, i] = max (x, [], dim): gm_reduce_dims (GM_RED_MAX)'s shape, the
                       first index of the largest value, i 1-based as double (d_index may be
                       NULL)                                                                  */
  GM_IRED_MIN,      /* the same for min                                                       */
  GM_IRED_COUNT
} gm_int_reduce_op;
/* The result's shape (dims_out has room for GM_MAX_DIMS). */
gm_status gm_int_reduce_dims (gm_int_reduce_op op, int nd, const int64_t *dims, int dim,
                              int *nd_out, int64_t *dims_out);
gm_status gm_int_reduce_workspace_size (gm_int_reduce_op op, gm_class cls, int nd,
                                        const int64_t *dims, int dim, size_t *bytes);
gm_status gm_int_reduce (gm_int_reduce_op op, gm_class cls, int nd, const int64_t *dims, int dim,
                         const void *d_x, void *d_out, double *d_index, void *d_workspace,
                         size_t workspace_bytes, cudaStream_t stream);

/* ---- scans, products, differences and variances along one dimension (kernels/scan.cu) ------ */
/* Octave's cumsum, cumprod, prod, diff and var/std of real double or single data along
 * dimension dim (1-based; past the last dimension the length is 1), computed in the class.  A
 * line (the elements along dim at one position of the other dimensions) of at most 1024
 * elements, or any line when there are at least 132 * 2048 of them, is walked in Octave's own
 * order and gives Octave's bits; longer lines are cut into chunks, which reassociates the sum
 * or product (within the floating-point reduction tolerance).  Deterministic: the same bits on
 * every run and every GPU.  Every function queues work on `stream` only; workspaces as for
 * gm_reduce (ask the size, pass at least that many bytes, 16-byte aligned). */
typedef enum {
  GM_SCAN_CUMSUM = 0, /* cumsum (x, dim): x's shape; each line from its first element on       */
  GM_SCAN_CUMPROD,    /* cumprod (x, dim): x's shape                                          */
  GM_SCAN_PROD,       /* prod (x, dim): gm_reduce_dims (GM_RED_SUM, ...)'s shape (a 0x0 x is
                         taken as 0x1); a line of length 0 gives 1                              */
  GM_SCAN_COUNT
} gm_scan_op;
gm_status gm_scan_workspace_size (gm_scan_op op, gm_class cls, int nd, const int64_t *dims,
                                  int dim, size_t *bytes);
gm_status gm_scan (gm_scan_op op, gm_class cls, int nd, const int64_t *dims, int dim,
                   const void *d_x, void *d_out, void *d_workspace, size_t workspace_bytes,
                   cudaStream_t stream);
/* diff (x, order, dim) for order >= 1: x's shape with dims[dim-1] reduced by order (nothing to
 * compute when dims[dim-1] <= order: the result is empty), each element the order-th
 * difference taken as liboctave's mx_inline_diff takes it (repeated first differences), so
 * with Octave's bits.  No workspace up to order 8. */
gm_status gm_diff_workspace_size (gm_class cls, int nd, const int64_t *dims, int dim,
                                  int64_t order, size_t *bytes);
gm_status gm_diff (gm_class cls, int nd, const int64_t *dims, int dim, int64_t order,
                   const void *d_x, void *d_out, void *d_workspace, size_t workspace_bytes,
                   cudaStream_t stream);
/* var (x, opt, dim) (opt 0 or 1), or std with root != 0, one value a line (pre * post of them,
 * laid out as gm_reduce's outputs), as Octave 7.3's var.m computes it: the mean sum / n, then
 * sumsq (x - mean) / (n - 1 + opt), its square root for std; n == 1 gives 0 (NaN where x is NaN
 * or Inf); a line of length 0 gives NaN.  The shape rules of var.m's empty cases (var ([]) is a
 * 1x1 NaN, and a double even for single data) are the caller's. */
gm_status gm_var_workspace_size (gm_class cls, int nd, const int64_t *dims, int dim,
                                 size_t *bytes);
gm_status gm_var (gm_class cls, int nd, const int64_t *dims, int dim, int opt, int root,
                  const void *d_x, void *d_out, void *d_workspace, size_t workspace_bytes,
                  cudaStream_t stream);

/* ---- complex prod, cumprod, max and min along one dimension (kernels/reduce_complex.cu) ---- */
/* Octave 7.3's prod (x, dim), cumprod (x, dim) and [m, i] = max / min (x, [], dim) of complex
 * double or complex single data (cls GM_COMPLEX_DOUBLE or GM_COMPLEX_SINGLE, interleaved), the
 * array (nd, dims) taken along dim (1-based; past the last dimension the length is 1).
 *  GM_CX_PROD     gm_reduce_dims (GM_RED_SUM, ...)'s shape (a 0x0 x is taken as 0x1, a line of
 *                 length 0 gives 1 + 0i); each line multiplied from 1 + 0i in order with
 *                 std::complex's product (libgcc's __muldc3 / __mulsc3);
 *  GM_CX_CUMPROD  x's shape; the running products from the first element;
 *  GM_CX_MAX, GM_CX_MIN  gm_reduce_dims (GM_RED_MAX, ...)'s shape (nothing to compute where
 *                 dims[dim-1] is 0); Octave's order (abs, then arg with -pi read as pi) and its
 *                 loops' NaN rule, d_index (may be NULL, double, 1-based) the positions.
 * A line of at most 1024 elements, or any line when there are at least 132 * 2048 of them,
 * gives Octave's bits (max and min: Octave's elements always); longer products are chunked
 * (within the floating-point tolerance), a chunked line with a non-finite part in its input or
 * result walked again in Octave's order.  The result stays complex: the caller narrows it as
 * Octave does.  Workspace as gm_reduce's (ask the size, 16-byte aligned); queued on `stream`. */
typedef enum {
  GM_CX_PROD = 0, GM_CX_CUMPROD, GM_CX_MAX, GM_CX_MIN, GM_CX_COUNT
} gm_complex_reduce_op;
gm_status gm_complex_reduce_workspace_size (gm_complex_reduce_op op, gm_class cls, int nd,
                                            const int64_t *dims, int dim, size_t *bytes);
gm_status gm_complex_reduce (gm_complex_reduce_op op, gm_class cls, int nd, const int64_t *dims,
                             int dim, const void *d_x, void *d_out, double *d_index,
                             void *d_workspace, size_t workspace_bytes, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_REDUCE_H */
