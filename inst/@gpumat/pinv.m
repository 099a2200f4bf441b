## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{X} =} pinv (@var{G})
## @deftypefnx {} {@var{X} =} pinv (@var{G}, @var{tol})
## Octave's @code{pinv} of an m x n gpumat matrix of double, single (real or complex) or
## logical data: the n x m Moore-Penrose pseudoinverse @code{@var{V}r * diag (1 ./
## @var{sigma}r) * @var{U}r'} of the economy SVD on the GPU (@code{svd}, cuSOLVER), the
## products by gpumat operations, with Octave's own rule (Matrix::pseudo_inverse): the leading
## singular values not less than @var{tol} are kept; @var{tol} <= 0 or none:
## @code{max (m, n) * @var{sigma}(1) * eps} of the class (@code{realmin} of the class where
## that is 0); no singular value kept: an n x m matrix of zeros; an empty matrix: a 0x0
## double.  Within rounding of the SVD's: a singular value within rounding of the tolerance
## may be kept where the host drops it.
##
## On the host, with Octave's own @code{pinv}: integer and N-D arrays, a @var{tol} that is
## not a real numeric scalar, and a matrix holding NaN or Inf (Octave's answer, without a
## @code{gpumat:hostFallback} note).
## @seealso{svd, inv, rank}
## @end deftypefn

function X = pinv (A, tol)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  if (nargin == 2)
    [args, on_device] = svd_call_args (A, tol);
    tol = args{2};
  else
    [args, on_device] = svd_call_args (A);
  endif
  if (! on_device)
    X = host_call ("pinv", args{:});
    return;
  elseif (isempty (A))
    X = host_exact ("pinv", 1, 1, args{:});
    return;
  endif
  cls = "double";
  if (isa (A, "single"))
    cls = "single";
  endif
  if (nargin < 2)
    tol = zeros (cls);
  else
    tol = cast (tol, cls);              # Octave's float_value or double_value
  endif
  if (tol < 0)
    error ("pinv: TOL must be greater than zero");
  elseif (! gather (all (isfinite (A(:)))))
    X = host_exact ("pinv", 1, 1, args{:});   # NaN or Inf: LAPACK's propagation
    return;
  endif
  [m, n] = size (A);
  [U, S, V] = svd (A, "econ");
  sigma = gather (diag (S));
  if (tol <= 0)
    tol = max (m, n) * sigma(1) * eps (cls);
    if (tol == 0)
      tol = realmin (cls);
    endif
  endif
  r = find (! (sigma < tol), 1, "last");   # from the end, while sigma(r) < tol: r--
  if (isempty (r))
    X = gpumat (zeros (n, m, cls));
  else
    d = 1 ./ sigma(1:r);
    X = (V(:, 1:r) .* d.') * U(:, 1:r)';
  endif
endfunction

%!error <Invalid call to pinv> pinv ()
%!error <called with too many inputs> pinv (gpumat ([]), 1, 2)
%!test
%! X = pinv (gpumat (zeros (0, 3)));
%! assert (isa (X, "gpumat"));
%! assert (size (X), [0 0]);
%! assert (class (gather (X)), "double");
%! assert (gather (pinv (gpumat (single (zeros (3, 0))), 1)), pinv (single (zeros (3, 0)), 1));

## pinv on the device against the host: the Moore-Penrose conditions and the host's value,
## within 64 max (m, n) eps cond of the class
%!function check_pinv (A, varargin)
%! Xh = pinv (A, varargin{:});
%! X = pinv (gpumat (A), varargin{:});
%! assert (isa (X, "gpumat"));
%! X = gather (X);
%! assert (class (X), class (Xh));
%! assert (size (X), size (Xh));
%! assert (iscomplex (X), iscomplex (Xh));
%! s = svd (double (A));
%! c = s(1) / s(max (find (s >= max (size (A)) * s(1) * eps (class (Xh))))) ;
%! tol = 64 * max (size (A)) * eps (class (Xh)) * c * max (1, norm (Xh, 1));
%! assert (norm (double (X - Xh), 1) <= tol);
%! A = double (A);  X = double (X);
%! assert (norm (A * X * A - A, 1) <= tol * max (1, norm (A, 1)) ^ 2);
%! assert (norm (X * A * X - X, 1) <= tol * max (1, norm (X, 1)));
%!endfunction
%!testif ; gpumat_available ()
%! S = reshape (sin ((1:35) .^ 1.3), 7, 5);
%! Z = complex (S, reshape (cos ((1:35) .^ 1.1), 7, 5));
%! for A = {S, S', S(:, [1 2 2 3]), S(:, [1 2 2 3])', single(S), single(Z'), Z, ...
%!          ones(4), [1 2; 3 4], 3, [1 2 3], [1; 2], [true false; true true]}
%!   check_pinv (A{1});
%! endfor
%! check_pinv (S, 0);
%! check_pinv (S, -0);
%! check_pinv (S(:, [1 2 2 3]), 1e-3);
%! assert (gather (pinv (gpumat (zeros (3, 2)))), zeros (2, 3));
%! assert (gather (pinv (gpumat (S), 1e10)), zeros (5, 7));
%! assert (gather (pinv (gpumat (single (S)), 1e10)), zeros (5, 7, "single"));
%! fail ("pinv (gpumat (S), -1)", "pinv: TOL must be greater than zero");
%! assert (gather (pinv (gpumat ([1 NaN; 2 3]))), pinv ([1 NaN; 2 3]));
%! assert (gather (pinv (gpumat (int8 ([1 2])))), pinv (int8 ([1 2])));
