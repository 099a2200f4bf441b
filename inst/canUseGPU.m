## Copyright (C) 2026 The gpumat developers
##
## This program is free software: you can redistribute it and/or modify it under the terms of
## the GNU General Public License as published by the Free Software Foundation, either version 3
## of the License, or (at your option) any later version.  See COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} canUseGPU ()
## True when gpumat has a usable CUDA GPU (MATLAB's name for
## @code{gpumat_available}); never raises an error.
## @seealso{gpumat_available, gpuDevice}
## @end deftypefn

function tf = canUseGPU ()
  tf = gpumat_available ();
endfunction

%!error <called with too many inputs> canUseGPU (1)
%!assert (canUseGPU (), gpumat_available ())
%!assert (islogical (canUseGPU ()) && isscalar (canUseGPU ()))
