## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} tril (@var{x}, @dots{})
## Octave's @code{tril} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{tril} runs on the host and numeric and logical results come back as
## gpumat arrays (a logical one stays logical): the same values, class and size as on host
## arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = tril (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("tril", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (tril (gpumat (magic (4)), 1)), tril (magic (4), 1));
