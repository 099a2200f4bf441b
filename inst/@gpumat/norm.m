## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{n} =} norm (@var{G})
## @deftypefnx {} {@var{n} =} norm (@var{G}, @var{p})
## Octave's @code{norm} of a gpumat array (see @code{help gpumat} for what runs on the GPU).
## The matrix 2-norm (@code{norm (@var{G})}, @code{norm (@var{G}, 2)}) of a double or single
## matrix, real or complex, is the largest singular value of @code{svd (@var{G})} on the GPU
## (Octave's own algorithm), within rounding of the host's; of a matrix holding NaN or Inf,
## Octave's own norm of the gathered matrix.
## @end deftypefn
function n = norm (A, p, varargin)
  ## On the GPU: real double and single data, no "rows"/"columns" option, P on the host; the
  ## matrix 2-norm of complex data too (svd_norm).
  ## The rest (complex and other classes, the options) is Octave's own norm of the gathered
  ## data, its result uploaded: the host's value, or the host's error.
  if (nargin < 2)
    ## the common call in one step: the shell takes the same decisions for P = 2
    n = __gpumat_call__ ("norm2", A);
    return;
  endif
  if (nargin == 2 && isa (A, "gpumat") && ! isa (p, "gpumat") && isfloat (A) && ndims (A) == 2
      && rows (A) > 1 && columns (A) > 1 && isnumeric (p) && isscalar (p) && isreal (p)
      && p == 2)
    ## the matrix 2-norm (real or complex): the device SVD's largest singular value
    n = svd_norm (A);
    return;
  endif
  if (nargin > 2 || ! isa (A, "gpumat") || ! (isfloat (A) && isreal (A)) || isa (p, "gpumat"))
    n = host_call ("norm", A, p, varargin{:});
    return;
  elseif (ndims (A) > 2)
    error ("gpumat:norm:ndArray", "norm: only valid for 2-D objects");
  endif
  ## The kind: "1", "2", "inf", "-inf", "fro", or "p" with the value p.
  if (ischar (p))
    switch (p)
      case "fro"
        kind = "fro";
      case {"inf", "Inf"}
        kind = "inf";
      case {"-inf", "-Inf"}
        kind = "-inf";
      otherwise
        ## "rows", "columns", "cols", or no option: Octave's norm, its value or its error
        n = host_call ("norm", A, p);
        return;
    endswitch
    p = 0;
  elseif (isnumeric (p) && ! isa (p, "gpumat") && isscalar (p) && isreal (p))
    p = double (p);
    if (p == 1)
      kind = "1";
    elseif (p == 2)
      kind = "2";
    elseif (p == Inf)
      kind = "inf";
    elseif (p == -Inf)
      kind = "-inf";
    else
      kind = "p";
    endif
  else
    error ("gpumat:norm:invalidP", "norm: P must be a real scalar or a string");
  endif
  ## On the GPU: vector norms for p > 0 and +-Inf, matrix 1, Inf and Frobenius norms (the
  ## matrix 2-norm above).  The rest (other matrix p-norms; vector norms for p <= 0) is
  ## Octave's own norm of the gathered array, its result uploaded.
  sz = size (A);
  is_vector = any (sz == 1) || any (sz == 0);
  on_gpu = ((is_vector && (! strcmp (kind, "p") || (p > 0 && isfinite (p))))
            || any (strcmp (kind, {"1", "inf", "fro"})));
  if (on_gpu)
    n = __gpumat_call__ ("norm", "norm", A, kind, p);
  else
    if (strcmp (kind, "p") || strcmp (kind, "2"))
      n = gpumat (norm (gather (A), p));
    else
      n = gpumat (norm (gather (A), kind));
    endif
  endif
endfunction

## Octave's matrix 2-norm (oct-norm.cc's svd_matrix_norm: the largest singular value) of a
## float matrix, the SVD on the device; NaN or Inf: Octave's own norm of the gathered matrix
## (LAPACK's propagation; the device svd would end in svd's error)
function n = svd_norm (A)
  if (gather (all (isfinite (A(:)))))
    s = svd (A);
    n = s(1);
  else
    n = gpumat (norm (gather (A), 2));
  endif
endfunction

%!error <wrong type argument> norm (gpumat (zeros (0, 3, "int32")))
%!function gpu_check_norm ()
%! x = [3 -4 12];  A = [1 -2; 3 4];
%! assert (gather (norm (gpumat (x))), norm (x), 4 * eps);
%! assert (gather (norm (gpumat (x), 1)), norm (x, 1));
%! assert (gather (norm (gpumat (x), Inf)), norm (x, Inf));
%! assert (gather (norm (gpumat (A), "fro")), norm (A, "fro"), 8 * eps);
%! assert (gather (norm (gpumat (A))), norm (A), 8 * eps * norm (A));
%! z = [1+2i, 3; -1i, 4];
%! assert (gather (norm (gpumat (z))), norm (z), 8 * eps * norm (z));
%! assert (gather (norm (gpumat (single (z(1, :))))), norm (single (z(1, :))), 4 * eps ("single") * 5);
%! assert (gather (norm (gpumat (A), "rows")), norm (A, "rows"), 4 * eps);
%! fail ("norm (gpumat (true (2)))", "wrong type argument");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_norm ();

## the matrix 2-norm: the device SVD's largest singular value, real and complex, double and
## single, within 32 max (m, n) eps of the class relative to the norm (at least 1)
%!testif ; gpumat_available ()
%! S = reshape (sin ((1:35) .^ 1.3), 7, 5);
%! Z = complex (S, reshape (cos ((1:35) .^ 1.1), 7, 5));
%! for A = {S, S', single(S), Z, Z', single(Z), ones(4), zeros(3), [1 2; 2 4]}
%!   for p = {{}, {2}, {single(2)}}
%!     nh = norm (A{1}, p{1}{:});
%!     n = norm (gpumat (A{1}), p{1}{:});
%!     assert (isa (n, "gpumat"));
%!     n = gather (n);
%!     assert (class (n), class (nh));
%!     assert (size (n), [1 1]);
%!     assert (n, nh, 32 * 7 * eps (class (nh)) * max (nh, 1));
%!   endfor
%! endfor
%! assert (gather (norm (gpumat ([1 NaN; 2 3]))), NaN);
%! assert (gather (norm (gpumat ([1 Inf; 2 3]), 2)), norm ([1 Inf; 2 3], 2));
%! assert (gather (norm (gpumat (single ([1 NaN; 2 3])))), single (NaN));
%!testif ; gpumat_available ()
%! ## the norm of an empty array is 0: a double, except the "fro" norm, which keeps the class
%! for A = {zeros(0, 3), zeros(3, 0), zeros(1, 0), zeros(0, 0)}
%!   for cls = {"double", "single"}
%!     a = cast (A{1}, cls{1});
%!     for p = {{}, {1}, {2}, {Inf}, {-Inf}, {"fro"}, {"inf"}, {3}}
%!       nh = norm (a, p{1}{:});
%!       n = gather (norm (gpumat (a), p{1}{:}));
%!       assert ([class(n), mat2str(size (n))], [class(nh), mat2str(size (nh))]);
%!       assert (n, nh);
%!     endfor
%!   endfor
%! endfor
