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

%!assert (classUnderlying (double (gpumat (zeros (0, 2, "single")))), "double")
%!function gpu_check_double ()
%! x = single ([1.5 -2 NaN]);
%! assert (gather (double (gpumat (x))), double (x));
%! assert (gather (double (gpumat ([1 0] > 0))), [1 0]);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_double ();
