// emu_device.h: CPU stand-ins for the device intrinsics kernels/elementwise.cu and
// kernels/elementwise_mappers.cu use (with emu.h;
// tests/cpu-standin/run_elementwise.sh).  __syncthreads_or cannot be had with threads run one
// after another: it returns the calling thread's own value, so the block-level flags of
// gm_any_negative and gm_pow_needs_complex are not checked here (run_elementwise.sh leaves
// those tests out).
//
// Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
#pragma once
#include <stdint.h>
#include <string.h>
#include <math.h>
#include <cmath>
static inline unsigned __umulhi (unsigned a, unsigned b)
{
  return (unsigned) (((uint64_t) a * b) >> 32);
}
static inline long long __double_as_longlong (double x) { long long r; memcpy (&r, &x, 8); return r; }
static inline double __longlong_as_double (long long x) { double r; memcpy (&r, &x, 8); return r; }
static inline int __float_as_int (float x) { int r; memcpy (&r, &x, 4); return r; }
static inline float __int_as_float (int x) { float r; memcpy (&r, &x, 4); return r; }
static inline int __syncthreads_or (int x) { return x; }
/* A product rounded on its own, never fused into a following add (mod and rem need that). */
static inline double __dmul_rn (double a, double b) { volatile double p = a * b; return p; }
static inline float __fmul_rn (float a, float b) { volatile float p = a * b; return p; }
static inline int atomicOr (int *p, int v) { int o = *p; *p |= v; return o; }
static inline long long atomicMin (long long *p, long long v) { long long o = *p; if (v < o) *p = v; return o; }
using std::isfinite;
using std::isnan;
using std::isinf;
using std::signbit;
