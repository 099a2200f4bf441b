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
 * Compile time (issue: pkg install in 2 minutes on 2 cores): keys of 1 and 2 bytes are sorted
 * as 4-byte keys (end_bit keeps the passes to their bits), so SortPairs is instantiated three
 * times only: (u32 key, u32 value), (u64, u32), and (u64, u64) for arrays of more than 2^31
 * elements; CUB's optional half-precision and NVTX support is switched off below (they add ~1.5 s
 * of header parsing and nothing here uses them).  Measured on the 2-core build machine with the
 * brief's command: see bench/NOTES or the commit message of this file.
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
template <typename K, typename V>
__global__ void __launch_bounds__ (kThreads)
make_keys (const void *__restrict__ x, int es, gm_class cls, int descend, V n, V pre, V len,
           int kbits, int with_segment, K *__restrict__ keys, V *__restrict__ vals)
{
  for (V e = (V) blockIdx.x * kThreads + threadIdx.x; e < n; e += (V) gridDim.x * kThreads) {
    uint64_t k = gm_sort_key (load_bits (x, es, e), cls, descend);
    if (with_segment) {
      const V seg = e % pre + e / (pre * len) * pre;
      k |= (uint64_t) seg << kbits;
    }
    keys[e] = (K) k;
    vals[e] = e;
  }
}

/* The second of two passes: keys[t] = segment of the element at vals[t]. */
template <typename K, typename V>
__global__ void __launch_bounds__ (kThreads)
segment_keys (const V *__restrict__ vals, V n, V pre, V len, K *__restrict__ keys)
{
  for (V t = (V) blockIdx.x * kThreads + threadIdx.x; t < n; t += (V) gridDim.x * kThreads) {
    const V e = vals[t];
    keys[t] = (K) (e % pre + e / (pre * len) * pre);
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

/* ---- median: Octave 7.3's median.m on each sorted segment ------------------------------------ */

template <typename T> struct int_limits;
template <> struct int_limits<int8_t> { static constexpr int64_t lo = INT8_MIN, hi = INT8_MAX; };
template <> struct int_limits<int16_t> { static constexpr int64_t lo = INT16_MIN, hi = INT16_MAX; };
template <> struct int_limits<uint16_t> { static constexpr int64_t lo = 0, hi = UINT16_MAX; };
template <> struct int_limits<int32_t> { static constexpr int64_t lo = INT32_MIN, hi = INT32_MAX; };
template <> struct int_limits<uint32_t> { static constexpr int64_t lo = 0, hi = UINT32_MAX; };

/* (a + b) / 2 as Octave's sum (x, dim, "native") / 2 computes it: the sum saturates in the
   class, the division rounds half away from zero (octave_int's conversion of a double, and its
   integer division for 64-bit classes). */
template <typename T> __device__ __forceinline__ T half_sum (T a, T b, bool)
{
  const int64_t s = (int64_t) a + (int64_t) b;
  const int64_t c = s < int_limits<T>::lo ? int_limits<T>::lo
                  : s > int_limits<T>::hi ? int_limits<T>::hi : s;
  return (T) (c / 2 + c % 2);
}
template <> __device__ __forceinline__ int64_t half_sum<int64_t> (int64_t a, int64_t b, bool)
{
  int64_t s;
  if (b > 0 && a > INT64_MAX - b)
    s = INT64_MAX;
  else if (b < 0 && a < INT64_MIN - b)
    s = INT64_MIN;
  else
    s = a + b;
  return s / 2 + s % 2;
}
template <> __device__ __forceinline__ uint64_t half_sum<uint64_t> (uint64_t a, uint64_t b, bool)
{
  const uint64_t s = a > UINT64_MAX - b ? UINT64_MAX : a + b;
  return s / 2 + s % 2;
}
/* logical: sum (..., "native") is true when either is, and true / 2 is a true 0.5 */
template <> __device__ __forceinline__ uint8_t half_sum<uint8_t> (uint8_t a, uint8_t b,
                                                                    bool logical)
{
  if (logical)
    return (uint8_t) (a | b);
  const unsigned s = (unsigned) a + b, c = s > 255 ? 255 : s;
  return (uint8_t) (c / 2 + c % 2);
}
/* double and single: Octave's sum starts from +0 (so -0 + -0 sums to +0), in the class */
template <> __device__ __forceinline__ double half_sum<double> (double a, double b, bool)
{
  double s = 0.0;
  s += a;
  s += b;
  return s / 2.0;
}
template <> __device__ __forceinline__ float half_sum<float> (float a, float b, bool)
{
  float s = 0.0f;
  s += a;
  s += b;
  return s / 2.0f;
}

template <typename T> __device__ __forceinline__ bool is_nan (T) { return false; }
template <> __device__ __forceinline__ bool is_nan<double> (double x) { return isnan (x); }
template <> __device__ __forceinline__ bool is_nan<float> (float x) { return isnan (x); }
template <typename T> __device__ __forceinline__ T nan_of () { return T (); }
template <> __device__ __forceinline__ double nan_of<double> ()
{
  return __longlong_as_double (0x7ff8000000000000ll);    /* Octave's NaN */
}
template <> __device__ __forceinline__ float nan_of<float> () { return __int_as_float (0x7fc00000); }

/* out[s] = median of segment s, whose sorted elements are x[vals[s*len + r]], r = 0 .. len-1
   (vals NULL: x[s*len + r], already in order: len == 1).  NaN sorts last, so a segment holding
   one ends with it. */
template <typename T, typename V>
__global__ void __launch_bounds__ (kThreads)
median_pick (const T *__restrict__ x, const V *__restrict__ vals, V nseg, V len, int logical,
             T *__restrict__ out)
{
  for (V s = (V) blockIdx.x * kThreads + threadIdx.x; s < nseg; s += (V) gridDim.x * kThreads) {
    const V base = s * len;
#define AT(r) x[vals ? vals[base + (r)] : base + (r)]
    if (is_nan (AT (len - 1)))
      out[s] = nan_of<T> ();
    else if (len % 2)
      out[s] = AT ((len - 1) / 2);
    else
      out[s] = half_sum<T> (AT (len / 2 - 1), AT (len / 2), logical != 0);
#undef AT
  }
}

/* ---- the plan --------------------------------------------------------------------------------- */

struct plan {
  int64_t pre, len, post, n, nseg;
  int kbits, seg_bits;
  bool two_pass, val64;
  int end1, end2;              /* radix bits of pass 1 (and 2) */
  bool key64_1, key64_2;
  size_t key_bytes, val_bytes; /* of one element in the buffers */
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

/* One pass with the plan's class of buffers: keys of 8 bytes (key64) or 4, values of 8 bytes
   (p->val64) or 4.  *k and *v hold the input and become the sorted output; k_other and
   v_other are the spare buffers.  temp NULL: only sets temp_bytes. */
gm_status radix_pass (const plan *p, bool key64, int end_bit, void *temp, size_t &temp_bytes,
                      void **k, void *k_other, void **v, void *v_other, cudaStream_t stream)
{
  if (p->val64)
    return sort_pairs<uint64_t, uint64_t> (temp, temp_bytes, (uint64_t **) k,
                                           (uint64_t *) k_other, (uint64_t **) v,
                                           (uint64_t *) v_other, p->n, end_bit, stream);
  if (key64)
    return sort_pairs<uint64_t, uint32_t> (temp, temp_bytes, (uint64_t **) k,
                                           (uint64_t *) k_other, (uint32_t **) v,
                                           (uint32_t *) v_other, p->n, end_bit, stream);
  return sort_pairs<uint32_t, uint32_t> (temp, temp_bytes, (uint32_t **) k, (uint32_t *) k_other,
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
  if (!p->two_pass) {
    p->end1 = p->kbits + p->seg_bits;
    p->key64_1 = p->end1 > 32 || p->val64;
  } else {
    p->end1 = p->kbits;
    p->key64_1 = p->kbits > 32 || p->val64;
    p->end2 = p->seg_bits;
    p->key64_2 = p->seg_bits > 32 || p->val64;
  }
  p->key_bytes = p->key64_1 || p->key64_2 ? 8 : 4;
  p->val_bytes = p->val64 ? 8 : 4;
  p->off_k1 = align_up ((size_t) p->n * p->key_bytes);
  p->off_v0 = 2 * p->off_k1;
  p->off_v1 = p->off_v0 + align_up ((size_t) p->n * p->val_bytes);
  p->off_temp = p->off_v1 + align_up ((size_t) p->n * p->val_bytes);
  size_t t1 = 0, t2 = 0;
  void *k = NULL, *v = NULL;
  st = radix_pass (p, p->key64_1, p->end1, NULL, t1, &k, NULL, &v, NULL, 0);
  if (st == GM_OK && p->two_pass)
    st = radix_pass (p, p->key64_2, p->end2, NULL, t2, &k, NULL, &v, NULL, 0);
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
#define KEYS(K, V) \
  make_keys<K, V><<<grid, kThreads, 0, stream>>> (d_x, es, cls, descend, (V) p->n, (V) p->pre, \
                                                  (V) p->len, p->kbits, with_segment, \
                                                  (K *) b, (V *) (b + p->off_v0))
  if (p->val64)
    KEYS (uint64_t, uint64_t);
  else if (p->key64_1)
    KEYS (uint64_t, uint32_t);
  else
    KEYS (uint32_t, uint32_t);
#undef KEYS
  gm_status st = launched ("sort: make_keys");
  void *const kbuf[2] = {b, b + p->off_k1}, *const vbuf[2] = {b + p->off_v0, b + p->off_v1};
  void *keys = kbuf[0];
  *vals = vbuf[0];
  size_t temp_bytes = p->temp_bytes;
  if (st == GM_OK)
    st = radix_pass (p, p->key64_1, p->end1, b + p->off_temp, temp_bytes, &keys, kbuf[1], vals,
                     vbuf[1], stream);
  if (st != GM_OK || !p->two_pass)
    return st;
  /* second pass: the segments, into the key buffer the first pass left spare */
  keys = keys == kbuf[0] ? kbuf[1] : kbuf[0];
#define SEGS(K, V) \
  segment_keys<K, V><<<grid, kThreads, 0, stream>>> ((const V *) *vals, (V) p->n, (V) p->pre, \
                                                     (V) p->len, (K *) keys)
  if (p->val64)
    SEGS (uint64_t, uint64_t);
  else if (p->key64_2)
    SEGS (uint64_t, uint32_t);
  else
    SEGS (uint32_t, uint32_t);
#undef SEGS
  st = launched ("sort: segment_keys");
  temp_bytes = p->temp_bytes;
  if (st == GM_OK)
    st = radix_pass (p, p->key64_2, p->end2, b + p->off_temp, temp_bytes, &keys,
                     keys == kbuf[0] ? kbuf[1] : kbuf[0], vals, *vals == vbuf[0] ? vbuf[1] : vbuf[0],
                     stream);
  return st;
}

template <typename T>
gm_status pick (const plan *p, const void *d_x, const void *vals, int logical, void *d_out,
                cudaStream_t stream)
{
  const unsigned grid = grid_for (p->nseg);
  if (p->val64)
    median_pick<T, uint64_t><<<grid, kThreads, 0, stream>>> (
      (const T *) d_x, (const uint64_t *) vals, (uint64_t) p->nseg, (uint64_t) p->len, logical,
      (T *) d_out);
  else
    median_pick<T, uint32_t><<<grid, kThreads, 0, stream>>> (
      (const T *) d_x, (const uint32_t *) vals, (uint32_t) p->nseg, (uint32_t) p->len, logical,
      (T *) d_out);
  return launched ("median: median_pick");
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
                                const void *d_x, void *d_out, void *d_workspace,
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
  switch (cls) {
  case GM_DOUBLE: return pick<double> (&p, d_x, vals, 0, d_out, stream);
  case GM_SINGLE: return pick<float> (&p, d_x, vals, 0, d_out, stream);
  case GM_INT8: return pick<int8_t> (&p, d_x, vals, 0, d_out, stream);
  case GM_UINT8: return pick<uint8_t> (&p, d_x, vals, logical, d_out, stream);
  case GM_INT16: return pick<int16_t> (&p, d_x, vals, 0, d_out, stream);
  case GM_UINT16: return pick<uint16_t> (&p, d_x, vals, 0, d_out, stream);
  case GM_INT32: return pick<int32_t> (&p, d_x, vals, 0, d_out, stream);
  case GM_UINT32: return pick<uint32_t> (&p, d_x, vals, 0, d_out, stream);
  case GM_INT64: return pick<int64_t> (&p, d_x, vals, 0, d_out, stream);
  case GM_UINT64: return pick<uint64_t> (&p, d_x, vals, 0, d_out, stream);
  default: return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_median: unsupported class");
  }
}
