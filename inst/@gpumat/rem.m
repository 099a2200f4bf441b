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

%!function gpu_case_rem_01 ()
%! A = int16 ([-7 5 3]);  G = gpumat (A);
%! warning ("off", "gpumat:hostFallback", "local");
%! R = rem (G, 3);
%! H = rem (A, 3);
%! if (isgpuarray (R))
%!   R = gather (R);
%! endif
%! assert (R, H);
%! assert (class (R), class (H));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_rem_01 ();
