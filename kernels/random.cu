/* random.cu: random arrays on the device (gpumat.rand, gpumat.randn; issue 12 item 1).
 *
 * The generator is Philox4x32-10 (Salmon, Moraes, Dror and Shaw, "Parallel random numbers: as
 * easy as 1, 2, 3", SC'11): a counter-based generator, so element i of a call is a pure function
 * of (seed, the call's first counter, i).  No state lives on the device, any thread computes any
 * element, and the same seed and sequence of calls give the same bits on every GPU and launch
 * shape.  Written here from the paper's definition and checked against Random123's published
 * known-answer vectors (tests/test_random.cu).
 *
 *   key     = (low 32 bits of seed, high 32 bits of seed)
 *   counter = (low 32 bits of b, high 32 bits of b, 0, 0) for block b = first + j, j = 0, 1, ...
 *   one block gives 4 words of 32 bits: 2 double values or 4 single values.
 *
 * Uniform, in the open interval (0, 1) as Octave's rand:
 *   double: k = the top 52 bits of (w1:w0), u = (k + 0.5) * 2^-52, so u lies on the 2^52 midpoints
 *           from 2^-53 to 1 - 2^-53 (both representable: k + 0.5 needs 53 bits, and 1 - 2^-53 is
 *           a double, the spacing below 1 being 2^-53); never 0, never 1.
 *   single: k = the top 23 bits of w, u = (k + 0.5f) * 2^-23, from 2^-24 to 1 - 2^-24 (the float
 *           spacing below 1 is 2^-24), never 0 or 1 in single either.
 * Normal (randn), Box-Muller on two of those uniforms:
 *   z0 = sqrt (-2 log u1) cos (2 pi u2), z1 = sqrt (-2 log u1) sin (2 pi u2),
 *   with sincospi (2 u2) for the angle (no rounding of 2 pi).  u1 > 0, so log is finite: the
 *   largest |z| is sqrt (2 * 53 ln 2) = 8.57 in double and sqrt (2 * 24 ln 2) = 5.77 in single,
 *   where the true normal exceeds 5.77 with probability 7.9e-9 (the tail single cannot reach).
 *   double: one block, (u1, u2) from (w1:w0), (w3:w2), gives z0, z1;
 *   single: one block gives two pairs, (w0, w1) -> z0, z1 and (w2, w3) -> z2, z3.
 *
 * The package generator (gm_rand) is a seed and a 64-bit block counter on the host: each call
 * starts at the counter and advances it by the blocks it used, so consecutive calls never share
 * a block; gm_rng_set_seed sets the seed and puts the counter back to 0.  2^64 blocks before the
 * counter wraps.
 *
 * randi (gm_random_int_fill, gm_randi): one block an element, its 128 bits scaled to the range
 * (floor (x * range / 2^128): bias below 2^-75 for Octave's ranges, under 2^53 wide).
 *
 * History:
 *   v1  one thread per Philox block, grid-stride, each writing its 2 (double) or 4 (single)
 *       values with bounds checks.  Not measured yet.  Expected near the write bandwidth for
 *       uniform values and below it for normal ones: a block is 10 rounds of 2 IMAD.HI, 2 IMAD,
 *       4 XOR and 2 key adds, about 100 integer operations per 16 bytes written (6 a byte),
 *       against the H100's ~4.6 INT32 lane operations per byte of its 3.35 TB/s (132 SMs x 64
 *       lanes x 1.8 GHz); normal values add a log, a sqrt and a sincospi per pair.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include "gpumat.h"

namespace {

/* Philox4x32's constants (the paper's Table 2 and Random123's philox.h). */
constexpr uint32_t PHILOX_M0 = 0xD2511F53u, PHILOX_M1 = 0xCD9E8D57u;
constexpr uint32_t PHILOX_W0 = 0x9E3779B9u, PHILOX_W1 = 0xBB67AE85u;   /* golden ratio, sqrt 3 - 1 */
constexpr int PHILOX_ROUNDS = 10;

struct philox_block { uint32_t w[4]; };

__host__ __device__ inline void mulhilo32 (uint32_t a, uint32_t b, uint32_t *hi, uint32_t *lo)
{
  const uint64_t p = (uint64_t) a * b;
  *hi = (uint32_t) (p >> 32);
  *lo = (uint32_t) p;
}

/* One block: 10 rounds, the key bumped by the Weyl constants between rounds. */
__host__ __device__ inline philox_block philox4x32_10 (uint32_t c0, uint32_t c1, uint32_t c2,
                                                       uint32_t c3, uint32_t k0, uint32_t k1)
{
  for (int r = 0; r < PHILOX_ROUNDS; r++) {
    if (r > 0) {
      k0 += PHILOX_W0;
      k1 += PHILOX_W1;
    }
    uint32_t hi0, lo0, hi1, lo1;
    mulhilo32 (PHILOX_M0, c0, &hi0, &lo0);
    mulhilo32 (PHILOX_M1, c2, &hi1, &lo1);
    const uint32_t n0 = hi1 ^ c1 ^ k0, n2 = hi0 ^ c3 ^ k1;
    c0 = n0;
    c1 = lo1;
    c2 = n2;
    c3 = lo0;
  }
  return {{c0, c1, c2, c3}};
}

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }

/* Values of class T that one Philox block gives. */
template <typename T> __host__ __device__ constexpr int per_block () { return sizeof (T) == 8 ? 2 : 4; }

__device__ inline double uniform_double (uint32_t lo, uint32_t hi)
{
  const uint64_t k = ((((uint64_t) hi) << 32) | lo) >> 12;          /* 52 bits */
  return ((double) k + 0.5) * 0x1.0p-52;
}

__device__ inline float uniform_single (uint32_t w)
{
  return ((float) (w >> 9) + 0.5f) * 0x1.0p-23f;                     /* 23 bits */
}

/* Launch contract: any grid; thread t handles blocks t, t + stride, ...; element i of the
 * output comes from block first + i / per_block<T>() and is written only when i < count. */
template <typename T, bool normal>
__global__ void philox_fill_kernel (int64_t count, uint64_t seed, uint64_t first,
                                    T *__restrict__ out)
{
  constexpr int V = per_block<T> ();
  const int64_t blocks = (count + V - 1) / V;
  const int64_t stride = (int64_t) gridDim.x * blockDim.x;
  const uint32_t k0 = (uint32_t) seed, k1 = (uint32_t) (seed >> 32);
  for (int64_t b = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; b < blocks; b += stride) {
    const uint64_t c = first + (uint64_t) b;
    const philox_block r = philox4x32_10 ((uint32_t) c, (uint32_t) (c >> 32), 0u, 0u, k0, k1);
    T v[V];
    if constexpr (sizeof (T) == 8) {
      const double u1 = uniform_double (r.w[0], r.w[1]);
      const double u2 = uniform_double (r.w[2], r.w[3]);
      if constexpr (normal) {
        const double rad = sqrt (-2.0 * log (u1));
        double s, co;
        sincospi (2.0 * u2, &s, &co);
        v[0] = rad * co;
        v[1] = rad * s;
      } else {
        v[0] = u1;
        v[1] = u2;
      }
    } else {
      float u[4];
      for (int j = 0; j < 4; j++)
        u[j] = uniform_single (r.w[j]);
      if constexpr (normal) {
        for (int j = 0; j < 4; j += 2) {
          const float rad = sqrtf (-2.0f * logf (u[j]));
          float s, co;
          sincospif (2.0f * u[j + 1], &s, &co);
          v[j] = rad * co;
          v[j + 1] = rad * s;
        }
      } else {
        for (int j = 0; j < 4; j++)
          v[j] = u[j];
      }
    }
    const int64_t base = b * V;
    for (int j = 0; j < V; j++)
      if (base + j < count)
        out[base + j] = v[j];
  }
}

template <typename T, bool normal>
gm_status launch_fill (int64_t count, uint64_t seed, uint64_t first, void *d_out,
                       cudaStream_t stream)
{
  const int threads = 256;
  /* 4096 blocks of 256 threads: a million threads, ~8 resident waves on an H100's 132 SMs,
     and the grid-stride loop covers any count (as convert.cu). */
  int64_t grid = ceil_div (ceil_div (count, per_block<T> ()), threads);
  if (grid > 4096)
    grid = 4096;
  philox_fill_kernel<T, normal><<<(unsigned) grid, threads, 0, stream>>> (count, seed, first,
                                                                          (T *) d_out);
  return gm_cuda_status (cudaGetLastError (), "launching philox_fill_kernel");
}


/* randi: element i from block first + i alone: its 128 bits x (w3:w2:w1:w0) give
   k = floor (x * range / 2^128), uniform on 0 .. range-1 with a bias below range / 2^128 <=
   2^-75 (range < 2^53), and the value imin + k (exact in double: |imin|, |imax| < 2^53) stored
   in class cls; integer classes saturate as Octave's cast.  A runtime switch on the class (one
   instantiation, not ten). */
__device__ inline void store_int_value (gm_class cls, double v, void *out, int64_t i)
{
  switch (cls) {
  case GM_DOUBLE: ((double *) out)[i] = v; break;
  case GM_SINGLE: ((float *) out)[i] = (float) v; break;
  case GM_INT8: ((int8_t *) out)[i] = (int8_t) fmin (fmax (v, -128.0), 127.0); break;
  case GM_UINT8: ((uint8_t *) out)[i] = (uint8_t) fmin (fmax (v, 0.0), 255.0); break;
  case GM_INT16: ((int16_t *) out)[i] = (int16_t) fmin (fmax (v, -32768.0), 32767.0); break;
  case GM_UINT16: ((uint16_t *) out)[i] = (uint16_t) fmin (fmax (v, 0.0), 65535.0); break;
  case GM_INT32:
    ((int32_t *) out)[i] = (int32_t) fmin (fmax (v, -2147483648.0), 2147483647.0);
    break;
  case GM_UINT32: ((uint32_t *) out)[i] = (uint32_t) fmin (fmax (v, 0.0), 4294967295.0); break;
  case GM_INT64: ((int64_t *) out)[i] = (int64_t) v; break;         /* |v| < 2^53 */
  default: ((uint64_t *) out)[i] = (uint64_t) fmax (v, 0.0); break;  /* GM_UINT64 */
  }
}

__global__ void philox_int_kernel (int64_t count, uint64_t seed, uint64_t first, double imin,
                                   uint64_t range, gm_class cls, void *__restrict__ out)
{
  const int64_t stride = (int64_t) gridDim.x * blockDim.x;
  const uint32_t k0 = (uint32_t) seed, k1 = (uint32_t) (seed >> 32);
  for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < count; i += stride) {
    const uint64_t c = first + (uint64_t) i;
    const philox_block r = philox4x32_10 ((uint32_t) c, (uint32_t) (c >> 32), 0u, 0u, k0, k1);
    const uint64_t lo = ((uint64_t) r.w[1] << 32) | r.w[0], hi = ((uint64_t) r.w[3] << 32) | r.w[2];
    /* x * range = H1 2^128 + (L1 + H2) 2^64 + L2: the floor over 2^128 is H1 plus the carry */
    const uint64_t h1 = __umul64hi (hi, range), l1 = hi * range, h2 = __umul64hi (lo, range);
    const uint64_t k = h1 + (l1 + h2 < l1 ? 1 : 0);
    store_int_value (cls, imin + (double) k, out, i);
  }
}

/* The package generator's state: host only (the device keeps none). */
uint64_t package_seed = 0, package_counter = 0;

} /* namespace */

extern "C" void gm_philox4x32_10 (const uint32_t counter[4], const uint32_t key[2],
                                  uint32_t out[4])
{
  const philox_block r = philox4x32_10 (counter[0], counter[1], counter[2], counter[3], key[0],
                                        key[1]);
  for (int j = 0; j < 4; j++)
    out[j] = r.w[j];
}

extern "C" const char *gm_rand_dist_name (gm_rand_dist dist)
{
  switch (dist) {
  case GM_RAND_UNIFORM: return "uniform";
  case GM_RAND_NORMAL: return "normal";
  default: return NULL;
  }
}

extern "C" gm_status gm_random_blocks (gm_class cls, int64_t count, uint64_t *blocks)
{
  if ((cls != GM_DOUBLE && cls != GM_SINGLE) || count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_random_blocks: class %s, count %lld",
                    gm_class_name (cls), (long long) count);
  *blocks = (uint64_t) ceil_div (count, cls == GM_DOUBLE ? 2 : 4);
  return GM_OK;
}

extern "C" gm_status gm_random_fill (gm_rand_dist dist, gm_class cls, int64_t count,
                                     uint64_t seed, uint64_t first_block, void *d_out,
                                     cudaStream_t stream)
{
  if (dist != GM_RAND_UNIFORM && dist != GM_RAND_NORMAL)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_random_fill: unknown distribution %d",
                    (int) dist);
  if (cls != GM_DOUBLE && cls != GM_SINGLE)
    return gm_fail (GM_ERR_INVALID_ARGUMENT,
                    "gm_random_fill: class %s (double and single only)", gm_class_name (cls));
  if (count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_random_fill: negative count");
  if (count == 0)
    return GM_OK;
  if (!d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_random_fill: NULL output");
  const bool normal = dist == GM_RAND_NORMAL;
  if (cls == GM_DOUBLE)
    return normal ? launch_fill<double, true> (count, seed, first_block, d_out, stream)
                  : launch_fill<double, false> (count, seed, first_block, d_out, stream);
  return normal ? launch_fill<float, true> (count, seed, first_block, d_out, stream)
                : launch_fill<float, false> (count, seed, first_block, d_out, stream);
}

extern "C" gm_status gm_rng_set_seed (uint64_t seed)
{
  package_seed = seed;
  package_counter = 0;
  return GM_OK;
}

extern "C" gm_status gm_rng_state (uint64_t *seed, uint64_t *counter)
{
  if (!seed || !counter)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_rng_state: NULL argument");
  *seed = package_seed;
  *counter = package_counter;
  return GM_OK;
}

extern "C" gm_status gm_rand (gm_rand_dist dist, gm_class cls, int64_t count, void *d_out,
                              cudaStream_t stream)
{
  uint64_t blocks = 0;
  gm_status st = gm_random_blocks (cls, count, &blocks);
  if (st != GM_OK)
    return st;
  st = gm_random_fill (dist, cls, count, package_seed, package_counter, d_out, stream);
  if (st == GM_OK)
    package_counter += blocks;      /* only work that was queued uses up its blocks */
  return st;
}

extern "C" gm_status gm_random_int_fill (gm_class cls, int64_t count, double imin,
                                         uint64_t range, uint64_t seed, uint64_t first_block,
                                         void *d_out, cudaStream_t stream)
{
  if (!gm_class_valid (cls) || gm_class_is_complex (cls) || count < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_random_int_fill: class %s, count %lld",
                    gm_class_name (cls), (long long) count);
  if (range < 1 || range > (1ull << 53) || !(fabs (imin) < 0x1.0p53)
      || !(fabs (imin + (double) (range - 1)) < 0x1.0p53))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_random_int_fill: imin %g, range %llu", imin,
                    (unsigned long long) range);
  if (count == 0)
    return GM_OK;
  if (!d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_random_int_fill: NULL output");
  int64_t grid = ceil_div (count, 256);
  if (grid > 4096)
    grid = 4096;
  philox_int_kernel<<<(unsigned) grid, 256, 0, stream>>> (count, seed, first_block, imin, range,
                                                          cls, d_out);
  return gm_cuda_status (cudaGetLastError (), "launching philox_int_kernel");
}

extern "C" gm_status gm_randi (gm_class cls, int64_t count, double imin, uint64_t range,
                               void *d_out, cudaStream_t stream)
{
  const gm_status st = gm_random_int_fill (cls, count, imin, range, package_seed,
                                           package_counter, d_out, stream);
  if (st == GM_OK)
    package_counter += (uint64_t) count;     /* one block an element */
  return st;
}
