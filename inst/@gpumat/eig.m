## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{lambda} =} eig (@var{G})
## @deftypefnx {} {[@var{V}, @var{D}] =} eig (@var{G})
## @deftypefnx {} {[@dots{}] =} eig (@var{G}, @var{B}, @dots{})
## Octave's @code{eig} of a gpumat matrix.  For a real symmetric or complex Hermitian @var{G}
## (Octave's own test: @code{@var{G}(i,j) == conj (@var{G}(j,i))} exactly for every element,
## as @code{eig} decides between LAPACK's xSYEV/xHEEV and xGEEV) of double or single data, on
## the GPU through cuSOLVER (syevd): the real eigenvalues @var{lambda} in ascending order, a
## column; with two outputs the orthonormal eigenvectors @var{V} (a gpumat matrix, column j
## for eigenvalue j) and @var{D} the eigenvalues on the diagonal of a full real gpumat matrix
## (Octave's is a diagonal matrix type), so that @code{@var{G} * @var{V} = @var{V} * @var{D}}
## to rounding.  The eigenvectors are those of cuSOLVER: they span the same spaces as the
## host's, but each column may differ from the host's by its sign (real) or a unit complex
## factor (complex), and within a repeated eigenvalue's space.
##
## Any other square matrix of double or single data, real or complex, on the GPU through
## cuSOLVER's Xgeev (LAPACK's xGEEV, as Octave uses): the eigenvalues in the library's order
## (Octave does not sort them, and LAPACK's order may differ), complex where any of them is; with
## two outputs the eigenvectors @var{V} of unit 2-norm with their largest component real, and
## @var{D} a full gpumat matrix.  Octave balances the matrix first (xGEEVX with
## @qcode{"balance"}); cuSOLVER does not say that it does, so on a badly scaled matrix the
## values may be less accurate than the host's.
##
## On the host, with Octave's own @code{eig} of the gathered matrix (its result uploaded, its
## errors its own): a matrix holding NaN or Inf (Octave's error), the generalized problem
## @code{eig (@var{A}, @var{B})}, the options (@qcode{"vector"}, @qcode{"matrix"},
## @qcode{"balance"}, @qcode{"nobalance"}, @qcode{"chol"}, @qcode{"qz"}), three outputs, and
## integer, logical, N-D, empty and 1x1 arrays.
## @seealso{svd, chol, det}
## @end deftypefn

function varargout = eig (A, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  nout = max (nargout, 1);
  args = [{A}, varargin];
  if (nargin > 1 || nout > 2 || ! isgpuarray (A) || isinteger (A) || islogical (A)
      || ndims (A) > 2)
    ## options, the generalized problem, left eigenvectors, classes eig has no device method
    ## for: Octave's own eig on the host (its result, or its error)
    [varargout{1:nout}] = host_call ("eig", args{:});
  elseif (numel (A) < 2 || rows (A) != columns (A))
    ## empty and 1x1 (no GPU work) and non-square (Octave's error)
    [varargout{1:nout}] = host_exact ("eig", nout, 1:2, A);
  else
    [varargout{1:nout}] = __gpumat_call__ ("eig", "eig", A);
  endif
endfunction

%!error <Invalid call to eig> eig ()
%!test
%! assert (gather (eig (gpumat ([]))), eig ([]));
%! assert (gather (eig (gpumat (zeros (0, 2, 2)))), eig (zeros (0, 2, 2)));

## 1x1 and non-square: Octave's own eig (its value, its error)
%!testif ; gpumat_available ()
%! assert (gather (eig (gpumat (3))), 3);
%! [V, D] = eig (gpumat (single (-2)));
%! assert ({gather(V), gather(D)}, {single(1), single(-2)});
%! fail ("eig (gpumat (ones (2, 3)))", "eig: A must be a square matrix");

## eig on the device against the host: eigenvalues within n eps ||A||, and the vectors by
## their residual and orthonormality (each column is unique only up to sign or phase)
%!function check_eig (A)
%! n = rows (A);
%! tol = 32 * n * eps (class (A)) * max (1, norm (double (A), 1));
%! lh = eig (A);
%! l = eig (gpumat (A));
%! assert (isa (l, "gpumat"));
%! l = gather (l);
%! assert (class (l), class (lh));
%! assert (isreal (l));
%! assert (size (l), [n 1]);
%! assert (double (l), double (lh), tol);
%! [V, D] = eig (gpumat (A));
%! V = gather (V);  D = gather (D);
%! assert (class (V), class (A));
%! assert (class (D), class (real (A)));
%! assert (isreal (D));
%! assert (D, diag (diag (D)));
%! assert (double (diag (D)), double (lh), tol);
%! assert (norm (double (A) * double (V) - double (V) * double (D), 1) <= tol);
%! assert (norm (double (V)' * double (V) - eye (n), 1) <= 32 * n * eps (class (A)));
%!endfunction
%!testif ; gpumat_available ()
%! S = reshape (sin ((1:49) .^ 1.3), 7, 7);
%! check_eig (S + S');
%! check_eig ([2 1; 1 2]);
%! check_eig (single (S + S'));
%! Z = complex (S, reshape (cos ((1:49) .^ 1.1), 7, 7));
%! check_eig (Z + Z');
%! check_eig (single (Z + Z'));
%! check_eig ([1 1i; -1i 2]);
%! check_eig (eye (5));                      # a repeated eigenvalue
%! check_eig (diag ([3 -1 2 0]));
%! S = reshape (sin ((1:100^2) .^ 1.3), 100, 100);
%! check_eig (S + S');

## not Hermitian: cuSOLVER's Xgeev; the values as a set (the order is the library's), class and
## complexity as the host's, A V = V D, unit columns, D diagonal
%!function assert_same_values (w, wh, tol)
%! ## each of the host's values matched to the nearest unmatched one of W (a conjugate pair's
%! ## real parts may differ in the last bit, so no sort puts both lists in one order)
%! w = double (w(:));  wh = double (wh(:));
%! assert (numel (w), numel (wh));
%! matched = false (size (w));
%! for i = 1:numel (wh)
%!   d = abs (w - wh(i));
%!   d(matched) = Inf;
%!   [dmin, j] = min (d);
%!   assert (dmin <= tol, "eig: no value within %g of the host's %g%+gi", tol, real (wh(i)), imag (wh(i)));
%!   matched(j) = true;
%! endfor
%!endfunction
%!function check_eig_general (A)
%! n = rows (A);
%! tol = 64 * n * eps (class (A)) * max (1, norm (double (A), 1));
%! lh = eig (A);
%! l = eig (gpumat (A));
%! assert (isa (l, "gpumat"));
%! l = gather (l);
%! assert (class (l), class (lh));
%! assert (iscomplex (l), iscomplex (lh));
%! assert (size (l), [n 1]);
%! assert_same_values (l, lh, tol);
%! [V, D] = eig (gpumat (A));
%! V = gather (V);  D = gather (D);
%! [Vh, Dh] = eig (A);
%! assert (class (V), class (Vh));
%! assert (iscomplex (V), iscomplex (Vh));
%! assert (iscomplex (D), iscomplex (Dh));
%! assert (D, diag (diag (D)));
%! assert_same_values (diag (D), diag (Dh), tol);
%! assert (norm (double (A) * double (V) - double (V) * double (D), 1) <= tol);
%! assert (sqrt (sum (abs (double (V)) .^ 2, 1)), ones (1, n), 64 * n * eps (class (A)));
%!endfunction
%!testif ; gpumat_available ()
%! check_eig_general ([1 2; 3 4]);                 # real values
%! check_eig_general ([0 1; -1 0]);                # +-i
%! check_eig_general ([1 -2; 2 1]);                # 1 +- 2i
%! check_eig_general ([1 1i; 1i 2]);               # complex symmetric, not Hermitian
%! check_eig_general ([1 2i; 3 4]);
%! S = reshape (sin ((1:49) .^ 1.3), 7, 7);
%! check_eig_general (S);
%! check_eig_general (single (S));
%! check_eig_general (triu (magic (4)));
%! Z = complex (S, reshape (cos ((1:49) .^ 1.1), 7, 7));
%! check_eig_general (Z);
%! check_eig_general (single (Z));
%! S = reshape (sin ((1:60^2) .^ 1.3), 60, 60);
%! check_eig_general (S);
## NaN or Inf, options, integer and logical data: Octave's own eig on the host, exactly
%!testif ; gpumat_available ()
%! for A = {[2 1; 1 NaN], [1 Inf; Inf 1], [1 NaN; 2 3]}
%!   fail ("eig (A{1})", "EIG: matrix contains Inf or NaN values");
%!   fail ("eig (gpumat (A{1}))", "EIG: matrix contains Inf or NaN values");
%! endfor
%! assert (gather (eig (gpumat ([2 1; 1 2]), "vector")), eig ([2 1; 1 2], "vector"));
%! assert (gather (eig (gpumat ([2 1; 1 2]), [1 0; 0 2])), eig ([2 1; 1 2], [1 0; 0 2]));
%! fail ("eig (gpumat (int8 ([1 2; 2 1])))", "eig: wrong type argument 'int8 matrix'");
%! fail ("eig (gpumat ([true false; false true]))", "eig: wrong type argument 'bool matrix'");
