## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{G} =} false (@dots{}, "like", @var{P})
## @deftypefnx {} {@var{G} =} false (@var{N}, @dots{})
## Octave's @code{false} with a gpumat argument: with @code{"like", @var{P}} for a gpumat
## @var{P}, the array of @var{P}'s class (and complexity, where Octave keeps it) as a gpumat
## array; gpumat sizes are read as numbers.  Octave's own rules and errors.
## @seealso{gpumat, gpuArray}
## @end deftypefn

function G = false (varargin)
  G = like_maker ("false", varargin{:});
endfunction

%!function gpu_case_false_01 ()
%! R = false (2, 3, "like", gpumat (true));
%! assert (isgpuarray (R));
%! assert (gather (R), false (2, 3, "like", true));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_false_01 ();
%!function gpu_case_false_02 ()
%! R = false (gpumat (2), 1);
%! assert (gather (R), false (2, 1));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_false_02 ();
