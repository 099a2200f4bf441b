/* array_internal.h: what the element-wise, reduction and scan files share and the public API
 * does not show.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_ARRAY_INTERNAL_H
#define GPUMAT_ARRAY_INTERNAL_H

#include "gpumat.h"

/* The classes the element-wise and reduction kernels take so far: real double and single. */
static inline bool gm_real_float (gm_class c) { return c == GM_DOUBLE || c == GM_SINGLE; }
/* GM_OK for a real double or single class, else GM_ERR_INVALID_ARGUMENT naming `who` and the
 * class (defined in elementwise.cu). */
gm_status gm_check_real_float (const char *who, gm_class c);

/* The reductions' and scans' view of (nd, dims) along dim (1-based; past the last dimension
 * the length is 1): pre (the dimensions before dim), len and post (those after), checked for
 * negative sizes and int64 overflow; errors name `who`.  empty_as_column: a 0x0 array is taken
 * as 0x1, Octave's "sum ([]) is 0" (mx-inlines.cc do_mx_red_op) for sum, mean and prod.
 * (reduce.cu, reduce_int.cu, reduce_complex.cu and scan.cu.) */
static inline gm_status gm_line_view (const char *who, int nd, const int64_t *dims, int dim,
                                      bool empty_as_column, int64_t *pre, int64_t *len,
                                      int64_t *post)
{
  if (nd < 0 || nd > GM_MAX_DIMS || (nd > 0 && !dims))
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: %d dimensions (0 to %d, with a dims array)",
                    who, nd, GM_MAX_DIMS);
  if (dim < 1)
    return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: dimension %d (must be a positive integer)", who,
                    dim);
  const bool as_column = empty_as_column && nd == 2 && dims[0] == 0 && dims[1] == 0;
  size_t a = 1, b = 1, n = 1;
  int64_t l = 1;
  for (int d = 0; d < nd; d++) {
    const int64_t v = as_column && d == 1 ? 1 : dims[d];
    if (v < 0)
      return gm_fail (GM_ERR_INVALID_ARGUMENT, "%s: negative dimension %lld", who, (long long) v);
    if (gm_mul_size (n, (size_t) v, &n) != GM_OK || n > (size_t) INT64_MAX)
      return gm_fail (GM_ERR_SIZE_OVERFLOW, "%s: the number of elements overflows int64", who);
    if (d < dim - 1) a *= (size_t) v;
    else if (d == dim - 1) l = v;
    else b *= (size_t) v;
  }
  *pre = (int64_t) a;
  *len = l;
  *post = (int64_t) b;
  return GM_OK;
}

#endif
