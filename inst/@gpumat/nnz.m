## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{n} =} nnz (@var{G})
## Octave's @code{nnz} of a gpumat array: the number of nonzero elements (NaN counts, -0 does
## not; a complex element counts when either part is nonzero), counted on the GPU for every
## class, and returned as a host double, as Octave returns it.
## @seealso{gpumat, find}
## @end deftypefn

function n = nnz (varargin)
  if (nargin != 1)
    error ("Octave:invalid-fun-call", "Invalid call to nnz");     # as Octave's builtin
  endif
  n = __gpumat_call__ ("nnz", "nnz", varargin{1});
endfunction

%!error <Invalid call to nnz> nnz (gpumat (zeros (0, 2)), 1)
%!test
%! n = nnz (gpumat (zeros (0, 3)));
%! assert ({n, class(n), isgpuarray(n)}, {0, "double", false});

%!function gpu_check_nnz ()
%! x = [0 -0 NaN 1 -Inf 0 2];
%! for c = {@double, @single, @(v) complex (v, 0), @(v) complex (0 * v, v)}
%!   assert (nnz (gpumat (c{1} (x))), nnz (c{1} (x)));
%! endfor
%! y = [0 3 0 -1 0 0 7];
%! for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   assert (nnz (gpumat (cast (y, c{1}))), nnz (cast (y, c{1})));
%! endfor
%! assert (nnz (gpumat (y) > 0), 2);
%! assert (nnz (gpumat (reshape (1:24, 2, 3, 4)) > 5), 19);
%! A = rand (300, 301) > 0.5;
%! assert (nnz (gpumat (A)'), nnz (A));      # a view holds the same elements
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_nnz ();
