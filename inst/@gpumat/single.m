## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{S} =} single (@var{G})
## @var{G} converted to single on the device (@var{G} itself when it is single).
## @end deftypefn
function C = single (A)
  if (strcmp (classUnderlying (A), "single"))
    C = A;
  else
    C = __gpumat_call__ ("convert", "single", "single", A);
  endif
endfunction
