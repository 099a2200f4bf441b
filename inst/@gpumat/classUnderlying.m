## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{c} =} classUnderlying (@var{G})
## The class of @var{G}'s elements ("double" for complex double, as MATLAB's gpuArray).
## @end deftypefn
function c = classUnderlying (G)
  c = G.desc.cls;
endfunction

%!assert (classUnderlying (gpumat (zeros (0, 3, "single"))), "single")
%!assert (classUnderlying (gpumat (zeros (2, 0, "int16"))), "int16")
%!function gpu_check_classunderlying ()
%! assert (classUnderlying (gpumat ([1 2])), "double");
%! assert (classUnderlying (gpumat (true (2))), "logical");
%! assert (classUnderlying (gpumat (single ([1i 2]))), "single");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_classunderlying ();
