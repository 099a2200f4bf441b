## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{L} =} tril (@var{G})
## @deftypefnx {} {@var{L} =} tril (@var{G}, @var{k})
## @deftypefnx {} {@var{L} =} tril (@var{G}, @var{k}, "pack")
## Octave's @code{tril} of a gpumat array, on the GPU: the elements on and below diagonal
## @var{k} kept, the others zero (written as zeros: NaN and Inf above the diagonal do not
## leak into the result), or with @qcode{"pack"} the kept elements column after column in a
## column vector.  Every class and size of a matrix; @var{k} clamped to the matrix as Octave
## clamps it; Octave's messages.  Odd arguments (a non-integer @var{k}, a vector @var{k})
## take Octave's own @code{tril} on the host, for its exact result or error.
## @seealso{triu, diag}
## @end deftypefn

function L = tril (varargin)
  L = triangle ("tril", varargin{:});
endfunction

%!assert (size (tril (gpumat (zeros (0, 3)))), [0 3])
%!assert (size (tril (gpumat (zeros (3, 0)), 1, "pack")), [0 1])
%!assert (size (tril (gpumat (zeros (0, 3)), 1, "nopack")), [0 3])
%!error <tril: need a 2-D matrix> tril (gpumat (zeros (0, 3, 2)))
%!function gpu_check_tril ()
%! A = reshape (1:42, 6, 7) - 20;
%! A(2, 5) = NaN;  A(1, 7) = Inf;
%! for c = {@double, @single, @int8, @uint16, @int64, @(x) x > 0, @(x) complex (x, -x), @(x) single (complex (x, 2))}
%!   for X = {c{1}(A), c{1}(A.'), c{1}(A(1, :)), c{1}(A(:, 1)), c{1}(A(1))}
%!     for k = {0, 1, -1, 3, -4, 10, -10, Inf, -Inf, true, int8(2)}
%!       L = tril (gpumat (X{1}), k{1});
%!       assert (isgpuarray (L));
%!       assert (gather (L), tril (X{1}, k{1}));
%!       assert (gather (tril (gpumat (X{1}), k{1}, "pack")), tril (X{1}, k{1}, "pack"));
%!     endfor
%!     assert (gather (tril (gpumat (X{1}))), tril (X{1}));
%!     assert (gather (tril (gpumat (X{1}), "pack")), tril (X{1}, "pack"));
%!   endfor
%! endfor
%! assert (gather (tril (gpumat (A).', 1)), tril (A.', 1));
%! assert (iscomplex (tril (gpumat ([1 2i; 3 4]))), false);     # narrowed, as Octave's
%! fail ("tril (gpumat (A), NaN)", "conversion of nan to");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_tril ();
