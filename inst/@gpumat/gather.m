## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn {} {@var{A} =} gather (@var{G})
## The host array of gpumat array @var{G}: its class, its size, bit for bit.
## @end deftypefn
function A = gather (G)
  A = __gpumat_call__ ("gather", "gather", G);
endfunction

%!assert (gather (gpumat (zeros (0, 3))), zeros (0, 3))
%!assert (class (gather (gpumat (zeros (3, 0, "uint8")))), "uint8")
%!function gpu_check_gather ()
%! for A = {rand(3, 4), single([1 -2]), int32([5; -6]), [1i 2], true(2)}
%!   assert (gather (gpumat (A{1})), A{1});
%! endfor
%! assert (gather (5), 5);          # a host array passes through
%! ## a scalar comes back as Octave holds a scalar: builtins that refuse a 1x1 matrix type of
%! ## the class take it (bitand of a 1x1 "float complex matrix" is an error)
%! assert (bitand (gather (gpumat (single (1+2i))), 3), bitand (single (1+2i), 3));
%! assert (iscomplex (gather (gpumat (complex (3, 0)))));
%! assert (iscomplex (gather (gpumat (complex (single (3), 0)))));
%! assert (class (gather (gpumat (int8 (-4)))), "int8");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_gather ();
