## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{G} =} NaN (@dots{}, "like", @var{P})
## @deftypefnx {} {@var{G} =} NaN (@var{N}, @dots{})
## Octave's @code{NaN} with a gpumat argument: with @code{"like", @var{P}} for a gpumat
## @var{P}, the array of @var{P}'s class (and complexity, where Octave keeps it) as a gpumat
## array; gpumat sizes are read as numbers.  Octave's own rules and errors.
## @seealso{gpumat, gpuArray}
## @end deftypefn

function G = NaN (varargin)
  G = like_maker ("NaN", varargin{:});
endfunction

%!function gpu_case_nan_01 ()
%! R = NaN (2, 3, "like", gpumat (1));
%! assert (isgpuarray (R));
%! assert (gather (R), NaN (2, 3, "like", 1));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_nan_01 ();
%!function gpu_case_nan_02 ()
%! R = NaN (gpumat (2), 1);
%! assert (gather (R), NaN (2, 1));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_nan_02 ();
