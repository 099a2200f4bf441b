## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} lcm (@var{x}, @var{y}, @dots{})
## Octave's @code{lcm} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{lcm} runs on the host and numeric and logical results come back as
## gpumat arrays (a logical one stays logical): the same values, class and size as on host
## arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = lcm (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("lcm", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (lcm (gpumat (int32 ([6 10])), 4)), lcm (int32 ([6 10]), 4));
