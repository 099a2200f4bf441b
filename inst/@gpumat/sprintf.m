## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {} @var{str} = sprintf (@var{template}, @dots{})
## Octave's @code{sprintf} of the gathered values of gpumat arguments, as on host arrays
## (Octave's printf family refuses values it takes for objects).
## @seealso{gather}
## @end deftypefn

function varargout = sprintf (varargin)
  if (nargout > 1)
    print_usage ();
  endif
  varargout{1} = host_print ("sprintf", 1, varargin{:});
endfunction

%!function gpu_case_sprintf_01 ()
%! x = [pi -1 Inf];
%! assert (sprintf ("%.3f ", gpumat (x)), sprintf ("%.3f ", x));
%! assert (sprintf ("%d", gpumat (int32 (7))), "7");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_case_sprintf_01 ();
