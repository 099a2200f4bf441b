/* gw_fft.h: the gateway command of the discrete Fourier transforms (mex/gw_fft.c), dispatched
 * from the gateway_commands table in gpumat_mex.c.
 *
 *   ("fft", CALLER, X, FIRST, LAST, SIZE, INVERSE) -> descriptor of a new gpumat array: X (a
 *        gpumat or host array of double, single or logical data, real or complex) resized to
 *        SIZE (a row of whole numbers, at least ndims (X) of them past X's trailing ones: zero
 *        padding or truncation at the same subscripts), then transformed over dimensions
 *        FIRST..LAST (1-based), forward or (INVERSE true) inverse, as Octave's fft/ifft
 *        (FIRST == LAST), fft2/ifft2 (1, 2) and fftn/ifftn (1, numel (SIZE)) compute it.  The
 *        result has size SIZE (trailing ones dropped) and the complex class of X's precision,
 *        narrowed to real where every imaginary part is zero, as Octave narrows; with no
 *        elements it is an empty real array (no device call, no cuFFT needed).
 *
 * The m-files (inst/@gpumat/fft.m ...) check the arguments as Octave does, and take the cases
 * Octave answers without a transform (fft with N = 1 returns X(..., 1, ...) in its own class);
 * integer data are converted to double there.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#ifndef GPUMAT_GW_FFT_H
#define GPUMAT_GW_FFT_H

#include "mex.h"

void gw_cmd_fft (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[]);

#endif
