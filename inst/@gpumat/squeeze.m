## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} squeeze (@var{G})
## Octave's @code{squeeze} of a gpumat array: the singleton dimensions removed (a row vector
## stays a row), on the GPU (a device copy of the elements under the new size, or @var{G}
## itself when no dimension goes).  Every class.
## @seealso{permute, reshape}
## @end deftypefn

## Octave's builtin calls the gpumat type's squeeze (mex/gpumat_value_host.cc): Octave's own
## rule for the size, then the device reshape.
function R = squeeze (varargin)
  R = builtin ("squeeze", varargin{:});
endfunction

%!assert (size (squeeze (gpumat (zeros (1, 1, 0)))), [0 1])
%!assert (size (squeeze (gpumat (zeros (1, 0, 3)))), [0 3])
%!assert (size (squeeze (gpumat (zeros (2, 1, 0, 1)))), [2 0])
%!assert (size (squeeze (gpumat (zeros (1, 0)))), [1 0])
%!error <Invalid call to squeeze> squeeze (gpumat (zeros (0, 3)), 1)
%!function gpu_check_squeeze ()
%! for sz = {[1 1 3], [1 3 1 2], [2 1 3], [1 5], [5 1], [1 1 1 4], [3 1 1 1 2]}
%!   A = reshape (1:prod (sz{1}), sz{1});
%!   for X = {A, single(A), uint8(A), A > 2, complex(A, -A)}
%!     R = squeeze (gpumat (X{1}));
%!     assert (isgpuarray (R));
%!     assert (gather (R), squeeze (X{1}));
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_squeeze ();
