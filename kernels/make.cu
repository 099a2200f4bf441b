/* make.cu: arrays made on the device from a few scalars: typed fills (zeros, ones, Inf, NaN,
 * true, false of any class), eye, ranges (a:b, a:s:b) and linspace, with Octave 7.3's element
 * rules; the host planner of ranges (gm_range_plan, gm_range_int_plan) ports Octave's element
 * count (liboctave/array/Range.cc xinit, libinterp ov.cc range_numel) so that the count, every
 * element and the final one are bit-for-bit Octave's.
 *
 * Guarantees:
 *   - Octave data is column-major and every kernel here writes element e = i + j*m (i the row,
 *     the contiguous index) from a grid-stride loop over int64 e: any count, 2^31 and past.
 *   - Fills and eye move bits only, so they are instantiated by element size (1, 2, 4, 8, 16
 *     bytes): the caller gives the element's bytes.
 *   - Ranges and linspace compute with __dmul_rn / __dadd_rn (and the float ones): nvcc would
 *     otherwise contract base + i*inc into one fma, which rounds once where Octave's x86-64 code
 *     (no fma in its baseline) rounds twice, and elements would differ in the last bit.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <string.h>
#include "gpumat.h"

namespace {

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }

/* 256 threads, at most 4096 blocks: the grid-stride loops cover any count (as random.cu). */
constexpr int kThreads = 256;
inline unsigned grid_for (int64_t count)
{
  const int64_t g = ceil_div (count, kThreads);
  return (unsigned) (g < 1 ? 1 : g > 4096 ? 4096 : g);
}

struct alignas (16) bytes16 { uint64_t lo, hi; };

template <int N> struct word_of;
template <> struct word_of<1> { typedef uint8_t type; };
template <> struct word_of<2> { typedef uint16_t type; };
template <> struct word_of<4> { typedef uint32_t type; };
template <> struct word_of<8> { typedef uint64_t type; };
template <> struct word_of<16> { typedef bytes16 type; };

/* out[e] = value for e < count. */
template <typename W>
__global__ void fill_kernel (int64_t count, W value, W *__restrict__ out)
{
  const int64_t stride = (int64_t) gridDim.x * blockDim.x;
  for (int64_t e = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; e < count; e += stride)
    out[e] = value;
}

/* m x n, column-major: out[i + j*m] = (i == j ? one : all-zero bits); every element written
   once, so no memset before. */
template <typename W>
__global__ void eye_kernel (int64_t m, int64_t count, W one, W *__restrict__ out)
{
  const int64_t stride = (int64_t) gridDim.x * blockDim.x;
  for (int64_t e = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; e < count; e += stride)
    out[e] = (e % m == e / m) ? one : W {};
}

template <int N>
gm_status launch_fill (int64_t count, const void *h_value, void *d_out, cudaStream_t stream)
{
  typedef typename word_of<N>::type W;
  W v;
  memcpy (&v, h_value, N);
  fill_kernel<W><<<grid_for (count), kThreads, 0, stream>>> (count, v, (W *) d_out);
  return gm_cuda_status (cudaGetLastError (), "launching fill_kernel");
}

template <int N>
gm_status launch_eye (int64_t m, int64_t count, const void *h_one, void *d_out,
                      cudaStream_t stream)
{
  typedef typename word_of<N>::type W;
  W v;
  memcpy (&v, h_one, N);
  eye_kernel<W><<<grid_for (count), kThreads, 0, stream>>> (m, count, v, (W *) d_out);
  return gm_cuda_status (cudaGetLastError (), "launching eye_kernel");
}

/* Rounded once each, never contracted (see the header). */
__device__ inline double mul_rn (double a, double b) { return __dmul_rn (a, b); }
__device__ inline float mul_rn (float a, float b) { return __fmul_rn (a, b); }
__device__ inline double add_rn (double a, double b) { return __dadd_rn (a, b); }
__device__ inline float add_rn (float a, float b) { return __fadd_rn (a, b); }
__device__ inline double sub_rn (double a, double b) { return __dsub_rn (a, b); }
__device__ inline float sub_rn (float a, float b) { return __fsub_rn (a, b); }

/* Octave's range<T>::array_value: element 0 is base exactly, element i is base + i*inc (i
   converted to T), the last is `final` (also when it is the only one). */
template <typename T>
__global__ void range_float_kernel (int64_t n, T base, T inc, T final, T *__restrict__ out)
{
  const int64_t stride = (int64_t) gridDim.x * blockDim.x;
  for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = i == n - 1 ? final : i == 0 ? base : add_rn (base, mul_rn ((T) i, inc));
}

/* Octave's make_int_range: base, base +- inc, ... in the class (every element lies between
   base and the limit, so base +- i*inc mod 2^64, cut to the element's bits, is the value). */
template <typename W>
__global__ void range_int_kernel (int64_t n, uint64_t base, uint64_t inc, int down,
                                  W *__restrict__ out)
{
  const int64_t stride = (int64_t) gridDim.x * blockDim.x;
  for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    const uint64_t step = (uint64_t) i * inc;
    out[i] = (W) (down ? base - step : base + step);
  }
}

/* linspace, m rows of n columns, column-major (the row index contiguous).  Row r runs from
   x1 = base[r * base_stride] to x2 = limit[r * limit_stride].
   symmetric (Octave's RowVector linspace, both ends scalars): x1 + j*delta for j < n/2,
   x2 - (n-1-j)*delta for j > (n-1)/2, the middle of an odd n (x1 == -x2 ? 0 : (x1 + x2)/2),
   delta = (x2 - x1) / (n - 1).  Otherwise (Matrix linspace): x1 + j*delta, delta 0 when x1 ==
   x2.  Both: column 0 is x1 and column n-1 is x2 exactly (n == 1: x2). */
template <typename T>
__global__ void linspace_kernel (int64_t m, int64_t n, const T *__restrict__ base,
                                 int64_t base_stride, const T *__restrict__ limit,
                                 int64_t limit_stride, int symmetric, T *__restrict__ out)
{
  const int64_t count = m * n, stride = (int64_t) gridDim.x * blockDim.x;
  for (int64_t e = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; e < count; e += stride) {
    const int64_t r = e % m, j = e / m;
    const T x1 = base[r * base_stride], x2 = limit[r * limit_stride];
    T v;
    if (j == n - 1)
      v = x2;
    else if (j == 0)
      v = x1;
    else if (symmetric) {
      const T delta = (x2 - x1) / (T) (uint64_t) (n - 1);
      const int64_t n2 = n / 2;
      if (j < n2)
        v = add_rn (x1, mul_rn ((T) (uint64_t) j, delta));
      else if ((n & 1) && j == n2)
        v = x1 == -x2 ? (T) 0 : add_rn (x1, x2) / (T) 2;
      else
        v = sub_rn (x2, mul_rn ((T) (uint64_t) (n - 1 - j), delta));
    } else {
      const T delta = x1 == x2 ? (T) 0 : (x2 - x1) / (T) (n - 1);
      v = add_rn (x1, mul_rn ((T) j, delta));
    }
    out[e] = v;
  }
}

/* ---- Octave's range planner (Range.cc), in T = double or float ---------------------------- */

template <typename T> T eps_of ();
template <> double eps_of<double> () { return 2.220446049250313e-16; }
template <> float eps_of<float> () { return 1.1920928955078125e-07f; }

/* Hagerty's FL5 floor with tolerance ct (xtfloor). */
template <typename T>
T xtfloor (T x, T ct)
{
  T q = 1;
  if (x < 0)
    q = 1 - ct;
  const T rmax = q / (2 - ct);
  T t1 = 1 + std::floor (x);
  t1 = (ct / q) * (t1 < 0 ? -t1 : t1);
  t1 = (rmax < t1 ? rmax : t1);
  t1 = (ct > t1 ? ct : t1);
  t1 = std::floor (x + t1);
  if (x <= 0 || (t1 - x) < rmax)
    return t1;
  return t1 - 1;
}

template <typename T>
bool xteq (T u, T v)
{
  const T ct = 3 * eps_of<T> ();
  const T tu = std::fabs (u), tv = std::fabs (v);
  return std::fabs (u - v) < ((tu > tv ? tu : tv) * ct);
}

/* Octave's octave_idx_type is int64_t; its max - 1 marks "too many". */
constexpr int64_t IDX_MAX = INT64_MAX;

template <typename T>
int64_t xnumel_internal (T base, T limit, T inc)
{
  if (!std::isfinite (base) || !std::isfinite (inc) || std::isnan (limit))
    return -2;
  if (std::isinf (limit) && ((inc > 0 && limit > 0) || (inc < 0 && limit < 0)))
    return IDX_MAX - 1;
  if (inc == 0 || (limit > base && inc < 0) || (limit < base && inc > 0))
    return 0;
  const T ct = 3 * eps_of<T> ();
  const T tmp = xtfloor<T> ((limit - base + inc) / inc, ct);
  /* Octave's static_cast<octave_idx_type> of a double past 2^63 is undefined; its x86-64
     result is INT64_MIN, which its final test below turns into -1, as this does. */
  int64_t n_elt = tmp > 0 ? (tmp < 0x1.0p63 ? (int64_t) tmp : INT64_MIN) : 0;
  if (n_elt == INT64_MIN)
    return -1;
  if (!xteq<T> (base + (T) (n_elt - 1) * inc, limit)) {
    if (xteq<T> (base + (T) (n_elt - 2) * inc, limit))
      n_elt--;
    else if (xteq<T> (base + (T) n_elt * inc, limit))
      n_elt++;
  }
  return n_elt < IDX_MAX - 1 ? n_elt : -1;
}

template <typename T>
bool xall_elements_are_ints (T base, T inc, T final_val, int64_t nel)
{
  if (nel == 0 || std::isnan (final_val))
    return false;
  if (std::round (base) == base && std::round (inc) == inc)
    return true;
  if (nel == 1 && std::round (base) != 0)
    return true;
  return false;
}

template <typename T>
T xfinal_value (T base, T limit, T inc, int64_t nel)
{
  if (nel <= 1)
    return base;
  T retval = base + (T) (nel - 1) * inc;
  if ((inc > T (0) && retval >= limit) || (inc < T (0) && retval <= limit))
    retval = limit;
  if (xall_elements_are_ints (base, inc, retval, nel))
    retval = std::round (retval);
  return retval;
}

/* make_float_range (ov.cc) and xinit (Range.cc): count, final value; GM_ERR_SIZE_OVERFLOW for
   a range Octave refuses to store ("range with infinite number of elements cannot be stored")
   or cannot count (numel -1, -2). */
template <typename T>
gm_status plan_float (T base, T inc, T limit, int64_t *count, T *final)
{
  *final = base;
  if (std::isnan (base) || std::isnan (inc) || std::isnan (limit)) {
    *count = 1;
    *final = NAN;
    return GM_OK;
  }
  if (inc == 0 || (inc > 0 && base > limit) || (inc < 0 && base < limit)) {
    *count = 0;
    return GM_OK;
  }
  if ((limit <= base && base + inc < limit) || (limit >= base && base + inc > limit)) {
    *count = 1;
    return GM_OK;
  }
  const T dnel = (limit - base) / inc;
  if (std::isnan (dnel)) {
    *count = 1;
    *final = NAN;
    return GM_OK;
  }
  int64_t nel;
  if (dnel > 0 && std::isinf (dnel))
    nel = IDX_MAX;
  else
    nel = xnumel_internal<T> (base, limit, inc);
  if (nel > 1 && (std::isinf (base) || std::isinf (limit)))
    return gm_fail (GM_ERR_SIZE_OVERFLOW,
                    "range with infinite number of elements cannot be stored");
  if (nel < 0 || nel >= IDX_MAX - 1)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "out of memory or dimension too large for Octave's "
                    "index type");
  *count = nel;
  *final = xfinal_value<T> (base, limit, inc, nel);
  return GM_OK;
}

/* A value of an integer class as its two's-complement bits (signed ones sign-extended). */
inline bool is_signed_int (gm_class c)
{
  return c == GM_INT8 || c == GM_INT16 || c == GM_INT32 || c == GM_INT64;
}
inline uint64_t umax_of (gm_class c)
{
  switch (gm_class_size (c)) {
  case 1: return 0xFFull;
  case 2: return 0xFFFFull;
  case 4: return 0xFFFFFFFFull;
  default: return ~0ull;
  }
}

} /* namespace */

extern "C" gm_status gm_make_fill (size_t elem_bytes, int64_t count, const void *h_value,
                                   void *d_out, cudaStream_t stream)
{
  if (count < 0 || !h_value)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_fill: count %lld", (long long) count);
  if (elem_bytes != 1 && elem_bytes != 2 && elem_bytes != 4 && elem_bytes != 8 && elem_bytes != 16)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_fill: element size %zu", elem_bytes);
  if (count == 0)
    return GM_OK;
  if (!d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_fill: NULL output");
  const unsigned char *b = (const unsigned char *) h_value;
  bool same = true;                 /* every byte equal (0, or a logical's 1): one memset */
  for (size_t k = 1; k < elem_bytes; k++)
    same &= b[k] == b[0];
  size_t total;
  if (same && gm_mul_size ((size_t) count, elem_bytes, &total) == GM_OK)
    return gm_cuda_status (cudaMemsetAsync (d_out, b[0], total, stream), "cudaMemsetAsync");
  switch (elem_bytes) {
  case 1: return launch_fill<1> (count, h_value, d_out, stream);
  case 2: return launch_fill<2> (count, h_value, d_out, stream);
  case 4: return launch_fill<4> (count, h_value, d_out, stream);
  case 8: return launch_fill<8> (count, h_value, d_out, stream);
  case 16: return launch_fill<16> (count, h_value, d_out, stream);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_fill: element size %zu", elem_bytes);
  }
}

extern "C" gm_status gm_make_eye (size_t elem_bytes, int64_t m, int64_t n, const void *h_one,
                                  void *d_out, cudaStream_t stream)
{
  if (m < 0 || n < 0 || !h_one)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_eye: %lld x %lld", (long long) m,
                    (long long) n);
  if (m == 0 || n == 0)
    return GM_OK;
  if (!d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_eye: NULL output");
  if (m > INT64_MAX / n)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "gm_make_eye: %lld x %lld", (long long) m,
                    (long long) n);
  const int64_t count = m * n;
  switch (elem_bytes) {
  case 1: return launch_eye<1> (m, count, h_one, d_out, stream);
  case 2: return launch_eye<2> (m, count, h_one, d_out, stream);
  case 4: return launch_eye<4> (m, count, h_one, d_out, stream);
  case 8: return launch_eye<8> (m, count, h_one, d_out, stream);
  case 16: return launch_eye<16> (m, count, h_one, d_out, stream);
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_eye: element size %zu", elem_bytes);
  }
}

extern "C" gm_status gm_range_plan (gm_class cls, double base, double inc, double limit,
                                    int64_t *count, double *final)
{
  if (!count || !final)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_range_plan: NULL output");
  if (cls == GM_DOUBLE)
    return plan_float<double> (base, inc, limit, count, final);
  if (cls == GM_SINGLE) {
    float f;
    const gm_status st = plan_float<float> ((float) base, (float) inc, (float) limit, count, &f);
    *final = f;
    return st;
  }
  return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_range_plan: class %s", gm_class_name (cls));
}

extern "C" gm_status gm_range_int_plan (gm_class cls, uint64_t base, uint64_t limit,
                                        int inc_is_double, uint64_t inc, double dinc,
                                        int64_t *count, uint64_t *uinc, int *down)
{
  if (!gm_class_is_integer (cls) || !count || !uinc || !down)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_range_int_plan: class %s",
                    gm_class_name (cls));
  const bool sgn = is_signed_int (cls);
  const uint64_t mask = umax_of (cls);
  base &= mask;
  limit &= mask;
  inc &= mask;
  /* compare in the class: signed values biased by the sign bit */
  const uint64_t bias = sgn ? (mask >> 1) + 1 : 0;
  const uint64_t b = (base + bias) & mask, l = (limit + bias) & mask;
  *count = 0;
  *uinc = 0;
  *down = l < b;
  int sign;                         /* of the increment: -1, 0, 1 */
  if (inc_is_double) {
    if (std::isnan (dinc) || std::trunc (dinc) != dinc)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "colon operator increment invalid (not an integer)");
    sign = dinc > 0 ? 1 : dinc < 0 ? -1 : 0;
  } else if (sgn) {
    const uint64_t sbit = (mask >> 1) + 1;
    sign = inc == 0 ? 0 : (inc & sbit) ? -1 : 1;
  } else
    sign = inc == 0 ? 0 : 1;
  if (sign == 0 || (sign > 0 && b > l) || (sign < 0 && b < l))
    return GM_OK;
  uint64_t ui;
  if (inc_is_double) {
    const double a = std::fabs (dinc);
    /* Octave: an |increment| at or past the unsigned type's max + 1 gives one element */
    if (a >= (double) mask + 1.0) {
      *count = 1;
      return GM_OK;
    }
    ui = (uint64_t) a;
  } else
    ui = sign < 0 ? (0 - inc) & mask : inc;
  const uint64_t diff = l > b ? l - b : b - l;
  const uint64_t nel_m1 = diff / ui;
  if (nel_m1 > (uint64_t) IDX_MAX - 1)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "too many elements for range!");
  *count = (int64_t) nel_m1 + 1;
  *uinc = ui;
  return GM_OK;
}

extern "C" gm_status gm_make_range (gm_class cls, int64_t count, double base, double inc,
                                    double final, void *d_out, cudaStream_t stream)
{
  if (count < 0 || (cls != GM_DOUBLE && cls != GM_SINGLE))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_range: class %s, count %lld",
                    gm_class_name (cls), (long long) count);
  if (count == 0)
    return GM_OK;
  if (!d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_range: NULL output");
  if (cls == GM_DOUBLE)
    range_float_kernel<double><<<grid_for (count), kThreads, 0, stream>>> (count, base, inc,
                                                                           final,
                                                                           (double *) d_out);
  else
    range_float_kernel<float><<<grid_for (count), kThreads, 0, stream>>> (
        count, (float) base, (float) inc, (float) final, (float *) d_out);
  return gm_cuda_status (cudaGetLastError (), "launching range_float_kernel");
}

extern "C" gm_status gm_make_int_range (gm_class cls, int64_t count, uint64_t base,
                                        uint64_t uinc, int down, void *d_out,
                                        cudaStream_t stream)
{
  if (count < 0 || !gm_class_is_integer (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_int_range: class %s, count %lld",
                    gm_class_name (cls), (long long) count);
  if (count == 0)
    return GM_OK;
  if (!d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_int_range: NULL output");
  const unsigned g = grid_for (count);
  switch (gm_class_size (cls)) {
  case 1: range_int_kernel<uint8_t><<<g, kThreads, 0, stream>>> (count, base, uinc, down, (uint8_t *) d_out); break;
  case 2: range_int_kernel<uint16_t><<<g, kThreads, 0, stream>>> (count, base, uinc, down, (uint16_t *) d_out); break;
  case 4: range_int_kernel<uint32_t><<<g, kThreads, 0, stream>>> (count, base, uinc, down, (uint32_t *) d_out); break;
  default: range_int_kernel<uint64_t><<<g, kThreads, 0, stream>>> (count, base, uinc, down, (uint64_t *) d_out); break;
  }
  return gm_cuda_status (cudaGetLastError (), "launching range_int_kernel");
}

extern "C" gm_status gm_make_linspace (gm_class cls, int64_t m, int64_t n, const void *d_base,
                                       int64_t base_stride, const void *d_limit,
                                       int64_t limit_stride, int symmetric, void *d_out,
                                       cudaStream_t stream)
{
  if (m < 0 || n < 0 || (cls != GM_DOUBLE && cls != GM_SINGLE))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_linspace: class %s, %lld x %lld",
                    gm_class_name (cls), (long long) m, (long long) n);
  if (m == 0 || n == 0)
    return GM_OK;
  if (!d_out || !d_base || !d_limit)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_make_linspace: NULL pointer");
  if (m > INT64_MAX / n)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "gm_make_linspace: %lld x %lld", (long long) m,
                    (long long) n);
  const unsigned g = grid_for (m * n);
  if (cls == GM_DOUBLE)
    linspace_kernel<double><<<g, kThreads, 0, stream>>> (
        m, n, (const double *) d_base, base_stride, (const double *) d_limit, limit_stride,
        symmetric, (double *) d_out);
  else
    linspace_kernel<float><<<g, kThreads, 0, stream>>> (
        m, n, (const float *) d_base, base_stride, (const float *) d_limit, limit_stride,
        symmetric, (float *) d_out);
  return gm_cuda_status (cudaGetLastError (), "launching linspace_kernel");
}
