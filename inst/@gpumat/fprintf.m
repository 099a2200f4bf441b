## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} fprintf (@var{fid}, @var{template}, @dots{})
## Octave's @code{fprintf} of the gathered values of gpumat arguments, as on host arrays
## (Octave's printf family refuses values it takes for objects).
## @seealso{gather}
## @end deftypefn

function varargout = fprintf (varargin)
  if (nargout > 0)
    varargout = host_print ("fprintf", nargout, varargin{:});
  else
    host_print ("fprintf", 0, varargin{:});
  endif
endfunction

%!function gpu_case_fprintf_01 ()
%! s = evalc ('fprintf (1, "%d;", gpumat (int8 ([3 -4])))');
%! assert (s, "3;-4;");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_fprintf_01 ();
%!function gpu_case_fprintf_02 ()
%! s = evalc ('fprintf ("%g|", gpumat ([1 2]))');
%! assert (s, "1|2|");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_fprintf_02 ();
