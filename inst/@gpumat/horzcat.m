## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} horzcat (@var{A}, @var{B}, @dots{})
## @code{[@var{A}, @var{B}, @dots{}]} of gpumat and host arrays: on the device for real double,
## single and logical 2-D operands; others by Octave's own concatenation of the gathered
## operands, the result a gpumat array.
## @end deftypefn
function C = horzcat (varargin)
  C = concatenate ("horzcat", 2, varargin{:});
endfunction

%!assert (size ([gpumat(zeros (2, 0)), zeros(2, 0)]), [2 0])
%!function gpu_check_horzcat ()
%! A = magic (3);  B = single (-A);
%! C = [gpumat(A), B];
%! assert (isgpuarray (C));
%! assert (gather (C), [A, B]);
%! assert (gather ([gpumat(A) > 4, A < 2]), [A > 4, A < 2]);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_horzcat ();
