## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{tf} =} gpumat_available ()
## True when a CUDA GPU that gpumat can use is present, false otherwise.
##
## It never raises an error, whatever goes wrong (no driver, no GPU, a library
## that fails to load), so it can guard tests:
## @code{%!testif ; gpumat_available ()}.  @code{gpumat_device} says why not.
## @seealso{gpumat_device}
## @end deftypefn

function tf = gpumat_available ()
  try
    tf = __gpumat__ ("available", "gpumat_available");
  catch
    tf = false;
  end_try_catch
endfunction

%!test
%! tf = gpumat_available ();
%! assert (islogical (tf) && isscalar (tf));
%! assert (gpumat_available (), tf);
%!error <called with too many inputs> gpumat_available (1)
