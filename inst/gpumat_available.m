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

## Without a GPU every GPU function says what is missing and what to do next
## (mex/gw_device_message.c; tests/test_device_message.c checks each case).  On a
## machine without the NVIDIA driver's kernel module (CI), that is the driver.
%!testif ; ! gpumat_available ()
%! try
%!   gpumat_device ();
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:noDevice");
%!   assert (strncmp (err.message, "gpumat_device: no usable CUDA GPU: ", 35));
%!   assert (! isempty (strfind (err.message, "gpumat_available () tells whether")));
%!   if (! exist ("/proc/driver/nvidia/version", "file"))
%!     assert (! isempty (regexp (err.message,
%!                                "no NVIDIA driver is installed|kernel module is not loaded")));
%!     assert (isempty (strfind (err.message, "insufficient")));
%!   endif
%! end_try_catch
