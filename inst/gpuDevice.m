## Copyright (C) 2026 The gpumat developers
##
## This program is free software: you can redistribute it and/or modify it under the terms of
## the GNU General Public License as published by the Free Software Foundation, either version 3
## of the License, or (at your option) any later version.  See COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{d} =} gpuDevice ()
## @deftypefnx {} {@var{d} =} gpuDevice (1)
## The GPU gpumat uses, with the field names of MATLAB's gpuDevice object:
## @code{Name}, @code{Index} (1), @code{ComputeCapability} (e.g. "9.0"),
## @code{SupportsDouble}, @code{DriverVersion} and @code{ToolkitVersion} (numbers,
## e.g. 13.0), @code{MultiprocessorCount}, @code{TotalMemory} and
## @code{AvailableMemory} (bytes), @code{DeviceAvailable} and
## @code{DeviceSelected}.  It is a struct, a snapshot: query again for fresh
## memory figures.  gpumat uses one device, so the only index is 1; any other
## raises @code{gpumat:device:invalidIndex}.  Without a usable GPU it raises
## @code{gpumat:noDevice}, as @code{gpumat_device} does.
## @seealso{gpumat_device, canUseGPU}
## @end deftypefn

function d = gpuDevice (index)
  if (nargin == 1 && ! (isnumeric (index) && isscalar (index) && index == 1))
    error ("gpumat:device:invalidIndex",
           "gpuDevice: gpumat uses one GPU, index 1; %s is not a device index",
           disp_value (index));
  endif
  info = gpumat_device ();
  d = struct ("Name", info.Name, "Index", 1,
              "ComputeCapability", info.ComputeCapability, "SupportsDouble", true,
              "DriverVersion", str2double (info.DriverVersion),
              "ToolkitVersion", str2double (info.RuntimeVersion),
              "MultiprocessorCount", info.MultiprocessorCount,
              "TotalMemory", info.TotalMemory, "AvailableMemory", info.FreeMemory,
              "DeviceAvailable", true, "DeviceSelected", true);
endfunction

function s = disp_value (x)
  if (isnumeric (x) && isscalar (x))
    s = num2str (x);
  else
    s = sprintf ("a %s %s", regexprep (num2str (size (x)), '\s+', 'x'), class (x));
  endif
endfunction

%!error <called with too many inputs> gpuDevice (1, 2)
%!error id=gpumat:device:invalidIndex gpuDevice (2)
%!error <index 1; 0 is not a device index> gpuDevice (0)
%!error <a 1x2 double is not a device index> gpuDevice ([1 1])
%!testif ; ! gpumat_available ()
%! try
%!   gpuDevice ();
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:noDevice");
%! end_try_catch
%!function gpu_check_01 ()
%! d = gpuDevice ();
%! info = gpumat_device ();
%! assert (d.Name, info.Name);
%! assert (d.ComputeCapability, info.ComputeCapability);
%! assert (d.Index, 1);
%! assert (d.TotalMemory, info.TotalMemory);
%! assert (d.AvailableMemory > 0 && d.AvailableMemory <= d.TotalMemory);
%! assert (d.ToolkitVersion >= 11);
%! assert (gpuDevice (1).Name, info.Name);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();
