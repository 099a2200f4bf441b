## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{S} =} sumsq (@var{G})
## @deftypefnx {} {@var{S} =} sumsq (@var{G}, @var{dim})
## The sum of squares along @var{dim}, as Octave's @code{sumsq}: on the GPU for real data
## (@code{sum (@var{G} .* @var{G}, @var{dim})}), by Octave's own @code{sumsq} on the gathered
## array for integer and complex data (gpumat:hostFallback).
## @seealso{sum}
## @end deftypefn

function S = sumsq (G, dim)
  if (nargin < 1 || nargin > 2)
    print_usage ();
  endif
  if (isinteger (G) || iscomplex (G) || (nargin == 2 && isgpuarray (dim)))
    args = {G};
    if (nargin == 2)
      args{2} = dim;
    endif
    S = host_call ("sumsq", args{:});
  elseif (nargin == 1)
    S = sum (G .* G);
  else
    S = sum (G .* G, dim);
  endif
endfunction

%!function gpu_case_sumsq_01 ()
%! A = [1 -2 3; 4 NaN 0.5];
%! assert (gather (sumsq (gpumat (A))), sumsq (A), -1e-15);
%! assert (gather (sumsq (gpumat (single (A)), 2)), sumsq (single (A), 2), -1e-6);
%! assert (class (gather (sumsq (gpumat (A > 0)))), "double");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_sumsq_01 ();
%!function gpu_case_sumsq_02 ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (sumsq (gpumat ([1+2i 3]))), sumsq ([1+2i 3]));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_sumsq_02 ();
