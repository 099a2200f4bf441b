/* index.cu: indexed reads and writes of device arrays: G(I1, ..., In) (gather), G(I1, ..., In) = V
 * (scatter), and the copy of an array into a larger or smaller one (resize, for growth).
 *
 * One kernel family, index_move: element i of an n-dimensional loop of count[0] x ... x
 * count[n-1] positions (column-major, i = i0 + count[0]*(i1 + count[1]*(...))) reads the
 * source at sum_k p_k*src.stride[k] and writes the destination at sum_k q_k*dst.stride[k],
 * where along subscript k position ik selects p_k = src.index[k][ik] (a device list of 0-based
 * positions) or src.first[k] + ik (a colon or a contiguous range: no list at all), and the same
 * for q_k on the destination side.  A gather is a move whose destination is the packed result;
 * a scatter one whose source is the packed V (or one element, broadcast); a resize one with
 * ranges on both sides.  Elements are moved as bits of their size (1, 2, 4, 8 or 16 bytes:
 * logical and int8, int16, single and int32, double and complex single, complex double), with
 * the imaginary part's sign bit flipped on the way for a conjugate view (G' of complex data).
 *
 * Versions:
 *   v1 (this file, November 2026)  one thread an element, grid-stride loop, 64-bit positions
 *      (arrays past 2^31 elements).  Before any launch the plan is simplified on the host:
 *      subscripts of one position are folded into the base pointers, and neighbouring range
 *      dimensions whose strides chain on both sides are merged (G(:, j1:j2) of an m x n array
 *      becomes one range of m*(j2-j1+1) elements).  What is left as one contiguous range on
 *      both sides is one cudaMemcpyAsync (device to device); two range dimensions with unit
 *      inner strides (G(i1:i2, j1:j2), a 2-D resize) one cudaMemcpy2DAsync; everything else
 *      the kernel, specialised for 1 and 2 loop dimensions, its loop position split in 32-bit
 *      arithmetic below 2^31 elements (the div/mod chain is what the general loop pays per
 *      element and dimension: ~20 instructions a 32-bit division, ~70 a 64-bit one).
 *      Predicted on the H100 (bench/NOTES-elementwise.md, to be measured): G(:, j) and G(:,
 *      j1:j2) at the device copy's rate (cudaMemcpyAsync); a gather of random positions from a
 *      large array is bound by the random reads (32-byte sectors for 8-byte elements: about
 *      25-30% of copy bandwidth).
 *
 * Duplicates: a gather may repeat positions (every destination is distinct).  A scatter whose
 * destination positions repeat would race; the caller removes repeats first (mex/gw_index.c
 * keeps the last occurrence, as Octave's A(I) = V does).  A broadcast scalar writes the same bits
 * to every repeat, so its result does not depend on the order.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <string.h>
#include "gpumat.h"

namespace {

constexpr int kThreads = 256;
/* 65536 blocks of 256 threads (16.8 M threads) cover every array up to that size with one
 * element a thread; larger arrays loop (grid-stride). */
constexpr int64_t kMaxBlocks = 65536;

inline int64_t ceil_div (int64_t a, int64_t b) { return (a + b - 1) / b; }

/* 16-byte elements (complex double) as one aligned pair, so that each is one 128-bit access. */
struct alignas (16) bits128 { unsigned long long lo, hi; };

/* The sign bit of the imaginary part (the upper half, stored second) flipped as an integer, as
 * std::conj does for any value, NaN included (see transpose.cu for why not `-im`). */
template <typename T> __device__ __forceinline__ T conjugated (T x) { return x; }
template <> __device__ __forceinline__ unsigned long long conjugated (unsigned long long x)
{
  return x ^ 0x8000000000000000ull;       /* complex single: im is the upper 32 bits */
}
template <> __device__ __forceinline__ bits128 conjugated (bits128 x)
{
  return {x.lo, x.hi ^ 0x8000000000000000ull};
}

/* The plan a launch takes by value (1.8 KB of kernel parameters, under the 4 KB limit). */
struct move_plan {
  int nd;
  int64_t count[GM_INDEX_MAX_DIMS];
  int64_t src_stride[GM_INDEX_MAX_DIMS], dst_stride[GM_INDEX_MAX_DIMS];
  int64_t src_first[GM_INDEX_MAX_DIMS], dst_first[GM_INDEX_MAX_DIMS];
  const int64_t *src_index[GM_INDEX_MAX_DIMS];
  const int64_t *dst_index[GM_INDEX_MAX_DIMS];
};

/* Launch contract: blockDim.x == kThreads, any grid (grid-stride over `total` elements).  ND is
 * the number of loop dimensions when known at compile time (1 or 2), 0 for plan.nd.  SCALAR:
 * every destination receives src[0].  Neither side's base pointer holds a range's `first`:
 * the host folded those into the pointers, so first is only read for plans it did not fold. */
template <typename T, int ND, bool CONJ, bool SCALAR, typename IDX>
__global__ void __launch_bounds__ (kThreads)
index_move (const move_plan plan, int64_t total, const T *__restrict__ src, T *__restrict__ dst)
{
  const int nd = ND ? ND : plan.nd;
  const int64_t step = (int64_t) gridDim.x * kThreads;
  for (int64_t i = blockIdx.x * (int64_t) kThreads + threadIdx.x; i < total; i += step) {
    /* IDX: the loop position split in 32-bit arithmetic when the loop has fewer than 2^32
       elements (a 32-bit division is ~20 instructions, a 64-bit one ~70); positions and
       offsets stay 64-bit */
    IDX rest = (IDX) i;
    int64_t s = 0, d = 0;
    for (int k = 0; k < (ND ? ND : GM_INDEX_MAX_DIMS); k++) {
      if (!ND && k >= nd)
        break;
      int64_t ik;
      if (k == nd - 1) {
        ik = (int64_t) rest;        /* the last dimension takes what is left: no division */
      } else {
        const IDX c = (IDX) plan.count[k];
        ik = (int64_t) (rest % c);
        rest /= c;
      }
      if (!SCALAR)
        s += (plan.src_index[k] ? plan.src_index[k][ik] : plan.src_first[k] + ik)
             * plan.src_stride[k];
      d += (plan.dst_index[k] ? plan.dst_index[k][ik] : plan.dst_first[k] + ik)
           * plan.dst_stride[k];
    }
    const T v = SCALAR ? src[0] : src[s];
    dst[d] = CONJ ? conjugated (v) : v;
  }
}

template <typename T, int ND, bool CONJ, typename IDX>
cudaError_t launch_idx (const move_plan &plan, int64_t total, const void *src, void *dst,
                        bool scalar, cudaStream_t stream)
{
  const int64_t blocks = ceil_div (total, kThreads) < kMaxBlocks ? ceil_div (total, kThreads)
                                                                   : kMaxBlocks;
  if (scalar)
    index_move<T, ND, CONJ, true, IDX><<<(unsigned) blocks, kThreads, 0, stream>>> (
        plan, total, (const T *) src, (T *) dst);
  else
    index_move<T, ND, CONJ, false, IDX><<<(unsigned) blocks, kThreads, 0, stream>>> (
        plan, total, (const T *) src, (T *) dst);
  return cudaGetLastError ();
}

template <typename T, int ND, bool CONJ>
cudaError_t launch_nd (const move_plan &plan, int64_t total, const void *src, void *dst,
                       bool scalar, cudaStream_t stream)
{
  /* the grid-stride loop's i stays below total + step < 2^32 + 2^24 when total < 2^31 */
  if (total < ((int64_t) 1 << 31))
    return launch_idx<T, ND, CONJ, uint32_t> (plan, total, src, dst, scalar, stream);
  return launch_idx<T, ND, CONJ, uint64_t> (plan, total, src, dst, scalar, stream);
}

template <typename T, bool CONJ>
cudaError_t launch_conj (const move_plan &plan, int64_t total, const void *src, void *dst,
                         bool scalar, cudaStream_t stream)
{
  switch (plan.nd) {
  case 1: return launch_nd<T, 1, CONJ> (plan, total, src, dst, scalar, stream);
  case 2: return launch_nd<T, 2, CONJ> (plan, total, src, dst, scalar, stream);
  default: return launch_nd<T, 0, CONJ> (plan, total, src, dst, scalar, stream);
  }
}

/* Dispatch on the element size; conjugation exists only for complex classes (8 and 16 bytes). */
cudaError_t launch (size_t elem_size, bool conj, const move_plan &plan, int64_t total,
                    const void *src, void *dst, bool scalar, cudaStream_t stream)
{
  switch (elem_size) {
  case 1: return launch_conj<unsigned char, false> (plan, total, src, dst, scalar, stream);
  case 2: return launch_conj<unsigned short, false> (plan, total, src, dst, scalar, stream);
  case 4: return launch_conj<unsigned int, false> (plan, total, src, dst, scalar, stream);
  case 8:
    return conj ? launch_conj<unsigned long long, true> (plan, total, src, dst, scalar, stream)
                : launch_conj<unsigned long long, false> (plan, total, src, dst, scalar, stream);
  case 16:
    return conj ? launch_conj<bits128, true> (plan, total, src, dst, scalar, stream)
                : launch_conj<bits128, false> (plan, total, src, dst, scalar, stream);
  default: return cudaErrorInvalidValue;
  }
}

/* cudaMemcpy2D refuses pitches above the device's maximum (2^31 - 1 bytes on sm_90 here, and
 * smaller on older parts): beyond 2^30 the kernel runs instead. */
constexpr int64_t kMaxPitch = (int64_t) 1 << 30;

/* Folds subscripts of one position into the base offsets, merges chained range dimensions, and
 * returns the simplified plan with the base offsets (in elements) of both sides. */
void simplify (move_plan &p, int64_t *src_base, int64_t *dst_base, bool scalar)
{
  *src_base = *dst_base = 0;
  int out = 0;
  for (int k = 0; k < p.nd; k++) {
    if (p.count[k] == 1 && !p.src_index[k] && !p.dst_index[k]) {
      *src_base += scalar ? 0 : p.src_first[k] * p.src_stride[k];
      *dst_base += p.dst_first[k] * p.dst_stride[k];
      continue;
    }
    /* Fold the range starts into the bases: the kernel then sees first = 0. */
    if (!p.src_index[k]) {
      *src_base += scalar ? 0 : p.src_first[k] * p.src_stride[k];
      p.src_first[k] = 0;
    }
    if (!p.dst_index[k]) {
      *dst_base += p.dst_first[k] * p.dst_stride[k];
      p.dst_first[k] = 0;
    }
    if (out > 0) {
      const int j = out - 1;
      const bool ranges = !p.src_index[j] && !p.dst_index[j] && !p.src_index[k]
                          && !p.dst_index[k];
      if (ranges && p.dst_stride[k] == p.dst_stride[j] * p.count[j]
          && (scalar || p.src_stride[k] == p.src_stride[j] * p.count[j])) {
        p.count[j] *= p.count[k];
        continue;
      }
    }
    p.count[out] = p.count[k];
    p.src_stride[out] = p.src_stride[k];
    p.dst_stride[out] = p.dst_stride[k];
    p.src_first[out] = p.src_first[k];
    p.dst_first[out] = p.dst_first[k];
    p.src_index[out] = p.src_index[k];
    p.dst_index[out] = p.dst_index[k];
    out++;
  }
  if (out == 0) {               /* one element: a loop of one */
    p.count[0] = 1;
    p.src_stride[0] = p.dst_stride[0] = 0;
    p.src_first[0] = p.dst_first[0] = 0;
    p.src_index[0] = p.dst_index[0] = NULL;
    out = 1;
  }
  p.nd = out;
}

gm_status run_move (gm_class cls, bool conjugate, move_plan plan, const void *d_src, void *d_dst,
                    bool scalar, cudaStream_t stream, const char *who)
{
  int64_t total = 1;
  for (int k = 0; k < plan.nd; k++) {
    if (plan.count[k] == 0)
      return GM_OK;                             /* nothing to move: no device call */
    if (plan.count[k] > INT64_MAX / total)
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: the subscripts select more than 2^63 elements",
                      who);
    total *= plan.count[k];
  }
  if (!d_src || !d_dst)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: a NULL device pointer for %lld elements", who,
                    (long long) total);
  const size_t es = gm_class_size (cls);
  const bool conj = conjugate && gm_class_is_complex (cls);
  int64_t src_base, dst_base;
  simplify (plan, &src_base, &dst_base, scalar);
  const char *src = (const char *) d_src + src_base * (int64_t) es;
  char *dst = (char *) d_dst + dst_base * (int64_t) es;
  cudaError_t err;
  const bool ranges = !plan.src_index[0] && !plan.dst_index[0]
                      && (plan.nd == 1 || (!plan.src_index[1] && !plan.dst_index[1]));
  if (!conj && !scalar && ranges && plan.nd == 1
      && (plan.count[0] == 1 || (plan.src_stride[0] == 1 && plan.dst_stride[0] == 1))) {
    /* one contiguous run on both sides: G(:, j), G(:, j1:j2), G(a:b), a copy */
    err = cudaMemcpyAsync (dst, src, (size_t) total * es, cudaMemcpyDeviceToDevice, stream);
    return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "index: cudaMemcpyAsync");
  }
  if (!conj && !scalar && ranges && plan.nd == 2 && plan.src_stride[0] == 1
      && plan.dst_stride[0] == 1 && plan.src_stride[1] >= plan.count[0]
      && plan.dst_stride[1] >= plan.count[0] && plan.src_stride[1] * (int64_t) es <= kMaxPitch
      && plan.dst_stride[1] * (int64_t) es <= kMaxPitch) {
    /* columns of a block: G(i1:i2, j1:j2), a 2-D resize */
    err = cudaMemcpy2DAsync (dst, (size_t) (plan.dst_stride[1] * (int64_t) es), src,
                             (size_t) (plan.src_stride[1] * (int64_t) es),
                             (size_t) (plan.count[0] * (int64_t) es), (size_t) plan.count[1],
                             cudaMemcpyDeviceToDevice, stream);
    return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "index: cudaMemcpy2DAsync");
  }
  err = launch (es, conj, plan, total, src, dst, scalar, stream);
  return err == cudaSuccess ? GM_OK : gm_cuda_status (err, "index: index_move launch");
}

/* Arguments common to gather and scatter: the class, the loop, one side (the other is packed). */
gm_status check_args (const char *who, gm_class cls, int ndims, const int64_t *count,
                      const gm_index_side *side)
{
  if (!gm_class_valid (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: invalid class %d", who, (int) cls);
  if (ndims < 1 || ndims > GM_INDEX_MAX_DIMS)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: %d subscripts (1 to %d are taken)", who, ndims,
                    GM_INDEX_MAX_DIMS);
  if (!count || !side)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: NULL count or side", who);
  for (int k = 0; k < ndims; k++) {
    if (count[k] < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative count %lld for subscript %d", who,
                      (long long) count[k], k + 1);
    if (side->stride[k] < 0 || (!side->index[k] && side->first[k] < 0))
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative stride or first for subscript %d",
                      who, k + 1);
    if (side->index[k] == NULL && count[k] > 0
        && side->first[k] > INT64_MAX - count[k])
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: range of subscript %d overflows", who, k + 1);
  }
  return GM_OK;
}

/* The packed side: element (i0, ..., in-1) at i0 + count[0]*(i1 + ...). */
void packed_side (int ndims, const int64_t *count, int64_t *stride, int64_t *first,
                  const int64_t **index)
{
  int64_t s = 1;
  for (int k = 0; k < ndims; k++) {
    stride[k] = s;
    first[k] = 0;
    index[k] = NULL;
    s *= count[k] > 0 ? count[k] : 1;   /* no overflow: the total was checked (or is 0) */
  }
}

gm_status total_elements (const char *who, int ndims, const int64_t *count, int64_t *total)
{
  *total = 1;
  for (int k = 0; k < ndims; k++) {
    if (count[k] == 0) {
      *total = 0;
      return GM_OK;
    }
  }
  for (int k = 0; k < ndims; k++) {
    if (count[k] > INT64_MAX / *total)
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: the subscripts select more than 2^63 elements",
                      who);
    *total *= count[k];
  }
  return GM_OK;
}

}  // namespace

extern "C" void gm_index_side_colons (gm_index_side *side, int ndims, const int64_t *dims)
{
  memset (side, 0, sizeof *side);
  int64_t s = 1;
  for (int k = 0; k < ndims && k < GM_INDEX_MAX_DIMS; k++) {
    side->stride[k] = s;
    s *= dims[k] > 0 ? dims[k] : 1;
  }
}

/* The plan of a gather (the indexed side is the source) or a scatter (the indexed side is the
   destination); the other side is packed in column-major order. */
static gm_status plan_move (const char *who, gm_class cls, int ndims, const int64_t *count,
                            const gm_index_side *indexed, bool indexed_is_src, move_plan *plan)
{
  gm_status st = check_args (who, cls, ndims, count, indexed);
  int64_t total;
  if (st == GM_OK)
    st = total_elements (who, ndims, count, &total);
  if (st != GM_OK)
    return st;
  plan->nd = ndims;
  int64_t *stride = indexed_is_src ? plan->src_stride : plan->dst_stride;
  int64_t *first = indexed_is_src ? plan->src_first : plan->dst_first;
  const int64_t **index = indexed_is_src ? plan->src_index : plan->dst_index;
  for (int k = 0; k < ndims; k++) {
    plan->count[k] = count[k];
    stride[k] = indexed->stride[k];
    first[k] = indexed->first[k];
    index[k] = indexed->index[k];
  }
  if (indexed_is_src)
    packed_side (ndims, count, plan->dst_stride, plan->dst_first, plan->dst_index);
  else
    packed_side (ndims, count, plan->src_stride, plan->src_first, plan->src_index);
  return GM_OK;
}

extern "C" gm_status gm_index_gather (gm_class cls, int conjugate, int ndims, const int64_t *count,
                                      const gm_index_side *src, const void *d_src, void *d_dst,
                                      cudaStream_t stream)
{
  const char *who = "gm_index_gather";
  move_plan plan;
  gm_status st = plan_move (who, cls, ndims, count, src, true, &plan);
  return st != GM_OK ? st : run_move (cls, conjugate != 0, plan, d_src, d_dst, false, stream, who);
}

extern "C" gm_status gm_index_scatter (gm_class cls, int conjugate, int ndims,
                                       const int64_t *count, const gm_index_side *dst,
                                       void *d_dst, const void *d_src, int broadcast_scalar,
                                       cudaStream_t stream)
{
  const char *who = "gm_index_scatter";
  move_plan plan;
  gm_status st = plan_move (who, cls, ndims, count, dst, false, &plan);
  return st != GM_OK ? st
                     : run_move (cls, conjugate != 0, plan, d_src, d_dst, broadcast_scalar != 0,
                                 stream, who);
}

extern "C" gm_status gm_resize (gm_class cls, int src_ndims, const int64_t *src_dims,
                                const void *d_src, int dst_ndims, const int64_t *dst_dims,
                                void *d_dst, cudaStream_t stream)
{
  const char *who = "gm_resize";
  if (!gm_class_valid (cls))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: invalid class %d", who, (int) cls);
  if (src_ndims < 1 || src_ndims > GM_INDEX_MAX_DIMS || dst_ndims < 1
      || dst_ndims > GM_INDEX_MAX_DIMS || !src_dims || !dst_dims)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: 1 to %d dimensions are taken (%d and %d)", who,
                    GM_INDEX_MAX_DIMS, src_ndims, dst_ndims);
  const int nd = src_ndims > dst_ndims ? src_ndims : dst_ndims;
  int64_t src_total = 1, dst_total = 1, box_total = 1;
  move_plan plan;
  plan.nd = nd;
  for (int k = 0; k < nd; k++) {
    const int64_t a = k < src_ndims ? src_dims[k] : 1, b = k < dst_ndims ? dst_dims[k] : 1;
    if (a < 0 || b < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative dimension", who);
    /* element (i0, i1, ...) of the common box, at the same subscripts in both arrays */
    plan.count[k] = a < b ? a : b;
    plan.src_stride[k] = src_total;
    plan.dst_stride[k] = dst_total;
    plan.src_first[k] = plan.dst_first[k] = 0;
    plan.src_index[k] = plan.dst_index[k] = NULL;
    if ((a && src_total > INT64_MAX / a) || (b && dst_total > INT64_MAX / b))
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: more than 2^63 elements", who);
    src_total *= a > 0 ? a : 1;
    dst_total *= b > 0 ? b : 1;
    box_total *= plan.count[k];
  }
  /* with an empty dimension the products above counted it as 1: recount */
  int64_t dst_numel = 1;
  for (int k = 0; k < dst_ndims; k++)
    dst_numel *= dst_dims[k];
  if (dst_numel == 0)
    return GM_OK;
  if (!d_dst || (box_total > 0 && !d_src))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: a NULL device pointer", who);
  const size_t es = gm_class_size (cls);
  if (box_total < dst_numel) {
    /* zeros where the source has no element (all-zero bits are 0 in every class) */
    cudaError_t err = cudaMemsetAsync (d_dst, 0, (size_t) dst_numel * es, stream);
    if (err != cudaSuccess)
      return gm_cuda_status (err, "gm_resize: cudaMemsetAsync");
  }
  return run_move (cls, false, plan, d_src, d_dst, false, stream, who);
}
