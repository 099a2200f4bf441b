## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} isdefinite (@var{x}, @dots{})
## Octave's @code{isdefinite} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{isdefinite} runs on the host and numeric and logical results come back as
## gpumat arrays: the same values, class and size as on host arrays, errors included (Octave's
## isdefinite.m, given a gpumat array itself, stops at the class name).  Warns once a session with the
## identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = isdefinite (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("isdefinite", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! A = [2 -1 0; -1 2 -1; 0 -1 2];
%! assert (gather (isdefinite (gpumat (A))), isdefinite (A));
%! assert (gather (isdefinite (gpumat (-A))), isdefinite (-A));
