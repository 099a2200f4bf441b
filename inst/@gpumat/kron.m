## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} kron (@var{a}, @var{b}, @dots{})
## Octave's @code{kron} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{kron} runs on the host and numeric and logical results come back as
## gpumat arrays: the same values, class and size as on host arrays, errors included.  Warns
## once a session with the identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = kron (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("kron", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (kron (gpumat (magic (3)), [1 2])), kron (magic (3), [1 2]), -1e-12);
