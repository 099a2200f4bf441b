## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} num2cell (@var{x}, @dots{})
## Octave's @code{num2cell} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{num2cell} runs on the host and numeric and logical results come back as
## gpumat arrays (a logical one stays logical): the same values, class and size as on host
## arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = num2cell (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("num2cell", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (num2cell (gpumat ([1 2; 3 4]))), num2cell ([1 2; 3 4]));
