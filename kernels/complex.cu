/* complex.cu: what complex data needs besides the products themselves: promoting a real
 * operand, Octave's narrowing of a result whose imaginary parts are all zero, and the scalar
 * case of `*`, elementwise as Octave computes it.
 *
 * Complex arrays are interleaved (re, im) pairs, as Octave's ComplexNDArray stores them.  All
 * kernels here are memory-bound element-wise passes: a grid-stride loop over at most 8192
 * blocks of 256 threads, enough to fill any current GPU several times.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat.h"
#include "complex_arith.cuh"

namespace {

constexpr int BLOCK = 256;
constexpr int64_t MAX_BLOCKS = 8192;

unsigned blocks_for (int64_t count)
{
  const int64_t b = (count + BLOCK - 1) / BLOCK;
  return (unsigned) (b < MAX_BLOCKS ? b : MAX_BLOCKS);
}

using gm_cx::Cplx;

template <typename R>
__global__ void __launch_bounds__ (BLOCK)
real_to_complex (int64_t count, const R *__restrict__ src, Cplx<R> *__restrict__ dst)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = blockIdx.x * (int64_t) BLOCK + threadIdx.x; i < count; i += stride)
    dst[i] = Cplx<R>{src[i], (R) 0};
}

template <typename R>
__global__ void __launch_bounds__ (BLOCK)
real_part (int64_t count, const Cplx<R> *__restrict__ src, R *__restrict__ dst)
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = blockIdx.x * (int64_t) BLOCK + threadIdx.x; i < count; i += stride)
    dst[i] = src[i].re;
}

/* One flag for the whole process: gm_complex_has_imag is called from the gateway's thread only,
 * and reads the flag back before returning. */
__device__ int imag_flag;

template <typename R>
__global__ void __launch_bounds__ (BLOCK)
any_imag (int64_t count, const Cplx<R> *__restrict__ src, int *flag)   /* NULL: imag_flag */
{
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  int any = 0;
  for (int64_t i = blockIdx.x * (int64_t) BLOCK + threadIdx.x; i < count; i += stride)
    any |= !(src[i].im == (R) 0);          /* NaN is not zero */
  if (__syncthreads_or (any) && threadIdx.x == 0)
    *(flag ? flag : &imag_flag) = 1;        /* a plain store: every writer writes 1 */
}

/* ---- the scalar case: Octave's elementwise products ----------------------------------------
 * Octave multiplies a scalar and an array elementwise with std::complex, which follows C99
 * Annex G (libgcc's __muldc3: complex_arith.cuh's annex_g_mul, shared with
 * elementwise_complex.cu), each product rounded on its own. */
using gm_cx::annex_g_mul;
using gm_cx::mul_rn;

/* C[i] = alpha * B[i]; ALPHA_REAL / B_REAL: that factor holds real values (R), multiplied into
 * each part without promotion, as std::complex<R> * R does. */
template <typename R, bool ALPHA_REAL, bool B_REAL>
__global__ void __launch_bounds__ (BLOCK)
scale_complex (int64_t count, const R *__restrict__ alpha, const R *__restrict__ B,
               Cplx<R> *__restrict__ C)
{
  const R ar = alpha[0], ai = ALPHA_REAL ? (R) 0 : alpha[1];
  const int64_t stride = (int64_t) gridDim.x * BLOCK;
  for (int64_t i = blockIdx.x * (int64_t) BLOCK + threadIdx.x; i < count; i += stride) {
    if (ALPHA_REAL) {
      const Cplx<R> b = ((const Cplx<R> *) B)[i];
      C[i] = Cplx<R>{mul_rn (ar, b.re), mul_rn (ar, b.im)};
    } else if (B_REAL) {
      const R b = B[i];
      C[i] = Cplx<R>{mul_rn (ar, b), mul_rn (ai, b)};
    } else {
      const Cplx<R> b = ((const Cplx<R> *) B)[i];
      C[i] = annex_g_mul (ar, ai, b.re, b.im);
    }
  }
}

gm_status check (gm_class cls, int64_t count, const char *what)
{
  if (!gm_class_is_complex (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: class %s is not complex", what,
                    gm_class_name (cls));
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative count %lld", what, (long long) count);
  return GM_OK;
}

/* Runs launch (R ()) with R the class's real type (double or float) and reports the launch. */
template <typename Launch> gm_status by_real_type (gm_class cls, const char *what, Launch launch)
{
  if (cls == GM_COMPLEX_DOUBLE)
    launch (double ());
  else
    launch (float ());
  return gm_cuda_status (cudaGetLastError (), what);
}

/* any_imag on count elements into *flag (NULL: imag_flag), cls already checked */
gm_status launch_any_imag (gm_class cls, int64_t count, const void *d_src, int *flag,
                           cudaStream_t stream, const char *what)
{
  return by_real_type (cls, what, [&] (auto r) {
    using R = decltype (r);
    any_imag<R><<<blocks_for (count), BLOCK, 0, stream>>> (count, (const Cplx<R> *) d_src, flag);
  });
}

} /* namespace */

extern "C" gm_status gm_real_to_complex (gm_class cls, int64_t count, const void *d_src,
                                         void *d_dst, cudaStream_t stream)
{
  gm_status st = check (cls, count, "real_to_complex");
  if (st != GM_OK || count == 0)
    return st;
  if (!d_src || !d_dst)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "real_to_complex: null device pointer");
  return by_real_type (cls, "real_to_complex: launch", [&] (auto r) {
    using R = decltype (r);
    real_to_complex<R><<<blocks_for (count), BLOCK, 0, stream>>> (count, (const R *) d_src,
                                                                  (Cplx<R> *) d_dst);
  });
}

extern "C" gm_status gm_complex_real_part (gm_class cls, int64_t count, const void *d_src,
                                           void *d_dst, cudaStream_t stream)
{
  gm_status st = check (cls, count, "complex_real_part");
  if (st != GM_OK || count == 0)
    return st;
  if (!d_src || !d_dst)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "complex_real_part: null device pointer");
  return by_real_type (cls, "complex_real_part: launch", [&] (auto r) {
    using R = decltype (r);
    real_part<R><<<blocks_for (count), BLOCK, 0, stream>>> (count, (const Cplx<R> *) d_src,
                                                            (R *) d_dst);
  });
}

extern "C" gm_status gm_complex_flag_imag (gm_class cls, int64_t count, const void *d_src,
                                           int *d_flag, cudaStream_t stream)
{
  gm_status st = check (cls, count, "complex_flag_imag");
  if (st != GM_OK || count == 0)
    return st;
  if (!d_src || !d_flag)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "complex_flag_imag: null device pointer");
  return launch_any_imag (cls, count, d_src, d_flag, stream, "complex_flag_imag: launch");
}

extern "C" gm_status gm_complex_has_imag (gm_class cls, int64_t count, const void *d_src,
                                          int *h_any, cudaStream_t stream)
{
  gm_status st = check (cls, count, "complex_has_imag");
  if (st != GM_OK)
    return st;
  *h_any = 0;
  if (count == 0)
    return GM_OK;
  if (!d_src)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "complex_has_imag: null device pointer");
  const int zero = 0;
  if ((st = gm_cuda_status (cudaMemcpyToSymbolAsync (imag_flag, &zero, sizeof zero, 0,
                                                     cudaMemcpyHostToDevice, stream),
                            "complex_has_imag: reset")) != GM_OK
      || (st = launch_any_imag (cls, count, d_src, NULL, stream, "complex_has_imag: launch"))
             != GM_OK)
    return st;
  int flag = 0;
  if ((st = gm_cuda_status (cudaMemcpyFromSymbolAsync (&flag, imag_flag, sizeof flag, 0,
                                                       cudaMemcpyDeviceToHost, stream),
                            "complex_has_imag: read back")) != GM_OK
      || (st = gm_cuda_status (cudaStreamSynchronize (stream), "complex_has_imag: sync"))
             != GM_OK)
    return st;
  *h_any = flag;
  return GM_OK;
}

extern "C" gm_status gm_scale_complex (gm_class cls, int alpha_real, int b_real, int64_t count,
                                       const void *d_alpha, const void *d_B, void *d_C,
                                       cudaStream_t stream)
{
  gm_status st = check (cls, count, "scale");
  if (st != GM_OK || count == 0)
    return st;
  if (!d_alpha || !d_B || !d_C)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "scale: null device pointer");
  if (alpha_real && b_real)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "scale: both factors real (use a real class)");
  const unsigned grid = blocks_for (count);
#define GM_SCALE_LAUNCH(R, AR, BR)                                                              \
  scale_complex<R, AR, BR><<<grid, BLOCK, 0, stream>>> (count, (const R *) d_alpha,            \
                                                        (const R *) d_B, (Cplx<R> *) d_C)
  if (cls == GM_COMPLEX_DOUBLE) {
    if (alpha_real) GM_SCALE_LAUNCH (double, true, false);
    else if (b_real) GM_SCALE_LAUNCH (double, false, true);
    else GM_SCALE_LAUNCH (double, false, false);
  } else {
    if (alpha_real) GM_SCALE_LAUNCH (float, true, false);
    else if (b_real) GM_SCALE_LAUNCH (float, false, true);
    else GM_SCALE_LAUNCH (float, false, false);
  }
#undef GM_SCALE_LAUNCH
  return gm_cuda_status (cudaGetLastError (), "scale: launch");
}
