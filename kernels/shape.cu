/* shape.cu: the array functions that only move elements, on the device: permute, flip,
 * circshift, repmat, a block copied into a larger array (concatenation along any dimension),
 * the diagonal (extracted, or built into a zero matrix) and the triangles (tril and triu, in
 * place or packed).  Elements are moved as bits of their size (1, 2, 4, 8 or 16 bytes: logical
 * and int8, int16, single and int32, double and int64 and complex single, complex double), never
 * interpreted, so every class takes the same kernels and nothing is computed: a triangle's
 * other half is written as zero bits, not multiplied by a mask (NaN * 0 would be NaN).
 *
 * Two kernels, instantiated by element size and index width (20 instantiations in all):
 *  shape_copy  element (i0, ..., in-1) of an n-dimensional loop reads the source at
 *              sum_d p_d * src_stride[d], where p_d = start[d] + i_d, less wrap[d] once it
 *              reaches wrap[d] (circshift), and writes the destination at sum_d i_d *
 *              dst_stride[d].  A source stride may be negative (flip: the base is the last
 *              element) or 0 (repmat's copies: each array dimension d of the result is two loop
 *              dimensions, the source's n_d positions and r_d copies of them with stride 0).
 *              Permute, cat and the diagonals are plain strides.
 *  triangle    one thread an element of a rows x cols matrix: tril / triu keep or zero it, or
 *              ("pack") write the kept ones column after column at offsets in closed form.
 * Before a launch the plan is simplified on the host (as kernels/index.cu's): dimensions of one
 * position are folded into the base pointers, and neighbours whose strides chain on both sides
 * are merged, so that the usual cases are one or two loop dimensions; what is left as one
 * contiguous run on both sides is one cudaMemcpyAsync (a repmat or cat of whole arrays along the
 * last dimension), two dimensions with contiguous columns one cudaMemcpy2DAsync (cat along any
 * dimension, flip along the last one), and a transpose (permute (A, [2 1]), and [2 1 3] of up
 * to 64 pages) transpose.cu's tiled kernel.  Loop positions are split in 32-bit arithmetic below 2^31
 * elements (a 32-bit division is ~20 instructions, a 64-bit one ~70), 64-bit above; offsets are
 * 64-bit throughout.  Not yet measured on a GPU (bench/bench_shape.cu measures each path against
 * a device copy, and the 32-bit split against the 64-bit one): each element costs one read and
 * one write plus one division per loop dimension beyond the first.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <stdint.h>
#include <string.h>
#include "gpumat.h"

namespace {

constexpr int kThreads = 256;
/* 65536 blocks of 256 threads (16.8 M threads) cover every array up to that size with one
 * element a thread; larger arrays loop (grid-stride). */
constexpr int64_t kMaxBlocks = 65536;
/* cudaMemcpy2D refuses pitches above the device's maximum (2^31 - 1 bytes on sm_90): beyond
 * 2^30 bytes the kernel runs instead (as kernels/index.cu). */
constexpr int64_t kMaxPitch = (int64_t) 1 << 30;
/* Pages of a batched transpose done as one tiled transpose each (a launch a page); more pages
 * take the copy kernel in one launch. */
constexpr int64_t kMaxTransposePages = 64;

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }

/* 16-byte elements (complex double) as one aligned pair: one 128-bit access each. */
struct alignas (16) bits128 { unsigned long long lo, hi; };

/* The plan a launch takes by value: 2.6 KB of kernel parameters (under the 4 KB limit).  A
 * dimension without wrap has wrap INT64_MAX, so that the kernel's test never fires for it. */
struct copy_plan {
  int nd;
  int64_t count[GM_SHAPE_MAX_DIMS];
  int64_t src_stride[GM_SHAPE_MAX_DIMS], dst_stride[GM_SHAPE_MAX_DIMS];
  int64_t start[GM_SHAPE_MAX_DIMS], wrap[GM_SHAPE_MAX_DIMS];
};

/* Launch contract: blockDim.x == kThreads, any grid (grid-stride over `total` elements, every
 * count > 0).  src and dst are the base pointers (the host folded the offsets into them); IDX
 * is uint32_t only when total < 2^31, so that i + step stays below 2^32. */
template <typename T, typename IDX>
__global__ void __launch_bounds__ (kThreads)
shape_copy_kernel (const copy_plan plan, int64_t total, const T *__restrict__ src,
                   T *__restrict__ dst)
{
  const int nd = plan.nd;
  const int64_t step = (int64_t) gridDim.x * kThreads;
  for (int64_t i = blockIdx.x * (int64_t) kThreads + threadIdx.x; i < total; i += step) {
    IDX rest = (IDX) i;
    int64_t s = 0, d = 0;
    for (int k = 0; k < nd; k++) {
      int64_t ik;
      if (k == nd - 1) {
        ik = (int64_t) rest;        /* the last dimension takes what is left: no division */
      } else {
        const IDX c = (IDX) plan.count[k];
        ik = (int64_t) (rest % c);
        rest /= c;
      }
      int64_t p = plan.start[k] + ik;     /* start < wrap and count <= wrap: one subtraction */
      if (p >= plan.wrap[k])
        p -= plan.wrap[k];
      s += p * plan.src_stride[k];
      d += ik * plan.dst_stride[k];
    }
    dst[d] = src[s];
  }
}

/* sum over t in [a, a + j) of clamp (t, 0, R), without overflow for any matrix whose element
 * count fits int64 (j <= columns, R = rows, a within [-columns, R + 1]: every product below is
 * at most rows * columns). */
__host__ __device__ inline int64_t clamped_sum (int64_t a, int64_t j, int64_t R)
{
  const int64_t lo = a > 0 ? a : 0, hi = a + j > 0 ? a + j : 0;
  int64_t sum = 0;
  const int64_t top = hi < R ? hi : R;
  if (top > lo) {                           /* t in [lo, top): lo, lo + 1, ..., top - 1 */
    const int64_t m = top - lo;
    sum += m * lo + (m % 2 == 0 ? (m / 2) * (m - 1) : m * ((m - 1) / 2));
  }
  const int64_t from = lo > R ? lo : R;
  if (hi > from)                            /* t in [from, hi): R each */
    sum += (hi - from) * R;
  return sum;
}

/* Where column j's kept elements start in the packed triangle: tril keeps rows
 * [clamp (j - k, 0, R), R) of column j, triu rows [0, clamp (j + 1 - k, 0, R)). */
__host__ __device__ inline int64_t triangle_start (int64_t j, int64_t R, int64_t k, bool lower)
{
  return lower ? j * R - clamped_sum (-k, j, R) : clamped_sum (1 - k, j, R);
}

/* Launch contract as shape_copy_kernel's, over the rows x cols source (total = rows * cols).
 * Element (i, j) is kept by tril when j - i <= k, by triu when j - i >= k. */
template <typename T, typename IDX>
__global__ void __launch_bounds__ (kThreads)
triangle_kernel (int64_t rows, int64_t k, bool lower, bool pack, int64_t total,
                 const T *__restrict__ src, T *__restrict__ dst)
{
  const int64_t step = (int64_t) gridDim.x * kThreads;
  for (int64_t e = blockIdx.x * (int64_t) kThreads + threadIdx.x; e < total; e += step) {
    const IDX r = (IDX) rows;
    const int64_t i = (int64_t) ((IDX) e % r), j = (int64_t) ((IDX) e / r);
    const bool keep = lower ? j - i <= k : j - i >= k;
    if (!pack) {
      dst[e] = keep ? src[e] : T {};      /* zero bits: 0 in every class */
    } else if (keep) {
      const int64_t first = lower ? (j - k > 0 ? j - k : 0) : 0;   /* j - k < rows here */
      dst[triangle_start (j, rows, k, lower) + i - first] = src[e];
    }
  }
}

int64_t blocks_for (int64_t total)
{
  const int64_t b = ceil_div (total, kThreads);
  return b < kMaxBlocks ? b : kMaxBlocks;
}

template <typename T>
cudaError_t launch_copy (const copy_plan &plan, int64_t total, const void *src, void *dst,
                         cudaStream_t stream)
{
  const unsigned blocks = (unsigned) blocks_for (total);
  if (total < ((int64_t) 1 << 31))
    shape_copy_kernel<T, uint32_t><<<blocks, kThreads, 0, stream>>> (
        plan, total, (const T *) src, (T *) dst);
  else
    shape_copy_kernel<T, uint64_t><<<blocks, kThreads, 0, stream>>> (
        plan, total, (const T *) src, (T *) dst);
  return cudaGetLastError ();
}

template <typename T>
cudaError_t launch_triangle (int64_t rows, int64_t k, bool lower, bool pack, int64_t total,
                             const void *src, void *dst, cudaStream_t stream)
{
  const unsigned blocks = (unsigned) blocks_for (total);
  if (total < ((int64_t) 1 << 31))
    triangle_kernel<T, uint32_t><<<blocks, kThreads, 0, stream>>> (
        rows, k, lower, pack, total, (const T *) src, (T *) dst);
  else
    triangle_kernel<T, uint64_t><<<blocks, kThreads, 0, stream>>> (
        rows, k, lower, pack, total, (const T *) src, (T *) dst);
  return cudaGetLastError ();
}

/* The kernels by element size: one table row a size. */
struct size_row {
  size_t bytes;
  cudaError_t (*copy) (const copy_plan &, int64_t, const void *, void *, cudaStream_t);
  cudaError_t (*triangle) (int64_t, int64_t, bool, bool, int64_t, const void *, void *,
                           cudaStream_t);
};
const size_row size_table[] = {
  {1, launch_copy<unsigned char>, launch_triangle<unsigned char>},
  {2, launch_copy<unsigned short>, launch_triangle<unsigned short>},
  {4, launch_copy<unsigned int>, launch_triangle<unsigned int>},
  {8, launch_copy<unsigned long long>, launch_triangle<unsigned long long>},
  {16, launch_copy<bits128>, launch_triangle<bits128>},
};

const size_row *row_of (gm_class cls)
{
  if (!gm_class_valid (cls))
    return NULL;
  for (const size_row &r : size_table)
    if (r.bytes == gm_class_size (cls))
      return &r;
  return NULL;
}

/* Checks a public plan, folds what needs no loop into the base offsets and merges chained
 * dimensions; *total gets the element count (0: nothing to move). */
gm_status simplify (const gm_shape_plan *in, copy_plan *p, int64_t *src_base, int64_t *dst_base,
                    int64_t *total)
{
  if (!in || in->ndims < 1 || in->ndims > GM_SHAPE_MAX_DIMS)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_shape_copy: 1 to %d loop dimensions are taken",
                    GM_SHAPE_MAX_DIMS);
  *total = 1;
  for (int k = 0; k < in->ndims; k++) {
    const int64_t c = in->count[k], w = in->wrap[k], s = in->start[k];
    if (c < 0 || w < 0 || (w > 0 && (s < 0 || s >= w || c > w)))
      return gm_fail (GM_ERR_INVALID_ARGUMENT,
                      "gm_shape_copy: dimension %d: count %lld, start %lld, wrap %lld", k + 1,
                      (long long) c, (long long) s, (long long) w);
    if (c == 0)
      *total = 0;
  }
  if (*total == 0)
    return GM_OK;
  for (int k = 0; k < in->ndims; k++) {
    if (in->count[k] > INT64_MAX / *total)
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "gm_shape_copy: more than 2^63 elements");
    *total *= in->count[k];
  }
  *src_base = in->src_offset;
  *dst_base = in->dst_offset;
  int out = 0;
  for (int k = 0; k < in->ndims; k++) {
    const int64_t c = in->count[k];
    int64_t start = in->start[k], wrap = in->wrap[k];
    if (wrap > 0 && start == 0)
      wrap = 0;                              /* positions 0 .. c - 1 < wrap: no wrap occurs */
    if (wrap == 0 || c == 1) {               /* a plain range (or one position): into the base */
      *src_base += start * in->src_stride[k];
      start = 0;
      wrap = 0;
    }
    if (c == 1)
      continue;
    if (out > 0 && wrap == 0 && p->wrap[out - 1] == INT64_MAX) {
      const int j = out - 1;
      if (in->src_stride[k] == p->src_stride[j] * p->count[j]
          && in->dst_stride[k] == p->dst_stride[j] * p->count[j]) {
        p->count[j] *= c;
        continue;
      }
    }
    p->count[out] = c;
    p->src_stride[out] = in->src_stride[k];
    p->dst_stride[out] = in->dst_stride[k];
    p->start[out] = start;
    p->wrap[out] = wrap > 0 ? wrap : INT64_MAX;
    out++;
  }
  if (out == 0) {               /* one element: a loop of one */
    p->count[0] = 1;
    p->src_stride[0] = p->dst_stride[0] = 0;
    p->start[0] = 0;
    p->wrap[0] = INT64_MAX;
    out = 1;
  }
  p->nd = out;
  return GM_OK;
}

gm_status run_copy (gm_class cls, const gm_shape_plan *in, const void *d_src, void *d_dst,
                    cudaStream_t stream, const char *who)
{
  const size_row *row = row_of (cls);
  if (!row)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: invalid class %d", who, (int) cls);
  copy_plan p;
  int64_t src_base = 0, dst_base = 0, total;
  gm_status st = simplify (in, &p, &src_base, &dst_base, &total);
  if (st != GM_OK || total == 0)
    return st;
  if (!d_src || !d_dst)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: a NULL device pointer for %lld elements", who,
                    (long long) total);
  const int64_t es = (int64_t) row->bytes;
  const char *src = (const char *) d_src + src_base * es;
  char *dst = (char *) d_dst + dst_base * es;
  const bool plain = p.wrap[0] == INT64_MAX && (p.nd == 1 || p.wrap[1] == INT64_MAX);
  cudaError_t err;
  if (plain && p.nd == 1 && (p.count[0] == 1 || (p.src_stride[0] == 1 && p.dst_stride[0] == 1))) {
    err = cudaMemcpyAsync (dst, src, (size_t) (total * es), cudaMemcpyDeviceToDevice, stream);
    return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "shape: cudaMemcpyAsync");
  }
  if (plain && p.nd == 2 && p.src_stride[0] == 1 && p.dst_stride[0] == 1
      && p.src_stride[1] >= p.count[0] && p.dst_stride[1] >= p.count[0]
      && p.src_stride[1] * es <= kMaxPitch && p.dst_stride[1] * es <= kMaxPitch) {
    err = cudaMemcpy2DAsync (dst, (size_t) (p.dst_stride[1] * es), src,
                             (size_t) (p.src_stride[1] * es), (size_t) (p.count[0] * es),
                             (size_t) p.count[1], cudaMemcpyDeviceToDevice, stream);
    return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "shape: cudaMemcpy2DAsync");
  }
  /* A transpose (a permute exchanging the two dimensions of a matrix, or of each of a few
     pages): transpose.cu's tiled kernel, whose reads and writes are both coalesced, where the
     copy kernel would read one element a 32-byte sector along the source's rows. */
  const bool pages = p.nd == 3 && p.wrap[2] == INT64_MAX && p.count[2] <= kMaxTransposePages;
  if (plain && (p.nd == 2 || pages) && p.src_stride[1] == 1 && p.dst_stride[0] == 1
      && p.src_stride[0] >= p.count[1] && p.dst_stride[1] >= p.count[0]) {
    for (int64_t q = 0; q < (p.nd == 3 ? p.count[2] : 1); q++) {
      const int64_t s_off = p.nd == 3 ? q * p.src_stride[2] : 0;
      const int64_t d_off = p.nd == 3 ? q * p.dst_stride[2] : 0;
      gm_status st = gm_transpose (cls, p.count[1], p.count[0], src + s_off * es, p.src_stride[0],
                                   dst + d_off * es, p.dst_stride[1], stream);
      if (st != GM_OK)
        return st;
    }
    return GM_OK;
  }
  err = row->copy (p, total, src, dst, stream);
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "shape: shape_copy launch");
}

/* Column-major strides of an array (nd dims), and its element count; GM_ERR_SIZE_OVERFLOW past
 * 2^63 elements. */
gm_status packed_strides (int nd, const int64_t *dims, int64_t *stride, int64_t *numel,
                          const char *who)
{
  if (nd < 1 || nd > GM_SHAPE_MAX_ARRAY_DIMS || !dims)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: 1 to %d dimensions are taken", who,
                    GM_SHAPE_MAX_ARRAY_DIMS);
  int64_t s = 1, n = 1;
  bool empty = false;
  for (int d = 0; d < nd; d++) {
    if (dims[d] < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative dimension", who);
    if (stride)
      stride[d] = s;
    if (dims[d] == 0)
      empty = true;
    else if (s > INT64_MAX / dims[d])
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: more than 2^63 elements", who);
    else
      s *= dims[d];      /* an empty dimension counts as 1 here: strides stay meaningful */
  }
  n = empty ? 0 : s;
  *numel = n;
  return GM_OK;
}

/* A plan over an array of `dims` read as it is and written packed: the starting point of the
 * functions below, which then change one dimension's map. */
void identity_plan (int nd, const int64_t *dims, const int64_t *stride, gm_shape_plan *p)
{
  memset (p, 0, sizeof *p);
  p->ndims = nd;
  for (int d = 0; d < nd; d++) {
    p->count[d] = dims[d];
    p->src_stride[d] = p->dst_stride[d] = stride[d];
  }
}

}  // namespace

extern "C" gm_status gm_shape_copy (gm_class cls, const gm_shape_plan *plan, const void *d_src,
                                    void *d_dst, cudaStream_t stream)
{
  return run_copy (cls, plan, d_src, d_dst, stream, "gm_shape_copy");
}

extern "C" gm_status gm_permute (gm_class cls, int nd, const int64_t *dims, const int *perm,
                                 const void *d_src, void *d_dst, cudaStream_t stream)
{
  const char *who = "gm_permute";
  int64_t stride[GM_SHAPE_MAX_ARRAY_DIMS], numel;
  gm_status st = packed_strides (nd, dims, stride, &numel, who);
  if (st != GM_OK)
    return st;
  bool seen[GM_SHAPE_MAX_ARRAY_DIMS] = {false};
  for (int k = 0; k < nd; k++) {
    if (!perm || perm[k] < 0 || perm[k] >= nd || seen[perm[k]])
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: not a permutation of 0 .. %d", who, nd - 1);
    seen[perm[k]] = true;
  }
  /* result dimension k is source dimension perm[k]: the loop runs over the result, packed */
  gm_shape_plan p;
  memset (&p, 0, sizeof p);
  p.ndims = nd;
  int64_t s = 1;
  for (int k = 0; k < nd; k++) {
    p.count[k] = dims[perm[k]];
    p.src_stride[k] = stride[perm[k]];
    p.dst_stride[k] = s;
    s *= p.count[k] > 0 ? p.count[k] : 1;
  }
  return run_copy (cls, &p, d_src, d_dst, stream, who);
}

extern "C" gm_status gm_flip (gm_class cls, int nd, const int64_t *dims, int dim,
                              const void *d_src, void *d_dst, cudaStream_t stream)
{
  const char *who = "gm_flip";
  int64_t stride[GM_SHAPE_MAX_ARRAY_DIMS], numel;
  gm_status st = packed_strides (nd, dims, stride, &numel, who);
  if (st != GM_OK)
    return st;
  if (dim < 0 || dim >= nd)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: dimension %d of %d", who, dim + 1, nd);
  if (numel == 0)
    return GM_OK;
  gm_shape_plan p;
  identity_plan (nd, dims, stride, &p);
  p.src_offset = (dims[dim] - 1) * stride[dim];     /* the last position, read backwards */
  p.src_stride[dim] = -stride[dim];
  return run_copy (cls, &p, d_src, d_dst, stream, who);
}

extern "C" gm_status gm_circshift (gm_class cls, int nd, const int64_t *dims,
                                   const int64_t *shifts, const void *d_src, void *d_dst,
                                   cudaStream_t stream)
{
  const char *who = "gm_circshift";
  int64_t stride[GM_SHAPE_MAX_ARRAY_DIMS], numel;
  gm_status st = packed_strides (nd, dims, stride, &numel, who);
  if (st != GM_OK)
    return st;
  if (!shifts)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: NULL shifts", who);
  if (numel == 0)
    return GM_OK;
  gm_shape_plan p;
  identity_plan (nd, dims, stride, &p);
  for (int d = 0; d < nd; d++) {
    /* result position i holds source position (i - shift) mod n */
    const int64_t n = dims[d], s = ((shifts[d] % n) + n) % n;
    p.start[d] = s == 0 ? 0 : n - s;
    p.wrap[d] = n;
  }
  return run_copy (cls, &p, d_src, d_dst, stream, who);
}

extern "C" gm_status gm_repmat (gm_class cls, int nd, const int64_t *dims, const int64_t *reps,
                                const void *d_src, void *d_dst, cudaStream_t stream)
{
  const char *who = "gm_repmat";
  int64_t stride[GM_SHAPE_MAX_ARRAY_DIMS], numel, out_dims[GM_SHAPE_MAX_ARRAY_DIMS], out_numel;
  gm_status st = packed_strides (nd, dims, stride, &numel, who);
  if (st != GM_OK)
    return st;
  if (!reps)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: NULL reps", who);
  for (int d = 0; d < nd; d++) {
    if (reps[d] < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative count of copies", who);
    if (reps[d] > 0 && dims[d] > INT64_MAX / reps[d])
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: the result has more than 2^63 elements", who);
    out_dims[d] = dims[d] * reps[d];
  }
  st = packed_strides (nd, out_dims, NULL, &out_numel, who);
  if (st != GM_OK || out_numel == 0)
    return st;
  /* result dimension d, position q * n_d + i (i < n_d, q < r_d), is source position i: two
     loop dimensions, the second with source stride 0 */
  gm_shape_plan p;
  memset (&p, 0, sizeof p);
  p.ndims = 2 * nd;
  int64_t s = 1;
  for (int d = 0; d < nd; d++) {
    p.count[2 * d] = dims[d];
    p.src_stride[2 * d] = stride[d];
    p.dst_stride[2 * d] = s;
    p.count[2 * d + 1] = reps[d];
    p.src_stride[2 * d + 1] = 0;
    p.dst_stride[2 * d + 1] = s * dims[d];
    s *= out_dims[d];
  }
  return run_copy (cls, &p, d_src, d_dst, stream, who);
}

extern "C" gm_status gm_copy_block (gm_class cls, int nd, const int64_t *dims, const void *d_src,
                                    const int64_t *dst_dims, const int64_t *origin, void *d_dst,
                                    cudaStream_t stream)
{
  const char *who = "gm_copy_block";
  int64_t src_stride[GM_SHAPE_MAX_ARRAY_DIMS], dst_stride[GM_SHAPE_MAX_ARRAY_DIMS], numel,
          dst_numel;
  gm_status st = packed_strides (nd, dims, src_stride, &numel, who);
  if (st == GM_OK)
    st = packed_strides (nd, dst_dims, dst_stride, &dst_numel, who);
  if (st != GM_OK)
    return st;
  if (!origin)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: NULL origin", who);
  for (int d = 0; d < nd; d++)
    if (origin[d] < 0 || dims[d] > dst_dims[d] - origin[d])
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: the block does not fit along dimension %d",
                      who, d + 1);
  if (numel == 0)
    return GM_OK;
  gm_shape_plan p;
  identity_plan (nd, dims, src_stride, &p);
  for (int d = 0; d < nd; d++) {
    p.dst_stride[d] = dst_stride[d];
    p.dst_offset += origin[d] * dst_stride[d];
  }
  return run_copy (cls, &p, d_src, d_dst, stream, who);
}

extern "C" int64_t gm_diag_length (int64_t rows, int64_t cols, int64_t k)
{
  if (rows < 0 || cols < 0)
    return 0;
  /* the diagonal starts at (max (0, -k), max (0, k)) */
  const int64_t r = k < 0 ? (k < -rows ? 0 : rows + k) : rows;
  const int64_t c = k > 0 ? (k > cols ? 0 : cols - k) : cols;
  return r < c ? r : c;
}

extern "C" gm_status gm_diag_extract (gm_class cls, int64_t rows, int64_t cols, int64_t k,
                                      const void *d_src, void *d_dst, cudaStream_t stream)
{
  if (rows < 0 || cols < 0)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "gm_diag_extract: negative size");
  const int64_t n = gm_diag_length (rows, cols, k);
  if (n == 0)
    return GM_OK;
  gm_shape_plan p;
  memset (&p, 0, sizeof p);
  p.ndims = 1;
  p.count[0] = n;
  p.src_stride[0] = rows + 1;
  p.dst_stride[0] = 1;
  p.src_offset = k < 0 ? -k : k * rows;
  return run_copy (cls, &p, d_src, d_dst, stream, "gm_diag_extract");
}

extern "C" gm_status gm_diag_build (gm_class cls, int64_t count, int64_t rows, int64_t cols,
                                    int64_t k, const void *d_src, void *d_dst,
                                    cudaStream_t stream)
{
  const char *who = "gm_diag_build";
  const int64_t dims[2] = {rows, cols};
  int64_t numel;
  gm_status st = packed_strides (2, dims, NULL, &numel, who);
  if (st != GM_OK)
    return st;
  if (count < 0 || count > gm_diag_length (rows, cols, k))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: %lld elements do not fit diagonal %lld of a "
                    "%lld x %lld matrix", who, (long long) count, (long long) k,
                    (long long) rows, (long long) cols);
  if (numel == 0)
    return GM_OK;
  const size_row *row = row_of (cls);
  if (!row)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: invalid class %d", who, (int) cls);
  if (!d_dst)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: a NULL device pointer", who);
  if (numel > INT64_MAX / (int64_t) row->bytes)
    return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: more than 2^63 bytes", who);
  cudaError_t err = cudaMemsetAsync (d_dst, 0, (size_t) numel * row->bytes, stream);
  if (err != cudaSuccess)
    return gm_cuda_status (err, "gm_diag_build: cudaMemsetAsync");
  if (count == 0)
    return GM_OK;
  gm_shape_plan p;
  memset (&p, 0, sizeof p);
  p.ndims = 1;
  p.count[0] = count;
  p.src_stride[0] = 1;
  p.dst_stride[0] = rows + 1;
  p.dst_offset = k < 0 ? -k : k * rows;
  return run_copy (cls, &p, d_src, d_dst, stream, who);
}

extern "C" int64_t gm_triangle_count (int64_t rows, int64_t cols, int64_t k, int lower)
{
  if (rows <= 0 || cols <= 0)
    return 0;
  if (k < -rows)          /* as tril.cc: k is clamped to [-rows, cols] */
    k = -rows;
  else if (k > cols)
    k = cols;
  return triangle_start (cols, rows, k, lower != 0);
}

extern "C" gm_status gm_triangle (gm_class cls, int64_t rows, int64_t cols, int64_t k, int lower,
                                  int pack, const void *d_src, void *d_dst, cudaStream_t stream)
{
  const char *who = "gm_triangle";
  const int64_t dims[2] = {rows, cols};
  int64_t numel;
  gm_status st = packed_strides (2, dims, NULL, &numel, who);
  if (st != GM_OK)
    return st;
  const size_row *row = row_of (cls);
  if (!row)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: invalid class %d", who, (int) cls);
  if (numel == 0 || (pack && gm_triangle_count (rows, cols, k, lower) == 0))
    return GM_OK;
  if (!d_src || !d_dst)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: a NULL device pointer", who);
  if (k < -rows)
    k = -rows;
  else if (k > cols)
    k = cols;
  cudaError_t err = row->triangle (rows, k, lower != 0, pack != 0, numel, d_src, d_dst, stream);
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "gm_triangle: launch");
}
