## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{U} =} triu (@var{G})
## @deftypefnx {} {@var{U} =} triu (@var{G}, @var{k})
## @deftypefnx {} {@var{U} =} triu (@var{G}, @var{k}, "pack")
## Octave's @code{triu} of a gpumat array, on the GPU: the elements on and above diagonal
## @var{k} kept, the others zero (written as zeros: NaN and Inf below the diagonal do not
## leak into the result), or with @qcode{"pack"} the kept elements column after column in a
## column vector.  Every class and size of a matrix; @var{k} clamped to the matrix as Octave
## clamps it; Octave's messages.  Odd arguments (a non-integer @var{k}, a vector @var{k})
## take Octave's own @code{triu} on the host, for its exact result or error.
## @seealso{tril, diag}
## @end deftypefn

function U = triu (varargin)
  U = triangle ("triu", varargin{:});
endfunction

%!assert (size (triu (gpumat (zeros (0, 3)), -1)), [0 3])
%!assert (size (triu (gpumat (zeros (0, 3, "int8")), 0, "pack")), [0 1])
%!error <triu: need a 2-D matrix> triu (gpumat (zeros (3, 0, 2)), 1)
%!function gpu_check_triu ()
%! A = reshape (1:42, 7, 6) - 20;
%! A(5, 2) = NaN;  A(7, 1) = -Inf;
%! for c = {@double, @single, @uint8, @int32, @uint64, @(x) x > 0, @(x) complex (x, 3), @(x) single (complex (x, -x))}
%!   for X = {c{1}(A), c{1}(A.'), c{1}(A(1, :)), c{1}(A(:, 1)), c{1}(A(1))}
%!     for k = {0, 1, -1, 2, -5, 9, -9, Inf, -Inf, false, uint8(1)}
%!       U = triu (gpumat (X{1}), k{1});
%!       assert (isgpuarray (U));
%!       assert (gather (U), triu (X{1}, k{1}));
%!       assert (gather (triu (gpumat (X{1}), k{1}, "pack")), triu (X{1}, k{1}, "pack"));
%!     endfor
%!   endfor
%! endfor
%! assert (gather (triu (gpumat (A)', -1)), triu (A', -1));
%! assert (iscomplex (triu (gpumat ([1 2; 3i 4]))), false);     # narrowed, as Octave's
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_triu ();
