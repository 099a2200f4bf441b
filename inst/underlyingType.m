## Copyright (C) 2026 The gpumat developers
##
## This program is free software: you can redistribute it and/or modify it under the terms of
## the GNU General Public License as published by the Free Software Foundation, either version 3
## of the License, or (at your option) any later version.  See COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{c} =} underlyingType (@var{X})
## The class of the elements of @var{X}: for a @code{gpumat} array the class it
## holds on the GPU (@code{"double"} for complex double too, as MATLAB's
## gpuArray reports it), for anything else @code{class (@var{X})}.
## @seealso{isgpuarray, gpuArray, classUnderlying}
## @end deftypefn

function c = underlyingType (X)
  if (nargin != 1)
    print_usage ();
  endif
  if (isa (X, "gpumat"))
    c = classUnderlying (X);
  else
    c = class (X);
  endif
endfunction

%!error <Invalid call> underlyingType ()
%!assert (underlyingType (int8 (1)), "int8")
%!assert (underlyingType (1i), "double")
%!assert (underlyingType ({}), "cell")
%!assert (underlyingType (gpumat (zeros (0, 3, "single"))), "single")
%!function gpu_check_01 ()
%! assert (underlyingType (gpumat (single (1i))), "single");
%! assert (underlyingType (gpumat (uint16 (3))), "uint16");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();
