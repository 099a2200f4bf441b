## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{M} =} mean (@var{G})
## @deftypefnx {} {@var{M} =} mean (@var{G}, @var{dim})
## Octave's @code{mean} of a gpumat array, on the GPU.
## @end deftypefn
function M = mean (A, dim, varargin)
  if (nargin > 2 || (nargin == 2 && ischar (dim)) || isinteger (A) || iscomplex (A))
    ## options, integer and complex data: Octave's own mean on the host (gpumat:hostFallback)
    args = {A};
    if (nargin >= 2)
      args = [args, {dim}, varargin];
    endif
    M = host_call ("mean", args{:});
    return;
  elseif (nargin < 2)
    dim = 0;
  elseif (! valid_dim (dim))
    error ("gpumat:reduce:invalidDim", "mean: DIM must be an integer and a valid dimension");
  endif
  M = __gpumat_call__ ("reduce", "mean", "mean", A, double (dim));
endfunction

%!error <DIM must be> mean (gpumat (zeros (0, 3)), -1)
%!function gpu_check_mean ()
%! A = [1 2 3; 4 5 7];
%! assert (gather (mean (gpumat (A))), mean (A), 4 * eps);
%! assert (gather (mean (gpumat (A), 2)), mean (A, 2), 4 * eps);
%! assert (class (gather (mean (gpumat (single (A))))), "single");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_mean ();
