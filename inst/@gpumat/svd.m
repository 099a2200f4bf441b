## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{s} =} svd (@var{G})
## @deftypefnx {} {[@var{U}, @var{S}, @var{V}] =} svd (@var{G})
## @deftypefnx {} {[@var{U}, @var{S}, @var{V}] =} svd (@var{G}, "econ")
## @deftypefnx {} {[@var{U}, @var{S}, @var{V}] =} svd (@var{G}, 0)
## Octave's @code{svd} of an m x n gpumat matrix of double, single (real or complex) or
## logical data, on the GPU through cuSOLVER (gesvd; a wide matrix through its conjugate
## transpose): the singular values @var{s} in descending order, a column of min (m, n)
## elements; with more outputs @code{@var{G} = @var{U} * @var{S} * @var{V}'} to rounding, with
## @var{U} m x m, @var{S} m x n and @var{V} n x n, or in the economy form (a second argument:
## any but a real scalar, or a real scalar such as 0 when m > n, as Octave's rule is) @var{U}
## m x k, @var{S} k x k and @var{V} n x k, k = min (m, n).  @var{S} is a full real gpumat
## matrix (Octave's is a diagonal matrix type).  The singular vectors are cuSOLVER's: each
## pair of columns may differ from the host's by a sign (real) or a unit complex factor, and
## within a repeated singular value's space.
##
## On the host, with Octave's own @code{svd} of the gathered matrix: a matrix holding NaN or
## Inf (Octave's error), integer, N-D and empty arrays.
## @seealso{eig}
## @end deftypefn

function varargout = svd (A, econ)
  if (nargin < 1 || nargin > 2 || nargout > 3)
    print_usage ();
  endif
  nout = max (nargout, 1);
  args = {A};
  if (nargin == 2)
    args{2} = econ;
  endif
  if (! isgpuarray (A) || isinteger (A) || ndims (A) > 2)
    [varargout{1:nout}] = host_call ("svd", args{:});
  elseif (isempty (A))
    [varargout{1:nout}] = host_exact ("svd", nout, 1:3, args{:});
  else
    ## Octave's svd_type: a real scalar asks for the economy form only when A is tall
    e = nargin == 2;
    if (e && isscalar (econ) && (isnumeric (econ) || islogical (econ)) && isreal (econ))
      e = rows (A) > columns (A);
    endif
    [varargout{1:nout}] = __gpumat_call__ ("svd", "svd", A, e);
  endif
endfunction

%!error <Invalid call to svd> svd ()
%!error <called with too many inputs> svd (gpumat ([]), 0, 1)
%!error <Invalid call to svd> [a, b, c, d] = svd (gpumat ([]))
%!error <A must be a 2-D matrix> svd (gpumat (zeros (0, 2, 2)))
%!test
%! assert (gather (svd (gpumat (zeros (0, 3)))), svd (zeros (0, 3)));

## empty with vectors (an identity U): Octave's own
%!testif ; gpumat_available ()
%! [U, S, V] = svd (gpumat (zeros (2, 0)));
%! [Uh, Sh, Vh] = svd (zeros (2, 0));
%! assert ({gather(U), gather(S), gather(V)}, {Uh, full(Sh), Vh});

## svd on the device against the host: singular values within k eps ||A||, the vectors by
## the reconstruction U S V' and their orthonormality (each pair of columns is unique only up
## to sign or phase), and Octave's shapes for each form
%!function check_svd (A)
%! [m, n] = size (A);
%! k = min (m, n);
%! cls = class (double (A) + A(1));    # logical data: double
%! tol = 32 * max (m, n) * eps (cls) * max (1, norm (double (A), 1));
%! sh = svd (A);
%! s = svd (gpumat (A));
%! assert (isa (s, "gpumat"));
%! s = gather (s);
%! assert (class (s), class (sh));
%! assert (size (s), [k 1]);
%! assert (double (s), double (sh), tol);
%! for form = {{}, {"econ"}, {0}}
%!   [Uh, Sh, Vh] = svd (A, form{1}{:});
%!   [U, S, V] = svd (gpumat (A), form{1}{:});
%!   U = double (gather (U));  S = gather (S);  V = double (gather (V));
%!   assert (size (U), size (Uh));
%!   assert (size (S), size (Sh));
%!   assert (size (V), size (Vh));
%!   assert (class (S), cls);
%!   assert (isreal (S));
%!   assert (double (S), double (full (Sh)), tol);
%!   assert (norm (U * double (S) * V' - double (A), 1) <= tol);
%!   assert (norm (U' * U - eye (columns (U)), 1) <= 32 * max (m, n) * eps (cls));
%!   assert (norm (V' * V - eye (columns (V)), 1) <= 32 * max (m, n) * eps (cls));
%! endfor
%! [U, S] = svd (gpumat (A));
%! assert (size (U), [m m]);
%! assert (size (S), [m n]);
%!endfunction
%!testif ; gpumat_available ()
%! G = reshape (sin ((1:35) .^ 1.3), 7, 5);
%! Z = complex (G, reshape (cos ((1:35) .^ 1.1), 7, 5));
%! for A = {G, G', single(G), single(G'), Z, Z', single(Z'), [1 2; 3 4], 5, [1 2 3], [1; 2], ...
%!          ones(4, 3), zeros(3), eye(4), [true false; true true]}
%!   check_svd (A{1});
%! endfor
%! G = reshape (sin ((1:100*64) .^ 1.3), 100, 64);
%! check_svd (G);
%! check_svd (G');

## NaN or Inf: Octave's own error
%!testif ; gpumat_available ()
%! fail ("svd (gpumat ([1 NaN; 2 3]))", "svd: cannot take SVD of matrix containing Inf or NaN values");
%! fail ("[U, S, V] = svd (gpumat (single ([1 Inf; 2 3])), 0)", "cannot take SVD of matrix containing Inf or NaN");
%! assert (gather (svd (gpumat (int8 ([3 0; 0 4])))), svd (int8 ([3 0; 0 4])));
