/* bench_util.h: what the C/CUDA benchmarks share beyond tests/test_util.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_BENCH_UTIL_H
#define GPUMAT_BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <algorithm>
#include <vector>
#include <cublas_v2.h>
#include "test_util.h"

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

/* Median milliseconds of `reps` runs of run (), each timed with CUDA events on the legacy
 * stream, after two warm-up runs. */
template <typename F> static double time_median (F run, int reps, cudaEvent_t e0, cudaEvent_t e1)
{
  for (int w = 0; w < 2; w++)
    run ();
  std::vector<float> t (reps);
  for (int r = 0; r < reps; r++) {
    TU_CUDA (cudaEventRecord (e0));
    run ();
    TU_CUDA (cudaEventRecord (e1));
    TU_CUDA (cudaEventSynchronize (e1));
    TU_CUDA (cudaEventElapsedTime (&t[r], e0, e1));
  }
  std::sort (t.begin (), t.end ());
  return reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
}

/* The same for two competitors taking turns (a, b, a, b, ...) after a warm-up of each: on a
 * card held at its power cap the clock falls over the first second of a sustained load, so a
 * competitor timed second, or in short bursts, would be flattered (H100, 2026-11-26:
 * bench/NOTES-scale.md).  Medians into *ms_a and *ms_b. */
template <typename FA, typename FB>
static void time_median_pair (FA run_a, FB run_b, int reps, cudaEvent_t e0, cudaEvent_t e1,
                              double *ms_a, double *ms_b)
{
  run_a ();
  run_b ();
  std::vector<float> ta (reps), tb (reps);
  auto timed = [&] (auto run) {
    float ms = 0;
    TU_CUDA (cudaEventRecord (e0));
    run ();
    TU_CUDA (cudaEventRecord (e1));
    TU_CUDA (cudaEventSynchronize (e1));
    TU_CUDA (cudaEventElapsedTime (&ms, e0, e1));
    return ms;
  };
  for (int r = 0; r < reps; r++) {
    ta[r] = timed (run_a);
    tb[r] = timed (run_b);
  }
  auto median = [reps] (std::vector<float> &t) {
    std::sort (t.begin (), t.end ());
    return reps % 2 ? (double) t[reps / 2] : 0.5 * ((double) t[reps / 2 - 1] + t[reps / 2]);
  };
  *ms_a = median (ta);
  *ms_b = median (tb);
}

#endif
