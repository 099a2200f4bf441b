/* gpumat_matmul.h: the matrix product on device arrays: the kernel registry, operand ops,
 * gm_matmul and its page-wise form, transposes, the symmetric mirror, the scalar case of `*`,
 * and the planning queries of tests and benchmarks (kernels/matmul*.cu, transpose.cu,
 * complex.cu, host_ops.cu, ozaki/).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_MATMUL_H
#define GPUMAT_MATMUL_H

#include <stdint.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- matrix product (kernels/matmul.cu) ------------------------------------------------- */
/* The kernels, one row each in the registry (kernels/matmul_registry.cu), which says what each
 * computes, the classes it takes and the compute capability it needs; gm_matmul_kernel_info
 * reads it.  A new kernel is its file, a value here and a row there. */
typedef enum {
  GM_MATMUL_AUTO = 0,   /* the fastest correct kernel for the shape, class and device */
  GM_MATMUL_NAIVE,
  GM_MATMUL_TILED,
  GM_MATMUL_WPT,
  GM_MATMUL_WARP,
  GM_MATMUL_DMMA,
  GM_MATMUL_TF32X3,
  GM_MATMUL_OZAKI,
  GM_MATMUL_KERNEL_COUNT
} gm_matmul_kernel;

/* One row of the registry: what gm_matmul checks before it runs a kernel, and what the gateway's
 * messages and gpumat_kernels () show. */
#define GM_CLASS_BIT(c) (1u << (unsigned) (c))
typedef struct {
  const char *name;      /* as gpumat_mul takes it (any letter case) */
  unsigned classes;      /* GM_CLASS_BIT of every class it computes */
  int min_cc;            /* the compute capability it needs, 10 * major + minor (0: any) */
  const char *summary;   /* what it is, in one line */
} gm_matmul_kernel_info;
/* The row of `kernel`; NULL for a value outside the enum. */
const gm_matmul_kernel_info *gm_matmul_kernel_info_of (gm_matmul_kernel kernel);
/* GM_OK when `kernel` computes class cls on a device of compute capability cc (cc < 0: the
 * class alone), else GM_ERR_INVALID_ARGUMENT saying why.  "auto" runs every class anywhere. */
gm_status gm_matmul_can_run (gm_matmul_kernel kernel, gm_class cls, int cc);
/* The names of the kernels that compute cls (GM_CLASS_COUNT: every kernel), in enum order,
 * ", " between them and `last` before the last one ("auto, naive or tiled"), into buf (cut to
 * len - 1 bytes); returns buf. */
const char *gm_matmul_kernel_list (gm_class cls, const char *last, char *buf, size_t len);
/* The registry's name of `kernel`; NULL for an unknown value. */
const char *gm_matmul_kernel_name (gm_matmul_kernel kernel);
/* Case-insensitive; returns GM_ERR_INVALID_ARGUMENT for an unknown name. */
gm_status gm_matmul_kernel_from_name (const char *name, gm_matmul_kernel *kernel);
/* The last "ozaki" product of this process (waits for the device): *slices, the moduli of
 * scheme II (14 by default) or the slices of scheme I (8 by default) it cut each operand into
 * (0 where it ran entirely on the FP64 path: k below 16, too little shared memory or
 * workspace), and *fixups, the elements of C it recomputed on the FP64 path because
 * its error guard could not certify the INT8 result (rows or columns with NaN or Inf, wide
 * exponent ranges, results near underflow or overflow; kernels/ozaki/). */
gm_status gm_matmul_ozaki_stats (int *slices, int64_t *fixups);
/* The last "ozaki" product's tile pass (scheme II, issue 34): *tiles, the 128x128 tiles of C over
 * all its pages, and *marked, those its guard (or a result near overflow or underflow) sent to
 * dmma's tile kernel, which computed them as "dmma" does (its 128x128 tile, k unsplit); 0 and 0
 * where no tile pass ran (scheme I, the FP64 path, devices without dmma's 128x128 tile, where
 * such elements take a sequential FP64 loop).  Waits for the device. */
gm_status gm_matmul_ozaki_tiles (int64_t *marked, int64_t *tiles);

/* What to do with an operand before the product (MATLAB's pagemtimes names them "none",
 * "transpose" and "ctranspose").  For real data the conjugate transpose is the transpose. */
typedef enum { GM_OP_NONE = 0, GM_OP_TRANSPOSE, GM_OP_CTRANSPOSE } gm_op;
/* "none", "transpose", "ctranspose"; NULL for an unknown value. */
const char *gm_op_name (gm_op op);
/* Case-sensitive, as pagemtimes; GM_ERR_INVALID_ARGUMENT for an unknown name. */
gm_status gm_op_from_name (const char *name, gm_op *op);

/* C_b = op(A_b) * op(B_b) for every page b < batch, BLAS gemmStridedBatched-shaped, all
 * column-major on the device, X_b = X + b * stride_x elements (strides and leading dimensions
 * count elements of cls: complex pairs for a complex class).
 *
 * Classes: each kernel runs the classes its registry row lists (gm_matmul_kernel_info; a
 * kernel asked for a class or on a device it cannot run returns GM_ERR_INVALID_ARGUMENT, unless
 * C is empty: m, n or batch 0).  Complex double and complex single (both operands complex;
 * promote a real one with gm_real_to_complex) run every kernel of their precision: the
 * product is computed as one real product of twice the rows and depth
 * (kernels/matmul_complex.cu), with GM_OP_CTRANSPOSE conjugating.  Integer classes (both
 * operands of class cls; the exact product accumulated without overflow and saturated to cls
 * once, see kernels/matmul_int.cu) run "auto", "naive" and "tiled".
 *   op(A) is m x k: A is stored m x k (lda >= m) for GM_OP_NONE, k x m (lda >= k) otherwise;
 *   op(B) is k x n: B is stored k x n (ldb >= k) for GM_OP_NONE, n x k (ldb >= n) otherwise;
 *   C is m x n, ldc >= m.
 * A stride of 0 repeats one A (or B) for every page; C's pages must not overlap (stride_c >=
 * ldc * n when batch > 1).  No kernel copies an operand to transpose it: a column-major Aᵀ is
 * a row-major A, and the tile loaders read either layout.  Any m, n, k >= 0 and batch >= 0:
 * k == 0 writes zeros, m, n or batch == 0 does nothing.  Every product is computed (NaN and
 * Inf propagate).  Queued on `stream`; returns the launch status. */
gm_status gm_matmul (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                     int64_t m, int64_t n, int64_t k,
                     const void *d_A, int64_t lda, int64_t stride_a,
                     const void *d_B, int64_t ldb, int64_t stride_b,
                     void *d_C, int64_t ldc, int64_t stride_c,
                     int64_t batch, cudaStream_t stream);

/* Page-wise products with broadcasting (pagemtimes): the pages of C form an array of
 * count[0] x count[1] x ... pages; moving one page along dimension d moves A by stride_a[d]
 * elements, B by stride_b[d] and C by stride_c[d] (0 for A or B: that operand has one page
 * along d, broadcast).  ndims == 0 is a single page. */
#define GM_MAX_PAGE_DIMS 30
typedef struct {
  int ndims;
  int64_t count[GM_MAX_PAGE_DIMS];
  int64_t stride_a[GM_MAX_PAGE_DIMS], stride_b[GM_MAX_PAGE_DIMS], stride_c[GM_MAX_PAGE_DIMS];
} gm_pages;
/* Total pages of C (the product of count[]), GM_ERR_SIZE_OVERFLOW if it overflows. */
gm_status gm_pages_total (const gm_pages *pages, int64_t *total);
/* As gm_matmul over every page of `pages` (NULL: one page).  Dimensions whose strides chain
 * (stride[d+1] == stride[d] * count[d] for A, B and C alike) are merged into one strided
 * batch, so the usual cases (equal page counts, or one operand a single page) are one launch;
 * mixed broadcasting (3x1 pages against 1x4) is one launch per page of the outer dimensions. */
gm_status gm_matmul_pages (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                           int64_t m, int64_t n, int64_t k, const void *d_A, int64_t lda,
                           const void *d_B, int64_t ldb, void *d_C, int64_t ldc,
                           const gm_pages *pages, cudaStream_t stream);

/* dst (cols x rows, leading dimension ld_dst) = src (rows x cols, ld_src) transposed, on the
 * device: how a lazily transposed gpumat array is materialized when its data are needed.  Any
 * class (elements are moved, not interpreted).  gm_transpose_op also takes the op: GM_OP_NONE
 * copies, GM_OP_TRANSPOSE transposes, GM_OP_CTRANSPOSE transposes and conjugates (a complex
 * class; for a real class it is the transpose). */
gm_status gm_transpose (gm_class cls, int64_t rows, int64_t cols, const void *d_src,
                        int64_t ld_src, void *d_dst, int64_t ld_dst, cudaStream_t stream);
gm_status gm_transpose_op (gm_class cls, gm_op op, int64_t rows, int64_t cols, const void *d_src,
                           int64_t ld_src, void *d_dst, int64_t ld_dst, cudaStream_t stream);

/* C(j, i) = C(i, j) for i < j in an n x n matrix: a symmetric product (X'*X) computes its upper
 * triangle's block columns and mirrors them, so that the result is exactly symmetric, as
 * Octave's own X'*X (BLAS syrk) is. */
gm_status gm_mirror_upper (gm_class cls, int64_t n, void *d_C, int64_t ldc, cudaStream_t stream);
/* The same for any floating-point class: GM_OP_CTRANSPOSE on a complex class makes C exactly
 * Hermitian (C(j, i) = conj (C(i, j)), real diagonal), as Octave's X'*X (zherk) is; other ops
 * mirror plainly (X.'*X is complex symmetric, zsyrk). */
gm_status gm_mirror_upper_op (gm_class cls, gm_op op, int64_t n, void *d_C, int64_t ldc,
                              cudaStream_t stream);

/* d_C[i] = (*d_alpha) * d_B[i] for i < count: the scalar-operand case of `*`, double, single,
 * complex double or complex single (alpha and B both of class cls). */
gm_status gm_scale (gm_class cls, int64_t count, const void *d_alpha, const void *d_B, void *d_C,
                    cudaStream_t stream);
/* d_C[i] = alpha * d_B[i], alpha by value (rounded to float for GM_SINGLE), double or single:
 * a host scalar times a device array, with nothing to upload first. */
gm_status gm_scale_value (gm_class cls, int64_t count, double alpha, const void *d_B, void *d_C,
                          cudaStream_t stream);
/* The scalar case with complex data, elementwise as Octave computes it: cls is the complex
 * class of the result; alpha_real / b_real say that alpha / B hold real values of the same
 * precision.  complex * real multiplies each part ((ar*b, ai*b), no promotion), complex *
 * complex is C99 Annex G's product (as std::complex, which Octave uses: infinities are
 * recovered where the textbook formula gives NaN + NaN i). */
gm_status gm_scale_complex (gm_class cls, int alpha_real, int b_real, int64_t count,
                            const void *d_alpha, const void *d_B, void *d_C, cudaStream_t stream);

/* For benchmarks: the median time in milliseconds of `repeats` launches of gm_matmul on device
 * operands (contiguous, column-major, stored as the ops say), measured with CUDA events around each launch after one
 * warm-up launch; the output goes to a scratch block freed before returning. */
gm_status gm_matmul_event_time (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                                int64_t m, int64_t n, int64_t k, const void *d_A,
                                const void *d_B, int repeats, double *median_ms);
/* For tests and benchmarks: the block tile (rows x columns of C) and the number of k slices
 * that kernel "dmma" runs for this double product on the current device, as chosen by its cost
 * model (kernels/matmul_dmma.cu) or set by the environment: GPUMAT_DMMA_TILE = auto (the
 * default), v2 (128x128 only, and auto's choice before the thin tiles), 128x128, 128x64,
 * 64x128 or 64x64 (that tile); GPUMAT_DMMA_SLICES = s (s slices of k, 1 to 512).  Both come
 * from the tuning snapshot (tuning.h; gm_tuning_reload after a setenv); gm_matmul takes an
 * invalid value as unset, here it is GM_ERR_INVALID_ARGUMENT.  Aᵀ * Bᵀ runs as Cᵀ = B * A:
 * its tile names the kernel's sides, the reply C's.  A product whose split-K workspace cannot
 * be had runs unsplit. */
gm_status gm_matmul_dmma_plan (gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k,
                               int64_t batch, int *tile_m, int *tile_n, int *slices);
/* The kernel "auto" runs for a real double or single product of this shape on the current
 * device (GM_MATMUL_AUTO: the page-batch kernel, which has no name of its own). */
gm_status gm_matmul_auto_choice (gm_class cls, gm_op opa, gm_op opb, int64_t m, int64_t n,
                                 int64_t k, int64_t batch, gm_matmul_kernel *kernel);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_MATMUL_H */
