## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{M} =} min (@var{G})
## @deftypefnx {} {@var{M} =} min (@var{G}, @var{H})
## @deftypefnx {} {[@var{M}, @var{I}] =} min (@var{G}, [], @var{dim})
## Octave's @code{min} of gpumat arrays, on the GPU (see @code{help gpumat}).  One integer array: in
## the class, the first index of the extreme value on ties, as Octave's.  With two
## arguments, complex data too (Octave's rule: the smaller abs, the first argument on a tie, a
## NaN operand wins).  Of one complex array along @var{dim}: Octave's order (abs, then arg
## with -pi read as pi; the first on a tie) and NaN rule, its element and index exactly; a
## result whose imaginary parts are all zero is real.
## @end deftypefn
function varargout = min (varargin)
  if (nargin > 3)
    error ("Octave:invalid-fun-call", "Invalid call to min");
  endif
  varargout = cell (1, max (nargout, 1));
  [varargout{:}] = minmax ("min", varargin{:});
endfunction

%!assert (size (min (gpumat (zeros (3, 0)), [], 1)), [1 0])
%!assert (size (min (gpumat (zeros (3, 0, "int64")), [], 1)), [1 0])
%!error <DIM must be a valid dimension> min (gpumat (zeros (0, 3, "int8")), [], 0)
%!function gpu_check_min ()
%! A = [3 NaN 1; -2 5 NaN];
%! assert (gather (min (gpumat (A))), min (A));
%! [m, i] = min (gpumat (A), [], 2);
%! [mh, ih] = min (A, [], 2);
%! assert ({gather(m), gather(i)}, {mh, ih});
%! assert (gather (min (gpumat (single (A)), 1)), min (single (A), 1));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_min ();
%!testif ; gpumat_available ()
%! x = uint16 ([0 3 65535]);
%! for y = {uint16(2), 2.5, -1, NaN, single(7e4)}
%!   assert (gather (min (gpumat (x), y{1})), min (x, y{1}));
%!   assert (gather (min (y{1}, gpumat (x))), min (y{1}, x));
%! endfor
%!assert (class (gather (min (gpumat (zeros (0, 2, "uint8")), -1))), "uint8")
%!function gpu_check_min_complex ()
%! a = complex ([3 NaN 0 -5 1], [4 1 5 -0 NaN]);  b = complex ([-5 2 5 5 0], [0 0 -0 0 1]);
%! assert (isequaln (gather (min (gpumat (a), b)), min (a, b)));
%! assert (isequaln (gather (min (single (a), gpumat (b))), min (single (a), b)));
%! assert (! iscomplex (min (gpumat (complex ([1 2], 0)), 3)));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_min_complex ();

## integer data on the device, in the class: the value and the first index of the extreme one
## (ties), every class, its edge values, 0xN, Nx0, 0x0, 1x1, a prime length, N-d, dims 1 to 4
%!function gpu_check_min_int ()
%! for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   lo = intmin (c{1});  hi = intmax (c{1});
%!   line = cast (mod ((1:997) * 37, 255) - 127, c{1});
%!   nd = reshape (cast (mod (1:60, 7), c{1}), 3, 4, 5);
%!   for x = {[hi lo hi 0 lo 5 hi], [lo; hi; 0; lo; hi], nd, zeros(0, 3, c{1}), zeros(3, 0, c{1}), ...
%!            zeros(0, 0, c{1}), hi, line, line.'}
%!     for d = {{}, {[], 1}, {[], 2}, {[], 3}, {[], 4}}
%!       [hm, hi_] = min (x{1}, d{1}{:});
%!       [gm, gi] = min (gpumat (x{1}), d{1}{:});
%!       assert (isgpuarray (gm) && isgpuarray (gi));
%!       assert (class (gather (gm)), class (hm));
%!       assert (gather (gm), hm);
%!       assert (gather (gi), hi_);
%!       assert (gather (min (gpumat (x{1}), d{1}{:})), hm);
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_min_int ();

## [M, I] = min (G, [], DIM) of complex data on the device: Octave's order (abs, then arg with
## -pi read as pi), ties to the first, its NaN rule (every NaN passed over, a NaN with an
## infinite part too), the result narrowed as Octave's
%!function gpu_check_min_reduce_complex ()
%! Z = complex ([3 NaN 0 -5 1 5 -0; NaN 2 Inf 1 -1 0 4], [4 1 5 -0 NaN 0 3; NaN 0 NaN -1 0 -5 -3]);
%! T = complex ([1 -1 0 0 -1 NaN], [0 0 1 -1 -0 Inf]);
%! W = complex (reshape (sin (1:60), 3, 4, 5), reshape (cos (1:60), 3, 4, 5));
%! for x = {Z, single(Z), Z.', T, T.', W, single(W), complex([NaN NaN], [1 NaN]), ...
%!          complex([1 2], [0 0]), complex(zeros(0, 3)), complex(zeros(3, 0)), complex([]), ...
%!          complex(-0, -0), complex([Inf 1 NaN -Inf], [NaN 0 Inf 0])}
%!   for d = {0, 1, 2, 3, 4}
%!     if (d{1} == 0)
%!       [m, i] = min (gpumat (x{1}));  [mh, ih] = min (x{1});
%!     else
%!       [m, i] = min (gpumat (x{1}), [], d{1});  [mh, ih] = min (x{1}, [], d{1});
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
%! gpu_check_min_reduce_complex ();
