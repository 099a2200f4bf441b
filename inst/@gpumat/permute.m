## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{R} =} permute (@var{G}, @var{perm})
## Octave's @code{permute} of a gpumat array, on the GPU: dimension @var{k} of @var{R} is
## dimension @code{@var{perm}(@var{k})} of @var{G}.  Every class (logical, integer, real and
## complex double and single), any size (N-D, empty); @var{perm} is read as Octave reads it
## (whole numbers, at least @code{ndims (@var{G})} of them, each dimension once), with
## Octave's messages.  The identity permutation returns @var{G}; a view @code{@var{G}.'} is
## read in place (no transpose first).
## @seealso{ipermute, squeeze, reshape}
## @end deftypefn

## Octave's builtin converts PERM and calls the gpumat type's permute (mex/gpumat_value_host.cc),
## which checks it as liboctave does and runs the device copy (mex/gw_shape.c).
function R = permute (varargin)
  R = builtin ("permute", varargin{:});
endfunction

%!assert (size (permute (gpumat (zeros (0, 3, 2)), [3 1 2])), [2 0 3])
%!assert (size (permute (gpumat (zeros (0, 3)), [2 1 3 4])), [3 0])
%!assert (class (permute (gpumat (zeros (0, 3, "int16")), [2 1])), "gpumat")
%!error <permute: invalid permutation vector> permute (gpumat (zeros (2, 0, 3)), [2 1])
%!error <permute: permutation vector contains an invalid element> permute (gpumat (zeros (0, 3)), [0 1])
%!error <permute: permutation vector contains an invalid element> permute (gpumat (zeros (0, 3)), [1 3])
%!error <permute: permutation vector cannot contain identical elements> permute (gpumat (zeros (0, 3)), [1 1])
%!error <Invalid call to permute> permute (gpumat (zeros (0, 3)))
%!function gpu_check_permute ()
%! A = reshape (1:120, 2, 3, 4, 5) - 60;
%! for c = {"double", "single", "int8", "uint16", "int32", "uint64", "logical", "complex", "complex single"}
%!   X = shape_test_value (c{1}, A);
%!   for p = {[2 1 3 4], [4 3 2 1], [3 1 4 2], [1 2 3 4], [2 3 4 1 5]}
%!     R = permute (gpumat (X), p{1});
%!     assert (isgpuarray (R));
%!     assert (gather (R), permute (X, p{1}));
%!   endfor
%! endfor
%! ## a view G.' is permuted in place, G' of complex data conjugated first
%! M = complex (magic (4)(:, 1:3), -magic (4)(:, 2:4));
%! assert (gather (permute (gpumat (M).', [2 1])), M);
%! assert (gather (permute (gpumat (M)', [1 3 2])), permute (M', [1 3 2]));
%! assert (gather (permute (gpumat ([1 2; 3 4] > 2), [2 1])), [false true; false true]);
%! ## a complex array whose imaginary parts are all zero comes back real, as Octave's
%! assert (iscomplex (permute (gpumat (complex ([1 2; 3 4], 0)), [2 1])), false);
%!endfunction
%!function X = shape_test_value (c, A)
%! switch (c)
%!   case "logical"
%!     X = A > 0;
%!   case "complex"
%!     X = complex (A, -2 * A);
%!   case "complex single"
%!     X = single (complex (A, 3));
%!   otherwise
%!     X = cast (A, c);
%! endswitch
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_permute ();
