## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{info} =} gpumat_device ()
## Describe the GPU that gpumat uses, as a struct with fields
## @table @code
## @item Name
## the device name, e.g. "NVIDIA H100 80GB HBM3";
## @item ComputeCapability
## e.g. "9.0";
## @item MultiprocessorCount
## @item TotalMemory
## @itemx FreeMemory
## in bytes; cached blocks are returned to CUDA first, so FreeMemory counts only
## the memory held by live gpumat arrays as used;
## @item DriverVersion
## @itemx RuntimeVersion
## the CUDA versions of the driver and of the runtime gpumat was built with.
## @end table
## Without a usable GPU it raises @code{gpumat:noDevice} with CUDA's reason.
## @seealso{gpumat_available, gpumat_reset}
## @end deftypefn

function info = gpumat_device ()
  info = __gpumat__ ("device", "gpumat_device");
endfunction

%!error <called with too many inputs> gpumat_device (1)
%!testif ; ! gpumat_available ()
%! try
%!   gpumat_device ();
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:noDevice");
%!   assert (strncmp (err.message, "gpumat_device: no usable CUDA GPU: ", 35));
%! end_try_catch
%!testif ; gpumat_available ()
%! info = gpumat_device ();
%! assert (ischar (info.Name) && ! isempty (info.Name));
%! assert (! isempty (regexp (info.ComputeCapability, '^\d+\.\d+$')));
%! assert (info.MultiprocessorCount >= 1);
%! assert (info.TotalMemory > 0 && info.FreeMemory > 0 && info.FreeMemory <= info.TotalMemory);
%! assert (! isempty (regexp (info.DriverVersion, '^\d+\.\d+$')));
%! assert (! isempty (regexp (info.RuntimeVersion, '^\d+\.\d+$')));
