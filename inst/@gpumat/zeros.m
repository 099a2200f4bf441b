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
%!function gpu_case_zeros_03 ()
%! for c = {"double", "single", "int8", "uint16", "int32", "uint64", "logical"}
%!   P = gpumat (cast (1, c{1}));
%!   R = zeros (2, 3, "like", P);
%!   assert (gather (R), zeros (2, 3, "like", cast (1, c{1})));
%!   R = ones (gpumat ([2 0 3]), "like", P);
%!   assert (gather (R), ones ([2 0 3], "like", cast (1, c{1})));
%! endfor
%! assert (gather (zeros (2, "like", gpumat (1i))), zeros (2));
%! assert (gather (eye (gpumat (3), 2, "int16")), eye (3, 2, "int16"));
%! assert (size (zeros (gpumat (-1), 2)), [0 2]);
%! fail ("zeros (gpumat (2.5))", "conversion of 2.5");
%! fail ("Inf (2, \"like\", gpumat (int8 (1)))", "must be floating point");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_zeros_03 ();
