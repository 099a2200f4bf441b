## Copyright (C) 2026 The gpumat developers
##
## This program is free software: you can redistribute it and/or modify it under the terms of
## the GNU General Public License as published by the Free Software Foundation, either version 3
## of the License, or (at your option) any later version.  See COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{d} =} gpumat_dot (@var{x}, @var{y})
## @deftypefnx {} {@var{d} =} gpumat_dot (@var{x}, @var{y}, @var{dim})
## Dot product computed on the GPU, with the results of Octave's @code{dot}.
##
## For two vectors with the same number of elements, in any orientation, the
## result is the scalar @code{sum (conj (x(:)) .* y(:))}.  For matrices and N-D arrays of
## equal size it is the dot product along the first non-singleton dimension, or
## along @var{dim}; the result has size 1 along that dimension (2x3x4 arrays give
## 1x3x4).  A @var{dim} beyond the arrays' dimensions gives the elementwise
## product, as @code{dot} does.  @code{gpumat_dot ([], [])} is 1x0.
##
## Classes follow Octave's @code{dot}: the result is single if either input is
## single, otherwise double; complex if either is complex (the first argument is
## conjugated), narrowed to real when every imaginary part is zero
## (@code{gpumat_dot ([1i 2], [1i 2])} is the real 5).  Integer inputs (int8
## @dots{} uint64, with the same integer class, double or single) multiply
## elementwise in the integer class, each product saturated as Octave's
## @code{.*} does, and sum in double to a double result:
## @code{gpumat_dot (int8 ([100 100 -100]), int8 ([100 100 -100]))} is 381, as
## @code{dot}; bit for bit @code{dot}'s whenever the double sum is exact.  Two
## different integer classes raise @code{gpumat:dot:mixedInteger}; an integer array
## against complex data is read as complex, as @code{dot} does (a gpumat integer array
## against complex data raises @code{gpumat:dot:mixedInteger}).  Logical inputs count as double (Octave's own
## @code{dot} refuses them).
##
## Accuracy and reproducibility: the sums are accumulated in double, also for
## single inputs, which are rounded once at the end, so single results are more
## accurate than Octave's own single @code{dot}.  The order of the additions
## depends only on the sizes, never on timing: the same inputs give bitwise the
## same result on every call.
##
## When @var{x} or @var{y} is a @code{gpumat} array the result stays on the GPU
## as a @code{gpumat} array.
##
## Errors: sizes that do not match raise @code{gpumat:dot:sizeMismatch}; an
## invalid @var{dim}, @code{gpumat:dot:invalidDim}; char, sparse, cell and struct
## inputs, @code{gpumat:dot:@var{reason}}; mixed integer classes
## @code{gpumat:dot:mixedInteger}; without a usable GPU, @code{gpumat:noDevice}.
## @seealso{gpumat_mul, gpumat, dot}
## @end deftypefn

function d = gpumat_dot (x, y, dim)
  if (nargin < 2)
    print_usage ();
  endif
  if (ischar (x) || ischar (y))
    error ("gpumat:dot:invalidType", "gpumat_dot: X and Y must be numeric or logical, not char");
  endif
  if (iscell (x) || iscell (y) || isstruct (x) || isstruct (y))
    error ("gpumat:dot:invalidType", "gpumat_dot: X and Y must be numeric or logical, not %s",
           class (ifelse_object (x, y, @(z) iscell (z) || isstruct (z))));
  endif
  if ((isobject (x) && ! isa (x, "gpumat")) || (isobject (y) && ! isa (y, "gpumat")))
    error ("gpumat:dot:invalidType",
           "gpumat_dot: X and Y must be numeric, logical or gpumat arrays, not %s objects",
           class (ifelse_object (x, y, @(z) isobject (z) && ! isa (z, "gpumat"))));
  endif
  szx = size (x);
  szy = size (y);
  if (nargin == 2 && ! isequal (szx, szy) && is_vector_size (szx) && is_vector_size (szy))
    ## Vectors of any orientation: both as columns, as dot does.
    szx = [prod(szx), 1];
    szy = szx;
  endif
  if (! isequal (szx, szy))
    error ("gpumat:dot:sizeMismatch", "gpumat_dot: sizes of X and Y must match (X is %s, Y is %s)",
           dims_text (size (x)), dims_text (size (y)));
  endif
  if (nargin < 3)
    dim = find (szx != 1, 1);
    if (isempty (dim))
      dim = 1;
    endif
  elseif (! (isnumeric (dim) && isreal (dim) && isscalar (dim) && dim == fix (dim) && dim >= 1))
    error ("gpumat:dot:invalidDim",
           "gpumat_dot: DIM must be a valid dimension (a positive integer scalar)");
  endif
  dim = double (dim);
  if (dim > numel (szx))
    pre = prod (szx);  len = 1;  post = 1;  outsz = szx;
  else
    pre = prod (szx(1:dim-1));  len = szx(dim);  post = prod (szx(dim+1:end));
    outsz = szx;
    outsz(dim) = 1;
  endif
  ## Octave's dot reads an integer array against complex data as complex (dot.cc:
  ## complex_array_value): dot (int8 ([1 2]), [1i 2]) is 4 + 1i, complex double.
  if (isnumeric (x) && isnumeric (y) && ! isobject (x) && ! isobject (y))
    if (isinteger (x) && iscomplex (y))
      x = cast (x, class (y));
    elseif (isinteger (y) && iscomplex (x))
      y = cast (y, class (x));
    endif
  endif
  d = __gpumat_call__ ("dot", "gpumat_dot", x, y, pre, len, post, outsz);
endfunction

function z = ifelse_object (x, y, pred)
  if (pred (x))
    z = x;
  else
    z = y;
  endif
endfunction

function tf = is_vector_size (sz)
  tf = numel (sz) == 2 && any (sz == 1);
endfunction

function s = dims_text (sz)
  s = regexprep (num2str (sz), '\s+', 'x');
endfunction

## ---- errors: these run without a GPU -----------------------------------------------------------
%!error <Invalid call> gpumat_dot ()
%!error <Invalid call> gpumat_dot (1)
%!error <called with too many inputs> gpumat_dot (1, 2, 1, 4)
%!error id=gpumat:dot:sizeMismatch gpumat_dot ([1 2 3], [1 2])
%!error <sizes of X and Y must match \(X is 2x3, Y is 3x2\)> gpumat_dot (ones (2, 3), ones (3, 2))
%!error id=gpumat:dot:sizeMismatch gpumat_dot (ones (2, 3, 4), ones (2, 3))
%!error id=gpumat:dot:sizeMismatch gpumat_dot ([1 2 3], [1 2 3]', 2)
%!error id=gpumat:dot:invalidDim gpumat_dot ([1 2], [3 4], 0)
%!error id=gpumat:dot:invalidDim gpumat_dot ([1 2], [3 4], 1.5)
%!error id=gpumat:dot:invalidDim gpumat_dot ([1 2], [3 4], [1 2])
%!error id=gpumat:dot:invalidDim gpumat_dot ([1 2], [3 4], "a")
%!error id=gpumat:dot:invalidDim gpumat_dot ([1 2], [3 4], -1)
%!error id=gpumat:dot:invalidType gpumat_dot ("abc", "abc")
%!error id=gpumat:dot:invalidType gpumat_dot ([1 2 3], "abc")
%!error id=gpumat:dot:mixedInteger gpumat_dot (int32 ([1 2]), int16 ([1 2]))
%!error <X is int32 and Y is int16> gpumat_dot (int32 ([1 2]), int16 ([1 2]))
%!error id=gpumat:dot:mixedInteger gpumat_dot (uint8 ([1 2]), int8 ([1 2]), 2)
%!function gpu_check_01 ()
%! ## an integer array against complex data is read as complex, as Octave's dot
%! d = gpumat_dot (int8 ([1 2]), [1i 2]);
%! assert (d, dot (int8 ([1 2]), [1i 2]));
%! assert (class (d), "double");  assert (iscomplex (d));
%! d = gpumat_dot (single ([1i 2]), uint16 ([3 4]));
%! assert (d, dot (single ([1i 2]), uint16 ([3 4])));
%! assert (class (d), "single");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_01 ();
%!function gpu_check_02 ()
%! ## a gpumat array keeps its class: integer against complex data is refused there
%! G = gpumat (single ([1i 2]));
%! fail ("gpumat_dot (G, uint16 ([1 2]))", "X is complex single and Y is uint16");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_02 ();
%!error <X and Y must be numeric or logical, not cell> gpumat_dot ({1, 2}, [1 2])
%!error id=gpumat:dot:sparse gpumat_dot (sparse ([1 2]), [1 2])
%!error id=gpumat:dot:invalidType gpumat_dot ({1, 2}, {1, 2})
%!error id=gpumat:dot:invalidType gpumat_dot (struct ("a", {1, 2}), [1 2])
%!error id=gpumat:dot:invalidType gpumat_dot (containers.Map (), 1)

%!testif ; ! gpumat_available ()
%! try
%!   gpumat_dot ([1 2 3], [4 5 6]);
%!   error ("no error raised");
%! catch err
%!   assert (err.identifier, "gpumat:noDevice");
%! end_try_catch

## ---- results: these need a GPU ---------------------------------------------------------------
%!function check_dot (x, y, varargin)
%!  d = gpumat_dot (x, y, varargin{:});
%!  r = dot (double (x), double (y), varargin{:});
%!  cls = "double";
%!  if (isa (x, "single") || isa (y, "single"))
%!    cls = "single";
%!    r = dot (double (single (x)), double (single (y)), varargin{:});
%!  endif
%!  assert (class (d), cls);
%!  assert (size (d), size (r));
%!  ## |d - dref| <= n * eps (class) * sum |x .* y| along the same dimension.
%!  s = dot (abs (double (x)), abs (double (y)), varargin{:});
%!  n = max (1, numel (x) / max (1, numel (r)));
%!  bound = n * eps (cls) * s;
%!  err = abs (double (d) - r);
%!  assert (all (err(:) <= bound(:) | double (d(:)) == r(:) | (isnan (d(:)) & isnan (r(:)))));
%!endfunction

%!function gpu_check_03 ()
%! for cls = {"double", "single"}
%!   for n = [1 2 31 32 33 255 256 257 1023 1024 1025 4099 65537 1000003]
%!     x = rand (n, 1, cls{1}) - 0.5;  y = rand (n, 1, cls{1}) - 0.5;
%!     check_dot (x, y);
%!     check_dot (x', y);
%!     check_dot (x', y');
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_03 ();

%!function gpu_check_04 ()
%! ## Matrices and N-D arrays, along each dimension and beyond.
%! for cls = {"double", "single"}
%!   x = randn (7, 5, 3, cls{1});  y = randn (7, 5, 3, cls{1});
%!   check_dot (x, y);
%!   check_dot (x, y, 1);  check_dot (x, y, 2);  check_dot (x, y, 3);  check_dot (x, y, 4);
%!   x = randn (3, 20000, cls{1});  y = randn (3, 20000, cls{1});
%!   check_dot (x, y);  check_dot (x, y, 2);
%!   x = randn (100000, 7, cls{1});  y = randn (100000, 7, cls{1});
%!   check_dot (x, y);  check_dot (x, y, 2);
%!   x = randn (1, 1, 9, cls{1});  y = randn (1, 1, 9, cls{1});
%!   check_dot (x, y);
%!   check_dot (randn (1, 5, cls{1}), randn (1, 5, cls{1}), 1);
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_04 ();

%!function gpu_check_05 ()
%! ## Empty inputs give what dot gives.
%! assert (gpumat_dot ([], []), dot ([], []));
%! assert (size (gpumat_dot ([], [])), [1 0]);
%! assert (gpumat_dot (zeros (0, 3), zeros (0, 3)), zeros (1, 3));
%! assert (gpumat_dot (zeros (3, 0), zeros (3, 0)), zeros (1, 0));
%! assert (gpumat_dot (zeros (0, 3, "single"), zeros (0, 3)), zeros (1, 3, "single"));
%! assert (size (gpumat_dot (zeros (2, 0, 3), zeros (2, 0, 3), 2)), [2 1 3]);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_05 ();

%!function gpu_check_06 ()
%! ## Class rules: mixed single and double, logical.
%! x = rand (50, 1);  y = rand (50, 1);
%! check_dot (single (x), y);
%! check_dot (x, single (y));
%! d = gpumat_dot (x > 0.5, y > 0.5);
%! assert (class (d), "double");
%! assert (d, double (sum ((x > 0.5) & (y > 0.5))));
%! assert (class (gpumat_dot (true (3, 1), single ([1; 2; 3]))), "single");
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_06 ();

%!function gpu_check_07 ()
%! ## Single inputs are summed in double and rounded once: exact where the double sum is.
%! x = single ([1e8 1 -1e8 1]);  y = single ([1 1 1 1]);
%! assert (gpumat_dot (x, y), single (2));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_07 ();

%!function gpu_check_08 ()
%! ## NaN and Inf propagate.
%! assert (isnan (gpumat_dot ([1 NaN 3], [1 1 1])));
%! assert (isnan (gpumat_dot ([Inf 1], [0 1])));
%! assert (gpumat_dot ([Inf 1], [1 1]), Inf);
%! assert (isnan (gpumat_dot ([Inf -Inf], [1 1])));
%! x = zeros (1e6, 1);  x(777777) = NaN;
%! assert (isnan (gpumat_dot (x, ones (1e6, 1))));
%! assert (isnan (gpumat_dot (single (x), ones (1e6, 1, "single"))));
%! X = ones (1000, 3);  X(500, 2) = Inf;
%! assert (gpumat_dot (X, ones (1000, 3)), [1000 Inf 1000]);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_08 ();

%!function gpu_check_09 ()
%! ## Deterministic: repeated calls give bitwise the same result.
%! for cls = {"double", "single"}
%!   x = randn (3e6 + 17, 1, cls{1});  y = randn (3e6 + 17, 1, cls{1});
%!   d1 = gpumat_dot (x, y);
%!   for i = 1:50
%!     assert (gpumat_dot (x, y), d1);
%!   endfor
%!   X = reshape (x(1:3e6), 1000, 3000);  Y = reshape (y(1:3e6), 1000, 3000);
%!   D1 = gpumat_dot (X, Y);
%!   for i = 1:10
%!     assert (isequal (gpumat_dot (X, Y), D1));
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_09 ();

## ---- Octave 7.3's own dot tests (libinterp/corefcn/dot.cc), with gpumat_dot for dot ---------
%!function gpu_check_10 ()
%! assert (gpumat_dot ([1, 2], [2, 3]), 8)
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_10 ();

%!function gpu_check_11 ()
%! x = [2, 1; 2, 1];
%! y = [-0.5, 2; 0.5, -2];
%! assert (gpumat_dot (x, y), [0 0]);
%! assert (gpumat_dot (single (x), single (y)), single ([0 0]));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_11 ();

%!function gpu_check_12 ()
%! x = [1+i, 3-i; 1-i, 3-i];
%! assert (gpumat_dot (x, x), [4, 20]);
%! assert (gpumat_dot (single (x), single (x)), single ([4, 20]));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_12 ();

%!function gpu_check_13 ()
%! x = int8 ([1, 2]);
%! y = int8 ([2, 3]);
%! assert (gpumat_dot (x, y), 8);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_13 ();

%!function gpu_check_14 ()
%! x = int8 ([1, 2; 3, 4]);
%! y = int8 ([5, 6; 7, 8]);
%! assert (gpumat_dot (x, y), [26 44]);
%! assert (gpumat_dot (x, y, 2), [17; 53]);
%! assert (gpumat_dot (x, y, 3), [5 12; 21 32]);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_14 ();

## This is, perhaps, surprising.  Integer maximums and saturation mechanics
## prevent accurate value from being calculated.
%!function gpu_check_15 ()
%! x = int8 ([127]);
%! assert (gpumat_dot (x, x), 127);
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_15 ();

## dot.cc's input validation (these need no GPU)
%!error gpumat_dot ()
%!error gpumat_dot (1)
%!error gpumat_dot (1,2,3,4)
%!error <X and Y must be numeric> gpumat_dot ({1,2}, [3,4])
%!error <X and Y must be numeric> gpumat_dot ([1,2], {3,4})
%!error <sizes of X and Y must match> gpumat_dot ([1 2], [1 2 3])
%!error <sizes of X and Y must match> gpumat_dot ([1 2]', [1 2 3]')
%!error <sizes of X and Y must match> gpumat_dot (ones (2,2), ones (2,3))
%!error <DIM must be a valid dimension> gpumat_dot ([1 2], [1 2], 0)

## ---- complex and integer data: these need a GPU ----------------------------------------------
%!function check_cdot (x, y, varargin)
%!  ## Against Octave's dot: class and complexity (narrowing) as dot, elements within
%!  ## 2 * (n+1) * eps (class) * sum (|x| .* |y|), the reference in double.
%!  d = gpumat_dot (x, y, varargin{:});
%!  r = dot (x, y, varargin{:});
%!  assert (class (d), class (r));
%!  assert (iscomplex (d), iscomplex (r));
%!  assert (size (d), size (r));
%!  if (isa (r, "single"))
%!    xd = double (single (x));  yd = double (single (y));
%!  else
%!    xd = double (x);  yd = double (y);
%!  endif
%!  rd = dot (xd, yd, varargin{:});
%!  n = max (1, numel (x) / max (1, numel (r)));
%!  bound = 2 * (n + 1) * eps (class (r)) * dot (abs (xd), abs (yd), varargin{:});
%!  err = abs (double (d) - rd);
%!  assert (all (err(:) <= bound(:) | double (d(:)) == rd(:)));
%!endfunction

%!function gpu_check_16 ()
%! ## Complex: the first argument conjugated; mixed real/complex and precisions; dims.
%! for cls = {"double", "single"}
%!   for n = [1 2 33 1025 65537]
%!     x = complex (randn (n, 1, cls{1}), randn (n, 1, cls{1}));
%!     y = complex (randn (n, 1, cls{1}), randn (n, 1, cls{1}));
%!     check_cdot (x, y);
%!     check_cdot (x', y);
%!     check_cdot (x, real (y));
%!     check_cdot (real (x), y);
%!   endfor
%!   X = complex (randn (7, 5, 3, cls{1}), randn (7, 5, 3, cls{1}));
%!   Y = complex (randn (7, 5, 3, cls{1}), randn (7, 5, 3, cls{1}));
%!   for dim = 1:4
%!     check_cdot (X, Y, dim);
%!   endfor
%! endfor
%! check_cdot (complex (rand (5, 1), 1), single (rand (5, 1)));
%! check_cdot (single (complex (rand (5, 1), 1)), rand (5, 1));
%! ## Narrowing, as dot: every imaginary part zero gives a real result.
%! assert (isreal (gpumat_dot ([1i 2], [1i 2])));
%! assert (gpumat_dot ([1i 2], [1i 2]), 5);
%! assert (isreal (gpumat_dot (complex ([1 2], 0), [3 4])));
%! assert (iscomplex (gpumat_dot ([1i 2; 3 4], [1 2; 3 4])));
%! ## NaN and Inf.
%! assert (isnan (real (gpumat_dot ([complex(NaN, 1) 2], [1i 1]))));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_16 ();

%!function gpu_check_17 ()
%! ## Integer classes, with themselves, double and single: Octave's dot bit for bit (the
%! ## double sums here are exact); saturation of each product.
%! for cls = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   lo = double (max (intmin (cls{1}), -1000));  hi = double (min (intmax (cls{1}), 1000));
%!   x = cast (randi ([lo hi], 300, 4), cls{1});  y = cast (randi ([lo hi], 300, 4), cls{1});
%!   for dim = 1:3
%!     d = gpumat_dot (x, y, dim);
%!     assert (class (d), "double");
%!     assert (isequal (d, dot (x, y, dim)), "%s dim %d", cls{1}, dim);
%!   endfor
%!   z = randn (300, 4) * 3;
%!   assert (isequal (gpumat_dot (x, z), dot (x, z)), "%s with double", cls{1});
%!   assert (isequal (gpumat_dot (z, x), dot (z, x)), "double with %s", cls{1});
%!   assert (isequal (gpumat_dot (x, single (z)), dot (x, single (z))), "%s with single", cls{1});
%!   m = intmax (cls{1});
%!   assert (gpumat_dot ([m m], [m m]), dot ([m m], [m m]));
%! endfor
%! assert (gpumat_dot (int8 ([100 100 -100]), int8 ([100 100 -100])), 381);
%! assert (gpumat_dot (int8 ([1 2 3]), [NaN 0.5 -2.5]), dot (int8 ([1 2 3]), [NaN 0.5 -2.5]));
%! assert (gpumat_dot (uint8 ([1 2 3]), [-1 2 300]), dot (uint8 ([1 2 3]), [-1 2 300]));
%! ## On gpumat arrays, and deterministic.
%! x = int16 (randi ([-3000 3000], 1e6, 1));
%! d1 = gather (dot (gpumat (x), gpumat (x)));
%! assert (d1, dot (x, x));
%! for i = 1:5
%!   assert (gpumat_dot (x, x), d1);
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_17 ();
