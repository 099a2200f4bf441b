## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{d} =} det (@var{G})
## @deftypefnx {} {[@var{d}, @var{rcond}] =} det (@var{G})
## Octave's @code{det} of a square gpumat matrix, on the GPU: the determinant @var{d} (a 1x1
## gpumat array) and, with two outputs, the estimate of the reciprocal condition number that
## Octave returns (a host scalar).
##
## Octave's method: the product of the diagonal of a triangular @var{G} (@var{rcond} 0, as
## Octave's own), of the Cholesky factor's diagonal, squared, for a Hermitian @var{G} with a
## positive real diagonal (LU when Cholesky fails), else of the LU factor's diagonal with a sign
## change for each row swap; a zero pivot gives 0.  The product is scaled by powers of two as it
## goes, as Octave's (liboctave/numeric/DET.h: a coefficient in [0.5, 1) and a power of two),
## so that it overflows only where Octave's does: the value is the coefficient times the power
## of two rounded to the class, so a single determinant of 2^128 or more, or a double one of
## 2^1024 or more, is Inf, as Octave's.  Double, single, complex and logical data; a matrix
## holding NaN or Inf (whose determinant depends on the host's LAPACK: NaN, or 0 where xGECON
## refuses a NaN norm), integer data, empty and 1x1 arrays are Octave's own @code{det} of the
## gathered array.
## @seealso{inv, lu, chol}
## @end deftypefn

function [d, rcond] = det (A, varargin)
  if (nargin != 1)
    print_usage ();
  endif
  [d, rcond] = square_factor ("det", "det", max (nargout, 1), A);
endfunction

%!error <Invalid call to det> det (gpumat ([]), 1)
%!error <element number 2 undefined in return list> [d, r] = det (gpumat (zeros (0, 0)))

%!function check_det (A)
%! [d, r] = det (gpumat (A));
%! [dh, rh] = det (A);
%! assert (isa (d, "gpumat"));
%! d = gather (d);
%! assert (class (d), class (dh));
%! assert (size (d), [1 1]);
%! assert (iscomplex (d), iscomplex (dh));
%! assert (class (r), class (rh));
%! n = rows (A);
%! assert (abs (d - dh) <= 16 * n * eps (class (A)) * cond (double (A), 1) * abs (dh) + realmin);
%! assert (abs (r - rh) <= 0.5 * rh);
%!endfunction
%!testif ; gpumat_available ()
%! check_det ([4 -2 1; 3 6 -4; 2 1 8]);
%! check_det ([0 1 2; 3 4 5; 7 6 1]);                 # row swaps
%! check_det ([4 1 0; 1 5 2; 0 2 6]);                 # Cholesky
%! check_det ([2 3; 3 2]);                            # potrf fails: LU
%! check_det (single ([4 -2 1; 3 6 -4; 2 1 8]));
%! check_det ([1+2i 3; -1i 4-1i]);
%! check_det ([4 1i; -1i 3]);                         # Hermitian: a real determinant
%! [d, r] = det (gpumat (triu (magic (4))));          # triangular: Octave's rcond is 0
%! assert (gather (d), det (triu (magic (4))));
%! assert (r, 0);
%! [d, r] = det (gpumat ([1 2; 2 4]));                # a zero pivot: 0, rcond 0
%! assert (gather (d), 0);
%! assert (r, 0);
%! assert (gather (det (gpumat (diag ([1e200 1e200 1e-200 1e-200])))), 1);  # no overflow
%! fail ("det (gpumat (ones (2, 3)))", "det: A must be a square matrix");

## Octave's DET scaling in single precision: partial products past realmax ("single") do not
## overflow; a value of 2^128 or more is Inf (the power of two is rounded to single first)
%!testif ; gpumat_available ()
%! for A = {single(diag ([1e30 1e30 1e-30 1e-30])), single([1e30 0 0; 1 1e30 0; 0 0 1e-30]), ...
%!          single(diag ([2^100 2^27 1.5])), single(diag ([2^100 2^27 1.99])), ...
%!          single(diag ([2^100 2^28 0.75])), single(diag ([2^-100 2^-49 0.75])), ...
%!          single([4 1 0; 1 5 2; 0 2 6] * 1e15), single([1 2 0; 3 1 1; 0 1 1] * 1e15), ...
%!          single(complex (diag ([1e30 1e30 1e-30]), [0 1e29 0; 0 0 0; 0 0 0]))}
%!   d = det (gpumat (A{1}));
%!   dh = det (A{1});
%!   assert (class (gather (d)), class (dh));
%!   assert (isinf (gather (d)), isinf (dh));
%!   assert (gather (d), dh, -64 * eps ("single"));
%! endfor

## NaN or Inf: the host's own det (NaN, or 0 with a LAPACK whose xGECON refuses a NaN or Inf
## norm), and its rcond
%!testif ; gpumat_available ()
%! for A = {[1 NaN; 2 3], [NaN 1; 2 3], [Inf 1; 2 3], single([1 2; Inf 4]), [1 1i; NaN 2]}
%!   [d, r] = det (gpumat (A{1}));
%!   [dh, rh] = det (A{1});
%!   assert (gather (d), dh);
%!   assert (r, rh);
%! endfor
