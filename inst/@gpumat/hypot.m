## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} hypot (@var{x}, @var{y})
## Octave's @code{hypot} for gpumat arrays.  Real double and single data (gpumat or host, either
## argument) run on the GPU with Octave's broadcasting and class rules (single when either is
## single); the device's hypot is within 2 ulp (double) or 3 ulp (single) of the exact result.
## Integer, complex, char and sparse data, and other call forms, go through Octave's own
## @code{hypot} on the host (gather, compute, upload; it warns once a session with the identifier
## @code{gpumat:hostFallback}): the same values, class and size as on host arrays, errors
## included.
## @seealso{gpumat, gather, atan2}
## @end deftypefn

function varargout = hypot (varargin)
  if (nargin == 2 && nargout <= 1 && device_elementwise (false, varargin{:}))
    varargout{1} = __gpumat_call__ ("binary", "hypot", "hypot", varargin{:});
  else
    [varargout{1:max (nargout, 1)}] = host_call ("hypot", varargin{:});
  endif
endfunction

%!function gpu_check_hypot ()
%! x = [3 -0 1e300 -1e-300 Inf NaN NaN 5];
%! y = [4 0 1e300 0 NaN Inf 1 -12];
%! for c = {@double, @single}
%!   R = hypot (gpumat (c{1} (x)), c{1} (y));
%!   assert (isgpuarray (R));
%!   ## the device's hypot: 2 ulp (double), 3 (single); no overflow; Inf wins over NaN
%!   assert (gather (R), hypot (c{1} (x), c{1} (y)), -4 * eps (c{1} (1)));
%! endfor
%! assert (gather (hypot (gpumat ([3; 5]), [4 12])), hypot ([3; 5], [4 12]), -4 * eps);
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (hypot (gpumat (int8 (3)), 4)), hypot (int8 (3), 4));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_hypot ();
