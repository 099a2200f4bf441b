## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{X} =} qr (@var{G})
## @deftypefnx {} {[@var{Q}, @var{R}] =} qr (@var{G})
## @deftypefnx {} {[@var{Q}, @var{R}] =} qr (@var{G}, 0)
## @deftypefnx {} {[@dots{}] =} qr (@var{G}, @dots{})
## Octave's @code{qr} of an m x n gpumat matrix of double, single (real or complex) or logical
## data, on the GPU through cuSOLVER (geqrf, then orgqr or ungqr for @var{Q}):
## @code{[@var{Q}, @var{R}] = qr (@var{G})} gives the unitary m x m @var{Q} and the upper
## triangular m x n @var{R} with @code{@var{Q} * @var{R} = @var{G}} to rounding; with the
## argument 0 the economy form (@var{Q} m x k, @var{R} k x n, k = min (m, n)).  One output is
## what Octave returns for a full matrix: LAPACK's packed factors @var{X}, with
## @code{@var{R} = triu (@var{X})} and the Householder vectors below the diagonal each
## multiplied by its scalar factor tau.  cuSOLVER follows LAPACK's Householder convention, so
## @var{R} and @var{X} agree with the host's to rounding (each row of @var{R} and column of
## @var{Q} fixed by the sign rule of the reflectors).
##
## On the host, with Octave's own @code{qr} of the gathered arrays: the column-pivoted forms
## (@code{[@var{Q}, @var{R}, @var{P}] = qr (@dots{})}, @qcode{"vector"}, @qcode{"matrix"}),
## @code{qr (@var{A}, @var{B})}, a matrix holding NaN or Inf, integer, N-D and empty arrays.
## @seealso{chol, lu, svd}
## @end deftypefn

function varargout = qr (A, varargin)
  if (nargin < 1 || nargin > 3)
    print_usage ();
  endif
  nout = max (nargout, 1);
  args = [{A}, varargin];
  econ = false;
  device = isgpuarray (A) && ! isinteger (A) && ndims (A) == 2 && nout <= 2;
  if (nargin == 2)
    ## Octave's qr: a last argument that is the scalar 0 asks for the economy form; any other
    ## is B, "vector" or "matrix" (Octave's own on the host)
    o = varargin{1};
    econ = ! isgpuarray (o) && (isnumeric (o) || islogical (o)) && isscalar (o) && o == 0;
    device = device && econ;
  elseif (nargin > 2)
    device = false;
  endif
  if (! device)
    [varargout{1:nout}] = host_call ("qr", args{:});
  elseif (isempty (A))
    [varargout{1:nout}] = host_exact ("qr", nout, 1:2, args{:});
  else
    [varargout{1:nout}] = __gpumat_call__ ("qr", "qr", A, econ);
  endif
endfunction

%!error <Invalid call to qr> qr ()
%!error <Invalid call to qr> qr (gpumat ([]), 0, 1, 2)
%!test
%! assert (gather (qr (gpumat (zeros (0, 3)))), qr (zeros (0, 3)));

## qr on the device against the host: R and the one-output X within k eps ||A|| (LAPACK's
## reflector convention on both sides), Q R = A, Q orthonormal, Octave's shapes
%!function check_qr (A)
%! [m, n] = size (A);
%! cls = class (double (A) + A(1));    # logical data: double
%! tol = 32 * max (m, n) * eps (cls) * max (1, norm (double (A), 1));
%! Xh = qr (A);
%! X = qr (gpumat (A));
%! assert (isa (X, "gpumat"));
%! X = gather (X);
%! assert (class (X), class (Xh));
%! assert (size (X), size (Xh));
%! assert (double (triu (X)), double (triu (Xh)), tol);
%! assert (double (tril (X, -1)), double (tril (Xh, -1)), tol);
%! for form = {{}, {0}}
%!   [Qh, Rh] = qr (A, form{1}{:});
%!   [Q, R] = qr (gpumat (A), form{1}{:});
%!   Q = gather (Q);  R = gather (R);
%!   assert (class (Q), class (Qh));
%!   assert (class (R), class (Rh));
%!   assert (size (Q), size (Qh));
%!   assert (size (R), size (Rh));
%!   assert (R, triu (R));
%!   assert (double (R), double (Rh), tol);
%!   assert (norm (double (Q) * double (R) - double (A), 1) <= tol);
%!   assert (norm (double (Q)' * double (Q) - eye (columns (Q)), 1) <= 32 * max (m, n) * eps (cls));
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! G = reshape (sin ((1:35) .^ 1.3), 7, 5);
%! Z = complex (G, reshape (cos ((1:35) .^ 1.1), 7, 5));
%! for A = {G, G', single(G), single(G'), Z, Z', single(Z), [1 2; 3 4], 5, [1 2 3], [1; 2], ...
%!          [true false; true true]}
%!   check_qr (A{1});
%! endfor
%! G = reshape (sin ((1:100*64) .^ 1.3), 100, 64);
%! check_qr (G);
%! check_qr (G');

## pivoted forms, B, options, NaN and Inf, integer data: Octave's own qr on the host, exactly
%!testif ; gpumat_available ()
%! A = [1 2; 3 4; 5 6];
%! [Q, R, P] = qr (gpumat (A));
%! [Qh, Rh, Ph] = qr (A);
%! assert ({gather(Q), gather(R), gather(P)}, {Qh, Rh, Ph});
%! [Q, R, P] = qr (gpumat (A), 0);
%! [Qh, Rh, Ph] = qr (A, 0);
%! assert ({gather(Q), gather(R), gather(P)}, {Qh, Rh, Ph});
%! [C, R] = qr (gpumat (A), [1; 2; 3]);
%! [Ch, Rh] = qr (A, [1; 2; 3]);
%! assert ({gather(C), gather(R)}, {Ch, Rh});
%! for B = {[1 NaN; 2 3], [1 Inf; 2 3]}
%!   [Q, R] = qr (gpumat (B{1}));
%!   [Qh, Rh] = qr (B{1});
%!   assert ({gather(Q), gather(R)}, {Qh, Rh});
%!   assert (gather (qr (gpumat (B{1}))), qr (B{1}));
%! endfor
%! assert (gather (qr (gpumat (int8 ([3 4; 0 5])))), qr (int8 ([3 4; 0 5])));
%! fail ("qr (gpumat (A), \"econ\")", "qr: type for P must be 'matrix' or 'vector', not econ");
