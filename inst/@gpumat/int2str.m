## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} @var{str} = int2str (@var{x})
## Octave's @code{int2str} of the gathered values of gpumat arguments, as on host arrays
## (Octave's printf family refuses values it takes for objects).
## @seealso{gather}
## @end deftypefn

function varargout = int2str (varargin)
  if (nargout > 1)
    print_usage ();
  endif
  varargout{1} = host_print ("int2str", 1, varargin{:});
endfunction

%!function gpu_case_int2str_01 ()
%! x = [1.5 -2.5 7];
%! assert (int2str (gpumat (x)), int2str (x));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_int2str_01 ();
