## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} horzcat (@var{A}, @var{B}, @dots{})
## Octave's own @code{horzcat} (@code{builtin ("horzcat", @dots{})}), for int32 data.
##
## Why gpumat has it: in a matrix expression holding a gpumat array, such as
## @code{[A, B; C, G]}, Octave 7.3 joins each row without gpumat arrays by calling the
## @code{horzcat} method of the row's class, and without one it fails ("map_value(): wrong
## type argument", "no constructor for int32").  With this method the row is joined as Octave
## always joins it, and @code{vertcat} of the rows goes to gpumat's.
## @seealso{horzcat, vertcat, gpumat}
## @end deftypefn

function C = horzcat (varargin)
  C = builtin ("horzcat", varargin{:});
endfunction

%!assert (horzcat (int32 (1), 2), builtin ("horzcat", int32 (1), 2))
%!testif ; gpumat_available ()
%! assert (gather ([int32([1 2]), 3; gpumat(4:6)]), [int32([1 2]), 3; 4:6]);
