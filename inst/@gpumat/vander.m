## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} vander (@var{x}, @dots{})
## Octave's @code{vander} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{vander} runs on the host and numeric and logical results come back as
## gpumat arrays: the same values, class and size as on host arrays, errors included (Octave's
## vander.m, given a gpumat array itself, stops at the class name).  Warns once a session with the
## identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = vander (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("vander", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (vander (gpumat ([1 2 3]))), vander ([1 2 3]));
%! assert (gather (vander (gpumat (single ([1 2 3])), 2)), vander (single ([1 2 3]), 2));
