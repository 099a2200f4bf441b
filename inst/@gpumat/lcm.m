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

%!function gpu_case_lcm_01 ()
%! A = int32 ([6 10]);  G = gpumat (A);
%! warning ("off", "gpumat:hostFallback", "local");
%! R = lcm (G, 4);
%! H = lcm (A, 4);
%! if (isgpuarray (R))
%!   R = gather (R);
%! endif
%! assert (R, H);
%! assert (class (R), class (H));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_lcm_01 ();
