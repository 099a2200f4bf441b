/* array_internal.h: what elementwise.cu and reduce.cu share and the public API does not show.
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

#endif
