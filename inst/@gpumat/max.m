## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{M} =} max (@var{G})
## @deftypefnx {} {@var{M} =} max (@var{G}, @var{H})
## @deftypefnx {} {[@var{M}, @var{I}] =} max (@var{G}, [], @var{dim})
## Octave's @code{max} of gpumat arrays, on the GPU (see @code{help gpumat}).  With two
## arguments, complex data too (Octave's rule: the larger abs, the first argument on a tie, a
## NaN operand wins).  Of one complex array along @var{dim}: Octave's order (abs, then arg
## with -pi read as pi; the first on a tie) and NaN rule, its element and index exactly; a
## result whose imaginary parts are all zero is real.
## @end deftypefn
function varargout = max (varargin)
  if (nargin > 3)
    error ("Octave:invalid-fun-call", "Invalid call to max");
  endif
  varargout = cell (1, max (nargout, 1));
  [varargout{:}] = minmax ("max", varargin{:});
endfunction

%!assert (size (max (gpumat (zeros (0, 3)))), size (max (zeros (0, 3))))
%!function gpu_check_max ()
%! A = [3 NaN 1; -2 5 NaN];
%! assert (gather (max (gpumat (A))), max (A));
%! [m, i] = max (gpumat (A), [], 2);
%! [mh, ih] = max (A, [], 2);
%! assert ({gather(m), gather(i)}, {mh, ih});
%! assert (gather (max (gpumat (A), 0)), max (A, 0));
%! assert (class (gather (max (gpumat (A) > 0))), "logical");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_max ();
%!function gpu_check_max_int ()
%! ## max (G, H) of integer data on the GPU: the other operand rounded and saturated into the
%! ## class first (NaN is 0), logical data too
%! x = int8 ([-128 -3 0 5 127]);
%! for y = {int8(4), 2.6, -2.5, NaN, Inf, -Inf, single(200), true, [1 2 3 4 5] > 2}
%!   assert (gather (max (gpumat (x), y{1})), max (x, y{1}));
%!   assert (gather (max (y{1}, gpumat (x))), max (y{1}, x));
%! endfor
%! u = uint64 ([0 5 18446744073709551615]);
%! assert (gather (max (gpumat (u), uint64 (7))), max (u, uint64 (7)));
%! assert (gather (max (gpumat (int16 ([1; -2])), int16 ([0 3]))), max (int16 ([1; -2]), int16 ([0 3])));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_max_int ();
%!assert (class (gather (max (gpumat (zeros (0, 2, "int32")), 1.5))), "int32")
%!error <cannot compute max> max (gpumat (zeros (0, 2, "int32")), "a")
%!function gpu_check_max_complex ()
%! a = complex ([3 NaN 0 -5 1], [4 1 5 -0 NaN]);  b = complex ([-5 2 5 5 0], [0 0 -0 0 1]);
%! assert (isequaln (gather (max (gpumat (a), b)), max (a, b)));
%! assert (isequaln (gather (max (gpumat (b), single (a))), max (b, single (a))));
%! assert (isequaln (gather (max (gpumat (a), 2)), max (a, 2)));
%! assert (! iscomplex (max (gpumat (complex ([1 2], 0)), 3)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_max_complex ();

## [M, I] = max (G, [], DIM) of complex data on the device: Octave's order (abs, then arg with
## -pi read as pi), ties to the first, its NaN rule (a NaN with an infinite part has abs Inf:
## after the first NaN-free position max takes it over finite values, Octave's quirk), the
## result narrowed as Octave's
%!function gpu_check_max_reduce_complex ()
%! Z = complex ([3 NaN 0 -5 1 5 -0; NaN 2 Inf 1 -1 0 4], [4 1 5 -0 NaN 0 3; NaN 0 NaN -1 0 -5 -3]);
%! T = complex ([1 -1 0 0 -1 NaN], [0 0 1 -1 -0 Inf]);
%! W = complex (reshape (sin (1:60), 3, 4, 5), reshape (cos (1:60), 3, 4, 5));
%! for x = {Z, single(Z), Z.', T, T.', W, single(W), complex([NaN NaN], [1 NaN]), ...
%!          complex([1 2], [0 0]), complex(zeros(0, 3)), complex(zeros(3, 0)), complex([]), ...
%!          complex(-0, -0), complex([Inf 1 NaN -Inf], [NaN 0 Inf 0])}
%!   for d = {0, 1, 2, 3, 4}
%!     if (d{1} == 0)
%!       [m, i] = max (gpumat (x{1}));  [mh, ih] = max (x{1});
%!     else
%!       [m, i] = max (gpumat (x{1}), [], d{1});  [mh, ih] = max (x{1}, [], d{1});
%!     endif
%!     assert (isgpuarray (m) && isgpuarray (i));
%!     m = gather (m);  i = gather (i);
%!     assert ({class(m), size(m), iscomplex(m)}, {class(mh), size(mh), iscomplex(mh)});
%!     assert (isequaln (m, mh));
%!     assert (isequal (i, ih));
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_max_reduce_complex ();
