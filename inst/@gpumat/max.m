## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{M} =} max (@var{G})
## @deftypefnx {} {@var{M} =} max (@var{G}, @var{H})
## @deftypefnx {} {[@var{M}, @var{I}] =} max (@var{G}, [], @var{dim})
## Octave's @code{max} of gpumat arrays, on the GPU (see @code{help gpumat}).
## @end deftypefn
function varargout = max (varargin)
  if (nargin > 3)
    error ("Octave:invalid-fun-call", "Invalid call to max");
  endif
  varargout = cell (1, max (nargout, 1));
  [varargout{:}] = minmax ("max", varargin{:});
endfunction
