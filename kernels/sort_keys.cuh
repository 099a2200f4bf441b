/* sort_keys.cuh: Octave's sort order as the order of unsigned integers (kernels/sort.cu; the host
 * reference of tests/test_sort.cu includes it too, so both sides use the same function).
 *
 * gm_sort_key (bits, cls, descend) maps the bits of one element (zero-extended) to a key of
 * gm_sort_key_bits (cls) bits such that a STABLE ascending sort of the keys is Octave 7.3's
 * sort (liboctave Array<T>::sort: NaNs partitioned out and kept in their original order, the
 * rest sorted stably by x < y, or x > y for "descend", the NaNs appended, or put first for
 * "descend"):
 *   unsigned classes (and logical, bytes 0 or 1): the bits themselves;
 *   signed: the bits with the sign bit flipped (two's complement order becomes unsigned order);
 *   single, double: -0 taken as +0 (they compare equal, so stability keeps their order), then
 *     negative values all bits flipped, others the sign bit set; NaN (any payload, either sign)
 *     the largest key, all ones, which no other value reaches (+Inf is 0xFFF0... in double);
 *   "descend": every key complemented, NaN 0: equal values keep their original order, as
 *     Octave's stable sort with x > y keeps them, and NaNs come first in their original order.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_SORT_KEYS_CUH
#define GPUMAT_SORT_KEYS_CUH

#include <stdint.h>
#include "gpumat.h"

#if defined (__CUDACC__)
#define GM_SORT_HD __host__ __device__ __forceinline__
#else
#define GM_SORT_HD static inline
#endif

/* Bits of one key: the element's own width (logical too: its bytes are 0 or 1, and a key of 8
   bits costs no more radix passes than one of 1). */
GM_SORT_HD int gm_sort_key_bits (gm_class cls)
{
  switch (cls) {
  case GM_INT8: case GM_UINT8: return 8;
  case GM_INT16: case GM_UINT16: return 16;
  case GM_SINGLE: case GM_INT32: case GM_UINT32: return 32;
  default: return 64;             /* double, int64, uint64 */
  }
}

GM_SORT_HD uint64_t gm_sort_key (uint64_t bits, gm_class cls, int descend)
{
  const int nb = gm_sort_key_bits (cls);
  const uint64_t mask = nb == 64 ? ~0ull : (1ull << nb) - 1;
  const uint64_t sign = 1ull << (nb - 1);
  uint64_t k = bits & mask;
  if (cls == GM_DOUBLE || cls == GM_SINGLE) {
    const uint64_t inf = cls == GM_DOUBLE ? 0x7ff0000000000000ull : 0x7f800000ull;
    const uint64_t mag = k & (sign - 1);
    if (mag > inf)                                  /* NaN */
      return descend ? 0 : mask;
    if (mag == 0)                                   /* -0 sorts as +0 */
      k = 0;
    k = (k & sign) ? (~k & mask) : (k | sign);
  } else if (cls == GM_INT8 || cls == GM_INT16 || cls == GM_INT32 || cls == GM_INT64) {
    k ^= sign;
  }
  return descend ? (~k & mask) : k;
}

#endif
