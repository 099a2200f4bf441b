## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} polyfit (@dots{})
## Octave's @code{polyfit} where an argument is a gpumat array: no GPU method yet, so the
## arguments are gathered, Octave's own @code{polyfit} runs on the host and numeric and logical
## results come back as gpumat arrays: the same values, class and size as on host arrays,
## errors included (Octave's polyfit, given a gpumat array itself, raises an error).  Warns once a
## session with the identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = polyfit (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("polyfit", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! x = (1:6)' / 3;  y = [2 -1 0.5 3 1 4]';
%! [p, S] = polyfit (gpumat (x), gpumat (y), 2);
%! [hp, hS] = polyfit (x, y, 2);
%! assert (isa (p, "gpumat"));
%! assert (gather (p), hp, -1e-12);
%! assert (S.normr, hS.normr, -1e-12);
