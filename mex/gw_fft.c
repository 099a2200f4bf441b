/* gw_fft.c: fft, ifft, fft2, ifft2, fftn and ifftn of gpumat arrays on the GPU (the command is
 * described in gw_fft.h), over kernels/fft.cu (cuFFT).
 *
 * Here: the operand read (a logical gpumat array becomes double on the device, a host one on
 * the host; a view G' is laid out first), SIZE checked, X padded or truncated into a zeroed
 * block of SIZE (gm_resize) when the sizes differ, the transform, and Octave's narrowing of a
 * result whose imaginary parts are all zero (gw_narrow_device).  Errors:
 *   gpumat:fft:wrongArgs        the command called with the wrong arguments (an internal error)
 *   gpumat:fft:unsupportedClass integer data (the m-files convert them first)
 *   gpumat:fft:invalidSize      SIZE not a row of whole numbers in range, or shorter than X
 *   gpumat:fft:tooLarge         a SIZE whose element count or bytes overflow
 *   gpumat:fft:noCufft          NVIDIA's cuFFT library could not be loaded (the message says
 *                               which file and what to install)
 *   and the status errors of gw_fail_status (gpumat:noDevice, gpumat:outOfMemory, cuFFT's
 *   failures as gpumat:cudaError naming the call and cuFFT's error).
 * Queued on stream 0; only the narrowing check waits (it reads a flag back).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "gateway_util.h"
#include "gw_fft.h"

static const char *const AREA = "fft";

void gw_cmd_fft (int nlhs, mxArray *plhs[], int nrhs, const mxArray *prhs[])
{
  enum { IN_X = 2, IN_FIRST, IN_LAST, IN_SIZE, IN_INVERSE, IN_COUNT };
  (void) nlhs;
  gw_scratch scratch = GW_SCRATCH_INIT;
  if (nrhs != IN_COUNT)
    gw_fail (NULL, "gpumat:fft:wrongArgs",
             "__gpumat__ (\"fft\", CALLER, X, FIRST, LAST, SIZE, INVERSE): wrong number of "
             "arguments");
  gw_operand X;
  gw_read_operand (&scratch, prhs[IN_X], AREA, "X", &X);
  if (!(X.cls == GM_DOUBLE || X.cls == GM_SINGLE || X.cls == GM_COMPLEX_DOUBLE
        || X.cls == GM_COMPLEX_SINGLE))
    gw_fail (&scratch, "gpumat:fft:unsupportedClass",
             "%s %s array: the transforms take double, single or logical data (convert with "
             "double () first)", gw_class_text (X.cls), X.on_device ? "gpumat" : "host");

  /* SIZE: at least two whole numbers, each at most 2^53, covering X's dimensions */
  const mxArray *size_arg = prhs[IN_SIZE];
  const size_t nsize = mxGetNumberOfElements (size_arg);
  if (!mxIsDouble (size_arg) || mxIsComplex (size_arg) || nsize < 2 || nsize > GW_MAX_DIMS
      || nsize > GM_MAX_DIMS)
    gw_fail (&scratch, "gpumat:fft:invalidSize", "SIZE must be a real row of 2 to %d sizes",
             GM_MAX_DIMS);
  const double *sv = mxGetPr (size_arg);
  int64_t dims[GM_MAX_DIMS], xdims[GM_MAX_DIMS];
  mwSize out_dims[GW_MAX_DIMS];
  const int nd = (int) nsize;
  size_t count = 1;
  int too_large = 0;
  for (int d = 0; d < nd; d++) {
    if (!(sv[d] >= 0 && sv[d] <= 9007199254740992.0) || sv[d] != floor (sv[d]))
      gw_fail (&scratch, "gpumat:fft:invalidSize", "SIZE(%d) = %g is not a size", d + 1, sv[d]);
    dims[d] = (int64_t) sv[d];
    out_dims[d] = (mwSize) dims[d];
    too_large |= gm_mul_size (count, (size_t) dims[d], &count) != GM_OK;
  }
  const int64_t first = gw_read_count (&scratch, prhs[IN_FIRST], 1, AREA, "FIRST");
  const int64_t last = gw_read_count (&scratch, prhs[IN_LAST], first, AREA, "LAST");
  if (last > nd)
    gw_fail (&scratch, "gpumat:fft:invalidSize", "LAST (%lld) is past SIZE's %d dimensions",
             (long long) last, nd);
  const mxArray *inv_arg = prhs[IN_INVERSE];
  if (!(mxIsDouble (inv_arg) || mxIsLogical (inv_arg)) || mxGetNumberOfElements (inv_arg) != 1)
    gw_fail (&scratch, "gpumat:fft:wrongArgs", "INVERSE must be true or false");
  const int inverse = mxGetScalar (inv_arg) != 0;

  const gm_class real_cls = gm_class_real (X.cls), out_cls = gm_class_complex (real_cls);
  size_t bytes;
  if (too_large || count > (size_t) INT64_MAX
      || gm_mul_size (count, gm_class_size (out_cls), &bytes) != GM_OK) {
    char text[128];
    gw_format_dims (text, sizeof text, (mwSize) nd, out_dims);
    gw_fail (&scratch, "gpumat:fft:tooLarge", "the result (%s) is too large", text);
  }
  /* trailing ones dropped, as Octave's dim_vector keeps sizes */
  int out_nd = nd;
  while (out_nd > 2 && out_dims[out_nd - 1] == 1)
    out_nd--;
  if (count == 0) {
    /* an empty result is real, as Octave's fft makes it (and narrows an empty complex one) */
    plhs[0] = gw_make_gpumat (&scratch, NULL, real_cls, (mwSize) out_nd, out_dims, AREA);
    gw_scratch_free (&scratch);
    return;
  }

  /* X must fit SIZE's dimensions (its trailing ones aside) */
  for (mwSize d = (mwSize) nd; d < X.ndims; d++)
    if (X.dims[d] != 1)
      gw_fail (&scratch, "gpumat:fft:invalidSize", "SIZE has %d elements and X %d dimensions",
               nd, (int) X.ndims);
  for (int d = 0; d < nd; d++)
    xdims[d] = d < (int) X.ndims ? (int64_t) X.dims[d] : 1;
  gw_materialize_operand (&scratch, &X, AREA);
  gw_upload_operand (&scratch, &X, AREA);
  gm_status st = gm_fft_library (NULL);
  if (st != GM_OK)
    gw_fail (&scratch, "gpumat:fft:noCufft", "%s", gm_error_detail ());
  const void *d_in = X.device;
  int same = 1;
  for (int d = 0; d < nd; d++)
    same &= xdims[d] == dims[d];
  if (!same) {
    void *d_resized = gw_device_alloc (&scratch, count * gm_class_size (X.cls), AREA);
    st = gm_resize (X.cls, nd, xdims, X.device, nd, dims, d_resized, 0);
    if (st != GM_OK)
      gw_fail_status (&scratch, st, AREA);
    d_in = d_resized;
  }
  void *d_out = gw_device_alloc (&scratch, bytes, AREA);
  st = gm_fft (X.cls, nd, dims, (int) first - 1, (int) last - 1, inverse, d_in, d_out, 0);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, AREA);
  /* Octave narrows a result whose imaginary parts are all zero: a sample usually shows one
     that is not, and the whole pass over the result runs only when it does not */
  gm_class cls = out_cls;
  int any = 0;
  st = gm_fft_sample_imag (out_cls, (int64_t) count, d_out, &any, 0);
  if (st != GM_OK)
    gw_fail_status (&scratch, st, AREA);
  if (!any)
    gw_narrow_device (&scratch, &d_out, &cls, count, AREA);
  plhs[0] = gw_make_gpumat (&scratch, d_out, cls, (mwSize) out_nd, out_dims, AREA);
  gw_scratch_free (&scratch);
}
