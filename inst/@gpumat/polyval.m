## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} polyval (@dots{})
## Octave's @code{polyval} where an argument is a gpumat array: no GPU method yet, so the
## arguments are gathered, Octave's own @code{polyval} runs on the host and numeric and logical
## results come back as gpumat arrays: the same values, class and size as on host arrays,
## errors included (Octave's polyval, given a gpumat array itself, raises an error).  Warns once a
## session with the identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = polyval (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("polyval", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (polyval ([1 2 3], gpumat ((1:4) / 3))), polyval ([1 2 3], (1:4) / 3));
%! assert (gather (polyval (gpumat ([1 2 3]), 2)), polyval ([1 2 3], 2));
%! assert (isa (polyval ([1 2 3], gpumat (2)), "gpumat"));
