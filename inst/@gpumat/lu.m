## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{Y} =} lu (@var{G})
## @deftypefnx {} {[@var{L}, @var{U}] =} lu (@var{G})
## @deftypefnx {} {[@var{L}, @var{U}, @var{P}] =} lu (@var{G})
## @deftypefnx {} {[@var{L}, @var{U}, @var{p}] =} lu (@var{G}, "vector")
## Octave's @code{lu} of a gpumat matrix (square or not), on the GPU: LU with partial pivoting
## (cuSOLVER's getrf), the outputs gpumat arrays of Octave's forms.  @var{Y} is the factored
## matrix as LAPACK leaves it (L below the diagonal, U on and above it); with two outputs
## @code{@var{L} * @var{U} = @var{G}} (@var{L} a row permutation of a unit lower triangular
## matrix); with three, @code{@var{L} * @var{U} = @var{P} * @var{G}}, @var{P} a double
## permutation matrix (a full gpumat array), or with @qcode{"vector"} the column of row indices
## @var{p}, @code{@var{L} * @var{U} = @var{G}(@var{p}, :)}.  Pivots are chosen as LAPACK's,
## the largest magnitude in the column; a tie, or candidates within rounding of each other (a
## singular matrix), can choose another row than Octave: the factors are then as correct and
## differ.  Double, single and logical data on the GPU.  Complex data are Octave's own
## @code{lu} of the gathered array (with a @code{gpumat:hostFallback} note): LAPACK pivots a
## complex column on |re| + |im|, which cuSOLVER's getrf does not promise, and the factors
## show every pivot.  A matrix holding NaN or Inf, integer data, empty and 1x1 arrays and
## other options are Octave's own @code{lu} of the gathered array too.
## @seealso{det, inv, chol, mldivide}
## @end deftypefn

function varargout = lu (A, varargin)
  nout = max (nargout, 1);
  vector = nargin == 2 && ischar (varargin{1}) && strcmp (varargin{1}, "vector");
  if (isinteger (A) || ndims (A) > 2 || iscomplex (A))
    __gpumat_call__ ("fallback_note", "lu");
    [varargout{1:nout}] = host_exact ("lu", nout, 1:nout, A, varargin{:});
  elseif (numel (A) < 2 || nout > 3 || ! (nargin == 1 || vector))
    ## empty, 1x1: Octave's own values; other options: Octave's own messages
    [varargout{1:nout}] = host_exact ("lu", nout, 1:nout, A, varargin{:});
  else
    [varargout{1:nout}] = __gpumat_call__ ("factor", "lu", "lu", A, vector);
  endif
endfunction

%!error <unrecognized string argument> lu (gpumat ([]), "matrix")
%!error <can not define pivoting threshold> lu (gpumat ([]), 0.5)
%!test
%! [L, U, P] = lu (gpumat (zeros (0, 3)));
%! assert (isa (L, "gpumat") && isa (U, "gpumat") && isa (P, "gpumat"));
%! assert ([size(L), size(U), size(P)], zeros (1, 6));

%!function check_lu (A)
%! tol = 16 * max (size (A)) * eps (class (A)) * norm (double (A), 1);
%! Y = lu (gpumat (A));
%! assert (isa (Y, "gpumat"));
%! assert (gather (Y), lu (A), tol);
%! [L, U] = lu (gpumat (A));
%! [Lh, Uh] = lu (A);
%! assert (gather (L), Lh, tol);
%! assert (gather (U), Uh, tol);
%! assert (norm (double (gather (L) * gather (U) - A), 1) <= tol);
%! [L, U, P] = lu (gpumat (A));
%! [Lh, Uh, Ph] = lu (A);
%! assert (class (gather (P)), "double");
%! assert (gather (P), full (Ph));
%! assert (gather (L), Lh, tol);
%! assert (gather (U), Uh, tol);
%! assert (class (gather (L)), class (Lh));
%! [L, U, p] = lu (gpumat (A), "vector");
%! [~, ~, ph] = lu (A, "vector");
%! assert (gather (p), ph);
%!endfunction
%!testif ; gpumat_available ()
%! check_lu ([1 2; 3 4]);
%! check_lu ([4 -2 1; 3 6 -4; 2 1 8]);
%! check_lu (magic (5));
%! check_lu ([1 2; 3 4; 5 6]);                        # more rows than columns
%! check_lu ([1 2 3 4; 5 6 7 9]);                     # more columns than rows
%! check_lu (single ([4 -2 1; 3 6 -4; 2 1 8]));
%! check_lu ([1 2; 2 4]);                             # singular: lu does not mind
%! A = [1 NaN; 2 3];
%! assert (gather (lu (gpumat (A))), lu (A));
%! [L, U, P] = lu (gpumat ([Inf 1; 2 3]));
%! [Lh, Uh, Ph] = lu ([Inf 1; 2 3]);
%! assert ({gather(L), gather(U), gather(P)}, {Lh, Uh, full(Ph)});

## complex data: Octave's own factors, pivots on |re| + |im| as LAPACK's izamax (by the modulus,
## row 2 would lead the first column: |3+3i| = 4.24 < 4.5 < 6 = |3| + |3|)
%!testif ; gpumat_available ()
%! A = [3+3i 1; 4.5 2i];
%! [L, U, P] = lu (gpumat (A));
%! [Lh, Uh, Ph] = lu (A);
%! assert (isa (L, "gpumat") && isa (U, "gpumat") && isa (P, "gpumat"));
%! assert ({gather(L), gather(U), gather(P)}, {Lh, Uh, full(Ph)});
%! assert (gather (P), eye (2));
%! [L, U, p] = lu (gpumat (single ([1+2i 3; -1i 4-1i; 2 2i])), "vector");
%! [Lh, Uh, ph] = lu (single ([1+2i 3; -1i 4-1i; 2 2i]), "vector");
%! assert ({gather(L), gather(U), gather(p)}, {Lh, Uh, ph});
%! assert (gather (lu (gpumat (A))), lu (A));
