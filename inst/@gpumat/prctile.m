## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} prctile (@var{x}, @dots{})
## Octave's @code{prctile} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{prctile} runs on the host and numeric and logical results come back as
## gpumat arrays: the same values, class and size as on host arrays, errors included (Octave's
## prctile.m, given a gpumat array itself, stops at the class name).  Warns once a session with the
## identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = prctile (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("prctile", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! x = [3 1 4 1 5 9 2 6];
%! for X = {gpumat(x), gpumat(single(x))}
%!   X = X{1};
%!   if (isa (gather (X), "single"))
%!     x = single (x);
%!   endif
%!   r = prctile (X, 50);
%!   assert (isa (r, "gpumat"));
%!   assert (gather (r), prctile (x, 50));
%! endfor
