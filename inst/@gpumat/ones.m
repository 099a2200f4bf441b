## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{G} =} ones (@dots{}, "like", @var{P})
## @deftypefnx {} {@var{G} =} ones (@var{N}, @dots{})
## Octave's @code{ones} with a gpumat argument: with @code{"like", @var{P}} for a gpumat
## @var{P}, the array of @var{P}'s class (and complexity, where Octave keeps it) as a gpumat
## array; gpumat sizes are read as numbers.  Octave's own rules and errors.
## @seealso{gpumat, gpuArray}
## @end deftypefn

function G = ones (varargin)
  G = like_maker ("ones", varargin{:});
endfunction

%!function gpu_case_ones_01 ()
%! R = ones (2, 3, "like", gpumat (int8 (1)));
%! assert (isgpuarray (R));
%! assert (gather (R), ones (2, 3, "like", int8 (1)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_ones_01 ();
%!function gpu_case_ones_02 ()
%! R = ones (gpumat (2), 1);
%! assert (gather (R), ones (2, 1));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_ones_02 ();
