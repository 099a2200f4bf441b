## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} sinint (@var{x}, @dots{})
## Octave's @code{sinint} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{sinint} runs on the host and numeric and logical results come back as
## gpumat arrays: the same values, class and size as on host arrays, errors included (Octave's
## sinint.m, given a gpumat array itself, stops at the class name).  Warns once a session with the
## identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = sinint (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("sinint", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! x = [0.5 1 2 10];
%! assert (gather (sinint (gpumat (x))), sinint (x), -4 * eps);
%! assert (gather (sinint (gpumat (single (x)))), sinint (single (x)), -4 * eps ('single'));
