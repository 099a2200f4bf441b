## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} repelems (@var{x}, @var{r})
## Octave's @code{repelems} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{repelems} runs on the host and numeric and logical results come back as
## gpumat arrays (a logical one stays logical): the same values, class and size as on host
## arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = repelems (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("repelems", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (repelems (gpumat ([10 20 30]), [1 2; 3 1])), repelems ([10 20 30], [1 2; 3 1]));
