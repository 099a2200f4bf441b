## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} nth_element (@var{x}, @var{n}, @dots{})
## Octave's @code{nth_element} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{nth_element} runs on the host and numeric and logical results come back as
## gpumat arrays (a logical one stays logical): the same values, class and size as on host
## arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = nth_element (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("nth_element", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (nth_element (gpumat ([5 1; 3 7; 2 9]), 2)), nth_element ([5 1; 3 7; 2 9], 2));
