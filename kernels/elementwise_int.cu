/* elementwise_int.cu: element-wise operations and class conversions of integer arrays (int8 ...
 * uint64) on the device, bit for bit as Octave 7.3's octave_int<T> (liboctave/util/
 * oct-inttypes.h): saturating + - .* (products in a wider type; 64-bit ones through the high
 * word, which equals Octave's long double product for every pair), ./ rounding to nearest with
 * ties away from zero and x/0 saturating (0/0 is 0), mod and rem of octave_int, max, min, the
 * comparisons and & |; unary minus, abs and sign saturating; conversions rounding half away
 * from zero, saturating at Octave's thresholds (convert_real), NaN to 0.
 *
 * Operand classes (gm_int_binary_supported): two arrays of one integer class, or an int8 ...
 * uint32 array with a double or single one, which Octave computes in double and then rounds
 * and saturates into the integer class (oct-inttypes.h OCTAVE_INT_DOUBLE_BIN_OP0; a single
 * operand is widened to double first, OCTAVE_INT_FLOAT_BIN_OP); int64 and uint64 with a
 * floating-point operand stay with the caller (Octave computes those in long double).
 *
 * One kernel a pair (integer class, other operand's class): the operation is a runtime switch
 * (20 instances, not one a pair and op: the compile-time budget), the integer operand always
 * first (a flag swaps the operands back for - ./ mod rem and the comparisons).  Broadcasting is
 * Octave's, planned on the host: the output's dimensions collapsed where both operands run
 * alike, each operand a stride a dimension (0 where it is broadcast); grid-stride loops with
 * int64 indices, so any element count.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <float.h>
#include <stdint.h>
#include <string.h>
#include <type_traits>
#include "array_internal.h"
#include "elementwise_common.cuh"

/* The templates below are written once for signed and unsigned classes: `y < 0` of an unsigned
   y is false, as meant. */
#pragma nv_diag_suppress 186

namespace {

/* ---- Octave's octave_int<T> arithmetic ------------------------------------------------------- */
template <typename T> struct Lim {
  static constexpr T min = std::is_signed<T>::value ? (T) ((T) 1 << (8 * sizeof (T) - 1)) : (T) 0;
  static constexpr T max = (T) ~min;
};

/* octave_int_base<T>::convert_real: NaN -> 0, below the threshold min, above it max, else
   round half away from zero.  The upper threshold is max itself where S holds it exactly; where
   (S) max rounds up to 2^n (float for 32 bits, double for 64), Octave scales it by 1 - eps/2:
   the largest S below 2^n (compute_threshold). */
template <typename T, typename S> __host__ __device__ __forceinline__ T convert_real (S v)
{
  const S thmin = (S) Lim<T>::min;
  S thmax = (S) Lim<T>::max;
  if (sizeof (S) == 4 ? sizeof (T) >= 4 : sizeof (T) == 8)
    thmax = thmax * ((S) 1 - (sizeof (S) == 4 ? (S) FLT_EPSILON : (S) DBL_EPSILON) / (S) 2);
  if (v != v)
    return 0;
  if (v < thmin)
    return Lim<T>::min;
  if (v > thmax)
    return Lim<T>::max;
  return (T) round (v);
}

template <typename T> __device__ __forceinline__ T int_add (T x, T y)
{
  if (sizeof (T) < 8) {
    const int64_t r = (int64_t) x + (int64_t) y;
    return r > (int64_t) Lim<T>::max ? Lim<T>::max : r < (int64_t) Lim<T>::min ? Lim<T>::min : (T) r;
  }
  if (!std::is_signed<T>::value) {
    const T u = (T) (x + y);
    return u < x ? Lim<T>::max : u;
  }
  return y < 0 ? (x < (T) (Lim<T>::min - y) ? Lim<T>::min : (T) (x + y))
               : (x > (T) (Lim<T>::max - y) ? Lim<T>::max : (T) (x + y));
}

template <typename T> __device__ __forceinline__ T int_sub (T x, T y)
{
  if (sizeof (T) < 8) {
    const int64_t r = (int64_t) x - (int64_t) y;
    return r > (int64_t) Lim<T>::max ? Lim<T>::max : r < (int64_t) Lim<T>::min ? Lim<T>::min : (T) r;
  }
  if (!std::is_signed<T>::value)
    return y > x ? (T) 0 : (T) (x - y);
  return y < 0 ? (x > (T) (Lim<T>::max + y) ? Lim<T>::max : (T) (x - y))
               : (x < (T) (Lim<T>::min + y) ? Lim<T>::min : (T) (x - y));
}

/* Octave multiplies 64-bit integers in long double and saturates: exact where the product fits
   (it has at most 64 significant bits), beyond the limits where it does not. */
template <typename T> __device__ __forceinline__ T int_mul (T x, T y)
{
  if (sizeof (T) < 8) {
    if (sizeof (T) == 4 && !std::is_signed<T>::value) {
      const uint64_t u = (uint64_t) (uint32_t) x * (uint64_t) (uint32_t) y;
      return u > (uint64_t) Lim<T>::max ? Lim<T>::max : (T) u;
    }
    const int64_t r = (int64_t) x * (int64_t) y;     /* exact: |r| <= 2^62 */
    return r > (int64_t) Lim<T>::max ? Lim<T>::max : r < (int64_t) Lim<T>::min ? Lim<T>::min : (T) r;
  }
  if (!std::is_signed<T>::value) {
    const uint64_t a = (uint64_t) x, b = (uint64_t) y;
    return __umul64hi (a, b) ? Lim<T>::max : (T) (a * b);
  }
  const long long a = (long long) x, b = (long long) y;
  const long long hi = __mul64hi (a, b);
  const long long lo = (long long) ((unsigned long long) a * (unsigned long long) b);
  if (hi == (lo >> 63))
    return (T) lo;                                   /* the product fits */
  return hi < 0 ? Lim<T>::min : Lim<T>::max;
}

/* octave_int_arith_base<T, is_signed>::div, step for step. */
template <typename T> __device__ __forceinline__ T int_div (T x, T y)
{
  if (!std::is_signed<T>::value) {
    if (y == 0)
      return x ? Lim<T>::max : (T) 0;
    T z = (T) (x / y);
    const T w = (T) (x % y);
    if (w >= (T) (y - w))
      z = (T) (z + 1);
    return z;
  }
  if (y == 0)
    return x < 0 ? Lim<T>::min : x != 0 ? Lim<T>::max : (T) 0;
  const T sgn = (T) (1 - ((x < 0 ? 1 : 0) << 1));   /* 1 - (signbit (x) << 1) */
  if (y < 0) {
    if (y == (T) -1 && x == Lim<T>::min)
      return Lim<T>::max;
    T z = (T) (x / y);
    const T r = (T) (x % y);
    const T w = (T) -(r >= 0 ? r : (T) -r);
    if (w <= (T) (y - w))
      z = (T) (z - sgn);
    return z;
  }
  T z = (T) (x / y);
  const T r = (T) (x % y);
  const T w = r >= 0 ? r : (T) -r;
  if (w >= (T) (y - w))
    z = (T) (z + sgn);
  return z;
}

/* x % y with y == -1 answered first (min % -1 overflows in C; the remainder is 0). */
template <typename T> __device__ __forceinline__ T int_rem0 (T x, T y)
{
  return (std::is_signed<T>::value && y == (T) -1) ? (T) 0 : (T) (x % y);
}
template <typename T> __device__ __forceinline__ T int_rem (T x, T y)
{
  return y != 0 ? int_rem0 (x, y) : (T) 0;
}
template <typename T> __device__ __forceinline__ T int_mod (T x, T y)
{
  if (y == 0)
    return x;
  const T r = int_rem0 (x, y);
  if (!std::is_signed<T>::value || r == 0)
    return r;
  return (r < 0) != (y < 0) ? (T) (r + y) : r;
}

/* ---- binary ------------------------------------------------------------------------------------ */
/* The output's collapsed shape and each operand's strides (0 along a broadcast dimension). */
struct IntPlan {
  int nd;
  int64_t dims[GM_MAX_DIMS];
  int64_t sa[GM_MAX_DIMS], sb[GM_MAX_DIMS];
};

/* The integer operand x (class T) against y (class S: T, double or float), as y op x when
   swapped; a logical result where the op has one. */
template <typename T, typename S>
__device__ __forceinline__ void int_apply (int op, bool swapped, T x, S ys, void *out, int64_t i)
{
  T *o = (T *) out;
  gm_logical *l = (gm_logical *) out;
  if constexpr (std::is_same<S, T>::value) {
    const T y = ys;
    const T a = swapped ? y : x, b = swapped ? x : y;
    switch (op) {
    case GM_BIN_ADD: o[i] = int_add (a, b); return;
    case GM_BIN_SUB: o[i] = int_sub (a, b); return;
    case GM_BIN_MUL: o[i] = int_mul (a, b); return;
    case GM_BIN_DIV: o[i] = int_div (a, b); return;
    case GM_BIN_LT: l[i] = a < b; return;
    case GM_BIN_LE: l[i] = a <= b; return;
    case GM_BIN_GT: l[i] = a > b; return;
    case GM_BIN_GE: l[i] = a >= b; return;
    case GM_BIN_EQ: l[i] = a == b; return;
    case GM_BIN_NE: l[i] = a != b; return;
    case GM_BIN_MAX: o[i] = a >= b ? a : b; return;
    case GM_BIN_MIN: o[i] = a <= b ? a : b; return;
    case GM_BIN_MOD: o[i] = int_mod (a, b); return;
    case GM_BIN_REM: o[i] = int_rem (a, b); return;
    case GM_BIN_AND: l[i] = a != 0 && b != 0; return;
    case GM_BIN_OR: l[i] = a != 0 || b != 0; return;
    default: return;
    }
  } else {
    /* Octave: + - * / in double, then rounded and saturated; comparisons in double (exact for
       32 bits and fewer); max, min, mod and rem with y converted to the class first. */
    const double xd = (double) x, yd = (double) ys;
    const double a = swapped ? yd : xd, b = swapped ? xd : yd;
    const T yt = convert_real<T, S> (ys);
    const T at = swapped ? yt : x, bt = swapped ? x : yt;
    switch (op) {
    case GM_BIN_ADD: o[i] = convert_real<T, double> (a + b); return;
    case GM_BIN_SUB: o[i] = convert_real<T, double> (a - b); return;
    case GM_BIN_MUL: o[i] = convert_real<T, double> (__dmul_rn (a, b)); return;
    case GM_BIN_DIV: o[i] = convert_real<T, double> (a / b); return;
    case GM_BIN_LT: l[i] = a < b; return;
    case GM_BIN_LE: l[i] = a <= b; return;
    case GM_BIN_GT: l[i] = a > b; return;
    case GM_BIN_GE: l[i] = a >= b; return;
    case GM_BIN_EQ: l[i] = a == b; return;
    case GM_BIN_NE: l[i] = a != b; return;
    case GM_BIN_MAX: o[i] = at >= bt ? at : bt; return;
    case GM_BIN_MIN: o[i] = at <= bt ? at : bt; return;
    case GM_BIN_MOD: o[i] = int_mod (at, bt); return;
    case GM_BIN_REM: o[i] = int_rem (at, bt); return;
    case GM_BIN_AND: l[i] = a != 0 && b != 0; return;   /* NaN is nonzero (see gpumat.h) */
    case GM_BIN_OR: l[i] = a != 0 || b != 0; return;
    default: return;
    }
  }
}

/* Launch: blocks_for (count) x BLOCK.  Element i of the output from x at the offset of i in
   the plan's strides sa, y at sb (one collapsed dimension: i * stride). */
template <typename T, typename S>
__global__ void __launch_bounds__ (BLOCK)
int_binary_kernel (int op, bool swapped, int64_t count, const T *x, const S *y, void *out,
                   IntPlan p)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < count; i += stride) {
    int64_t oa, ob;
    if (p.nd == 1) {
      oa = i * p.sa[0];
      ob = i * p.sb[0];
    } else {
      oa = ob = 0;
      int64_t r = i;
      for (int d = 0; d < p.nd; d++) {
        const int64_t c = r % p.dims[d];
        r /= p.dims[d];
        oa += c * p.sa[d];
        ob += c * p.sb[d];
      }
    }
    int_apply<T, S> (op, swapped, x[oa], y[ob], out, i);
  }
}

/* ---- unary and conversions --------------------------------------------------------------------- */
/* Launch: blocks_for (count) x BLOCK.  op: GM_UN_NEG, GM_UN_ABS or GM_UN_SIGN. */
template <typename T>
__global__ void __launch_bounds__ (BLOCK)
int_unary_kernel (int op, int64_t count, const T *x, T *out)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < count; i += stride) {
    const T v = x[i];
    T r;
    if (!std::is_signed<T>::value)
      r = op == GM_UN_NEG ? (T) 0 : op == GM_UN_ABS ? v : (T) (v != 0);
    else if (op == GM_UN_SIGN)
      r = (T) ((v > 0) - (v < 0));
    else if (v == Lim<T>::min)
      r = Lim<T>::max;                               /* -intmin and abs (intmin) saturate */
    else
      r = op == GM_UN_NEG || v < 0 ? (T) -v : v;
    out[i] = r;
  }
}

/* An integer value v of class S as class D: saturated (never wraps). */
template <typename D, typename S> __device__ __forceinline__ D int_to_int (S v)
{
  if constexpr (std::is_same<S, uint64_t>::value)
    return (uint64_t) v > (uint64_t) Lim<D>::max ? Lim<D>::max : (D) v;
  else {
    const int64_t s = (int64_t) v;
    if constexpr (std::is_same<D, uint64_t>::value)
      return s < 0 ? (D) 0 : (D) s;
    else
      return s > (int64_t) Lim<D>::max ? Lim<D>::max
             : s < (int64_t) Lim<D>::min ? Lim<D>::min : (D) s;
  }
}

template <typename D, typename S> __device__ __forceinline__ D to_class (S v)
{
  if constexpr (std::is_floating_point<D>::value)
    return (D) v;                                    /* int -> float: rounded to nearest */
  else if constexpr (std::is_floating_point<S>::value)
    return convert_real<D, S> (v);
  else
    return int_to_int<D, S> (v);
}

/* Launch: blocks_for (count) x BLOCK.  dst: the gm_class of out. */
template <typename S>
__global__ void __launch_bounds__ (BLOCK)
convert_kernel (int dst, int64_t count, const S *src, void *out)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = (int64_t) blockIdx.x * BLOCK + threadIdx.x; i < count; i += stride) {
    const S v = src[i];
    switch (dst) {
    case GM_DOUBLE: ((double *) out)[i] = to_class<double> (v); break;
    case GM_SINGLE: ((float *) out)[i] = to_class<float> (v); break;
    case GM_INT8: ((int8_t *) out)[i] = to_class<int8_t> (v); break;
    case GM_UINT8: ((uint8_t *) out)[i] = to_class<uint8_t> (v); break;
    case GM_INT16: ((int16_t *) out)[i] = to_class<int16_t> (v); break;
    case GM_UINT16: ((uint16_t *) out)[i] = to_class<uint16_t> (v); break;
    case GM_INT32: ((int32_t *) out)[i] = to_class<int32_t> (v); break;
    case GM_UINT32: ((uint32_t *) out)[i] = to_class<uint32_t> (v); break;
    case GM_INT64: ((int64_t *) out)[i] = to_class<int64_t> (v); break;
    case GM_UINT64: ((uint64_t *) out)[i] = to_class<uint64_t> (v); break;
    default: break;
    }
  }
}

/* ---- host side --------------------------------------------------------------------------------- */
bool is_int (gm_class c) { return gm_class_is_integer (c); }
bool is_float (gm_class c) { return c == GM_DOUBLE || c == GM_SINGLE; }

bool op_on_device (gm_binop op)
{
  switch (op) {
  case GM_BIN_ADD: case GM_BIN_SUB: case GM_BIN_MUL: case GM_BIN_DIV:
  case GM_BIN_LT: case GM_BIN_LE: case GM_BIN_GT: case GM_BIN_GE: case GM_BIN_EQ: case GM_BIN_NE:
  case GM_BIN_MAX: case GM_BIN_MIN: case GM_BIN_MOD: case GM_BIN_REM:
  case GM_BIN_AND: case GM_BIN_OR:
    return true;
  default:
    return false;
  }
}

bool logical_op (gm_binop op)
{
  return (op >= GM_BIN_LT && op <= GM_BIN_NE) || op == GM_BIN_AND || op == GM_BIN_OR;
}

/* Collapses the broadcast of (nd_a, dims_a) against (nd_b, dims_b) into p, swapped: p's first
   operand is b.  Returns the element count of the result in *count. */
gm_status plan (int nd_a, const int64_t *dims_a, int nd_b, const int64_t *dims_b, bool swapped,
                IntPlan *p, int64_t *count)
{
  int nd;
  int64_t out[GM_MAX_DIMS];
  gm_status st = gm_broadcast_dims (nd_a, dims_a, nd_b, dims_b, &nd, out);
  if (st != GM_OK)
    return st;
  int64_t n = 1, sa = 1, sb = 1;
  p->nd = 0;
  for (int d = 0; d < nd; d++) {
    const int64_t da = d < nd_a ? dims_a[d] : 1, db = d < nd_b ? dims_b[d] : 1;
    const int64_t ea = da == 1 ? 0 : sa, eb = db == 1 ? 0 : sb;   /* this dimension's strides */
    sa *= da;
    sb *= db;
    if (out[d] == 0) {
      *count = 0;
      return GM_OK;
    }
    if (gm_mul_size ((size_t) n, (size_t) out[d], (size_t *) &n) != GM_OK || n < 0)
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "gm_int_binary: the result is too large");
    if (out[d] == 1)
      continue;
    const int k = p->nd;
    if (k > 0 && ea == p->sa[k - 1] * p->dims[k - 1] && eb == p->sb[k - 1] * p->dims[k - 1]) {
      p->dims[k - 1] *= out[d];                      /* runs on from the previous dimension */
      continue;
    }
    p->dims[k] = out[d];
    p->sa[k] = ea;
    p->sb[k] = eb;
    p->nd = k + 1;
  }
  if (p->nd == 0) {
    p->nd = 1;
    p->dims[0] = 1;
    p->sa[0] = p->sb[0] = 0;
  }
  if (swapped)
    for (int d = 0; d < p->nd; d++) {
      const int64_t t = p->sa[d];
      p->sa[d] = p->sb[d];
      p->sb[d] = t;
    }
  *count = n;
  return GM_OK;
}

template <typename T, typename S>
gm_status launch_binary (int op, bool swapped, int64_t count, const void *x, const void *y,
                         void *out, const IntPlan& p, cudaStream_t stream)
{
  int_binary_kernel<T, S><<<blocks_for (count), BLOCK, 0, stream>>> (
      op, swapped, count, (const T *) x, (const S *) y, out, p);
  return launched ("int_binary_kernel");
}

template <typename T>
gm_status launch_binary_other (gm_class other, int op, bool swapped, int64_t count,
                               const void *x, const void *y, void *out, const IntPlan& p,
                               cudaStream_t stream)
{
  if (other == GM_DOUBLE && sizeof (T) < 8)
    return launch_binary<T, double> (op, swapped, count, x, y, out, p, stream);
  if (other == GM_SINGLE && sizeof (T) < 8)
    return launch_binary<T, float> (op, swapped, count, x, y, out, p, stream);
  return launch_binary<T, T> (op, swapped, count, x, y, out, p, stream);
}

template <typename S>
gm_status launch_convert (gm_class dst, int64_t count, const void *src, void *out,
                          cudaStream_t stream)
{
  convert_kernel<S><<<blocks_for (count), BLOCK, 0, stream>>> ((int) dst, count,
                                                                (const S *) src, out);
  return launched ("convert_kernel");
}

} /* namespace */

/* ---- the C API ------------------------------------------------------------------------------- */
extern "C" int gm_int_binary_supported (gm_binop op, gm_class a_cls, gm_class b_cls)
{
  if (!op_on_device (op) || !gm_class_valid (a_cls) || !gm_class_valid (b_cls))
    return 0;
  if (is_int (a_cls) && a_cls == b_cls)
    return 1;
  const gm_class i = is_int (a_cls) ? a_cls : b_cls, o = is_int (a_cls) ? b_cls : a_cls;
  return is_int (i) && is_float (o) && gm_class_size (i) < 8;
}

extern "C" gm_status gm_int_binary_result_class (gm_binop op, gm_class a_cls, gm_class b_cls,
                                                 gm_class *out_cls)
{
  if (!out_cls || !gm_int_binary_supported (op, a_cls, b_cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_binary: %s of %s and %s is not supported",
                    gm_binop_name (op) ? gm_binop_name (op) : "(unknown op)",
                    gm_class_valid (a_cls) ? gm_class_name (a_cls) : "(unknown)",
                    gm_class_valid (b_cls) ? gm_class_name (b_cls) : "(unknown)");
  *out_cls = logical_op (op) ? GM_UINT8 : is_int (a_cls) ? a_cls : b_cls;
  return GM_OK;
}

extern "C" gm_status gm_int_binary (gm_binop op, gm_class a_cls, int nd_a, const int64_t *dims_a,
                                    const void *d_a, gm_class b_cls, int nd_b,
                                    const int64_t *dims_b, const void *d_b, void *d_out,
                                    cudaStream_t stream)
{
  gm_class out_cls;
  gm_status st = gm_int_binary_result_class (op, a_cls, b_cls, &out_cls);
  if (st != GM_OK)
    return st;
  const bool swapped = !is_int (a_cls);   /* the integer operand goes first */
  IntPlan p;
  int64_t count = 0;
  if ((st = plan (nd_a, dims_a, nd_b, dims_b, swapped, &p, &count)) != GM_OK)
    return st;
  if (count == 0)
    return GM_OK;
  if (!d_a || !d_b || !d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_binary: NULL device pointer with %lld "
                    "elements", (long long) count);
  const gm_class ic = swapped ? b_cls : a_cls, oc = swapped ? a_cls : b_cls;
  const void *x = swapped ? d_b : d_a, *y = swapped ? d_a : d_b;
  const int o = (int) op;
  switch (ic) {
  case GM_INT8: return launch_binary_other<int8_t> (oc, o, swapped, count, x, y, d_out, p, stream);
  case GM_UINT8: return launch_binary_other<uint8_t> (oc, o, swapped, count, x, y, d_out, p, stream);
  case GM_INT16: return launch_binary_other<int16_t> (oc, o, swapped, count, x, y, d_out, p, stream);
  case GM_UINT16: return launch_binary_other<uint16_t> (oc, o, swapped, count, x, y, d_out, p, stream);
  case GM_INT32: return launch_binary_other<int32_t> (oc, o, swapped, count, x, y, d_out, p, stream);
  case GM_UINT32: return launch_binary_other<uint32_t> (oc, o, swapped, count, x, y, d_out, p, stream);
  case GM_INT64: return launch_binary_other<int64_t> (oc, o, swapped, count, x, y, d_out, p, stream);
  case GM_UINT64: return launch_binary_other<uint64_t> (oc, o, swapped, count, x, y, d_out, p, stream);
  default: return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_binary: not an integer class");
  }
}

extern "C" int gm_int_unary_supported (gm_unop op)
{
  switch (op) {
  case GM_UN_NEG: case GM_UN_ABS: case GM_UN_SIGN: case GM_UN_FLOOR: case GM_UN_CEIL:
  case GM_UN_ROUND: case GM_UN_FIX: case GM_UN_ISNAN: case GM_UN_ISINF: case GM_UN_ISFINITE:
    return 1;
  default:
    return 0;
  }
}

extern "C" gm_status gm_int_unary (gm_unop op, gm_class cls, int64_t count, const void *d_x,
                                   void *d_out, cudaStream_t stream)
{
  if (!is_int (cls) || !gm_int_unary_supported (op))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_unary: %s of %s is not supported",
                    gm_unop_name (op) ? gm_unop_name (op) : "(unknown op)",
                    gm_class_valid (cls) ? gm_class_name (cls) : "(unknown)");
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_unary: negative count");
  if (count == 0)
    return GM_OK;
  if (!d_x || !d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_unary: NULL device pointer");
  const size_t bytes = (size_t) count * gm_class_size (cls);
  switch (op) {
  case GM_UN_FLOOR: case GM_UN_CEIL: case GM_UN_ROUND: case GM_UN_FIX:   /* integers already */
    return d_out == d_x ? GM_OK
                        : gm_cuda_status (cudaMemcpyAsync (d_out, d_x, bytes,
                                                           cudaMemcpyDeviceToDevice, stream),
                                          "gm_int_unary: copy");
  case GM_UN_ISNAN: case GM_UN_ISINF: case GM_UN_ISFINITE:   /* one gm_logical an element */
    return gm_cuda_status (cudaMemsetAsync (d_out, op == GM_UN_ISFINITE, (size_t) count, stream),
                           "gm_int_unary: fill");
  default:
    break;
  }
  const unsigned blocks = blocks_for (count);
  switch (cls) {
  case GM_INT8: int_unary_kernel<int8_t><<<blocks, BLOCK, 0, stream>>> (op, count, (const int8_t *) d_x, (int8_t *) d_out); break;
  case GM_UINT8: int_unary_kernel<uint8_t><<<blocks, BLOCK, 0, stream>>> (op, count, (const uint8_t *) d_x, (uint8_t *) d_out); break;
  case GM_INT16: int_unary_kernel<int16_t><<<blocks, BLOCK, 0, stream>>> (op, count, (const int16_t *) d_x, (int16_t *) d_out); break;
  case GM_UINT16: int_unary_kernel<uint16_t><<<blocks, BLOCK, 0, stream>>> (op, count, (const uint16_t *) d_x, (uint16_t *) d_out); break;
  case GM_INT32: int_unary_kernel<int32_t><<<blocks, BLOCK, 0, stream>>> (op, count, (const int32_t *) d_x, (int32_t *) d_out); break;
  case GM_UINT32: int_unary_kernel<uint32_t><<<blocks, BLOCK, 0, stream>>> (op, count, (const uint32_t *) d_x, (uint32_t *) d_out); break;
  case GM_INT64: int_unary_kernel<int64_t><<<blocks, BLOCK, 0, stream>>> (op, count, (const int64_t *) d_x, (int64_t *) d_out); break;
  default: int_unary_kernel<uint64_t><<<blocks, BLOCK, 0, stream>>> (op, count, (const uint64_t *) d_x, (uint64_t *) d_out); break;
  }
  return launched ("int_unary_kernel");
}

extern "C" gm_status gm_int_convert (gm_class src_cls, gm_class dst_cls, int64_t count,
                                     const void *d_src, void *d_dst, cudaStream_t stream)
{
  const bool ok_src = is_int (src_cls) || is_float (src_cls);
  const bool ok_dst = is_int (dst_cls) || is_float (dst_cls);
  if (!ok_src || !ok_dst || (!is_int (src_cls) && !is_int (dst_cls)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_convert: %s to %s is not supported",
                    gm_class_valid (src_cls) ? gm_class_name (src_cls) : "(unknown)",
                    gm_class_valid (dst_cls) ? gm_class_name (dst_cls) : "(unknown)");
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_convert: negative count");
  if (count == 0)
    return GM_OK;
  if (!d_src || !d_dst)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_int_convert: NULL device pointer");
  if (src_cls == dst_cls)
    return gm_cuda_status (cudaMemcpyAsync (d_dst, d_src, (size_t) count * gm_class_size (src_cls),
                                            cudaMemcpyDeviceToDevice, stream),
                           "gm_int_convert: copy");
  switch (src_cls) {
  case GM_DOUBLE: return launch_convert<double> (dst_cls, count, d_src, d_dst, stream);
  case GM_SINGLE: return launch_convert<float> (dst_cls, count, d_src, d_dst, stream);
  case GM_INT8: return launch_convert<int8_t> (dst_cls, count, d_src, d_dst, stream);
  case GM_UINT8: return launch_convert<uint8_t> (dst_cls, count, d_src, d_dst, stream);
  case GM_INT16: return launch_convert<int16_t> (dst_cls, count, d_src, d_dst, stream);
  case GM_UINT16: return launch_convert<uint16_t> (dst_cls, count, d_src, d_dst, stream);
  case GM_INT32: return launch_convert<int32_t> (dst_cls, count, d_src, d_dst, stream);
  case GM_UINT32: return launch_convert<uint32_t> (dst_cls, count, d_src, d_dst, stream);
  case GM_INT64: return launch_convert<int64_t> (dst_cls, count, d_src, d_dst, stream);
  default: return launch_convert<uint64_t> (dst_cls, count, d_src, d_dst, stream);
  }
}
