## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} bitset (@dots{})
## Octave's @code{bitset} where an argument is a gpumat array: no GPU method yet, so the
## arguments are gathered, Octave's own @code{bitset} runs on the host and numeric and logical
## results come back as gpumat arrays: the same values, class and size as on host arrays,
## errors included (Octave's bitset.m, given a gpumat array itself, stops at the class name).
## Warns once a session with the identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = bitset (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("bitset", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (bitset (gpumat ([1 2 3]), 3)), bitset ([1 2 3], 3));
%! assert (gather (bitset (gpumat (uint8 ([1 2 3])), 2, 0)), bitset (uint8 ([1 2 3]), 2, 0));
