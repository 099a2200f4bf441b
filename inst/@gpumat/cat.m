## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} cat (@var{dim}, @var{A}, @var{B}, @dots{})
## Concatenation along @var{dim} with gpumat operands: along 1 and 2 on the GPU (as
## @code{[A; B]} and @code{[A, B]}), along 3 and up by Octave's own @code{cat} on the gathered
## operands, the result a gpumat array (host fallback: warns once a session with the
## identifier @code{gpumat:hostFallback}).
## @seealso{horzcat, vertcat}
## @end deftypefn

function C = cat (dim, varargin)
  if (nargin < 1)
    print_usage ();
  endif
  if (isgpuarray (dim))
    dim = gather (dim);
  endif
  if (isequal (dim, 1))
    C = vertcat (varargin{:});
  elseif (isequal (dim, 2))
    C = horzcat (varargin{:});
  else
    C = host_call ("cat", dim, varargin{:});
  endif
endfunction

%!function gpu_case_cat_01 ()
%! A = magic (3);  B = -A;
%! assert (gather (cat (1, gpumat (A), B)), cat (1, A, B));
%! assert (gather (cat (2, A, gpumat (B))), cat (2, A, B));
%! warning ("off", "gpumat:hostFallback", "local");
%! C = cat (3, gpumat (A), gpumat (B));
%! assert (isgpuarray (C));
%! assert (gather (C), cat (3, A, B));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_cat_01 ();
