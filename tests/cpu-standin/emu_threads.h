// emu_threads.h: CPU stand-ins for what kernels/tri_solve.cu's kernels use, for
// tests/cpu-standin/run_tri_solve.sh.  Unlike emu.h (threads one after another), each GPU thread
// of a block is an OS thread: __syncthreads is a real barrier, shared memory is shared (a
// function's static), a warp shuffle is an exchange between barriers, so a missing barrier, a
// wrong shared index or a wrong thread's share of the work shows.  Blocks run one at a time, in
// a shuffled order: the kernel takes its tickets in that order, so every block-to-row mapping is
// exercised and a value that is never stored hangs the program (run_tri_solve.sh's time limit
// ends it).  Races between blocks cannot show.
//
// Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
#pragma once
#include <cuda_runtime_api.h>
#include <algorithm>
#include <atomic>
#include <barrier>
#include <random>
#include <thread>
#include <vector>
#undef __global__
#undef __host__
#undef __device__
#undef __forceinline__
#undef __launch_bounds__
#undef __shared__
#define __global__
#define __host__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static
struct emu_idx { unsigned x, y, z; };
inline thread_local emu_idx emu_thread_idx, emu_block_idx;
inline emu_idx emu_grid_dim, emu_block_dim;
inline std::barrier<> *emu_bar;
inline std::mt19937 emu_order_rng (20261130);
#define threadIdx emu_thread_idx
#define blockIdx emu_block_idx
#define gridDim emu_grid_dim
#define blockDim emu_block_dim
static inline void __syncthreads () { emu_bar->arrive_and_wait (); }
static inline void __threadfence () { std::atomic_thread_fence (std::memory_order_seq_cst); }
template <typename T> static inline T __ldcg (const T *p)
{
  T v;
  __atomic_load (p, &v, __ATOMIC_ACQUIRE);
  return v;
}
/* Every thread of the block calls it (as the kernels do): a barrier, the exchange, a barrier. */
template <typename T> static inline T __shfl_xor_sync (unsigned, T v, int lane_mask)
{
  static T slot[1024];
  const unsigned t = emu_thread_idx.x;
  slot[t] = v;
  __syncthreads ();
  const T w = slot[t ^ (unsigned) lane_mask];
  __syncthreads ();
  return w;
}
static inline int atomicAdd (int *p, int v) { return __atomic_fetch_add (p, v, __ATOMIC_SEQ_CST); }
template <typename F> void emu_launch (unsigned blocks, unsigned threads, F f)
{
  emu_grid_dim = {blocks, 1, 1};
  emu_block_dim = {threads, 1, 1};
  std::vector<unsigned> order (blocks);
  for (unsigned b = 0; b < blocks; b++)
    order[b] = b;
  std::shuffle (order.begin (), order.end (), emu_order_rng);
  for (unsigned b : order) {
    std::barrier<> bar (threads);
    emu_bar = &bar;
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; t++)
      pool.emplace_back ([&f, b, t] { emu_block_idx = {b, 0, 0}; emu_thread_idx = {t, 0, 0}; f (); });
    for (auto &th : pool)
      th.join ();
  }
}
