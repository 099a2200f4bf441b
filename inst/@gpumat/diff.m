## Copyright (C) 2026 The gpumat developers.  GPLv3+, see COPYING.

## -*- texinfo -*-
## @deftypefn  {} {@var{D} =} diff (@var{G})
## @deftypefnx {} {@var{D} =} diff (@var{G}, @var{k})
## @deftypefnx {} {@var{D} =} diff (@var{G}, @var{k}, @var{dim})
## Octave's @code{diff} of a gpumat array: the @var{k}-th differences (repeated first
## differences, with Octave's bits) on the GPU for double, single and logical data (logical data
## give double).  Octave 7.3's rules are kept: the default dimension is the first that is not
## 1; without @var{dim}, an order @var{k} at least that dimension's length goes on along the
## next dimensions as Octave's does (@code{diff ([1 2; 3 5], 3)} is @code{[1; 2]}), and a length
## of 1 gives a 0x0 array of the input's class; with @var{dim}, such an order gives an empty
## array.  Integer data on the GPU too, in the class: each difference saturating, as Octave's
## (@code{diff (uint8 ([5 3 9]))} is @code{uint8 ([0 6])}), exactly.  Complex data too: the
## real and imaginary parts' differences apart, as Octave's complex subtractions (Octave's
## bits; a result whose imaginary parts are all zero is real).  Arguments Octave refuses go to
## Octave's own @code{diff} on the host (gpumat:hostFallback), with its results and errors.
## @seealso{cumsum, gradient}
## @end deftypefn

function D = diff (x, varargin)
  if (isgpuarray (x) && isinteger (x))
    ## integer data on the device: repeated first differences, each saturating in the class
    ## (Octave's mx_inline_diff), by the device's indexing and integer minus (int_diff_along)
    D = int_diff (x, varargin{:});
    return;
  endif
  ## complex gpumat data take the same route (the gateway takes the parts' differences apart)
  cplx = isgpuarray (x) && iscomplex (x);
  device = (scan_class (x) || cplx) && numel (varargin) <= 2;
  order = 1;
  if (device && numel (varargin) >= 1)
    k = varargin{1};
    if (isnumeric (k) && ! isgpuarray (k) && isreal (k) && isscalar (k) && k == fix (k) && k >= 0)
      order = double (k);
    elseif (! (isnumeric (k) && ! isgpuarray (k) && isequal (size (k), [0 0])))
      device = false;                        # Octave decides: a logical K, an error, ...
    endif
  endif
  d = -1;                                    # 0-based, -1: the default, as in data.cc
  if (device && numel (varargin) == 2)
    if (valid_dim (varargin{2}) && varargin{2} <= ndims (x))
      d = double (varargin{2}) - 1;
    else
      device = false;
    endif
  endif
  if (! device)
    D = host_call ("diff", x, varargin{:});
    return;
  endif
  D = do_diff (x, order, d);
endfunction

## libinterp/corefcn/data.cc (Octave 7.3) do_diff, dimensions 0-based; the differences of
## `array' are taken again from the input at each step, as there
function r = do_diff (array, order, dim)
  dv = size (array);
  if (dim == -1)
    dim = find (dv != 1, 1) - 1;
    if (isempty (dim))
      dim = 0;
    endif
    ## "Bother Matlab.  This behavior is really wicked."
    if (dv(dim+1) <= order)
      if (dv(dim+1) == 1)
        r = resize (array, 0, 0);            # array.resize (dim_vector (0, 0)): its class
      else
        r = array;
        while (order > 0)
          if (dim == numel (dv))
            r = diff_along (array, order, dim - 1);
            order = 0;
          elseif (dv(dim+1) == 1)
            dim++;
          else
            r = diff_along (array, dv(dim+1) - 1, dim);
            order -= dv(dim+1) - 1;
            dim++;
          endif
        endwhile
      endif
      return;
    endif
  endif
  r = diff_along (array, order, dim);
endfunction

## NDArray::diff (order, dim): order <= 0 gives the array read as double (or single), else
## the order-th differences along dim (0-based), on the GPU
function r = diff_along (x, order, dim)
  if (iscomplex (x) && order <= 0)
    r = x - 0;                               # Octave narrows its copy (x - 0 keeps every bit)
    return;
  endif
  if (order <= 0)
    r = x;
    if (islogical (x))
      r = double (x);
    endif
  elseif (isinteger (x))
    r = int_diff_along (x, order, dim);
  else
    ## any order from the dimension's length on gives the same empty result (and diff ([1 2],
    ## 1e20) is one in Octave): at most that length, for the gateway's whole-number check
    order = max (1, min (order, size (x, dim + 1)));
    r = __gpumat_call__ ("scan", "diff", "diff", x, dim + 1, order);
  endif
endfunction

## diff of integer data: Fdiff's argument checks (data.cc), then do_diff; anything else
## (a logical or gpumat K, a non-scalar one) is Octave's own diff on the host
function D = int_diff (x, varargin)
  order = 1;
  d = -1;
  device = numel (varargin) <= 2;
  if (device && numel (varargin) >= 1)
    k = varargin{1};
    if (isnumeric (k) && ! isgpuarray (k) && isreal (k) && isscalar (k) && k == fix (k) && k >= 0)
      order = double (k);
    elseif (! (isnumeric (k) && ! isgpuarray (k) && isequal (size (k), [0 0])))
      device = false;
    endif
  endif
  if (device && numel (varargin) == 2)
    if (valid_dim (varargin{2}) && varargin{2} <= ndims (x))
      d = double (varargin{2}) - 1;
    else
      device = false;
    endif
  endif
  if (! device)
    D = host_call ("diff", x, varargin{:});
  else
    D = do_diff (x, order, d);
  endif
endfunction

## intNDArray<T>::diff (order, dim) for order >= 1 (dim 0-based): the first differences taken
## order times, x(2:n) - x(1:n-1) along dim with octave_int's saturating minus on the device
## (mx_inline_diff's order-2 formula and its buffer loop give the same saturated values); an
## order from the length on gives the empty result (length 0 along dim)
function r = int_diff_along (x, order, dim)
  r = x;
  idx = repmat ({':'}, 1, max (ndims (x), dim + 1));
  for k = 1:min (order, size (x, dim + 1))
    m = size (r, dim + 1);
    hi = idx;  hi{dim+1} = 2:m;
    lo = idx;  lo{dim+1} = 1:m-1;
    r = r(hi{:}) - r(lo{:});
  endfor
endfunction

## no GPU needed: empty results have no device memory
%!assert (size (diff (gpumat (zeros (0, 3)))), size (diff (zeros (0, 3))))
%!assert (size (diff (gpumat (zeros (1, 0)))), size (diff (zeros (1, 0))))
%!assert (size (diff (gpumat (zeros (3, 0)), 5, 1)), [0 0])
%!assert ({classUnderlying(diff (gpumat (zeros (0, 3, "int16")))), size(diff (gpumat (zeros (0, 3, "int16"))))}, {"int16", [0 1]})
%!error <diff: order K must be non-negative> diff (gpumat (zeros (0, 3)), -1)
%!error <diff: order K must be a scalar or \[\]> diff (gpumat (zeros (0, 3)), [1 2])
%!error <diff: DIM must be a valid dimension> diff (gpumat (zeros (0, 3)), 1, 3)
%!error <Invalid call to diff> diff (gpumat (zeros (0, 3)), 1, 2, 3)

%!function gpu_check_diff ()
%! A = [1 2 NaN 4; -0 4 5 0; Inf 0.5 -Inf 2; 3 -1 2 8; 1e300 -1e300 7 1];
%! for x = {A, single(A), A > 2, reshape(1:60, 3, 4, 5) .^ 2 / 7, [1 3 7 19], [2; 9], 5}
%!   h = x{1};
%!   for a = {{}, {1}, {2}, {3}, {4}, {7}, {[]}, {0}, {2, 1}, {1, 2}, {3, 3}, {9, 1}, {0, 2}}
%!     args = a{1};
%!     if (numel (args) == 2 && args{2} > ndims (h))
%!       continue;
%!     endif
%!     want = diff (h, args{:});
%!     r = diff (gpumat (h), args{:});
%!     assert (isgpuarray (r));
%!     assert (gather (r), want);
%!     assert (class (gather (r)), class (want));
%!   endfor
%! endfor
%! ## a length of 1 along the default dimension: a 0x0 array of the input's class
%! x = diff (gpumat (true));
%! assert ({class(gather(x)), size(x)}, {"logical", [0 0]});
%! ## Octave's wicked rule for an order past the first dimension's length
%! assert (gather (diff (gpumat ([1 2; 3 5]), 3)), [1; 2]);
%! assert (size (diff (gpumat ([1 2 3]), 1e20)), [1 0]);
%! assert (size (diff (gpumat ([1 2 3]), 2^62, 2)), [1 0]);
%! assert (gather (diff (gpumat (ones (1, 1, 3)), 5)), diff (ones (1, 1, 3), 5));
%! v = cumsum (sin (1:5000));
%! assert (gather (diff (gpumat (v), 12)), diff (v, 12));
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_diff ();
%!testif ; gpumat_available ()
%! warning ("off", "gpumat:hostFallback", "local");
%! assert (gather (diff (gpumat (int8 ([100 -100 100])))), diff (int8 ([100 -100 100])));
%! assert (gather (diff (gpumat ([1+2i 3 1i]))), diff ([1+2i 3 1i]));

## integer data on the device: each difference saturating in the class, orders 0 to past the
## length, every dimension, Octave's rule for an order past the default dimension's length
%!function gpu_check_diff_int ()
%! for c = {"int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"}
%!   lo = intmin (c{1});  hi = intmax (c{1});
%!   nd = reshape (cast ((1:60) .^ 2, c{1}), 3, 4, 5);
%!   for x = {[hi lo hi 0 lo 5 hi], [lo; hi; 0; 1; 7], nd, [lo hi; hi lo], zeros(0, 3, c{1}), ...
%!            zeros(3, 0, c{1}), hi, cast([2 9 4], c{1})}
%!     for a = {{}, {1}, {2}, {3}, {9}, {0}, {[]}, {1, 1}, {2, 2}, {1, 3}, {3, 1}, {9, 2}}
%!       if (numel (a{1}) == 2 && a{1}{2} > ndims (x{1}))
%!         continue;
%!       endif
%!       h = diff (x{1}, a{1}{:});
%!       g = diff (gpumat (x{1}), a{1}{:});
%!       assert (isgpuarray (g));
%!       g = gather (g);
%!       assert (class (g), class (h));
%!       assert (g, h);
%!     endfor
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_diff_int ();

## complex data on the device: Octave's values (bits), class, size and complexity, every order
## and dimension form, Octave's rule for an order past the default dimension's length
%!function gpu_check_diff_complex ()
%! Z = complex ([1 2 NaN 4; -0 4 5 0; Inf 0.5 -Inf 2], [3 -0 1 Inf; 2 NaN -1 0; 0 1 -2 1]);
%! W = complex (reshape ((1:60) .^ 2 / 7, 3, 4, 5), reshape (cos (1:60), 3, 4, 5));
%! for x = {Z, single(Z), W, complex([1 2 4], [5 5 5]), complex([1 3 7 19], 0), ...
%!          complex(1, 1), complex(zeros(0, 3)), complex(zeros(3, 0)), complex([2; 9], [1; -1])}
%!   h = x{1};
%!   for a = {{}, {1}, {2}, {3}, {7}, {[]}, {0}, {2, 1}, {1, 2}, {3, 3}, {9, 1}, {0, 2}}
%!     args = a{1};
%!     if (numel (args) == 2 && args{2} > ndims (h))
%!       continue;
%!     endif
%!     want = diff (h, args{:});
%!     r = diff (gpumat (h), args{:});
%!     assert (isgpuarray (r));
%!     r = gather (r);
%!     assert ({class(r), size(r)}, {class(want), size(want)});
%!     ## (gather makes an empty array real)
%!     assert (iscomplex (r) == iscomplex (want) || isempty (want));
%!     assert (isequaln (r, want));
%!   endfor
%! endfor
%!endfunction
%!testif ; gpumat_available ()
%! gpu_check_diff_complex ();
