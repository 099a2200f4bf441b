/* gw_octave_array.c: result arrays that Octave makes, filled in place (see the header).
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#include "gw_octave_array.h"

#include <stdint.h>

mxArray *gw_octave_owned_array (const char *class_text, mxClassID class_id, int is_complex,
                                mwSize ndims, const mwSize *dims, void **storage)
{
  mxArray *args[2] = {mxCreateString (class_text), mxCreateDoubleMatrix (1, ndims, mxREAL)};
  for (mwSize i = 0; i < ndims; i++)
    mxGetPr (args[1])[i] = (double) dims[i];
  mxArray *out[2] = {NULL, NULL};
  mexSetTrapFlag (1);
  int failed = mexCallMATLAB (2, out, 2, args, "__gpumat_alloc__");
  mexSetTrapFlag (0);
  mxDestroyArray (args[0]);
  mxDestroyArray (args[1]);
  if (failed || !out[0] || !out[1]) {
    if (out[0])
      mxDestroyArray (out[0]);
    if (out[1])
      mxDestroyArray (out[1]);
    return NULL;
  }
  const uint64_t address = mxIsUint64 (out[1]) ? *(const uint64_t *) mxGetData (out[1]) : 0;
  mxDestroyArray (out[1]);
  int ok = address != 0 && mxGetClassID (out[0]) == class_id
           && (mxIsComplex (out[0]) != 0) == (is_complex != 0);
  /* Write only where Octave keeps the array: for a real array, the data pointer the MEX
     interface hands out must be that storage.  A complex array is never asked for its split
     data (that would copy it): the value made by __gpumat_alloc__ is handed back as it is. */
  if (ok && !is_complex)
    ok = (uint64_t) (uintptr_t) (mxIsDouble (out[0]) ? (void *) mxGetPr (out[0])
                                                      : mxGetData (out[0])) == address;
  if (!ok) {
    mxDestroyArray (out[0]);
    return NULL;
  }
  *storage = (void *) (uintptr_t) address;
  return out[0];
}
