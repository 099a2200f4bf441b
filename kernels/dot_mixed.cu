/* dot_mixed.cu: gm_dot_mixed, the dot product for every class pair gm_dot (kernels/dot.cu) does
 * not take: complex with complex or real, an integer class with itself, double or single (those
 * run in kernels/dot_int.cu), and double with single; gm_dot_result_class gives the result's
 * class, Octave's.
 *
 * mixed_cols / mixed_strided / mixed_sum_partials (dot_mixed.cuh): one family templated on the
 * product term and the accumulator, scalar loads, the partition a function of the shape only,
 * so that every floating-point sum is bitwise reproducible, as gm_dot's.  Complex: conj (x) .* y
 * in fma steps into double accumulators; double with single: the double rounded to single first,
 * as Octave does.  Not yet timed (bench/bench_integer.cu times int8).  gm_dot_mixed hands double
 * with double and single with single to gm_dot.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <string.h>
#include "gpumat.h"
#include "dot_mixed.cuh"

namespace {

/* ---- terms: element i of x and y into an accumulator ---- */
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
  return gm_dot_detail::dot_mixed_integer (ic, other, pre, len, post, a, b, d_out, w, stream);
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
