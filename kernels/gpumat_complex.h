/* gpumat_complex.h: promotion of real data to complex, the tests that narrow a complex result
 * to real as Octave does, and the real part (kernels/complex.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_COMPLEX_H
#define GPUMAT_COMPLEX_H

#include <stdint.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- complex helpers (kernels/complex.cu) ------------------------------------------------- */
/* d_dst (complex class cls, count elements) = d_src (the real class of cls) + 0i.  This is how
 * Octave's `*` treats a real operand against a complex one (it promotes: [1 2] * [Inf*1i; 1]
 * is NaN + Inf i), so products of mixed operands promote first. */
gm_status gm_real_to_complex (gm_class cls, int64_t count, const void *d_src, void *d_dst,
                              cudaStream_t stream);
/* Queued on `stream`, not waited for: sets the device int *d_flag to 1 where any of the count
 * complex elements at d_src has a nonzero imaginary part (NaN counts), leaving it as it was
 * otherwise; several calls OR into one flag (the blocked product's blocks). */
gm_status gm_complex_flag_imag (gm_class cls, int64_t count, const void *d_src, int *d_flag,
                                cudaStream_t stream);
/* *h_any = 1 when some element of the complex array has a nonzero imaginary part (NaN counts
 * as nonzero), 0 when all are zero: Octave narrows such a result to real.  Synchronizes
 * `stream`. */
gm_status gm_complex_has_imag (gm_class cls, int64_t count, const void *d_src, int *h_any,
                               cudaStream_t stream);
/* d_dst (real class) = real part of d_src (complex class cls); d_dst may not overlap d_src. */
gm_status gm_complex_real_part (gm_class cls, int64_t count, const void *d_src, void *d_dst,
                                cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_COMPLEX_H */
