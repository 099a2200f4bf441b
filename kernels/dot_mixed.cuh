/* dot_mixed.cuh: the kernel family of gm_dot_mixed, shared by kernels/dot_mixed.cu (complex, and
 * double with single) and kernels/dot_int.cu (the integer classes): the accumulators, the exact
 * __int128 to double rounding, the three kernels, the plan (a function of the shape only) and
 * run_mixed, which launches them for one product term.  Everything here is internal to the
 * including file (an anonymous namespace, as dot_internal.cuh), so each file instantiates its
 * own terms; the one call across the two files is dot_mixed_integer, at the end.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_DOT_MIXED_CUH
#define GPUMAT_DOT_MIXED_CUH

#include <stdint.h>
#include <cuda_runtime.h>
#include "gpumat.h"
#include "dot_internal.cuh"

namespace {

/* ======================================================================================== */
/* mixed classes (gm_dot_mixed): complex, integer, and double with single                      */
/*                                                                                            */
/* One generic family, templated on a Term (how element i of x and y becomes a product and is  */
/* added to an accumulator) and an Acc (the accumulator type and its shuffles):               */
/*   mixed_cols      pre == 1, len > MIXED_COLS_MIN: a block per (column, chunk), thread t     */
/*                   takes elements begin + t, + BLOCK, ... (coalesced), warp shuffles and one */
/*                   barrier across the warps, as dot_cols_chunked without its 16-byte loads.  */
/*   mixed_strided   otherwise: a thread per (a, b, chunk of len), consecutive threads on      */
/*                   consecutive a (coalesced for pre >= 32; pre == 1 only for short columns). */
/*   mixed_sum_partials  a warp per output sums its chunk partials in a fixed tree.            */
/* The partition is a function of (pre, len, post) only, so the order of every floating-point  */
/* addition (complex, double with single) is fixed: bitwise reproducible.  Integer products    */
/* are summed exactly (int64 for 8- and 16-bit classes, whose saturated products are at most   */
/* 2^16: exact below 2^47 elements; __int128 for 32- and 64-bit classes) and converted to      */
/* double once, correctly rounded: exact whenever the exact sum is representable, which is     */
/* also when Octave's left-to-right double sum is exact, so the two agree there; where Octave's */
/* sum rounds, ours is the correctly rounded one, in any order.                                */

typedef __int128 i128;
typedef unsigned __int128 u128;

constexpr int64_t MIXED_COLS_MIN = 1024;     /* pre == 1: longer columns get a block (chunk)  */
constexpr int64_t MIXED_MIN_CHUNK = 4096;    /* mixed_cols: elements a block, at least         */

/* ---- accumulators ---- */
struct AccI64 {
  typedef int64_t type;
  __device__ static type zero () { return 0; }
  __device__ static void add (type &a, type b) { a += b; }
  __device__ static type shfl_down (type v, int off) { return __shfl_down_sync (0xffffffffu, v, off); }
};
struct AccI128 {
  typedef i128 type;
  __device__ static type zero () { return 0; }
  __device__ static void add (type &a, type b) { a += b; }
  __device__ static type shfl_down (type v, int off)
  {
    const uint64_t lo = __shfl_down_sync (0xffffffffu, (unsigned long long) (uint64_t) v, off);
    const int64_t hi = __shfl_down_sync (0xffffffffu, (long long) (v >> 64), off);
    return (i128) (((u128) (uint64_t) hi << 64) | lo);
  }
};
struct AccReal {
  typedef double type;
  __device__ static type zero () { return 0.0; }
  __device__ static void add (type &a, type b) { a += b; }
  __device__ static type shfl_down (type v, int off) { return __shfl_down_sync (0xffffffffu, v, off); }
};
struct AccCplx {
  typedef double2 type;
  __device__ static type zero () { return make_double2 (0.0, 0.0); }
  __device__ static void add (type &a, type b) { a.x += b.x; a.y += b.y; }
  __device__ static type shfl_down (type v, int off)
  {
    return make_double2 (__shfl_down_sync (0xffffffffu, v.x, off),
                         __shfl_down_sync (0xffffffffu, v.y, off));
  }
};

/* ---- exact integer to double ---- */
/* Correctly rounded (to nearest, ties to even): the top 64 bits of |v| with a sticky bit for
   whatever lies below, converted by the hardware (the sticky bit sits 11 places below the
   last kept bit, so it only breaks ties), then scaled by a power of two (exact). */
__device__ __forceinline__ double i128_to_double (i128 v)
{
  if (v >= (i128) INT64_MIN && v <= (i128) INT64_MAX)
    return (double) (int64_t) v;
  const bool neg = v < 0;
  const u128 u = neg ? (u128) 0 - (u128) v : (u128) v;
  const uint64_t hi = (uint64_t) (u >> 64);
  const int lead = 64 + (63 - __clzll ((long long) hi));   /* index of the top bit, >= 64 */
  const int s = lead - 63;                                  /* 1 .. 64                      */
  uint64_t top = (uint64_t) (u >> s);
  if ((u & (((u128) 1 << s) - 1)) != 0)
    top |= 1;
  const double d = ldexp ((double) top, s);
  return neg ? -d : d;
}

/* The final value of an output, written in its class. */
__device__ __forceinline__ void write_out (double *out, int64_t o, int64_t v) { out[o] = (double) v; }
__device__ __forceinline__ void write_out (double *out, int64_t o, i128 v) { out[o] = i128_to_double (v); }
__device__ __forceinline__ void write_out (float *out, int64_t o, double v) { out[o] = (float) v; }
template <typename R> __device__ __forceinline__ void write_out (R *out, int64_t o, double2 v)
{
  out[2 * o] = (R) v.x;
  out[2 * o + 1] = (R) v.y;
}

template <typename Acc> __device__ __forceinline__ typename Acc::type warp_total (typename Acc::type s)
{
#pragma unroll
  for (int off = 16; off > 0; off >>= 1)
    Acc::add (s, Acc::shfl_down (s, off));
  return s;
}

/* pre == 1.  Item (col, chunk) = blockIdx.x (grid-stride), chunk c covering elements
   [c*chunk_len, min (len, (c+1)*chunk_len)) of column col.  Thread t takes begin + t + BLOCK*q
   for q = 0, 1, ... into one accumulator (4 loads in flight), then the block tree.  Launch:
   any grid of BLOCK threads.  nchunk == 1: out written; else partial[item]. */
template <typename Term>
__global__ void __launch_bounds__ (BLOCK)
mixed_cols (Term t, int64_t len, int64_t post, int64_t chunk_len, int64_t nchunk,
            typename Term::Acc::type *__restrict__ partial, typename Term::Out *__restrict__ out)
{
  typedef typename Term::Acc Acc;
  typedef typename Acc::type A;
  __shared__ A scratch[WARPS];
  const int64_t items = post * nchunk;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (int64_t item = blockIdx.x; item < items; item += gridDim.x) {
    const int64_t col = item / nchunk, chunk = item - col * nchunk;
    const int64_t begin = col * len + chunk * chunk_len;
    const int64_t end = col * len + dmin64 (len, (chunk + 1) * chunk_len);
    A acc = Acc::zero ();
    int64_t i = begin + threadIdx.x;
    for (; i + 3 * BLOCK < end; i += 4 * BLOCK) {
      t.add (acc, i);
      t.add (acc, i + BLOCK);
      t.add (acc, i + 2 * BLOCK);
      t.add (acc, i + 3 * BLOCK);
    }
    for (; i < end; i += BLOCK)
      t.add (acc, i);
    acc = warp_total<Acc> (acc);
    if (lane == 0)
      scratch[warp] = acc;
    __syncthreads ();
    if (warp == 0) {
      A s = lane < WARPS ? scratch[lane] : Acc::zero ();
      s = warp_total<Acc> (s);
      if (lane == 0) {
        if (nchunk == 1)
          write_out (out, col, s);
        else
          partial[item] = s;
      }
    }
    __syncthreads ();          /* scratch is reused by the next item */
  }
}

/* A thread per (a, c, b): item = a + pre * (c + nchunk * b), elements a + i*pre + b*pre*len for
   i in chunk c.  Launch: any grid of BLOCK threads (grid-stride). */
template <typename Term>
__global__ void __launch_bounds__ (BLOCK)
mixed_strided (Term t, int64_t pre, int64_t len, int64_t post, int64_t chunk_len, int64_t nchunk,
               typename Term::Acc::type *__restrict__ partial,
               typename Term::Out *__restrict__ out)
{
  typedef typename Term::Acc Acc;
  const int64_t items = pre * nchunk * post;
  for (int64_t item = blockIdx.x * (int64_t) BLOCK + threadIdx.x; item < items;
       item += (int64_t) gridDim.x * BLOCK) {
    const int64_t a = item % pre, r = item / pre, c = r % nchunk, b = r / nchunk;
    const int64_t i0 = c * chunk_len, i1 = dmin64 (len, i0 + chunk_len);
    const int64_t base = a + b * pre * len;
    typename Acc::type acc = Acc::zero ();
    for (int64_t i = i0; i < i1; i++)
      t.add (acc, base + i * pre);
    const int64_t o = a + b * pre;
    if (nchunk == 1)
      write_out (out, o, acc);
    else
      partial[o * nchunk + c] = acc;
  }
}

/* out[o] = the sum of partial[o*nchunk .. o*nchunk + nchunk), a warp per output: lane j adds
   c = j, j + 32, ... in order, then the warp tree.  Launch: any grid of BLOCK threads. */
template <typename Term>
__global__ void __launch_bounds__ (BLOCK)
mixed_sum_partials (const typename Term::Acc::type *__restrict__ partial, int64_t nchunk,
                    int64_t nout, typename Term::Out *__restrict__ out)
{
  typedef typename Term::Acc Acc;
  const int lane = threadIdx.x & 31;
  for (int64_t o = (int64_t) blockIdx.x * WARPS + (threadIdx.x >> 5); o < nout;
       o += (int64_t) gridDim.x * WARPS) {
    typename Acc::type s = Acc::zero ();
    for (int64_t c = lane; c < nchunk; c += 32)
      Acc::add (s, partial[o * nchunk + c]);
    s = warp_total<Acc> (s);
    if (lane == 0)
      write_out (out, o, s);
  }
}

typedef struct {
  plan_kind kind;            /* PLAN_NOTHING, PLAN_ZEROS, PLAN_CHUNKED (mixed_cols) or
                                PLAN_STRIDED (mixed_strided)                               */
  int64_t chunk_len, nchunk, nout;
  size_t partials;           /* accumulators of workspace */
} mixed_plan;

mixed_plan make_mixed_plan (int64_t pre, int64_t len, int64_t post)
{
  mixed_plan p = {PLAN_NOTHING, 0, 1, pre * post, 0};
  if (pre == 0 || post == 0)
    return p;
  if (len == 0) {
    p.kind = PLAN_ZEROS;
    return p;
  }
  if (pre == 1 && len > MIXED_COLS_MIN) {
    const int64_t want = max64 (1, ceil_div (TARGET_BLOCKS, post));
    p.kind = PLAN_CHUNKED;
    p.chunk_len = max64 (MIXED_MIN_CHUNK, ceil_div (len, want));
  } else {
    const int64_t want = max64 (1, ceil_div (TARGET_THREADS, pre * post));
    p.kind = PLAN_STRIDED;
    p.chunk_len = max64 (STRIDED_MIN_CHUNK, ceil_div (len, want));
  }
  p.nchunk = ceil_div (len, p.chunk_len);
  p.partials = p.nchunk > 1 ? (size_t) (pre * post) * (size_t) p.nchunk : 0;
  return p;
}

template <typename Term>
gm_status run_mixed (const mixed_plan &p, Term t, int64_t pre, int64_t len, int64_t post,
                     void *d_out, void *work, cudaStream_t stream)
{
  typedef typename Term::Acc::type A;
  typedef typename Term::Out O;
  O *out = (O *) d_out;
  A *partial = (A *) work;
  gm_status st;
  switch (p.kind) {
  case PLAN_NOTHING:
    return GM_OK;
  case PLAN_ZEROS:
    return gm_cuda_status (cudaMemsetAsync (out, 0, (size_t) p.nout * Term::OUT_PARTS * sizeof (O),
                                            stream),
                           "gm_dot_mixed: cudaMemsetAsync");
  case PLAN_CHUNKED:
    mixed_cols<Term><<<grid_for (post * p.nchunk), BLOCK, 0, stream>>> (t, len, post, p.chunk_len,
                                                                         p.nchunk, partial, out);
    st = launched ("gm_dot_mixed: mixed_cols launch");
    break;
  case PLAN_STRIDED:
    mixed_strided<Term><<<grid_for (ceil_div (pre * p.nchunk * post, BLOCK)), BLOCK, 0, stream>>> (
        t, pre, len, post, p.chunk_len, p.nchunk, partial, out);
    st = launched ("gm_dot_mixed: mixed_strided launch");
    break;
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: unknown plan %d", (int) p.kind);
  }
  if (st != GM_OK || p.nchunk == 1)
    return st;
  mixed_sum_partials<Term><<<grid_for (ceil_div (p.nout, WARPS)), BLOCK, 0, stream>>> (
      partial, p.nchunk, p.nout, out);
  return launched ("gm_dot_mixed: mixed_sum_partials launch");
}

} /* namespace */

namespace gm_dot_detail {

/* gm_dot_mixed of an integer class ic (operand a) with other (ic itself, double or single:
   operand b), the plan make_mixed_plan (pre, len, post), w its workspace (kernels/dot_int.cu). */
gm_status dot_mixed_integer (gm_class ic, gm_class other, int64_t pre, int64_t len, int64_t post,
                             const void *a, const void *b, void *d_out, void *w,
                             cudaStream_t stream);

} /* namespace gm_dot_detail */

#endif
