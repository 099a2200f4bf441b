## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{C} =} horzcat (@var{A}, @var{B}, @dots{})
## Octave's own @code{horzcat} (@code{builtin ("horzcat", @dots{})}), for char data.
##
## Why gpumat has it: in a matrix expression holding a gpumat array, such as
## @code{[A, B; C, G]}, Octave 7.3 joins each row without gpumat arrays by calling the
## @code{horzcat} method of the row's class, and without one it fails ("map_value(): wrong
## type argument", "no constructor for char").  With this method the row is joined as Octave
## always joins it, and @code{vertcat} of the rows goes to gpumat's.
## @seealso{horzcat, vertcat, gpumat}
## @end deftypefn

function C = horzcat (varargin)
  C = builtin ("horzcat", varargin{:});
endfunction

%!assert (horzcat ("a", "bc"), builtin ("horzcat", "a", "bc"))
%!testif ; gpumat_available ()
%! ## the row joined as Octave joins it, then gpumat's vertcat
%! assert (isequal (["ab", "c"; gpumat([1 2 3])], vertcat ("abc", gpumat ([1 2 3]))));
