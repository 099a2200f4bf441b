## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{R} =} flip (@var{G})
## @deftypefnx {} {@var{R} =} flip (@var{G}, @var{dim})
## Octave's @code{flip} of a gpumat array, on the GPU: the order along @var{dim} reversed (by
## default the first dimension whose size is not 1; past the last dimension, a copy).  Every
## class and size, Octave's argument rules and messages.  One device copy, where Octave's own
## @file{flip.m} would index with a reversed list of positions.
## @seealso{fliplr, flipud, circshift, permute}
## @end deftypefn

function R = flip (G, dim)
  if (nargin < 1)
    print_usage ();
  endif
  if (nargin == 2 && isgpuarray (dim))
    dim = gather (dim);
  endif
  if (! isgpuarray (G))
    R = host_call ("flip", G, dim);         # flip (x, DIM) with DIM a gpumat array
    return;
  endif
  sz = size (G);
  if (nargin == 1)
    (dim = find (sz > 1, 1)) || (dim = 1);
  elseif (! (isscalar (dim) && isindex (dim)))
    error ("flip: DIM must be a positive integer");
  endif
  ## any dimension past the last one flips nothing: the gateway copies
  R = __gpumat_call__ ("flip", "flip", G, min (double (dim), numel (sz) + 1));
endfunction

%!assert (size (flip (gpumat (zeros (0, 3, 2)))), [0 3 2])
%!assert (size (flip (gpumat (zeros (3, 0)), 5)), [3 0])
%!assert (class (flip (gpumat (zeros (0, 3, "uint8")), 2)), "gpumat")
%!error <flip: DIM must be a positive integer> flip (gpumat (zeros (0, 3)), 0)
%!error <flip: DIM must be a positive integer> flip (gpumat (zeros (0, 3)), 1.5)
%!error <flip: DIM must be a positive integer> flip (gpumat (zeros (0, 3)), [1 2])
%!error <Invalid call to flip> flip ()
%!function gpu_check_flip ()
%! A = reshape (1:60, 3, 4, 5) - 30;
%! for c = {@double, @single, @int16, @uint64, @(x) x > 0, @(x) complex (x, -x), @(x) single (complex (x, 2))}
%!   X = c{1} (A);
%!   for d = 1:4
%!     R = flip (gpumat (X), d);
%!     assert (isgpuarray (R));
%!     assert (gather (R), flip (X, d));
%!   endfor
%!   assert (gather (flip (gpumat (X))), flip (X));
%!   assert (gather (flip (gpumat (X(1, :, 1)))), flip (X(1, :, 1)));
%!   assert (gather (flip (gpumat (X), true)), flip (X, 1));
%!   assert (gather (flip (gpumat (X), int8 (3))), flip (X, 3));
%! endfor
%! M = magic (5);
%! assert (gather (flip (gpumat (M).', 2)), flip (M.', 2));
%! assert (gather (flip (gpumat (M), gpumat (2))), flip (M, 2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_flip ();
