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
 * The declarations live in one header per area, each self-contained (C and C++); this header
 * includes them all, and is the one the rest of gpumat includes:
 *   gpumat_status.h       gm_status, the failure's detail, checked size arithmetic
 *   gpumat_classes.h      gm_class: element classes, their sizes and names
 *   gpumat_device.h       devices: selection, queries, why no GPU is usable
 *   gpumat_memory.h       the caching allocator, gm_sync, gm_reset, context loss
 *   gpumat_transfer.h     host <-> device copies through the pinned staging pool
 *   gpumat_matmul.h       the matrix product, its kernel registry, gm_op, pages, transposes
 *   gpumat_dot.h          dot products along one dimension, every class pair
 *   gpumat_index.h        indexing, indexed assignment, resizing
 *   gpumat_shape.h        permute, flip, circshift, repmat, diagonals, tril/triu
 *   gpumat_complex.h      real-to-complex promotion, narrowing tests, real part
 *   gpumat_elementwise.h  element-wise operations (real, integer, complex), conversions
 *   gpumat_arrays.h       fills, copies, eye, ranges, linspace, random numbers
 *   gpumat_reduce.h       reductions, norms, scans, diff, var along one dimension
 *   gpumat_sort.h         sort, median, nnz, find
 *   gpumat_host.h         whole operations on host arrays, out-of-core products
 *   gpumat_fft.h          discrete Fourier transforms (cuFFT)
 *   gpumat_linalg.h       solves, inverse, det, lu, chol, eig, svd, qr (cuSOLVER, cuBLAS)
 *   gpumat_peer.h         device memory shared between processes of a host, device-host products
 *   tuning.h              the GPUMAT_* variables: gm_tuning_reload after a setenv
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_H
#define GPUMAT_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>
#include "tuning.h"   /* the GPUMAT_* variables: gm_tuning_reload after a setenv */
#include "gpumat_status.h"
#include "gpumat_classes.h"
#include "gpumat_device.h"
#include "gpumat_memory.h"
#include "gpumat_transfer.h"
#include "gpumat_matmul.h"
#include "gpumat_dot.h"
#include "gpumat_index.h"
#include "gpumat_shape.h"
#include "gpumat_complex.h"
#include "gpumat_elementwise.h"
#include "gpumat_arrays.h"
#include "gpumat_reduce.h"
#include "gpumat_sort.h"
#include "gpumat_host.h"
#include "gpumat_fft.h"
#include "gpumat_linalg.h"
#include "gpumat_peer.h"

#endif /* GPUMAT_H */
