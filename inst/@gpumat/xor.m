## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} xor (@var{x}, @var{y})
## Octave's @code{xor} for gpumat arrays.  Real double, single and logical data (gpumat or host,
## either argument) run on the GPU with Octave's broadcasting, a logical gpumat result; each
## argument is tested in its own class, as Octave's @code{xor} does, and NaN is Octave's error
## (invalid conversion from NaN to logical).
## Integer, complex, char and sparse data, and other call forms, go through Octave's own
## @code{xor} on the host (gather, compute, upload; it warns once a session with the identifier
## @code{gpumat:hostFallback}): the same values, class and size as on host arrays, errors
## included.
## @seealso{gpumat, gather, and}
## @end deftypefn

function varargout = xor (varargin)
  if (nargin == 2 && nargout <= 1 && device_elementwise (true, varargin{:}))
    varargout{1} = __gpumat_call__ ("binary", "xor", "xor", varargin{:});
  else
    [varargout{1:max (nargout, 1)}] = host_call ("xor", varargin{:});
  endif
endfunction

%!function gpu_check_xor ()
%! x = [0 1 -0 2 0.5 0 Inf];
%! y = [0 0 1 -3 0 -0 -Inf];
%! R = xor (gpumat (x), y);
%! assert (isgpuarray (R));
%! assert (islogical (R));
%! assert (gather (R), xor (x, y));
%! ## each argument in its own class: 1e-50 is true even against a single
%! assert (gather (xor (gpumat (single (0)), 1e-50)), xor (single (0), 1e-50));
%! assert (gather (xor (gpumat ([1 0]) > 0, [1; 0])), xor ([true false], [1; 0]));
%! fail ("xor (gpumat ([1 NaN]), 1)", "NaN");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_xor ();
