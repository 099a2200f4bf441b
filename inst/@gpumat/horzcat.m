## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} horzcat (@var{A}, @var{B}, @dots{})
## @code{[@var{A}, @var{B}, @dots{}]} of gpumat and host arrays, on the device.
## @end deftypefn
function C = horzcat (varargin)
  C = __gpumat_call__ ("cat", "horzcat", 2, varargin{:});
endfunction
