## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{A} =} gather (@var{A})
## Return host array @var{A} unchanged.  For a @code{gpumat} array the class's
## own @code{gather} copies the data back from the GPU; this function lets code
## call @code{gather} on whatever it holds, as with MATLAB's gpuArray.
## @seealso{gpumat}
## @end deftypefn

function A = gather (A)
  if (nargin != 1)
    print_usage ();
  endif
endfunction

%!assert (gather ([1 2; 3 4]), [1 2; 3 4])
%!assert (class (gather (single (1))), "single")
%!assert (gather ("abc"), "abc")
%!error <Invalid call> gather ()
