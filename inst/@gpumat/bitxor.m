## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} bitxor (@var{x}, @var{y})
## Octave's @code{bitxor} for gpumat arrays: no GPU method yet (Octave's own refuses values
## that are not of a builtin class), so the arguments are gathered, Octave's @code{bitxor}
## runs on the host and the result comes back as a gpumat array: the same values, class and
## size as on host arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = bitxor (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("bitxor", varargin{:});
endfunction

%!function gpu_check_bitxor ()
%! warning ("off", "gpumat:hostFallback", "local");
%! for A = {[5 3 12], uint8([5 3 12]), int16([5; 3])}
%!   R = bitxor (gpumat (A{1}), 6);
%!   assert (isgpuarray (R));
%!   assert (gather (R), bitxor (A{1}, 6));
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_bitxor ();
