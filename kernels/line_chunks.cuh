/* line_chunks.cuh: how scan.cu and reduce_complex.cu cut the lines of a pre x len x post view
 * (gm_line_view, array_internal.h) into chunks, and which line and chunk a thread takes.
 *
 * The cut depends on the shape only (TARGET_THREADS is a constant, not the GPU's count), so the
 * bits of every chunked result are the same on every GPU; lines of at most MIN_CHUNK elements
 * are one chunk, walked in Octave's order exactly.  Included into each file's anonymous
 * namespace (as elementwise_common.cuh is): every kernel file keeps its own copy.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_LINE_CHUNKS_CUH
#define GPUMAT_LINE_CHUNKS_CUH
#include <stdint.h>
#include "gpumat.h"

namespace {

constexpr int BLOCK = 256;
/* 132 SMs x 2048 resident threads (H100/H200), a constant so the chunking (and so the bits of
   every result) never depends on the GPU; reduce.cu aims at the same figure. */
constexpr int64_t TARGET_THREADS = 132 * 2048;
/* No line is cut into chunks shorter than this: lines up to it are Octave's order exactly, and
   a chunk is long enough (1024 sequential steps) to cover a thread's start-up. */
constexpr int64_t MIN_CHUNK = 1024;
constexpr int64_t GRID_CAP = (int64_t) 1 << 20;   /* grid-stride beyond this; no result changes */

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
inline int64_t min64 (int64_t a, int64_t b) { return a < b ? a : b; }
inline int64_t max64 (int64_t a, int64_t b) { return a > b ? a : b; }
inline size_t round16 (size_t b) { return (b + 15) / 16 * 16; }
inline unsigned grid_for (int64_t items)
{
  return (unsigned) max64 (1, min64 (ceil_div (items, BLOCK), GRID_CAP));
}
gm_status launched (const char *what) { return gm_cuda_status (cudaGetLastError (), what); }

__device__ __forceinline__ int64_t imin (int64_t a, int64_t b) { return a < b ? a : b; }

/* ---- the lines of a view and how they are cut ----------------------------------------------- */
struct Lines {
  int64_t pre = 0, len = 0, post = 0;
  int64_t chunk, nchunk;     /* nchunk chunks of chunk elements (the last one may be shorter) */
};

Lines plan (int64_t pre, int64_t len, int64_t post)
{
  Lines L = {pre, len, post, len, 1};
  const int64_t lines = pre * post;
  if (lines == 0 || len <= MIN_CHUNK)
    return L;
  const int64_t n = max64 (1, min64 (ceil_div (TARGET_THREADS, lines), ceil_div (len, MIN_CHUNK)));
  L.chunk = ceil_div (len, n);
  L.nchunk = ceil_div (len, L.chunk);
  return L;
}

/* Thread t of pre * nchunk * post is (a, c, b), a fastest: line a + b*pre, chunk c. */
struct Item {
  int64_t line, first, begin, count, c;   /* first: the chunk's first element's offset;
                                             begin: its position in the line; count: elements */
};
__device__ __forceinline__ Item item_of (const Lines &L, int64_t nchunk, int64_t t)
{
  const int64_t a = t % L.pre, rest = t / L.pre, c = rest % nchunk, b = rest / nchunk;
  Item it;
  it.begin = c * L.chunk;
  it.line = a + b * L.pre;
  it.first = a + it.begin * L.pre + b * L.pre * L.len;
  it.count = imin (L.len, it.begin + L.chunk) - it.begin;
  it.c = c;
  return it;
}

} /* namespace */

#endif
