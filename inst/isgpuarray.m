## Copyright (C) 2026 The gpumat developers
##
## This program is free software: you can redistribute it and/or modify it under the terms of
## the GNU General Public License as published by the Free Software Foundation, either version 3
## of the License, or (at your option) any later version.  See COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} isgpuarray (@var{X})
## True when @var{X} is a @code{gpumat} array (MATLAB's name, for gpuArray code).
## @seealso{gpuArray, gpumat, underlyingType}
## @end deftypefn

function tf = isgpuarray (X)
  if (nargin != 1)
    print_usage ();
  endif
  tf = isa (X, "gpumat");
endfunction

%!error <Invalid call> isgpuarray ()
%!assert (isgpuarray (1), false)
%!assert (isgpuarray ({}), false)
%!assert (isgpuarray (gpumat (zeros (0, 3))), true)
