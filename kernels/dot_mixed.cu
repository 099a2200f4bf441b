/* dot_mixed.cu: gm_dot_mixed, the dot product for every class pair gm_dot (kernels/dot.cu) does
 * not take: complex with complex or real, an integer class with itself, double or single, and
 * double with single; gm_dot_result_class gives the result's class, Octave's.
 *
 * mixed_cols / mixed_strided / mixed_sum_partials: one family templated on the product term and
 * the accumulator, scalar loads, the partition a function of the shape only, so that every
 * floating-point sum is bitwise reproducible, as gm_dot's.  Integer products follow Octave's
 * rules to the bit (including int64 .* double as oct-inttypes.cc computes it) and are summed
 * exactly, then rounded to double once (the family's comment below gives the bounds).  Not yet
 * timed (bench/bench_integer.cu times int8).  gm_dot_mixed hands double with double and single
 * with single to gm_dot.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <string.h>
#include <type_traits>
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

/* ---- Octave's integer products ---- */
template <typename T> struct IntLimits;
template <> struct IntLimits<int8_t>   { static constexpr int64_t lo = INT8_MIN, hi = INT8_MAX; };
template <> struct IntLimits<uint8_t>  { static constexpr int64_t lo = 0, hi = UINT8_MAX; };
template <> struct IntLimits<int16_t>  { static constexpr int64_t lo = INT16_MIN, hi = INT16_MAX; };
template <> struct IntLimits<uint16_t> { static constexpr int64_t lo = 0, hi = UINT16_MAX; };
template <> struct IntLimits<int32_t>  { static constexpr int64_t lo = INT32_MIN, hi = INT32_MAX; };
template <> struct IntLimits<uint32_t> { static constexpr int64_t lo = 0, hi = UINT32_MAX; };

/* x .* y in the class: the exact product, saturated (octave_int's operator *). */
template <typename T> __device__ __forceinline__ int64_t int_mul (T a, T b)
{
  if constexpr (std::is_unsigned<T>::value) {   /* uint32: up to (2^32 - 1)^2, past int64 */
    const uint64_t p = (uint64_t) a * (uint64_t) b;
    return p > (uint64_t) IntLimits<T>::hi ? IntLimits<T>::hi : (int64_t) p;
  } else {
    const int64_t p = (int64_t) a * (int64_t) b;   /* |p| <= 2^62 */
    return p < IntLimits<T>::lo ? IntLimits<T>::lo : p > IntLimits<T>::hi ? IntLimits<T>::hi : p;
  }
}
template <> __device__ __forceinline__ int64_t int_mul<int64_t> (int64_t a, int64_t b)
{
  const i128 p = (i128) a * b;
  return p < (i128) INT64_MIN ? INT64_MIN : p > (i128) INT64_MAX ? INT64_MAX : (int64_t) p;
}
/* uint64: returned as the bits of a uint64 (the caller reads it unsigned) */
__device__ __forceinline__ uint64_t uint64_mul (uint64_t a, uint64_t b)
{
  const u128 p = (u128) a * b;
  return (p >> 64) ? UINT64_MAX : (uint64_t) p;
}

/* 8- to 32-bit classes times a double (octave_int<T> (double (x) * y)): the double product,
   rounded once as IEEE does (no fma contraction), then Octave's conversion: NaN to 0, round
   to nearest with ties away from zero (round ()), saturate. */
template <typename T> __device__ __forceinline__ int64_t int_mul (T a, double y)
{
  const double p = __dmul_rn ((double) a, y);
  if (isnan (p))
    return 0;
  const double r = round (p);
  return r <= (double) IntLimits<T>::lo ? IntLimits<T>::lo
         : r >= (double) IntLimits<T>::hi ? IntLimits<T>::hi : (int64_t) r;
}

/* int64 / uint64 times a double, as liboctave/util/oct-inttypes.cc (INT_DOUBLE_BINOP_DECL (*,
   int64) and (*, uint64)) computes it on x86-64, reproduced step by step because its rules are
   not the exact product rounded; checked against octave-cli 7.3.0 on 10540 pairs (random
   int64 / uint64 with integral, half-integral, tiny, huge and special doubles: all equal):
     - y integral and |y| < 2^63 (uint64: 0 <= y < 2^64): the exact integer product, saturated;
     - |y| == 0.5: x / 2, rounded half away (int64 (7) * 0.5 is 4).  For y = -0.5 Octave
       divides by octave_int64 (static_cast<uint64_t> (-2.0)), which on x86-64 is 2^64 - 2,
       saturated to intmax: so int64 (2^62) * -0.5 is 1 and int64 (7) * -0.5 is 0 in Octave 7.3
       (uint64 * -0.5 takes the negative branch: 0);
     - NaN or Inf (uint64: also y < 0): octave_int (double (x) * y): NaN (0 * Inf) gives 0;
     - otherwise y is split as its mantissa truncated to 52 bits (frexp, then ldexp (m, 52)
       cast to an integer drops the 53rd bit: int64 (2^62) * (-1/3) is -1537228672809128960,
       not the exact -1537228672809129216) times 2^e; |x| times that 52-bit integer as four
       32-bit words, each word scaled, rounded half away and saturated on its own, the four
       added with saturation. */
__host__ __device__ __forceinline__ int64_t oct_int64_of (double v)   /* octave_int64 (double) */
{
  if (isnan (v))
    return 0;
  if (v >= 9223372036854775808.0)
    return INT64_MAX;
  if (v < -9223372036854775808.0)
    return INT64_MIN;
  return (int64_t) round (v);
}
__host__ __device__ __forceinline__ uint64_t oct_uint64_of (double v)  /* octave_uint64 (double) */
{
  if (isnan (v) || v <= 0)
    return 0;
  if (v >= 18446744073709551616.0)
    return UINT64_MAX;
  return (uint64_t) round (v);
}
/* |x| * mantissa of |y|: the four 32-bit words of umul128 (oct-inttypes.cc), and the exponent
   of the lowest */
__host__ __device__ __forceinline__ void oct_split_mul (uint64_t ax, double y, uint32_t w[4],
                                                        int *e)
{
  int exp;
  const double m = frexp (fabs (y), &exp);
  const uint64_t my = (uint64_t) ldexp (m, 52);   /* truncates: Octave's 52-bit mantissa */
  *e = exp - 52;
  const u128 p = (u128) ax * my;
  w[0] = (uint32_t) p;
  w[1] = (uint32_t) (p >> 32);
  w[2] = (uint32_t) (p >> 64);
  w[3] = (uint32_t) (p >> 96);
}
/* x / d for d > 0, rounded half away from zero (octave_int<int64_t> division) */
__host__ __device__ __forceinline__ int64_t oct_div_round (int64_t x, int64_t d)
{
  int64_t q = x / d, r = x % d;
  const uint64_t ar = r < 0 ? (uint64_t) 0 - (uint64_t) r : (uint64_t) r;
  if (2 * ar >= (uint64_t) d)
    q += x < 0 ? -1 : 1;
  return q;
}
__host__ __device__ __forceinline__ int64_t oct_int64_times (int64_t x, double y)
{
  if (fabs (y) < 9223372036854775808.0 && y == round (y)) {
    const i128 p = (i128) x * (int64_t) y;
    return p > (i128) INT64_MAX ? INT64_MAX : p < (i128) INT64_MIN ? INT64_MIN : (int64_t) p;
  }
  if (fabs (y) == 0.5)
    return oct_div_round (x, y > 0 ? 2 : INT64_MAX);
  if (isnan (y) || isinf (y))
    return oct_int64_of ((double) x * y);
  const bool neg = (y < 0) != (x < 0);
  const uint64_t ax = x < 0 ? (uint64_t) 0 - (uint64_t) x : (uint64_t) x;
  uint32_t w[4];
  int e;
  oct_split_mul (ax, y, w, &e);
  i128 sum = 0;   /* the terms share one sign: saturating each add is saturating the sum */
  for (int i = 0; i < 4; i++, e += 32) {
    const double t = ldexp ((double) w[i], e);
    sum += oct_int64_of (neg ? -t : t);
  }
  return sum > (i128) INT64_MAX ? INT64_MAX : sum < (i128) INT64_MIN ? INT64_MIN : (int64_t) sum;
}
__host__ __device__ __forceinline__ uint64_t oct_uint64_times (uint64_t x, double y)
{
  if (y >= 0 && y < 18446744073709551616.0 && y == round (y)) {
    const u128 p = (u128) x * (uint64_t) y;
    return (p >> 64) ? UINT64_MAX : (uint64_t) p;
  }
  if (y == 0.5)
    return (x >> 1) + (x & 1);   /* x / 2 rounded half up */
  if (y < 0 || isnan (y) || isinf (y))
    return oct_uint64_of ((double) x * y);
  uint32_t w[4];
  int e;
  oct_split_mul (x, y, w, &e);
  u128 sum = 0;
  for (int i = 0; i < 4; i++, e += 32)
    sum += oct_uint64_of (ldexp ((double) w[i], e));
  return (sum >> 64) ? UINT64_MAX : (uint64_t) sum;
}
__device__ __forceinline__ int64_t int_mul (int64_t a, double y) { return oct_int64_times (a, y); }
__device__ __forceinline__ uint64_t uint64_times (uint64_t a, double y)
{
  return oct_uint64_times (a, y);
}
/* times single: Octave widens the single to double (exact) and multiplies as above */

/* ---- terms: element i of x and y into an accumulator ---- */
/* Integer class T against U (T itself, double or float); the integer operand is x. */
template <typename T, typename U> struct IntTerm {
  typedef typename std::conditional<(sizeof (T) >= 4), AccI128, AccI64>::type Acc;
  typedef double Out;
  static constexpr int OUT_PARTS = 1;
  const T *x;
  const U *y;
  __device__ __forceinline__ void add (typename Acc::type &acc, int64_t i) const
  {
    if constexpr (std::is_same<T, U>::value)
      acc += int_mul<T> (x[i], y[i]);
    else
      acc += int_mul (x[i], (double) y[i]);
  }
};
template <typename U> struct IntTerm<uint64_t, U> {
  typedef AccI128 Acc;
  typedef double Out;
  static constexpr int OUT_PARTS = 1;
  const uint64_t *x;
  const U *y;
  __device__ __forceinline__ void add (i128 &acc, int64_t i) const
  {
    if constexpr (std::is_same<uint64_t, U>::value)
      acc += (i128) uint64_mul (x[i], y[i]);
    else
      acc += (i128) uint64_times (x[i], (double) y[i]);
  }
};
/* Complex: x and y of precision R, XR / YR: that operand is real (read as real, its
   imaginary part taken as +0 in the arithmetic, as Octave's promotion to complex does: so
   [1 2] dotted with [0+Inf*i 1] is NaN + Inf i, as in Octave).  conj (x) .* y:
   re += xr yr + xi yi, im += xr yi - xi yr, each an fma into a double, in this order. */
template <typename R, bool XR, bool YR> struct CplxTerm {
  typedef AccCplx Acc;
  typedef R Out;
  static constexpr int OUT_PARTS = 2;
  const R *x;
  const R *y;
  __device__ __forceinline__ void add (double2 &acc, int64_t i) const
  {
    const double xr = XR ? (double) x[i] : (double) x[2 * i];
    const double xi = XR ? 0.0 : (double) x[2 * i + 1];
    const double yr = YR ? (double) y[i] : (double) y[2 * i];
    const double yi = YR ? 0.0 : (double) y[2 * i + 1];
    acc.x = fma (xr, yr, acc.x);
    acc.x = fma (xi, yi, acc.x);
    acc.y = fma (xr, yi, acc.y);
    acc.y = fma (-xi, yr, acc.y);
  }
};
/* double with single: Octave converts the double operand to single (rounding to nearest) and
   takes the single dot; here the products of the two singles (exact in double) are summed in
   double and the result rounded once to single, as gm_dot does for single.  x is the double. */
struct HalfSingleTerm {
  typedef AccReal Acc;
  typedef float Out;
  static constexpr int OUT_PARTS = 1;
  const double *x;
  const float *y;
  __device__ __forceinline__ void add (double &acc, int64_t i) const
  {
    acc = fma ((double) __double2float_rn (x[i]), (double) y[i], acc);
  }
};

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

/* The accumulator size of a class pair (for the workspace). */
size_t mixed_acc_bytes (gm_class x, gm_class y)
{
  if (gm_class_is_complex (x) || gm_class_is_complex (y))
    return sizeof (double2);
  const gm_class ic = gm_class_is_integer (x) ? x : y;
  if (gm_class_is_integer (ic))
    return gm_class_size (ic) >= 4 ? sizeof (i128) : sizeof (int64_t);
  return sizeof (double);
}

gm_status mixed_check (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len, int64_t post,
                       gm_class *out_cls)
{
  gm_status st = gm_dot_result_class (x_cls, y_cls, out_cls);
  if (st != GM_OK)
    return st;
  if (pre < 0 || len < 0 || post < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: negative size (%lld, %lld, %lld)",
                    (long long) pre, (long long) len, (long long) post);
  size_t bytes;
  const size_t es = gm_class_size (x_cls) > gm_class_size (y_cls) ? gm_class_size (x_cls)
                                                                  : gm_class_size (y_cls);
  if ((st = gm_mul_size3 ((size_t) pre, (size_t) len, (size_t) post, &bytes)) == GM_OK
      && (st = gm_mul_size (bytes, es, &bytes)) == GM_OK && bytes > (size_t) INT64_MAX)
    st = gm_fail (GM_ERR_SIZE_OVERFLOW, "gm_dot_mixed: %zu bytes overflow a 64-bit index", bytes);
  return st;
}

template <typename T>
gm_status run_int (gm_class other, const mixed_plan &p, const void *xi, const void *yo,
                   int64_t pre, int64_t len, int64_t post, void *out, void *work,
                   cudaStream_t stream)
{
  if (other == GM_DOUBLE)
    return run_mixed (p, IntTerm<T, double>{(const T *) xi, (const double *) yo}, pre, len, post,
                      out, work, stream);
  if (other == GM_SINGLE)
    return run_mixed (p, IntTerm<T, float>{(const T *) xi, (const float *) yo}, pre, len, post,
                      out, work, stream);
  return run_mixed (p, IntTerm<T, T>{(const T *) xi, (const T *) yo}, pre, len, post, out, work,
                    stream);
}

template <typename R>
gm_status run_cplx (bool xr, bool yr, const mixed_plan &p, const void *x, const void *y,
                    int64_t pre, int64_t len, int64_t post, void *out, void *work,
                    cudaStream_t stream)
{
  const R *X = (const R *) x, *Y = (const R *) y;
  if (xr)
    return run_mixed (p, CplxTerm<R, true, false>{X, Y}, pre, len, post, out, work, stream);
  if (yr)
    return run_mixed (p, CplxTerm<R, false, true>{X, Y}, pre, len, post, out, work, stream);
  return run_mixed (p, CplxTerm<R, false, false>{X, Y}, pre, len, post, out, work, stream);
}

} /* namespace */

/* ---- mixed classes ---------------------------------------------------------------------- */
extern "C" gm_status gm_dot_result_class (gm_class x_cls, gm_class y_cls, gm_class *out_cls)
{
  if (!out_cls)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_result_class: NULL result pointer");
  if (!gm_class_valid (x_cls) || !gm_class_valid (y_cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "dot: unknown class (%d, %d)", (int) x_cls,
                    (int) y_cls);
  const int xi = gm_class_is_integer (x_cls), yi = gm_class_is_integer (y_cls);
  const int xc = gm_class_is_complex (x_cls), yc = gm_class_is_complex (y_cls);
  if (xi || yi) {
    /* Octave's dot takes x .* y then sums in double: one integer class, with itself, double
       or single.  (With a complex operand Octave converts the integer to complex double;
       that pair is not taken here.) */
    const gm_class other = xi ? y_cls : x_cls;
    if ((xi && yi && x_cls != y_cls) || xc || yc)
      return gm_fail (GM_ERR_INVALID_ARGUMENT,
                      "dot: the classes %s and %s do not go together (Octave has no %s .* %s)",
                      gm_class_name (x_cls), gm_class_name (y_cls), gm_class_name (x_cls),
                      gm_class_name (y_cls));
    (void) other;
    *out_cls = GM_DOUBLE;
    return GM_OK;
  }
  if (xc || yc) {
    if (gm_class_real (x_cls) != gm_class_real (y_cls))
      return gm_fail (GM_ERR_INVALID_ARGUMENT,
                      "dot: %s with %s: complex operands of one precision only",
                      gm_class_name (x_cls), gm_class_name (y_cls));
    *out_cls = gm_class_complex (gm_class_real (x_cls));
    return GM_OK;
  }
  /* double and single: single, as Octave's dot (it converts to single and calls sdot) */
  *out_cls = x_cls == GM_DOUBLE && y_cls == GM_DOUBLE ? GM_DOUBLE : GM_SINGLE;
  return GM_OK;
}

extern "C" gm_status gm_dot_mixed_workspace_size (gm_class x_cls, gm_class y_cls, int64_t pre,
                                                  int64_t len, int64_t post, size_t *bytes)
{
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed_workspace_size: NULL result pointer");
  *bytes = 0;
  gm_class out_cls;
  gm_status st = mixed_check (x_cls, y_cls, pre, len, post, &out_cls);
  if (st != GM_OK)
    return st;
  if (x_cls == y_cls && (x_cls == GM_DOUBLE || x_cls == GM_SINGLE))
    return gm_dot_workspace_size (x_cls, pre, len, post, bytes);
  const mixed_plan p = make_mixed_plan (pre, len, post);
  return gm_mul_size (p.partials, mixed_acc_bytes (x_cls, y_cls), bytes);
}

extern "C" gm_status gm_dot_mixed (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len,
                                   int64_t post, const void *d_x, const void *d_y, void *d_out,
                                   void *d_workspace, size_t workspace_bytes,
                                   cudaStream_t stream)
{
  gm_class out_cls;
  gm_status st = mixed_check (x_cls, y_cls, pre, len, post, &out_cls);
  if (st != GM_OK)
    return st;
  if (x_cls == y_cls && (x_cls == GM_DOUBLE || x_cls == GM_SINGLE))
    return gm_dot (x_cls, pre, len, post, d_x, d_y, d_out, d_workspace, workspace_bytes, stream);
  const mixed_plan p = make_mixed_plan (pre, len, post);
  if (p.kind == PLAN_NOTHING)
    return GM_OK;
  size_t need;
  if ((st = gm_mul_size (p.partials, mixed_acc_bytes (x_cls, y_cls), &need)) != GM_OK)
    return st;
  if (!d_out || (p.kind != PLAN_ZEROS && (!d_x || !d_y)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: NULL device pointer");
  if (workspace_bytes < need || (need > 0 && !d_workspace))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: workspace of %zu bytes, %zu needed",
                    d_workspace ? workspace_bytes : (size_t) 0, need);
  if (need > 0 && ((uintptr_t) d_workspace % 16) != 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: workspace not 16-byte aligned");

  if (gm_class_is_complex (out_cls)) {
    const bool xr = !gm_class_is_complex (x_cls), yr = !gm_class_is_complex (y_cls);
    return out_cls == GM_COMPLEX_DOUBLE
               ? run_cplx<double> (xr, yr, p, d_x, d_y, pre, len, post, d_out, d_workspace, stream)
               : run_cplx<float> (xr, yr, p, d_x, d_y, pre, len, post, d_out, d_workspace, stream);
  }
  if (!gm_class_is_integer (x_cls) && !gm_class_is_integer (y_cls)) {   /* double with single */
    const bool xd = x_cls == GM_DOUBLE;
    return run_mixed (p, HalfSingleTerm{(const double *) (xd ? d_x : d_y),
                                        (const float *) (xd ? d_y : d_x)},
                      pre, len, post, d_out, d_workspace, stream);
  }
  /* integer: the product is commutative in Octave (double .* int is int .* double), so the
     integer operand goes first */
  const bool xi = gm_class_is_integer (x_cls);
  const gm_class ic = xi ? x_cls : y_cls, other = xi ? y_cls : x_cls;
  const void *a = xi ? d_x : d_y, *b = xi ? d_y : d_x;
  void *w = d_workspace;
  switch (ic) {
  case GM_INT8:   return run_int<int8_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_UINT8:  return run_int<uint8_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_INT16:  return run_int<int16_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_UINT16: return run_int<uint16_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_INT32:  return run_int<int32_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_UINT32: return run_int<uint32_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_INT64:  return run_int<int64_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  case GM_UINT64: return run_int<uint64_t> (other, p, a, b, pre, len, post, d_out, w, stream);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed: class %s", gm_class_name (ic));
  }
}

/* The workspace comes from gm_device_alloc and goes back to it on every path.  Queued on
   stream 0, not waited for (issue 12). */
extern "C" gm_status gm_dot_mixed_device (gm_class x_cls, gm_class y_cls, int64_t pre,
                                          int64_t len, int64_t post, const void *d_x,
                                          const void *d_y, void *d_out)
{
  size_t work_bytes = 0;
  gm_status st = gm_dot_mixed_workspace_size (x_cls, y_cls, pre, len, post, &work_bytes);
  if (st != GM_OK)
    return st;
  void *d_work = NULL;
  if ((st = gm_device_alloc (&d_work, work_bytes)) != GM_OK)
    return st;
  st = gm_dot_mixed (x_cls, y_cls, pre, len, post, d_x, d_y, d_out, d_work, work_bytes, 0);
  gm_device_free (d_work);   /* queued work may still use it: its next owner queues after */
  return st;
}

extern "C" gm_status gm_dot_mixed_host (gm_class x_cls, gm_class y_cls, int64_t pre, int64_t len,
                                        int64_t post, const void *h_x, const void *h_y,
                                        void *h_out)
{
  gm_class out_cls;
  gm_status st = mixed_check (x_cls, y_cls, pre, len, post, &out_cls);
  if (st != GM_OK)
    return st;
  size_t count, bytes_x, bytes_y, bytes_out;
  if ((st = gm_mul_size3 ((size_t) pre, (size_t) len, (size_t) post, &count)) != GM_OK
      || (st = gm_mul_size (count, gm_class_size (x_cls), &bytes_x)) != GM_OK
      || (st = gm_mul_size (count, gm_class_size (y_cls), &bytes_y)) != GM_OK
      || (st = gm_mul_size3 ((size_t) pre, (size_t) post, gm_class_size (out_cls), &bytes_out))
             != GM_OK)
    return st;
  if (bytes_out == 0)
    return GM_OK;
  if (!h_out || (len > 0 && (!h_x || !h_y)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_dot_mixed_host: NULL host pointer");
  if (len == 0) {             /* the empty sum; 0.0 is all-zero bits in every result class */
    memset (h_out, 0, bytes_out);
    return GM_OK;
  }
  if ((st = gm_init ()) != GM_OK)
    return st;
  void *d_x = NULL, *d_y = NULL, *d_out = NULL;
  if ((st = gm_device_alloc (&d_x, bytes_x)) == GM_OK
      && (st = gm_device_alloc (&d_y, bytes_y)) == GM_OK
      && (st = gm_device_alloc (&d_out, bytes_out)) == GM_OK
      && (st = gm_copy_to_device (d_x, h_x, bytes_x)) == GM_OK
      && (st = gm_copy_to_device (d_y, h_y, bytes_y)) == GM_OK
      && (st = gm_dot_mixed_device (x_cls, y_cls, pre, len, post, d_x, d_y, d_out)) == GM_OK)
    st = gm_copy_to_host (h_out, d_out, bytes_out);
  gm_device_free (d_x);
  gm_device_free (d_y);
  gm_device_free (d_out);
  return st;
}
