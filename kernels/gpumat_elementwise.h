/* gpumat_elementwise.h: element-wise operations with Octave's broadcasting, of real, integer
 * and complex data, and class conversions (kernels/elementwise*.cu, convert.cu).  Part of
 * gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_ELEMENTWISE_H
#define GPUMAT_ELEMENTWISE_H

#include <stdint.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- class conversion (kernels/convert.cu) ---------------------------------------------- */
/* d_dst[i] = (float) d_src[i], rounding to nearest as Octave's single () does. */
gm_status gm_double_to_single (int64_t count, const double *d_src, float *d_dst,
                               cudaStream_t stream);

/* ---- element-wise operations (kernels/elementwise.cu) ----------------------------------- */
/* Operands are N-d arrays described by (nd, dims): dims[0] is the contiguous dimension, missing
 * trailing dimensions are 1 (nd == 0 is a 1x1 scalar), 0 <= nd <= GM_MAX_DIMS, no dims[d] < 0.
 * Broadcasting is Octave's: dimension d of the result is dims_a[d] where dims_a[d] == dims_b[d]
 * or dims_b[d] == 1, dims_b[d] where dims_a[d] == 1 (so 1 against 0 gives 0: empty results);
 * any other pair is GM_ERR_INVALID_ARGUMENT with gm_error_detail () =
 * "nonconformant arguments (op1 is 2x3, op2 is 4x5)", which the gateway maps to Octave's
 * Octave:nonconformant-args.  Classes: GM_DOUBLE and GM_SINGLE only for now; complex and integer
 * classes are GM_ERR_INVALID_ARGUMENT ("class ... is not supported yet").  A NULL device pointer
 * is refused only when the result has elements.  All functions only queue work on `stream`. */
#define GM_MAX_DIMS 8

/* Octave's logical: comparisons write one byte per element, 0 or 1 (uint8_t; the layout of an
 * mxLOGICAL array, whose bytes the gateway copies as they are).  gm_binop_result_class names it
 * GM_UINT8. */
typedef uint8_t gm_logical;

typedef enum {
  GM_BIN_ADD = 0, GM_BIN_SUB, GM_BIN_MUL, GM_BIN_DIV, GM_BIN_POW,     /* + - .* ./ .^ */
  GM_BIN_LT, GM_BIN_LE, GM_BIN_GT, GM_BIN_GE, GM_BIN_EQ, GM_BIN_NE,   /* < <= > >= == ~= */
  GM_BIN_MAX, GM_BIN_MIN,                                             /* max (a, b), min (a, b) */
  GM_BIN_MOD, GM_BIN_REM, GM_BIN_ATAN2, GM_BIN_HYPOT,                 /* mod rem atan2 hypot */
  GM_BIN_AND, GM_BIN_OR, GM_BIN_XOR,                                  /* & | xor */
  GM_BIN_COUNT
} gm_binop;
/* Octave's function names: "plus", "minus", "times", "rdivide", "power", "lt", "le", "gt",
 * "ge", "eq", "ne", "max", "min", "mod", "rem", "atan2", "hypot", "and", "or", "xor"; NULL for
 * an unknown value. */
const char *gm_binop_name (gm_binop op);
/* What the callers need to know of each operation, one row an op (kernels/elementwise.cu's
 * table, which its dispatch reads too): its name; whether the result is gm_logical (the
 * comparisons and & | xor); whether Octave takes logical and char operands (0 for mod, rem,
 * atan2 and hypot: Octave 7.3 refuses them, "mod: wrong type argument 'bool'"); whether a NaN
 * operand is Octave's error "invalid conversion from NaN to logical" (& | xor: ask gm_any_nan
 * first, the kernels read NaN as true).  NULL for an unknown op. */
typedef struct {
  const char *name;
  int logical_result;
  int takes_logical;
  int nan_is_error;
} gm_binop_info;
const gm_binop_info *gm_binop_describe (gm_binop op);

/* The result's dimensions: max (nd_a, nd_b, 2) of them by the rule above, then trailing 1s
 * dropped down to 2 dimensions (Octave's chop_trailing_singletons).  dims_out has room for
 * GM_MAX_DIMS.  Lets the gateway allocate the output before gm_binary. */
gm_status gm_broadcast_dims (int nd_a, const int64_t *dims_a, int nd_b, const int64_t *dims_b,
                             int *nd_out, int64_t *dims_out);
/* The result class: GM_UINT8 (gm_logical) for a comparison and for & | xor; otherwise single
 * when either operand is single (Octave's rule for double with single), else double. */
gm_status gm_binop_result_class (gm_binop op, gm_class a_cls, gm_class b_cls, gm_class *out_cls);

/* d_out (gm_broadcast_dims's shape, gm_binop_result_class's class) = a op b, element-wise.
 *  - Arithmetic and max/min compute in the result class: a double operand with a single one is
 *    rounded to single first (Octave's rule), single is computed in float, not double.
 *    + - .* ./ are IEEE-rounded, so results are bit-identical to Octave's (NaN payloads aside).
 *  - max/min: Octave's rule: NaN only when both are NaN (max (NaN, 1) is 1); on a tie of -0
 *    with 0, what Octave 7.3 returns: a for same-size arrays and for an array against a 1x1 b,
 *    b for a 1x1 a (against anything) and for broadcast operands.
 *  - .^ is pow () of the class (device libm: 2 ulp in double, 4 in single per CUDA's tables),
 *    except as Octave, where the exponent is a scalar and the base is not: an integer exponent
 *    2, 3 or -1 is a*a, a*a*a, 1/a, other integers pow in double (std::pow (float, int)
 *    promotes).  A negative base with a non-integer exponent gives NaN here where Octave gives
 *    a complex result: ask gm_pow_needs_complex first.
 *  - Comparisons compute in the class arithmetic would (Octave 7.3: single (0.1) == 0.1 is
 *    true: the double is rounded to single); NaN compares unequal to everything.
 *  - mod and rem are Octave's (liboctave lo-mappers.h octave::math::mod/rem, bit for bit):
 *    mod (x, 0) = x, rem (x, 0) = NaN; x - y .* floor (x ./ y) (trunc for rem) with the
 *    product rounded on its own (no fused multiply-add, as Octave's `volatile`), 0 where y is
 *    not an integer and x ./ y is within eps (relative) of an integer; the sign of y (mod) or
 *    x (rem) copied onto the result unless x == y.  In the result class.
 *  - atan2 and hypot: the device libm's (atan2 2 ulp in double, 3 in single; hypot 2 / 3, per
 *    CUDA's tables), in the result class.
 *  - & | xor: a gm_logical result, whether each operand is nonzero: & and | in the class of
 *    the comparisons (Octave 7.3: single (1) & 1e-50 is false), xor each operand in its own
 *    class (its xor.m: xor (single (0), 1e-50) is true); NaN reads as true here, while Octave
 *    raises an error: the caller asks gm_any_nan first (gm_binop_describe's nan_is_error).
 * d_out may be d_a or d_b when it has the same shape and class (each element is read before it
 * is written, by the same thread). */
gm_status gm_binary (gm_binop op, gm_class a_cls, int nd_a, const int64_t *dims_a,
                     const void *d_a, gm_class b_cls, int nd_b, const int64_t *dims_b,
                     const void *d_b, void *d_out, cudaStream_t stream);
/* For tests and benchmarks: the broadcast kernel version the last gm_binary call of this host
 * thread launched: 2 (ew_bcast v2, strided loads, one output a thread), 3 (ew_bcast_vec: VW
 * outputs a thread along the first dimension, kernels/elementwise.cu), 0 when it launched
 * neither (same sizes or a scalar operand, no elements, a refused call). */
int gm_binary_last_bcast (void);
/* *d_flag (a device int) = 1 exactly when Octave 7.3's .^ of these operands returns a complex
 * result, judged in the class the power is computed in; 0 otherwise.  Octave's rules (xpow.cc):
 * same sizes, an array base with a scalar exponent, and two scalars go pair by pair (a < 0 and
 * b not an integer inside int's range, xisint: NaN, Inf and 2^31 are not); a scalar base with
 * an array exponent, and broadcasts, test globally (any a < 0 and any b not a finite integer,
 * whatever pairs they meet in: [-1 2; 3 4] .^ [2 0.5] is complex, (-2) .^ [2^31 1] real).
 * Queues a memset of the flag and up to three kernels on `stream`; the caller copies the flag
 * back (cudaMemcpyAsync, then waits on the stream or an event) when it needs it. */
gm_status gm_pow_needs_complex (gm_class a_cls, int nd_a, const int64_t *dims_a,
                                const void *d_a, gm_class b_cls, int nd_b,
                                const int64_t *dims_b, const void *d_b, int *d_flag,
                                cudaStream_t stream);

/* Unary operations (kernels/elementwise_mappers.cu).  Maximum errors against the exact result
 * are CUDA's documented ones (CUDA C++ Programming Guide, Mathematical Functions), double /
 * single, in ulps; "exact" ones are bit-identical to Octave's (glibc's) result. */
typedef enum {
  GM_UN_NEG = 0,   /* -x: the sign bit flipped (-0 from 0, NaN stays NaN)                       */
  GM_UN_ABS,       /* abs (x)                                                                   */
  GM_UN_SQRT,      /* sqrt (x), IEEE-rounded; NaN for x < 0 (Octave: complex, see below)        */
  GM_UN_EXP,       /* exp (x), device libm: 1 ulp in double, 2 in single                        */
  GM_UN_LOG,       /* log (x), 1 ulp; log (0) = -Inf, NaN for x < 0 (Octave: complex)           */
  GM_UN_FLOOR,     /* floor, ceil, round (half away from zero), fix (toward 0): exact, -0 kept  */
  GM_UN_CEIL,
  GM_UN_ROUND,
  GM_UN_FIX,
  GM_UN_SIGN,      /* sign: -1, 0 (also for -0), 1, NaN: exact                                  */
  GM_UN_SIN,       /* sin cos 2/2, tan 2/4                                                      */
  GM_UN_COS,
  GM_UN_TAN,
  GM_UN_ASIN,      /* asin acos atan 2/2 (asin, acos: |x| > 1 complex in Octave)                */
  GM_UN_ACOS,
  GM_UN_ATAN,
  GM_UN_SINH,      /* sinh 2/3, cosh 1/2, tanh 1/2                                              */
  GM_UN_COSH,
  GM_UN_TANH,
  GM_UN_ASINH,     /* asinh 3/3, acosh 3/4 (x < 1 complex), atanh 2/3 (|x| > 1 complex)         */
  GM_UN_ACOSH,
  GM_UN_ATANH,
  GM_UN_LOG2,      /* log2 1/1, log10 1/2 (x < 0 complex), log1p 1/1 (x < -1 complex)           */
  GM_UN_LOG10,
  GM_UN_LOG1P,
  GM_UN_EXPM1,     /* expm1 1/1                                                                 */
  GM_UN_GAMMA,     /* Octave's gamma: tgamma 10/5 ulp; exact Octave values at 0, -0 (-Inf),
                      negative integers and -Inf (Inf), NaN                                     */
  GM_UN_LGAMMA,    /* lgamma 4/6 ulp outside (-23.0001, -2.2637) (/(-10.001, -2.264)); complex
                      in Octave where gamma (x) < 0                                             */
  GM_UN_ERF,       /* erf 2/2, erfc 5/4, cbrt 1/1                                               */
  GM_UN_ERFC,
  GM_UN_CBRT,
  GM_UN_ISNAN,     /* isnan, isinf, isfinite: a gm_logical result, exact                        */
  GM_UN_ISINF,
  GM_UN_ISFINITE,
  GM_UN_COUNT
} gm_unop;
/* Octave's function names ("uminus", "abs", "sqrt", ..., "fix", "sign", ..., "gamma",
 * "lgamma", ..., "isfinite"); NULL for an unknown value. */
const char *gm_unop_name (gm_unop op);
/* Where Octave's result of a real argument turns complex, by op (gm_unop_describe). */
typedef enum {
  GM_DOMAIN_ALL = 0,     /* real for every real x */
  GM_DOMAIN_NONNEG,      /* complex for x < 0 (sqrt, log, log2, log10; -0 and NaN are not) */
  GM_DOMAIN_UNIT,        /* complex for |x| > 1 (asin, acos, atanh) */
  GM_DOMAIN_GE_ONE,      /* complex for x < 1 (acosh) */
  GM_DOMAIN_GE_MINUS_ONE,/* complex for x < -1 (log1p) */
  GM_DOMAIN_GAMMA_SIGN   /* complex where gamma (x) < 0: -0, and x < 0 not an integer with
                            floor (x) odd (lgamma: lgamma_r's sign, Octave's rc_lgamma) */
} gm_domain;
/* One row an op: its name, whether its result is gm_logical (isnan, isinf, isfinite), and its
 * real domain.  NULL for an unknown op. */
typedef struct {
  const char *name;
  int logical_result;
  gm_domain domain;
} gm_unop_info;
const gm_unop_info *gm_unop_describe (gm_unop op);
/* d_out[i] = op (d_x[i]) for i < count, in class cls (d_out may be d_x; a gm_logical d_out for
 * a logical_result op).  Real only: outside an op's domain the result here is NaN (or what the
 * device libm gives), while Octave returns a complex result; the gateway asks
 * gm_unary_needs_complex first and takes the complex route when it is set. */
gm_status gm_unary (gm_unop op, gm_class cls, int64_t count, const void *d_x, void *d_out,
                    cudaStream_t stream);
/* *d_flag (a device int) = 1 when some d_x[i] < 0 (-0 and NaN are not negative, as in Octave's
 * any_element_is_negative), else 0.  Queued like gm_pow_needs_complex: the caller copies the
 * flag back when it needs the answer. */
gm_status gm_any_negative (gm_class cls, int64_t count, const void *d_x, int *d_flag,
                           cudaStream_t stream);
/* *d_flag = 1 when some d_x[i] lies outside op's real domain (gm_unop_describe), else 0 (always
 * 0 for GM_DOMAIN_ALL, with no kernel).  Queued like gm_any_negative. */
gm_status gm_unary_needs_complex (gm_unop op, gm_class cls, int64_t count, const void *d_x,
                                  int *d_flag, cudaStream_t stream);
/* *d_flag = 1 when some d_x[i] is NaN, else 0.  Queued like gm_any_negative. */
gm_status gm_any_nan (gm_class cls, int64_t count, const void *d_x, int *d_flag,
                      cudaStream_t stream);
/* d_dst (dst_cls) = d_src (src_cls) for count elements: double to single rounds to nearest (as
 * Octave's single ()), single to double is exact, the same class is a device-to-device copy.
 * src_cls GM_UINT8 reads a logical array's bytes (gm_logical, 0 or 1) into double or single. */
gm_status gm_convert (gm_class src_cls, gm_class dst_cls, int64_t count, const void *d_src,
                      void *d_dst, cudaStream_t stream);

/* ---- integer element-wise operations (kernels/elementwise_int.cu) ----------------------- */
/* Octave 7.3's octave_int<T> arithmetic, bit for bit.  Operands as gm_binary's (shapes,
 * broadcasting, nonconformant errors); classes: two arrays of one integer class, or an int8 ...
 * uint32 array with a double or single one (either side).  Ops: + - .* ./, the comparisons,
 * max, min, mod, rem, & and |; not .^ (the gateway leaves it to Octave).  Same class: + - .*
 * saturate (64-bit products exact, as Octave's long double ones), ./ rounds to nearest with
 * ties away from zero, x ./ 0 is intmax (intmin for x < 0), 0 ./ 0 is 0, mod and rem are
 * octave_int's (mod (x, 0) = x, rem (x, 0) = 0).  With a double (or single, widened) operand:
 * + - .* ./ in double, then rounded half away from zero and saturated into the integer class,
 * NaN to 0; comparisons in double (exact); max, min, mod and rem with the floating-point
 * operand converted to the integer class first (Octave's int8_array_value: max (int8 (5), NaN)
 * is 5, mod (int8 (10), 3.7) is 2); & | read NaN as true (Octave 7.3 does so where both
 * operands are scalars, and raises its NaN error otherwise: the caller asks gm_any_nan).  The
 * result: the integer class, or gm_logical (GM_UINT8) for the comparisons and & |.  int64 and
 * uint64 with double or single operands are not taken (Octave computes those in long double):
 * gm_int_binary_supported is 0. */
int gm_int_binary_supported (gm_binop op, gm_class a_cls, gm_class b_cls);
gm_status gm_int_binary_result_class (gm_binop op, gm_class a_cls, gm_class b_cls,
                                      gm_class *out_cls);
gm_status gm_int_binary (gm_binop op, gm_class a_cls, int nd_a, const int64_t *dims_a,
                         const void *d_a, gm_class b_cls, int nd_b, const int64_t *dims_b,
                         const void *d_b, void *d_out, cudaStream_t stream);
/* The unary ops gm_int_unary takes: uminus and abs (saturating: -int8 (-128) is 127), sign
 * (the integer class), floor, ceil, round, fix (a copy), isnan, isinf (all false), isfinite
 * (all true; these three a gm_logical result). */
int gm_int_unary_supported (gm_unop op);
gm_status gm_int_unary (gm_unop op, gm_class cls, int64_t count, const void *d_x, void *d_out,
                        cudaStream_t stream);
/* d_dst (dst_cls) = d_src (src_cls) as Octave's int8 () ... uint64 (), double (), single ():
 * from double or single, rounded half away from zero and saturated at Octave's thresholds, NaN
 * to 0; between integer classes saturated; integer to double or single rounded to nearest.  At
 * least one of the classes is an integer class (GM_UINT8 also reads a logical array's bytes);
 * the same class is a copy.  Queued on `stream`. */
gm_status gm_int_convert (gm_class src_cls, gm_class dst_cls, int64_t count, const void *d_src,
                          void *d_dst, cudaStream_t stream);
/* ---- complex element-wise operations (kernels/elementwise_complex.cu) --------------------- */
/* Octave 7.3's element-wise arithmetic, comparisons and max/min with complex data.  Shapes and
 * broadcasting as gm_binary (gm_broadcast_dims; the same nonconformant message).  Operands: at
 * least one complex, both of one precision (the caller rounds a double operand to single
 * first, gw_convert_operand): a_cls, b_cls each GM_COMPLEX_DOUBLE or GM_DOUBLE, or each
 * GM_COMPLEX_SINGLE or GM_SINGLE; a real operand is read as real data (not promoted).
 *  - + - .* ./ : d_out complex, bit-identical to Octave's std::complex (GCC 12 libgcc's
 *    __muldc3/__divdc3, __mulsc3/__divsc3; complex .* real and complex ./ real part by part;
 *    real ./ complex as (real + 0i) ./ complex), NaN payloads aside;
 *  - == ~= (both parts) and < <= > >= (Octave's order: abs, glibc's hypot; on a tie arg, the
 *    device's atan2, -pi read as pi; a real operand's arg is 0): d_out gm_logical;
 *  - max, min (abs only; a on a tie; a NaN in either part of either operand wins, a before b):
 *    d_out complex (a real operand as real + 0i).
 * The caller narrows a complex result whose imaginary parts are all zero (gm_complex_has_imag),
 * as Octave does.  Queued on stream. */
int gm_complex_binop_supported (gm_binop op);   /* 1 for + - .* ./ < <= > >= == ~= max min */
gm_status gm_complex_binary (gm_binop op, gm_class a_cls, int nd_a, const int64_t *dims_a,
                             const void *d_a, gm_class b_cls, int nd_b, const int64_t *dims_b,
                             const void *d_b, void *d_out, cudaStream_t stream);
/* Unary operations of complex data (cls GM_COMPLEX_DOUBLE or GM_COMPLEX_SINGLE), count
 * elements; d_out is (gm_complex_unop_result) 0: complex of cls (-x: both sign bits flipped,
 * conj, sign: x / abs (x), +0 for 0, as Octave's signum), 1: the real class (real, imag, abs:
 * glibc's hypot bit for bit, arg: atan2, 2 ulp double / 3 single), 2: gm_logical (isnan,
 * isinf: either part; isfinite: both parts; not: both parts zero, while Octave refuses NaN:
 * the caller asks gm_any_nan of the 2*count real parts first). */
typedef enum {
  GM_CUN_NEG = 0, GM_CUN_CONJ, GM_CUN_REAL, GM_CUN_IMAG, GM_CUN_ABS, GM_CUN_ARG, GM_CUN_SIGN,
  GM_CUN_ISNAN, GM_CUN_ISINF, GM_CUN_ISFINITE, GM_CUN_NOT,
  GM_CUN_COUNT
} gm_complex_unop;
/* Octave's names: "uminus", "conj", "real", "imag", "abs", "arg", "sign", "isnan", "isinf",
 * "isfinite", "not"; NULL for an unknown op (and -1 from gm_complex_unop_result). */
const char *gm_complex_unop_name (gm_complex_unop op);
int gm_complex_unop_result (gm_complex_unop op);
gm_status gm_complex_unary (gm_complex_unop op, gm_class cls, int64_t count, const void *d_x,
                            void *d_out, cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_ELEMENTWISE_H */
