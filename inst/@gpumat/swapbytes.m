## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{y} =} swapbytes (@var{x})
## Octave's @code{swapbytes} for gpumat arrays: no GPU method yet, so @var{x} is gathered,
## Octave's own @code{swapbytes} runs on the host and the result comes back as a gpumat array:
## the same values, class and size as on host arrays, errors included (Octave's swapbytes.m,
## given a gpumat array itself, refuses its class).  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = swapbytes (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("swapbytes", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (swapbytes (gpumat (uint16 ([1 256 258])))), swapbytes (uint16 ([1 256 258])));
%! assert (gather (swapbytes (gpumat ([1.5 -2]))), swapbytes ([1.5 -2]));
