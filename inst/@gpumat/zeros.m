## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{G} =} zeros (@dots{}, "like", @var{P})
## @deftypefnx {} {@var{G} =} zeros (@var{N}, @dots{})
## Octave's @code{zeros} with a gpumat argument: with @code{"like", @var{P}} for a gpumat
## @var{P}, the array of @var{P}'s class (and complexity, where Octave keeps it) as a gpumat
## array; gpumat sizes are read as numbers.  Octave's own rules and errors.
## @seealso{gpumat, gpuArray}
## @end deftypefn

function G = zeros (varargin)
  G = like_maker ("zeros", varargin{:});
endfunction

%!function gpu_case_zeros_01 ()
%! R = zeros (2, 3, "like", gpumat (single (1)));
%! assert (isgpuarray (R));
%! assert (gather (R), zeros (2, 3, "like", single (1)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_zeros_01 ();
%!function gpu_case_zeros_02 ()
%! R = zeros (gpumat (2), 1);
%! assert (gather (R), zeros (2, 1));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_zeros_02 ();
