/* gpumat.h: the plain C API between the gateway (mex/) and the CUDA code (kernels/).
 *
 * Everything here computes and returns a gm_status; nothing calls exit() or any mx* function.
 * Matrices are column-major, as Octave stores them: element (i, j) of an m-by-n matrix with
 * leading dimension ld is at p[i + j*ld].  Pointers named d_* are device pointers, h_* host.
 *
 * Streams (issue 12): the gateway passes stream 0, the legacy default stream, to every function
 * that takes one, and all work on gpumat arrays is queued there, in order; functions that take
 * no stream and compute on device arrays queue on it too.  Nothing waits unless it says so: a
 * copy to the host, gm_sync, gm_complex_has_imag, and the whole operations on host arrays wait.
 * Device blocks may be freed (to the cache) while queued work still uses them (memory.cu).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_H
#define GPUMAT_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>
#include "tuning.h"   /* the GPUMAT_* variables: gm_tuning_reload after a setenv */

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

/* ---- element classes ------------------------------------------------------------------- */
/* Complex classes are stored interleaved (re, im), as Octave's ComplexNDArray and C's complex
 * types are: element i of a complex array is the pair at p[2*i], p[2*i + 1]. */
typedef enum {
  GM_DOUBLE = 0, GM_SINGLE = 1,
  GM_COMPLEX_DOUBLE = 2, GM_COMPLEX_SINGLE = 3,
  GM_INT8 = 4, GM_UINT8, GM_INT16, GM_UINT16, GM_INT32, GM_UINT32, GM_INT64, GM_UINT64,
  GM_CLASS_COUNT
} gm_class;
static inline int gm_class_valid (gm_class c) { return (int) c >= 0 && c < GM_CLASS_COUNT; }
static inline int gm_class_is_complex (gm_class c)
{
  return c == GM_COMPLEX_DOUBLE || c == GM_COMPLEX_SINGLE;
}
static inline int gm_class_is_integer (gm_class c) { return c >= GM_INT8 && c < GM_CLASS_COUNT; }
/* The class of one real component: double for complex double, single for complex single. */
static inline gm_class gm_class_real (gm_class c)
{
  return c == GM_COMPLEX_DOUBLE ? GM_DOUBLE : c == GM_COMPLEX_SINGLE ? GM_SINGLE : c;
}
/* The complex class of the same precision (double and single only). */
static inline gm_class gm_class_complex (gm_class c)
{
  return c == GM_DOUBLE ? GM_COMPLEX_DOUBLE : c == GM_SINGLE ? GM_COMPLEX_SINGLE : c;
}
/* Bytes of one element (a complex element is both parts). */
static inline size_t gm_class_size (gm_class c)
{
  switch (c) {
  case GM_DOUBLE: case GM_INT64: case GM_UINT64: case GM_COMPLEX_SINGLE: return 8;
  case GM_SINGLE: case GM_INT32: case GM_UINT32: return 4;
  case GM_COMPLEX_DOUBLE: return 16;
  case GM_INT16: case GM_UINT16: return 2;
  case GM_INT8: case GM_UINT8: return 1;
  default: return 8;
  }
}
/* "double", "single", "complex double", "complex single", "int8", ... "uint64". */
const char *gm_class_name (gm_class c);

/* Checked size arithmetic: *out = a * b (or a * b * c); GM_ERR_SIZE_OVERFLOW on overflow. */
gm_status gm_mul_size (size_t a, size_t b, size_t *out);
gm_status gm_mul_size3 (size_t a, size_t b, size_t c, size_t *out);

/* ---- device ---------------------------------------------------------------------------- */
typedef struct {
  char name[256];
  int major, minor;            /* compute capability */
  int multiprocessors;
  size_t total_bytes, free_bytes;
  int driver_version;          /* as CUDA encodes it: 1000*major + 10*minor */
  int runtime_version;
} gm_device_info;

/* Devices.  Every function below works on the calling thread's current CUDA device
 * (cudaSetDevice): device 0 for Octave's thread, which gm_init selects once, unless a caller
 * switches it for one call with gm_use_device and switches it back before returning.  Device
 * memory (gm_device_alloc), the staging pool (one per device), the kernels' per-device caches
 * (attributes, properties) and streams all follow that rule; a device pointer is only valid as
 * an operand on the device that allocated it (gm_device_of tells which).  The several-device
 * product (gm_matmul_host_blocked with opt->devices) runs one host thread per device, each
 * with its own device current; everything in kernels/ that it reaches is safe to call from
 * several threads at once for different devices.  Ordinals are CUDA's, 0-based, below
 * GM_MAX_DEVICES. */
#define GM_MAX_DEVICES 16

/* Selects device 0 once and checks that it can be used; GM_ERR_NO_DEVICE with CUDA's reason
 * otherwise.  Cheap after the first successful call. */
gm_status gm_init (void);
/* Why the last gm_init found no usable GPU, in facts the gateway turns into words. */
typedef enum {
  GM_NODEV_OTHER = 0,     /* another CUDA failure: gm_error_detail () names it              */
  GM_NODEV_NO_DRIVER,     /* no NVIDIA driver (libcuda.so.1 does not load)                   */
  GM_NODEV_OLD_DRIVER,    /* a driver older than the CUDA runtime gpumat was built with      */
  GM_NODEV_NO_DEVICE,     /* a driver, and no GPU it can use                                 */
  GM_NODEV_OLD_DEVICE     /* device 0's compute capability is below the oldest one built     */
} gm_nodev_reason;
typedef struct {
  gm_nodev_reason reason;
  int cuda_error;         /* what cudaGetDeviceCount returned (35, 100, ...)                  */
  int driver_version;     /* cudaDriverGetVersion: 12040 for CUDA 12.4; 0 without a driver    */
  int runtime_version;    /* cudaRuntimeGetVersion: the CUDA runtime linked into gpumat       */
  int driver_library;     /* 1 when libcuda.so.1 loads                                        */
  int driver_module;      /* 1 when /proc/driver/nvidia/version exists (kernel module loaded) */
  int device_cc;          /* GM_NODEV_OLD_DEVICE: device 0's capability, 86 for 8.6           */
  int min_cc;             /* the oldest capability gpumat was built for (0: not known)        */
  char device_name[128];  /* GM_NODEV_OLD_DEVICE: device 0's name                            */
} gm_nodev_info;
void gm_no_device_info (gm_nodev_info *info);
/* This copy of the runtime (an address, compared, never dereferenced): the value type and the
 * MEX gateway call each other's device pointers only when both name the same one. */
const void *gm_runtime_instance (void);
/* The number of CUDA devices gpumat can use (at most GM_MAX_DEVICES). */
gm_status gm_device_count (int *count);
/* Makes `dev` the calling thread's current device (its context created now), returning the
 * previous one in *previous (may be NULL); GM_ERR_INVALID_ARGUMENT for an ordinal that does not
 * exist.  The caller switches back with cudaSetDevice (*previous). */
gm_status gm_use_device (int dev, int *previous);
/* gm_device_query for device `dev`; the calling thread's device is left as it was. */
gm_status gm_device_query_index (int dev, gm_device_info *info);
/* Never fails loudly: 1 when a usable GPU is there, 0 otherwise. */
int gm_available (void);
/* Device 0.  Returns cached device blocks first, so free_bytes reflects only live arrays. */
gm_status gm_device_query (gm_device_info *info);

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

/* ---- complex helpers (kernels/complex.cu) ------------------------------------------------- */
/* d_dst (complex class cls, count elements) = d_src (the real class of cls) + 0i.  This is how
 * Octave's `*` treats a real operand against a complex one (it promotes: [1 2] * [Inf*1i; 1]
 * is NaN + Inf i), so products of mixed operands promote first. */
gm_status gm_real_to_complex (gm_class cls, int64_t count, const void *d_src, void *d_dst,
                              cudaStream_t stream);
/* Queued on `stream`, not waited for: sets the device int *d_flag to 1 where any of the count
 * complex elements at d_src has a nonzero imaginary part (NaN counts), leaving it as it was
 * otherwise; several calls OR into one flag (the blocked product's blocks). */
gm_status gm_complex_flag_imag (gm_class cls, int64_t count, const void *d_src, int *d_flag,
                                cudaStream_t stream);
/* *h_any = 1 when some element of the complex array has a nonzero imaginary part (NaN counts
 * as nonzero), 0 when all are zero: Octave narrows such a result to real.  Synchronizes
 * `stream`. */
gm_status gm_complex_has_imag (gm_class cls, int64_t count, const void *d_src, int *h_any,
                               cudaStream_t stream);
/* d_dst (real class) = real part of d_src (complex class cls); d_dst may not overlap d_src. */
gm_status gm_complex_real_part (gm_class cls, int64_t count, const void *d_src, void *d_dst,
                                cudaStream_t stream);

/* d_C[i] = (*d_alpha) * d_B[i] for i < count: the scalar-operand case of `*`, double, single,
 * complex double or complex single (alpha and B both of class cls). */
gm_status gm_scale (gm_class cls, int64_t count, const void *d_alpha, const void *d_B, void *d_C,
                    cudaStream_t stream);
/* The scalar case with complex data, elementwise as Octave computes it: cls is the complex
 * class of the result; alpha_real / b_real say that alpha / B hold real values of the same
 * precision.  complex * real multiplies each part ((ar*b, ai*b), no promotion), complex *
 * complex is C99 Annex G's product (as std::complex, which Octave uses: infinities are
 * recovered where the textbook formula gives NaN + NaN i). */
gm_status gm_scale_complex (gm_class cls, int alpha_real, int b_real, int64_t count,
                            const void *d_alpha, const void *d_B, void *d_C, cudaStream_t stream);

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

/* ---- class conversion (kernels/convert.cu) ---------------------------------------------- */
/* d_dst[i] = (float) d_src[i], rounding to nearest as Octave's single () does. */
gm_status gm_double_to_single (int64_t count, const double *d_src, float *d_dst,
                               cudaStream_t stream);

/* C(j, i) = C(i, j) for i < j in an n x n matrix: a symmetric product (X'*X) computes its upper
 * triangle's block columns and mirrors them, so that the result is exactly symmetric, as
 * Octave's own X'*X (BLAS syrk) is. */
gm_status gm_mirror_upper (gm_class cls, int64_t n, void *d_C, int64_t ldc, cudaStream_t stream);
/* The same for any floating-point class: GM_OP_CTRANSPOSE on a complex class makes C exactly
 * Hermitian (C(j, i) = conj (C(i, j)), real diagonal), as Octave's X'*X (zherk) is; other ops
 * mirror plainly (X.'*X is complex symmetric, zsyrk). */
gm_status gm_mirror_upper_op (gm_class cls, gm_op op, int64_t n, void *d_C, int64_t ldc,
                              cudaStream_t stream);

/* ---- element-wise operations (kernels/elementwise.cu) ----------------------------------- */
/* Operands are N-d arrays described by (nd, dims): dims[0] is the contiguous dimension, missing
 * trailing dimensions are 1 (nd == 0 is a 1x1 scalar), 0 <= nd <= GM_MAX_DIMS, no dims[d] < 0.
 * Broadcasting is Octave's: dimension d of the result is dims_a[d] where dims_a[d] == dims_b[d]
 * or dims_b[d] == 1, dims_b[d] where dims_a[d] == 1 (so 1 against 0 gives 0: empty results);
 * any other pair is GM_ERR_INVALID_ARGUMENT with gm_error_detail () =
 * "nonconformant arguments (op1 is 2x3, op2 is 4x5)", which the gateway maps to Octave's
 * Octave:nonconformant-args.  Classes: GM_DOUBLE and GM_SINGLE only for now; complex and integer
 * classes are GM_ERR_INVALID_ARGUMENT ("class ... is not supported yet").  A NULL device pointer
 * is refused only when the result has elements.  All functions only queue work on `stream`. */
#define GM_MAX_DIMS 8

/* Octave's logical: comparisons write one byte per element, 0 or 1 (uint8_t; the layout of an
 * mxLOGICAL array, whose bytes the gateway copies as they are).  gm_binop_result_class names it
 * GM_UINT8. */
typedef uint8_t gm_logical;

typedef enum {
  GM_BIN_ADD = 0, GM_BIN_SUB, GM_BIN_MUL, GM_BIN_DIV, GM_BIN_POW,     /* + - .* ./ .^ */
  GM_BIN_LT, GM_BIN_LE, GM_BIN_GT, GM_BIN_GE, GM_BIN_EQ, GM_BIN_NE,   /* < <= > >= == ~= */
  GM_BIN_MAX, GM_BIN_MIN,                                             /* max (a, b), min (a, b) */
  GM_BIN_MOD, GM_BIN_REM, GM_BIN_ATAN2, GM_BIN_HYPOT,                 /* mod rem atan2 hypot */
  GM_BIN_AND, GM_BIN_OR, GM_BIN_XOR,                                  /* & | xor */
  GM_BIN_COUNT
} gm_binop;
/* Octave's function names: "plus", "minus", "times", "rdivide", "power", "lt", "le", "gt",
 * "ge", "eq", "ne", "max", "min", "mod", "rem", "atan2", "hypot", "and", "or", "xor"; NULL for
 * an unknown value. */
const char *gm_binop_name (gm_binop op);
/* What the callers need to know of each operation, one row an op (kernels/elementwise.cu's
 * table, which its dispatch reads too): its name; whether the result is gm_logical (the
 * comparisons and & | xor); whether Octave takes logical and char operands (0 for mod, rem,
 * atan2 and hypot: Octave 7.3 refuses them, "mod: wrong type argument 'bool'"); whether a NaN
 * operand is Octave's error "invalid conversion from NaN to logical" (& | xor: ask gm_any_nan
 * first, the kernels read NaN as true).  NULL for an unknown op. */
typedef struct {
  const char *name;
  int logical_result;
  int takes_logical;
  int nan_is_error;
} gm_binop_info;
const gm_binop_info *gm_binop_describe (gm_binop op);

/* The result's dimensions: max (nd_a, nd_b, 2) of them by the rule above, then trailing 1s
 * dropped down to 2 dimensions (Octave's chop_trailing_singletons).  dims_out has room for
 * GM_MAX_DIMS.  Lets the gateway allocate the output before gm_binary. */
gm_status gm_broadcast_dims (int nd_a, const int64_t *dims_a, int nd_b, const int64_t *dims_b,
                             int *nd_out, int64_t *dims_out);
/* The result class: GM_UINT8 (gm_logical) for a comparison and for & | xor; otherwise single
 * when either operand is single (Octave's rule for double with single), else double. */
gm_status gm_binop_result_class (gm_binop op, gm_class a_cls, gm_class b_cls, gm_class *out_cls);

/* d_out (gm_broadcast_dims's shape, gm_binop_result_class's class) = a op b, element-wise.
 *  - Arithmetic and max/min compute in the result class: a double operand with a single one is
 *    rounded to single first (Octave's rule), single is computed in float, not double.
 *    + - .* ./ are IEEE-rounded, so results are bit-identical to Octave's (NaN payloads aside).
 *  - max/min: Octave's rule: NaN only when both are NaN (max (NaN, 1) is 1); on a tie of -0
 *    with 0, what Octave 7.3 returns: a for same-size arrays and for an array against a 1x1 b,
 *    b for a 1x1 a (against anything) and for broadcast operands.
 *  - .^ is pow () of the class (device libm: 2 ulp in double, 4 in single per CUDA's tables),
 *    except as Octave, where the exponent is a scalar and the base is not: an integer exponent
 *    2, 3 or -1 is a*a, a*a*a, 1/a, other integers pow in double (std::pow (float, int)
 *    promotes).  A negative base with a non-integer exponent gives NaN here where Octave gives
 *    a complex result: ask gm_pow_needs_complex first.
 *  - Comparisons compute in the class arithmetic would (Octave 7.3: single (0.1) == 0.1 is
 *    true: the double is rounded to single); NaN compares unequal to everything.
 *  - mod and rem are Octave's (liboctave lo-mappers.h octave::math::mod/rem, bit for bit):
 *    mod (x, 0) = x, rem (x, 0) = NaN; x - y .* floor (x ./ y) (trunc for rem) with the
 *    product rounded on its own (no fused multiply-add, as Octave's `volatile`), 0 where y is
 *    not an integer and x ./ y is within eps (relative) of an integer; the sign of y (mod) or
 *    x (rem) copied onto the result unless x == y.  In the result class.
 *  - atan2 and hypot: the device libm's (atan2 2 ulp in double, 3 in single; hypot 2 / 3, per
 *    CUDA's tables), in the result class.
 *  - & | xor: a gm_logical result, whether each operand is nonzero: & and | in the class of
 *    the comparisons (Octave 7.3: single (1) & 1e-50 is false), xor each operand in its own
 *    class (its xor.m: xor (single (0), 1e-50) is true); NaN reads as true here, while Octave
 *    raises an error: the caller asks gm_any_nan first (gm_binop_describe's nan_is_error).
 * d_out may be d_a or d_b when it has the same shape and class (each element is read before it
 * is written, by the same thread). */
gm_status gm_binary (gm_binop op, gm_class a_cls, int nd_a, const int64_t *dims_a,
                     const void *d_a, gm_class b_cls, int nd_b, const int64_t *dims_b,
                     const void *d_b, void *d_out, cudaStream_t stream);
/* For tests and benchmarks: the broadcast kernel version the last gm_binary call of this host
 * thread launched: 2 (ew_bcast v2, strided loads, one output a thread), 3 (ew_bcast_vec: VW
 * outputs a thread along the first dimension, kernels/elementwise.cu), 0 when it launched
 * neither (same sizes or a scalar operand, no elements, a refused call). */
int gm_binary_last_bcast (void);
/* *d_flag (a device int) = 1 exactly when Octave 7.3's .^ of these operands returns a complex
 * result, judged in the class the power is computed in; 0 otherwise.  Octave's rules (xpow.cc):
 * same sizes, an array base with a scalar exponent, and two scalars go pair by pair (a < 0 and
 * b not an integer inside int's range, xisint: NaN, Inf and 2^31 are not); a scalar base with
 * an array exponent, and broadcasts, test globally (any a < 0 and any b not a finite integer,
 * whatever pairs they meet in: [-1 2; 3 4] .^ [2 0.5] is complex, (-2) .^ [2^31 1] real).
 * Queues a memset of the flag and up to three kernels on `stream`; the caller copies the flag
 * back (cudaMemcpyAsync, then waits on the stream or an event) when it needs it. */
gm_status gm_pow_needs_complex (gm_class a_cls, int nd_a, const int64_t *dims_a,
                                const void *d_a, gm_class b_cls, int nd_b,
                                const int64_t *dims_b, const void *d_b, int *d_flag,
                                cudaStream_t stream);

/* Unary operations (kernels/elementwise_mappers.cu).  Maximum errors against the exact result
 * are CUDA's documented ones (CUDA C++ Programming Guide, Mathematical Functions), double /
 * single, in ulps; "exact" ones are bit-identical to Octave's (glibc's) result. */
typedef enum {
  GM_UN_NEG = 0,   /* -x: the sign bit flipped (-0 from 0, NaN stays NaN)                       */
  GM_UN_ABS,       /* abs (x)                                                                   */
  GM_UN_SQRT,      /* sqrt (x), IEEE-rounded; NaN for x < 0 (Octave: complex, see below)        */
  GM_UN_EXP,       /* exp (x), device libm: 1 ulp in double, 2 in single                        */
  GM_UN_LOG,       /* log (x), 1 ulp; log (0) = -Inf, NaN for x < 0 (Octave: complex)           */
  GM_UN_FLOOR,     /* floor, ceil, round (half away from zero), fix (toward 0): exact, -0 kept  */
  GM_UN_CEIL,
  GM_UN_ROUND,
  GM_UN_FIX,
  GM_UN_SIGN,      /* sign: -1, 0 (also for -0), 1, NaN: exact                                  */
  GM_UN_SIN,       /* sin cos 2/2, tan 2/4                                                      */
  GM_UN_COS,
  GM_UN_TAN,
  GM_UN_ASIN,      /* asin acos atan 2/2 (asin, acos: |x| > 1 complex in Octave)                */
  GM_UN_ACOS,
  GM_UN_ATAN,
  GM_UN_SINH,      /* sinh 2/3, cosh 1/2, tanh 1/2                                              */
  GM_UN_COSH,
  GM_UN_TANH,
  GM_UN_ASINH,     /* asinh 3/3, acosh 3/4 (x < 1 complex), atanh 2/3 (|x| > 1 complex)         */
  GM_UN_ACOSH,
  GM_UN_ATANH,
  GM_UN_LOG2,      /* log2 1/1, log10 1/2 (x < 0 complex), log1p 1/1 (x < -1 complex)           */
  GM_UN_LOG10,
  GM_UN_LOG1P,
  GM_UN_EXPM1,     /* expm1 1/1                                                                 */
  GM_UN_GAMMA,     /* Octave's gamma: tgamma 10/5 ulp; exact Octave values at 0, -0 (-Inf),
                      negative integers and -Inf (Inf), NaN                                     */
  GM_UN_LGAMMA,    /* lgamma 4/6 ulp outside (-23.0001, -2.2637) (/(-10.001, -2.264)); complex
                      in Octave where gamma (x) < 0                                             */
  GM_UN_ERF,       /* erf 2/2, erfc 5/4, cbrt 1/1                                               */
  GM_UN_ERFC,
  GM_UN_CBRT,
  GM_UN_ISNAN,     /* isnan, isinf, isfinite: a gm_logical result, exact                        */
  GM_UN_ISINF,
  GM_UN_ISFINITE,
  GM_UN_COUNT
} gm_unop;
/* Octave's function names ("uminus", "abs", "sqrt", ..., "fix", "sign", ..., "gamma",
 * "lgamma", ..., "isfinite"); NULL for an unknown value. */
const char *gm_unop_name (gm_unop op);
/* Where Octave's result of a real argument turns complex, by op (gm_unop_describe). */
typedef enum {
  GM_DOMAIN_ALL = 0,     /* real for every real x */
  GM_DOMAIN_NONNEG,      /* complex for x < 0 (sqrt, log, log2, log10; -0 and NaN are not) */
  GM_DOMAIN_UNIT,        /* complex for |x| > 1 (asin, acos, atanh) */
  GM_DOMAIN_GE_ONE,      /* complex for x < 1 (acosh) */
  GM_DOMAIN_GE_MINUS_ONE,/* complex for x < -1 (log1p) */
  GM_DOMAIN_GAMMA_SIGN   /* complex where gamma (x) < 0: -0, and x < 0 not an integer with
                            floor (x) odd (lgamma: lgamma_r's sign, Octave's rc_lgamma) */
} gm_domain;
/* One row an op: its name, whether its result is gm_logical (isnan, isinf, isfinite), and its
 * real domain.  NULL for an unknown op. */
typedef struct {
  const char *name;
  int logical_result;
  gm_domain domain;
} gm_unop_info;
const gm_unop_info *gm_unop_describe (gm_unop op);
/* d_out[i] = op (d_x[i]) for i < count, in class cls (d_out may be d_x; a gm_logical d_out for
 * a logical_result op).  Real only: outside an op's domain the result here is NaN (or what the
 * device libm gives), while Octave returns a complex result; the gateway asks
 * gm_unary_needs_complex first and takes the complex route when it is set. */
gm_status gm_unary (gm_unop op, gm_class cls, int64_t count, const void *d_x, void *d_out,
                    cudaStream_t stream);
/* *d_flag (a device int) = 1 when some d_x[i] < 0 (-0 and NaN are not negative, as in Octave's
 * any_element_is_negative), else 0.  Queued like gm_pow_needs_complex: the caller copies the
 * flag back when it needs the answer. */
gm_status gm_any_negative (gm_class cls, int64_t count, const void *d_x, int *d_flag,
                           cudaStream_t stream);
/* *d_flag = 1 when some d_x[i] lies outside op's real domain (gm_unop_describe), else 0 (always
 * 0 for GM_DOMAIN_ALL, with no kernel).  Queued like gm_any_negative. */
gm_status gm_unary_needs_complex (gm_unop op, gm_class cls, int64_t count, const void *d_x,
                                  int *d_flag, cudaStream_t stream);
/* *d_flag = 1 when some d_x[i] is NaN, else 0.  Queued like gm_any_negative. */
gm_status gm_any_nan (gm_class cls, int64_t count, const void *d_x, int *d_flag,
                      cudaStream_t stream);
/* d_dst (dst_cls) = d_src (src_cls) for count elements: double to single rounds to nearest (as
 * Octave's single ()), single to double is exact, the same class is a device-to-device copy.
 * src_cls GM_UINT8 reads a logical array's bytes (gm_logical, 0 or 1) into double or single. */
gm_status gm_convert (gm_class src_cls, gm_class dst_cls, int64_t count, const void *d_src,
                      void *d_dst, cudaStream_t stream);

/* ---- integer element-wise operations (kernels/elementwise_int.cu) ----------------------- */
/* Octave 7.3's octave_int<T> arithmetic, bit for bit.  Operands as gm_binary's (shapes,
 * broadcasting, nonconformant errors); classes: two arrays of one integer class, or an int8 ...
 * uint32 array with a double or single one (either side).  Ops: + - .* ./, the comparisons,
 * max, min, mod, rem, & and |; not .^ (the gateway leaves it to Octave).  Same class: + - .*
 * saturate (64-bit products exact, as Octave's long double ones), ./ rounds to nearest with
 * ties away from zero, x ./ 0 is intmax (intmin for x < 0), 0 ./ 0 is 0, mod and rem are
 * octave_int's (mod (x, 0) = x, rem (x, 0) = 0).  With a double (or single, widened) operand:
 * + - .* ./ in double, then rounded half away from zero and saturated into the integer class,
 * NaN to 0; comparisons in double (exact); max, min, mod and rem with the floating-point
 * operand converted to the integer class first (Octave's int8_array_value: max (int8 (5), NaN)
 * is 5, mod (int8 (10), 3.7) is 2); & | read NaN as true (Octave 7.3 does so where both
 * operands are scalars, and raises its NaN error otherwise: the caller asks gm_any_nan).  The
 * result: the integer class, or gm_logical (GM_UINT8) for the comparisons and & |.  int64 and
 * uint64 with double or single operands are not taken (Octave computes those in long double):
 * gm_int_binary_supported is 0. */
int gm_int_binary_supported (gm_binop op, gm_class a_cls, gm_class b_cls);
gm_status gm_int_binary_result_class (gm_binop op, gm_class a_cls, gm_class b_cls,
                                      gm_class *out_cls);
gm_status gm_int_binary (gm_binop op, gm_class a_cls, int nd_a, const int64_t *dims_a,
                         const void *d_a, gm_class b_cls, int nd_b, const int64_t *dims_b,
                         const void *d_b, void *d_out, cudaStream_t stream);
/* The unary ops gm_int_unary takes: uminus and abs (saturating: -int8 (-128) is 127), sign
 * (the integer class), floor, ceil, round, fix (a copy), isnan, isinf (all false), isfinite
 * (all true; these three a gm_logical result). */
int gm_int_unary_supported (gm_unop op);
gm_status gm_int_unary (gm_unop op, gm_class cls, int64_t count, const void *d_x, void *d_out,
                        cudaStream_t stream);
/* d_dst (dst_cls) = d_src (src_cls) as Octave's int8 () ... uint64 (), double (), single ():
 * from double or single, rounded half away from zero and saturated at Octave's thresholds, NaN
 * to 0; between integer classes saturated; integer to double or single rounded to nearest.  At
 * least one of the classes is an integer class (GM_UINT8 also reads a logical array's bytes);
 * the same class is a copy.  Queued on `stream`. */
gm_status gm_int_convert (gm_class src_cls, gm_class dst_cls, int64_t count, const void *d_src,
                          void *d_dst, cudaStream_t stream);
/* ---- complex element-wise operations (kernels/elementwise_complex.cu) --------------------- */
/* Octave 7.3's element-wise arithmetic, comparisons and max/min with complex data.  Shapes and
 * broadcasting as gm_binary (gm_broadcast_dims; the same nonconformant message).  Operands: at
 * least one complex, both of one precision (the caller rounds a double operand to single
 * first, gw_convert_operand): a_cls, b_cls each GM_COMPLEX_DOUBLE or GM_DOUBLE, or each
 * GM_COMPLEX_SINGLE or GM_SINGLE; a real operand is read as real data (not promoted).
 *  - + - .* ./ : d_out complex, bit-identical to Octave's std::complex (GCC 12 libgcc's
 *    __muldc3/__divdc3, __mulsc3/__divsc3; complex .* real and complex ./ real part by part;
 *    real ./ complex as (real + 0i) ./ complex), NaN payloads aside;
 *  - == ~= (both parts) and < <= > >= (Octave's order: abs, glibc's hypot; on a tie arg, the
 *    device's atan2, -pi read as pi; a real operand's arg is 0): d_out gm_logical;
 *  - max, min (abs only; a on a tie; a NaN in either part of either operand wins, a before b):
 *    d_out complex (a real operand as real + 0i).
 * The caller narrows a complex result whose imaginary parts are all zero (gm_complex_has_imag),
 * as Octave does.  Queued on stream. */
int gm_complex_binop_supported (gm_binop op);   /* 1 for + - .* ./ < <= > >= == ~= max min */
gm_status gm_complex_binary (gm_binop op, gm_class a_cls, int nd_a, const int64_t *dims_a,
                             const void *d_a, gm_class b_cls, int nd_b, const int64_t *dims_b,
                             const void *d_b, void *d_out, cudaStream_t stream);
/* Unary operations of complex data (cls GM_COMPLEX_DOUBLE or GM_COMPLEX_SINGLE), count
 * elements; d_out is (gm_complex_unop_result) 0: complex of cls (-x: both sign bits flipped,
 * conj, sign: x / abs (x), +0 for 0, as Octave's signum), 1: the real class (real, imag, abs:
 * glibc's hypot bit for bit, arg: atan2, 2 ulp double / 3 single), 2: gm_logical (isnan,
 * isinf: either part; isfinite: both parts; not: both parts zero, while Octave refuses NaN:
 * the caller asks gm_any_nan of the 2*count real parts first). */
typedef enum {
  GM_CUN_NEG = 0, GM_CUN_CONJ, GM_CUN_REAL, GM_CUN_IMAG, GM_CUN_ABS, GM_CUN_ARG, GM_CUN_SIGN,
  GM_CUN_ISNAN, GM_CUN_ISINF, GM_CUN_ISFINITE, GM_CUN_NOT,
  GM_CUN_COUNT
} gm_complex_unop;
/* Octave's names: "uminus", "conj", "real", "imag", "abs", "arg", "sign", "isnan", "isinf",
 * "isfinite", "not"; NULL for an unknown op (and -1 from gm_complex_unop_result). */
const char *gm_complex_unop_name (gm_complex_unop op);
int gm_complex_unop_result (gm_complex_unop op);
gm_status gm_complex_unary (gm_complex_unop op, gm_class cls, int64_t count, const void *d_x,
                            void *d_out, cudaStream_t stream);

/* ---- array building (kernels/arrays.cu): CUDA runtime fills and copies, no kernels --------- */
/* Every byte of d_dst[0, bytes) set to `value` (cudaMemsetAsync on stream 0): queued. */
gm_status gm_fill_bytes (void *d_dst, int value, size_t bytes);
/* bytes from device d_src to device d_dst (cudaMemcpyAsync on stream 0): queued. */
gm_status gm_copy_device (void *d_dst, const void *d_src, size_t bytes);
/* `height` rows of `width` bytes (cudaMemcpy2D): row r from src + r*src_pitch (host memory when
 * src_on_host, else device) to d_dst + r*dst_pitch.  From the device: queued on stream 0; from
 * the host: returns when the bytes have arrived (the host buffer may be reused at once). */
gm_status gm_copy_2d (void *d_dst, size_t dst_pitch, const void *src, size_t src_pitch,
                      size_t width, size_t height, int src_on_host);

/* ---- random arrays (kernels/random.cu): Philox4x32-10, counter-based ---------------------- */
/* The distributions of gm_random_fill: uniform in the open interval (0, 1) (Octave's rand: never
 * 0, never 1, in either class) and standard normal (randn, by Box-Muller). */
typedef enum { GM_RAND_UNIFORM = 0, GM_RAND_NORMAL, GM_RAND_COUNT } gm_rand_dist;
/* "uniform", "normal"; NULL for an unknown value. */
const char *gm_rand_dist_name (gm_rand_dist dist);
/* One Philox4x32-10 block on the host: out = philox (counter, key), the function Random123's
 * known-answer vectors list (counter[0] is their first word). */
void gm_philox4x32_10 (const uint32_t counter[4], const uint32_t key[2], uint32_t out[4]);
/* The Philox blocks that `count` values of cls use: 2 values a block in double, 4 in single
 * (double or single only, count >= 0). */
gm_status gm_random_blocks (gm_class cls, int64_t count, uint64_t *blocks);
/* d_out[i], i < count, of class cls (double or single) drawn from `dist` with key `seed`:
 * element i comes from block first_block + i / (values a block) and is a pure function of
 * (seed, first_block, i), the same bits on every device and launch.  count 0 does nothing.
 * Queued on `stream` (the caller waits when it needs the values). */
gm_status gm_random_fill (gm_rand_dist dist, gm_class cls, int64_t count, uint64_t seed,
                          uint64_t first_block, void *d_out, cudaStream_t stream);
/* The package generator (gpumat.rand, gpumat.randn, gpumat_rng): a seed and a block counter,
 * host state only.  gm_rng_set_seed sets the seed and puts the counter back to 0 (initially
 * seed 0, counter 0); gm_rand fills from the counter and, once the work is queued, advances it
 * by the blocks used, so consecutive calls differ and one seed replays one sequence of calls.
 * gm_reset leaves the generator alone. */
gm_status gm_rng_set_seed (uint64_t seed);
gm_status gm_rng_state (uint64_t *seed, uint64_t *counter);
gm_status gm_rand (gm_rand_dist dist, gm_class cls, int64_t count, void *d_out,
                   cudaStream_t stream);

/* ---- arrays made on the device (kernels/make.cu; randi in kernels/random.cu) -------------- */
/* d_out[e] = the element whose elem_bytes (1, 2, 4, 8 or 16) bytes are at h_value, e < count
 * (zeros, ones, Inf, NaN, true, false of any class; all bytes equal is one memset).  Queued. */
gm_status gm_make_fill (size_t elem_bytes, int64_t count, const void *h_value, void *d_out,
                        cudaStream_t stream);
/* m x n identity, column-major: the element at h_one on the diagonal, all-zero bits elsewhere;
 * every element written (no memset first).  Queued. */
gm_status gm_make_eye (size_t elem_bytes, int64_t m, int64_t n, const void *h_one, void *d_out,
                       cudaStream_t stream);
/* Octave 7.3's base:inc:limit in cls (GM_DOUBLE, or GM_SINGLE computed in float): the element
 * count and final element of make_float_range and range<T>'s xinit, tolerance 3 eps included
 * (1 and NaN for a NaN operand; 0 for an empty range).  GM_ERR_SIZE_OVERFLOW with Octave's
 * message for a range it refuses ("range with infinite number of elements cannot be stored"). */
gm_status gm_range_plan (gm_class cls, double base, double inc, double limit, int64_t *count,
                         double *final);
/* The integer ranges of Octave 7.3 (ov.cc make_int_range): base and limit are values of the
 * integer class cls as two's-complement bits (signed ones sign-extended), the increment is a
 * value of cls (inc) or a double (dinc, inc_is_double: a non-integer one is Octave's error
 * "colon operator increment invalid (not an integer)", GM_ERR_INVALID_ARGUMENT).  Gives the
 * count, the unsigned step and whether the range runs down (limit below base). */
gm_status gm_range_int_plan (gm_class cls, uint64_t base, uint64_t limit, int inc_is_double,
                             uint64_t inc, double dinc, int64_t *count, uint64_t *uinc,
                             int *down);
/* d_out[i], i < count, of range<T>::array_value: element 0 is base, element i base + i*inc in
 * the class (each operation rounded once, never fused), the last `final`.  Double or single. */
gm_status gm_make_range (gm_class cls, int64_t count, double base, double inc, double final,
                         void *d_out, cudaStream_t stream);
/* d_out[i] = base +- i*uinc (down: minus) in the integer class cls, i < count. */
gm_status gm_make_int_range (gm_class cls, int64_t count, uint64_t base, uint64_t uinc,
                             int down, void *d_out, cudaStream_t stream);
/* linspace: m rows of n columns (column-major) of class cls (double or single); row r from
 * d_base[r * base_stride] to d_limit[r * limit_stride] (stride 0: one value for every row).
 * symmetric: Octave's RowVector linspace (both ends scalars: built from both ends, the middle of
 * an odd n their mean); else its Matrix linspace (x1 + j*delta).  Column n-1 is the end exactly. */
gm_status gm_make_linspace (gm_class cls, int64_t m, int64_t n, const void *d_base,
                            int64_t base_stride, const void *d_limit, int64_t limit_stride,
                            int symmetric, void *d_out, cudaStream_t stream);
/* randi: d_out[i] = imin + k, k uniform on 0 .. range-1 (1 <= range <= 2^53, both ends below
 * 2^53 in magnitude), from Philox block first_block + i alone, in class cls (any real class;
 * integer classes saturate as Octave's cast).  gm_randi draws from the package generator and
 * advances its counter by count blocks. */
gm_status gm_random_int_fill (gm_class cls, int64_t count, double imin, uint64_t range,
                              uint64_t seed, uint64_t first_block, void *d_out,
                              cudaStream_t stream);
gm_status gm_randi (gm_class cls, int64_t count, double imin, uint64_t range, void *d_out,
                    cudaStream_t stream);

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

/* ---- whole operations on host arrays (kernels/host_ops.cu) ------------------------------ */
/* Allocate, upload, compute, download and free, on every path (errors included).  Arrays are
 * contiguous column-major host buffers of class cls.  Nothing is left on the device after the
 * call returns, and the result is complete. */
/* C = op(A) * op(B) on host arrays, page by page when `pages` is not NULL (strides as in
 * gm_pages, over contiguous pages: A's stored pages are lda*cols elements apart with lda its
 * stored rows, and so on).  Host arrays are contiguous column-major, A stored m x k for
 * GM_OP_NONE and k x m otherwise, B k x n or n x k, C m x n (times the pages).  When A and B
 * are the same host array with the same size (X'*X, X*X'), it goes up once. */
gm_status gm_matmul_host (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                          int64_t m, int64_t n, int64_t k, const void *h_A, const void *h_B,
                          void *h_C, const gm_pages *pages);
gm_status gm_scale_host (gm_class cls, int64_t count, const void *h_alpha, const void *h_B,
                         void *h_C);
gm_status gm_dot_host (gm_class cls, int64_t pre, int64_t len, int64_t post,
                       const void *h_x, const void *h_y, void *h_out);
/* gm_dot_mixed on host arrays (h_out of class gm_dot_result_class). */
gm_status gm_dot_mixed_host (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len,
                             int64_t post, const void *h_x, const void *h_y, void *h_out);
/* Options of the host-array products.  max_device_bytes: the most device memory the product's
 * buffers may take on each device (0: FREE_SHARE of what is free; the kernels' own workspace
 * comes on top); interrupted: polled between blocks (by the calling thread only, also when
 * several devices run), nonzero stops the product with GM_ERR_INTERRUPTED; devices: the CUDA
 * ordinals to run on (NULL or device_count 0: the calling thread's current device), distinct,
 * as gm_check_devices accepts.  With one device listed the whole product runs there; with
 * several, a one-page real double or single product that gm_matmul_host_opt sends to the
 * blocked path has its blocks of C divided among them (gm_matmul_host_blocked). */
typedef struct {
  int64_t block_rows, block_cols, slice;   /* the blocks and k slice used (mb, nb, kb) */
  int64_t steps;                           /* block products run, all devices */
  double bytes_up, bytes_down;             /* bytes moved each way, all devices */
  double kernel_ms;                        /* the busiest device's sum over its steps of
                                              product time (events): <= wall_ms */
  double wall_ms;                          /* the whole call */
  int devices;                             /* devices that ran (the entries below) */
  int device_ordinal[GM_MAX_DEVICES];
  double device_kernel_ms[GM_MAX_DEVICES]; /* each device's product time */
  int64_t device_steps[GM_MAX_DEVICES];    /* each device's steps */
  int64_t ramp_chunks;                     /* the first block's B panel went up in this many
                                              column chunks, each multiplied on arrival (the
                                              head; 0: in one piece), summed over devices */
} gm_host_stats;
typedef struct {
  size_t max_device_bytes;
  int (*interrupted) (void *ctx);
  void *ctx;
  gm_host_stats *stats;                    /* filled by the blocked path when not NULL */
  const int *devices;
  int device_count;
} gm_host_options;
/* GM_OK when `devices` (count of them; NULL or 0 is fine: the current device) are distinct
 * ordinals of devices this host has, at most GM_MAX_DEVICES; GM_ERR_INVALID_ARGUMENT naming the
 * first bad one otherwise (GM_ERR_NO_DEVICE without a GPU). */
gm_status gm_check_devices (const int *devices, int count);
/* gm_matmul_host with options: one page of real double or single data whose A, B and C do not
 * fit the budget (or the free memory) goes through gm_matmul_host_blocked; everything else as
 * gm_matmul_host. */
gm_status gm_matmul_host_opt (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                              int64_t m, int64_t n, int64_t k, const void *h_A, const void *h_B,
                              void *h_C, const gm_pages *pages, const gm_host_options *opt);
/* C = op(A) * op(B) of host arrays in blocks that fit the budget (kernels/host_ooc.cu): panels
 * streamed through the staging pool, copies overlapped with the products.  One page of any
 * class gm_matmul multiplies: real and complex double and single (the complex form below), and
 * the integer classes (k never cut into slices there: each element stays one exact sum,
 * saturated once).  With opt->devices listing several devices, the blocks are shared among
 * them (one host thread each); with one, it runs on that device; with none, on the current
 * one.  The interrupt callback is only ever called on the calling thread. */
gm_status gm_matmul_host_blocked (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                                  int64_t m, int64_t n, int64_t k, const void *h_A,
                                  const void *h_B, void *h_C, const gm_host_options *opt);
/* The complex form (complex double or single, interleaved): a_real / b_real say that A / B hold
 * real values of cls's precision (half the bytes), promoted on the device panel by panel;
 * *c_has_imag is set as gm_complex_has_imag would say of the whole result. */
gm_status gm_matmul_host_blocked_complex (gm_matmul_kernel kernel, gm_class cls, int a_real,
                                          int b_real, gm_op opa, gm_op opb, int64_t m, int64_t n,
                                          int64_t k, const void *h_A, const void *h_B, void *h_C,
                                          const gm_host_options *opt, int *c_has_imag);
/* The blocks gm_matmul_host_blocked would use under `budget` bytes (for tests and benchmarks). */
gm_status gm_matmul_host_plan (gm_class cls, int64_t m, int64_t n, int64_t k, size_t budget,
                               int64_t *mb, int64_t *nb, int64_t *kb);
/* The blocks shared among `devices` devices under `budget` each (1: gm_matmul_host_plan). */
gm_status gm_matmul_host_plan_shared (gm_class cls, int64_t m, int64_t n, int64_t k,
                                      size_t budget, int devices, int64_t *mb, int64_t *nb,
                                      int64_t *kb);
/* Complex products on host arrays: cls a complex class; a_real / b_real say that h_A / h_B
 * hold real values of the same precision (promoted on the device, as Octave's `*` promotes).
 * h_C receives the complex result; *c_has_imag is set as by gm_complex_has_imag, so that the
 * caller can narrow a result whose imaginary parts are all zero. */
gm_status gm_matmul_host_complex (gm_matmul_kernel kernel, gm_class cls, int a_real, int b_real,
                                  gm_op opa, gm_op opb, int64_t m, int64_t n, int64_t k,
                                  const void *h_A, const void *h_B, void *h_C,
                                  const gm_pages *pages, int *c_has_imag);
/* The same with gm_matmul_host_opt's options and device rule: one page past the budget or the
 * first device's free memory (or, with several devices listed, a large one) is computed by
 * gm_matmul_host_blocked_complex; anything else whole on the first device listed. */
gm_status gm_matmul_host_complex_opt (gm_matmul_kernel kernel, gm_class cls, int a_real,
                                      int b_real, gm_op opa, gm_op opb, int64_t m, int64_t n,
                                      int64_t k, const void *h_A, const void *h_B, void *h_C,
                                      const gm_pages *pages, const gm_host_options *opt,
                                      int *c_has_imag);
/* gm_scale_complex on host arrays. */
gm_status gm_scale_host_complex (gm_class cls, int alpha_real, int b_real, int64_t count,
                                 const void *h_alpha, const void *h_B, void *h_C,
                                 int *c_has_imag);
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
/* gm_dot on device arrays, with the workspace allocated and freed inside; queued on stream 0,
 * not waited for (the workspace goes back to the cache at once). */
gm_status gm_dot_device (gm_class cls, int64_t pre, int64_t len, int64_t post,
                         const void *d_x, const void *d_y, void *d_out);
gm_status gm_dot_mixed_device (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len,
                               int64_t post, const void *d_x, const void *d_y, void *d_out);

/* ---- discrete Fourier transforms (kernels/fft.cu, through NVIDIA's cuFFT) ------------------- */
/* d_out = the DFT of d_x over dimensions first..last (0-based, first <= last < nd) of the N-d
 * array (nd, dims) (as gm_binary's operands; nd == 0 is a scalar, first = last = 0), every
 * combination of the other subscripts transformed on its own: fft (x, [], dim) is
 * first = last = dim - 1, fft2 first 0 and last 1, fftn 0 and nd - 1.  Forward:
 * X(k) = sum_j x(j) exp (-2 pi i j.k / n) (Octave's fft); inverse: the + sign, divided by the
 * number of points (the product of the transformed lengths) as Octave's ifft divides.  cls is
 * the input's class: double or single, real or complex (interleaved); d_out is the complex class
 * of the same precision and the same dims (pad or truncate first: gm_resize).  Real input, forward:
 * an R2C transform and the other half filled with the exact conjugates; real input, inverse:
 * promoted to complex, then C2C, as Octave.  d_x is left as it was; d_out may be d_x for a
 * complex class.  0 elements: nothing (cuFFT is not loaded); every transformed length 1: a copy.
 * Plans are cached (fft.cu); the work area comes from gm_device_alloc.  Queued on `stream`. */
gm_status gm_fft (gm_class cls, int nd, const int64_t *dims, int first, int last, int inverse,
                  const void *d_x, void *d_out, cudaStream_t stream);
/* Loads cuFFT (dlopen of libcufft.so.<major of the cuFFT gpumat was built with>) if it is not
 * loaded yet, and gives its version (cufftGetVersion: 12000 for cuFFT 12.0.0; may be NULL).
 * When it cannot be loaded: GM_ERR_CUDA, gm_error_detail () naming the library, why, and what
 * to install.  gm_fft calls it; the gateway calls it first to raise its own error. */
gm_status gm_fft_library (int *version);
/* *h_any = 1 when some of up to 64 elements spread over the complex array d_x (count elements)
 * has a nonzero imaginary part (NaN counts), else 0; waits for `stream`.  A transform's result
 * almost always has one there, which settles Octave's narrowing (gm_complex_has_imag's whole
 * pass, a tenth of a large FFT's time, runs only when the sample is all real). */
gm_status gm_fft_sample_imag (gm_class cls, int64_t count, const void *d_x, int *h_any,
                              cudaStream_t stream);
/* Destroys the cached plans (gm_reset calls it); after a lost context, forgets them. */
void gm_fft_release (void);
/* For tests: plans in the cache now, and plans made since the process started. */
void gm_fft_plan_stats (int *cached, long long *made);
/* ---- dense linear algebra (kernels/solve.cu, factor.cu): cuSOLVER and cuBLAS, Octave's rules */
/* Square solves, inverses, determinants, LU and Cholesky of full double, single, complex double
 * and complex single matrices on the current device (column-major, leading dimension = rows,
 * as Octave stores them), queued on stream 0 with one cuSOLVER and one cuBLAS handle cached per
 * device (made again after a context reset), workspaces from gm_device_alloc.  Every function
 * here waits: it reads back the factorization's info, and the solvers its condition estimate.
 * Errors of the libraries come back as GM_ERR_CUDA (GM_ERR_OUT_OF_MEMORY for an allocation
 * failure) with the routine and the library's status name in gm_error_detail ().
 *
 * Octave 7.3's rules (liboctave/array/dMatrix.cc, MatrixType.cc; libinterp/corefcn/xdiv.cc,
 * inv.cc, det.cc): the probe of a square matrix (gm_matrix_probe) says upper or lower triangular
 * (every diagonal element nonzero, one strict triangle zero; a diagonal matrix is upper),
 * Hermitian (positive real diagonal, A(i,j) == conj (A(j,i)) and |A(i,j)|^2 < A(i,i) A(j,j)) or
 * full.  Triangular systems are solved by trsm, Hermitian ones by Cholesky (potrf) falling back
 * to LU with partial pivoting (getrf) when potrf fails, full ones by LU.  The reciprocal
 * condition estimate is LAPACK's (xGECON, xPOCON, xTRCON: the 1-norm of A times Hager and
 * Higham's estimate of the 1-norm of inv (A), the same steps, with triangular solves on the
 * device).  Octave warns when it is below eps/2 and then returns what LAPACK computed for a
 * (nearly) singular matrix, or, where getrf finds a zero pivot, a minimum-norm least-squares
 * solution (xGELSD), which cuSOLVER does not have.  So these functions compute only where the
 * answer is Octave's: a matrix holding NaN or Inf, an exact zero pivot, or an estimate below
 * gm_solve_rcond_floor (cls) (128 eps of the class, 256 times Octave's threshold: the device's
 * estimate of an ill-conditioned matrix may differ from LAPACK's, never by that factor in
 * practice) computes nothing and says so in the report; the gateway then calls Octave's own
 * function on the host, which gives Octave's warning and result exactly. */
typedef enum {
  GM_MATRIX_FULL = 0, GM_MATRIX_UPPER, GM_MATRIX_LOWER, GM_MATRIX_HERMITIAN
} gm_matrix_type;
typedef enum {
  GM_SOLVE_DONE = 0,          /* the result is computed                                        */
  GM_SOLVE_NONFINITE,         /* an input holds NaN or Inf (gm_det: or the 1-norm of A
                                 overflows the class): nothing computed                        */
  GM_SOLVE_SINGULAR,          /* getrf found an exact zero pivot: nothing computed (gm_det: 0)  */
  GM_SOLVE_ILL_CONDITIONED    /* rcond below gm_solve_rcond_floor: nothing computed             */
} gm_solve_outcome;
typedef struct {
  gm_solve_outcome outcome;
  gm_matrix_type type;        /* the probe's answer                                            */
  gm_matrix_type factored;    /* what computed the result: UPPER/LOWER trsm or trtri,
                                 HERMITIAN Cholesky, FULL LU                                   */
  int chol_failed;            /* HERMITIAN by the probe, potrf refused it: LU instead          */
  int64_t info;               /* getrf's or potrf's info (first zero pivot / failing minor)    */
  double rcond;               /* the estimate of the factorization used (0 when none)          */
} gm_solve_report;

/* Loads cuBLAS and cuSOLVER (dlopen of libcublas.so.<major> and libcusolver.so.<major> of the
 * toolkit gpumat was built with) if they are not loaded yet: they are not linked, so that
 * loading gpumat does not load them (220-320 ms of every `pkg load` on the H200's host).  When
 * they cannot be loaded: GM_ERR_CUDA, gm_error_detail () naming the library, why, and what to
 * install.  Every function below that factors or solves calls it; the gateway calls it first
 * to raise its own error (gpumat:solve:noCusolver).  The probe, gm_any_nonfinite and gm_norm1
 * do not need it. */
gm_status gm_solver_library (void);
/* Octave's matrix_type of a full n x n matrix, and whether an element is NaN or Inf. */
gm_status gm_matrix_probe (gm_class cls, int64_t n, const void *d_A, gm_matrix_type *type,
                           int *nonfinite);
/* 1 in *h_any when one of count elements (both parts of a complex one) is NaN or Inf. */
gm_status gm_any_nonfinite (gm_class cls, int64_t count, const void *d_x, int *h_any);
/* max over columns of sum |A(:, j)| of an m x n matrix (Octave's norm1; 0 for no columns). */
gm_status gm_norm1 (gm_class cls, int64_t m, int64_t n, const void *d_A, double *h_norm);
/* Below this reciprocal condition estimate the solvers leave the answer to the host (above). */
double gm_solve_rcond_floor (gm_class cls);

/* X = op(A) \ B for an n x n A and an n x nrhs B (d_X n x nrhs; A and B are not written):
 * op GM_OP_NONE, GM_OP_TRANSPOSE (B / A is (A.' \ B.').', as Octave's xdiv computes it) or
 * GM_OP_CTRANSPOSE.  a_cls and b_cls have one precision; a complex A needs a complex B (the
 * caller converts a real one); a real A with a complex B solves the real and imaginary parts
 * as one real system with 2 nrhs columns, as Octave does; X has b_cls.  Triangular op(A) is
 * solved with the op flag and A's own estimate (xTRTRS, xTRCON); otherwise op(A) is formed
 * and probed as A was. */
gm_status gm_solve (gm_class a_cls, gm_class b_cls, gm_op op, int64_t n, int64_t nrhs,
                    const void *d_A, const void *d_B, void *d_X, gm_solve_report *report);
/* X = inv (A), n >= 1, as Octave's Matrix::inverse: trtri, potrf + potri (mirrored to exact
 * Hermitian symmetry), or getrf + getrs against the identity.  report->rcond is the estimate
 * inv returns as its second output. */
gm_status gm_inverse (gm_class cls, int64_t n, const void *d_A, void *d_X,
                      gm_solve_report *report);
/* det (A), n >= 1, as Octave's Matrix::determinant: the product of the diagonal (triangular:
 * rcond 0, as Octave's), of the Cholesky factor's squared, or of the LU factor's with a sign a
 * row swap; a zero pivot gives 0 with rcond 0 (outcome GM_SOLVE_SINGULAR).  Multiplied in the
 * class's precision and scaled by powers of two as Octave's DET class does, so no intermediate
 * overflows; the value is the coefficient times 2^e rounded to the class (DET::value), so a
 * single determinant of 2^128 or more is Inf, as Octave's.  *det_im is 0 for a real class. */
gm_status gm_det (gm_class cls, int64_t n, const void *d_A, double *det_re, double *det_im,
                  gm_solve_report *report);
/* LU with partial pivoting of an m x n A: d_Y (m x n) = getrf's packed factors (Octave's
 * one-output lu), h_perm[0 .. m-1] the 0-based row permutation with A(perm, :) = L * U.
 * report->info: getrf's (lu does not warn). */
gm_status gm_lu (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_Y,
                 int64_t *h_perm, gm_solve_report *report);
/* The factors of gm_lu's Y (k = min (m, n)): d_L (m x k, unit lower triangular, its rows moved
 * to perm's places when permute_l: P' * L, Octave's two-output form), d_U (k x n, upper
 * triangular), d_P (m x m double with P(i, perm(i)) = 1, or NULL).  Queued. */
gm_status gm_lu_factors (gm_class cls, int64_t m, int64_t n, const void *d_Y,
                         const int64_t *h_perm, int permute_l, void *d_L, void *d_U,
                         double *d_P);
/* Cholesky of an n x n A from its upper (upper 1: R' * R = A) or lower (L * L' = A) triangle,
 * the other triangle of the result zero.  report->info = potrf's first failing minor p, 0
 * when A is positive definite; then d_R holds the factor of A(1:p-1, 1:p-1), (p-1) x (p-1) with
 * leading dimension p - 1, as Octave's [R, p] = chol (A) returns it. */
gm_status gm_chol (gm_class cls, int upper, int64_t n, const void *d_A, void *d_R,
                   gm_solve_report *report);

/* ---- eigenvalues, singular values and QR (kernels/eig_svd.cu): cuSOLVER, loaded as above -- */
/* Full double, single, complex double and complex single matrices on the current device
 * (column-major, leading dimension = rows); A is not written.  Each call waits for the
 * routine's info and frees its workspaces.  *info is the routine's info (0: done; > 0: it did
 * not converge, and the outputs are not to be used: the gateway then calls Octave's own
 * function on the host).  Inputs holding NaN or Inf are the caller's to keep away (Octave's
 * eig and svd refuse them with their own errors).  An empty A computes and writes nothing (the
 * gateway leaves empty matrices to Octave's own functions).  Errors of the library:
 * GM_ERR_CUDA with the routine and cuSOLVER's status name in gm_error_detail (). */
/* 1 in *h_hermitian when the n x n A is exactly Hermitian as Octave's eig tests it
 * (ComplexMatrix::ishermitian, Matrix::issymmetric): A(i,j) == conj (A(j,i)) for all i, j (so
 * a complex diagonal is real, and NaN makes it not Hermitian); 0 for n == 0, as Octave. */
gm_status gm_is_hermitian (gm_class cls, int64_t n, const void *d_A, int *h_hermitian);
/* eig of a Hermitian n x n A (cusolverDnXsyevd, from the upper triangle): d_W the n real
 * eigenvalues (the class's real type) in ascending order, as LAPACK's xSYEV/xHEEV give them to
 * Octave; d_V (n x n, A's class; NULL for the values only) the orthonormal eigenvectors,
 * column j for value j. */
gm_status gm_eig_hermitian (gm_class cls, int64_t n, const void *d_A, void *d_W, void *d_V,
                            int64_t *info);
/* eig of a general n x n A (cusolverDnXgeev, right eigenvectors; cuSOLVER 11.7, CUDA 12.6, or
 * newer): d_W the n eigenvalues as complex numbers of A's precision (gm_class_complex of A's
 * real class), d_V (n x n, that complex class; NULL for the values only) the eigenvectors,
 * column j for value j, each of unit 2-norm with its largest component real, as LAPACK's xGEEV
 * gives them (a real A's conjugate pairs expanded from LAPACK's packed real columns).  The
 * order is cuSOLVER's (Octave does not sort eig's values; LAPACK's order may differ).
 * Only where gm_has_eig_general () (else GM_ERR_INVALID_ARGUMENT). */
gm_status gm_eig_general (gm_class cls, int64_t n, const void *d_A, void *d_W, void *d_V,
                          int64_t *info);
/* 1 when the cuSOLVER gpumat was built with has Xgeev (gm_eig_general runs), else 0. */
int gm_has_eig_general (void);
/* svd of an m x n A (cusolverDnXgesvd, through A' when m < n), k = min (m, n): d_S the k
 * singular values (the class's real type) in descending order; with d_U and d_V (both or
 * neither; A's class) A = U * S * V': full (econ 0) U m x m and V n x n, economy (econ 1) U
 * m x k and V n x k. */
gm_status gm_svd (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_S, void *d_U,
                  void *d_V, int econ, int64_t *info);
/* QR of an m x n A (cusolverDnXgeqrf, then orgqr / ungqr), k = min (m, n).  With d_Q: A = Q R,
 * Q (A's class) m x m (econ 0) or m x k (econ 1), orthonormal columns; d_R the upper triangular
 * R, m x n or k x n, as Octave's [Q, R] = qr (A) and qr (A, 0).  d_Q NULL: d_R (m x n) is what
 * Octave's one-output qr (A) returns for a full A: geqrf's factors (R = triu of it) with each
 * reflector below the diagonal multiplied by its tau (liboctave's qr<T>::form, type raw). */
gm_status gm_qr (gm_class cls, int64_t m, int64_t n, const void *d_A, void *d_Q, void *d_R,
                 int econ, int64_t *info);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_H */
