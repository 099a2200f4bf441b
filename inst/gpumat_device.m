## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{info} =} gpumat_device ()
## @deftypefnx {} {@var{info} =} gpumat_device ("devices", @var{list})
## Describe the GPUs that gpumat uses, as a struct with fields
## @table @code
## @item Name
## the name of device 0, where gpumat arrays live, e.g. "NVIDIA H100 80GB HBM3";
## @item ComputeCapability
## e.g. "9.0";
## @item MultiprocessorCount
## @item TotalMemory
## @itemx FreeMemory
## in bytes; cached blocks are returned to CUDA first, so FreeMemory counts only
## the memory held by live gpumat arrays as used;
## @item DriverVersion
## @itemx RuntimeVersion
## the CUDA versions of the driver and of the runtime gpumat was built with;
## @item Index
## 0, the CUDA ordinal of that device;
## @item DeviceCount
## the number of CUDA GPUs of this host that gpumat can use (at most 16);
## @item Devices
## a 1-by-@code{DeviceCount} struct array, one entry per GPU, with fields
## @code{Index} (its 0-based CUDA ordinal, as nvidia-smi and
## @env{CUDA_VISIBLE_DEVICES} number them), @code{Name},
## @code{ComputeCapability}, @code{MultiprocessorCount}, @code{TotalMemory} and
## @code{FreeMemory}; reading them makes a CUDA context on every GPU;
## @item ProductDevices
## the GPUs that products of host arrays use by default (@code{[0]} unless set).
## @end table
##
## @code{gpumat_device ("devices", @var{list})} sets @code{ProductDevices}: a
## vector of distinct ordinals of GPUs this host has (@code{[]} goes back to
## device 0 alone), used by @code{gpumat_mul} of host arrays when the call has
## no @code{"devices"} option of its own; see @code{gpumat_mul} for how a
## product is shared among several GPUs.  A bad list raises
## @code{gpumat:device:invalidDevice} and leaves the setting as it was.  The
## setting lasts until Octave exits (@code{gpumat_reset} keeps it).
##
## Without a usable GPU it raises @code{gpumat:noDevice} with CUDA's reason.
## @seealso{gpumat_mul, gpumat_available, gpumat_reset}
## @end deftypefn

function info = gpumat_device (varargin)
  if (nargin == 0)
    info = __gpumat_call__ ("device", "gpumat_device");
  elseif (nargin == 2 && ischar (varargin{1}) && strcmpi (varargin{1}, "devices"))
    info = __gpumat_call__ ("device", "gpumat_device", "devices", varargin{2});
  elseif (nargin == 2)
    error ("gpumat:device:invalidOption",
           "gpumat_device: the one setting is \"devices\", LIST");
  else
    print_usage ();
  endif
endfunction

%!error <Invalid call> gpumat_device (1)
%!error <Invalid call> gpumat_device ("devices")
%!error <Invalid call> gpumat_device ("devices", 0, 1)
%!error id=gpumat:device:invalidOption gpumat_device ("gpus", 0)
%!error id=gpumat:device:invalidOption gpumat_device (1, 0)
## the list's form is checked before any GPU is asked (these run without one)
%!error id=gpumat:device:invalidDevice gpumat_device ("devices", -1)
%!error id=gpumat:device:invalidDevice gpumat_device ("devices", 0.5)
%!error id=gpumat:device:invalidDevice gpumat_device ("devices", [0 0])
%!error <lists GPU 1 twice> gpumat_device ("devices", [1 0 1])
%!error id=gpumat:device:invalidDevice gpumat_device ("devices", "0")
%!error id=gpumat:device:invalidDevice gpumat_device ("devices", {0})
%!error id=gpumat:device:invalidDevice gpumat_device ("devices", [0 1; 2 3])
%!error id=gpumat:device:invalidDevice gpumat_device ("devices", 1i)
%!error id=gpumat:device:invalidDevice gpumat_device ("devices", NaN)
%!error <GPU numbers 0 to 15> gpumat_device ("devices", 16)
%!testif ; ! gpumat_available ()
%! try
%!   gpumat_device ();
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:noDevice");
%!   assert (strncmp (err.message, "gpumat_device: no usable CUDA GPU: ", 35));
%! end_try_catch
%!testif ; ! gpumat_available ()
%! ## a well-formed list needs a GPU to be checked against
%! try
%!   gpumat_device ("devices", 0);
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:noDevice");
%! end_try_catch
%!function gpu_check_01 ()
%! info = gpumat_device ();
%! assert (ischar (info.Name) && ! isempty (info.Name));
%! assert (! isempty (regexp (info.ComputeCapability, '^\d+\.\d+$')));
%! assert (info.MultiprocessorCount >= 1);
%! assert (info.TotalMemory > 0 && info.FreeMemory > 0 && info.FreeMemory <= info.TotalMemory);
%! assert (! isempty (regexp (info.DriverVersion, '^\d+\.\d+$')));
%! assert (! isempty (regexp (info.RuntimeVersion, '^\d+\.\d+$')));
%! assert (info.Index, 0);
%! assert (info.DeviceCount >= 1 && info.DeviceCount == fix (info.DeviceCount));
%! assert (size (info.Devices), [1, info.DeviceCount]);
%! assert ([info.Devices.Index], 0:info.DeviceCount-1);
%! assert (info.Devices(1).Name, info.Name);
%! assert (info.Devices(1).TotalMemory, info.TotalMemory);
%! for d = info.Devices
%!   assert (ischar (d.Name) && ! isempty (d.Name));
%!   assert (d.MultiprocessorCount >= 1);
%!   assert (d.TotalMemory > 0 && d.FreeMemory > 0 && d.FreeMemory <= d.TotalMemory);
%! endfor
%! assert (info.ProductDevices, 0);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();
%!function gpu_check_02 ()
%! ## setting the default, a bad list leaving it as it was, [] back to device 0
%! n = gpumat_device ().DeviceCount;
%! unwind_protect
%!   info = gpumat_device ("devices", n-1:-1:0);
%!   assert (info.ProductDevices, n-1:-1:0);
%!   try
%!     gpumat_device ("devices", n);
%!     error ("no error raised");
%!   catch err
%!     assert (err.identifier, "gpumat:device:invalidDevice");
%!     assert (! isempty (strfind (err.message, sprintf ("GPU %d does not exist", n))));
%!   end_try_catch
%!   assert (gpumat_device ().ProductDevices, n-1:-1:0);
%!   info = gpumat_device ("DEVICES", int8 (0));
%!   assert (info.ProductDevices, 0);
%! unwind_protect_cleanup
%!   gpumat_device ("devices", []);
%! end_unwind_protect
%! assert (gpumat_device ().ProductDevices, 0);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_02 ();
