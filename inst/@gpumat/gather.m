## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{A} =} gather (@var{G})
## The host array of gpumat array @var{G}: its class, its size, bit for bit.
## @end deftypefn
function A = gather (G)
  A = __gpumat_call__ ("gather", "gather", G);
endfunction
