## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{G} =} Inf (@dots{}, "like", @var{P})
## @deftypefnx {} {@var{G} =} Inf (@var{N}, @dots{})
## Octave's @code{Inf} with a gpumat argument: with @code{"like", @var{P}} for a gpumat
## @var{P}, the array of @var{P}'s class (and complexity, where Octave keeps it) as a gpumat
## array; gpumat sizes are read as numbers.  Octave's own rules and errors.
## @seealso{gpumat, gpuArray}
## @end deftypefn

function G = Inf (varargin)
  G = like_maker ("Inf", varargin{:});
endfunction

%!function gpu_case_inf_01 ()
%! R = Inf (2, 3, "like", gpumat (single (1)));
%! assert (isgpuarray (R));
%! assert (gather (R), Inf (2, 3, "like", single (1)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_inf_01 ();
%!function gpu_case_inf_02 ()
%! R = Inf (gpumat (2), 1);
%! assert (gather (R), Inf (2, 1));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_inf_02 ();
