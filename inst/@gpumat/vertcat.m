## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} vertcat (@var{A}, @var{B}, @dots{})
## @code{[@var{A}; @var{B}; @dots{}]} of gpumat and host arrays, on the device for numeric
## and logical operands of every class and size (integer, complex, N-D, mixed classes), with
## Octave's class rule and its size rule for @code{[ ]} (a 1x0 or 0x1 operand gives way);
## char, cell, struct and sparse operands by Octave's own concatenation of the gathered
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
%! ## integer, complex, N-D and mixed operands: on the device, Octave's rules
%! N = reshape (1:12, 2, 3, 2);
%! for p = {{int16(A), A(1, :)}, {single(A), complex(A, -1)}, {N, N(1, :, :)}, ...
%!          {zeros(0, 1), uint8(A)}, {A > 3, int32(A)}}
%!   C = [gpumat(p{1}{1}); p{1}{2}];
%!   assert (isgpuarray (C));
%!   assert (gather (C), [p{1}{1}; p{1}{2}]);
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_vertcat ();
