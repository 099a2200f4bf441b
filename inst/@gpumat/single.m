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

%!assert (classUnderlying (single (gpumat (zeros (0, 2)))), "single")
%!function gpu_check_single ()
%! x = [1/3 -2 1e40 NaN];
%! assert (gather (single (gpumat (x))), single (x));
%! assert (gather (single (gpumat ([1 0] > 0))), single ([1 0]));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_single ();
