/* elementwise_complex.cu: element-wise operations with complex operands, as Octave 7.3 computes
 * them: + - .* ./ == ~= < <= > >= max min of complex with complex or real data (either side,
 * Octave's broadcasting), and the unary -, conj, real, imag, abs, arg, sign, isnan, isinf,
 * isfinite and ! of complex data.
 *
 * Guarantees (each checked against std::complex on the host by tests/test_elementwise_complex.cu):
 *  - + - .* ./ give Octave's bits: a real operand is not promoted (complex .* real is
 *    (ar*b, ai*b), complex ./ real (ar/b, ai/b), real - complex (b - xr, -xi)); complex .*
 *    complex is libgcc's __muldc3 / __mulsc3 and complex ./ complex (and real ./ complex) its
 *    __divdc3 / __divsc3 of GCC 12 (complex_arith.cuh), NaN payloads aside.
 *  - abs is glibc's hypot / hypotf bit for bit; == and ~= compare both parts; < <= > >= and
 *    max, min are Octave's ordering (oct-cmplx.h, lo-mappers.h: abs, then, on a tie, arg with
 *    -pi read as pi; a real operand's arg counts as 0 whatever its sign; max and min compare
 *    abs only, keep the first operand on a tie and return a NaN operand when either is one).
 *    arg (and so a tie of abs in < <= > >=) is the device's atan2: 2 ulp (double), 3 (single).
 *  - Results are complex (interleaved) or gm_logical; the caller narrows a complex result
 *    whose imaginary parts are all zero (gm_complex_has_imag), as Octave does.
 * One kernel for each precision and direction, the operation a runtime switch (compile time is
 * a budget: a template per op would multiply the instantiations by 12); an operand that is 1x1
 * or of the result's size is read at i or 0, anything else through per-dimension strides (0
 * along a broadcast dimension).  Grid-stride loops with int64 indices: any count.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "elementwise_common.cuh"
#include "complex_arith.cuh"

using gm_cx::Cplx;

namespace {

/* One binary call: the op, which operands are complex, and how each is indexed. */
struct BinArgs {
  int op;
  int a_cplx, b_cplx;
  int bcast;                 /* 0: a and b read at i (full) or 0 (1x1); 1: through strides */
  int a_full, b_full;        /* bcast 0: the operand has the result's size */
  int nd;                    /* bcast 1: dimensions of the result */
  int64_t count;
  int64_t dims[GM_MAX_DIMS], sa[GM_MAX_DIMS], sb[GM_MAX_DIMS];
};

template <typename R>
__global__ void __launch_bounds__ (BLOCK)
cx_binary (BinArgs p, const R *a, const R *b, void *out)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = blockIdx.x * (int64_t) BLOCK + threadIdx.x; i < p.count; i += stride) {
    int64_t ia, ib;
    if (!p.bcast) {
      ia = p.a_full ? i : 0;
      ib = p.b_full ? i : 0;
    } else {
      int64_t r = i;
      ia = ib = 0;
      for (int d = 0; d < p.nd; d++) {
        const int64_t n = p.dims[d], c = r % n;
        r /= n;
        ia += c * p.sa[d];
        ib += c * p.sb[d];
      }
    }
    const bool ac = p.a_cplx, bc = p.b_cplx;
    R ar, ai = 0, br, bi = 0;
    if (ac) {
      const Cplx<R> v = ((const Cplx<R> *) a)[ia];
      ar = v.re; ai = v.im;
    } else
      ar = a[ia];
    if (bc) {
      const Cplx<R> v = ((const Cplx<R> *) b)[ib];
      br = v.re; bi = v.im;
    } else
      br = b[ib];
    Cplx<R> z;
    bool t;
    if (gm_cx::binary_element (p.op, ar, ai, ac, br, bi, bc, &z, &t))
      ((gm_logical *) out)[i] = t;
    else
      ((Cplx<R> *) out)[i] = z;
  }
}

template <typename R>
__global__ void __launch_bounds__ (BLOCK)
cx_unary (int op, int64_t count, const Cplx<R> *x, void *out)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = blockIdx.x * (int64_t) BLOCK + threadIdx.x; i < count; i += stride) {
    const Cplx<R> v = x[i];
    switch (op) {
    case GM_CUN_NEG: ((Cplx<R> *) out)[i] = Cplx<R>{flip_sign (v.re), flip_sign (v.im)}; break;
    case GM_CUN_CONJ: ((Cplx<R> *) out)[i] = Cplx<R>{v.re, flip_sign (v.im)}; break;
    case GM_CUN_REAL: ((R *) out)[i] = v.re; break;
    case GM_CUN_IMAG: ((R *) out)[i] = v.im; break;
    case GM_CUN_ABS: ((R *) out)[i] = gm_cx::glibc_hypot (v.re, v.im); break;
    case GM_CUN_ARG: ((R *) out)[i] = gm_cx::cx_arg (v.re, v.im); break;
    case GM_CUN_SIGN: {          /* lo-mappers.h signum: x / abs (x), 0 (+0 + 0i) for 0 */
      const R t = gm_cx::glibc_hypot (v.re, v.im);
      ((Cplx<R> *) out)[i] = t == 0 ? Cplx<R>{0, 0} : Cplx<R>{v.re / t, v.im / t};
      break;
    }
    case GM_CUN_ISNAN: ((gm_logical *) out)[i] = isnan (v.re) || isnan (v.im); break;
    case GM_CUN_ISINF: ((gm_logical *) out)[i] = isinf (v.re) || isinf (v.im); break;
    case GM_CUN_ISFINITE: ((gm_logical *) out)[i] = isfinite (v.re) && isfinite (v.im); break;
    default: ((gm_logical *) out)[i] = v.re == 0 && v.im == 0; break;   /* GM_CUN_NOT */
    }
  }
}

const char *const unop_names[GM_CUN_COUNT] = {"uminus", "conj", "real", "imag", "abs", "arg",
                                              "sign", "isnan", "isinf", "isfinite", "not"};
const int unop_results[GM_CUN_COUNT] = {0, 0, 1, 1, 1, 1, 0, 2, 2, 2, 2};

bool float_class (gm_class c)
{
  return c == GM_DOUBLE || c == GM_SINGLE || c == GM_COMPLEX_DOUBLE || c == GM_COMPLEX_SINGLE;
}

gm_status check_dims (const char *who, int nd, const int64_t *dims)
{
  if (nd < 0 || nd > GM_MAX_DIMS || (nd > 0 && !dims))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: invalid number of dimensions %d", who, nd);
  for (int d = 0; d < nd; d++)
    if (dims[d] < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative dimension", who);
  return GM_OK;
}

} /* namespace */

extern "C" int gm_complex_binop_supported (gm_binop op)
{
  switch (op) {
  case GM_BIN_ADD: case GM_BIN_SUB: case GM_BIN_MUL: case GM_BIN_DIV:
  case GM_BIN_LT: case GM_BIN_LE: case GM_BIN_GT: case GM_BIN_GE: case GM_BIN_EQ: case GM_BIN_NE:
  case GM_BIN_MAX: case GM_BIN_MIN:
    return 1;
  default:
    return 0;
  }
}

extern "C" gm_status gm_complex_binary (gm_binop op, gm_class a_cls, int nd_a,
                                        const int64_t *dims_a, const void *d_a, gm_class b_cls,
                                        int nd_b, const int64_t *dims_b, const void *d_b,
                                        void *d_out, cudaStream_t stream)
{
  static const char *who = "gm_complex_binary";
  if (!gm_complex_binop_supported (op))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: operation %d has no complex kernel", who,
                    (int) op);
  if (!float_class (a_cls) || !float_class (b_cls)
      || gm_class_real (a_cls) != gm_class_real (b_cls)
      || !(gm_class_is_complex (a_cls) || gm_class_is_complex (b_cls)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "%s: classes %s and %s (one complex, both of the same precision)", who,
                    gm_class_valid (a_cls) ? gm_class_name (a_cls) : "(unknown)",
                    gm_class_valid (b_cls) ? gm_class_name (b_cls) : "(unknown)");
  gm_status st;
  int nd;
  int64_t out[GM_MAX_DIMS];
  if ((st = check_dims (who, nd_a, dims_a)) != GM_OK
      || (st = check_dims (who, nd_b, dims_b)) != GM_OK
      || (st = gm_broadcast_dims (nd_a, dims_a, nd_b, dims_b, &nd, out)) != GM_OK)
    return st;
  BinArgs p = {};
  p.op = (int) op;
  p.a_cplx = gm_class_is_complex (a_cls);
  p.b_cplx = gm_class_is_complex (b_cls);
  p.count = 1;
  int64_t na = 1, nb = 1;
  for (int d = 0; d < nd; d++) {
    const int64_t da = d < nd_a ? dims_a[d] : 1, db = d < nd_b ? dims_b[d] : 1;
    /* the operands' strides along each result dimension, 0 where one is broadcast */
    p.dims[d] = out[d];
    p.sa[d] = da == 1 ? 0 : na;
    p.sb[d] = db == 1 ? 0 : nb;
    na *= da;
    nb *= db;
    p.count *= out[d];
  }
  if (p.count == 0)
    return GM_OK;
  if (!d_a || !d_b || !d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: NULL device pointer with %lld elements", who,
                    (long long) p.count);
  p.nd = nd;
  p.a_full = na == p.count;
  p.b_full = nb == p.count;
  p.bcast = !((p.a_full || na == 1) && (p.b_full || nb == 1));
  const unsigned grid = blocks_for (p.count);
  if (gm_class_real (a_cls) == GM_DOUBLE)
    cx_binary<double><<<grid, BLOCK, 0, stream>>> (p, (const double *) d_a,
                                                   (const double *) d_b, d_out);
  else
    cx_binary<float><<<grid, BLOCK, 0, stream>>> (p, (const float *) d_a, (const float *) d_b,
                                                  d_out);
  return launched ("gm_complex_binary: launch");
}

extern "C" const char *gm_complex_unop_name (gm_complex_unop op)
{
  return (int) op >= 0 && op < GM_CUN_COUNT ? unop_names[op] : NULL;
}

extern "C" int gm_complex_unop_result (gm_complex_unop op)
{
  return (int) op >= 0 && op < GM_CUN_COUNT ? unop_results[op] : -1;
}

extern "C" gm_status gm_complex_unary (gm_complex_unop op, gm_class cls, int64_t count,
                                       const void *d_x, void *d_out, cudaStream_t stream)
{
  static const char *who = "gm_complex_unary";
  if ((int) op < 0 || op >= GM_CUN_COUNT)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: unknown operation %d", who, (int) op);
  if (!gm_class_is_complex (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: class %s is not complex", who,
                    gm_class_valid (cls) ? gm_class_name (cls) : "(unknown)");
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative count", who);
  if (count == 0)
    return GM_OK;
  if (!d_x || !d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: NULL device pointer", who);
  const unsigned grid = blocks_for (count);
  if (cls == GM_COMPLEX_DOUBLE)
    cx_unary<double><<<grid, BLOCK, 0, stream>>> ((int) op, count,
                                                  (const Cplx<double> *) d_x, d_out);
  else
    cx_unary<float><<<grid, BLOCK, 0, stream>>> ((int) op, count, (const Cplx<float> *) d_x,
                                                 d_out);
  return launched ("gm_complex_unary: launch");
}
