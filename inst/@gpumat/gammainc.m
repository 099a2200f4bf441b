## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} gammainc (@dots{})
## Octave's @code{gammainc} where an argument is a gpumat array: no GPU method yet, so the
## arguments are gathered, Octave's own @code{gammainc} runs on the host and numeric and logical
## results come back as gpumat arrays: the same values, class and size as on host arrays,
## errors included (Octave's gammainc.m, given a gpumat array itself, stops at the class name).
## Warns once a session with the identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = gammainc (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("gammainc", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! x = [0.5 1 2 10];
%! assert (gather (gammainc (gpumat (x), 2)), gammainc (x, 2), -4 * eps);
%! assert (gather (gammainc (x, gpumat (2), "upper")), gammainc (x, 2, "upper"), -4 * eps);
