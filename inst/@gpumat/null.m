## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{Z} =} null (@var{G})
## @deftypefnx {} {@var{Z} =} null (@var{G}, @var{tol})
## Octave's @code{null} of an m x n gpumat matrix of double, single (real or complex) or
## logical data, by Octave's own algorithm (null.m) on the SVD from the GPU (@code{svd
## (@var{G}, 0)}, cuSOLVER): the rank r counts the singular values greater than @var{tol}
## (by default @code{max (size (@var{G})) * @var{sigma}(1) * eps} of the class of @var{V}),
## @var{Z} is @code{@var{V}(:, r+1:n)} with its elements of magnitude below that eps set to
## 0, an n x 0 matrix where r = n; an empty @var{G}: the @var{V} of its SVD.  The columns of
## @var{Z} are an orthonormal basis of the null space: each basis may differ from the host's
## (a sign, a unit complex factor, a rotation within the space), not the space it spans.
##
## On the host, with Octave's own @code{null}: integer and N-D arrays, a @var{tol} that is not
## a real numeric scalar (and Octave's error for "r").  A matrix holding NaN or Inf ends in
## Octave's own error.
## @seealso{orth, svd, rank}
## @end deftypefn

function Z = null (A, tol)
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
    Z = host_call ("null", args{:});
    return;
  endif
  ## Octave's null.m, the SVD computed on the device
  [~, S, V] = svd (A, 0);
  if (isempty (A))
    Z = V;
    return;
  endif
  out_cls = classUnderlying (V);
  if (rows (S) > 1)
    s = gather (diag (S));
  else
    s = gather (S(1));
  endif
  if (nargin == 1)
    tol = max (size (A)) * s(1) * eps (out_cls);
  endif
  rank = sum (s > tol);
  cols = columns (A);
  if (rank < cols)
    Z = V(:, rank+1:cols);
    Z(abs (Z) < eps (out_cls)) = 0;
  else
    Z = gpumat (zeros (cols, 0, out_cls));
  endif
endfunction

%!error <Invalid call to null> null ()
%!error <called with too many inputs> null (gpumat ([]), 1, 2)
%!error <option for rational not yet implemented> null (gpumat ([]), "r")

## null on the device against the host: the size and class, the projector Z Z' onto the null
## space, Z' Z = I and (the default tolerance) G Z = 0, within 64 max (m, n) eps of the class
%!function check_null (A, varargin)
%! Zh = null (A, varargin{:});
%! Z = null (gpumat (A), varargin{:});
%! assert (isa (Z, "gpumat"));
%! Z = gather (Z);
%! assert (class (Z), class (Zh));
%! assert (size (Z), size (Zh));
%! tol = 64 * max (size (A)) * eps (class (Zh));
%! Z = double (Z);  Zh = double (Zh);
%! assert (norm (Z * Z' - Zh * Zh', 1) <= tol);
%! assert (norm (Z' * Z - eye (columns (Z)), 1) <= tol);
%! if (nargin == 1)         # the default tolerance: G Z within rounding of 0
%!   assert (norm (double (A) * Z, 1) <= tol * max (1, norm (double (A), 1)));
%! endif
%!endfunction
%!testif ; gpumat_available ()
%! S = reshape (sin ((1:35) .^ 1.3), 7, 5);
%! Z = complex (S, reshape (cos ((1:35) .^ 1.1), 7, 5));
%! for A = {S, S', S(:, [1 2 2 3]), S(:, [1 2 2 3])', single(S'), single(Z'), Z', Z(:, [1 1 2]), ...
%!          ones(4), zeros(3), 3, 0, [1 2 3], [1; 2], logical([1 0 1; 1 1 0]), ...
%!          zeros(0, 3), zeros(3, 0), []}
%!   check_null (A{1});
%! endfor
%! check_null (S', 0.5);
%! check_null (S(:, [1 2 2 3]), 0);
%! fail ("null (gpumat ([1 NaN; 2 3]))", "cannot take SVD of matrix containing Inf or NaN");
