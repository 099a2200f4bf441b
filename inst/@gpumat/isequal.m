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

%!assert (isequal (gpumat (zeros (0, 3)), zeros (0, 3)))
%!assert (! isequal (gpumat (zeros (0, 3)), zeros (3, 0)))
%!function gpu_check_isequal ()
%! A = [1 2; NaN 4];
%! assert (isequal (gpumat ([1 2]), [1 2], gpumat ([1 2])));
%! assert (! isequal (gpumat (A), A));            # NaN differs from NaN, as in Octave
%! assert (isequal (gpumat (int8 (3)), 3));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_isequal ();
