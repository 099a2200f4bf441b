## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{c} =} classUnderlying (@var{G})
## The class of @var{G}'s elements ("double" for complex double, as MATLAB's gpuArray).
## @end deftypefn
function c = classUnderlying (G)
  c = G.desc.cls;
endfunction
