## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} @var{str} = num2str (@var{x}, @dots{})
## Octave's @code{num2str} of the gathered values of gpumat arguments, as on host arrays
## (Octave's printf family refuses values it takes for objects).
## @seealso{gather}
## @end deftypefn

function varargout = num2str (varargin)
  if (nargout > 1)
    print_usage ();
  endif
  varargout{1} = host_print ("num2str", 1, varargin{:});
endfunction

%!function gpu_case_num2str_01 ()
%! x = [pi 2; -1 NaN];
%! assert (num2str (gpumat (x)), num2str (x));
%! assert (num2str (gpumat (single (0.1)), 8), num2str (single (0.1), 8));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_num2str_01 ();
