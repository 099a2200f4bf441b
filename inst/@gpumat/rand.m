## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{G} =} rand (@dots{}, "like", @var{P})
## @deftypefnx {} {@var{G} =} rand (@var{N}, @dots{})
## Octave's @code{rand} with a gpumat argument: with @code{"like", @var{P}} for a gpumat
## @var{P}, the array of @var{P}'s class (and complexity, where Octave keeps it) as a gpumat
## array; gpumat sizes are read as numbers.  Octave's own rules and errors.
## @seealso{gpumat, gpuArray}
## @end deftypefn

function G = rand (varargin)
  G = like_maker ("rand", varargin{:});
endfunction

%!function gpu_case_rand_01 ()
%! R = rand (gpumat (2), 3);
%! assert (isgpuarray (R));
%! assert (size (R), [2 3]);
%! assert (class (gather (R)), "double");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_rand_01 ();
%!function gpu_case_rand_02 ()
%! R = rand (gpumat (2), "single");
%! assert (isgpuarray (R));
%! assert (class (gather (R)), "single");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_rand_02 ();
%!function gpu_case_rand_03 ()
%! R = rand (2, 3, "like", gpumat (single (1)));
%! assert (isgpuarray (R));
%! assert (class (gather (R)), "single");
%! assert (size (R), [2 3]);
%! r = gather (R);
%! assert (all (r(:) > 0 & r(:) < 1));
%! fail ("rand (2, \"like\", gpumat (int8 (1)))", "must be double or single");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_rand_03 ();
