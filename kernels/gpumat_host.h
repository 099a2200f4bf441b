/* gpumat_host.h: whole operations on host arrays (upload, compute, download, free on every
 * path) and the out-of-core products over one or several devices (kernels/host_ops.cu,
 * host_ooc.cu, memory.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_HOST_H
#define GPUMAT_HOST_H

#include <stddef.h>
#include <stdint.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"
#include "gpumat_device.h"
#include "gpumat_matmul.h"

#ifdef __cplusplus
extern "C" {
#endif

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

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_HOST_H */
