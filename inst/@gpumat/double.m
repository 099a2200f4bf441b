## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{D} =} double (@var{G})
## @var{G} converted to double on the device (@var{G} itself when it is double).
## @end deftypefn
function C = double (A)
  if (strcmp (classUnderlying (A), "double"))
    C = A;
  else
    C = __gpumat_call__ ("convert", "double", "double", A);
  endif
endfunction
