/* sort.cu: Octave's sort (stable, NaN last or first, -0 == 0) and median along one dimension, on
 * CUB's radix sort.
 *
 * An array of shape (nd, dims) sorted along dim is viewed as pre x len x post (column-major:
 * element (p, i, q) at p + i*pre + q*pre*len); each of the nseg = pre*post slices ("segments",
 * numbered s = p + q*pre) is sorted on its own.  Steps:
 *   1. make_keys: each element's unsigned key (sort_keys.cuh: unsigned order = Octave's order,
 *      "descend" included) and, as the value, its linear position e;
 *   2. cub::DeviceRadixSort::SortPairs, stable, on (segment, key): with nseg > 1 the segment
 *      goes above the key's bits in one key when both fit 64 bits (always, except for 64-bit
 *      classes: double, int64, uint64); otherwise two stable passes, by key and then by segment
 *      (LSD order: the second pass keeps the first's order within a segment).  end_bit stops
 *      the radix passes at the bits in use (a logical or int8 vector: one pass of 8 bits);
 *   3. scatter: sorted position t is rank r = t mod len of segment s = t / len; the element at
 *      e goes to p + r*pre + q*pre*len, and the index output gets e's position along dim + 1
 *      (double, as Octave returns it).  Elements move as bits of their size.
 * The median (Octave 7.3's median.m: nth_element, then sum (..., "native") / 2 for an even
 * length, NaN where a slice holds one) reads the middle of each sorted segment directly.
 *
 * Compile time (pkg install in 2 minutes on 2 cores; a new file at most ~6 s): every key is held
 * in 64 bits (end_bit keeps the radix passes to the bits in use: an int8 vector takes one pass
 * of 8 bits), so SortPairs is instantiated twice only: (u64 key, u32 position), and
 * (u64, u64) for arrays of more than 2^31 elements.  Measured with the brief's command on the
 * 2-core build machine (shared with other builds: CPU seconds, load ~3): the CUB header alone
 * ~3.6 s once CUB's optional half-precision and NVTX support is switched off below (5.2 s with
 * it; nothing here uses it), each SortPairs instantiation ~0.7 s, the kernels of this file
 * ~0.6 s: 5.6 s in all (5.5-5.7 s wall); with a third instantiation for 4-byte keys
 * (u32, u32) it was 6.3 s, over the budget.  The price: a single, int32 or uint32 vector
 * moves 12 bytes an element a pass instead of 8 (double vectors, and most matrices sorted
 * along a dimension, where the segment number goes above the key, need 64-bit keys anyway).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#define CCCL_DISABLE_NVTX
#define CCCL_DISABLE_BF16_SUPPORT
#define CCCL_DISABLE_FP16_SUPPORT
#define CCCL_DISABLE_NVFP8_SUPPORT
#define CCCL_DISABLE_NVFP6_SUPPORT
#define CCCL_DISABLE_NVFP4_SUPPORT
#define CCCL_DISABLE_FLOAT128_SUPPORT
#define CCCL_DISABLE_INT128_SUPPORT
#include <cub/device/device_radix_sort.cuh>
#include <math.h>
#include <stdint.h>
#include "gpumat.h"
#include "sort_keys.cuh"

namespace {

constexpr int kThreads = 256;
/* grid-stride beyond 65536 blocks of 256 threads (16.8 M elements) */
constexpr int64_t kMaxBlocks = 65536;
constexpr size_t kAlign = 256;

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
inline unsigned grid_for (int64_t n)
{
  const int64_t b = ceil_div (n, kThreads);
  return (unsigned) (b < 1 ? 1 : b > kMaxBlocks ? kMaxBlocks : b);
}
inline size_t align_up (size_t x) { return (x + kAlign - 1) & ~(kAlign - 1); }
gm_status launched (const char *what) { return gm_cuda_status (cudaGetLastError (), what); }

bool sortable (gm_class c)
{
  return gm_class_valid (c) && !gm_class_is_complex (c);
}

/* bits of one element of es bytes (1, 2, 4 or 8), zero-extended */
__device__ __forceinline__ uint64_t load_bits (const void *x, int es, uint64_t i)
{
  switch (es) {
  case 1: return ((const uint8_t *) x)[i];
  case 2: return ((const uint16_t *) x)[i];
  case 4: return ((const uint32_t *) x)[i];
  default: return ((const uint64_t *) x)[i];
  }
}

__device__ __forceinline__ void copy_elem (void *out, uint64_t o, const void *x, uint64_t e,
                                           int es)
{
  switch (es) {
  case 1: ((uint8_t *) out)[o] = ((const uint8_t *) x)[e]; break;
  case 2: ((uint16_t *) out)[o] = ((const uint16_t *) x)[e]; break;
  case 4: ((uint32_t *) out)[o] = ((const uint32_t *) x)[e]; break;
  default: ((uint64_t *) out)[o] = ((const uint64_t *) x)[e]; break;
  }
}

/* ---- kernels: one thread an element, grid-stride; positions in V (uint32_t up to 2^31
   elements, else uint64_t) -------------------------------------------------------------------- */

/* keys[e] = key of x[e], with its segment above bit kbits when seg_shift (nseg > 1 and one
   key holds both); vals[e] = e. */
template <typename V>
__global__ void __launch_bounds__ (kThreads)
make_keys (const void *__restrict__ x, int es, gm_class cls, int descend, V n, V pre, V len,
           int kbits, int with_segment, uint64_t *__restrict__ keys, V *__restrict__ vals)
{
  for (V e = (V) blockIdx.x * kThreads + threadIdx.x; e < n; e += (V) gridDim.x * kThreads) {
    uint64_t k = gm_sort_key (load_bits (x, es, e), cls, descend);
    if (with_segment) {
      const V seg = e % pre + e / (pre * len) * pre;
      k |= (uint64_t) seg << kbits;
    }
    keys[e] = k;
    vals[e] = e;
  }
}

/* The second of two passes: keys[t] = segment of the element at vals[t]. */
template <typename V>
__global__ void __launch_bounds__ (kThreads)
segment_keys (const V *__restrict__ vals, V n, V pre, V len, uint64_t *__restrict__ keys)
{
  for (V t = (V) blockIdx.x * kThreads + threadIdx.x; t < n; t += (V) gridDim.x * kThreads) {
    const V e = vals[t];
    keys[t] = e % pre + e / (pre * len) * pre;
  }
}

/* Sorted position t (segment-major) to its place in the pre x len x post result. */
template <typename V>
__global__ void __launch_bounds__ (kThreads)
scatter (const void *__restrict__ x, int es, const V *__restrict__ vals, V n, V pre, V len,
         void *__restrict__ out, double *__restrict__ index)
{
  for (V t = (V) blockIdx.x * kThreads + threadIdx.x; t < n; t += (V) gridDim.x * kThreads) {
    const V e = vals[t];
    V o = t;                                   /* pre == 1: the sorted order is the layout */
    if (pre != 1) {
      const V s = t / len, r = t - s * len;
      o = s % pre + r * pre + s / pre * pre * len;
    }
    copy_elem (out, o, x, e, es);
    if (index)
      index[o] = (double) (e / pre % len + 1);
  }
}

__global__ void __launch_bounds__ (kThreads) fill_ones (double *index, int64_t n)
{
  for (int64_t i = (int64_t) blockIdx.x * kThreads + threadIdx.x; i < n;
       i += (int64_t) gridDim.x * kThreads)
    index[i] = 1.0;
}

/* ---- median: Octave 7.3's median.m on each sorted segment ------------------------------------
   Segment s's sorted elements are x[at (base + r)], base = s*len, r = 0 .. len-1, where at ()
   reads the sorted positions (vals: uint32_t or uint64_t as val64; NULL when len == 1, nothing
   to sort).  NaN sorts last, so a slice holding one ends with it.  Five kernels cover the ten
   classes: double, single, int64, uint64, and the 1-, 2- and 4-byte integer classes (and
   logical) through one kernel that works in int64_t. */

__device__ __forceinline__ int64_t at (const void *vals, int val64, int64_t i)
{
  if (!vals)
    return i;
  return val64 ? (int64_t) ((const uint64_t *) vals)[i] : (int64_t) ((const uint32_t *) vals)[i];
}

/* double and single: Octave's sum (..., "native") starts from +0 (so -0 + -0 sums to +0, and an
   even length never gives -0) and adds in the class; a NaN anywhere gives Octave's NaN
   (0x7ff8..., 0x7fc00000).  An odd length with a zero in the middle: the zeros are one run of
   equal keys around it (in their original order); when it holds both signs, Octave's
   nth_element may return either, and *ambiguous is set (the run is read from the middle out,
   until both signs are seen). */
template <typename T>
__global__ void __launch_bounds__ (kThreads)
median_float (const T *__restrict__ x, const void *__restrict__ vals, int val64, int64_t nseg,
              int64_t len, T *__restrict__ out, int *ambiguous)
{
  for (int64_t s = (int64_t) blockIdx.x * kThreads + threadIdx.x; s < nseg;
       s += (int64_t) gridDim.x * kThreads) {
    const int64_t base = s * len;
    T m;
    if (isnan (x[at (vals, val64, base + len - 1)]))
      m = sizeof (T) == 8 ? (T) __longlong_as_double (0x7ff8000000000000ll)
                          : (T) __int_as_float (0x7fc00000);
    else if (len % 2) {
      const int64_t mid = (len - 1) / 2;
      m = x[at (vals, val64, base + mid)];
      if (m == (T) 0 && ambiguous) {
        bool neg = signbit (m), pos = !neg;
        for (int64_t r = mid - 1; r >= 0 && !(neg && pos); r--) {
          const T z = x[at (vals, val64, base + r)];
          if (z != (T) 0)
            break;
          neg |= signbit (z);
          pos |= !signbit (z);
        }
        for (int64_t r = mid + 1; r < len && !(neg && pos); r++) {
          const T z = x[at (vals, val64, base + r)];
          if (z != (T) 0)
            break;
          neg |= signbit (z);
          pos |= !signbit (z);
        }
        if (neg && pos)
          *ambiguous = 1;          /* every writer stores the same value */
      }
    } else {
      T sum = 0;
      sum += x[at (vals, val64, base + len / 2 - 1)];
      sum += x[at (vals, val64, base + len / 2)];
      m = sum / (T) 2;
    }
    out[s] = m;
  }
}

/* c / 2 rounded half away from zero (octave_int's conversion of a double, and its integer
   division for 64-bit classes) */
template <typename T> __device__ __forceinline__ T half_away (T c) { return c / 2 + c % 2; }

/* int64 and uint64: the sum saturates in the class */
__device__ __forceinline__ int64_t sat_add (int64_t a, int64_t b)
{
  if (b > 0 && a > INT64_MAX - b)
    return INT64_MAX;
  if (b < 0 && a < INT64_MIN - b)
    return INT64_MIN;
  return a + b;
}
__device__ __forceinline__ uint64_t sat_add (uint64_t a, uint64_t b)
{
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

template <typename T>
__global__ void __launch_bounds__ (kThreads)
median_wide (const T *__restrict__ x, const void *__restrict__ vals, int val64, int64_t nseg,
             int64_t len, T *__restrict__ out)
{
  for (int64_t s = (int64_t) blockIdx.x * kThreads + threadIdx.x; s < nseg;
       s += (int64_t) gridDim.x * kThreads) {
    const int64_t base = s * len;
    if (len % 2) {
      out[s] = x[at (vals, val64, base + (len - 1) / 2)];
      continue;
    }
    const T a = x[at (vals, val64, base + len / 2 - 1)], b = x[at (vals, val64, base + len / 2)];
    out[s] = half_away (sat_add (a, b));
  }
}

/* 1-, 2- and 4-byte integers (es bytes, signed or not), saturating at [lo, hi]; logical data
   (bytes 0 or 1): sum (..., "native") is true when either is, and true / 2 is a true 0.5 */
__device__ __forceinline__ int64_t load_int (const void *x, int es, int is_signed, int64_t i)
{
  switch (es) {
  case 1: return is_signed ? (int64_t) ((const int8_t *) x)[i] : (int64_t) ((const uint8_t *) x)[i];
  case 2: return is_signed ? (int64_t) ((const int16_t *) x)[i] : (int64_t) ((const uint16_t *) x)[i];
  default: return is_signed ? (int64_t) ((const int32_t *) x)[i] : (int64_t) ((const uint32_t *) x)[i];
  }
}

__global__ void __launch_bounds__ (kThreads)
median_int (const void *__restrict__ x, int es, int is_signed, int logical, int64_t lo,
            int64_t hi, const void *__restrict__ vals, int val64, int64_t nseg, int64_t len,
            void *__restrict__ out)
{
  for (int64_t s = (int64_t) blockIdx.x * kThreads + threadIdx.x; s < nseg;
       s += (int64_t) gridDim.x * kThreads) {
    const int64_t base = s * len;
    int64_t m;
    if (len % 2)
      m = load_int (x, es, is_signed, at (vals, val64, base + (len - 1) / 2));
    else {
      const int64_t a = load_int (x, es, is_signed, at (vals, val64, base + len / 2 - 1));
      const int64_t b = load_int (x, es, is_signed, at (vals, val64, base + len / 2));
      if (logical)
        m = a | b;
      else {
        const int64_t sum = a + b;
        m = half_away (sum < lo ? lo : sum > hi ? hi : sum);
      }
    }
    switch (es) {
    case 1: ((uint8_t *) out)[s] = (uint8_t) m; break;
    case 2: ((uint16_t *) out)[s] = (uint16_t) m; break;
    default: ((uint32_t *) out)[s] = (uint32_t) m; break;
    }
  }
}

/* ---- the plan --------------------------------------------------------------------------------- */

struct plan {
  int64_t pre, len, post, n, nseg;
  int kbits, seg_bits;
  bool two_pass, val64;
  int end1, end2;              /* radix bits of pass 1 (and 2) */
  size_t val_bytes;            /* of one position in the buffers */
  size_t off_k1, off_v0, off_v1, off_temp, temp_bytes, total;
};

int bit_width (uint64_t x)
{
  int b = 0;
  while (x) {
    b++;
    x >>= 1;
  }
  return b;
}

/* pre x len x post of (nd, dims) along dim (1-based; past nd a dimension of length 1) */
gm_status view (int nd, const int64_t *dims, int dim, plan *p)
{
  if (nd < 0 || (nd > 0 && !dims) || dim < 1)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "sort: invalid shape or dimension (nd %d, dim %d)",
                    nd, dim);
  size_t pre = 1, post = 1, len = 1;
  for (int d = 0; d < nd; d++) {
    if (dims[d] < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "sort: negative size");
    size_t *f = d < dim - 1 ? &pre : d == dim - 1 ? &len : &post;
    if (gm_mul_size (*f, (size_t) dims[d], f) != GM_OK)
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "sort: the array has too many elements");
  }
  size_t n;
  if (gm_mul_size3 (pre, len, post, &n) != GM_OK || n > (size_t) INT64_MAX / 16)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "sort: the array has too many elements");
  p->pre = (int64_t) pre;
  p->len = (int64_t) len;
  p->post = (int64_t) post;
  p->n = (int64_t) n;
  p->nseg = (int64_t) (pre * post);
  return GM_OK;
}

/* One stable radix sort of (keys, values) in the double buffers; on return *k and *v point at
   the sorted ones.  temp NULL: only sets temp_bytes. */
template <typename K, typename V>
gm_status sort_pairs (void *temp, size_t &temp_bytes, K **k, K *k_other, V **v, V *v_other,
                      int64_t n, int end_bit, cudaStream_t stream)
{
  cub::DoubleBuffer<K> dk (*k, k_other);
  cub::DoubleBuffer<V> dv (*v, v_other);
  const cudaError_t err = cub::DeviceRadixSort::SortPairs (temp, temp_bytes, dk, dv, n, 0,
                                                           end_bit, stream);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "cub::DeviceRadixSort::SortPairs");
  *k = dk.Current ();
  *v = dv.Current ();
  return GM_OK;
}

/* One pass: 8-byte keys, positions of 8 bytes (p->val64) or 4.  *k and *v hold the input and
   become the sorted output; k_other and v_other are the spare buffers.  temp NULL: only sets
   temp_bytes. */
gm_status radix_pass (const plan *p, int end_bit, void *temp, size_t &temp_bytes, void **k,
                      void *k_other, void **v, void *v_other, cudaStream_t stream)
{
  if (p->val64)
    return sort_pairs<uint64_t, uint64_t> (temp, temp_bytes, (uint64_t **) k,
                                           (uint64_t *) k_other, (uint64_t **) v,
                                           (uint64_t *) v_other, p->n, end_bit, stream);
  return sort_pairs<uint64_t, uint32_t> (temp, temp_bytes, (uint64_t **) k, (uint64_t *) k_other,
                                         (uint32_t **) v, (uint32_t *) v_other, p->n, end_bit,
                                         stream);
}

gm_status make_plan (gm_class cls, int nd, const int64_t *dims, int dim, plan *p)
{
  if (!sortable (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "sort: class %s is not sorted on the GPU",
                    gm_class_valid (cls) ? gm_class_name (cls) : "(invalid)");
  *p = plan ();
  gm_status st = view (nd, dims, dim, p);
  if (st != GM_OK || p->n == 0 || p->len <= 1)
    return st;
  p->kbits = gm_sort_key_bits (cls);
  p->seg_bits = p->nseg > 1 ? bit_width ((uint64_t) p->nseg - 1) : 0;
  /* 32-bit positions while a grid-stride loop's last step (n + 65536 * 256) cannot wrap */
  p->val64 = p->n > ((int64_t) 1 << 31);
  p->two_pass = p->kbits + p->seg_bits > 64;
  p->end1 = p->two_pass ? p->kbits : p->kbits + p->seg_bits;
  p->end2 = p->two_pass ? p->seg_bits : 0;
  p->val_bytes = p->val64 ? 8 : 4;
  p->off_k1 = align_up ((size_t) p->n * sizeof (uint64_t));
  p->off_v0 = 2 * p->off_k1;
  p->off_v1 = p->off_v0 + align_up ((size_t) p->n * p->val_bytes);
  p->off_temp = p->off_v1 + align_up ((size_t) p->n * p->val_bytes);
  size_t t1 = 0, t2 = 0;
  void *k = NULL, *v = NULL;
  st = radix_pass (p, p->end1, NULL, t1, &k, NULL, &v, NULL, 0);
  if (st == GM_OK && p->two_pass)
    st = radix_pass (p, p->end2, NULL, t2, &k, NULL, &v, NULL, 0);
  p->temp_bytes = t1 > t2 ? t1 : t2;
  p->total = p->off_temp + p->temp_bytes;
  return st;
}

/* Runs the plan's passes; *vals then holds the source positions in segment-major sorted order
   (uint32_t or uint64_t as p->val64). */
gm_status run_sort (const plan *p, gm_class cls, int descend, const void *d_x, void *ws,
                    size_t ws_bytes, void **vals, cudaStream_t stream)
{
  if (!ws || ws_bytes < p->total)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "sort: workspace of %zu bytes, %zu needed",
                    ws_bytes, p->total);
  char *b = (char *) ws;
  const int es = (int) gm_class_size (cls);
  const int with_segment = p->nseg > 1 && !p->two_pass;
  const unsigned grid = grid_for (p->n);
  if (p->val64)
    make_keys<uint64_t><<<grid, kThreads, 0, stream>>> (
      d_x, es, cls, descend, (uint64_t) p->n, (uint64_t) p->pre, (uint64_t) p->len, p->kbits,
      with_segment, (uint64_t *) b, (uint64_t *) (b + p->off_v0));
  else
    make_keys<uint32_t><<<grid, kThreads, 0, stream>>> (
      d_x, es, cls, descend, (uint32_t) p->n, (uint32_t) p->pre, (uint32_t) p->len, p->kbits,
      with_segment, (uint64_t *) b, (uint32_t *) (b + p->off_v0));
  gm_status st = launched ("sort: make_keys");
  void *const kbuf[2] = {b, b + p->off_k1}, *const vbuf[2] = {b + p->off_v0, b + p->off_v1};
  void *keys = kbuf[0];
  *vals = vbuf[0];
  size_t temp_bytes = p->temp_bytes;
  if (st == GM_OK)
    st = radix_pass (p, p->end1, b + p->off_temp, temp_bytes, &keys, kbuf[1], vals, vbuf[1],
                     stream);
  if (st != GM_OK || !p->two_pass)
    return st;
  /* second pass: the segments, into the key buffer the first pass left spare */
  keys = keys == kbuf[0] ? kbuf[1] : kbuf[0];
  if (p->val64)
    segment_keys<uint64_t><<<grid, kThreads, 0, stream>>> (
      (const uint64_t *) *vals, (uint64_t) p->n, (uint64_t) p->pre, (uint64_t) p->len,
      (uint64_t *) keys);
  else
    segment_keys<uint32_t><<<grid, kThreads, 0, stream>>> (
      (const uint32_t *) *vals, (uint32_t) p->n, (uint32_t) p->pre, (uint32_t) p->len,
      (uint64_t *) keys);
  st = launched ("sort: segment_keys");
  temp_bytes = p->temp_bytes;
  if (st == GM_OK)
    st = radix_pass (p, p->end2, b + p->off_temp, temp_bytes, &keys,
                     keys == kbuf[0] ? kbuf[1] : kbuf[0], vals, *vals == vbuf[0] ? vbuf[1] : vbuf[0],
                     stream);
  return st;
}

gm_status pick (const plan *p, gm_class cls, int logical, const void *d_x, const void *vals,
                void *d_out, int *ambiguous, cudaStream_t stream)
{
  const unsigned grid = grid_for (p->nseg);
  const int v64 = p->val64;
  switch (cls) {
  case GM_DOUBLE:
    median_float<double><<<grid, kThreads, 0, stream>>> ((const double *) d_x, vals, v64, p->nseg,
                                                         p->len, (double *) d_out, ambiguous);
    break;
  case GM_SINGLE:
    median_float<float><<<grid, kThreads, 0, stream>>> ((const float *) d_x, vals, v64, p->nseg,
                                                        p->len, (float *) d_out, ambiguous);
    break;
  case GM_INT64:
    median_wide<int64_t><<<grid, kThreads, 0, stream>>> ((const int64_t *) d_x, vals, v64,
                                                         p->nseg, p->len, (int64_t *) d_out);
    break;
  case GM_UINT64:
    median_wide<uint64_t><<<grid, kThreads, 0, stream>>> ((const uint64_t *) d_x, vals, v64,
                                                          p->nseg, p->len, (uint64_t *) d_out);
    break;
  default: {
    const int es = (int) gm_class_size (cls);
    const int is_signed = cls == GM_INT8 || cls == GM_INT16 || cls == GM_INT32;
    const int64_t bits = 8 * es;
    const int64_t lo = is_signed ? -((int64_t) 1 << (bits - 1)) : 0;
    const int64_t hi = is_signed ? ((int64_t) 1 << (bits - 1)) - 1 : ((int64_t) 1 << bits) - 1;
    median_int<<<grid, kThreads, 0, stream>>> (d_x, es, is_signed, logical, lo, hi, vals, v64,
                                              p->nseg, p->len, d_out);
  }
  }
  return launched ("median: pick");
}

} // namespace

/* ---- C API ------------------------------------------------------------------------------------ */

extern "C" gm_status gm_sort_workspace_size (gm_class cls, int nd, const int64_t *dims, int dim,
                                             size_t *bytes)
{
  plan p;
  if (!bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_sort_workspace_size: no result pointer");
  *bytes = 0;
  const gm_status st = make_plan (cls, nd, dims, dim, &p);
  if (st == GM_OK)
    *bytes = p.total;
  return st;
}

extern "C" gm_status gm_sort (gm_class cls, int descend, int nd, const int64_t *dims, int dim,
                              const void *d_x, void *d_out, double *d_index, void *d_workspace,
                              size_t workspace_bytes, cudaStream_t stream)
{
  plan p;
  gm_status st = make_plan (cls, nd, dims, dim, &p);
  if (st != GM_OK || p.n == 0)
    return st;
  if (!d_x || !d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_sort: NULL data");
  const size_t es = gm_class_size (cls);
  if (p.len == 1) {
    /* nothing moves: the array itself, every index 1 */
    st = gm_cuda_status (cudaMemcpyAsync (d_out, d_x, (size_t) p.n * es,
                                          cudaMemcpyDeviceToDevice, stream), "sort: copy");
    if (st == GM_OK && d_index) {
      fill_ones<<<grid_for (p.n), kThreads, 0, stream>>> (d_index, p.n);
      st = launched ("sort: fill_ones");
    }
    return st;
  }
  void *vals = NULL;
  st = run_sort (&p, cls, descend, d_x, d_workspace, workspace_bytes, &vals, stream);
  if (st != GM_OK)
    return st;
  const unsigned grid = grid_for (p.n);
  if (p.val64)
    scatter<uint64_t><<<grid, kThreads, 0, stream>>> (d_x, (int) es, (const uint64_t *) vals,
                                                      (uint64_t) p.n, (uint64_t) p.pre,
                                                      (uint64_t) p.len, d_out, d_index);
  else
    scatter<uint32_t><<<grid, kThreads, 0, stream>>> (d_x, (int) es, (const uint32_t *) vals,
                                                      (uint32_t) p.n, (uint32_t) p.pre,
                                                      (uint32_t) p.len, d_out, d_index);
  return launched ("sort: scatter");
}

extern "C" gm_status gm_median_dims (int nd, const int64_t *dims, int dim, int *nd_out,
                                     int64_t *dims_out)
{
  if (nd < 0 || (nd > 0 && !dims) || dim < 1 || !nd_out || !dims_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_median_dims: invalid arguments");
  int k = 0;
  for (; k < nd; k++)
    dims_out[k] = k == dim - 1 ? 1 : dims[k];
  for (; k < 2; k++)
    dims_out[k] = 1;
  while (k > 2 && dims_out[k - 1] == 1)
    k--;
  *nd_out = k;
  return GM_OK;
}

extern "C" gm_status gm_median_workspace_size (gm_class cls, int nd, const int64_t *dims,
                                               int dim, size_t *bytes)
{
  return gm_sort_workspace_size (cls, nd, dims, dim, bytes);
}

extern "C" gm_status gm_median (gm_class cls, int logical, int nd, const int64_t *dims, int dim,
                                const void *d_x, void *d_out, int *d_ambiguous, void *d_workspace,
                                size_t workspace_bytes, cudaStream_t stream)
{
  plan p;
  gm_status st = make_plan (cls, nd, dims, dim, &p);
  if (st != GM_OK || p.n == 0)
    return st;
  if (!d_x || !d_out)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_median: NULL data");
  if (logical && cls != GM_UINT8)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_median: logical data is held as uint8");
  void *vals = NULL;
  if (p.len > 1) {
    st = run_sort (&p, cls, 0, d_x, d_workspace, workspace_bytes, &vals, stream);
    if (st != GM_OK)
      return st;
  }
  return pick (&p, cls, logical, d_x, vals, d_out, d_ambiguous, stream);
}
