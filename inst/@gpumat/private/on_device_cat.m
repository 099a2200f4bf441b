## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} on_device_cat (@var{x})
## True when the device concatenation takes @var{x}: real double, single or logical, 2-D,
## full (gpumat or host).
## @end deftypefn

function tf = on_device_cat (x)
  tf = (isfloat (x) || islogical (x)) && ! iscomplex (x) && ! issparse (x) && ndims (x) == 2;
endfunction
