## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{d} =} dot (@var{x}, @var{y})
## @deftypefnx {} {@var{d} =} dot (@var{x}, @var{y}, @var{dim})
## Octave's @code{dot} with a gpumat operand: @code{gpumat_dot}, the result on the GPU.
## @end deftypefn
function d = dot (x, y, varargin)
  d = gpumat_dot (x, y, varargin{:});
endfunction
