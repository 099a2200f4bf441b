## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} rem (@var{x}, @var{y})
## Octave's @code{rem} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{rem} runs on the host and numeric and logical results come back as
## gpumat arrays (a logical one stays logical): the same values, class and size as on host
## arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = rem (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("rem", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (rem (gpumat (int16 ([-7 5 3])), 3)), rem (int16 ([-7 5 3]), 3));
