## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} mod (@var{x}, @var{y})
## Octave's @code{mod} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{mod} runs on the host and numeric and logical results come back as
## gpumat arrays (a logical one stays logical): the same values, class and size as on host
## arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = mod (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("mod", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (mod (gpumat (int8 ([-7 5 3])), 3)), mod (int8 ([-7 5 3]), 3));
