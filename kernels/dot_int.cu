/* dot_int.cu: gm_dot_mixed for the integer classes: an integer class with itself, double or
 * single (kernels/dot_mixed.cu hands them here), on the family of dot_mixed.cuh.  Products follow
 * Octave's rules to the bit (octave_int's saturation; int64 and uint64 .* double as
 * oct-inttypes.cc computes them) and are summed exactly (int64 for 8- and 16-bit classes: exact
 * below 2^47 elements; __int128 for 32- and 64-bit classes), then rounded to double once: equal to
 * Octave's sum wherever that is exact, the correctly rounded sum where it is not.  Eight classes
 * times three partners: most of the compile time of the mixed-class dot.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <type_traits>
#include "gpumat.h"
#include "dot_mixed.cuh"

namespace {

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

} /* namespace */

namespace gm_dot_detail {

gm_status dot_mixed_integer (gm_class ic, gm_class other, int64_t pre, int64_t len, int64_t post,
                             const void *a, const void *b, void *d_out, void *w,
                             cudaStream_t stream)
{
  const mixed_plan p = make_mixed_plan (pre, len, post);
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

} /* namespace gm_dot_detail */
