## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} polyvalm (@dots{})
## Octave's @code{polyvalm} where an argument is a gpumat array: no GPU method yet, so the
## arguments are gathered, Octave's own @code{polyvalm} runs on the host and numeric and logical
## results come back as gpumat arrays: the same values, class and size as on host arrays,
## errors included (Octave's polyvalm.m, given a gpumat array itself, stops at the class name).
## Warns once a session with the identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = polyvalm (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("polyvalm", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! A = [1 2; 3 4] / 5;
%! assert (gather (polyvalm ([1 -2 0.5], gpumat (A))), polyvalm ([1 -2 0.5], A), -4 * eps);
