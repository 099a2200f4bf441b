## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} @var{str} = mat2str (@var{x}, @dots{})
## Octave's @code{mat2str} of the gathered values of gpumat arguments, as on host arrays
## (Octave's printf family refuses values it takes for objects).
## @seealso{gather}
## @end deftypefn

function varargout = mat2str (varargin)
  if (nargout > 1)
    print_usage ();
  endif
  varargout{1} = host_print ("mat2str", 1, varargin{:});
endfunction

%!function gpu_case_mat2str_01 ()
%! x = [1.5 -2; 0 Inf];
%! assert (mat2str (gpumat (x)), mat2str (x));
%! assert (mat2str (gpumat (x) > 0), mat2str (x > 0));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_mat2str_01 ();
