## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{X} =} inv (@var{G})
## @deftypefnx {} {[@var{X}, @var{rcond}] =} inv (@var{G})
## Octave's @code{inv} of a square gpumat matrix, on the GPU: the inverse @var{X} (a gpumat
## array) and, with two outputs, the estimate of the reciprocal condition number that Octave
## returns (LAPACK's, a host scalar), without the warning.
##
## Octave's method: a triangular @var{G} (every diagonal element nonzero) by a triangular
## inversion, a Hermitian one with a positive real diagonal by Cholesky (LU when that fails), any
## other by LU with partial pivoting (cuSOLVER).  A singular or nearly singular matrix (the
## estimate near Octave's warning threshold), or one holding NaN or Inf, is inverted by Octave's
## own @code{inv} on the host, so that the warning (@qcode{"warning: matrix singular to machine
## precision"}, identifier @code{Octave:singular-matrix}, or with @qcode{", rcond = @dots{}"},
## @code{Octave:nearly-singular-matrix}) and the result (@code{Inf} for a singular matrix) are
## exactly Octave's.  Double, single, complex and logical data; integer data, empty and 1x1
## arrays are Octave's own @code{inv} of the gathered array.
## @seealso{mldivide, det, lu, chol}
## @end deftypefn

function [X, rcond] = inv (A, varargin)
  if (nargin != 1)
    print_usage ();
  endif
  [X, rcond] = square_factor ("inv", "inverse", max (nargout, 1), A);
endfunction

%!error <Invalid call to inv> inv (gpumat ([]), 1)
%!test
%! X = inv (gpumat (zeros (0, 3)));
%! assert (isa (X, "gpumat"));
%! assert (size (X), [0 0]);
%!error <element number 2 undefined in return list> [X, r] = inv (gpumat (zeros (0, 0)))

%!function check_inverse (A)
%! [X, r] = inv (gpumat (A));
%! [Xh, rh] = inv (A);
%! assert (isa (X, "gpumat"));
%! X = gather (X);
%! assert (class (X), class (Xh));
%! assert (iscomplex (X), iscomplex (Xh));
%! assert (class (r), class (rh));
%! n = rows (A);
%! tol = 16 * n * eps (class (A)) * cond (double (A), 1) * norm (double (Xh), 1);
%! assert (norm (double (X) - double (Xh), 1) <= tol);
%! assert (abs (r - rh) <= 0.5 * rh);
%!endfunction
%!testif ; gpumat_available ()
%! check_inverse ([4 -2 1; 3 6 -4; 2 1 8]);           # full: LU
%! check_inverse (triu (magic (5)));                  # upper triangular: trtri
%! check_inverse (tril (magic (4)) + eye (4));        # lower triangular
%! check_inverse ([4 1 0; 1 5 2; 0 2 6]);             # symmetric positive definite: Cholesky
%! check_inverse ([2 3; 3 2]);                        # symmetric, potrf fails: LU
%! check_inverse (single ([4 -2 1; 3 6 -4; 2 1 8]));
%! check_inverse ([4 1i; -1i 3]);                     # Hermitian
%! check_inverse ([1+2i 3; -1i 4-1i]);
%! check_inverse (single ([1+2i 3; -1i 4-1i]));
%! X = inv (gpumat ([4 1; 1 3] > 0) + gpumat (eye (2)));
%! assert (gather (X), inv ([2 1; 1 2]), 4 * eps);
%! H = hilb (6);
%! assert (issymmetric (gather (inv (gpumat (H)))));   # exactly symmetric, as Octave's

%!testif ; gpumat_available ()
%! ## singular: Octave's warning and its Inf result (the host computes it)
%! s = evalc ("X = inv (gpumat ([1 2; 2 4]));");
%! [~, id] = lastwarn ();
%! assert (id, "Octave:singular-matrix");
%! assert (gather (X), Inf (2));
%! s = evalc ("X = inv (gpumat ([1 1; 1 1+3e-16]));");
%! [msg, id] = lastwarn ();
%! assert (id, "Octave:nearly-singular-matrix");
%! assert (msg, "matrix singular to machine precision, rcond = 5.55112e-17");
%! [X, r] = inv (gpumat ([1 2; 2 4]));
%! assert (r, 0);
%! fail ("inv (gpumat (ones (2, 3)))", "inverse: A must be a square matrix");

## NaN or Inf: the host's own inv, its result, rcond and warning
%!testif ; gpumat_available ()
%! for A = {[1 NaN; 2 3], [Inf 1; 2 3], [1 2; 3 -Inf], single([4 1; 1 NaN]), [4 1i; -1i Inf]}
%!   lastwarn ("", "");
%!   s = evalc ("[X, r] = inv (gpumat (A{1}));");
%!   [~, id] = lastwarn ();
%!   lastwarn ("", "");
%!   s = evalc ("[Xh, rh] = inv (A{1});");
%!   [~, idh] = lastwarn ();
%!   assert ({gather(X), r, id}, {Xh, rh, idh});
%!   lastwarn ("", "");
%!   s = evalc ("X = inv (gpumat (A{1}));");
%!   [~, id] = lastwarn ();
%!   lastwarn ("", "");
%!   s = evalc ("Xh = inv (A{1});");
%!   [~, idh] = lastwarn ();
%!   assert ({gather(X), id}, {Xh, idh});
%! endfor

## cuSOLVER and cuBLAS are loaded at the first solve (kernels/solver_lib.cu: dlopen), cuFFT at the
## first transform: the runtime library does not link them, so loading gpumat loads none
%!test
%! lib = fullfile (fileparts (which ("__gpumat_call__")), "libgpumat.so");
%! assert (exist (lib, "file") == 2);
%! [st, out] = system (sprintf ("ldd '%s'", lib));
%! assert (st, 0);
%! assert (regexp (out, "libcudart|libc\\.so", "once"));   # ldd read it (cudart: static)
%! assert (isempty (regexp (out, "libcusolver|libcublas|libcufft", "once")));
