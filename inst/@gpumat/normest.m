## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} normest (@var{A}, @dots{})
## Octave's @code{normest} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{normest} runs on the host and numeric and logical results come back as
## gpumat arrays: the same values, class and size as on host arrays, errors included.  Warns
## once a session with the identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = normest (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("normest", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (normest (gpumat (magic (4)))), normest (magic (4)), -1e-12);
