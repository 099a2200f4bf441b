## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{M} =} min (@var{G})
## @deftypefnx {} {@var{M} =} min (@var{G}, @var{H})
## @deftypefnx {} {[@var{M}, @var{I}] =} min (@var{G}, [], @var{dim})
## Octave's @code{min} of gpumat arrays, on the GPU (see @code{help gpumat}).
## @end deftypefn
function varargout = min (varargin)
  if (nargin > 3)
    error ("Octave:invalid-fun-call", "Invalid call to min");
  endif
  varargout = cell (1, max (nargout, 1));
  [varargout{:}] = minmax ("min", varargin{:});
endfunction
