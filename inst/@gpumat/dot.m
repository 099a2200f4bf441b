## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{d} =} dot (@var{x}, @var{y})
## @deftypefnx {} {@var{d} =} dot (@var{x}, @var{y}, @var{dim})
## Octave's @code{dot} with a gpumat operand: @code{gpumat_dot}, the result on the GPU.
## @end deftypefn
function d = dot (x, y, varargin)
  ## The call of an iterative method, dot (r, r) of two gpumat vectors of one length, goes
  ## straight to the gateway, its shape checks made in the shell (mex/gpumat_value.cc,
  ## "dotv"): the same checks here in Octave code cost 37 us a call, past issue 12's budget of
  ## 25 us.  It sums the one long dimension, as gpumat_dot does; other shapes go to gpumat_dot,
  ## and a sparse operand to Octave's own dot of the gathered data.
  if (nargin == 2)
    d = __gpumat_call__ ("dotv", x, y);
  elseif (! (isnumeric (x) && isnumeric (y)) || islogical (x) || islogical (y))
    ## Octave's dot takes numeric data only (gpumat_dot also takes logical)
    error ("gpumat:dot:notNumeric", "dot: X and Y must be numeric");
  elseif (issparse (x) || issparse (y))
    ## the GPU does not take sparse data: Octave's own dot of the gathered data (its full
    ## result, or its error for single or integer data with a sparse operand)
    d = host_call ("dot", x, y, varargin{:});
  else
    d = gpumat_dot (x, y, varargin{:});
  endif
endfunction

%!error dot (gpumat (zeros (0, 1)))
%!function gpu_check_dot ()
%! x = [1 -2 3.5];  y = [4 0.25 -1];
%! d = dot (gpumat (x), gpumat (y));
%! assert (isgpuarray (d));
%! assert (gather (d), dot (x, y), 4 * eps);
%! assert (gather (dot (gpumat ([1 2; 3 4]), [1 0; 0 1], 2)), dot ([1 2; 3 4], [1 0; 0 1], 2));
%! assert (gather (dot (gpumat (int8 ([100 100])), int8 ([100 100]))), dot (int8 ([100 100]), int8 ([100 100])));
%! fail ("dot (gpumat (true (1, 3)), gpumat (true (1, 3)))", "must be numeric");
%! fail ("dot (gpumat ([1 2 3]), true (1, 3))", "must be numeric");
%! fail ("dot (gpumat (true (2)), [1 2; 3 4], 1)", "must be numeric");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_dot ();

## a sparse operand: Octave's own dot of the gathered data (a full result), or its error
%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! A = magic (4);  S = sparse (A .* (A > 8));
%! d = dot (gpumat (A), S);
%! assert (isa (d, "gpumat"));
%! assert (gather (d), dot (A, S));
%! assert (gather (dot (S, gpumat (A), 2)), dot (S, A, 2));
%! assert (gather (dot (gpumat (A(:, 1)), S(:, 2))), dot (A(:, 1), S(:, 2)));
%! fail ("dot (gpumat (single (A)), S)", "wrong type argument 'sparse matrix'");
