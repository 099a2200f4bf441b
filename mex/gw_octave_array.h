/* gw_octave_array.h: result arrays that Octave itself makes, for the MEX files to fill in place.
 *
 * Octave 7.3's MEX layer, built without std::pmr as Debian's is, copies every array a MEX file
 * creates, one element at a time, when it is returned (1.1-1.3 GB/s on the GPU machine; a
 * 6.4 GB piece of a distributed product cost 9 s with its zeroing); an array made by Octave
 * (__gpumat_alloc__, mex/gpumat_alloc.cc) and handed to the MEX file through mexCallMATLAB is
 * returned as it is.
 *
 * Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING. */
#ifndef GW_OCTAVE_ARRAY_H
#define GW_OCTAVE_ARRAY_H

#include "mex.h"

/* An uninitialized ndims array of dims, of class class_text (as __gpumat_alloc__ names them:
   "double", "complex single", ...; class_id and is_complex the same class for the MEX API), and
   in *storage the address of its elements (complex: interleaved pairs); NULL when
   __gpumat_alloc__ is not there or hands out storage the MEX API does not see (then the caller
   makes an ordinary MEX array). */
mxArray *gw_octave_owned_array (const char *class_text, mxClassID class_id, int is_complex,
                                mwSize ndims, const mwSize *dims, void **storage);

#endif
