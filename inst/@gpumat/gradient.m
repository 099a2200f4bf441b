## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} gradient (@var{x}, @dots{})
## Octave's @code{gradient} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{gradient} runs on the host and numeric and logical results come back as
## gpumat arrays: the same values, class and size as on host arrays, errors included (Octave's
## gradient.m, given a gpumat array itself, stops at the class name).  Warns once a session with the
## identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = gradient (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("gradient", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! x = [1 4 9 16 25];
%! for X = {gpumat(x), gpumat(single(x))}
%!   X = X{1};
%!   if (isa (gather (X), "single"))
%!     x = single (x);
%!   endif
%!   r = gradient (X);
%!   assert (isa (r, "gpumat"));
%!   assert (gather (r), gradient (x));
%! endfor
