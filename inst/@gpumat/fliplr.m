## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} fliplr (@var{G})
## Octave's @code{fliplr} of a gpumat array, on the GPU: @code{flip (@var{G}, 2)}, any class
## and size (N-D too, as Octave 7.3's).
## @seealso{flipud, flip}
## @end deftypefn

function R = fliplr (G)
  if (nargin < 1)
    print_usage ();
  endif
  R = __gpumat_call__ ("flip", "fliplr", G, 2);
endfunction

%!assert (size (fliplr (gpumat (zeros (0, 3, 2)))), [0 3 2])
%!error <Invalid call to fliplr> fliplr ()
%!function gpu_check_fliplr ()
%! A = reshape (1:24, 2, 3, 4);
%! for X = {A, single(A), int32(A), A > 5, complex(A, 1), A(1, :, 1)', A(1, :, 1)}
%!   R = fliplr (gpumat (X{1}));
%!   assert (isgpuarray (R));
%!   assert (gather (R), fliplr (X{1}));
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_fliplr ();
