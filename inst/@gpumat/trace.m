## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{y} =} trace (@var{G})
## Octave 7.3's @code{trace} of a gpumat array, its result a gpumat array: the sum of the
## main diagonal, @code{sum (diag (@var{G}))} (its class as @code{sum}'s: double for integer
## and logical data), the first element of a vector, a double 0 for an empty array, and an
## error for N-D arrays.  (Octave 7.3 takes non-square matrices too.)  The diagonal is taken
## on the GPU and summed there for double, single and logical data; integer and complex
## diagonals are summed by Octave's @code{sum} on the host (@code{gpumat:hostFallback}).
## @seealso{diag, sum}
## @end deftypefn

function y = trace (A)
  if (nargin < 1)
    print_usage ();
  endif
  if (ndims (A) > 2)
    error ("trace: only valid on 2-D objects");
  elseif (isempty (A))
    y = gpumat (0);
  elseif (isvector (A))
    y = A(1);
  else
    y = sum (diag (A));
  endif
endfunction

%!error <trace: only valid on 2-D objects> trace (gpumat (zeros (2, 0, 2)))
%!error <Invalid call to trace> trace ()
%!function gpu_check_trace ()
%! M = magic (5);
%! for X = {M, single(M), M > 10, M(1:3, :), M(:, 1:2), M(2, :), M(:, 3), 7, complex(M, -M)}
%!   y = trace (gpumat (X{1}));
%!   assert (isgpuarray (y));
%!   assert (class (gather (y)), class (trace (X{1})));
%!   assert (gather (y), trace (X{1}), 8 * eps (abs (trace (double (X{1})))));
%! endfor
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (trace (gpumat (int8 (M)))), trace (int8 (M)));
%! assert (gather (trace (gpumat (zeros (0, 3, "single")))), 0);
%! assert (class (gather (trace (gpumat (zeros (0, 3, "single"))))), "double");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_trace ();
