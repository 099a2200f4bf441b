/* gpumat_arrays.h: arrays made on the device: fills, copies, identities, ranges, linspace, and
 * counter-based random numbers (kernels/arrays.cu, make.cu, random.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_ARRAYS_H
#define GPUMAT_ARRAYS_H

#include <stddef.h>
#include <stdint.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- array building (kernels/arrays.cu): CUDA runtime fills and copies, no kernels --------- */
/* Every byte of d_dst[0, bytes) set to `value` (cudaMemsetAsync on stream 0): queued. */
gm_status gm_fill_bytes (void *d_dst, int value, size_t bytes);
/* bytes from device d_src to device d_dst (cudaMemcpyAsync on stream 0): queued. */
gm_status gm_copy_device (void *d_dst, const void *d_src, size_t bytes);
/* `height` rows of `width` bytes (cudaMemcpy2D): row r from src + r*src_pitch (host memory when
 * src_on_host, else device) to d_dst + r*dst_pitch.  From the device: queued on stream 0; from
 * the host: returns when the bytes have arrived (the host buffer may be reused at once). */
gm_status gm_copy_2d (void *d_dst, size_t dst_pitch, const void *src, size_t src_pitch,
                      size_t width, size_t height, int src_on_host);

/* ---- random arrays (kernels/random.cu): Philox4x32-10, counter-based ---------------------- */
/* The distributions of gm_random_fill: uniform in the open interval (0, 1) (Octave's rand: never
 * 0, never 1, in either class) and standard normal (randn, by Box-Muller). */
typedef enum { GM_RAND_UNIFORM = 0, GM_RAND_NORMAL, GM_RAND_COUNT } gm_rand_dist;
/* "uniform", "normal"; NULL for an unknown value. */
const char *gm_rand_dist_name (gm_rand_dist dist);
/* One Philox4x32-10 block on the host: out = philox (counter, key), the function Random123's
 * known-answer vectors list (counter[0] is their first word). */
void gm_philox4x32_10 (const uint32_t counter[4], const uint32_t key[2], uint32_t out[4]);
/* The Philox blocks that `count` values of cls use: 2 values a block in double, 4 in single
 * (double or single only, count >= 0). */
gm_status gm_random_blocks (gm_class cls, int64_t count, uint64_t *blocks);
/* d_out[i], i < count, of class cls (double or single) drawn from `dist` with key `seed`:
 * element i comes from block first_block + i / (values a block) and is a pure function of
 * (seed, first_block, i), the same bits on every device and launch.  count 0 does nothing.
 * Queued on `stream` (the caller waits when it needs the values). */
gm_status gm_random_fill (gm_rand_dist dist, gm_class cls, int64_t count, uint64_t seed,
                          uint64_t first_block, void *d_out, cudaStream_t stream);
/* The package generator (gpumat.rand, gpumat.randn, gpumat_rng): a seed and a block counter,
 * host state only.  gm_rng_set_seed sets the seed and puts the counter back to 0 (initially
 * seed 0, counter 0); gm_rand fills from the counter and, once the work is queued, advances it
 * by the blocks used, so consecutive calls differ and one seed replays one sequence of calls.
 * gm_reset leaves the generator alone. */
gm_status gm_rng_set_seed (uint64_t seed);
gm_status gm_rng_state (uint64_t *seed, uint64_t *counter);
gm_status gm_rand (gm_rand_dist dist, gm_class cls, int64_t count, void *d_out,
                   cudaStream_t stream);

/* ---- arrays made on the device (kernels/make.cu; randi in kernels/random.cu) -------------- */
/* d_out[e] = the element whose elem_bytes (1, 2, 4, 8 or 16) bytes are at h_value, e < count
 * (zeros, ones, Inf, NaN, true, false of any class; all bytes equal is one memset).  Queued. */
gm_status gm_make_fill (size_t elem_bytes, int64_t count, const void *h_value, void *d_out,
                        cudaStream_t stream);
/* m x n identity, column-major: the element at h_one on the diagonal, all-zero bits elsewhere;
 * every element written (no memset first).  Queued. */
gm_status gm_make_eye (size_t elem_bytes, int64_t m, int64_t n, const void *h_one, void *d_out,
                       cudaStream_t stream);
/* Octave 7.3's base:inc:limit in cls (GM_DOUBLE, or GM_SINGLE computed in float): the element
 * count and final element of make_float_range and range<T>'s xinit, tolerance 3 eps included
 * (1 and NaN for a NaN operand; 0 for an empty range).  GM_ERR_SIZE_OVERFLOW with Octave's
 * message for a range it refuses ("range with infinite number of elements cannot be stored"). */
gm_status gm_range_plan (gm_class cls, double base, double inc, double limit, int64_t *count,
                         double *final);
/* The integer ranges of Octave 7.3 (ov.cc make_int_range): base and limit are values of the
 * integer class cls as two's-complement bits (signed ones sign-extended), the increment is a
 * value of cls (inc) or a double (dinc, inc_is_double: a non-integer one is Octave's error
 * "colon operator increment invalid (not an integer)", GM_ERR_INVALID_ARGUMENT).  Gives the
 * count, the unsigned step and whether the range runs down (limit below base). */
gm_status gm_range_int_plan (gm_class cls, uint64_t base, uint64_t limit, int inc_is_double,
                             uint64_t inc, double dinc, int64_t *count, uint64_t *uinc,
                             int *down);
/* d_out[i], i < count, of range<T>::array_value: element 0 is base, element i base + i*inc in
 * the class (each operation rounded once, never fused), the last `final`.  Double or single. */
gm_status gm_make_range (gm_class cls, int64_t count, double base, double inc, double final,
                         void *d_out, cudaStream_t stream);
/* d_out[i] = base +- i*uinc (down: minus) in the integer class cls, i < count. */
gm_status gm_make_int_range (gm_class cls, int64_t count, uint64_t base, uint64_t uinc,
                             int down, void *d_out, cudaStream_t stream);
/* linspace: m rows of n columns (column-major) of class cls (double or single); row r from
 * d_base[r * base_stride] to d_limit[r * limit_stride] (stride 0: one value for every row).
 * symmetric: Octave's RowVector linspace (both ends scalars: built from both ends, the middle of
 * an odd n their mean); else its Matrix linspace (x1 + j*delta).  Column n-1 is the end exactly. */
gm_status gm_make_linspace (gm_class cls, int64_t m, int64_t n, const void *d_base,
                            int64_t base_stride, const void *d_limit, int64_t limit_stride,
                            int symmetric, void *d_out, cudaStream_t stream);
/* randi: d_out[i] = imin + k, k uniform on 0 .. range-1 (1 <= range <= 2^53, both ends below
 * 2^53 in magnitude), from Philox block first_block + i alone, in class cls (any real class;
 * integer classes saturate as Octave's cast).  gm_randi draws from the package generator and
 * advances its counter by count blocks. */
gm_status gm_random_int_fill (gm_class cls, int64_t count, double imin, uint64_t range,
                              uint64_t seed, uint64_t first_block, void *d_out,
                              cudaStream_t stream);
gm_status gm_randi (gm_class cls, int64_t count, double imin, uint64_t range, void *d_out,
                    cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_ARRAYS_H */
