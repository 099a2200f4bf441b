/* dot_internal.cuh: what kernels/dot.cu (gm_dot: double and single) and kernels/dot_mixed.cu
 * (gm_dot_mixed: every other class pair) share: the block shape, the grid targets that fix the
 * partition of the work (and with it the order of every sum), the grid cap, the plan kinds and
 * the launch check.  Everything here is internal to the including file (an anonymous
 * namespace, as in elementwise_common.cuh), so each file has its own instances.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_DOT_INTERNAL_CUH
#define GPUMAT_DOT_INTERNAL_CUH

#include <stdint.h>
#include <cuda_runtime.h>
#include "gpumat.h"

namespace {

/* ---- constants: the partition depends on these and on the shape, nothing else ------------- */
constexpr int BLOCK = 256;                 /* threads per block, every kernel here               */
constexpr int WARPS = BLOCK / 32;
/* Blocks aimed at for the long-column kernel: 132 SMs x 4, one wave on an H100/H200 (132 SMs,
   6 to 8 blocks of dot_cols_chunked resident per SM); 132 x 8 left the double kernel 1.3 waves
   and 2% slower.  A constant, so that the partition (and the bits of the result) is the same on
   every GPU. */
constexpr int64_t TARGET_BLOCKS = 132 * 4;
/* pre > 1: threads aimed at (132 SMs x 2048 resident threads), chunks at least this long. */
constexpr int64_t TARGET_THREADS = 132 * 2048;
constexpr int64_t STRIDED_MIN_CHUNK = 64;
/* Grids are grid-stride loops over work items; a cap keeps gridDim.x legal for any shape.  The
   work of an item does not depend on which block does it, so the cap changes no result. */
constexpr int64_t GRID_CAP = (int64_t) 1 << 24;

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
inline int64_t min64 (int64_t a, int64_t b) { return a < b ? a : b; }
inline int64_t max64 (int64_t a, int64_t b) { return a > b ? a : b; }
__device__ __forceinline__ int64_t dmin64 (int64_t a, int64_t b) { return a < b ? a : b; }

enum plan_kind { PLAN_NOTHING, PLAN_ZEROS, PLAN_SHORT, PLAN_CHUNKED, PLAN_STRIDED, PLAN_NARROW,
                 PLAN_CLASSIC };

int grid_for (int64_t blocks) { return (int) min64 (max64 (blocks, 1), GRID_CAP); }

gm_status launched (const char *what)
{
  return gm_cuda_status (cudaGetLastError (), what);
}

} /* namespace */

#endif
