## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} bitand (@var{x}, @var{y})
## Octave's @code{bitand} for gpumat arrays: no GPU method yet (Octave's own refuses values
## that are not of a builtin class), so the arguments are gathered, Octave's @code{bitand}
## runs on the host and the result comes back as a gpumat array: the same values, class and
## size as on host arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = bitand (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("bitand", varargin{:});
endfunction

%!function gpu_check_bitand ()
%! warning ("off", "gpumat:hostFallback", "local");
%! for A = {[5 3 12], uint8([5 3 12]), int16([5; 3])}
%!   R = bitand (gpumat (A{1}), 6);
%!   assert (isgpuarray (R));
%!   assert (gather (R), bitand (A{1}, 6));
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_bitand ();
