## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{Q} =} orth (@var{G})
## @deftypefnx {} {@var{Q} =} orth (@var{G}, @var{tol})
## Octave's @code{orth} of an m x n gpumat matrix of double, single (real or complex) or
## logical data, by Octave's own algorithm (orth.m) on the SVD from the GPU (@code{svd},
## cuSOLVER): the rank r counts the singular values greater than @var{tol} (by default
## @code{max (size (@var{G})) * @var{sigma}(1) * eps}, @code{eps ("single")} for single data),
## @var{Q} is @code{-@var{U}(:, 1:r)}, an m x 0 double matrix where r = 0; an empty @var{G}:
## a 0x0 double.  The economy SVD serves: its U has the full one's first min (m, n) columns,
## all that r can take.  The columns of @var{Q} are an orthonormal basis of the range of
## @var{G}: each basis may differ from the host's (a sign, a unit complex factor, a rotation
## within the space), not the space it spans.
##
## On the host, with Octave's own @code{orth}: integer and N-D arrays, and a @var{tol} that is
## not a real numeric scalar.  A matrix holding NaN or Inf ends in Octave's own error.
## @seealso{null, svd, rank}
## @end deftypefn

function Q = orth (A, tol)
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
    Q = host_call ("orth", args{:});
    return;
  elseif (isempty (A))
    Q = gpumat ([]);
    return;
  endif
  ## Octave's orth.m, the SVD computed on the device
  [U, S] = svd (A, "econ");
  s = gather (diag (S));
  if (nargin == 1)
    if (isa (A, "single"))
      tol = max (size (A)) * s(1) * eps ("single");
    else
      tol = max (size (A)) * s(1) * eps;
    endif
  endif
  rank = sum (s > tol);
  if (rank > 0)
    Q = -U(:, 1:rank);
  else
    Q = gpumat (zeros (rows (A), 0));
  endif
endfunction

%!error <Invalid call to orth> orth ()
%!error <called with too many inputs> orth (gpumat ([]), 1, 2)
%!test
%! Q = orth (gpumat (zeros (0, 3)));
%! assert (isa (Q, "gpumat"));
%! assert (gather (Q), orth (zeros (0, 3)));

## orth on the device against the host: the size and class, the projector Q Q' onto the
## range, Q' Q = I, within 64 max (m, n) eps of the class
%!function check_orth (A, varargin)
%! Qh = orth (A, varargin{:});
%! Q = orth (gpumat (A), varargin{:});
%! assert (isa (Q, "gpumat"));
%! Q = gather (Q);
%! assert (class (Q), class (Qh));
%! assert (size (Q), size (Qh));
%! tol = 64 * max (size (A)) * eps (class (Qh));
%! Q = double (Q);  Qh = double (Qh);
%! assert (norm (Q * Q' - Qh * Qh', 1) <= tol);
%! assert (norm (Q' * Q - eye (columns (Q)), 1) <= tol);
%!endfunction
%!testif ; gpumat_available ()
%! S = reshape (sin ((1:35) .^ 1.3), 7, 5);
%! Z = complex (S, reshape (cos ((1:35) .^ 1.1), 7, 5));
%! for A = {S, S', S(:, [1 2 2 3]), S(:, [1 2 2 3])', single(S), single(Z'), Z, Z(:, [1 1 2]), ...
%!          ones(4), zeros(3), single(zeros(2)), 3, 0, [1 2 3], [1; 2], ...
%!          logical([1 0 1; 1 1 0])}
%!   check_orth (A{1});
%! endfor
%! check_orth (S, 0.5);
%! fail ("orth (gpumat ([1 NaN; 2 3]))", "cannot take SVD of matrix containing Inf or NaN");
