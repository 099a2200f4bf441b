## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} horzcat (@var{A}, @var{B}, @dots{})
## Octave's own @code{horzcat} (@code{builtin ("horzcat", @dots{})}), for logical data.
##
## Why gpumat has it: in a matrix expression holding a gpumat array, such as
## @code{[A, B; C, G]}, Octave 7.3 joins each row without gpumat arrays by calling the
## @code{horzcat} method of the row's class, and without one it fails ("map_value(): wrong
## type argument", "no constructor for logical").  With this method the row is joined as Octave
## always joins it, and @code{vertcat} of the rows goes to gpumat's.
## @seealso{horzcat, vertcat, gpumat}
## @end deftypefn

function C = horzcat (varargin)
  C = builtin ("horzcat", varargin{:});
endfunction

%!assert (horzcat (true, false), builtin ("horzcat", true, false))
%!testif ; gpumat_available ()
%! assert (gather ([true(2), false(2, 1); gpumat(1:3)]), [true(2), false(2, 1); 1:3]);
