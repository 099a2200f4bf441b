## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} concatenate (@var{name}, @var{dim}, @dots{})
## horzcat (@var{dim} 2) and vertcat (@var{dim} 1) of gpumat and host operands: on the device
## when every operand is real double, single or logical, 2-D and full; otherwise Octave's own
## @var{name} of the gathered operands (integer, complex, char, sparse, N-D or non-numeric
## operands; gpumat:hostFallback), the result uploaded.
## @end deftypefn

function C = concatenate (name, dim, varargin)
  on_device = @(x) (isfloat (x) || islogical (x)) && ! iscomplex (x) && ! issparse (x) ...
                   && ndims (x) == 2;
  if (all (cellfun (on_device, varargin)))
    C = __gpumat_call__ ("cat", name, dim, varargin{:});
  else
    C = host_call (name, varargin{:});
  endif
endfunction
