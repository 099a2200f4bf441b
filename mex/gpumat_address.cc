// gpumat_address.cc: __gpumat_address__, where Octave keeps a complex array's elements.
//
//   ADDRESS = __gpumat_address__ (X)
//
// Why: Octave 7.3's MEX interface has no working way to read a complex input in place.  The
// split API (mxGetPr/mxGetPi, mxGetData/mxGetImagData) converts the array into two new
// buffers, element by element (about 1.2 GB/s on the GPU machine: 0.9 s for a 2^26-element
// complex double, 7x the time of its product at 4096); the interleaved API of -R2018a corrupts
// the heap in 7.3 (bug #64687).  But a ComplexNDArray already stores its elements interleaved
// (re, im), exactly the layout kernels/ takes.  The gateway calls this function through
// mexCallMATLAB with the very mxArray it was given: Octave 7.3 hands that argument through as
// the caller's own octave_value (mxArray_octave_value::as_octave_value returns its m_val, a
// reference-counted copy sharing the data, as long as the gateway has not asked the mxArray
// for split data), so ADDRESS is the caller's storage, valid for the rest of the MEX call.
// The gateway only reads there.
//
// ADDRESS (uint64) is 0 for anything that is not a full complex matrix stored as such (a
// complex scalar, a complex diagonal matrix, a real array, ...): the gateway then falls back
// to the split API, which costs little for those.
//
// Internal: no GPU code, no CUDA runtime.  Copyright (C) 2026 The gpumat developers.  GPLv3+.

#include <octave/oct.h>
#include <octave/ov-cx-mat.h>
#include <octave/ov-flt-cx-mat.h>
#include <cstdint>

DEFUN_DLD (__gpumat_address__, args, ,
           "-*- texinfo -*-\n\
@deftypefn {} {@var{address} =} __gpumat_address__ (@var{X})\n\
Internal to gpumat: the address (uint64) of the interleaved elements of the\n\
complex double or complex single matrix @var{X}, or 0 for any other value.\n\
@end deftypefn")
{
  if (args.length () != 1)
    print_usage ();
  const octave_value& x = args(0);
  const void *data = nullptr;
  // complex_array_value () of a complex matrix returns its own array (shared, not copied);
  // data () on the const array does not make it unique.
  if (x.type_id () == octave_complex_matrix::static_type_id ())
    {
      const ComplexNDArray a = x.complex_array_value ();
      data = a.data ();
    }
  else if (x.type_id () == octave_float_complex_matrix::static_type_id ())
    {
      const FloatComplexNDArray a = x.float_complex_array_value ();
      data = a.data ();
    }
  return octave_value (octave_uint64 ((uint64_t) (uintptr_t) data));
}

/*
%!assert (class (__gpumat_address__ (complex (ones (3), 1))), "uint64")
%!assert (__gpumat_address__ (complex (ones (3), 1)) != 0)
%!assert (__gpumat_address__ (single (complex (ones (3), 1))) != 0)
%!assert (__gpumat_address__ (ones (3)), uint64 (0))
%!assert (__gpumat_address__ (1 + 2i), uint64 (0))
%!test
%! ## The address is the array's own storage: the same for copies that share it, new after
%! ## a write makes the copy unique.
%! X = complex (rand (100), rand (100));
%! Y = X;
%! assert (__gpumat_address__ (Y), __gpumat_address__ (X));
%! Y(1) = 5i;
%! assert (__gpumat_address__ (Y) != __gpumat_address__ (X));
%!error <Invalid call> __gpumat_address__ ()
*/
