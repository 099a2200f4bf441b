## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{G} =} ipermute (@var{R}, @var{perm})
## Octave's @code{ipermute} of a gpumat array, on the GPU: the inverse of @code{permute},
## @code{ipermute (permute (@var{G}, @var{perm}), @var{perm})} is @var{G}.  Every class and
## size, Octave's argument rules and messages (as @code{permute}).
## @seealso{permute}
## @end deftypefn

## Octave's builtin converts PERM and calls the gpumat type's permute with its inverse flag
## (mex/gpumat_value_host.cc).
function G = ipermute (varargin)
  G = builtin ("ipermute", varargin{:});
endfunction

%!assert (size (ipermute (gpumat (zeros (2, 0, 3)), [3 1 2])), [0 3 2])
%!error <ipermute: permutation vector cannot contain identical elements> ipermute (gpumat (zeros (0, 3)), [2 2])
%!error <ipermute: invalid permutation vector> ipermute (gpumat (zeros (0, 3, 2)), [1 2])
%!function gpu_check_ipermute ()
%! A = reshape (1:60, 3, 4, 5);
%! for X = {A, single(A), int16(A), A > 30, complex(A, 1)}
%!   for p = {[2 3 1], [3 1 2], [1 3 2 4]}
%!     R = ipermute (gpumat (X{1}), p{1});
%!     assert (isgpuarray (R));
%!     assert (gather (R), ipermute (X{1}, p{1}));
%!     assert (gather (ipermute (permute (gpumat (X{1}), p{1}), p{1})), X{1});
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_ipermute ();
