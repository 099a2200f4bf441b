## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} vertcat (@var{A}, @var{B}, @dots{})
## @code{[@var{A}; @var{B}; @dots{}]} of gpumat and host arrays, on the device.
## @end deftypefn
function C = vertcat (varargin)
  C = __gpumat_call__ ("cat", "vertcat", 1, varargin{:});
endfunction
