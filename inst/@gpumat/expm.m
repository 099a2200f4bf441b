## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} expm (@var{G})
## Octave's @code{expm} of a square gpumat matrix: the matrix exponential, a gpumat array,
## computed by Octave's own algorithm (trace reduction, balancing, scaling, the [8/8] Padé
## approximant, repeated squaring) with its products and its linear solve on the GPU.  Only the
## balancing runs on the host (Octave's @code{balance} of the gathered matrix: an n-by-n copy each
## way, where the GPU does 6 + s products of order n, s the scaling's squarings).  The result
## is the host's within the rounding of those products and of the solve.
##
## Double and single data, real or complex.  A matrix holding NaN or Inf, and integer or logical
## data, are Octave's own @code{expm} of the gathered array (its result uploaded, or its error);
## empty, 1x1 and diagonal matrices take Octave's short cuts (@code{exp} of the diagonal), on
## the GPU.
## @seealso{expm1, exp, balance}
## @end deftypefn

function R = expm (A)
  if (nargin < 1)
    print_usage ();
  endif
  if (! isfloat (A) || ndims (A) != 2 || rows (A) != columns (A))
    ## Octave's own expm: its result (uploaded), or its error ("A must be a square matrix")
    R = host_call ("expm", A);
    return;
  elseif (isempty (A))
    R = A;
    return;
  elseif (! gather (all (isfinite (A(:)))))
    R = host_call ("expm", A);       # NaN or Inf: Octave's own answer
    return;
  elseif (isscalar (A))
    R = exp (A);
    return;
  elseif (gather (nnz (triu (A, 1)) + nnz (tril (A, -1))) == 0)    # Octave's isdiag
    R = diag (exp (diag (A)));
    return;
  endif

  n = rows (A);
  id = gpumat.eye (n, classUnderlying (A));    # real, as Octave's eye (n) is
  ## Trace reduction (A holds no -Inf here: Octave's A(A == -Inf) = -realmax () has no work)
  trshift = gather (trace (A)) / n;
  if (trshift > 0)
    A -= trshift * id;
  endif
  ## Balancing: Octave's balance of the gathered matrix; the scaling by 2^-s is exact
  [d, p, aa] = balance (gather (A));
  [~, e] = log2 (norm (aa, "inf"));
  s = max (0, e);
  s = min (s, 1023);
  aa *= 2^(-s);
  aa = gpumat (aa);

  ## Padé approximation for exp (A): Octave's coefficients
  c = [5.0000000000000000e-1, ...
       1.1666666666666667e-1, ...
       1.6666666666666667e-2, ...
       1.6025641025641026e-3, ...
       1.0683760683760684e-4, ...
       4.8562548562548563e-6, ...
       1.3875013875013875e-7, ...
       1.9270852604185938e-9];

  a2 = aa * aa;
  x = (((c(8) * a2 + c(6) * id) * a2 + c(4) * id) * a2 + c(2) * id) * a2 + id;
  y = (((c(7) * a2 + c(5) * id) * a2 + c(3) * id) * a2 + c(1) * id) * aa;

  R = (x - y) \ (x + y);

  ## Undo the scaling by repeated squaring
  for k = 1:s
    R = R * R;
  endfor

  ## Inverse balancing: Octave's diag (d) * R / diag (d) is an exact scaling of rows and
  ## columns by d's powers of 2; R(p, p) = R is R (q, q) for q the inverse of p
  R = (d .* R) ./ d.';
  q = zeros (1, n);
  q(p) = 1:n;
  R = R(q, q);
  ## Inverse trace reduction
  if (trshift > 0)
    R *= exp (trshift);
  endif
endfunction

%!error <Invalid call to expm> expm ()
%!error <called with too many inputs> expm (gpumat ([]), 1)
%!test
%! R = expm (gpumat (zeros (0, 0)));
%! assert (isa (R, "gpumat"));
%! assert (size (R), [0 0]);

## Against Octave's expm of the same host matrix, within a bound that grows with the norm of
## the result and the condition of the Padé denominator
%!function check_expm (A, tol_ulps)
%!  R = expm (gpumat (A));
%!  H = expm (A);
%!  assert (isa (R, "gpumat"));
%!  r = gather (R);
%!  assert (class (r), class (H));
%!  assert (size (r), size (H));
%!  assert (iscomplex (r), iscomplex (H));
%!  if (tol_ulps == 0)
%!    assert (isequaln (r, H));
%!    return;
%!  endif
%!  err = norm (double (r) - double (H), 1);
%!  assert (err <= tol_ulps * eps (class (A)) * max (norm (double (H), 1), 1),
%!          sprintf ("expm error %g for norm %g", err, norm (double (H), 1)));
%!endfunction
%!function gpu_check_expm ()
%! warning ("off", "gpumat:hostFallback", "local");
%! warning ("off", "Octave:singular-matrix", "local");
%! check_expm ([1 2; 3 4], 64);
%! check_expm ([0 1; -1 0], 64);                    # a rotation
%! check_expm (magic (5) / 10, 256);
%! check_expm ([1 1e6; 1e-6 1], 256);               # balancing scales
%! check_expm (-magic (4), 256);                    # trace below 0: no shift
%! check_expm (triu (ones (6)), 256);               # not diagonal, nilpotent part
%! check_expm ([0 1 0; 0 0 1; 1 0 0], 64);          # balance permutes
%! check_expm (single ([1 2; 3 4]), 64);
%! check_expm ([1+2i 3; -1i 4-1i], 64);
%! check_expm (single ([1+2i 3; -1i 4-1i]), 64);
%! check_expm (randn (40) / 4, 1024);
%! check_expm (diag ([1 -2 3]), 4);                 # diagonal: exp of the diagonal
%! check_expm (5, 4);
%! check_expm ([1 NaN; 0 1], 0);                    # NaN: Octave's own, exactly
%! check_expm ([1 Inf; 0 1], 0);
%! assert (gather (expm (gpumat (int32 ([1 2; 3 4])))), expm (int32 ([1 2; 3 4])));
%! fail ("expm (gpumat (ones (2, 3)))", "expm: A must be a square matrix");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_expm ();
