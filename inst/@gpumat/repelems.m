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

%!function gpu_case_repelems_01 ()
%! A = [10 20 30];  G = gpumat (A);
%! warning ("off", "gpumat:hostFallback", "local");
%! R = repelems (G, [1 2; 3 1]);
%! H = repelems (A, [1 2; 3 1]);
%! if (isgpuarray (R))
%!   R = gather (R);
%! endif
%! assert (R, H);
%! assert (class (R), class (H));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_repelems_01 ();
