## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} integral (@dots{})
## Octave's @code{integral} where an argument is a gpumat array: no GPU method yet, so the
## arguments are gathered, Octave's own @code{integral} runs on the host and numeric and logical
## results come back as gpumat arrays: the same values, class and size as on host arrays,
## errors included (Octave's integral, given a gpumat array itself, raises an error).  Warns once a
## session with the identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = integral (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("integral", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (integral (@(x) x .^ 2, gpumat (0), 1)), integral (@(x) x .^ 2, 0, 1), -1e-12);
%! assert (gather (integral (@(x) x .^ 2, 0, gpumat (single (1)))), integral (@(x) x .^ 2, 0, single (1)), -1e-6);
