/* gpumat_classes.h: gm_class, the element classes of the C API, with their sizes, names
 * (kernels/status.cu) and the inline tests every layer uses.  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_CLASSES_H
#define GPUMAT_CLASSES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- element classes ------------------------------------------------------------------- */
/* Complex classes are stored interleaved (re, im), as Octave's ComplexNDArray and C's complex
 * types are: element i of a complex array is the pair at p[2*i], p[2*i + 1]. */
typedef enum {
  GM_DOUBLE = 0, GM_SINGLE = 1,
  GM_COMPLEX_DOUBLE = 2, GM_COMPLEX_SINGLE = 3,
  GM_INT8 = 4, GM_UINT8, GM_INT16, GM_UINT16, GM_INT32, GM_UINT32, GM_INT64, GM_UINT64,
  GM_CLASS_COUNT
} gm_class;
static inline int gm_class_valid (gm_class c) { return (int) c >= 0 && c < GM_CLASS_COUNT; }
static inline int gm_class_is_complex (gm_class c)
{
  return c == GM_COMPLEX_DOUBLE || c == GM_COMPLEX_SINGLE;
}
static inline int gm_class_is_integer (gm_class c) { return c >= GM_INT8 && c < GM_CLASS_COUNT; }
/* The class of one real component: double for complex double, single for complex single. */
static inline gm_class gm_class_real (gm_class c)
{
  return c == GM_COMPLEX_DOUBLE ? GM_DOUBLE : c == GM_COMPLEX_SINGLE ? GM_SINGLE : c;
}
/* The complex class of the same precision (double and single only). */
static inline gm_class gm_class_complex (gm_class c)
{
  return c == GM_DOUBLE ? GM_COMPLEX_DOUBLE : c == GM_SINGLE ? GM_COMPLEX_SINGLE : c;
}
/* Bytes of one element (a complex element is both parts). */
static inline size_t gm_class_size (gm_class c)
{
  switch (c) {
  case GM_DOUBLE: case GM_INT64: case GM_UINT64: case GM_COMPLEX_SINGLE: return 8;
  case GM_SINGLE: case GM_INT32: case GM_UINT32: return 4;
  case GM_COMPLEX_DOUBLE: return 16;
  case GM_INT16: case GM_UINT16: return 2;
  case GM_INT8: case GM_UINT8: return 1;
  default: return 8;
  }
}
/* "double", "single", "complex double", "complex single", "int8", ... "uint64". */
const char *gm_class_name (gm_class c);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_CLASSES_H */
