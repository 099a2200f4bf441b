## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} idivide (@var{a}, @var{b}, @dots{})
## Octave's @code{idivide} for gpumat arrays: Octave's own is an m-file that branches on
## @code{class (@var{x})}, which is "gpumat" here, so the arguments are gathered, Octave's
## @code{idivide} runs on the host and numeric results come back as gpumat arrays: the same
## values, class and size as on host arrays, errors included.  Warns once a session with the
## identifier @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = idivide (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("idivide", varargin{:});
endfunction

%!function gpu_check_idivide ()
%! warning ("off", "gpumat:hostFallback", "local");
%! A = {int32([7 -7 9])};
%! R = idivide (gpumat (A{1}), int32 (2));
%! assert (isgpuarray (R));
%! assert (gather (R), idivide (A{1}, int32 (2)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_idivide ();
