## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} unique (@var{x}, @dots{})
## Octave's @code{unique} for gpumat arrays: Octave's own is an m-file that branches on
## @code{class (@var{x})}, which is "gpumat" here, so the arguments are gathered, Octave's
## @code{unique} runs on the host and numeric results come back as gpumat arrays: the same
## values, class and size as on host arrays, errors included.  Warns once a session with the
## identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = unique (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("unique", varargin{:});
endfunction

%!function gpu_check_unique ()
%! warning ("off", "gpumat:hostFallback", "local");
%! A = {[3 1 3 NaN 2]};
%! R = unique (gpumat (A{1}));
%! assert (isgpuarray (R));
%! assert (gather (R), unique (A{1}));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_unique ();
