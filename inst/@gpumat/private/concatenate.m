## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} concatenate (@var{name}, @var{dim}, @dots{})
## horzcat (@var{dim} 2) and vertcat (@var{dim} 1) of gpumat and host operands, on the
## device: real double, single and logical 2-D operands by the gateway's "cat" (column and
## row copies), every other numeric and logical case (integer, complex, N-D, mixed classes)
## by its "catnd" with Octave's rule for [A, B] and [A; B] (dim_vector::hvcat) and class
## rule (concat_class); char, cell, struct and sparse operands by Octave's own @var{name} on
## the gathered operands (gpumat:hostFallback), the result uploaded.
## @end deftypefn

function C = concatenate (name, dim, varargin)
  on_device = @(x) (isfloat (x) || islogical (x)) && ! iscomplex (x) && ! issparse (x) ...
                   && ndims (x) == 2;
  if (all (cellfun (on_device, varargin)))
    C = __gpumat_call__ ("cat", name, dim, varargin{:});
    return;
  endif
  [cls, cplx, args] = concat_class (varargin{:});
  if (isempty (cls))
    if (dim == 2 && any (cellfun ("issparse", varargin)) && any (cellfun ("ndims", varargin) > 2))
      ## Octave's horzcat function joins an N-D array with a sparse one by reshaping it, where
      ## its [A, S] refuses them ("horizontal dimensions mismatch"): [G, S] reaches this
      ## method, which cannot tell the two apart, so it answers as the syntax does, with the
      ## syntax's own check (horzcat (G, S) by name then refuses them too)
      host = cellfun (@gather_if_gpumat, varargin, "uniformoutput", false);
      [host{:}];
    endif
    C = host_call (name, varargin{:});
  else
    C = __gpumat_call__ ("catnd", name, -dim, cls, cplx, args{:});
  endif
endfunction

function x = gather_if_gpumat (x)
  if (isgpuarray (x))
    x = gather (x);
  endif
endfunction
