## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} flipud (@var{G})
## Octave's @code{flipud} of a gpumat array, on the GPU: @code{flip (@var{G}, 1)}, any class
## and size (N-D too, as Octave 7.3's).
## @seealso{fliplr, flip}
## @end deftypefn

function R = flipud (G)
  if (nargin < 1)
    print_usage ();
  endif
  R = __gpumat_call__ ("flip", "flipud", G, 1);
endfunction

%!assert (size (flipud (gpumat (zeros (0, 3, 2)))), [0 3 2])
%!error <Invalid call to flipud> flipud ()
%!function gpu_check_flipud ()
%! A = reshape (1:24, 4, 3, 2);
%! for X = {A, single(A), uint8(A), A > 5, single(complex(A, -1)), A(:, 1, 1), A(:, 1, 1)'}
%!   R = flipud (gpumat (X{1}));
%!   assert (isgpuarray (R));
%!   assert (gather (R), flipud (X{1}));
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_flipud ();
