## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} printf (@var{template}, @dots{})
## Octave's @code{printf} of the gathered values of gpumat arguments, as on host arrays
## (Octave's printf family refuses values it takes for objects).
## @seealso{gather}
## @end deftypefn

function varargout = printf (varargin)
  if (nargout > 0)
    varargout = host_print ("printf", nargout, varargin{:});
  else
    host_print ("printf", 0, varargin{:});
  endif
endfunction

%!function gpu_case_printf_01 ()
%! s = evalc ('printf ("%g,", gpumat ([1 2.5 NaN]))');
%! assert (s, "1,2.5,NaN,");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_printf_01 ();
