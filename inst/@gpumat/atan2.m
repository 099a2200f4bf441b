## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} atan2 (@var{x}, @var{y})
## Octave's @code{atan2} for gpumat arrays.  Real double and single data (gpumat or host, either
## argument) run on the GPU with Octave's broadcasting and class rules (single when either is
## single); the device's atan2 is within 2 ulp (double) or 3 ulp (single) of the exact result.
## Integer, complex, char and sparse data, and other call forms, go through Octave's own
## @code{atan2} on the host (gather, compute, upload; it warns once a session with the identifier
## @code{gpumat:hostFallback}): the same values, class and size as on host arrays, errors
## included.
## @seealso{gpumat, gather, hypot}
## @end deftypefn

function varargout = atan2 (varargin)
  if (nargin == 2 && nargout <= 1 && device_elementwise (false, varargin{:}))
    varargout{1} = __gpumat_call__ ("binary", "atan2", "atan2", varargin{:});
  else
    [varargout{1:max (nargout, 1)}] = host_call ("atan2", varargin{:});
  endif
endfunction

%!function gpu_check_atan2 ()
%! y = [0 -0 1 -1 Inf -Inf NaN 3 0.5];
%! x = [0 -1 0 -0 Inf 2 1 -4 -0.25];
%! for c = {@double, @single}
%!   R = atan2 (gpumat (c{1} (y)), c{1} (x));
%!   assert (isgpuarray (R));
%!   ## the device's atan2: 2 ulp (double), 3 (single); zeros' signs exact
%!   assert (gather (R), atan2 (c{1} (y), c{1} (x)), -4 * eps (c{1} (1)));
%!   assert (signbit (gather (R)), signbit (atan2 (c{1} (y), c{1} (x))));
%! endfor
%! assert (class (gather (atan2 (gpumat ([1 2]), single (3)))), "single");
%! assert (gather (atan2 ([1; 2], gpumat ([1 2 3]))), atan2 ([1; 2], [1 2 3]), -4 * eps);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_atan2 ();
