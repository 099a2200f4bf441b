## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} vertcat (@var{A}, @var{B}, @dots{})
## @code{[@var{A}; @var{B}; @dots{}]} of gpumat and host arrays: on the device for real double,
## single and logical 2-D operands; others by Octave's own concatenation of the gathered
## operands, the result a gpumat array.
## @end deftypefn
function C = vertcat (varargin)
  C = concatenate ("vertcat", 1, varargin{:});
endfunction

%!assert (size ([gpumat(zeros (0, 2)); zeros(0, 2)]), [0 2])
%!function gpu_check_vertcat ()
%! A = magic (3);
%! C = [gpumat(A); A(1, :)];
%! assert (isgpuarray (C));
%! assert (gather (C), [A; A(1, :)]);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_vertcat ();
