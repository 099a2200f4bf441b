/* find.cu: the nonzero elements of a device array, for Octave's nnz and find: their count, their
 * positions in increasing order (cub::DeviceSelect::Flagged over the positions 0 .. count-1 with
 * one flag byte an element), find's outputs from those positions, and find's output shapes.
 *
 * Nonzero as Octave's `x != 0`, on the bits: an integer element unless all its bits are 0; a
 * double or single one unless all bits but the sign are 0 (-0 is zero, NaN is not); a complex
 * one unless both parts are zero.  Every class, complex included, one kernel each step (the
 * element's size and the mask of its sign bits are arguments), and one CUB instantiation: the
 * file compiles in 4.5 s with the brief's command on the 2-core build machine (~3.6 of them
 * CUB's headers), apart from sort.cu so that neither passes ~6 s.
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
#include <cub/device/device_select.cuh>
#include <iterator>
#include <stdint.h>
#include "gpumat.h"

namespace {

constexpr int kThreads = 256;
constexpr int64_t kMaxBlocks = 65536;     /* grid-stride beyond 16.8 M elements */
constexpr size_t kAlign = 256;

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }
inline unsigned grid_for (int64_t n)
{
  const int64_t b = ceil_div (n, kThreads);
  return (unsigned) (b < 1 ? 1 : b > kMaxBlocks ? kMaxBlocks : b);
}
inline size_t align_up (size_t x) { return (x + kAlign - 1) & ~(kAlign - 1); }
gm_status launched (const char *what) { return gm_cuda_status (cudaGetLastError (), what); }

/* The bits that make an element nonzero, per 8-byte word (complex double: both words). */
uint64_t nonzero_mask (gm_class cls)
{
  switch (cls) {
  case GM_DOUBLE: case GM_COMPLEX_DOUBLE: return 0x7fffffffffffffffull;
  case GM_SINGLE: return 0x7fffffffull;
  case GM_COMPLEX_SINGLE: return 0x7fffffff7fffffffull;
  default: return ~0ull;
  }
}

__device__ __forceinline__ bool nonzero (const void *x, int es, uint64_t mask, int64_t i)
{
  switch (es) {
  case 1: return ((const uint8_t *) x)[i] != 0;
  case 2: return ((const uint16_t *) x)[i] != 0;
  case 4: return (((const uint32_t *) x)[i] & (uint32_t) mask) != 0;
  case 8: return (((const uint64_t *) x)[i] & mask) != 0;
  default: {
    const ulonglong2 w = ((const ulonglong2 *) x)[i];
    return ((w.x | w.y) & mask) != 0;
  }
  }
}

__global__ void __launch_bounds__ (kThreads)
nonzero_flags (const void *__restrict__ x, int es, uint64_t mask, int64_t n,
               uint8_t *__restrict__ flags)
{
  for (int64_t i = (int64_t) blockIdx.x * kThreads + threadIdx.x; i < n;
       i += (int64_t) gridDim.x * kThreads)
    flags[i] = nonzero (x, es, mask, i);
}

/* each thread counts its elements, each warp adds its 32 counts, lane 0 adds them to *total */
__global__ void __launch_bounds__ (kThreads)
count_nonzero (const void *__restrict__ x, int es, uint64_t mask, int64_t n,
               unsigned long long *total)
{
  unsigned long long c = 0;
  for (int64_t i = (int64_t) blockIdx.x * kThreads + threadIdx.x; i < n;
       i += (int64_t) gridDim.x * kThreads)
    c += nonzero (x, es, mask, i);
  for (int off = 16; off > 0; off >>= 1)
    c += __shfl_down_sync (0xffffffffu, c, off);
  if ((threadIdx.x & 31) == 0 && c)
    atomicAdd (total, c);
}

__device__ __forceinline__ void copy_elem (void *out, int64_t o, const void *x, int64_t e, int es)
{
  switch (es) {
  case 1: ((uint8_t *) out)[o] = ((const uint8_t *) x)[e]; break;
  case 2: ((uint16_t *) out)[o] = ((const uint16_t *) x)[e]; break;
  case 4: ((uint32_t *) out)[o] = ((const uint32_t *) x)[e]; break;
  case 8: ((uint64_t *) out)[o] = ((const uint64_t *) x)[e]; break;
  default: ((ulonglong2 *) out)[o] = ((const ulonglong2 *) x)[e]; break;
  }
}

__global__ void __launch_bounds__ (kThreads)
find_outputs (const int64_t *__restrict__ index, int64_t found, int64_t rows,
              const void *__restrict__ x, int es, double *__restrict__ di,
              double *__restrict__ dj, void *__restrict__ v)
{
  for (int64_t t = (int64_t) blockIdx.x * kThreads + threadIdx.x; t < found;
       t += (int64_t) gridDim.x * kThreads) {
    const int64_t e = index[t];
    if (dj) {
      const int64_t col = e / rows;
      di[t] = (double) (e - col * rows + 1);
      dj[t] = (double) (col + 1);
    } else
      di[t] = (double) (e + 1);
    if (v)
      copy_elem (v, t, x, e, es);
  }
}

/* The positions 0, 1, 2, ... as CUB's input sequence (CCCL 3 has no counting iterator of its
   own outside Thrust, whose headers would double this file's compile time). */
struct position_iterator {
  typedef int64_t value_type;
  typedef int64_t difference_type;
  typedef const int64_t *pointer;
  typedef int64_t reference;
  typedef std::random_access_iterator_tag iterator_category;
  int64_t at;
  __host__ __device__ position_iterator (int64_t a = 0) : at (a) { }
  __host__ __device__ int64_t operator* () const { return at; }
  __host__ __device__ int64_t operator[] (int64_t i) const { return at + i; }
  __host__ __device__ position_iterator operator+ (int64_t i) const { return position_iterator (at + i); }
  __host__ __device__ int64_t operator- (const position_iterator &o) const { return at - o.at; }
  __host__ __device__ position_iterator &operator++ () { ++at; return *this; }
  __host__ __device__ position_iterator operator++ (int) { position_iterator t = *this; ++at; return t; }
  __host__ __device__ bool operator== (const position_iterator &o) const { return at == o.at; }
  __host__ __device__ bool operator!= (const position_iterator &o) const { return at != o.at; }
};

/* CUB's temporary storage for count elements (d_temp NULL: the size only). */
gm_status select (void *d_temp, size_t &bytes, const uint8_t *flags, int64_t *out,
                  int64_t *num, int64_t count, cudaStream_t stream)
{
  const cudaError_t err = cub::DeviceSelect::Flagged (d_temp, bytes, position_iterator (0), flags,
                                                      out, num, count, stream);
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "cub::DeviceSelect::Flagged");
}

bool is_nd_vector (int nd, const int64_t *d)
{
  int non_one = 0;
  for (int k = 0; k < nd; k++)
    non_one += d[k] != 1;
  return non_one == 1;
}

} // namespace

extern "C" gm_status gm_count_nonzero (gm_class cls, int64_t count, const void *d_x,
                                       int64_t *h_count, cudaStream_t stream)
{
  if (!gm_class_valid (cls) || count < 0 || !h_count || (count > 0 && !d_x))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_count_nonzero: invalid arguments");
  *h_count = 0;
  if (count == 0)
    return GM_OK;
  unsigned long long *d_total = NULL, total = 0;
  gm_status st = gm_device_alloc ((void **) &d_total, sizeof *d_total);
  if (st != GM_OK)
    return st;
  st = gm_cuda_status (cudaMemsetAsync (d_total, 0, sizeof *d_total, stream), "nnz: memset");
  if (st == GM_OK) {
    count_nonzero<<<grid_for (count), kThreads, 0, stream>>> (
      d_x, (int) gm_class_size (cls), nonzero_mask (cls), count, d_total);
    st = launched ("nnz: count_nonzero");
  }
  if (st == GM_OK)
    st = gm_cuda_status (cudaMemcpyAsync (&total, d_total, sizeof total, cudaMemcpyDeviceToHost,
                                          stream), "nnz: copy");
  if (st == GM_OK)
    st = gm_cuda_status (cudaStreamSynchronize (stream), "nnz: synchronize");
  gm_device_free (d_total);
  if (st == GM_OK)
    *h_count = (int64_t) total;
  return st;
}

extern "C" gm_status gm_find_workspace_size (int64_t count, size_t *bytes)
{
  if (count < 0 || !bytes)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_find_workspace_size: invalid arguments");
  *bytes = 0;
  if (count == 0)
    return GM_OK;
  size_t temp = 0;
  const gm_status st = select (NULL, temp, NULL, NULL, NULL, count, 0);
  if (st == GM_OK)
    *bytes = align_up ((size_t) count) + kAlign + temp;
  return st;
}

extern "C" gm_status gm_find_select (gm_class cls, int64_t count, const void *d_x,
                                     int64_t *d_index, void *d_workspace, size_t workspace_bytes,
                                     cudaStream_t stream)
{
  if (!gm_class_valid (cls) || count < 0 || (count > 0 && (!d_x || !d_index)))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_find_select: invalid arguments");
  if (count == 0)
    return GM_OK;
  size_t need = 0;
  gm_status st = gm_find_workspace_size (count, &need);
  if (st != GM_OK)
    return st;
  if (!d_workspace || workspace_bytes < need)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "find: workspace of %zu bytes, %zu needed",
                    workspace_bytes, need);
  uint8_t *flags = (uint8_t *) d_workspace;
  int64_t *num = (int64_t *) (flags + align_up ((size_t) count));
  void *temp = (char *) num + kAlign;
  size_t temp_bytes = need - align_up ((size_t) count) - kAlign;
  nonzero_flags<<<grid_for (count), kThreads, 0, stream>>> (d_x, (int) gm_class_size (cls),
                                                             nonzero_mask (cls), count, flags);
  st = launched ("find: nonzero_flags");
  if (st == GM_OK)
    st = select (temp, temp_bytes, flags, d_index, num, count, stream);
  return st;
}

extern "C" gm_status gm_find_outputs (gm_class cls, int64_t found, const int64_t *d_index,
                                      int64_t rows, const void *d_x, double *d_i, double *d_j,
                                      void *d_v, cudaStream_t stream)
{
  if (!gm_class_valid (cls) || found < 0 || rows < 0 || (d_j && rows == 0)
      || (found > 0 && (!d_index || !d_i || (d_v && !d_x))))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_find_outputs: invalid arguments");
  if (found == 0)
    return GM_OK;
  find_outputs<<<grid_for (found), kThreads, 0, stream>>> (d_index, found, rows, d_x,
                                                            (int) gm_class_size (cls), d_i, d_j,
                                                            d_v);
  return launched ("find: find_outputs");
}

extern "C" gm_status gm_find_dims (int nd, const int64_t *dims, int64_t found, int mask_form,
                                   int64_t *index_dims, int *v_nd, int64_t *v_dims)
{
  if (nd < 2 || !dims || found < 0 || !index_dims || !v_nd || !v_dims)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_find_dims: invalid arguments");
  int64_t numel = 1, rest = 1;
  for (int k = 0; k < nd; k++) {
    if (dims[k] < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_find_dims: negative size");
    numel *= dims[k];
    if (k > 0)
      rest *= dims[k];
  }
  const int64_t rows = dims[0];
  if (found > numel)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_find_dims: more found than elements");
  const bool vec = is_nd_vector (nd, dims);
  if (mask_form) {
    /* octave_bool's index vector (a 1x1 mask) is found x found; an idx_vector made from a bool
       array has the array's shape with found in its non-1 dimension when it is a vector, else
       found x 1; Ffind keeps a 2-D vector shape and an all-zero one, else makes a column */
    if (numel == 1) {
      index_dims[0] = index_dims[1] = found;
    } else if (vec && nd == 2) {
      index_dims[0] = dims[0] == 1 ? 1 : found;
      index_dims[1] = dims[0] == 1 ? found : 1;
    } else {
      index_dims[0] = found;
      index_dims[1] = 1;
    }
  } else if ((numel == 1 && found == 0) || (rows == 0 && rest == 0)) {
    index_dims[0] = index_dims[1] = 0;
  } else if (rows == 1 && nd == 2) {
    index_dims[0] = 1;
    index_dims[1] = found;
  } else {
    index_dims[0] = found;
    index_dims[1] = 1;
  }
  /* Array<T>::index (idx): vector indexed by a vector (not of length 1) keeps its orientation */
  if (numel != 1 && vec && found != 1 && is_nd_vector (2, index_dims)) {
    *v_nd = nd;
    for (int k = 0; k < nd; k++)
      v_dims[k] = dims[k] != 1 ? found : 1;
  } else {
    *v_nd = 2;
    v_dims[0] = index_dims[0];
    v_dims[1] = index_dims[1];
  }
  return GM_OK;
}
