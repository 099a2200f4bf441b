/* descriptor.h: the packed descriptor of a gpumat array, as the value-type shell
 * (mex/gpumat_value.cc) and the C gateway (mex/gateway_util.c) pass it to each other.
 *
 * A 1x1 cell holding one uint64 row:
 *     [GM_DESC_MAGIC, device address, info, dim_1, ..., dim_n]      (n >= 2)
 * info: bits 0-7 the class (an index into gm_desc_class_names), bits 8-9 the view (0; 1 for
 * G.', 2 for G' of complex data: dims are then the view's own size), bit 16 complex data.
 *
 * Why packed (bench/NOTES-value-type.md): measured in Octave 7.3's MEX layer, two operands
 * and one result as 1x1 structs {ptr, dims, cls, op, complex} cost 19 us a call over a bare
 * MEX call; as a cell holding a uint64 row, 1.2 us (a bare uint64 row, 0.9 us, is a valid host
 * operand, so the cell marks it).  Every descriptor is still checked where it is read: a stale
 * or forged one gives gpumat:array:invalidHandle, never a wild pointer.
 *
 * Plain C, no Octave or MEX types: both layers include it.
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_DESCRIPTOR_H
#define GPUMAT_DESCRIPTOR_H

#include <stdint.h>

#define GM_DESC_MAGIC 0x676d617464657363ULL      /* "gmatdesc" */
#define GM_DESC_HEADER 3                         /* magic, address, info */
#define GM_DESC_MAX_DIMS 32
/* 2^53: every size up to here is exact in a double (Octave's size ()) */
#define GM_DESC_MAX_DIM 9007199254740992ULL

enum { GM_DESC_LOGICAL = 10, GM_DESC_CLASS_COUNT = 11 };
static const char *const gm_desc_class_names[GM_DESC_CLASS_COUNT] = {
  "double", "single", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
  "logical"};
/* bytes of one real element of each class */
static const unsigned char gm_desc_class_bytes[GM_DESC_CLASS_COUNT] = {8, 4, 1, 1, 2, 2, 4, 4, 8, 8, 1};

static inline uint64_t gm_desc_info (int class_code, int view, int is_complex)
{
  return (uint64_t) class_code | ((uint64_t) view << 8) | ((uint64_t) (is_complex != 0) << 16);
}
static inline int gm_desc_class (uint64_t info) { return (int) (info & 0xff); }
static inline int gm_desc_view (uint64_t info) { return (int) ((info >> 8) & 0xff); }
static inline int gm_desc_complex (uint64_t info) { return (int) ((info >> 16) & 1); }
/* info with bits no version of the format sets: refused as invalid */
static inline int gm_desc_info_valid (uint64_t info)
{
  return (info & ~(uint64_t) 0x1ffff) == 0 && gm_desc_class (info) < GM_DESC_CLASS_COUNT
         && gm_desc_view (info) <= 2;
}
/* The class code of an Octave class name, or -1. */
static inline int gm_desc_class_code (const char *name)
{
  for (int c = 0; c < GM_DESC_CLASS_COUNT; c++) {
    const char *a = gm_desc_class_names[c], *b = name;
    while (*a && *a == *b) { a++; b++; }
    if (*a == 0 && *b == 0)
      return c;
  }
  return -1;
}

#endif
