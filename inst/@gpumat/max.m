## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{M} =} max (@var{G})
## @deftypefnx {} {@var{M} =} max (@var{G}, @var{H})
## @deftypefnx {} {[@var{M}, @var{I}] =} max (@var{G}, [], @var{dim})
## Octave's @code{max} of gpumat arrays, on the GPU (see @code{help gpumat}).  One integer array: in
## the class, the first index of the extreme value on ties, as Octave's.  With two
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
## integer data: empty results need no GPU (max (int8 (zeros (0, 3))) is 0x3 int8)
%!assert (size (max (gpumat (zeros (0, 3, "int8")))), [0 3])
%!assert (classUnderlying (max (gpumat (zeros (3, 0, "uint16")))), "uint16")
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

## integer data on the device, in the class: the value and the first index of the extreme one
## (ties), every class, its edge values, 0xN, Nx0, 0x0, 1x1, a prime length, N-d, dims 1 to 4
%!function gpu_check_max_int ()
%! for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   lo = intmin (c{1});  hi = intmax (c{1});
%!   line = cast (mod ((1:997) * 37, 255) - 127, c{1});
%!   nd = reshape (cast (mod (1:60, 7), c{1}), 3, 4, 5);
%!   for x = {[hi lo hi 0 lo 5 hi], [lo; hi; 0; lo; hi], nd, zeros(0, 3, c{1}), zeros(3, 0, c{1}), ...
%!            zeros(0, 0, c{1}), hi, line, line.'}
%!     for d = {{}, {[], 1}, {[], 2}, {[], 3}, {[], 4}}
%!       [hm, hi_] = max (x{1}, d{1}{:});
%!       [gm, gi] = max (gpumat (x{1}), d{1}{:});
%!       assert (isgpuarray (gm) && isgpuarray (gi));
%!       assert (class (gather (gm)), class (hm));
%!       assert (gather (gm), hm);
%!       assert (gather (gi), hi_);
%!       assert (gather (max (gpumat (x{1}), d{1}{:})), hm);
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_max_int ();

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
