## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{G} =} eye (@dots{}, "like", @var{P})
## @deftypefnx {} {@var{G} =} eye (@var{N}, @dots{})
## Octave's @code{eye} with a gpumat argument: with @code{"like", @var{P}} for a gpumat
## @var{P}, the array of @var{P}'s class (and complexity, where Octave keeps it) as a gpumat
## array; gpumat sizes are read as numbers.  Octave's own rules and errors.
## @seealso{gpumat, gpuArray}
## @end deftypefn

function G = eye (varargin)
  G = like_maker ("eye", varargin{:});
endfunction

%!function gpu_case_eye_01 ()
%! R = eye (gpumat (3), 2);
%! assert (isgpuarray (R));
%! assert (gather (R), eye (3, 2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_eye_01 ();
%!function gpu_case_eye_02 ()
%! ## Octave 7.3's eye takes no "like": the same error as on host arrays
%! fail ('eye (2, "like", gpumat (1))', "Invalid call to eye");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_eye_02 ();
