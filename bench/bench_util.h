/* bench_util.h: what the C/CUDA benchmarks share beyond tests/test_util.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_BENCH_UTIL_H
#define GPUMAT_BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <cublas_v2.h>

/* A cuBLAS call in a benchmark program: a failure stops the program. */
#define TU_CUBLAS(call)                                                                      \
  do {                                                                                       \
    cublasStatus_t tu_cublas_st_ = (call);                                                   \
    if (tu_cublas_st_ != CUBLAS_STATUS_SUCCESS) {                                            \
      fprintf (stderr, "%s:%d: %s: cuBLAS status %d\n", __FILE__, __LINE__, #call,           \
               (int) tu_cublas_st_);                                                         \
      exit (2);                                                                              \
    }                                                                                        \
  } while (0)

#endif
