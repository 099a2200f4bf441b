## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{G} =} true (@dots{}, "like", @var{P})
## @deftypefnx {} {@var{G} =} true (@var{N}, @dots{})
## Octave's @code{true} with a gpumat argument: with @code{"like", @var{P}} for a gpumat
## @var{P}, the array of @var{P}'s class (and complexity, where Octave keeps it) as a gpumat
## array; gpumat sizes are read as numbers.  Octave's own rules and errors.
## @seealso{gpumat, gpuArray}
## @end deftypefn

function G = true (varargin)
  G = like_maker ("true", varargin{:});
endfunction

%!function gpu_case_true_01 ()
%! R = true (2, 3, "like", gpumat (true));
%! assert (isgpuarray (R));
%! assert (gather (R), true (2, 3, "like", true));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_true_01 ();
%!function gpu_case_true_02 ()
%! R = true (gpumat (2), 1);
%! assert (gather (R), true (2, 1));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_true_02 ();
