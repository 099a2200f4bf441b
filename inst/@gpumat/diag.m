## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{M} =} diag (@var{v})
## @deftypefnx {} {@var{M} =} diag (@var{v}, @var{k})
## @deftypefnx {} {@var{M} =} diag (@var{v}, @var{m}, @var{n})
## @deftypefnx {} {@var{v} =} diag (@var{M})
## @deftypefnx {} {@var{v} =} diag (@var{M}, @var{k})
## Octave's @code{diag} of a gpumat array, on the GPU: a vector @var{v} placed on diagonal
## @var{k} of a square matrix of zeros (or on the main diagonal of an @var{m} x @var{n}
## matrix), or diagonal @var{k} of a matrix @var{M} as a column (0x1 when it misses the
## matrix).  Every class; Octave's argument rules and messages.  The result is a full gpumat
## array (Octave returns a diagonal-matrix type for @code{diag (v)} of double data: the same
## values).
## @seealso{triu, tril, trace}
## @end deftypefn

## Octave's builtin reads K, M and N and calls the gpumat type's diag (mex/gpumat_value_host.cc),
## which runs the device copy (mex/gw_shape.c).
function M = diag (varargin)
  M = builtin ("diag", varargin{:});
endfunction

%!assert (size (diag (gpumat (zeros (0, 0)), 1)), [0 0])
%!assert (size (diag (gpumat (zeros (0, 3)))), [0 1])
%!assert (size (diag (gpumat (zeros (0, 1)))), [0 0])
%!assert (size (diag (gpumat (zeros (1, 0)), 0, 3)), [0 3])
%!error <Matrix must be 2-dimensional> diag (gpumat (zeros (2, 0, 2)))
%!error <diag: V must be a vector> diag (gpumat (zeros (2, 0)), 2, 2)
%!error <diag: invalid argument K> diag (gpumat (zeros (0, 1)), "k")
%!error id=Octave:invalid-resize diag (gpumat (zeros (1, 0)), -1, 2)
%!error id=Octave:bad-alloc diag (gpumat (zeros (1, 0, "int8")), 2, -1)
%!function gpu_check_diag ()
%! M = reshape (1:35, 5, 7) - 10;
%! v = [3 -1 4 1 -5];
%! for c = {@double, @single, @int8, @uint32, @(x) x > 0, @(x) complex (x, 2 * x), @(x) single (complex (x, 1))}
%!   for k = -6:8
%!     assert (gather (diag (gpumat (c{1} (M)), k)), diag (c{1} (M), k));
%!     assert (gather (diag (gpumat (c{1} (v)), k)), full (diag (c{1} (v), k)));
%!     assert (gather (diag (gpumat (c{1} (v')), k)), full (diag (c{1} (v'), k)));
%!   endfor
%!   assert (gather (diag (gpumat (c{1} (v)), 3, 7)), full (diag (c{1} (v), 3, 7)));
%!   assert (gather (diag (gpumat (c{1} (v')), 6, 2)), full (diag (c{1} (v'), 6, 2)));
%!   assert (gather (diag (gpumat (c{1} (M)))), diag (c{1} (M)));
%! endfor
%! D = diag (gpumat (M));
%! assert (isgpuarray (D));
%! assert (size (gather (diag (gpumat (M), 1e20))), [0 1]);
%! assert (iscomplex (diag (gpumat ([1 2i; 3 4]))), false);      # a real diagonal: narrowed
%! assert (gather (diag (gpumat (M).', 2)), diag (M.', 2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_diag ();
