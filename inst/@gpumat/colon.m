## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@dots{} =} colon (@var{base}, @var{limit}) and @var{base}:@var{limit} (also with an increment)
## Octave's @code{colon} for gpumat arrays: no GPU method yet, so the arguments are gathered,
## Octave's own @code{colon} runs on the host and numeric and logical results come back as
## gpumat arrays (a logical one stays logical): the same values, class and size as on host
## arrays, errors included.  Warns once a session with the identifier
## @code{gpumat:hostFallback}.
## @seealso{gpumat, gather}
## @end deftypefn

function varargout = colon (varargin)
  [varargout{1:max (nargout, 1)}] = host_call ("colon", varargin{:});
endfunction

%!testif ; gpumat_available ()
%! assert (gather (gpumat ([2 0 7])(1):gpumat ([2 0 7])(3)), [2 0 7](1):[2 0 7](3));
%!function gpu_case_colon_02 ()
%! r = 1:gpumat (4);
%! assert (isgpuarray (r));
%! assert (gather (r), 1:4);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_colon_02 ();
