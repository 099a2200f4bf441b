/* gpumat_fft.h: discrete Fourier transforms through cuFFT, loaded when first needed
 * (kernels/fft.cu).  Part of gpumat.h.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_FFT_H
#define GPUMAT_FFT_H

#include <stdint.h>
#include <cuda_runtime_api.h>
#include "gpumat_status.h"
#include "gpumat_classes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- discrete Fourier transforms (kernels/fft.cu, through NVIDIA's cuFFT) ------------------- */
/* d_out = the DFT of d_x over dimensions first..last (0-based, first <= last < nd) of the N-d
 * array (nd, dims) (as gm_binary's operands; nd == 0 is a scalar, first = last = 0), every
 * combination of the other subscripts transformed on its own: fft (x, [], dim) is
 * first = last = dim - 1, fft2 first 0 and last 1, fftn 0 and nd - 1.  Forward:
 * X(k) = sum_j x(j) exp (-2 pi i j.k / n) (Octave's fft); inverse: the + sign, divided by the
 * number of points (the product of the transformed lengths) as Octave's ifft divides.  cls is
 * the input's class: double or single, real or complex (interleaved); d_out is the complex class
 * of the same precision and the same dims (pad or truncate first: gm_resize).  Real input, forward:
 * an R2C transform and the other half filled with the exact conjugates; real input, inverse:
 * promoted to complex, then C2C, as Octave.  d_x is left as it was; d_out may be d_x for a
 * complex class.  0 elements: nothing (cuFFT is not loaded); every transformed length 1: a copy.
 * Plans are cached (fft.cu); the work area comes from gm_device_alloc.  Queued on `stream`. */
gm_status gm_fft (gm_class cls, int nd, const int64_t *dims, int first, int last, int inverse,
                  const void *d_x, void *d_out, cudaStream_t stream);
/* Loads cuFFT (dlopen of libcufft.so.<major of the cuFFT gpumat was built with>) if it is not
 * loaded yet, and gives its version (cufftGetVersion: 12000 for cuFFT 12.0.0; may be NULL).
 * When it cannot be loaded: GM_ERR_CUDA, gm_error_detail () naming the library, why, and what
 * to install.  gm_fft calls it; the gateway calls it first to raise its own error. */
gm_status gm_fft_library (int *version);
/* *h_any = 1 when some of up to 64 elements spread over the complex array d_x (count elements)
 * has a nonzero imaginary part (NaN counts), else 0; waits for `stream`.  A transform's result
 * almost always has one there, which settles Octave's narrowing (gm_complex_has_imag's whole
 * pass, a tenth of a large FFT's time, runs only when the sample is all real). */
gm_status gm_fft_sample_imag (gm_class cls, int64_t count, const void *d_x, int *h_any,
                              cudaStream_t stream);
/* Destroys the cached plans (gm_reset calls it); after a lost context, forgets them. */
void gm_fft_release (void);
/* For tests: plans in the cache now, and plans made since the process started. */
void gm_fft_plan_stats (int *cached, long long *made);

#ifdef __cplusplus
}
#endif

#endif /* GPUMAT_FFT_H */
