/* matmul_native.h: gm_matmul, gm_matmul_pages and gm_matmul_auto_choice (gpumat_matmul.h) where
 * "auto" keeps to the native kernels: never ozaki.  The products of host arrays use them
 * (host_ops.cu, host_ooc.cu, and each rank's share of a distributed product,
 * dist/gm_dist_gpu.c): such a product may run in column panels, in blocks past the
 * device's memory or on several GPUs, and keeps the in-core product's bits (README), which
 * holds because every piece runs the same native kernel; ozaki's choice (by shape) and the
 * tiles it hands to dmma (by data) depend on the piece a call sees.  Products of gpumat
 * arrays take auto's ozaki (pick_auto, matmul.cu).  A kernel asked for by name is run as
 * gm_matmul runs it.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_MATMUL_NATIVE_H
#define GPUMAT_MATMUL_NATIVE_H

#include "gpumat.h"

#ifdef __cplusplus
extern "C" {
#endif

gm_status gm_matmul_native (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                            int64_t m, int64_t n, int64_t k, const void *d_A, int64_t lda,
                            int64_t stride_a, const void *d_B, int64_t ldb, int64_t stride_b,
                            void *d_C, int64_t ldc, int64_t stride_c, int64_t batch,
                            cudaStream_t stream);
gm_status gm_matmul_pages_native (gm_matmul_kernel kernel, gm_class cls, gm_op opa, gm_op opb,
                                  int64_t m, int64_t n, int64_t k, const void *d_A, int64_t lda,
                                  const void *d_B, int64_t ldb, void *d_C, int64_t ldc,
                                  const gm_pages *pages, cudaStream_t stream);
gm_status gm_matmul_auto_choice_native (gm_class cls, gm_op opa, gm_op opb, int64_t m,
                                        int64_t n, int64_t k, int64_t batch,
                                        gm_matmul_kernel *kernel);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_MATMUL_NATIVE_H */
