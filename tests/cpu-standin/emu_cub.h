// emu_cub.h: CPU stand-ins for the two CUB calls of kernels/sort.cu and kernels/find.cu
// (tests/cpu-standin/run_sort.sh), with CUB's documented contracts made strict enough that a
// misuse shows:
//   DeviceRadixSort::SortPairs (DoubleBuffer form, overwrite allowed): a stable sort by the key
//     bits [begin_bit, end_bit); like CUB, the result is left in either buffer (Current () says
//     which: here the alternate one after an odd number of 8-bit digit passes), and every other
//     buffer of the pair is overwritten (scratch), so reading a stale one gives garbage; the
//     temporary storage must be passed with at least the size the sizing call returned.
//   DeviceSelect::Flagged: the items whose flag is nonzero, in order, and their number.
//
// Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
#pragma once
#include <algorithm>
#include <stdint.h>
#include <string.h>
#include <vector>
#include <cuda_runtime_api.h>
#undef __host__
#define __host__

static inline unsigned long long atomicAdd (unsigned long long *p, unsigned long long v)
{
  const unsigned long long old = *p;
  *p += v;
  return old;
}

namespace cub {

template <typename T> struct DoubleBuffer {
  T *d_buffers[2];
  int selector;
  DoubleBuffer (T *current, T *alternate) : selector (0)
  {
    d_buffers[0] = current;
    d_buffers[1] = alternate;
  }
  T *Current () { return d_buffers[selector]; }
  T *Alternate () { return d_buffers[selector ^ 1]; }
};

/* what the sizing call asks for: depends on n, so a plan that sizes one pass and runs another
   with fewer bytes fails */
static inline size_t emu_temp_bytes (int64_t n) { return 4096 + (size_t) n; }

struct DeviceRadixSort {
  template <typename K, typename V, typename N>
  static cudaError_t SortPairs (void *temp, size_t &bytes, DoubleBuffer<K> &keys,
                                DoubleBuffer<V> &values, N num_items, int begin_bit = 0,
                                int end_bit = (int) sizeof (K) * 8, cudaStream_t = 0)
  {
    const int64_t n = (int64_t) num_items;
    if (!temp) {
      bytes = emu_temp_bytes (n);
      return cudaSuccess;
    }
    if (bytes < emu_temp_bytes (n) || begin_bit < 0 || end_bit > (int) sizeof (K) * 8
        || begin_bit >= end_bit)
      return cudaErrorInvalidValue;
    const int width = end_bit - begin_bit;
    const K mask = width >= (int) sizeof (K) * 8 ? (K) ~(K) 0 : (K) (((K) 1 << width) - 1);
    K *k = keys.Current ();
    V *v = values.Current ();
    std::vector<int64_t> order ((size_t) n);
    for (int64_t i = 0; i < n; i++)
      order[(size_t) i] = i;
    std::stable_sort (order.begin (), order.end (), [&] (int64_t a, int64_t b) {
      return ((k[a] >> begin_bit) & mask) < ((k[b] >> begin_bit) & mask);
    });
    std::vector<K> ks ((size_t) n);
    std::vector<V> vs ((size_t) n);
    for (int64_t i = 0; i < n; i++) {
      ks[(size_t) i] = k[order[(size_t) i]];
      vs[(size_t) i] = v[order[(size_t) i]];
    }
    const int passes = (width + 7) / 8;
    if (passes % 2) {
      keys.selector ^= 1;
      values.selector ^= 1;
    }
    /* the buffers that do not hold the result are scratch */
    memset (keys.Alternate (), 0xA5, (size_t) n * sizeof (K));
    memset (values.Alternate (), 0x5A, (size_t) n * sizeof (V));
    if (n) {
      memcpy (keys.Current (), ks.data (), (size_t) n * sizeof (K));
      memcpy (values.Current (), vs.data (), (size_t) n * sizeof (V));
    }
    memset (temp, 0xC3, bytes);
    return cudaSuccess;
  }
};

struct DeviceSelect {
  template <typename In, typename Flags, typename Out, typename Num>
  static cudaError_t Flagged (void *temp, size_t &bytes, In in, Flags flags, Out out, Num num,
                              int64_t n, cudaStream_t = 0)
  {
    if (!temp) {
      bytes = emu_temp_bytes (n);
      return cudaSuccess;
    }
    if (bytes < emu_temp_bytes (n))
      return cudaErrorInvalidValue;
    int64_t m = 0;
    for (int64_t i = 0; i < n; i++)
      if (flags[i])
        out[m++] = in[i];
    *num = m;
    memset (temp, 0xC3, bytes);
    return cudaSuccess;
  }
};

} // namespace cub
