## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} device_elementwise (@var{takes_logical}, @var{x}, @var{y})
## Whether the gateway's element-wise kernels take @var{x} and @var{y} (gpumat or host) as
## Octave would: dense real double or single data, and logical data too when
## @var{takes_logical} (mod, rem, atan2 and hypot refuse logical and char arguments in Octave
## 7.3; & | xor take them).  Integer, complex, char and sparse data go through Octave's own
## function on the host (host_call), which gives exactly its result, errors included.
## @end deftypefn

function tf = device_elementwise (takes_logical, x, y)
  tf = ok (takes_logical, x) && ok (takes_logical, y);
endfunction

function tf = ok (takes_logical, v)
  tf = (isfloat (v) || (takes_logical && islogical (v))) && isreal (v) && ! issparse (v);
endfunction
