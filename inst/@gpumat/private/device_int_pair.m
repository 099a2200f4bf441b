## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} device_int_pair (@var{takes_logical}, @var{x}, @var{y})
## Whether the gateway's integer kernels (kernels/elementwise_int.cu) compute max, min, mod
## or rem of @var{x} and @var{y} (gpumat or host) as Octave does: one integer class on both
## sides, or an int8 @dots{} uint32 array with real double or single data (and logical data
## when @var{takes_logical}: max and min take it, mod and rem refuse it in Octave 7.3).  Two
## integer classes, int64 and uint64 with floating-point data, complex and sparse data go
## through Octave's own function on the host (host_call), errors included.
## @end deftypefn

function tf = device_int_pair (takes_logical, x, y)
  tf = false;
  if (! (isinteger (x) || isinteger (y)) || ! isreal (x) || ! isreal (y)
      || issparse (x) || issparse (y))
    return;
  endif
  cx = underlyingType (x);
  cy = underlyingType (y);
  if (isinteger (x) && isinteger (y))
    tf = strcmp (cx, cy);
  elseif (isinteger (x))
    tf = ! any (strcmp (cx, {"int64", "uint64"})) ...
         && (isfloat (y) || (takes_logical && islogical (y)));
  else
    tf = ! any (strcmp (cy, {"int64", "uint64"})) ...
         && (isfloat (x) || (takes_logical && islogical (x)));
  endif
endfunction
