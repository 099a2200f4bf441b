## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} bsxfun (@var{f}, @var{a}, @var{b})
## Octave's @code{bsxfun} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{bsxfun} runs on the host and numeric and logical results come back as
## gpumat arrays (a logical one stays logical): the same values, class and size as on host
## arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = bsxfun (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("bsxfun", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (bsxfun (@minus, gpumat (magic (3)), mean (magic (3)))),
%!         bsxfun (@minus, magic (3), mean (magic (3))));
