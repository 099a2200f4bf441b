/* elementwise_mappers.cu: the unary element-wise operations on device arrays (gm_unop), with
 * Octave 7.3's semantics for real double and single data: -x, abs, sqrt, exp, log, floor, ceil,
 * round, fix, sign, the trigonometric and hyperbolic functions and their inverses, log2, log10,
 * log1p, expm1, gamma, lgamma, erf, erfc, cbrt, and isnan, isinf, isfinite (a logical result,
 * one byte an element); and the queries the gateway asks first: gm_unary_needs_complex (an
 * element outside the op's real domain, where Octave's result turns complex), gm_any_negative
 * and gm_any_nan.  One row an operation in unop_table (name, logical result, real domain): the
 * dispatch, the domain query and the gateway read it.
 *
 * Guarantees: -x, abs, sqrt, floor, ceil, round (half away from zero), fix, sign, gamma's
 * special values and isnan/isinf/isfinite are bit-identical to Octave's (glibc's) results, -0
 * included (round (-0.4) is -0, sign (-0) is 0, gamma (-0) is -Inf); the other functions are the
 * device libm's, within CUDA's documented maximum errors (CUDA C++ Programming Guide,
 * Mathematical Functions; listed in gpumat.h beside each op) of the exact result, so a few ulp
 * from glibc's.  One pass over the data: a contiguous kernel (un_contig), 16-byte loads where
 * the pointers allow, the output possibly the input.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdint.h>
#include "array_internal.h"
#include "elementwise_common.cuh"

namespace {

/* One row an op, in gm_unop's order. */
const gm_unop_info unop_table[GM_UN_COUNT] = {
  /* name       logical_result  domain (where Octave's result is real) */
  {"uminus",    0, GM_DOMAIN_ALL},
  {"abs",       0, GM_DOMAIN_ALL},
  {"sqrt",      0, GM_DOMAIN_NONNEG},
  {"exp",       0, GM_DOMAIN_ALL},
  {"log",       0, GM_DOMAIN_NONNEG},
  {"floor",     0, GM_DOMAIN_ALL},
  {"ceil",      0, GM_DOMAIN_ALL},
  {"round",     0, GM_DOMAIN_ALL},
  {"fix",       0, GM_DOMAIN_ALL},
  {"sign",      0, GM_DOMAIN_ALL},
  {"sin",       0, GM_DOMAIN_ALL},
  {"cos",       0, GM_DOMAIN_ALL},
  {"tan",       0, GM_DOMAIN_ALL},
  {"asin",      0, GM_DOMAIN_UNIT},
  {"acos",      0, GM_DOMAIN_UNIT},
  {"atan",      0, GM_DOMAIN_ALL},
  {"sinh",      0, GM_DOMAIN_ALL},
  {"cosh",      0, GM_DOMAIN_ALL},
  {"tanh",      0, GM_DOMAIN_ALL},
  {"asinh",     0, GM_DOMAIN_ALL},
  {"acosh",     0, GM_DOMAIN_GE_ONE},
  {"atanh",     0, GM_DOMAIN_UNIT},
  {"log2",      0, GM_DOMAIN_NONNEG},
  {"log10",     0, GM_DOMAIN_NONNEG},
  {"log1p",     0, GM_DOMAIN_GE_MINUS_ONE},
  {"expm1",     0, GM_DOMAIN_ALL},
  {"gamma",     0, GM_DOMAIN_ALL},
  {"lgamma",    0, GM_DOMAIN_GAMMA_SIGN},
  {"erf",       0, GM_DOMAIN_ALL},
  {"erfc",      0, GM_DOMAIN_ALL},
  {"cbrt",      0, GM_DOMAIN_ALL},
  {"isnan",     1, GM_DOMAIN_ALL},
  {"isinf",     1, GM_DOMAIN_ALL},
  {"isfinite",  1, GM_DOMAIN_ALL}};

/* Octave's gamma (liboctave lo-specfun.cc, octave::math::gamma): +-Inf at +-0, Inf at the
   negative integers (its x_nint test) and at -Inf, NaN for NaN, else tgamma (x). */
template <typename T> __device__ __forceinline__ T octave_gamma (T x)
{
  if (x == 0)
    return signbit (x) ? (T) -INFINITY : (T) INFINITY;
  if ((x < 0 && octave_nint (x) == x) || isinf (x))
    return (T) INFINITY;
  if (isnan (x))
    return x;
  return tgamma (x);
}

/* Octave's signum: -1, 1, NaN for NaN, and +0 for both zeros. */
template <typename T> __device__ __forceinline__ T octave_sign (T x)
{
  if (isnan (x))
    return x;
  return x < 0 ? (T) -1 : x > 0 ? (T) 1 : (T) 0;
}

/* O is T, or uint8_t (gm_logical) for the logical_result ops.  The float overloads of the math
   functions are CUDA's single-precision ones (sinf, ...), as Octave calls std::sin (float). */
template <typename T, typename O, int OP> struct UnOp {
  __device__ __forceinline__ static O apply (T x)
  {
    switch (OP) {
    case GM_UN_NEG: return flip_sign (x);
    case GM_UN_ABS: return fabs (x);
    case GM_UN_SQRT: return sqrt (x);        /* IEEE-rounded (nvcc's default -prec-sqrt=true) */
    case GM_UN_EXP: return exp (x);
    case GM_UN_LOG: return log (x);
    case GM_UN_FLOOR: return floor (x);
    case GM_UN_CEIL: return ceil (x);
    case GM_UN_ROUND: return round (x);      /* half away from zero, as std::round */
    case GM_UN_FIX: return trunc (x);
    case GM_UN_SIGN: return octave_sign (x);
    case GM_UN_SIN: return sin (x);
    case GM_UN_COS: return cos (x);
    case GM_UN_TAN: return tan (x);
    case GM_UN_ASIN: return asin (x);
    case GM_UN_ACOS: return acos (x);
    case GM_UN_ATAN: return atan (x);
    case GM_UN_SINH: return sinh (x);
    case GM_UN_COSH: return cosh (x);
    case GM_UN_TANH: return tanh (x);
    case GM_UN_ASINH: return asinh (x);
    case GM_UN_ACOSH: return acosh (x);
    case GM_UN_ATANH: return atanh (x);
    case GM_UN_LOG2: return log2 (x);
    case GM_UN_LOG10: return log10 (x);
    case GM_UN_LOG1P: return log1p (x);
    case GM_UN_EXPM1: return expm1 (x);
    case GM_UN_GAMMA: return octave_gamma (x);
    case GM_UN_LGAMMA: return lgamma (x);    /* its real part; the sign is the domain query's */
    case GM_UN_ERF: return erf (x);
    case GM_UN_ERFC: return erfc (x);
    case GM_UN_CBRT: return cbrt (x);
    case GM_UN_ISNAN: return isnan (x);
    case GM_UN_ISINF: return isinf (x);
    case GM_UN_ISFINITE: return isfinite (x);
    default: return (O) x;
    }
  }
};

/* 1 where Octave's result for x is complex (gm_domain). */
template <typename T, int DOMAIN> struct OutsideOp {
  __device__ __forceinline__ static int apply (T x)
  {
    switch (DOMAIN) {
    case GM_DOMAIN_NONNEG: return x < 0;
    case GM_DOMAIN_UNIT: return fabs (x) > 1;
    case GM_DOMAIN_GE_ONE: return x < 1;
    case GM_DOMAIN_GE_MINUS_ONE: return x < -1;
    case GM_DOMAIN_GAMMA_SIGN: {
      /* lgamma_r's sign is -1 at -0 and where gamma (x) < 0: x < 0, not an integer, in an
         interval (-2k-1, -2k) (floor (x) odd); +1 at the poles, at -Inf and for NaN */
      if (x == 0)
        return signbit (x) != 0;
      if (!(x < 0) || isinf (x) || floor (x) == x)
        return 0;
      return fmod (floor (x), (T) 2) != 0;
    }
    default: return 0;
    }
  }
};
template <typename T> struct NanOp {
  __device__ __forceinline__ static int apply (T x) { return isnan (x); }
};

thread_local cudaStream_t g_stream;

template <typename T, typename O, int OP> gm_status launch_unary (int64_t count, const void *src,
                                                                   void *dst)
{
  constexpr int VW = 16 / sizeof (T);      /* T is never narrower than O */
  if (aligned (src, sizeof (T) * VW) && aligned (dst, sizeof (O) * VW))
    un_contig<UnOp<T, O, OP>, T, O, true><<<blocks_for (count / VW), BLOCK, 0, g_stream>>> (
        count, (const T *) src, (O *) dst);
  else
    un_contig<UnOp<T, O, OP>, T, O, false><<<blocks_for (count), BLOCK, 0, g_stream>>> (
        count, (const T *) src, (O *) dst);
  return launched ("gm_unary: un_contig launch");
}

template <typename T> gm_status run_unary (gm_unop op, int64_t count, const void *src, void *dst)
{
  typedef uint8_t L;
#define GM_UN_CASE(OPV) case OPV: return launch_unary<T, T, OPV> (count, src, dst);
#define GM_UN_LCASE(OPV) case OPV: return launch_unary<T, L, OPV> (count, src, dst);
  switch (op) {
    GM_UN_CASE (GM_UN_NEG) GM_UN_CASE (GM_UN_ABS) GM_UN_CASE (GM_UN_SQRT)
    GM_UN_CASE (GM_UN_EXP) GM_UN_CASE (GM_UN_LOG) GM_UN_CASE (GM_UN_FLOOR)
    GM_UN_CASE (GM_UN_CEIL) GM_UN_CASE (GM_UN_ROUND) GM_UN_CASE (GM_UN_FIX)
    GM_UN_CASE (GM_UN_SIGN) GM_UN_CASE (GM_UN_SIN) GM_UN_CASE (GM_UN_COS)
    GM_UN_CASE (GM_UN_TAN) GM_UN_CASE (GM_UN_ASIN) GM_UN_CASE (GM_UN_ACOS)
    GM_UN_CASE (GM_UN_ATAN) GM_UN_CASE (GM_UN_SINH) GM_UN_CASE (GM_UN_COSH)
    GM_UN_CASE (GM_UN_TANH) GM_UN_CASE (GM_UN_ASINH) GM_UN_CASE (GM_UN_ACOSH)
    GM_UN_CASE (GM_UN_ATANH) GM_UN_CASE (GM_UN_LOG2) GM_UN_CASE (GM_UN_LOG10)
    GM_UN_CASE (GM_UN_LOG1P) GM_UN_CASE (GM_UN_EXPM1) GM_UN_CASE (GM_UN_GAMMA)
    GM_UN_CASE (GM_UN_LGAMMA) GM_UN_CASE (GM_UN_ERF) GM_UN_CASE (GM_UN_ERFC)
    GM_UN_CASE (GM_UN_CBRT)
    GM_UN_LCASE (GM_UN_ISNAN) GM_UN_LCASE (GM_UN_ISINF) GM_UN_LCASE (GM_UN_ISFINITE)
  default:
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_unary: unknown op %d", (int) op);
  }
#undef GM_UN_CASE
#undef GM_UN_LCASE
}

/* *flag = 1 when Op holds for some element (memset first; nothing launched for count 0). */
template <template <typename> class Op>
gm_status flag_query (const char *who, gm_class cls, int64_t count, const void *d_x, int *d_flag,
                      cudaStream_t stream)
{
  gm_status st;
  if ((st = gm_check_real_float (who, cls)) != GM_OK)
    return st;
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative count", who);
  if (!d_flag || (count > 0 && !d_x))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: NULL device pointer", who);
  if ((st = gm_cuda_status (cudaMemsetAsync (d_flag, 0, sizeof (int), stream), who)) != GM_OK
      || count == 0)
    return st;
  if (cls == GM_DOUBLE)
    any_flag<Op<double>, double><<<blocks_for (count), BLOCK, 0, stream>>> (
        count, (const double *) d_x, d_flag);
  else
    any_flag<Op<float>, float><<<blocks_for (count), BLOCK, 0, stream>>> (
        count, (const float *) d_x, d_flag);
  return launched (who);
}

template <int D> struct Outside {
  template <typename T> using op = OutsideOp<T, D>;
};

} /* namespace */

extern "C" const char *gm_unop_name (gm_unop op)
{
  return (int) op >= 0 && op < GM_UN_COUNT ? unop_table[op].name : NULL;
}

extern "C" const gm_unop_info *gm_unop_describe (gm_unop op)
{
  return (int) op >= 0 && op < GM_UN_COUNT ? &unop_table[op] : NULL;
}

extern "C" gm_status gm_unary (gm_unop op, gm_class cls, int64_t count, const void *d_x,
                               void *d_out, cudaStream_t stream)
{
  gm_status st;
  if ((int) op < 0 || op >= GM_UN_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_unary: unknown op %d", (int) op);
  if ((st = gm_check_real_float ("gm_unary", cls)) != GM_OK)
    return st;
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_unary: negative count %lld", (long long) count);
  if (count == 0)
    return GM_OK;
  if (!d_x || !d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_unary: NULL device pointer with %lld elements",
                    (long long) count);
  g_stream = stream;
  return cls == GM_DOUBLE ? run_unary<double> (op, count, d_x, d_out)
                          : run_unary<float> (op, count, d_x, d_out);
}

extern "C" gm_status gm_any_negative (gm_class cls, int64_t count, const void *d_x, int *d_flag,
                                      cudaStream_t stream)
{
  return flag_query<NegativeOp> ("gm_any_negative", cls, count, d_x, d_flag, stream);
}

extern "C" gm_status gm_any_nan (gm_class cls, int64_t count, const void *d_x, int *d_flag,
                                 cudaStream_t stream)
{
  return flag_query<NanOp> ("gm_any_nan", cls, count, d_x, d_flag, stream);
}

extern "C" gm_status gm_unary_needs_complex (gm_unop op, gm_class cls, int64_t count,
                                             const void *d_x, int *d_flag, cudaStream_t stream)
{
  const char *who = "gm_unary_needs_complex";
  if ((int) op < 0 || op >= GM_UN_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: unknown op %d", who, (int) op);
  switch (unop_table[op].domain) {
  case GM_DOMAIN_NONNEG:
    return flag_query<Outside<GM_DOMAIN_NONNEG>::op> (who, cls, count, d_x, d_flag, stream);
  case GM_DOMAIN_UNIT:
    return flag_query<Outside<GM_DOMAIN_UNIT>::op> (who, cls, count, d_x, d_flag, stream);
  case GM_DOMAIN_GE_ONE:
    return flag_query<Outside<GM_DOMAIN_GE_ONE>::op> (who, cls, count, d_x, d_flag, stream);
  case GM_DOMAIN_GE_MINUS_ONE:
    return flag_query<Outside<GM_DOMAIN_GE_MINUS_ONE>::op> (who, cls, count, d_x, d_flag,
                                                            stream);
  case GM_DOMAIN_GAMMA_SIGN:
    return flag_query<Outside<GM_DOMAIN_GAMMA_SIGN>::op> (who, cls, count, d_x, d_flag, stream);
  default:
    /* every real x has a real result: no kernel, the flag 0 (validated as the others are) */
    return flag_query<Outside<GM_DOMAIN_ALL>::op> (who, cls, 0, d_x, d_flag, stream);
  }
}
