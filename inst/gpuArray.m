## Copyright (C) 2026 The gpumat developers
##
## This program is free software: you can redistribute it and/or modify it under the terms of
## the GNU General Public License as published by the Free Software Foundation, either version 3
## of the License, or (at your option) any later version.  See COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{G} =} gpuArray (@var{A})
## MATLAB's name for @code{gpumat (@var{A})}: upload @var{A} to the GPU as a
## @code{gpumat} array, so that code written for MATLAB's gpuArray runs unchanged
## where gpumat has the operation.  A @code{gpumat} array is returned as it is.
##
## @var{A} is a numeric, logical or char array (logical and char become double);
## other types raise @code{gpumat:array:invalidType}; without a usable GPU a
## non-empty @var{A} raises @code{gpumat:noDevice}.
## @seealso{gpumat, gather, isgpuarray, canUseGPU}
## @end deftypefn

function G = gpuArray (A)
  if (nargin != 1)
    print_usage ();
  endif
  if (isa (A, "gpumat"))
    G = A;
  else
    G = gpumat (A);
  endif
endfunction

%!error <Invalid call> gpuArray ()
%!error <called with too many inputs> gpuArray (1, 2)
%!error id=gpumat:array:invalidType gpuArray ({1})
%!test
%! ## An empty array needs no GPU.
%! G = gpuArray (zeros (2, 0, "single"));
%! assert (isa (G, "gpumat") && isgpuarray (G));
%! assert (size (G), [2 0]);
%! assert (underlyingType (G), "single");
%! H = gpuArray (G);
%! assert (isa (H, "gpumat") && isequal (size (H), [2 0]));
%!function gpu_check_01 ()
%! A = rand (5, 3);
%! G = gpuArray (A);
%! assert (class (G), "gpumat");
%! assert (gather (G), A);
%! assert (gather (gpuArray (int8 ([1 -2]))), int8 ([1 -2]));
%! assert (gather (gpuArray (true (2))), true (2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();
