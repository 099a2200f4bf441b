## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} cat (@var{dim}, @var{A}, @var{B}, @dots{})
## Octave's @code{cat} with gpumat operands, on the GPU, along any dimension @var{dim}: the
## operands (gpumat or host arrays, N-D too) placed one after another along @var{dim}, with
## Octave's rules: the class (@code{int8} before @code{single} before @code{double}, logical
## only when all are; complex when any is, narrowed to real when no imaginary part is
## nonzero), the sizes (every other dimension must agree; 0x0 operands are skipped, and
## leading ones along dimension 3 and up: @code{cat (3, [], [], A)} is @var{A}) and the
## message @qcode{"cat: dimension mismatch"}.  Conversions to an integer class round and
## saturate as Octave's (through the host for a gpumat operand, @code{gpumat:hostFallback});
## the others (logical and double to single or double, real to complex) run on the GPU.
## Char, cell, struct and sparse operands take Octave's own @code{cat} on the host.
## @seealso{horzcat, vertcat, repmat}
## @end deftypefn

function C = cat (dim, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  if (isgpuarray (dim))
    dim = gather (dim);
  endif
  if (isempty (varargin) || ! (isnumeric (dim) || islogical (dim)) || ! isreal (dim)
      || ! isscalar (dim) || dim < 1 || dim != fix (dim))
    ## no operands, an odd DIM: Octave's own, for its result or error
    C = host_call ("cat", dim, varargin{:});
    return;
  elseif (numel (varargin) == 1)
    C = varargin{1};                  # Octave's cat returns a single operand as it is
    return;
  endif
  [cls, cplx, args] = concat_class (varargin{:});
  if (isempty (cls))
    C = host_call ("cat", dim, varargin{:});     # char, cell, struct or sparse operands
  else
    C = __gpumat_call__ ("catnd", "cat", double (dim), cls, cplx, args{:});
  endif
endfunction

%!assert (size (cat (3, gpumat (zeros (0, 2)), zeros (0, 2))), [0 2 2])
%!assert (size (cat (3, [], gpumat ([]), [])), [0 0 3])
%!assert (size (cat (1, gpumat (zeros (0, 3, 2)), zeros (0, 3, 2))), [0 3 2])
%!assert (size (cat (5, gpumat ([]), zeros (2, 0))), [2 0])
%!assert (class (cat (3, gpumat (zeros (0, 2, "int8")), [])), "gpumat")
%!error <cat: dimension mismatch> cat (3, gpumat (zeros (0, 2)), zeros (0, 3))
%!error <cat: dimension mismatch> cat (1, gpumat (zeros (1, 0)), zeros (0, 1))
%!error <cat: dimension mismatch> cat (3, cat (3, gpumat ([]), []), zeros (2, 0))
%!error <cat: DIM must be a valid dimension> cat (0, gpumat (zeros (0, 2)), zeros (0, 2))
%!function gpu_check_cat ()
%! A = reshape (1:24, 2, 3, 4) - 12;  B = -A(:, :, 1:2);
%! for c = {@double, @single, @int8, @uint64, @(x) x > 0, @(x) complex (x, 2), @(x) single (complex (x, -x))}
%!   X = c{1} (A);  Y = c{1} (B);
%!   C = cat (3, gpumat (X), Y);
%!   assert (isgpuarray (C));
%!   assert (gather (C), cat (3, X, Y));
%!   assert (gather (cat (3, X, gpumat (Y), gpumat (X))), cat (3, X, Y, X));
%!   assert (gather (cat (1, gpumat (X), X(1, :, :))), cat (1, X, X(1, :, :)));
%!   assert (gather (cat (2, gpumat (X), X(:, 1, :))), cat (2, X, X(:, 1, :)));
%!   assert (gather (cat (4, gpumat (X), X)), cat (4, X, X));
%!   assert (gather (cat (3, [], [], gpumat (X(:, :, 1)))), cat (3, [], [], X(:, :, 1)));
%! endfor
%! ## mixed classes: Octave's rule, integer conversions saturating
%! warning ("off", "gpumat:hostFallback", "local");
%! M = [1.5 -2; 300 4];
%! for p = {{int8(M), M}, {M, int8(M)}, {single(M), M}, {M > 0, M}, {M > 0, single(M)}, ...
%!          {M, complex(M, 1)}, {single(M), complex(M, 2)}, {uint8(M), int16(M)}, {M > 0, M < 0}}
%!   [x, y] = p{1}{:};
%!   for g = 1:3
%!     gx = x;  gy = y;
%!     if (g != 2)  gx = gpumat (x);  endif
%!     if (g != 1)  gy = gpumat (y);  endif
%!     C = cat (3, gx, gy);
%!     assert (isgpuarray (C));
%!     assert (gather (C), cat (3, x, y));
%!   endfor
%! endfor
%! assert (iscomplex (cat (3, gpumat (complex (M, 0)), M)), false);
%! assert (gather (cat (3, gpumat (M).', M)), cat (3, M.', M));
%! fail ("cat (3, gpumat (M), ones (3))", "cat: dimension mismatch");
%! assert (cat (1, gpumat (M), "ab"), cat (1, M, "ab"));       # char: Octave's own
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_cat ();
