## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} normest (@var{A}, @dots{})
## Octave's @code{normest} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{normest} runs on the host and numeric and logical results come back as
## gpumat arrays: the same values, class and size as on host arrays, errors included.  Warns
## once a session with the identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = normest (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("normest", varargin{:});
endfunction

%!function gpu_case_normest_01 ()
%! A = magic (4);  G = gpumat (A);
%! warning ("off", "gpumat:hostFallback", "local");
%! R = normest (G);
%! assert (isgpuarray (R));
%! assert (gather (R), normest (A), -1e-12);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_normest_01 ();
