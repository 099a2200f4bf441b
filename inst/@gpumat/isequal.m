## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} isequal (@var{A}, @var{B}, @dots{})
## Octave's @code{isequal} of the gathered arrays (gpumat operands are gathered).
## @end deftypefn
function tf = isequal (varargin)
  for k = 1:numel (varargin)
    if (isa (varargin{k}, "gpumat"))
      varargin{k} = gather (varargin{k});
    endif
  endfor
  tf = isequal (varargin{:});
endfunction
