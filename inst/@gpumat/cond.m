## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{c} =} cond (@var{G})
## @deftypefnx {} {@var{c} =} cond (@var{G}, 2)
## @deftypefnx {} {@var{c} =} cond (@var{G}, @var{p})
## Octave's @code{cond} of a gpumat matrix of double, single (real or complex) or logical
## data: the 2-norm condition number @code{@var{sigma}(1) / @var{sigma}(end)}, Inf where
## either is 0, 0 for an empty matrix, Octave's error for a matrix holding NaN or Inf (its
## own algorithm, cond.m).  The singular values come from the GPU (@code{svd}, cuSOLVER), the
## quotient is made on the host from two of them and returned as a 1x1 gpumat array (of the
## class Octave's gives: double for Inf and for an empty matrix).
##
## Another @var{p} (1, Inf, "fro"): Octave's @code{norm (@var{G}, @var{p}) * norm (inv
## (@var{G}), @var{p})}, with the gpumat methods of @code{norm} and @code{inv}.  On the host,
## with Octave's own @code{cond}: integer arrays and a @var{p} that is not a scalar.
## @seealso{svd, norm, rank, rcond}
## @end deftypefn

function c = cond (A, p = 2)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  if (isgpuarray (p))
    p = gather (p);
  endif
  if (! isgpuarray (A) || isinteger (A) || ! (isscalar (p) || ischar (p)))
    c = host_call ("cond", A, p);
    return;
  elseif (ndims (A) > 2)
    error ("cond: A must be a 2-D matrix");
  endif
  if (! (isscalar (p) && p == 2))
    ## Octave's own formula for another p, each part with its gpumat method
    c = norm (A, p) * norm (inv (A), p);
  elseif (isempty (A))
    c = gpumat (0);
  elseif (! gather (all (isfinite (A(:)))))
    error ("cond: A must not contain Inf or NaN values");
  else
    sigma = gather (svd (A));
    sigma_1 = sigma(1);
    sigma_n = sigma(end);
    if (sigma_1 == 0 || sigma_n == 0)
      c = gpumat (Inf);
    else
      c = gpumat (sigma_1 / sigma_n);
    endif
  endif
endfunction

%!error <Invalid call to cond> cond ()
%!error <called with too many inputs> cond (gpumat ([]), 2, 3)
%!error <A must be a 2-D matrix> cond (gpumat (zeros (0, 2, 2)))
## an empty matrix: 0 (a 1x1 gpumat result: the GPU)
%!testif ; gpumat_available ()
%! c = cond (gpumat (zeros (0, 3)));
%! assert (isa (c, "gpumat"));
%! assert (gather (c), 0);
%! assert (gather (cond (gpumat (single (zeros (3, 0))))), 0);

%!testif ; gpumat_available ()
%! S = reshape (sin ((1:35) .^ 1.3), 7, 5);
%! Z = complex (S, reshape (cos ((1:35) .^ 1.1), 7, 5));
%! for A = {S, S', single(S), Z, Z', single(Z), [1 2; 3 4], 3, [1 2 3], [true false; true true], hilb(6)}
%!   c = cond (gpumat (A{1}));
%!   assert (isa (c, "gpumat"));
%!   c = gather (c);
%!   assert (class (c), class (cond (A{1})));
%!   assert (c, cond (A{1}), -64 * 7 * eps (class (c)) * cond (A{1}));
%! endfor
%! assert (gather (cond (gpumat (zeros (3)))), Inf);
%! assert (gather (cond (gpumat (S(1:5, :)), 1)), cond (S(1:5, :), 1), 1e-12);
%! fail ("cond (gpumat ([1 NaN; 2 3]))", "cond: A must not contain Inf or NaN values");
%! fail ("cond (gpumat (single ([1 2; Inf 3])))", "cond: A must not contain Inf or NaN values");
