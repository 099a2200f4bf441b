## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} horzcat (@var{A}, @var{B}, @dots{})
## @code{[@var{A}, @var{B}, @dots{}]} of gpumat and host arrays, on the device for numeric
## and logical operands of every class and size (integer, complex, N-D, mixed classes), with
## Octave's class rule and its size rule for @code{[ ]} (a 1x0 or 0x1 operand gives way);
## char, cell, struct and sparse operands by Octave's own concatenation of the gathered
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
%! ## integer, complex, N-D and mixed operands: on the device, Octave's rules
%! N = reshape (1:12, 2, 3, 2);
%! for p = {{int8(A), A}, {complex(A, 1), single(A)}, {N, -N}, {uint16(N), N > 3}, ...
%!          {zeros(1, 0), int8(A)}, {A(1, :), complex(zeros(1, 0))}}
%!   C = [gpumat(p{1}{1}), p{1}{2}];
%!   assert (isgpuarray (C));
%!   assert (gather (C), [p{1}{1}, p{1}{2}]);
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_horzcat ();
