## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{r} =} rank (@var{G})
## @deftypefnx {} {@var{r} =} rank (@var{G}, @var{tol})
## Octave's @code{rank} of a gpumat matrix of double, single (real or complex) or logical
## data: the number of singular values greater than @var{tol}, by default
## @code{max (size (@var{G})) * @var{sigma}(1) * eps} (@code{eps ("single")} for single data),
## Octave's own formula.  The singular values come from the GPU (@code{svd}, cuSOLVER); the
## count is made on the host from those few values and returned as a 1x1 double gpumat array.
## A value within rounding of the tolerance may be counted differently from the host's.
##
## On the host, with Octave's own @code{rank}: integer and N-D arrays, and a @var{tol} that
## is not a real numeric scalar.  A matrix holding NaN or Inf ends in Octave's own error.
## @seealso{svd, null, orth, pinv}
## @end deftypefn

function r = rank (A, tol)
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
    r = host_call ("rank", args{:});
    return;
  endif
  ## Octave's rank.m, the singular values computed on the device
  sigma = gather (svd (A));
  if (nargin == 2)
    tolerance = tol;
  elseif (isempty (sigma))
    tolerance = 0;
  elseif (isa (A, "single"))
    tolerance = max (size (A)) * sigma(1) * eps ("single");
  else
    tolerance = max (size (A)) * sigma(1) * eps;
  endif
  r = gpumat (sum (sigma > tolerance));
endfunction

%!error <Invalid call to rank> rank ()
%!error <called with too many inputs> rank (gpumat ([]), 1, 2)
## an empty matrix: rank 0 (a 1x1 gpumat result: the GPU)
%!testif ; gpumat_available ()
%! r = rank (gpumat (zeros (0, 3)));
%! assert (isa (r, "gpumat"));
%! assert (gather (r), 0);
%! assert (gather (rank (gpumat (zeros (3, 0)), 1)), 0);

%!testif ; gpumat_available ()
%! S = reshape (sin ((1:35) .^ 1.3), 7, 5);
%! Z = complex (S, reshape (cos ((1:35) .^ 1.1), 7, 5));
%! for A = {S, S', S(:, [1 2 2 3]), S(:, [1 2 2 3])', single(S), Z, Z(:, [1 1 2]), ...
%!          ones(4), zeros(3), 3, 0, [1 2 3], magic(4), [true false; true true], hilb(8)}
%!   r = rank (gpumat (A{1}));
%!   assert (isa (r, "gpumat"));
%!   assert (gather (r), rank (A{1}));
%! endfor
%! assert (gather (rank (gpumat (S(:, [1 2 2 3])), 0)), 4);
%! assert (gather (rank (gpumat (hilb (8)), 1e-5)), rank (hilb (8), 1e-5));
%! assert (gather (rank (gpumat (hilb (8)), gpumat (1e-5))), rank (hilb (8), 1e-5));
%! fail ("rank (gpumat ([1 NaN; 2 3]))", "cannot take SVD of matrix containing Inf or NaN");
