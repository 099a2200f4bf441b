## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{f} =} flintmax (@var{x})
## The largest consecutive integer of the class of the elements of the gpumat array @var{x}
## (double or single), as Octave's @code{flintmax (@var{var})} gives for a host array of that
## class: a host value of that class.  Integer and logical data raise Octave's own error.
## @seealso{classUnderlying, gpumat}
## @end deftypefn

function f = flintmax (x)
  if (nargin != 1)
    print_usage ();
  endif
  f = builtin ("flintmax", cast ([], classUnderlying (x)));
endfunction

%!testif ; gpumat_available ()
%! assert (flintmax (gpumat (1)), flintmax (1));
%! assert (flintmax (gpumat (single (1))), flintmax (single (1)));
%! assert (class (flintmax (gpumat (single (1)))), class (flintmax (single (1))));
%! fail ("flintmax (gpumat (int8 (1)))", "argument must be a string or floating point variable");
%! fail ("flintmax (gpumat (true))", "argument must be a string or floating point variable");
