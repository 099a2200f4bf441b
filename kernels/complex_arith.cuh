/* complex_arith.cuh: scalar complex arithmetic exactly as Octave 7.3 on x86-64 Linux gets it
 * from GCC 12's libstdc++, libgcc and glibc 2.36: the product (__muldc3 / __mulsc3, C99 Annex
 * G), the quotient (__divdc3 / __divsc3 of GCC 12: scaled Smith's method for double, the plain
 * formula in double for single), abs (glibc's hypot / hypotf) and Octave's ordering of complex
 * values (liboctave oct-cmplx.h: abs, then arg with -pi read as pi).
 *
 * Every function is __host__ __device__, so that tests can run the same code on the host and
 * compare it with std::complex bit for bit.  Products and sums are rounded one by one (__dmul_rn
 * and friends on the device, which nvcc never contracts into an fma; x86-64's baseline has no
 * fma, so host code is not contracted either), as in the libraries, which are built without fma.
 * Used by complex.cu (the scalar products) and elementwise_complex.cu.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_COMPLEX_ARITH_CUH
#define GPUMAT_COMPLEX_ARITH_CUH

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "gpumat.h"

namespace gm_cx {

#define GM_CX_HD __host__ __device__ __forceinline__

template <typename R> struct alignas (2 * sizeof (R)) Cplx { R re, im; };

#ifdef __CUDA_ARCH__
GM_CX_HD double mul_rn (double a, double b) { return __dmul_rn (a, b); }
GM_CX_HD float mul_rn (float a, float b) { return __fmul_rn (a, b); }
GM_CX_HD double add_rn (double a, double b) { return __dadd_rn (a, b); }
GM_CX_HD float add_rn (float a, float b) { return __fadd_rn (a, b); }
GM_CX_HD double sub_rn (double a, double b) { return __dsub_rn (a, b); }
GM_CX_HD float sub_rn (float a, float b) { return __fsub_rn (a, b); }
#else
GM_CX_HD double mul_rn (double a, double b) { return a * b; }
GM_CX_HD float mul_rn (float a, float b) { return a * b; }
GM_CX_HD double add_rn (double a, double b) { return a + b; }
GM_CX_HD float add_rn (float a, float b) { return a + b; }
GM_CX_HD double sub_rn (double a, double b) { return a - b; }
GM_CX_HD float sub_rn (float a, float b) { return a - b; }
#endif

template <typename R> GM_CX_HD R box (R v)   /* Annex G's "box the infinity" */
{
  return copysign (isinf (v) ? (R) 1 : (R) 0, v);
}
template <typename R> GM_CX_HD R nan_to_zero (R v)
{
  return isnan (v) ? copysign ((R) 0, v) : v;
}

/* (a + bi) * (c + di): libgcc's __muldc3 / __mulsc3 (the textbook formula, then, where it
   gives NaN + NaN i although a factor is infinite, the infinity recovered). */
template <typename R> GM_CX_HD Cplx<R> annex_g_mul (R a, R b, R c, R d)
{
  const R ac = mul_rn (a, c), bd = mul_rn (b, d), ad = mul_rn (a, d), bc = mul_rn (b, c);
  R x = sub_rn (ac, bd), y = add_rn (ad, bc);
  if (isnan (x) && isnan (y)) {
    bool recalc = false;
    if (isinf (a) || isinf (b)) {
      a = box (a); b = box (b); c = nan_to_zero (c); d = nan_to_zero (d);
      recalc = true;
    }
    if (isinf (c) || isinf (d)) {
      c = box (c); d = box (d); a = nan_to_zero (a); b = nan_to_zero (b);
      recalc = true;
    }
    if (!recalc && (isinf (ac) || isinf (bd) || isinf (ad) || isinf (bc))) {
      a = nan_to_zero (a); b = nan_to_zero (b); c = nan_to_zero (c); d = nan_to_zero (d);
      recalc = true;
    }
    if (recalc) {
      const R inf = (R) INFINITY;
      x = inf * sub_rn (mul_rn (a, c), mul_rn (b, d));
      y = inf * add_rn (mul_rn (a, d), mul_rn (b, c));
    }
  }
  return Cplx<R>{x, y};
}

/* The end of libgcc's __divXc3: results that came out NaN + NaN i where the quotient is an
   infinity or a zero (nonzero / zero, infinite / finite, finite / infinite), in R. */
template <typename R> GM_CX_HD void div_recover (R a, R b, R c, R d, R& x, R& y)
{
  if (!(isnan (x) && isnan (y)))
    return;
  if (c == (R) 0 && d == (R) 0 && (!isnan (a) || !isnan (b))) {
    const R inf = copysign ((R) INFINITY, c);
    x = inf * a;
    y = inf * b;
  } else if ((isinf (a) || isinf (b)) && isfinite (c) && isfinite (d)) {
    a = box (a); b = box (b);
    x = (R) INFINITY * add_rn (mul_rn (a, c), mul_rn (b, d));
    y = (R) INFINITY * sub_rn (mul_rn (b, c), mul_rn (a, d));
  } else if ((isinf (c) || isinf (d)) && isfinite (a) && isfinite (b)) {
    c = box (c); d = box (d);
    /* libgcc multiplies by the double 0.0: a zero with the sign of the (R) sum, or NaN */
    x = (R) (0.0 * (double) add_rn (mul_rn (a, c), mul_rn (b, d)));
    y = (R) (0.0 * (double) sub_rn (mul_rn (b, c), mul_rn (a, d)));
  }
}

/* (a + bi) / (c + di) in double: GCC 12's __divdc3 (Smith's method with scaling against
   overflow and underflow, Baudin and Smith's ordering where the ratio is subnormal). */
GM_CX_HD Cplx<double> libgcc_div (double a, double b, double c, double d)
{
  const double RBIG = DBL_MAX / 2, RMIN = DBL_MIN, RMIN2 = DBL_EPSILON;
  const double RMINSCAL = 1 / DBL_EPSILON, RMAX2 = RBIG * RMIN2;
  double ratio, denom, x, y;
  if (fabs (c) < fabs (d)) {
    if (fabs (d) >= RBIG) {
      a = a / 2; b = b / 2; c = c / 2; d = d / 2;
    }
    if (fabs (d) < RMIN2) {
      a = a * RMINSCAL; b = b * RMINSCAL; c = c * RMINSCAL; d = d * RMINSCAL;
    } else if (((fabs (a) < RMIN) && (fabs (b) < RMAX2) && (fabs (d) < RMAX2))
               || ((fabs (b) < RMIN) && (fabs (a) < RMAX2) && (fabs (d) < RMAX2))) {
      a = a * RMINSCAL; b = b * RMINSCAL; c = c * RMINSCAL; d = d * RMINSCAL;
    }
    ratio = c / d;
    denom = add_rn (mul_rn (c, ratio), d);
    if (fabs (ratio) > RMIN) {
      x = add_rn (mul_rn (a, ratio), b) / denom;
      y = sub_rn (mul_rn (b, ratio), a) / denom;
    } else {
      x = add_rn (mul_rn (c, a / d), b) / denom;
      y = sub_rn (mul_rn (c, b / d), a) / denom;
    }
  } else {
    if (fabs (c) >= RBIG) {
      a = a / 2; b = b / 2; c = c / 2; d = d / 2;
    }
    if (fabs (c) < RMIN2) {
      a = a * RMINSCAL; b = b * RMINSCAL; c = c * RMINSCAL; d = d * RMINSCAL;
    } else if (((fabs (a) < RMIN) && (fabs (b) < RMAX2) && (fabs (c) < RMAX2))
               || ((fabs (b) < RMIN) && (fabs (a) < RMAX2) && (fabs (c) < RMAX2))) {
      a = a * RMINSCAL; b = b * RMINSCAL; c = c * RMINSCAL; d = d * RMINSCAL;
    }
    ratio = d / c;
    denom = add_rn (mul_rn (d, ratio), c);
    if (fabs (ratio) > RMIN) {
      x = add_rn (mul_rn (b, ratio), a) / denom;
      y = sub_rn (b, mul_rn (a, ratio)) / denom;
    } else {
      x = add_rn (a, mul_rn (d, b / c)) / denom;
      y = sub_rn (b, mul_rn (d, a / c)) / denom;
    }
  }
  /* the recovery reads the scaled operands, as libgcc's does */
  div_recover (a, b, c, d, x, y);
  return Cplx<double>{x, y};
}

/* (a + bi) / (c + di) in single: GCC 12's __divsc3 where the hardware has double (x86-64):
   the textbook formula in double, each part rounded to single, then the recovery in single. */
GM_CX_HD Cplx<float> libgcc_div (float a, float b, float c, float d)
{
  const double aa = a, bb = b, cc = c, dd = d;
  const double denom = add_rn (mul_rn (cc, cc), mul_rn (dd, dd));
  float x = (float) (add_rn (mul_rn (aa, cc), mul_rn (bb, dd)) / denom);
  float y = (float) (sub_rn (mul_rn (bb, cc), mul_rn (aa, dd)) / denom);
  div_recover (a, b, c, d, x, y);
  return Cplx<float>{x, y};
}

/* glibc's issignaling: a NaN whose quiet bit (the top bit of the fraction) is clear. */
GM_CX_HD bool is_signaling (double v)
{
  uint64_t u;
  memcpy (&u, &v, sizeof u);
  return isnan (v) && !(u & 0x0008000000000000ull);
}
GM_CX_HD bool is_signaling (float v)
{
  uint32_t u;
  memcpy (&u, &v, sizeof u);
  return isnan (v) && !(u & 0x00400000u);
}

/* glibc 2.36's hypot (sysdeps/ieee754/dbl-64/e_hypot.c, no fma: x86-64's build), which cabs
   and so std::abs (std::complex<double>) call: correctly rounded in almost all cases, and the
   same bits as the host here, not the device libm's 1-2 ulp hypot. */
GM_CX_HD double hypot_kernel (double ax, double ay)
{
  double h = sqrt (add_rn (mul_rn (ax, ax), mul_rn (ay, ay)));
  double t1, t2;
  if (h <= 2.0 * ay) {
    const double delta = h - ay;
    t1 = mul_rn (ax, sub_rn (2.0 * delta, ax));
    t2 = mul_rn (sub_rn (delta, 2.0 * (ax - ay)), delta);
  } else {
    const double delta = h - ax;
    t1 = mul_rn (2.0 * delta, sub_rn (ax, 2.0 * ay));
    t2 = add_rn (mul_rn (sub_rn (4.0 * delta, ay), ay), mul_rn (delta, delta));
  }
  h = sub_rn (h, add_rn (t1, t2) / (2.0 * h));
  return h;
}

GM_CX_HD double glibc_hypot (double x, double y)
{
  const double SCALE = 0x1p-600, LARGE_VAL = 0x1p+511, TINY_VAL = 0x1p-459, EPS = 0x1p-54;
  if (!isfinite (x) || !isfinite (y)) {
    if ((isinf (x) || isinf (y)) && !is_signaling (x) && !is_signaling (y))
      return INFINITY;
    return x + y;
  }
  x = fabs (x);
  y = fabs (y);
  double ax = x < y ? y : x;
  double ay = x < y ? x : y;
  if (ax > LARGE_VAL) {
    if (ay <= mul_rn (ax, EPS))
      return ax + ay;
    return hypot_kernel (ax * SCALE, ay * SCALE) / SCALE;
  }
  if (ay < TINY_VAL) {
    if (ax >= ay / EPS)
      return ax + ay;
    return hypot_kernel (ax / SCALE, ay / SCALE) * SCALE;
  }
  if (ay <= mul_rn (ax, EPS))
    return ax + ay;
  return hypot_kernel (ax, ay);
}

/* glibc 2.36's hypotf: the sum of squares in double, its square root rounded to single. */
GM_CX_HD float glibc_hypot (float x, float y)
{
  if (!isfinite (x) || !isfinite (y)) {
    if ((isinf (x) || isinf (y)) && !is_signaling (x) && !is_signaling (y))
      return INFINITY;
    return x + y;
  }
  const double dx = x, dy = y;
  return (float) sqrt (add_rn (mul_rn (dx, dx), mul_rn (dy, dy)));
}

/* std::arg: atan2 of the class (the device libm's on the device: 2 ulp double, 3 single, so
   not always glibc's bits; it only decides ties of abs in the ordering below). */
GM_CX_HD double cx_arg (double re, double im) { return atan2 (im, re); }
GM_CX_HD float cx_arg (float re, float im) { return atan2f (im, re); }

/* Octave's ordering (oct-cmplx.h): the three-way comparison of (ax, ay) against (bx, by), the
   absolute values and the arguments (-pi read as pi), as a sign in {-1, 0, 1}, or 2 when
   unordered (a NaN absolute value, or a NaN argument on a tie). */
template <typename R> GM_CX_HD int cx_order (R ax, R bx, R ay, R by)
{
  if (ax != bx)
    return ax < bx ? -1 : ax > bx ? 1 : 2;
  const R pi = (R) M_PI;
  if (ay == -pi)
    ay = pi;
  if (by == -pi)
    by = pi;
  return ay < by ? -1 : ay > by ? 1 : ay == by ? 0 : 2;
}

/* -x as x86's negation: the sign bit flipped (NaN too). */
GM_CX_HD double neg (double v)
{
  uint64_t u;
  memcpy (&u, &v, sizeof u);
  u ^= 0x8000000000000000ull;
  memcpy (&v, &u, sizeof v);
  return v;
}
GM_CX_HD float neg (float v)
{
  uint32_t u;
  memcpy (&u, &v, sizeof u);
  u ^= 0x80000000u;
  memcpy (&v, &u, sizeof v);
  return v;
}

/* One element of Octave's binary op (a gm_binop: + - .* ./ < <= > >= == ~= max min) of
   (ar + ai i) and (br + bi i), where ac / bc say which operand is complex (a real operand's
   imaginary part is 0 and unused where Octave does not promote it).  Writes *z and returns
   false for an arithmetic op, max and min; writes *t and returns true for a comparison. */
template <typename R>
GM_CX_HD bool binary_element (int op, R ar, R ai, bool ac, R br, R bi, bool bc, Cplx<R> *z,
                              bool *t)
{
  switch (op) {
  case GM_BIN_ADD:               /* +: a real operand adds to the real part only */
    *z = Cplx<R>{ar + br, ac ? (bc ? ai + bi : ai) : bi};
    return false;
  case GM_BIN_SUB:               /* -: real - complex is (-z) + real, the imaginary part negated */
    *z = Cplx<R>{ar - br, ac ? (bc ? ai - bi : ai) : neg (bi)};
    return false;
  case GM_BIN_MUL:
    if (ac && bc)
      *z = annex_g_mul (ar, ai, br, bi);
    else if (ac)
      *z = Cplx<R>{mul_rn (ar, br), mul_rn (ai, br)};
    else
      *z = Cplx<R>{mul_rn (ar, br), mul_rn (ar, bi)};
    return false;
  case GM_BIN_DIV:               /* ./: complex / real divides each part; real / complex promotes */
    *z = bc ? libgcc_div (ar, ac ? ai : (R) 0, br, bi) : Cplx<R>{ar / br, ai / br};
    return false;
  case GM_BIN_MAX:               /* max, min (lo-mappers.h): abs only, a on a tie, a NaN a wins */
  case GM_BIN_MIN: {
    const R ax = glibc_hypot (ar, ac ? ai : (R) 0), bx = glibc_hypot (br, bc ? bi : (R) 0);
    const bool take_a = (op == GM_BIN_MAX ? ax >= bx : ax <= bx) || isnan (ar) || (ac && isnan (ai));
    *z = take_a ? Cplx<R>{ar, ac ? ai : (R) 0} : Cplx<R>{br, bc ? bi : (R) 0};
    return false;
  }
  case GM_BIN_EQ:                /* == and ~=: both parts (a real operand's imaginary part 0) */
    *t = ar == br && (ac ? ai : (R) 0) == (bc ? bi : (R) 0);
    return true;
  case GM_BIN_NE:
    *t = ar != br || (ac ? ai : (R) 0) != (bc ? bi : (R) 0);
    return true;
  default: {                     /* < <= > >=: oct-cmplx.h's order */
    const R ax = ac ? glibc_hypot (ar, ai) : fabs (ar), bx = bc ? glibc_hypot (br, bi) : fabs (br);
    const int o = ax != bx ? cx_order (ax, bx, (R) 0, (R) 0)
                           : cx_order (ax, bx, ac ? cx_arg (ar, ai) : (R) 0,
                                       bc ? cx_arg (br, bi) : (R) 0);
    *t = op == GM_BIN_LT ? o == -1 : op == GM_BIN_LE ? (o == -1 || o == 0)
         : op == GM_BIN_GT ? o == 1 : (o == 1 || o == 0);
    return true;
  }
  }
}

#undef GM_CX_HD

} /* namespace gm_cx */

#endif
