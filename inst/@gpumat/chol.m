## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{R} =} chol (@var{G})
## @deftypefnx {} {[@var{R}, @var{p}] =} chol (@var{G})
## @deftypefnx {} {[@var{L}, @dots{}] =} chol (@var{G}, "lower")
## @deftypefnx {} {[@var{R}, @dots{}] =} chol (@var{G}, "upper")
## Octave's @code{chol} of a square gpumat matrix, on the GPU (cuSOLVER's potrf): the upper
## factor @var{R}, @code{@var{R}' * @var{R} = @var{G}}, from @var{G}'s upper triangle, or with
## @qcode{"lower"} the lower one, @code{@var{L} * @var{L}' = @var{G}}, from its lower triangle
## (the other triangle is not read), as gpumat arrays.  With one output, a matrix that is not
## positive definite raises Octave's error @qcode{"chol: input matrix must be positive
## definite"}; with two, @var{p} (a host double) is 0 for a positive definite matrix, else the
## order of the first leading minor that is not, and @var{R} the factor of
## @code{@var{G}(1:@var{p}-1, 1:@var{p}-1)}.  Double, single, complex and logical data; a matrix
## holding NaN or Inf (whose factor depends on the host's LAPACK: reference LAPACK's xPOTRF
## stops at a NaN on the diagonal, so that @code{chol} raises its error, OpenBLAS's own does
## not), integer data, empty and 1x1 arrays and other options (@qcode{"vector"}, three outputs:
## for sparse matrices) are Octave's own @code{chol} of the gathered array.
## @seealso{lu, inv, det, mldivide}
## @end deftypefn

function varargout = chol (A, varargin)
  nout = max (nargout, 1);
  lower = false;
  known = nout <= 2;
  for k = 1:numel (varargin)
    if (ischar (varargin{k}) && strcmpi (varargin{k}, "lower"))
      lower = true;
    elseif (ischar (varargin{k}) && strcmpi (varargin{k}, "upper"))
      lower = false;
    else
      known = false;
    endif
  endfor
  if (isinteger (A) || ndims (A) > 2)
    __gpumat_call__ ("fallback_note", "chol");
    [varargout{1:nout}] = host_exact ("chol", nout, 1, A, varargin{:});
  elseif (! known || nargin > 3 || numel (A) < 2 || rows (A) != columns (A))
    ## empty, 1x1: Octave's own values; other options, not square: Octave's own messages
    [varargout{1:nout}] = host_exact ("chol", nout, 1, A, varargin{:});
  else
    [varargout{1:nout}] = __gpumat_call__ ("factor", "chol", "chol", A, lower);
  endif
endfunction

%!error <optional argument must be one of> chol (gpumat ([]), "left")
%!error <optional arguments must be strings> chol (gpumat ([]), 1)
%!error <using three output arguments> [R, p, Q] = chol (gpumat ([]))
%!test
%! R = chol (gpumat (zeros (0, 0)), "lower");
%! assert (isa (R, "gpumat"));
%! assert (size (R), [0 0]);
%! R = chol (gpumat (zeros (0, 0)), "vector");         # Octave looks at no option for []
%! assert (size (R), [0 0]);

%!function check_chol (A)
%! tol = 16 * rows (A) * eps (class (A)) * norm (double (A), 1);
%! R = chol (gpumat (A));
%! assert (isa (R, "gpumat"));
%! assert (gather (R), chol (A), tol);
%! assert (class (gather (R)), class (chol (A)));
%! L = chol (gpumat (A), "lower");
%! assert (gather (L), chol (A, "lower"), tol);
%! [R, p] = chol (gpumat (A), "Upper");
%! assert (p, 0);
%! assert (isa (p, "double") && ! isgpuarray (p));
%! assert (gather (R), chol (A), tol);
%!endfunction
%!testif ; gpumat_available ()
%! check_chol ([4 1 0; 1 5 2; 0 2 6]);
%! check_chol (single ([4 1 0; 1 5 2; 0 2 6]));
%! check_chol ([4 1i; -1i 3]);
%! check_chol (hilb (5) + eye (5));
%! A = [4 2 1; 2 1 0; 1 0 3];                         # not positive definite at minor 2
%! fail ("chol (gpumat (A))", "chol: input matrix must be positive definite");
%! [R, p] = chol (gpumat (A));
%! [Rh, ph] = chol (A);
%! assert (p, ph);
%! assert (gather (R), Rh, 4 * eps);
%! [R, p] = chol (gpumat ([-1 2; 2 1]));              # at minor 1: an empty R
%! assert (p, 1);
%! assert (size (R), [0 0]);
%! assert (gather (chol (gpumat ([4 1; 9 5]))), chol ([4 1; 9 5]), 8 * eps);  # upper triangle only
%! assert (gather (chol (gpumat ([4 9; 1 5]), "lower")), chol ([4 9; 1 5], "lower"), 8 * eps);
%! fail ("chol (gpumat ([4 9; 1 5]))", "positive definite");
%! fail ("chol (gpumat (A), \"vector\")", "A must be sparse for the \"vector\" option");
%! fail ("chol (gpumat (ones (2, 3)))", "chol: requires square matrix");

## NaN or Inf: the host's own chol, its factor or its error (which depends on its LAPACK)
%!function check_chol_host (A, varargin)
%! [R, p] = chol (gpumat (A), varargin{:});
%! [Rh, ph] = chol (A, varargin{:});
%! assert ({gather(R), p}, {Rh, ph});
%! err = "";
%! try
%!   Rh = chol (A, varargin{:});
%! catch e
%!   err = e.message;
%! end_try_catch
%! if (isempty (err))
%!   assert (gather (chol (gpumat (A), varargin{:})), Rh);
%! else
%!   fail ("chol (gpumat (A), varargin{:})", err);
%! endif
%!endfunction
%!testif ; gpumat_available ()
%! check_chol_host ([4 NaN; NaN 5]);
%! check_chol_host ([4 NaN; NaN 5], "lower");
%! check_chol_host ([NaN 1; 1 5]);
%! check_chol_host ([4 1; NaN 5]);                    # the triangle chol does not read
%! check_chol_host ([4 1; NaN 5], "lower");
%! check_chol_host (single ([4 Inf; Inf 5]));
%! check_chol_host ([4 1i; NaN 5]);
%! [R, p] = chol (gpumat ([4 1 0; 1 NaN 2; 0 2 6]));
%! [Rh, ph] = chol ([4 1 0; 1 NaN 2; 0 2 6]);
%! assert ({gather(R), p}, {Rh, ph});
